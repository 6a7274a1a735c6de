"""Round 33 (issue 24, the drain's write stage): each drained task writes in a savepoint of the batch's
transaction (:mod:`memcli.db.task_savepoint`). Round 33 left a successful task's savepoint open until the
batch's commit; round 34 releases it again (SQLite's pager tests and sets a page bitmap per open savepoint for
every page written: measured dearer than the RELEASE it saved). A failing task must still roll back alone — its
memories, events, links, episode and the index rows waiting for the batch's insert — while the tasks before and
after it commit, together."""

from __future__ import annotations

from pathlib import Path

import apsw
import numpy as np
import pytest

from memcli import Memory
from memcli.db.sqlite import SQLiteStore
from memcli.db.task_savepoint import NAME, task_savepoint
from memcli.errors import ExtractionError
from memcli.models import Candidate, Kind


def test_a_drained_batch_opens_one_savepoint_a_task_and_a_failing_task_still_leaves_nothing(
        tmp_path: Path, embedder, monkeypatch):
    """Two tasks of one batch fail after their memories, events, links and index rows were written (the
    episode step of a turn about a kayak raises); the four others commit."""
    db = str(tmp_path / "m.db")
    texts = ["I grow tomatoes on my balcony", "My neighbour Ruth teaches violin",
             "I repaint old bicycles. I want to buy a red kayak", "I bake rye bread every Friday",
             "My cousin Omar moved to Porto", "I paddle my kayak on the lake"]
    statements: list[str] = []
    with Memory(db=db, user="ivy", embedder=embedder) as mem:
        ids = [mem.capture(t).outbox_id for t in texts]
        record = mem.store.record_episode

        def fails_on_kayak(user, source_id, **kw):  # noqa: ANN001, ANN003, ANN202
            if "kayak" in kw["content"]:
                raise ExtractionError("episode step down for kayaks")
            return record(user, source_id, **kw)

        monkeypatch.setattr(mem.store, "record_episode", fails_on_kayak)
        mem.store.conn.exec_trace = lambda _c, sql, _b: statements.append(sql.strip()) or True
        s = mem.drain()
        mem.store.conn.exec_trace = None
        assert s.claimed == 6 and s.done == 4 and s.retried == 2, s.errors
        kept = [i.statement for i in mem.list(include_all=True)]
        assert not any("kayak" in k.lower() or "bicycle" in k.lower() for k in kept)  # nothing of the failed two
        assert any("tomato" in k for k in kept) and any("Porto" in k for k in kept)
        failed_sources = [mem.store.scalar("SELECT source_id FROM memory_capture_outbox WHERE id = ?", (i,))
                          for i in (ids[2], ids[5])]
        for sid in failed_sources:  # no link, no episode row, no full-text or vector row of the failed turns
            assert mem.store.scalar("SELECT count(*) FROM memory_item_sources WHERE source_id = ?", (sid,)) == 0
            assert mem.store.scalar("SELECT count(*) FROM memory_episodes WHERE source_id = ?", (sid,)) == 0
            assert mem.store.scalar("SELECT count(*) FROM memory_episode_fts WHERE rowid = ?", (sid,)) == 0
        items = mem.store.scalar("SELECT count(*) FROM memory_items")
        assert mem.store.scalar("SELECT count(*) FROM memory_fts") == items == len(kept)
        assert mem.store.scalar("SELECT count(*) FROM memory_vec") == items
        assert mem.store.scalar("SELECT count(*) FROM memory_events") == items
    assert statements.count(f"SAVEPOINT {NAME}") == statements.count(f"RELEASE {NAME}") == 6  # each task's, ended
    assert statements.count(f"ROLLBACK TO {NAME}") == 2  # the failed ones
    assert statements.count("BEGIN IMMEDIATE") >= 1  # the batch's transaction


def _cand(text: str) -> Candidate:
    return Candidate(statement=text, kind=Kind.PREFERENCE, salience=0.5, valid_from="2026-04-01T00:00:00+00:00")


def _insert(st: SQLiteStore, text: str, seed: int) -> int:
    v = np.random.default_rng(seed).standard_normal(512).astype(np.float32)
    return int(st.insert_item(user_id="ivy", candidate=_cand(text), origin="extracted", confidence=0.8,
                              vector=v / np.linalg.norm(v), model="m")["id"])


def test_task_savepoints_released_roll_back_only_the_failing_task_and_a_nested_one_alone(tmp_path: Path):
    st = SQLiteStore(tmp_path / "m.db")
    try:
        st.batch_vectors()
        with st.tx():
            with task_savepoint(st):
                a = _insert(st, "I collect sea glass", 1)
            with pytest.raises(apsw.SQLError, match="no such savepoint"):  # round 34: released when it succeeds
                st.conn.execute(f"RELEASE {NAME}")
            gen = st.tx_gen
            with pytest.raises(RuntimeError), task_savepoint(st):
                _insert(st, "I knit wool socks", 2)
                raise RuntimeError("task failed")
            assert st.tx_gen > gen  # what the batch learnt of the database may have been undone
            with task_savepoint(st):
                c = _insert(st, "I sing in a choir", 3)
                with pytest.raises(RuntimeError), st.tx():  # a helper's savepoint inside the task
                    _insert(st, "I juggle five balls", 4)
                    raise RuntimeError("helper failed")
                d = _insert(st, "I sketch harbours", 5)
            # the tasks' savepoints are released: a's and c's writes are the transaction's until the commit
            assert [r["id"] for r in st.q("SELECT id FROM memory_items ORDER BY id")] == [a, c, d]
        assert st.conn.get_autocommit()  # committed: no transaction open
        assert [r["statement"] for r in st.q("SELECT statement FROM memory_items ORDER BY id")] == [
            "I collect sea glass", "I sing in a choir", "I sketch harbours"]
        assert [r["rowid"] for r in st.q("SELECT rowid FROM memory_fts ORDER BY rowid")] == [a, c, d]
        assert [r["item_id"] for r in st.q("SELECT item_id FROM memory_vec ORDER BY item_id")] == [a, c, d]
        with task_savepoint(st):  # outside a transaction: a transaction of its own
            e = _insert(st, "I restore clocks", 6)
        assert st.scalar("SELECT count(*) FROM memory_items WHERE id = ?", (e,)) == 1
    finally:
        st.batch_vectors(False)
        st.close()
