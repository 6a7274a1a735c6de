"""The outbox worker's bookkeeping (the seed's MemoryCaptureWorker): claim, complete, fail.

The policy lives here; the atomic claim (one task to exactly one worker) and every statement
are the store's (:meth:`memcli.db.store.MemoryStore.claim_tasks`; SQLite's in
:mod:`memcli.db.outbox`).

- **lease**: a claimed task belongs to its worker until ``lease_until`` (``lease_s``). A
  worker that dies mid-task leaves it ``processing``; once the lease expires any worker
  reclaims it (an expired lease is claimable like a pending task).
- **attempts** count claims, so a task that keeps killing its worker still ends ``dead``.
- **complete** checks the lease owner inside the task's own transaction: a worker whose
  lease was taken over writes nothing (:class:`LeaseLostError` rolls the task back).
- **fail**: exponential backoff with jitter (``backoff_base_s * 2**(attempts-1)``, capped at
  ``backoff_max_s``, then a uniform draw in [½, 1] of it: "equal jitter", AWS Architecture
  Blog 2015), and ``dead`` after ``max_attempts`` with the error kept.
"""

from __future__ import annotations

import os
import random
import socket
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta

from pydantic import BaseModel, Field

from memcli.db.store import MemoryStore
from memcli.errors import BadInputError, MemcliError, NotFoundError
from memcli.settings import Settings
from memcli.timeutil import from_iso, now_utc

__all__ = ["DeadTask", "LeaseLostError", "OutboxStatus", "Task", "backoff_s", "claim", "complete", "complete_many",
           "fail", "held", "lease_lost", "new_owner", "reclaim_expired", "release", "retry", "status"]


class LeaseLostError(MemcliError):
    """Another worker reclaimed the task (our lease expired); this worker's results are dropped."""


@dataclass(frozen=True)
class Task:
    """A claimed outbox task and its source utterance."""

    id: int
    source_id: int
    user: str
    attempts: int
    owner: str
    role: str
    content: str
    occurred_at: datetime


def new_owner() -> str:
    """A worker id: host, pid and a random suffix."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"


def backoff_s(attempts: int, settings: Settings, rng: random.Random | None = None) -> float:
    """Delay before the next attempt after ``attempts`` failed ones, seconds (equal jitter)."""
    base = min(settings.backoff_max_s, settings.backoff_base_s * 2 ** max(0, attempts - 1))
    return base * (0.5 + 0.5 * (rng or random).random())


def claim(store: MemoryStore, settings: Settings, owner: str, limit: int, user: str | None = None,
          now: datetime | None = None) -> list[Task]:
    """Atomically lease up to ``limit`` claimable tasks (oldest due first) to ``owner``.

    Claimable: ``pending`` and due (``next_attempt_at <= now``), or ``processing`` with an
    expired lease. A task whose lease expired after its last allowed attempt turns ``dead``
    instead (its worker kept dying). ``user``: only that user's tasks (None: every user).
    """
    now = now or now_utc()
    rows = store.claim_tasks(owner=owner, limit=limit, now=now, lease_until=now + timedelta(seconds=settings.lease_s),
                             max_attempts=settings.max_attempts, user=user)
    return [Task(id=r["id"], source_id=r["source_id"], user=r["user_id"], attempts=r["attempts"], owner=owner,
                 role=r["role"], content=r["content"], occurred_at=from_iso(r["occurred_at"])) for r in rows]


def release(store: MemoryStore, tasks: list[Task]) -> int:
    """Give claimed tasks back at once (an interrupted worker): pending again with their place
    in the queue (``next_attempt_at`` unchanged, so already due and first in line), the claim's
    attempt returned, lease cleared — only those still leased to their owner. Returns how many
    were released."""
    if not tasks:
        return 0
    return store.release_tasks([(t.id, t.owner) for t in tasks], now_utc())


def complete(store: MemoryStore, task: Task) -> None:
    """Mark ``task`` done; call inside the transaction that wrote its results.

    Raises:
        LeaseLostError: the lease was taken over by another worker (roll back everything).
    """
    if not store.complete_task(task.id, owner=task.owner, now=now_utc()):
        raise lease_lost(task)


def held(store: MemoryStore, tasks: list[Task]) -> set[int] | None:
    """Ids of ``tasks`` still leased to their owner, read once (one statement) inside a write
    transaction during which no other worker can change a lease — SQLite's writer lock, held from
    ``BEGIN IMMEDIATE`` to the commit — so every completion in it can be checked against this set and
    written together at its end (:func:`complete_many`). None: the backend gives no such promise
    (PostgreSQL: another worker may reclaim an expired lease meanwhile); :func:`complete` each task."""
    read = getattr(store, "held_tasks", None)
    if read is None or not tasks:
        return None
    return read([t.id for t in tasks], tasks[0].owner) if len({t.owner for t in tasks}) == 1 else None


def lease_lost(task: Task) -> LeaseLostError:
    return LeaseLostError(f"outbox task {task.id}: lease lost to another worker; results dropped")


def complete_many(store: MemoryStore, tasks: list[Task]) -> None:
    """Mark ``tasks`` done in one statement, at the end of the transaction that wrote their results
    and in which :func:`held` found them leased (so each still is).

    Raises:
        LeaseLostError: a task was not ``processing`` under its owner (roll the transaction back).
    """
    if not tasks:
        return
    if store.complete_tasks([t.id for t in tasks], owner=tasks[0].owner, now=now_utc()) != len(tasks):  # type: ignore[attr-defined]
        raise LeaseLostError(f"outbox tasks {[t.id for t in tasks]}: a lease was lost; results dropped")


def fail(store: MemoryStore, settings: Settings, task: Task, error: str, now: datetime | None = None) -> str:
    """Record a failed attempt: ``"retried"`` (pending after a backoff) or ``"dead"``.

    The error is kept (first line, at most 500 characters). A task no longer leased to this
    worker is left alone (``"lost"``).
    """
    now = now or now_utc()
    err = (str(error).splitlines() or [""])[0][:500]
    dead = task.attempts >= settings.max_attempts
    retry_at = None if dead else now + timedelta(seconds=backoff_s(task.attempts, settings))
    if not store.fail_task(task.id, owner=task.owner, error=err, now=now, retry_at=retry_at):
        return "lost"
    return "dead" if dead else "retried"


def reclaim_expired(store: MemoryStore, now: datetime | None = None, user: str | None = None) -> int:
    """Return tasks whose lease expired to ``pending`` (due now); returns how many.

    ``claim`` already treats them as claimable; this is for ``outbox`` housekeeping.
    """
    return store.reclaim_expired(now or now_utc(), user)


class DeadTask(BaseModel):
    id: int
    user: str
    source_id: int
    attempts: int
    last_error: str | None
    updated_at: datetime
    text: str = Field(description="the captured utterance (first 80 characters)")


class OutboxStatus(BaseModel):
    """``memcli outbox``: counts by status, the oldest pending age, the dead tasks."""

    user: str | None = Field(description="None: every user")
    counts: dict[str, int]
    oldest_pending_age_s: float | None = Field(description="seconds since the oldest pending task was captured")
    expired_leases: int
    dead: list[DeadTask]


def status(store: MemoryStore, user: str | None = None, now: datetime | None = None,
           dead_limit: int = 50) -> OutboxStatus:
    """Counts by status, oldest pending age (seconds), expired leases and the dead tasks."""
    now = now or now_utc()
    counts = store.outbox_counts(user)
    oldest, expired = store.outbox_health(now, user)
    dead = [DeadTask(id=r["id"], user=r["user_id"], source_id=r["source_id"], attempts=r["attempts"],
                     last_error=r["last_error"], updated_at=from_iso(r["updated_at"]), text=(r["content"] or "")[:80])
            for r in store.dead_tasks(user, dead_limit)]
    age = (now - from_iso(oldest)).total_seconds() if oldest else None
    return OutboxStatus(user=user, counts=counts, oldest_pending_age_s=age, expired_leases=expired, dead=dead)


def retry(store: MemoryStore, task_id: int | None = None, *, all_dead: bool = False,
          user: str | None = None) -> list[int]:
    """Re-queue dead tasks (pending now, attempts reset); returns their ids.

    Raises:
        NotFoundError: no task ``task_id`` (for ``user``, if given).
        BadInputError: the task is not dead, or neither an id nor ``all_dead`` was given.
    """
    if task_id is None and not all_dead:
        raise BadInputError("give a task id or all_dead=True")
    with store.tx():
        if task_id is not None:
            state = store.task_status(int(task_id), user)
            if state is None:
                raise NotFoundError(f"no outbox task with id {task_id}" + (f" for user {user!r}" if user else ""))
            if state != "dead":
                raise BadInputError(f"outbox task {task_id} is {state}, not dead; nothing to retry")
            ids = [int(task_id)]
        else:
            ids = store.dead_task_ids(user)
        store.requeue_tasks(ids, now_utc())
    return ids
