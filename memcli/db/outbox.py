"""SQLite SQL of the capture outbox: capture, claim with a lease, complete, fail, housekeeping.

SQLite has no ``SELECT … FOR UPDATE SKIP LOCKED``. Its equivalent here: ``BEGIN IMMEDIATE``
(one writer at a time) + ``UPDATE … SET status='processing', lease_until=…, lease_owner=…
WHERE id IN (claimable) RETURNING …`` — a task is claimed by exactly one worker. The policy
(lease length, backoff, when a task is dead) is :mod:`memcli.write.outbox`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.db.store import CaptureRow
from memcli.timeutil import iso

__all__ = ["add_source", "capture", "claim_tasks", "complete_task", "dead_task_ids", "dead_tasks", "fail_task",
           "outbox_counts", "outbox_health", "preceding_utterances", "reclaim_expired", "release_tasks",
           "requeue_tasks", "task_status"]


def add_source(store: Store, user: str, *, role: str, content: str, occurred_at: datetime,
               recorded_at: datetime) -> int:
    return store.x(f"INSERT INTO {s.SOURCES}(user_id, role, content, occurred_at, recorded_at) VALUES (?, ?, ?, ?, ?)",
                   (user, role, content, iso(occurred_at), iso(recorded_at)))


def capture(store: Store, user: str, *, role: str, session: str | None, content: str, occurred_at: datetime,
            key: str, now: datetime) -> CaptureRow:
    t = iso(now)
    with store.tx():
        existing = store.one(
            f"SELECT id, source_id FROM {s.OUTBOX} WHERE user_id = ? AND idempotency_key = ?", (user, key))
        if existing:
            src = store.one(f"SELECT occurred_at, content FROM {s.SOURCES} WHERE id = ?", (existing["source_id"],))
            return CaptureRow(existing["source_id"], existing["id"], True, src["occurred_at"] if src else None,
                              src["content"] if src else None)
        source_id = store.x(
            f"INSERT INTO {s.SOURCES}(user_id, role, session_id, content, occurred_at, recorded_at) "
            "VALUES (?, ?, ?, ?, ?, ?)", (user, role, session, content, iso(occurred_at), t))
        outbox_id = store.x(
            f"INSERT INTO {s.OUTBOX}(source_id, user_id, idempotency_key, status, attempts, next_attempt_at, "
            "created_at, updated_at) VALUES (?, ?, ?, 'pending', 0, ?, ?, ?)", (source_id, user, key, t, t, t))
    return CaptureRow(source_id, outbox_id, False, occurred_at)


def preceding_utterances(store: Store, user: str, source_id: int, *, since: datetime,
                         session_since: datetime | None = None, limit: int,
                         roles: tuple[str, ...] = ("user",)) -> list[dict[str, Any]]:
    """Up to ``limit`` turns of ``user`` of ``roles`` before source ``source_id`` in its session (``IS``: no
    session matches no session), said at or after ``since`` (``session_since`` for a source with a
    session); oldest first."""
    marks = ", ".join("?" * len(roles))
    rows = store.q(
        f"""SELECT p.id, p.role, p.content, p.occurred_at FROM {s.SOURCES} cur
            JOIN {s.SOURCES} p ON p.user_id = cur.user_id AND p.session_id IS cur.session_id
                AND p.role IN ({marks}) AND p.occurred_at >= (CASE WHEN cur.session_id IS NULL THEN ? ELSE ? END)
                AND p.occurred_at <= cur.occurred_at
                AND (p.occurred_at < cur.occurred_at OR (p.occurred_at = cur.occurred_at AND p.id < cur.id))
            WHERE cur.id = ? AND cur.user_id = ?
            ORDER BY p.occurred_at DESC, p.id DESC LIMIT ?""",
        (*roles, iso(since), iso(session_since or since), int(source_id), user, int(limit)))
    return rows[::-1]


def claim_tasks(store: Store, *, owner: str, limit: int, now: datetime, lease_until: datetime, max_attempts: int,
                user: str | None = None) -> list[dict[str, Any]]:
    t = iso(now)
    mine = " AND user_id = :user" if user is not None else ""
    # the claimable tasks in (next_attempt_at, id) order: each status read in the order of its index
    # (status, next_attempt_at; the rowid is the id) and cut at :limit, then the two merged. One OR
    # over both statuses read every pending task and sorted them all at each claim (O(n²) a drain)
    part = f"SELECT id, next_attempt_at FROM {s.OUTBOX} WHERE {{}}{mine} ORDER BY next_attempt_at, id LIMIT :limit"
    pending = part.format("status = 'pending' AND next_attempt_at <= :t")
    leased = part.format("status = 'processing' AND lease_until < :t")
    claimable = (f"SELECT id FROM (SELECT * FROM ({pending}) UNION ALL SELECT * FROM ({leased})) "
                 "ORDER BY next_attempt_at, id LIMIT :limit")
    params: dict = {"t": t, "lease": iso(lease_until), "owner": owner, "limit": int(limit), "max": max_attempts}
    if user is not None:
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
                WHERE id IN ({claimable})
                RETURNING id, source_id, user_id, attempts""", params)
        if not rows:
            return []
        marks = ",".join("?" * len(rows))
        src = {r["id"]: r for r in store.q(
            f"SELECT id, role, content, occurred_at FROM {s.SOURCES} WHERE id IN ({marks})",
            [r["source_id"] for r in rows])}
    out = [{**r, **{k: src[r["source_id"]][k] for k in ("role", "content", "occurred_at")}} for r in rows]
    return sorted(out, key=lambda r: r["id"])


def complete_task(store: Store, task_id: int, *, owner: str, now: datetime) -> bool:
    store.x(f"""UPDATE {s.OUTBOX} SET status = 'done', lease_until = NULL, last_error = NULL, updated_at = ?
                WHERE id = ? AND lease_owner = ? AND status = 'processing'""", (iso(now), task_id, owner))
    return store.changes() == 1


def held_tasks(store: Store, task_ids: Sequence[int], owner: str) -> set[int]:
    """The ids among ``task_ids`` still ``processing`` under ``owner`` (one statement)."""
    if not task_ids:
        return set()
    marks = ",".join("?" * len(task_ids))
    return {int(r["id"]) for r in store.q(f"SELECT id FROM {s.OUTBOX} WHERE id IN ({marks}) AND lease_owner = ? "
                                          "AND status = 'processing'", [*map(int, task_ids), owner])}


def complete_tasks(store: Store, task_ids: Sequence[int], *, owner: str, now: datetime) -> int:
    """:func:`complete_task` of each of ``task_ids`` in one statement; returns how many turned ``done``."""
    if not task_ids:
        return 0
    marks = ",".join("?" * len(task_ids))
    store.x(f"""UPDATE {s.OUTBOX} SET status = 'done', lease_until = NULL, last_error = NULL, updated_at = ?
                WHERE id IN ({marks}) AND lease_owner = ? AND status = 'processing'""",
            (iso(now), *map(int, task_ids), owner))
    return store.changes()


def fail_task(store: Store, task_id: int, *, owner: str, error: str, now: datetime,
              retry_at: datetime | None) -> bool:
    with store.tx():
        if retry_at is None:
            store.x(f"""UPDATE {s.OUTBOX} SET status = 'dead', lease_until = NULL, lease_owner = NULL,
                        last_error = ?, updated_at = ? WHERE id = ? AND lease_owner = ?""",
                    (error, iso(now), task_id, owner))
        else:
            store.x(f"""UPDATE {s.OUTBOX} SET status = 'pending', lease_until = NULL, lease_owner = NULL,
                        last_error = ?, next_attempt_at = ?, updated_at = ? WHERE id = ? AND lease_owner = ?""",
                    (error, iso(retry_at), iso(now), task_id, owner))
        return store.changes() == 1


def release_tasks(store: Store, tasks: Sequence[tuple[int, str]], now: datetime) -> int:
    t, n = iso(now), 0
    with store.tx():
        for task_id, owner in tasks:
            store.x(f"""UPDATE {s.OUTBOX} SET status = 'pending', lease_until = NULL, lease_owner = NULL,
                        attempts = max(attempts - 1, 0), updated_at = ?
                        WHERE id = ? AND lease_owner = ? AND status = 'processing'""", (t, task_id, owner))
            n += store.changes()
    return n


def reclaim_expired(store: Store, now: datetime, user: str | None = None) -> int:
    t = iso(now)
    sql = (f"UPDATE {s.OUTBOX} SET status = 'pending', lease_until = NULL, lease_owner = NULL, next_attempt_at = ?, "
           f"updated_at = ? WHERE status = 'processing' AND lease_until < ?")
    params: list = [t, t, t]
    if user is not None:
        sql += " AND user_id = ?"
        params.append(user)
    with store.tx():
        store.x(sql, params)
        return store.changes()


def _scope(user: str | None, alias: str = "") -> tuple[str, list[Any]]:
    p = f"{alias}." if alias else ""
    return (f"WHERE {p}user_id = ?", [user]) if user is not None else ("WHERE 1", [])


def outbox_counts(store: Store, user: str | None = None) -> dict[str, int]:
    cond, params = _scope(user)
    counts = {k: 0 for k in (s.PENDING, s.PROCESSING, s.DONE, s.DEAD)}
    for r in store.q(f"SELECT status, count(*) AS n FROM {s.OUTBOX} {cond} GROUP BY status", params):
        counts[r["status"]] = r["n"]
    return counts


def outbox_health(store: Store, now: datetime, user: str | None = None) -> tuple[str | None, int]:
    cond, params = _scope(user)
    oldest = store.scalar(f"SELECT min(created_at) FROM {s.OUTBOX} {cond} AND status = 'pending'", params)
    expired = store.scalar(f"SELECT count(*) FROM {s.OUTBOX} {cond} AND status = 'processing' AND lease_until < ?",
                           [*params, iso(now)])
    return oldest, int(expired or 0)


def dead_tasks(store: Store, user: str | None = None, limit: int = 50) -> list[dict[str, Any]]:
    cond, params = _scope(user, "o")
    return store.q(f"SELECT o.*, src.content FROM {s.OUTBOX} o JOIN {s.SOURCES} src ON src.id = o.source_id "
                   f"{cond} AND o.status = 'dead' ORDER BY o.id LIMIT ?", [*params, int(limit)])


def task_status(store: Store, task_id: int, user: str | None = None) -> str | None:
    cond, params = _scope(user)
    return store.scalar(f"SELECT status FROM {s.OUTBOX} {cond} AND id = ?", [*params, int(task_id)])


def dead_task_ids(store: Store, user: str | None = None) -> list[int]:
    cond, params = _scope(user)
    return [r["id"] for r in store.q(f"SELECT id FROM {s.OUTBOX} {cond} AND status = 'dead' ORDER BY id", params)]


def requeue_tasks(store: Store, task_ids: Sequence[int], now: datetime) -> None:
    t = iso(now)
    with store.tx():
        for i in task_ids:
            store.x(f"""UPDATE {s.OUTBOX} SET status = 'pending', attempts = 0, next_attempt_at = ?, lease_until = NULL,
                        lease_owner = NULL, updated_at = ? WHERE id = ?""", (t, t, i))
