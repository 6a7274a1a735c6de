"""The outbox worker's bookkeeping (the seed's MemoryCaptureWorker): claim, complete, fail.

SQLite has no ``SELECT … FOR UPDATE SKIP LOCKED``. Its equivalent here: ``BEGIN IMMEDIATE``
(one writer at a time) + ``UPDATE … SET status='processing', lease_until=…, lease_owner=…
WHERE id IN (claimable) RETURNING …`` — a task is claimed by exactly one worker.

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

from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.errors import BadInputError, MemcliError, NotFoundError
from memcli.settings import Settings
from memcli.timeutil import from_iso, iso, now_utc

__all__ = ["DeadTask", "LeaseLostError", "OutboxStatus", "Task", "backoff_s", "claim", "complete", "fail",
           "new_owner", "reclaim_expired", "release", "retry", "status"]


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


def claim(store: Store, settings: Settings, owner: str, limit: int, user: str | None = None,
          now: datetime | None = None) -> list[Task]:
    """Atomically lease up to ``limit`` claimable tasks (oldest due first) to ``owner``.

    Claimable: ``pending`` and due (``next_attempt_at <= now``), or ``processing`` with an
    expired lease. A task whose lease expired after its last allowed attempt turns ``dead``
    instead (its worker kept dying). ``user``: only that user's tasks (None: every user).
    """
    now = now or now_utc()
    lease = iso(now + timedelta(seconds=settings.lease_s))
    t = iso(now)
    where = "((status = 'pending' AND next_attempt_at <= :t) OR (status = 'processing' AND lease_until < :t))"
    params: dict = {"t": t, "lease": lease, "owner": owner, "limit": int(limit), "max": settings.max_attempts}
    if user is not None:
        where += " AND user_id = :user"
        params["user"] = user
    with store.tx():
        store.x(f"""UPDATE {s.OUTBOX} SET status = 'dead', lease_until = NULL, lease_owner = NULL, updated_at = :t,
                    last_error = 'lease expired after attempt ' || attempts || ' (worker stopped mid-task)'
                    WHERE status = 'processing' AND lease_until < :t AND attempts >= :max"""
                + (" AND user_id = :user" if user is not None else ""), {k: v for k, v in params.items()
                                                                          if k in ("t", "max", "user")})
        rows = store.q(
            f"""UPDATE {s.OUTBOX} SET status = 'processing', lease_until = :lease, lease_owner = :owner,
                attempts = attempts + 1, updated_at = :t
                WHERE id IN (SELECT id FROM {s.OUTBOX} WHERE {where} ORDER BY next_attempt_at, id LIMIT :limit)
                RETURNING id, source_id, user_id, attempts""", params)
        if not rows:
            return []
        marks = ",".join("?" * len(rows))
        src = {r["id"]: r for r in store.q(
            f"SELECT id, role, content, occurred_at FROM {s.SOURCES} WHERE id IN ({marks})",
            [r["source_id"] for r in rows])}
    tasks = [Task(id=r["id"], source_id=r["source_id"], user=r["user_id"], attempts=r["attempts"], owner=owner,
                  role=src[r["source_id"]]["role"], content=src[r["source_id"]]["content"],
                  occurred_at=from_iso(src[r["source_id"]]["occurred_at"])) for r in rows]
    return sorted(tasks, key=lambda x: x.id)


def release(store: Store, tasks: list[Task]) -> int:
    """Give claimed tasks back at once (an interrupted worker): pending again with their place
    in the queue (``next_attempt_at`` unchanged, so already due and first in line), the claim's
    attempt returned, lease cleared — only those still leased to their owner. Returns how many
    were released."""
    if not tasks:
        return 0
    t = iso(now_utc())
    n = 0
    with store.tx():
        for task in tasks:
            store.x(f"""UPDATE {s.OUTBOX} SET status = 'pending', lease_until = NULL, lease_owner = NULL,
                        attempts = max(attempts - 1, 0), updated_at = ?
                        WHERE id = ? AND lease_owner = ? AND status = 'processing'""", (t, task.id, task.owner))
            n += store.changes()
    return n


def complete(store: Store, task: Task) -> None:
    """Mark ``task`` done; call inside the transaction that wrote its results.

    Raises:
        LeaseLostError: the lease was taken over by another worker (roll back everything).
    """
    store.x(f"""UPDATE {s.OUTBOX} SET status = 'done', lease_until = NULL, last_error = NULL, updated_at = ?
                WHERE id = ? AND lease_owner = ? AND status = 'processing'""", (iso(now_utc()), task.id, task.owner))
    if store.changes() != 1:
        raise LeaseLostError(f"outbox task {task.id}: lease lost to another worker; results dropped")


def fail(store: Store, settings: Settings, task: Task, error: str, now: datetime | None = None) -> str:
    """Record a failed attempt: ``"retried"`` (pending after a backoff) or ``"dead"``.

    The error is kept (first line, at most 500 characters). A task no longer leased to this
    worker is left alone (``"lost"``).
    """
    now = now or now_utc()
    err = (str(error).splitlines() or [""])[0][:500]
    with store.tx():
        if task.attempts >= settings.max_attempts:
            store.x(f"""UPDATE {s.OUTBOX} SET status = 'dead', lease_until = NULL, lease_owner = NULL,
                        last_error = ?, updated_at = ? WHERE id = ? AND lease_owner = ?""",
                    (err, iso(now), task.id, task.owner))
            outcome = "dead"
        else:
            due = now + timedelta(seconds=backoff_s(task.attempts, settings))
            store.x(f"""UPDATE {s.OUTBOX} SET status = 'pending', lease_until = NULL, lease_owner = NULL,
                        last_error = ?, next_attempt_at = ?, updated_at = ? WHERE id = ? AND lease_owner = ?""",
                    (err, iso(due), iso(now), task.id, task.owner))
            outcome = "retried"
        return outcome if store.changes() == 1 else "lost"


def reclaim_expired(store: Store, now: datetime | None = None, user: str | None = None) -> int:
    """Return tasks whose lease expired to ``pending`` (due now); returns how many.

    ``claim`` already treats them as claimable; this is for ``outbox`` housekeeping.
    """
    t = iso(now or now_utc())
    sql = (f"UPDATE {s.OUTBOX} SET status = 'pending', lease_until = NULL, lease_owner = NULL, next_attempt_at = ?, "
           f"updated_at = ? WHERE status = 'processing' AND lease_until < ?")
    params: list = [t, t, t]
    if user is not None:
        sql += " AND user_id = ?"
        params.append(user)
    with store.tx():
        store.x(sql, params)
        return store.changes()


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


def status(store: Store, user: str | None = None, now: datetime | None = None, dead_limit: int = 50) -> OutboxStatus:
    """Counts by status, oldest pending age (seconds), expired leases and the dead tasks."""
    now = now or now_utc()
    cond, params = ("WHERE o.user_id = ?", [user]) if user is not None else ("", [])
    counts = {k: 0 for k in (s.PENDING, s.PROCESSING, s.DONE, s.DEAD)}
    for r in store.q(f"SELECT status, count(*) AS n FROM {s.OUTBOX} o {cond} GROUP BY status", params):
        counts[r["status"]] = r["n"]
    oldest = store.scalar(f"SELECT min(created_at) FROM {s.OUTBOX} o {cond} {'AND' if cond else 'WHERE'} "
                          "status = 'pending'", params)
    expired = store.scalar(f"SELECT count(*) FROM {s.OUTBOX} o {cond} {'AND' if cond else 'WHERE'} "
                           "status = 'processing' AND lease_until < ?", [*params, iso(now)])
    dead = [DeadTask(id=r["id"], user=r["user_id"], source_id=r["source_id"], attempts=r["attempts"],
                     last_error=r["last_error"], updated_at=from_iso(r["updated_at"]), text=(r["content"] or "")[:80])
            for r in store.q(f"SELECT o.*, src.content FROM {s.OUTBOX} o JOIN {s.SOURCES} src ON src.id = o.source_id "
                             f"{cond} {'AND' if cond else 'WHERE'} o.status = 'dead' ORDER BY o.id LIMIT ?",
                             [*params, dead_limit])]
    age = (now - from_iso(oldest)).total_seconds() if oldest else None
    return OutboxStatus(user=user, counts=counts, oldest_pending_age_s=age, expired_leases=int(expired or 0),
                        dead=dead)


def retry(store: Store, task_id: int | None = None, *, all_dead: bool = False, user: str | None = None) -> list[int]:
    """Re-queue dead tasks (pending now, attempts reset); returns their ids.

    Raises:
        NotFoundError: no task ``task_id`` (for ``user``, if given).
        BadInputError: the task is not dead, or neither an id nor ``all_dead`` was given.
    """
    if task_id is None and not all_dead:
        raise BadInputError("give a task id or --all-dead")
    t = iso(now_utc())
    ucond, uparams = (" AND user_id = ?", [user]) if user is not None else ("", [])
    with store.tx():
        if task_id is not None:
            row = store.one(f"SELECT id, status FROM {s.OUTBOX} WHERE id = ?{ucond}", [int(task_id), *uparams])
            if row is None:
                raise NotFoundError(f"no outbox task with id {task_id}" + (f" for user {user!r}" if user else ""))
            if row["status"] != s.DEAD:
                raise BadInputError(f"outbox task {task_id} is {row['status']}, not dead; nothing to retry")
            ids = [row["id"]]
        else:
            ids = [r["id"] for r in store.q(f"SELECT id FROM {s.OUTBOX} WHERE status = 'dead'{ucond} ORDER BY id",
                                             uparams)]
        for i in ids:
            store.x(f"""UPDATE {s.OUTBOX} SET status = 'pending', attempts = 0, next_attempt_at = ?, lease_until = NULL,
                        lease_owner = NULL, updated_at = ? WHERE id = ?""", (t, t, i))
    return ids
