"""Round 39: the claimed batches go to the drain's look-ahead through a pipe the writer's own thread writes
(:class:`memcli.write.prepare.Ahead`), as the prepared ones come back since round 36.

A ``multiprocessing.Queue`` started a feeder thread in the writer at its first batch sent; it woke at every batch
and took the writer's interpreter lock to pickle it. Now the writer runs no thread but its own while the look-ahead
prepares, and a look-ahead that is gone still fails the batch sent to it with the drain's error, not a broken pipe.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from _procs import utterances
from test_drain_ahead import _capture

from memcli.admin import Admin
from memcli.errors import StoreError
from memcli.write import prepare, worker

N_USERS = 3


@pytest.fixture(autouse=True)
def _one_thread(monkeypatch) -> None:  # noqa: ANN001
    """The drain forks only in a process with no other thread (an idle one an earlier test left does not count)."""
    monkeypatch.setattr(worker.threading, "active_count", lambda: 1)


def test_the_writer_runs_no_other_thread_while_the_look_ahead_prepares(tmp_path: Path, embedder,
                                                                       monkeypatch) -> None:
    recs = utterances(48, seed=39, user_count=N_USERS)
    _capture(tmp_path / "p.db", recs, embedder)
    before = set(threading.enumerate())
    extra: list[set[str]] = []
    real = worker.MemoryCaptureWorker._process_batch

    def process(self, tasks, *a, **kw):  # noqa: ANN001,ANN002,ANN003,ANN202
        extra.append({t.name for t in set(threading.enumerate()) - before})
        return real(self, tasks, *a, **kw)

    monkeypatch.setattr(worker.MemoryCaptureWorker, "_process_batch", process)
    with Admin(db=str(tmp_path / "p.db"), embedder=embedder, drain_batch_size=8, drain_ahead=True) as adm:
        s = adm.drain()
    assert "wait" in s.seconds  # the look-ahead prepared the batches after the first
    assert s.done == 48 and s.dead == 0
    assert len(extra) == 6
    assert extra == [set()] * 6  # no feeder thread (QueueFeederThread) beside the writer's at any batch


def test_a_batch_sent_to_a_look_ahead_that_is_gone_fails_with_the_drains_error(tmp_path: Path, embedder) -> None:
    with Admin(db=str(tmp_path / "g.db"), embedder=embedder, drain_ahead=True) as adm:
        ahead = prepare.Ahead(adm.worker)
        try:
            ahead.proc.terminate()
            ahead.proc.join()
            ahead.submit([])  # the pipe's other end is closed: nothing raised here
            with pytest.raises(StoreError, match="look-ahead process ended"):
                ahead.result()
        finally:
            ahead.close(memo=False)
