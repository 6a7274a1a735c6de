"""Issue 24: the drain answers its decisions' lookups of active memory rows (same slot, same normalised
statement, rows by id, the neighbours' rows) from a copy of each user's active rows
(:mod:`memcli.db.active_rows`) instead of one statement each. Every answer must be the store's: a drain
with the copy, each answer also checked against its statement (``CHECK``), writes the same events and
memories as one without it; and the copy never answers from rows that changed behind it (another
connection's commit, a rolled-back savepoint, a write of memories it was not told of)."""

from __future__ import annotations

from pathlib import Path

import pytest
from _procs import jsonl, utterances

from memcli import Memory
from memcli.admin import Admin
from memcli.db import active_rows
from memcli.db.active_rows import writes_items
from memcli.db.sqlite import SQLiteStore

N_USERS = 3


def _drain(db: Path, recs: list[dict], embedder, batch: int = 16) -> tuple[list[dict], list[dict], list]:  # noqa: ANN001
    for u in range(N_USERS):
        with Memory(db=str(db), user=f"user{u}", embedder=embedder) as m:
            m.capture_jsonl(jsonl([r for r in recs if r["_user"] == f"user{u}"]))
    with Admin(db=str(db), embedder=embedder, drain_batch_size=batch) as adm:
        copies: list[active_rows.ActiveRows] = []
        keep = adm.store.keep_active_rows

        def kept(on: bool = True) -> bool:
            was = keep(on)
            if on and adm.store.active_rows is not None:
                copies.append(adm.store.active_rows)
            return was

        adm.store.keep_active_rows = kept  # type: ignore[method-assign]
        s = adm.drain()
        assert s.done == len(recs) and s.dead == 0 and s.retried == 0
        assert adm.store.active_rows is None  # the drain stops keeping it
        events = adm.store.q("SELECT * FROM memory_events ORDER BY id")
        items = adm.store.q("SELECT * FROM memory_items ORDER BY id")
    for rows in (events, items):
        for r in rows:  # wall-clock columns
            for k in ("created_at", "recorded_at", "expired_at"):
                r.pop(k, None)
    return events, items, copies


def test_a_drain_with_the_copy_decides_and_writes_as_one_without_it(tmp_path: Path, embedder, monkeypatch):
    recs = utterances(120, seed=5, user_count=N_USERS)
    monkeypatch.setattr(active_rows, "CHECK", True)  # every answer of the copy compared with its statement
    with_copy = _drain(tmp_path / "a.db", recs, embedder)
    [copy] = with_copy[2]
    assert copy.hits > 100 and copy.loads == N_USERS and copy.drops == 0
    monkeypatch.setattr(SQLiteStore, "keep_active_rows", lambda self, on=True: True)  # never kept: statements
    without = _drain(tmp_path / "b.db", recs, embedder)
    assert without[2] == []
    assert with_copy[0] == without[0]
    assert with_copy[1] == without[1]
    actions = {e["action"] for e in without[0]}
    assert {"ADD", "NOOP", "CONFLICT"} <= actions  # reinforced and contradicted rows went through the copy


def _normalized(store: SQLiteStore, user: str, item_id: int) -> str:
    return store.get_item(user, item_id)["normalized"]


def test_another_connections_commit_drops_the_copy(tmp_path: Path, embedder):
    db = str(tmp_path / "m.db")
    with Memory(db=db, user="alice", embedder=embedder) as a, Memory(db=db, user="alice", embedder=embedder) as b:
        first = a.remember("I live in Lyon").item_id
        st = a.store
        st.keep_active_rows()
        norm = _normalized(st, "alice", first)
        with st.tx():
            assert st.find_exact("alice", norm)["id"] == first
        b.forget(first)  # the other connection retires the row the copy holds
        second = b.remember("My sister is called Anna").item_id
        with st.tx():
            assert st.find_exact("alice", norm) is None
            assert st.find_exact("alice", _normalized(st, "alice", second))["id"] == second
        assert (st.active_rows.loads, st.active_rows.drops) == (2, 1)
        st.keep_active_rows(False)


def test_a_rolled_back_savepoint_and_an_untold_write_drop_the_copy(tmp_path: Path, embedder):
    with Memory(db=str(tmp_path / "m.db"), user="alice", embedder=embedder) as m:
        kept = m.remember("I live in Lyon").item_id
        st = m.store
        norm = _normalized(st, "alice", kept)
        st.keep_active_rows()
        with st.tx():
            assert st.find_exact("alice", norm)["id"] == kept
            with pytest.raises(RuntimeError), st.tx():  # a task's savepoint: its writes roll back
                st.update_item(kept, invalid_at="2026-01-01T00:00:00+00:00")
                assert st.find_exact("alice", norm) is None  # the copy follows the write…
                raise RuntimeError("task failed")
            assert st.find_exact("alice", norm)["id"] == kept  # …and forgets it with the rollback
            st.x("UPDATE memory_items SET expired_at = '2026-01-02T00:00:00+00:00' WHERE id = ?", (kept,))
            assert st.find_exact("alice", norm) is None  # a write it was not told of: read again
        assert st.active_rows.drops == 2


def test_a_user_with_more_rows_than_the_cap_is_left_to_the_statements(tmp_path: Path, embedder, monkeypatch):
    monkeypatch.setattr(active_rows, "MAX_ROWS", 1)
    with Memory(db=str(tmp_path / "m.db"), user="alice", embedder=embedder) as m:
        ids = [m.remember(t).item_id for t in ("I live in Lyon", "My sister is called Anna")]
        st = m.store
        st.keep_active_rows()
        with st.tx():
            for i in ids:
                assert st.find_exact("alice", _normalized(st, "alice", i))["id"] == i
            st.update_item(ids[0], invalid_at="2026-01-01T00:00:00+00:00")
            assert st.find_exact("alice", _normalized(st, "alice", ids[0])) is None
        assert (st.active_rows.loads, st.active_rows.hits) == (1, 0)  # read once, too many: never answered


@pytest.mark.parametrize(
    ("sql", "writes"),
    [
        ("SELECT * FROM memory_items WHERE id = ?", False),
        ("SELECT 1 FROM memory_items i WHERE i.action IN ('UPDATE', 'CONFLICT')", False),
        ("WITH k(u) AS (VALUES (?)) SELECT i.* FROM k JOIN memory_items i ON i.user_id = k.u", False),
        ("INSERT INTO memory_item_sources(item_id, source_id) VALUES (?, ?)", False),
        ("UPDATE memory_items SET supersedes_id = ? WHERE id = ?", True),
        ("  delete from memory_items where id = ?", True),
        ("WITH x AS (SELECT 1) UPDATE memory_items SET slot = NULL", True),
        ("SELECT 1; DELETE FROM memory_items", True),
    ],
)
def test_writes_items_tells_a_write_of_memories_from_a_read(sql: str, writes: bool):
    assert writes_items(sql) is writes
