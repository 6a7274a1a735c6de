"""Outbox mechanics: atomic claim with a lease, completion, backoff, dead tasks, reclaim,
retry; one transaction per claimed batch with a savepoint per task; the drain and outbox commands."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest

from memcli.errors import BadInputError, ExtractionError, NotFoundError
from memcli.models import Candidate
from memcli.settings import load_settings
from memcli.timeutil import iso, now_utc
from memcli.write import outbox
from memcli.write.extract import Extractor, RuleExtractor, Utterance
from memcli.write.judge import Judge, Neighbor, OfflineJudge, Verdict

pytestmark = pytest.mark.backends


def task_row(mem, task_id: int) -> dict:
    return mem.store.one("SELECT * FROM memory_capture_outbox WHERE id = ?", (task_id,))


def test_claim_is_exclusive_and_leased(fake_mem) -> None:
    ids = [fake_mem.capture(f"我喜欢第{i}本书").outbox_id for i in range(5)]
    a = outbox.claim(fake_mem.store, fake_mem.settings, "worker-a", 3)
    b = outbox.claim(fake_mem.store, fake_mem.settings, "worker-b", 10)
    assert [t.id for t in a] == ids[:3] and [t.id for t in b] == ids[3:]
    assert outbox.claim(fake_mem.store, fake_mem.settings, "worker-c", 10) == []
    row = task_row(fake_mem, ids[0])
    assert (row["status"], row["lease_owner"], row["attempts"]) == ("processing", "worker-a", 1)
    assert a[0].content == "我喜欢第0本书" and a[0].role == "user"


def test_expired_lease_is_reclaimed_and_the_old_owner_cannot_complete(fake_mem) -> None:
    tid = fake_mem.capture("I live in Paris").outbox_id
    [t] = outbox.claim(fake_mem.store, fake_mem.settings, "a", 1)
    later = now_utc() + timedelta(seconds=fake_mem.settings.lease_s + 1)
    [t2] = outbox.claim(fake_mem.store, fake_mem.settings, "b", 1, now=later)
    assert t2.id == tid and t2.attempts == 2
    with pytest.raises(outbox.LeaseLostError), fake_mem.store.tx():
        outbox.complete(fake_mem.store, t)
    with fake_mem.store.tx():
        outbox.complete(fake_mem.store, t2)
    assert task_row(fake_mem, tid)["status"] == "done"


def test_a_claim_takes_the_first_due_of_pending_and_expired_leases_together(fake_mem) -> None:
    """Pending tasks and tasks whose lease expired are claimed in one order — when they are due
    (``next_attempt_at``), then id — cut at the limit; with a user, that user's alone; a task not
    yet due waits. (SQLite reads each status in its index order and merges the two.)"""
    st = fake_mem.store
    ids = [fake_mem.capture(f"I like the book number {i}").outbox_id for i in range(7)]
    ids.append(st.capture("bob", role="user", session=None, content="I live in Oslo", occurred_at=now_utc(),
                          key="bob-1", now=now_utc()).outbox_id)
    assert [t.id for t in outbox.claim(st, fake_mem.settings, "a", 3)] == ids[:3]  # leased: processing
    now = now_utc()
    later = now + timedelta(seconds=fake_mem.settings.lease_s + 1)  # their leases have expired
    base = now - timedelta(days=10)
    due = {0: base + timedelta(hours=3), 1: base + timedelta(hours=1), 2: base + timedelta(hours=5),
           3: base + timedelta(hours=2), 4: base + timedelta(hours=1), 5: base + timedelta(hours=4),
           6: now + timedelta(days=10), 7: base}
    with st.tx():
        for i, at in due.items():
            st.x("UPDATE memory_capture_outbox SET next_attempt_at = ? WHERE id = ?",
                 (iso(at) if st.dialect == "sqlite" else at, ids[i]))
    # due first: 7 (bob), then 1 and 4 (one time: id order; 1 leased, 4 pending), then 3
    got = outbox.claim(st, fake_mem.settings, "b", 4, now=later)
    assert [t.id for t in got] == [ids[1], ids[3], ids[4], ids[7]]
    assert {t.id: t.attempts for t in got} == {ids[1]: 2, ids[3]: 1, ids[4]: 1, ids[7]: 1}
    # alice's next two: 0 (lease expired) before 5 (pending); 2 is due after them
    assert [t.id for t in outbox.claim(st, fake_mem.settings, "c", 2, user="alice", now=later)] == [ids[0], ids[5]]
    assert [t.id for t in outbox.claim(st, fake_mem.settings, "d", 10, user="bob", now=later)] == []
    assert [t.id for t in outbox.claim(st, fake_mem.settings, "d", 10, now=later)] == [ids[2]]  # 6 is not due
    # once 6 is due, every lease above has expired too: all eight again, 6 among them
    assert [t.id for t in outbox.claim(st, fake_mem.settings, "e", 10, now=now + timedelta(days=11))] == ids


def test_reclaim_expired_returns_tasks_to_pending(fake_mem) -> None:
    tid = fake_mem.capture("I live in Paris").outbox_id
    outbox.claim(fake_mem.store, fake_mem.settings, "a", 1)
    assert outbox.reclaim_expired(fake_mem.store) == 0
    assert outbox.reclaim_expired(fake_mem.store, now=now_utc() + timedelta(seconds=fake_mem.settings.lease_s + 1)) == 1
    assert task_row(fake_mem, tid)["status"] == "pending"


def test_backoff_is_exponential_with_jitter_and_capped() -> None:
    s = load_settings(backoff_base_s=2.0, backoff_max_s=60.0)
    rng = random.Random(7)
    d = [backoff for backoff in (outbox.backoff_s(n, s, rng) for n in (1, 2, 3, 4, 10))]
    assert 1.0 <= d[0] <= 2.0 and 2.0 <= d[1] <= 4.0 and 4.0 <= d[2] <= 8.0 and 8.0 <= d[3] <= 16.0
    assert 30.0 <= d[4] <= 60.0


def test_failures_retry_with_backoff_then_dead_with_the_error_kept(mem) -> None:
    settings = mem.settings.model_copy(update={"max_attempts": 3})
    tid = mem.capture("我住在上海").outbox_id
    outcomes = []
    for _ in range(3):
        [t] = outbox.claim(mem.store, settings, "w", 1, now=now_utc() + timedelta(days=1))
        outcomes.append(outbox.fail(mem.store, settings, t, "ExtractionError: boom"))
        row = task_row(mem, tid)
        if outcomes[-1] == "retried":
            assert row["status"] == "pending" and row["next_attempt_at"] > row["updated_at"]
    assert outcomes == ["retried", "retried", "dead"]
    row = task_row(mem, tid)
    assert (row["status"], row["attempts"], row["last_error"]) == ("dead", 3, "ExtractionError: boom")
    st = outbox.status(mem.store, "alice")
    assert st.counts["dead"] == 1 and st.dead[0].text == "我住在上海"
    assert outbox.retry(mem.store, tid, user="alice") == [tid]
    row = task_row(mem, tid)
    assert (row["status"], row["attempts"]) == ("pending", 0)


def test_retry_bad_input(mem) -> None:
    tid = mem.capture("我住在上海").outbox_id
    with pytest.raises(BadInputError, match="not dead"):
        outbox.retry(mem.store, tid, user="alice")
    with pytest.raises(NotFoundError):
        outbox.retry(mem.store, tid, user="bob")  # another user's task is not found
    with pytest.raises(BadInputError):
        outbox.retry(mem.store, None)


class Exploding(Judge):
    """A judge that fails after the task already wrote its first candidate."""

    name = "exploding"

    def judge(self, candidate: Candidate, neighbors: list[Neighbor]) -> Verdict:
        raise ExtractionError("judge unavailable")


def test_a_failure_mid_task_rolls_back_that_task_only(mem) -> None:
    mem.capture("我每天早上跑步，我经常周末爬山")  # 2nd candidate: cosine 0.70 to the 1st, gray zone → judge
    ok = mem.capture("I'm allergic to peanuts").outbox_id
    s = mem.drain(judge=Exploding())
    assert (s.done, s.retried) == (1, 1) and "judge unavailable" in s.errors[0]
    assert [i.statement for i in mem.list(include_all=True)] == ["I'm allergic to peanuts"]
    n_events = mem.store.scalar("SELECT count(*) FROM memory_events")
    assert n_events == 1  # nothing of the failed task: no item, no event
    assert task_row(mem, ok)["status"] == "done"


class FailsOnHiking(OfflineJudge):
    """The rule judge, except that it fails on a statement about hiking (爬山): one task of a batch
    fails after it already wrote its first candidate."""

    name = "fails-on-hiking"

    def judge(self, candidate: Candidate, neighbors: list[Neighbor]) -> Verdict:
        if "爬山" in candidate.statement:
            raise ExtractionError("judge unavailable for this one")
        return super().judge(candidate, neighbors)


def test_a_failing_task_in_a_batch_rolls_back_alone_and_the_batch_commits_once(mem, db) -> None:
    """Five tasks in one claimed batch; the third writes its first clause, then fails on its second.
    The other four commit, together, at the end of the batch (a second connection sees none of them
    while the batch is written); the third leaves no item, no event, no link, and goes back to pending."""
    from memcli import Memory

    texts = ["I'm allergic to peanuts", "My sister lives in Lyon", "我每天早上跑步，我经常周末爬山",
             "I play the piano on Sundays", "我的狗叫旺财"]
    ids = [mem.capture(t).outbox_id for t in texts]
    seen_during: list[int] = []
    with Memory(db=db, user="alice") as other:  # another connection onto the same database
        s = mem.drain(judge=FailsOnHiking(mem.settings), progress=lambda n: seen_during.append(
            other.store.scalar("SELECT count(*) FROM memory_items")))
        assert other.store.scalar("SELECT count(*) FROM memory_items") == 4  # after the commit: all four
    assert s.claimed == 5 and (s.done, s.retried, s.dead) == (4, 1, 0)
    assert seen_during == [0] * 5  # one transaction for the batch: nothing visible before its commit
    assert "judge unavailable for this one" in s.errors[0]
    kept = sorted(i.statement for i in mem.list(include_all=True))
    assert kept == sorted(t for i, t in enumerate(texts) if i != 2)  # nothing of 我每天早上跑步 either
    assert mem.store.scalar("SELECT count(*) FROM memory_events") == 4
    assert mem.store.scalar("SELECT count(*) FROM memory_item_sources WHERE source_id = ?",
                            (task_row(mem, ids[2])["source_id"],)) == 0
    failed = task_row(mem, ids[2])
    assert (failed["status"], failed["attempts"], failed["lease_owner"]) == ("pending", 1, None)
    assert "judge unavailable" in failed["last_error"]
    assert [task_row(mem, i)["status"] for i in ids[:2] + ids[3:]] == ["done"] * 4


class SecondSignal(Judge):
    """A judge interrupted by a second Ctrl-C: the batch's transaction cannot commit."""

    name = "second-signal"

    def judge(self, candidate: Candidate, neighbors: list[Neighbor]) -> Verdict:
        raise KeyboardInterrupt


def test_a_batch_is_one_transaction_a_batch_that_cannot_commit_leaves_nothing(mem) -> None:
    import threading

    first = mem.capture("I'm allergic to peanuts").outbox_id  # written (in its savepoint) before the interrupt
    second = mem.capture("我每天早上跑步，我经常周末爬山").outbox_id  # reaches the judge
    s = mem.drain(judge=SecondSignal(), stop=threading.Event())
    assert s.interrupted and (s.done, s.added, s.released) == (0, 0, 2) and s.done_ids == []
    assert mem.store.scalar("SELECT count(*) FROM memory_items") == 0
    assert mem.store.scalar("SELECT count(*) FROM memory_events") == 0
    for task_id in (first, second):
        row = task_row(mem, task_id)
        assert (row["status"], row["attempts"], row["lease_owner"]) == ("pending", 0, None)
    s = mem.drain()  # the next drain does both, in one batch
    assert (s.claimed, s.done) == (2, 2)
    assert {task_row(mem, i)["status"] for i in (first, second)} == {"done"}


class Broken(Extractor):
    name = "broken"

    def extract(self, utt: Utterance) -> list[Candidate]:
        if "boom" in utt.text:
            raise ExtractionError("cannot parse")
        return RuleExtractor().extract(utt)


def test_drain_counts_and_stage_times(mem) -> None:
    settings = mem.settings
    mem.settings = settings.model_copy(update={"max_attempts": 1, "drain_batch_size": 2})
    for t in ["我咖啡不加糖", "boom", "I love cats", "明天下午三点开会", "I love cats!"]:
        mem.capture(t)
    s = mem.drain(extractor=Broken())
    assert (s.claimed, s.done, s.dead, s.retried) == (5, 4, 1, 0)
    assert (s.candidates, s.added, s.reinforced) == (3, 2, 1)
    assert set(s.seconds) == {"claim", "extract", "embed", "decide", "write", "total"}
    assert sorted(s.done_ids) == s.done_ids and len(s.done_ids) == 4
    assert mem.drain().claimed == 0  # the dead task is not claimed again


def test_drain_limit_and_user_scope(mem) -> None:
    from memcli import Memory

    bob = Memory(db=str(mem.store.path), user="bob")
    try:
        bob.capture("I live in Rome")
        for i in range(3):
            mem.capture(f"I like book {i}")
        assert mem.drain(limit=2).claimed == 2
        assert bob.list() == []  # alice's drain never touched bob's task
        assert mem.drain().claimed == 1  # a Memory drains its own user only
        assert bob.list() == []
        from memcli.admin import Admin

        with Admin(db=str(mem.store.path)) as adm:
            adm._embedder = mem.embedder
            s = adm.drain()  # the worker: every user
        assert s.claimed == 1 and [i.statement for i in bob.list()] == ["I live in Rome"]
    finally:
        bob.close()


def test_cli_drain_json_and_outbox(cli) -> None:
    assert cli("--user", "alice", "capture", "我妈妈的生日是3月5号").exit_code == 0
    assert cli("--user", "alice", "capture", "My sister lives in Lyon").exit_code == 0
    r = cli("outbox", "--json")
    assert r.exit_code == 0 and r.json()["counts"]["pending"] == 2 and r.json()["oldest_pending_age_s"] >= 0
    r = cli("--user", "alice", "drain", "--json")
    assert r.exit_code == 0, r.stderr
    j = r.json()
    assert (j["claimed"], j["done"], j["added"], j["dead"]) == (2, 2, 2, 0)
    assert j["seconds"]["embed"] >= 0 and j["user"] == "alice"
    assert cli("outbox", "--json").json()["counts"]["done"] == 2
    r = cli("--user", "alice", "drain")
    assert r.exit_code == 0 and "drained 0/0" in r.stderr


def test_cli_outbox_retry(cli, mem) -> None:
    tid = mem.capture("我住在上海").outbox_id
    mem.store.x("UPDATE memory_capture_outbox SET status = 'dead', last_error = 'x' WHERE id = ?", (tid,))
    r = cli("outbox")
    assert r.exit_code == 0 and "dead 1" in r.stdout and "我住在上海" in r.stdout
    r = cli("outbox", "retry", "--all-dead", "--json")
    assert r.exit_code == 0 and r.json() == {"requeued": [tid]}
    r = cli("outbox", "retry", str(tid))
    assert r.exit_code == 2 and "not dead" in r.stderr and "Traceback" not in r.stderr
    r = cli("outbox", "retry", "999")
    assert r.exit_code == 3
    r = cli("outbox", "retry")
    assert r.exit_code == 2 and "--all-dead" in r.stderr


def test_drain_loop_stops_at_max_seconds(mem) -> None:
    mem.capture("I live in Paris")
    s = mem.drain(loop=True, interval_s=0.05, max_seconds=0.5)
    assert (s.claimed, s.done, s.added) == (1, 1, 1)


def test_background_drain_is_not_spawned_twice_for_one_user(mem) -> None:
    from memcli.write.trigger import background_lock, spawn_background_drain

    with background_lock(mem.settings) as free:
        assert free
        assert spawn_background_drain(mem.settings) is None  # one is already running for alice
    with background_lock(mem.settings.model_copy(update={"user": "bob"})) as free_bob:
        assert free_bob  # the lock is per user


def test_drain_bad_input_and_config(cli, monkeypatch) -> None:
    r = cli("drain", "--limit", "0")
    assert r.exit_code == 2 and "Traceback" not in r.stderr
    cli("--user", "alice", "capture", "I live in Paris")
    monkeypatch.setenv("MEMCLI_EXTRACTOR", "bogus")
    r = cli("drain")
    assert r.exit_code == 2 and r.stderr.strip().startswith("memcli: error: unknown extractor 'bogus'")
    monkeypatch.setenv("MEMCLI_EXTRACTOR", "llm")  # no endpoint configured
    r = cli("drain")
    assert r.exit_code == 2 and "llm_base_url" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    monkeypatch.delenv("MEMCLI_EXTRACTOR")
    monkeypatch.setenv("MEMCLI_JUDGE", "nonsense")
    r = cli("drain")
    assert r.exit_code == 2 and "unknown judge" in r.stderr
    monkeypatch.delenv("MEMCLI_JUDGE")
    assert cli("outbox", "--json").json()["counts"]["pending"] == 1  # nothing was claimed
