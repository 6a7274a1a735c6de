"""Round 36: the drain's look-ahead and its writer share the work by who has time, and a prepared batch reaches
the writer as soon as it is ready.

- The look-ahead leaves a batch's readings to the writer when the writer already waits for that batch
  (:func:`memcli.write.precompute.texts` with ``enough``): the writer computes what was not sent, the same values,
  so a drain whose look-ahead never has time for them writes every table as one without a look-ahead.
- A batch that cannot commit gives back its ids and counters only (the summary's lists cut back, not copied each
  batch).
- The look-ahead's own thread pickles and writes each batch into a pipe large enough for the batches ahead
  (:func:`memcli.write.prepare._pipe`), so a send never waits for the writer; with the writer gone a send fails at
  once instead of hanging.
"""

from __future__ import annotations

import gc
import multiprocessing
import sys
import threading
from datetime import UTC, datetime
from pathlib import Path

import pytest
from _procs import utterances
from test_drain_ahead import _drain

from memcli import primed
from memcli.models import Candidate
from memcli.write import precompute, prepare, worker
from memcli.write.judge import Neighbor, OfflineJudge, Verdict

N_USERS = 3


@pytest.fixture(autouse=True)
def _one_thread(monkeypatch) -> None:  # noqa: ANN001
    """The drain forks only in a process with no other thread (an idle one an earlier test left does not count)."""
    monkeypatch.setattr(worker.threading, "active_count", lambda: 1)


def _batch() -> tuple[list, list, list]:
    """Two user turns of our own (round 36), extracted by the default extractor: (tasks, candidates, plan)."""
    from memcli.settings import Settings
    from memcli.write.backends import get_extractor
    from memcli.write.extract import MemoryExtractionService, Utterance
    from memcli.write.outbox import Task

    said = datetime(2026, 3, 14, 9, tzinfo=UTC)
    lines = ["My nephew Bastien collects vintage slide rules from flea markets in Lyon.",
             "我表姐在青岛开了一家卖手工皂的小店。"]
    svc = MemoryExtractionService(get_extractor(Settings()))
    got = svc.extract_batch([Utterance(i, "u36", "user", t, said) for i, t in enumerate(lines)])
    tasks = [Task(id=i, source_id=i, user="u36", attempts=1, owner="t", role="user", content=t, occurred_at=said)
             for i, t in enumerate(lines)]
    assert all(got) and all(not isinstance(g, Exception) for g in got)
    return tasks, got, [(False, False, False)] * len(lines)


def test_readings_stop_when_the_writer_waits() -> None:
    """Round 45: what the look-ahead leaves to the waiting writer is noted as read — the writer reads it itself and
    keeps it — so a later batch that says it again neither computes nor sends it (the candidates and the turns)."""
    tasks, got, _ = _batch()
    plan = [(False, True, False)] * len(tasks)  # both turns kept as would-be episodes: their terms are read too
    asked: list[int] = []

    def after_first() -> bool:  # the writer starts waiting once the first turn is read
        asked.append(1)
        return len(asked) > 1

    primed.take()  # (what earlier tests noted)
    primed.recording(True)
    try:
        precompute.forget()
        precompute.texts(tasks, got, plan, enough=lambda: True)
        none = primed.take()
        precompute.texts(tasks, got, plan)  # a later batch saying them again: the writer has read them
        again = {k: v for k, v in primed.take().items() if ".pair_dates." not in k}  # (dates: per turn, said when)
        precompute.forget()  # (a new look-ahead process)
        precompute.texts(tasks, got, plan, enough=after_first)
        first = primed.take()
        precompute.texts(tasks, got, plan)
        rest = primed.take()
    finally:
        primed.recording(False)
        precompute.forget()
    assert none == {} and again == {}  # the writer was waiting from the start: nothing read for it, then or later
    said = {args[0] for pairs in first.values() for args, _ in pairs}
    assert {c.statement for c in got[0]} <= said and not {c.statement for c in got[1]} & said
    assert tasks[0].content in said and tasks[1].content not in said  # the kept turn's terms (no name addressed)
    assert rest == {}  # the first turn was read and sent, the second left to the writer: neither is read again


def test_a_look_ahead_that_never_reads_for_the_writer_writes_the_same_tables(tmp_path: Path, embedder,
                                                                               monkeypatch) -> None:
    """Every reading left to the writer (as when it waits for every batch): the tables of a drain alone."""
    real = precompute.texts
    monkeypatch.setattr(precompute, "texts", lambda tasks, extracted, episodes, enough=None:
                        real(tasks, extracted, episodes, enough=lambda: True))  # (the forked process inherits it)
    recs = utterances(64, seed=36, user_count=N_USERS)
    s1, ahead, memo1 = _drain(tmp_path / "a.db", recs, embedder, ahead=True)
    monkeypatch.setattr(precompute, "texts", real)
    s0, alone, memo0 = _drain(tmp_path / "b.db", recs, embedder, ahead=False)
    assert "wait" in s1.seconds and s0.added > 10
    assert (s1.done, s1.added, s1.updated, s1.conflicted) == (s0.done, s0.added, s0.updated, s0.conflicted)
    assert ahead == alone
    assert [t for t, _ in memo1] == [t for t, _ in memo0]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="F_SETPIPE_SZ is Linux's")
def test_the_pipe_holds_the_batches_ahead() -> None:
    import fcntl

    theirs, ours = prepare._pipe(multiprocessing.get_context("fork"))
    try:
        assert fcntl.fcntl(ours.fileno(), 1032) >= prepare.PIPE_BYTES  # F_GETPIPE_SZ
        big = ("ok", b"x" * (prepare.PIPE_BYTES // 3))
        for _ in range(2):  # two batches of a third of the buffer each: sent with nobody reading yet
            assert prepare._send(ours, big)
        assert theirs.poll(0) and theirs.recv() == big and theirs.recv() == big and not theirs.poll(0)
    finally:
        theirs.close()
        ours.close()


def test_a_send_to_a_writer_gone_fails_at_once() -> None:
    theirs, ours = prepare._pipe(multiprocessing.get_context("fork"))
    theirs.close()
    try:
        assert prepare._send(ours, ("ok", b"x" * 1000)) is False
    finally:
        ours.close()


class _SignalOnSaturday(OfflineJudge):
    """The offline judge, interrupted by a second Ctrl-C when a candidate tells of Saturdays."""

    name = "signal-on-saturday"

    def judge(self, candidate: Candidate, neighbors: list[Neighbor]) -> Verdict:
        if "Saturday" in candidate.statement:
            raise KeyboardInterrupt
        return super().judge(candidate, neighbors)


def test_a_batch_that_cannot_commit_gives_back_its_ids_and_counters_only(db: str, embedder) -> None:
    """Round 36: the summary's lists are cut back to their lengths when a batch does not commit (no longer copied
    every batch): the batches before it keep their ids and counts, the failed one leaves none."""
    from memcli import Memory

    with Memory(db=db, user="ines", embedder=embedder, drain_batch_size=2, drain_ahead=False) as m:
        kept = [m.capture(t).outbox_id for t in ("I'm allergic to hazelnuts", "My sister Maud lives in Ghent")]
        m.capture("I play squash on Sundays")
        m.capture("I play squash on Saturdays")  # reaches the judge (Sundays is its neighbour): no commit
        s = m.drain(judge=_SignalOnSaturday(), stop=threading.Event())
        assert s.interrupted and s.done_ids == kept and s.done == 2 and s.added >= 2 and s.errors == []
        assert m.store.scalar("SELECT count(*) FROM memory_items") == s.added + s.updated + s.conflicted


def _fds() -> int:
    import os

    return len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else -1


def test_a_look_ahead_that_cannot_fork_leaves_the_drain_alone_and_no_pipe_open(tmp_path: Path, embedder,
                                                                                monkeypatch) -> None:
    def no_fork(self) -> None:  # noqa: ANN001
        raise OSError("Resource temporarily unavailable")

    recs = utterances(40, seed=36, user_count=N_USERS)
    monkeypatch.setattr(multiprocessing.get_context("fork").Process, "start", no_fork)
    _drain(tmp_path / "w.db", recs, embedder, ahead=True)  # (the process's shared-memory arena, made once)
    gc.collect()
    was = _fds()
    s1, alone1, _ = _drain(tmp_path / "a.db", recs, embedder, ahead=True)
    gc.collect()  # (the request queue's pipe is closed when it is collected)
    assert _fds() == was  # no pipe left open by a process that could not start
    monkeypatch.undo()
    s0, alone0, _ = _drain(tmp_path / "b.db", recs, embedder, ahead=False)
    assert "wait" not in s1.seconds and s1.done == s0.done == 40 and alone1 == alone0


def test_a_look_ahead_that_dies_fails_the_drain_and_the_next_one_finishes(tmp_path: Path, embedder,
                                                                          monkeypatch) -> None:
    """The look-ahead process killed while it prepares (here: it exits at its third batch): the drain raises
    StoreError, the batches it wrote stay written, the rest go back to the outbox, and the next drain does them."""
    import os

    from test_drain_ahead import _capture

    from memcli.admin import Admin
    from memcli.errors import StoreError

    parent, seen = os.getpid(), []
    real = prepare.prepare

    def dies(worker, tasks, utts, *a, **kw):  # noqa: ANN001,ANN002,ANN003,ANN202
        if os.getpid() != parent:
            seen.append(1)
            if len(seen) == 3:
                os._exit(9)
        return real(worker, tasks, utts, *a, **kw)

    monkeypatch.setattr(prepare, "prepare", dies)
    recs = utterances(64, seed=36, user_count=N_USERS)
    _capture(tmp_path / "d.db", recs, embedder)
    with Admin(db=str(tmp_path / "d.db"), embedder=embedder, drain_batch_size=8, drain_ahead=True) as adm:
        with pytest.raises(StoreError, match="look-ahead process ended"):
            adm.drain()
        n = adm.store.outbox_counts(None)
        done = adm.store.scalar("SELECT count(*) FROM memory_capture_outbox WHERE status = 'done'")
        assert 8 <= done < 64 and n["pending"] == 64 - done and n["processing"] == 0
        monkeypatch.undo()
        s = adm.drain()
        assert s.done == 64 - done and s.dead == 0
        assert adm.store.scalar("SELECT count(*) FROM memory_capture_outbox WHERE status = 'done'") == 64
