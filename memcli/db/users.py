"""The users of a store and what each holds (``memcli users``, ``memcli copy-store``): SQL for both dialects.

A user is anyone with a captured or explicit source, a memory, an outbox task or an unrevoked API token — a user
whose turns are not drained yet, or who has a token and nothing else yet, is a user of the store too. The
statements use ``?`` placeholders (:class:`~memcli.db.postgres.connect.PgStore` translates them) and plain
``GROUP BY`` counts, one query per table.
"""

from __future__ import annotations

from typing import Any

from memcli.db import schema as s
from memcli.db.tokens import TOKENS

__all__ = ["COUNTS", "held_keys", "live_leases", "user_counts", "user_has_rows"]

#: the counts of one user, in the order ``memcli users`` shows them
COUNTS = ("active", "ended", "turns", "pending", "dead", "tokens")


def user_counts(store: Any) -> list[dict[str, Any]]:
    """Every user of ``store`` in byte order, each ``{"user", "active", "ended", "turns", "pending", "dead",
    "tokens"}``: memories active now (neither ``invalid_at`` nor ``expired_at`` set), memories ended (invalidated,
    superseded or forgotten: kept for history), sources (turns captured and statements remembered), outbox tasks
    not done yet (``pending`` or ``processing``) and ``dead`` ones, unrevoked API tokens. Read-only."""
    users: dict[str, dict[str, Any]] = {}

    def row(user: str) -> dict[str, Any]:
        return users.setdefault(user, {"user": user, **dict.fromkeys(COUNTS, 0)})

    for r in store.q(f"SELECT user_id, count(*) AS n, sum(CASE WHEN invalid_at IS NULL AND expired_at IS NULL "
                     f"THEN 1 ELSE 0 END) AS active FROM {s.ITEMS} GROUP BY user_id"):
        u = row(r["user_id"])
        u["active"], u["ended"] = int(r["active"]), int(r["n"]) - int(r["active"])
    for r in store.q(f"SELECT user_id, count(*) AS n FROM {s.SOURCES} GROUP BY user_id"):
        row(r["user_id"])["turns"] = int(r["n"])
    for r in store.q(f"SELECT user_id, status, count(*) AS n FROM {s.OUTBOX} WHERE status IN (?, ?, ?) "
                     "GROUP BY user_id, status", (s.PENDING, s.PROCESSING, s.DEAD)):
        row(r["user_id"])["dead" if r["status"] == s.DEAD else "pending"] += int(r["n"])
    for r in store.q(f"SELECT user_id, count(*) AS n FROM {TOKENS} WHERE user_id IS NOT NULL AND revoked_at IS NULL "
                     "GROUP BY user_id"):
        row(r["user_id"])["tokens"] = int(r["n"])
    return [users[u] for u in sorted(users, key=lambda u: u.encode("utf-8"))]


def user_has_rows(store: Any, user: str) -> bool:
    """Whether ``store`` holds any memory, source or outbox task of ``user`` (tokens aside). Read-only."""
    return any(store.q(f"SELECT 1 AS x FROM {table} WHERE user_id = ? LIMIT 1", (user,))
               for table in (s.ITEMS, s.SOURCES, s.OUTBOX))


def live_leases(store: Any, now: str) -> dict[str, Any] | None:
    """The outbox tasks a drain holds a lease on at ``now`` (ISO 8601 UTC, as the outbox writes it): ``None`` when
    there are none, else ``{"tasks", "owner", "until"}`` — how many, one owner (the first in byte order) and the
    latest ``lease_until``. A worker that died mid-task holds its lease until it runs out. Read-only."""
    rows = store.q(f"SELECT count(*) AS n, min(lease_owner) AS owner, max(lease_until) AS until FROM {s.OUTBOX} "
                   "WHERE status = ? AND lease_until > ?", (s.PROCESSING, now))
    if not rows or not int(rows[0]["n"] or 0):
        return None
    return {"tasks": int(rows[0]["n"]), "owner": rows[0]["owner"], "until": rows[0]["until"]}


def held_keys(store: Any, user: str, keys: list[str]) -> set[str]:
    """Those of ``keys`` (capture idempotency keys) ``store`` holds a task of for ``user``, done or not. Read-only."""
    held: set[str] = set()
    for at in range(0, len(keys), 500):  # bounded IN lists
        part = keys[at:at + 500]
        held |= {r["idempotency_key"] for r in store.q(
            f"SELECT idempotency_key FROM {s.OUTBOX} WHERE user_id = ? AND idempotency_key IN "
            f"({','.join('?' * len(part))})", (user, *part))}
    return held
