"""A drained batch's bookkeeping in few statements, with the same effects: the completions written
together at the end of the batch's transaction (a task whose lease was taken over still writes
nothing), the episode step of a turn known to have no episode row and no link, and a turn that
already has an episode row still retired when a memory comes to hold it."""

from __future__ import annotations

from datetime import timedelta

import pytest

from memcli.models import Candidate
from memcli.timeutil import now_utc
from memcli.write import outbox
from memcli.write.extract import Extractor, RuleExtractor, Utterance
from memcli.write.worker import DrainSummary

pytestmark = pytest.mark.backends


def status_of(mem, task_id: int) -> tuple[str, str | None]:
    row = mem.store.one("SELECT status, lease_owner FROM memory_capture_outbox WHERE id = ?", (task_id,))
    return row["status"], row["lease_owner"]


def test_a_task_whose_lease_was_taken_over_writes_nothing_and_the_others_complete(mem) -> None:
    """Worker a claims two tasks; its lease expires and worker b takes over the first before a writes
    the batch. a's batch writes and completes the second only; the first stays b's, with nothing of a's."""
    ids = [mem.capture(t).outbox_id for t in ("I'm allergic to peanuts", "My sister lives in Lyon")]
    tasks = outbox.claim(mem.store, mem.settings, "worker-a", 2)
    later = now_utc() + timedelta(seconds=mem.settings.lease_s + 1)
    [taken] = outbox.claim(mem.store, mem.settings, "worker-b", 1, now=later)
    assert taken.id == ids[0]
    summary = DrainSummary(user="alice", extractor="rules", judge="offline")
    inflight = list(tasks)
    mem.worker._process_batch(tasks, summary, None, inflight, None)
    assert (summary.done, summary.lost, summary.done_ids) == (1, 1, [ids[1]])
    assert "lease lost" in summary.errors[0] and inflight == []
    assert [i.statement for i in mem.list(include_all=True)] == ["My sister lives in Lyon"]
    assert mem.store.scalar("SELECT count(*) FROM memory_events") == 1
    assert status_of(mem, ids[0]) == ("processing", "worker-b")
    assert status_of(mem, ids[1]) == ("done", "worker-a")


class Nothing(Extractor):
    name = "nothing"

    def extract(self, utt: Utterance) -> list[Candidate]:
        return []


def episode(mem, source_id: int) -> tuple[int, int]:
    """(is_episode, rows of the turn in the episodes' full-text index)."""
    flag = mem.store.scalar("SELECT is_episode FROM memory_episodes WHERE source_id = ?", (source_id,))
    fts = mem.store.scalar("SELECT count(*) FROM memory_episode_fts WHERE rowid = ?", (source_id,))
    return int(flag), int(fts)


def test_a_turn_with_an_episode_row_is_retired_when_a_later_drain_links_it(mem) -> None:
    """Drained once with nothing extracted, the turn is an episode; queued again and drained with the
    rules, a memory holds it: it stops being an episode and leaves the index, as it always did."""
    tid = mem.capture("I'm allergic to peanuts").outbox_id
    sid = mem.store.scalar("SELECT source_id FROM memory_capture_outbox WHERE id = ?", (tid,))
    assert mem.drain(extractor=Nothing()).done == 1
    if mem.store.dialect == "sqlite":
        assert episode(mem, sid) == (1, 1)
    with mem.store.tx():
        mem.store.requeue_tasks([tid], now_utc())
    s = mem.drain(extractor=RuleExtractor())
    assert (s.done, s.added) == (1, 1)
    flag = mem.store.scalar("SELECT is_episode FROM memory_episodes WHERE source_id = ?", (sid,))
    assert flag == 0
    if mem.store.dialect == "sqlite":
        assert episode(mem, sid) == (0, 0)


def test_a_batch_completes_in_one_statement_and_skips_the_episode_reads_of_new_turns(mem) -> None:
    """SQLite: the statements a 6-turn batch runs, counted by apsw's trace — one completion UPDATE, no
    retire UPDATE, and no episode read: the turns a memory now holds are covered by it (no episode whatever
    else a read could say), the others have no row and no link; every turn done, the episodes kept."""
    if mem.store.dialect != "sqlite":
        pytest.skip("SQLite's statements")
    texts = ["I'm allergic to peanuts", "My sister lives in Lyon", "我住在上海", "我喜欢爬山", "thanks!",
             "We talked about the trip for an hour"]
    ids = [mem.capture(t).outbox_id for t in texts]
    seen: list[str] = []

    def trace(cursor, sql: str, bindings) -> bool:  # noqa: ANN001
        seen.append(" ".join(sql.split()))
        return True

    mem.store.conn.exec_trace = trace
    try:
        s = mem.drain()
    finally:
        mem.store.conn.exec_trace = None
    assert (s.claimed, s.done) == (6, 6)
    assert {status_of(mem, i)[0] for i in ids} == {"done"}
    assert sum(x.startswith("UPDATE memory_capture_outbox SET status = 'done'") for x in seen) == 1
    assert not [x for x in seen if x.startswith("UPDATE memory_episodes SET is_episode = 0")]
    linked = mem.store.scalar("SELECT count(DISTINCT source_id) FROM memory_item_sources")
    assert 0 < linked < 6
    assert sum(x.startswith("SELECT (SELECT 1 FROM memory_item_sources") for x in seen) == 0
    assert mem.store.scalar("SELECT count(*) FROM memory_episodes e JOIN memory_item_sources l "
                            "ON l.source_id = e.source_id WHERE e.is_episode = 1") == 0
    assert mem.store.scalar("SELECT count(*) FROM memory_episodes") == 6
    assert mem.store.scalar("SELECT count(*) FROM memory_episodes WHERE is_episode = 1") == s.episodes >= 1


def test_a_linked_turn_its_memory_leaves_uncovered_is_kept_without_a_read(mem) -> None:
    """SQLite: a new turn whose memory carries only part of it (uncovered) was the one turn of a batch the
    episode step read (a retired memory of it would keep it out); since round 35 the batch knows its one memory
    was inserted active and not ended since, so nothing retired it: it is kept as an episode beside its memory,
    as without the batch's knowledge, and not read (tests/test_round35_episode_notes.py: an ended one is)."""
    if mem.store.dialect != "sqlite":
        pytest.skip("SQLite's statements")
    long = ("I'm allergic to peanuts. Yesterday we spent the whole afternoon in the old bookshop downtown, "
            "arguing with its owner about which detective novels hold up and which ones were a waste of paper")
    mem.capture("My sister lives in Lyon")
    mem.capture(long)
    seen: list[str] = []

    def trace(cursor, sql: str, bindings) -> bool:  # noqa: ANN001
        seen.append(" ".join(sql.split()))
        return True

    mem.store.conn.exec_trace = trace
    try:
        s = mem.drain()
    finally:
        mem.store.conn.exec_trace = None
    assert s.done == 2 and s.added >= 2
    sid = mem.store.scalar("SELECT id FROM memory_sources WHERE content = ?", (long,))
    assert mem.store.scalar("SELECT count(*) FROM memory_item_sources WHERE source_id = ?", (sid,)) >= 1
    assert mem.store.scalar("SELECT is_episode FROM memory_episodes WHERE source_id = ?", (sid,)) == 1
    assert sum(x.startswith("SELECT (SELECT 1 FROM memory_item_sources") for x in seen) == 0
