"""Round 36 (issue 24, the drain's write stage): a batch's audit events, episode rows and memories' links to their
turns wait with its vec0 and FTS5 rows (:mod:`memcli.db.vec_pending`) and go in with one ``executemany`` per table
before the commit, or before a statement that reads the table (the retired-turn check of
:func:`memcli.db.episodes.recheck` when a turn of the decided memories is an episode).

The events (ids included: AUTOINCREMENT in the same order), the episode rows and the links must be those of the
row-by-row writes; a statement naming ``memory_events`` sees the waiting rows; a rolled-back savepoint takes its
own along; a text that cannot be stored fails its task at once, as a row written at once would."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _procs import utterances
from _rows import drained_by, insert_text, seeded_vec

from memcli.db import episodes, vec_pending
from memcli.db.items import EVENT_INSERT, LINK_INSERT
from memcli.db.sqlite import SQLiteStore
from memcli.errors import BadInputError
from memcli.models import Candidate, Kind

N_USERS = 3


def _state(store: SQLiteStore) -> tuple[list[tuple], list[tuple], list[tuple]]:
    """Every event (all columns but its clock time), every episode row (but its clock time), every memory id with its
    statement, its end in valid time and whether it was retired in transaction time (``expired_at`` is the clock's)."""
    ev = [tuple(v for k, v in r.items() if k != "created_at")
          for r in store.q("SELECT * FROM memory_events ORDER BY id")]
    ep = [tuple(v for k, v in r.items() if k != "indexed_at")
          for r in store.q("SELECT * FROM memory_episodes ORDER BY source_id")]
    items = [tuple(r.values()) for r in store.q("SELECT id, statement, invalid_at, expired_at IS NULL FROM "
                                                "memory_items ORDER BY id")]
    return ev, ep, items


def _drain(db: Path, recs: list[dict], embedder, batched: bool) -> tuple:  # noqa: ANN001
    with drained_by(db, recs, embedder, N_USERS, batched) as adm:
        s = adm.drain()
        assert s.done == len(recs) and s.dead == 0 and s.retried == 0
        return _state(adm.store)


def test_a_batched_drain_writes_the_events_of_the_row_by_row_one(tmp_path: Path, embedder, monkeypatch):
    recs = utterances(150, seed=11, user_count=N_USERS)
    sizes: list[int] = []
    run = vec_pending.Pending._run

    links: list[int] = []

    def counted(self, sql, rows):  # noqa: ANN001, ANN202
        if sql == EVENT_INSERT:
            sizes.append(len(rows))
        if sql == LINK_INSERT:
            links.append(len(rows))
        return run(self, sql, rows)

    checks: list[int] = []
    recheck = episodes.recheck

    def counted_recheck(store, ids):  # noqa: ANN001, ANN202
        checks.append(len(ids))
        return recheck(store, ids)

    monkeypatch.setattr(vec_pending.Pending, "_run", counted)
    monkeypatch.setattr(episodes, "recheck", counted_recheck)
    batched = _drain(tmp_path / "a.db", recs, embedder, True)
    assert sum(sizes) == len(batched[0]) and len(sizes) < len(batched[0]) / 3  # together, ~16 turns a batch
    assert len(links) < sum(links) / 2  # the memories' links to their turns too
    assert checks  # CONFLICT / UPDATE events were checked for retired turns while events waited
    row_by_row = _drain(tmp_path / "b.db", recs, embedder, False)
    assert batched == row_by_row
    events, eps, _ = batched
    assert {e[5] for e in events} >= {"ADD", "NOOP", "CONFLICT"} and len(eps) > 50


def _events(st: SQLiteStore) -> list[tuple]:
    rows = st.q("SELECT id, action, reason FROM memory_events ORDER BY id")
    return [(r["id"], r["action"], r["reason"]) for r in rows]


def test_waiting_events_are_seen_and_a_rolled_back_savepoint_takes_its_own_along(tmp_path: Path):
    st = SQLiteStore(tmp_path / "m.db")
    try:
        assert st.batch_vectors() is False
        with st.tx():
            a = insert_text(st, "alice", "I grow tomatoes on the balcony", 1, "2026-01-01T00:00:00+00:00")
            assert st.record_event(user_id="alice", action="ADD", item_id=a, reason="first") is None  # waiting…
            assert _events(st) == [(1, "ADD", "first")]  # …until a statement names the table
            with pytest.raises(RuntimeError), st.tx():  # a task's savepoint
                st.record_event(user_id="alice", action="NOOP", item_id=a, reason="second")
                assert _events(st)[-1] == (2, "NOOP", "second")  # flushed inside the savepoint…
                st.record_event(user_id="alice", action="NOOP", item_id=a, reason="third")
                raise RuntimeError("task failed")
            assert _events(st) == [(1, "ADD", "first")]  # …and rolled back with it, the waiting one too
            st.record_event(user_id="alice", action="NOOP", item_id=a, reason="fourth")
            with pytest.raises(BadInputError), st.tx():  # an unstorable text fails its own task, not the commit
                st.record_event(user_id="alice", action="NOOP", item_id=a, reason="bad \ud800 text")
        assert _events(st) == [(1, "ADD", "first"), (2, "NOOP", "fourth")]  # the ids row-by-row inserts give
        assert not st.vec_pending.has_waiting
        assert not any(t.rows for t in st.vec_pending.tables.values())  # written rows are not kept past the commit
        with pytest.raises(RuntimeError), st.tx():  # a whole transaction rolled back: nothing stays
            st.record_event(user_id="alice", action="NOOP", item_id=a, reason="fifth")
            raise RuntimeError("batch failed")
        assert _events(st) == [(1, "ADD", "first"), (2, "NOOP", "fourth")]
        assert st.batch_vectors(False) is True
        assert st.record_event(user_id="alice", action="NOOP", item_id=a, reason="sixth") == 3  # row by row again
    finally:
        st.close()


AT = datetime(2026, 5, 4, 10, 0, tzinfo=UTC)


def _retired_turn(batched: bool, same_turn: bool) -> tuple[dict[int, int], int]:
    """One transaction: turn 1 tells where Ada lives (its memory kept, the turn left uncovered: an episode), turn 2
    a new city that ends turn 1's memory (CONFLICT; ``same_turn``: the event names turn 1 itself). Returns each
    turn's is_episode afterwards and how many whole retired-turn checks ran (SQLite's statement trace)."""
    st = SQLiteStore.in_memory()
    if batched:
        st.batch_vectors()
    full = [0]

    def trace(_cursor, sql: str, _bindings) -> bool:  # noqa: ANN001
        full[0] += "SELECT DISTINCT e.source_id AS sid" in sql
        return True

    s1, s2 = (st.add_source("ada", role="user", content=f"turn {n}: a long story about moving house and the river",
                            occurred_at=AT, recorded_at=AT) for n in (1, 2))
    st.conn.exec_trace = trace
    with st.tx():
        st.note_fresh_sources([s1, s2])
        old = st.insert_item(user_id="ada", candidate=Candidate(statement="I live in Porto", kind=Kind.IDENTITY,
                                                                salience=0.5, valid_from=AT, slot="home.city"),
                             origin="extracted", confidence=0.8, vector=seeded_vec(1), model="m", source_ids=[s1])
        st.record_episode("ada", s1, occurred_at=AT, content="turn 1", chatter=False, vector=seeded_vec(7),
                          model="m", now=AT, uncovered=True)
        new = st.insert_item(user_id="ada", candidate=Candidate(statement="I live in Braga", kind=Kind.IDENTITY,
                                                                salience=0.5, valid_from=AT, slot="home.city"),
                             origin="extracted", confidence=0.8, vector=seeded_vec(2), model="m", source_ids=[s2])
        st.update_item(old["id"], invalid_at=AT, invalid_reason="moved")
        st.record_event(user_id="ada", action="CONFLICT", item_id=new["id"], other_item_id=old["id"],
                        source_id=s1 if same_turn else s2, reason="a new city")
        st.record_event(user_id="ada", action="CONFLICT", item_id=new["id"], source_id=s2, reason="no turn of it")
    st.conn.exec_trace = None
    got = {r["source_id"]: r["is_episode"] for r in st.q("SELECT source_id, is_episode FROM memory_episodes")}
    assert st.scalar("SELECT count(*) FROM memory_episode_vec") == sum(got.values())  # retired: unindexed too
    st.close()
    return got, full[0]


@pytest.mark.parametrize("same_turn", [False, True])
def test_a_turn_retired_while_its_episode_row_and_the_event_wait_is_retired_as_row_by_row(same_turn: bool):
    batched, checks = _retired_turn(True, same_turn)
    row_by_row, all_checks = _retired_turn(False, same_turn)
    assert batched == row_by_row == {1: int(same_turn)}  # a changed value is no episode; the turn's own is
    assert (checks, all_checks) == (1, 2)  # the memory with no episode turn was not checked whole while rows waited


def test_a_batch_that_does_not_commit_takes_back_what_it_counted():
    """The drain's per-batch undo mark (round 36: the counters and the lists' lengths, no copy of the ids)."""
    from memcli.write.drain_summary import DrainSummary

    s = DrainSummary(user=None, extractor="rules", judge="fitted", done=3, added=2, done_ids=[1, 2, 3],
                     errors=["task 9: boom"])
    mark = s.mark()
    s.done, s.added, s.conflicted, s.interrupted = 5, 4, 1, True
    s.done_ids += [4, 5]
    s.errors.append("task 10: boom")
    s.seconds["write"] = 1.5  # time spent stays spent
    s.undo(mark)
    assert (s.done, s.added, s.conflicted, s.interrupted, s.done_ids, s.errors) == (3, 2, 0, False, [1, 2, 3],
                                                                                     ["task 9: boom"])
    assert s.seconds["write"] == 1.5
