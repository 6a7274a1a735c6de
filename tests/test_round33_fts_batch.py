"""Round 33 (issue 24, the drain's write stage): a batch's FTS5 rows of memories and episodes wait with its
vec0 rows (:mod:`memcli.db.vec_pending`) and go in with one ``executemany`` per table before the commit.

Written inside the tasks' savepoints, FTS5 wrote its pending terms to disk as a new segment at every later
savepoint and every statement journal of the batch. The full-text rows, every match and every bm25 score
must be those of the row-by-row writes; a statement that names an FTS5 table sees the waiting rows, and a
rolled-back savepoint takes its own along."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import apsw
import pytest
from _procs import utterances
from _rows import drained_by, insert_text, seeded_vec

from memcli.db.sqlite import SQLiteStore

N_USERS = 3
FTS_TABLES = ("memory_fts", "memory_episode_fts")


def _fts_state(store: SQLiteStore) -> dict[str, object]:
    """Both FTS5 tables' rows, and the matches (rowid, bm25) of their 25 most common terms."""
    out: dict[str, object] = {}
    for t in FTS_TABLES:
        rows = [tuple(r.values()) for r in store.q(f"SELECT rowid AS r, * FROM {t} ORDER BY rowid")]
        out[t] = rows
        terms: dict[str, int] = {}
        for r in rows:
            for w in str(r[1]).split():
                terms[w] = terms.get(w, 0) + 1
        top = sorted(terms, key=lambda w: (-terms[w], w))[:25]
        out[t + " matches"] = [[(m["r"], m["b"]) for m in store.q(
            f"SELECT rowid AS r, bm25({t}) AS b FROM {t} WHERE {t} MATCH ? ORDER BY rank, rowid", (f'"{w}"',))]
            for w in top]
        store.x(f"INSERT INTO {t}({t}, rank) VALUES ('integrity-check', 0)")  # raises on a broken index
    return out


def _drain(db: Path, recs: list[dict], embedder, batched: bool) -> tuple[dict, int]:  # noqa: ANN001
    """Capture and drain ``recs``; the drain's FTS5 segment writes counted (FTS5's own statements that
    write a table's ``_data`` rows, seen through SQLite's statement trace)."""
    with drained_by(db, recs, embedder, N_USERS, batched) as adm:
        writes = [0]

        def traced(ev: dict) -> None:
            sql = ev.get("sql") or ""
            if "_fts_data" in sql and sql.lstrip().upper().startswith(("REPLACE", "INSERT")):
                writes[0] += 1

        adm.store.conn.trace_v2(apsw.SQLITE_TRACE_STMT, traced)
        s = adm.drain()
        adm.store.conn.trace_v2(0, None)
        assert s.done == len(recs) and s.dead == 0 and s.retried == 0
        assert adm.store.vec_pending is None  # the drain turns batching off again
        return _fts_state(adm.store), writes[0]


def test_a_batched_drain_writes_fewer_fts_segments_and_leaves_the_same_rows_matches_and_scores(
        tmp_path: Path, embedder):
    recs = utterances(120, seed=11, user_count=N_USERS)
    batched, batched_writes = _drain(tmp_path / "a.db", recs, embedder, True)
    row_by_row, row_writes = _drain(tmp_path / "b.db", recs, embedder, False)
    assert batched == row_by_row
    assert len(batched["memory_fts"]) > 40 and len(batched["memory_episode_fts"]) > 5  # type: ignore[arg-type]
    assert any(batched["memory_fts matches"])  # type: ignore[arg-type]
    # row by row, FTS5 flushed a segment at each later savepoint and statement journal of the batch
    assert batched_writes * 3 < row_writes


def _insert(st: SQLiteStore, text: str, seed: int) -> int:
    return insert_text(st, "bea", text, seed, "2026-03-01T00:00:00+00:00")


def _matches(st: SQLiteStore, table: str, word: str) -> list[int]:
    """Rows of ``table`` whose tokens hold ``word`` (as indexed: an English word by its stem)."""
    from memcli.db.index import search_terms_of

    term = search_terms_of(word)[1][0]
    return [r["r"] for r in st.q(f"SELECT rowid AS r FROM {table} WHERE {table} MATCH ? ORDER BY rowid",
                                 (f'tokens : "{term}"',))]


def _source(st: SQLiteStore, text: str) -> int:
    at = datetime(2026, 3, 1, 9, tzinfo=UTC)
    return int(st.add_source("bea", role="user", content=text, occurred_at=at, recorded_at=at))


def test_waiting_fts_rows_are_matched_and_a_rolled_back_savepoint_takes_its_own_along(tmp_path: Path):
    st = SQLiteStore(tmp_path / "m.db")
    try:
        with st.tx():
            s1, s2 = _source(st, "the lighthouse keeper waved at noon"), _source(st, "lighthouse soup tonight")
        assert st.batch_vectors() is False
        with st.tx():
            a = _insert(st, "I collect copper kettles", 1)
            assert st.vec_pending.get("memory_fts", a) is not None  # waiting…
            assert _matches(st, "memory_fts", "copper") == [a]  # …and found: a statement naming the table flushes
            with pytest.raises(RuntimeError), st.tx():  # a task's savepoint
                b = _insert(st, "I polish copper pans on Sundays", 2)
                st.record_episode("bea", s1, occurred_at="2026-03-01T09:00:00+00:00", content="the lighthouse "
                                  "keeper waved at noon", chatter=False, vector=seeded_vec(3), model="m",
                                  now=datetime.now(UTC))
                assert st.vec_pending.get("memory_episode_fts", s1) is not None
                assert _matches(st, "memory_fts", "copper") == [a, b]
                assert _matches(st, "memory_episode_fts", "lighthouse") == [s1]
                raise RuntimeError("task failed")
            assert _matches(st, "memory_fts", "copper") == [a]  # the rollback undid the flush and the rows
            assert _matches(st, "memory_episode_fts", "lighthouse") == []
            c = _insert(st, "My copper kettle whistles", 4)
            st.record_episode("bea", s2, occurred_at="2026-03-01T09:00:00+00:00", content="lighthouse soup tonight",
                              chatter=False, vector=seeded_vec(5), model="m",
                              now=datetime.now(UTC))
            assert st.vec_pending.get("memory_fts", c) is not None
        assert not st.vec_pending.has_waiting  # written before the commit
        assert _matches(st, "memory_fts", "copper") == [a, c]
        assert _matches(st, "memory_episode_fts", "lighthouse") == [s2]
        with pytest.raises(RuntimeError), st.tx():  # a whole transaction rolled back: nothing stays
            _insert(st, "I sort copper coins", 6)
            raise RuntimeError("batch failed")
        assert _matches(st, "memory_fts", "copper") == [a, c] and not st.vec_pending.has_waiting
        assert st.batch_vectors(False) is True
    finally:
        st.close()
