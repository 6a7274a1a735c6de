"""Round 35 (issue 24): while a drain runs, CPython's cyclic collector runs its young generation less often and
skips everything alive when the drain began (:mod:`memcli.write.drain_gc`); afterwards — returned or raised, and
after nested drains — the process's collector is as it was. The drain's results are those of one without it."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from memcli import Memory
from memcli.admin import Admin
from memcli.write import drain_gc

TURNS = ["我喜欢喝桂花酒酿", "I live in Porto", "我妹妹是一名兽医", "My neighbour keeps bees on his roof",
         "我不喜欢喝桂花酒酿了", "I moved to Lisbon last month"]


def _captured(db: Path, embedder) -> None:  # noqa: ANN001
    with Memory(db=str(db), user="ines", embedder=embedder) as m:
        for i, t in enumerate(TURNS):
            m.capture(t, at=f"2026-05-{1 + i:02d}T08:00:00Z", key=f"t{i}")


def _rows(adm: Admin) -> list:
    return [{k: v for k, v in r.items() if k not in ("recorded_at", "created_at", "expired_at")}
            for t in ("memory_items", "memory_events") for r in adm.store.q(f"SELECT * FROM {t} ORDER BY id")]


def test_a_drain_collects_less_often_and_leaves_the_collector_as_it_was(tmp_path: Path, embedder, monkeypatch):
    before = gc.get_threshold()
    seen: list[tuple[tuple[int, ...], int]] = []
    _captured(tmp_path / "a.db", embedder)
    with Admin(db=str(tmp_path / "a.db"), embedder=embedder) as adm:
        s = adm.drain(progress=lambda n: seen.append((gc.get_threshold(), gc.get_freeze_count())))
        with_gc = _rows(adm)
    assert s.done == len(TURNS) and len(seen) == len(TURNS)
    assert all(t[0] == max(drain_gc.YOUNG, before[0]) and t[1:] == before[1:] and frozen > 1000
               for t, frozen in seen)  # the model's and the rules' objects were frozen
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
    monkeypatch.setattr(drain_gc, "begin", lambda: None)
    monkeypatch.setattr(drain_gc, "end", lambda: None)
    _captured(tmp_path / "b.db", embedder)
    with Admin(db=str(tmp_path / "b.db"), embedder=embedder) as adm:
        adm.drain()
        assert _rows(adm) == with_gc
    assert {r.get("action") for r in with_gc} >= {"ADD", "CONFLICT"}


def test_a_drain_that_raises_and_nested_drains_restore_the_collector(tmp_path: Path, embedder):
    before = gc.get_threshold()
    _captured(tmp_path / "a.db", embedder)

    def boom(_n: int) -> None:
        raise KeyboardInterrupt

    with Admin(db=str(tmp_path / "a.db"), embedder=embedder) as adm, pytest.raises(KeyboardInterrupt):
        adm.drain(progress=boom)
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
    drain_gc.begin()  # an outer drain (e.g. another thread's) still running when an inner one ends
    try:
        drain_gc.begin()
        drain_gc.end()
        assert gc.get_threshold()[0] == max(drain_gc.YOUNG, before[0])
    finally:
        drain_gc.end()
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
