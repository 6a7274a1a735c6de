"""Round 41 (issue 24): on SQLite the drain claims the look-ahead's next batch inside the transaction that writes the
batch in hand (:meth:`memcli.write.worker.MemoryCaptureWorker._process_batch`, ``then``): one ``BEGIN IMMEDIATE`` …
``COMMIT`` a batch instead of two, the claim's leases committed with the batch's writes — and gone with them when
the batch does not commit, its tasks pending again and not counted as claimed."""

from __future__ import annotations

from pathlib import Path

import pytest
from _procs import utterances
from test_drain_ahead import _capture

from memcli.admin import Admin
from memcli.errors import StoreError
from memcli.write import outbox, worker

N_USERS = 3


@pytest.fixture(autouse=True)
def _one_thread(monkeypatch) -> None:  # noqa: ANN001
    """The drain forks only in a process with no other thread (an idle one an earlier test left does not count)."""
    monkeypatch.setattr(worker.threading, "active_count", lambda: 1)


def _statuses(adm: Admin) -> dict[str, int]:
    return {r["status"]: r["n"] for r in adm.store.q(
        "SELECT status, count(*) AS n FROM memory_capture_outbox GROUP BY status")}


def test_a_drain_with_the_look_ahead_commits_once_a_batch(tmp_path: Path, embedder) -> None:
    _capture(tmp_path / "c.db", utterances(64, seed=41, user_count=N_USERS), embedder)
    with Admin(db=str(tmp_path / "c.db"), embedder=embedder, drain_batch_size=8, drain_ahead=True) as adm:
        commits: list[int] = []
        adm.store.conn.set_commit_hook(lambda: commits.append(1) or False)
        s = adm.drain()
        adm.store.conn.set_commit_hook(None)
    assert "wait" in s.seconds  # the look-ahead prepared the batches after the first
    assert (s.done, s.claimed, s.dead) == (64, 64, 0)
    # 8 batches written, each one commit; claims of their own: the first batch, the two claimed ahead after it
    # (batches 2 and 3), and the two that found nothing left (with the last batch in hand, and after it); each of
    # batches 4 to 8 was claimed inside the transaction of the batch two before it (main: 8 + 11 commits)
    assert len(commits) == 8 + 5


def test_a_batch_that_does_not_commit_takes_its_claim_of_the_next_batch_along(tmp_path: Path, embedder,
                                                                              monkeypatch) -> None:
    _capture(tmp_path / "f.db", utterances(48, seed=14, user_count=N_USERS), embedder)
    real = outbox.complete_many
    calls: list[int] = []

    def complete_many(store, tasks) -> None:  # noqa: ANN001
        calls.append(len(tasks))
        if len(calls) == 3:  # the third batch: it claimed the fifth in its transaction
            raise StoreError("disk I/O error (a test's)")
        real(store, tasks)

    monkeypatch.setattr(worker.outbox, "complete_many", complete_many)
    with Admin(db=str(tmp_path / "f.db"), embedder=embedder, drain_batch_size=8, drain_ahead=True) as adm:
        with pytest.raises(StoreError, match="a test's"):
            adm.drain()
        assert _statuses(adm) == {"done": 16, "pending": 32}  # batches 3 to 6 pending, none left leased
        attempts = {r["a"] for r in adm.store.q(
            "SELECT attempts AS a FROM memory_capture_outbox WHERE status = 'pending'")}
        assert attempts == {0}  # the batch claimed in the failed transaction counts no attempt either
        monkeypatch.setattr(worker.outbox, "complete_many", real)
        s = adm.drain()
        assert (s.done, s.dead) == (32, 0)
