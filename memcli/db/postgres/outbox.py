"""Outbox claims on PostgreSQL: ``SELECT … FOR UPDATE SKIP LOCKED`` in one short transaction.

Any number of drain processes on any number of machines can claim at once: each locks the
rows it picks and skips the rows another claimer holds, so a task is leased to exactly one
worker; the lease (``lease_until``, ``lease_owner``) outlives the claim transaction, and
completion checks the owner inside the transaction that writes the task's results. Every
statement names ``user_id`` with the id, so on Citus it routes to one shard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from memcli.db import schema as s

if TYPE_CHECKING:
    from memcli.db.postgres.connect import PgStore

__all__ = ["claim_rows", "complete_row"]

_CLAIMABLE = ("((o.status = 'pending' AND o.next_attempt_at <= %(t)s) "
              "OR (o.status = 'processing' AND o.lease_until < %(t)s))")


def claim_rows(store: PgStore, *, t: str, lease: str, owner: str, limit: int, max_attempts: int,
               user: str | None = None) -> list[dict[str, Any]]:
    """Lease up to ``limit`` claimable tasks (oldest due first) to ``owner``; first turn
    ``dead`` the expired leases that used their last attempt. Returns the claimed tasks with
    their source (``id, source_id, user_id, attempts, role, content, occurred_at``), by id.

    ``t``, ``lease``: ISO times (now, now + lease). ``user``: only that user's tasks.
    """
    ucond = " AND o.user_id = %(user)s" if user is not None else ""
    p = {"t": t, "lease": lease, "owner": owner, "limit": int(limit), "max": int(max_attempts), "user": user}
    with store.tx():
        store.x(f"""UPDATE {s.OUTBOX} d SET status = 'dead', lease_until = NULL, lease_owner = NULL, updated_at = %(t)s,
                        last_error = 'lease expired after attempt ' || d.attempts || ' (worker stopped mid-task)'
                    FROM (SELECT o.user_id, o.id FROM {s.OUTBOX} o WHERE o.status = 'processing'
                          AND o.lease_until < %(t)s AND o.attempts >= %(max)s{ucond}
                          FOR UPDATE SKIP LOCKED) x
                    WHERE d.user_id = x.user_id AND d.id = x.id""", p)
        rows = store.q(f"""WITH c AS (SELECT o.user_id, o.id FROM {s.OUTBOX} o WHERE {_CLAIMABLE}{ucond}
                                      ORDER BY o.next_attempt_at, o.id LIMIT %(limit)s FOR UPDATE SKIP LOCKED)
                           UPDATE {s.OUTBOX} u SET status = 'processing', lease_until = %(lease)s,
                               lease_owner = %(owner)s, attempts = u.attempts + 1, updated_at = %(t)s
                           FROM c WHERE u.user_id = c.user_id AND u.id = c.id
                           RETURNING u.id, u.source_id, u.user_id, u.attempts""", p)
        if not rows:
            return []
        src = {(r["user_id"], r["id"]): r for r in store.q(
            f"""SELECT src.user_id, src.id, src.role, src.content, src.occurred_at FROM {s.SOURCES} src
                JOIN unnest(%s::text[], %s::bigint[]) AS k(u, i) ON src.user_id = k.u AND src.id = k.i""",
            ([r["user_id"] for r in rows], [r["source_id"] for r in rows]))}
    out = []
    for r in sorted(rows, key=lambda r: r["id"]):
        sr = src[(r["user_id"], r["source_id"])]
        out.append({**r, "role": sr["role"], "content": sr["content"], "occurred_at": sr["occurred_at"]})
    return out


def complete_row(store: PgStore, *, user: str, task_id: int, owner: str, t: str) -> bool:
    """Mark one leased task done (inside the task's own transaction); False if the lease was lost."""
    store.x(f"""UPDATE {s.OUTBOX} SET status = 'done', lease_until = NULL, last_error = NULL, updated_at = %s
                WHERE user_id = %s AND id = %s AND lease_owner = %s AND status = 'processing'""",
            (t, user, task_id, owner))
    return store.changes() == 1
