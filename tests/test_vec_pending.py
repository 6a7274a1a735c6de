"""Issue 24: the drain writes a batch's vec0 rows (memories and episodes) with one ``executemany`` per
table before the batch commits (:mod:`memcli.db.vec_pending`). The tables must end as the row-by-row
writes leave them (shadow tables byte for byte), every statement that names a vec0 table must see the
waiting rows, and a rolled-back savepoint must take its waiting rows and its changes of them along."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np
import pytest
from _procs import utterances
from _rows import drained_by, insert_text, seeded_vec

from memcli.db import vec_pending
from memcli.db.sqlite import SQLiteStore

N_USERS = 3
VEC_TABLES = ("memory_vec", "memory_episode_vec")


def _dump(store: SQLiteStore) -> dict[str, list[tuple]]:
    """Every row of the two vec0 tables' shadow tables, in rowid order, blobs hashed."""
    names = [
        r["name"]
        for r in store.q(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND "
            "(name LIKE 'memory_vec_%' OR name LIKE 'memory_episode_vec_%') ORDER BY name"
        )
    ]
    out = {}
    for n in names:
        out[n] = [
            tuple(hashlib.sha1(v).hexdigest() if isinstance(v, bytes) else v for v in r.values())
            for r in store.q(f'SELECT * FROM "{n}" ORDER BY rowid')
        ]
    return out


def _drain(db: Path, recs: list[dict], embedder, batched: bool) -> tuple:  # noqa: ANN001
    with drained_by(db, recs, embedder, N_USERS, batched) as adm:
        s = adm.drain()
        assert s.done == len(recs) and s.dead == 0 and s.retried == 0
        assert adm.store.vec_pending is None  # the drain turns it off again
        items = adm.store.q("SELECT id, statement, invalid_at, expired_at FROM memory_items ORDER BY id")
        return _dump(adm.store), items, s.episodes


def test_a_batched_drain_leaves_the_vector_tables_as_the_row_by_row_one(tmp_path: Path, embedder, monkeypatch):
    recs = utterances(120, seed=5, user_count=N_USERS)
    sizes: list[int] = []
    run = vec_pending.Pending._run

    def counted(self, sql, rows):  # noqa: ANN001, ANN202
        sizes.append(len(rows))
        return run(self, sql, rows)

    monkeypatch.setattr(vec_pending.Pending, "_run", counted)
    batched = _drain(tmp_path / "a.db", recs, embedder, True)
    assert len(sizes) < sum(sizes) / 3  # rows went in together (16 turns a batch)
    row_by_row = _drain(tmp_path / "b.db", recs, embedder, False)
    assert batched == row_by_row
    dump, items, episodes = batched
    assert len(dump["memory_vec_rowids"]) == len(items) > 50 and episodes > 5
    assert len(dump["memory_episode_vec_rowids"]) > 5
    assert any(r["invalid_at"] for r in items)  # a contradicted memory's flags changed while its row waited


def _insert(st: SQLiteStore, text: str, seed: int) -> int:
    return insert_text(st, "alice", text, seed, "2026-01-01T00:00:00+00:00")


def _vec0(st: SQLiteStore) -> dict[int, int]:
    """item id → its active flag, as vec0's KNN over every row of alice sees them."""
    rows = st.q(
        "SELECT item_id, active FROM memory_vec WHERE embedding MATCH ? AND k = 50 AND user_id = 'alice'",
        (seeded_vec(0).tobytes(),),
    )
    return {r["item_id"]: r["active"] for r in rows}


def test_batching_keeps_the_savepoint_journals_in_memory_and_a_large_savepoint_still_rolls_back_alone(
        tmp_path: Path):
    """While batching, ``temp_store`` is MEMORY (:mod:`memcli.db.temp_store`): a task's savepoint that
    changes far more than the 64 KiB SQLite would spill to a file rolls back alone, and the setting
    before batching comes back when it ends (inside a transaction it is left as it is)."""
    st = SQLiteStore(tmp_path / "m.db")
    try:
        st.x("PRAGMA temp_store = FILE")
        assert st.batch_vectors() is False
        assert st.scalar("PRAGMA temp_store") == 2
        with st.tx():
            a = _insert(st, "I like tea", 1)
            with pytest.raises(RuntimeError), st.tx():  # a task's savepoint: ~200 rows, their vectors written
                for i in range(200):
                    _insert(st, f"I keep note {i} of the garden", 10 + i)
                assert len(_vec0(st)) == 50 and st.scalar("SELECT count(*) FROM memory_vec_rowids") == 201
                raise RuntimeError("task failed")
            assert st.batch_vectors(False) is True and st.scalar("PRAGMA temp_store") == 2  # in a transaction
            st.batch_vectors()
        assert _vec0(st) == {a: 1}
        assert [r["id"] for r in st.q("SELECT id FROM memory_items")] == [a]
        assert st.scalar("SELECT count(*) FROM memory_fts") == 1
        assert st.batch_vectors(False) is True and st.scalar("PRAGMA temp_store") == 1
    finally:
        st.close()


def test_waiting_rows_are_seen_and_a_rolled_back_savepoint_takes_its_own_along(tmp_path: Path):
    st = SQLiteStore(tmp_path / "m.db")
    try:
        assert st.batch_vectors() is False
        with st.tx():
            a = _insert(st, "I like tea", 1)
            assert st.vec_pending.get("memory_vec", a) is not None  # waiting…
            assert st.q("SELECT count(*) AS n FROM memory_vec_rowids")[0]["n"] == 1  # …until a statement names it
            b = _insert(st, "I like jazz", 2)
            with pytest.raises(RuntimeError), st.tx():  # a task's savepoint
                c = _insert(st, "I like chess", 3)
                st.update_item(b, invalid_at="2026-02-01T00:00:00+00:00")  # changes a waiting row
                assert np.array_equal(st.vector_of(b), seeded_vec(2))  # read from the waiting row
                st.update_item(a, invalid_at="2026-02-01T00:00:00+00:00")  # a written row: its UPDATE waits
                assert a in st.vec_pending.tables["memory_vec flags"].waiting
                assert _vec0(st) == {a: 0, b: 0, c: 1}  # a statement naming the table flushes first…
                raise RuntimeError("task failed")
            assert _vec0(st) == {a: 1, b: 1}  # …and the rollback undid the flush and the change
            d = _insert(st, "I like golf", 4)
            st.update_item(d, invalid_at="2026-02-01T00:00:00+00:00")
        assert _vec0(st) == {a: 1, b: 1, d: 0}  # written before the commit, d with its new flags
        assert st.vec_pending is not None and not st.vec_pending.has_waiting
        with pytest.raises(RuntimeError), st.tx():  # a whole transaction rolled back: nothing stays
            _insert(st, "I like rugby", 5)
            raise RuntimeError("batch failed")
        assert _vec0(st) == {a: 1, b: 1, d: 0} and not st.vec_pending.has_waiting
        assert st.batch_vectors(False) is True and st.vec_pending is None
    finally:
        st.close()
