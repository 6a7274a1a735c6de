"""Round 46 (issue 24): while a drain batches its writes, SQLite checkpoints its WAL every
:data:`memcli.db.drain_wal.DRAIN_FRAMES` frames instead of every 1,000 (:mod:`memcli.db.drain_wal`); afterwards —
returned or raised — the connection's setting is as it was. The drain's rows are those of a drain with SQLite's
default checkpoints, and a store the drain left with a long WAL opens and reads the same after it."""

from __future__ import annotations

from pathlib import Path

import pytest

from memcli import Memory
from memcli.admin import Admin
from memcli.db import drain_wal

TURNS = ["我养了一只叫豆包的柯基", "I work as a tram driver in Graz", "我姐姐在成都开花店",
         "My flat has a tiny balcony", "我现在不养狗了", "I switched to driving buses last spring"]


def _captured(db: Path, embedder) -> None:  # noqa: ANN001
    with Memory(db=str(db), user="vera", embedder=embedder) as m:
        for i, t in enumerate(TURNS):
            m.capture(t, at=f"2026-04-{1 + i:02d}T09:00:00Z", key=f"t{i}")


def _rows(adm: Admin) -> list:
    return [{k: v for k, v in r.items() if k not in ("recorded_at", "created_at", "expired_at", "indexed_at")}
            for t in ("memory_items", "memory_events", "memory_episodes")
            for r in adm.store.q(f"SELECT * FROM {t} ORDER BY 1")]


def _frames(adm: Admin) -> int:
    return int(next(iter(adm.store.conn.execute("PRAGMA wal_autocheckpoint").fetchone().values())))


def test_a_drain_checkpoints_less_often_and_leaves_the_setting_as_it_was(tmp_path: Path, embedder, monkeypatch):
    _captured(tmp_path / "a.db", embedder)
    seen: list[int] = []
    with Admin(db=str(tmp_path / "a.db"), embedder=embedder) as adm:
        before = _frames(adm)
        s = adm.drain(progress=lambda n: seen.append(_frames(adm)))
        assert _frames(adm) == before == 1000  # SQLite's default, back after the drain
        raised = _rows(adm)
    assert s.done == len(TURNS) and seen == [drain_wal.DRAIN_FRAMES] * len(TURNS)
    assert {r.get("action") for r in raised} >= {"ADD"} and any(r.get("statement") for r in raised)
    monkeypatch.setattr(drain_wal, "DRAIN_FRAMES", 1000)  # the drain as before round 46
    _captured(tmp_path / "b.db", embedder)
    with Admin(db=str(tmp_path / "b.db"), embedder=embedder) as adm:
        adm.drain()
        assert _rows(adm) == raised
    with Admin(db=str(tmp_path / "a.db"), embedder=embedder) as adm:  # reopened: the same rows
        assert _rows(adm) == raised


def test_a_drain_that_raises_restores_the_setting(tmp_path: Path, embedder):
    _captured(tmp_path / "a.db", embedder)

    def boom(_n: int) -> None:
        raise KeyboardInterrupt

    with Admin(db=str(tmp_path / "a.db"), embedder=embedder) as adm:
        adm.store.conn.wal_autocheckpoint(500)  # a setting of the caller's own
        with pytest.raises(KeyboardInterrupt):
            adm.drain(progress=boom)
        assert _frames(adm) == 500
        adm.drain()
        assert _frames(adm) == 500 and adm.store.outbox_counts(None)["pending"] == 0
