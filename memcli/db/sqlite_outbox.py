"""The capture and outbox methods of :class:`~memcli.db.sqlite.SQLiteStore` (round 35, out of ``sqlite.py``):
recording a turn with its outbox row, and the claim / lease / complete / fail / release / requeue / counts of the
outbox (:class:`memcli.db.outbox_store.OutboxStore`'s interface), each a call of :mod:`memcli.db.outbox`'s SQL on
the store's connection. A mixin: it holds no state of its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from memcli.db import outbox

if TYPE_CHECKING:
    from memcli.db.store import CaptureRow, Row

__all__ = ["SQLiteOutbox"]


class SQLiteOutbox:
    """Capture and the outbox on SQLite; mixed into :class:`~memcli.db.sqlite.SQLiteStore`."""

    def capture(self, user: str, *, role: str, session: str | None, content: str, occurred_at: datetime,
                key: str, now: datetime) -> CaptureRow:
        return outbox.capture(self, user, role=role, session=session, content=content, occurred_at=occurred_at,
                              key=key, now=now)

    def add_source(self, user: str, *, role: str, content: str, occurred_at: datetime,
                   recorded_at: datetime) -> int:
        return outbox.add_source(self, user, role=role, content=content, occurred_at=occurred_at,
                                 recorded_at=recorded_at)

    def preceding_utterances(self, user: str, source_id: int, *, since: datetime, session_since: datetime | None = None,
                             limit: int, roles: tuple[str, ...] = ("user",)) -> list[Row]:
        return outbox.preceding_utterances(self, user, source_id, since=since, session_since=session_since, limit=limit,
                                           roles=roles)

    def claim_tasks(self, *, owner: str, limit: int, now: datetime, lease_until: datetime, max_attempts: int,
                    user: str | None = None) -> list[Row]:
        return outbox.claim_tasks(self, owner=owner, limit=limit, now=now, lease_until=lease_until,
                                  max_attempts=max_attempts, user=user)

    def complete_task(self, task_id: int, *, owner: str, now: datetime) -> bool:
        return outbox.complete_task(self, task_id, owner=owner, now=now)

    def held_tasks(self, task_ids: Sequence[int], owner: str) -> set[int]:
        """Ids of ``task_ids`` still leased to ``owner``. Inside a write transaction this holds until it
        ends: the writer's lock keeps every other worker from changing a lease (:mod:`memcli.write.outbox`)."""
        return outbox.held_tasks(self, task_ids, owner)

    def complete_tasks(self, task_ids: Sequence[int], *, owner: str, now: datetime) -> int:
        return outbox.complete_tasks(self, task_ids, owner=owner, now=now)

    def fail_task(self, task_id: int, *, owner: str, error: str, now: datetime,
                  retry_at: datetime | None) -> bool:
        return outbox.fail_task(self, task_id, owner=owner, error=error, now=now, retry_at=retry_at)

    def release_tasks(self, tasks: Sequence[tuple[int, str]], now: datetime) -> int:
        return outbox.release_tasks(self, tasks, now)

    def reclaim_expired(self, now: datetime, user: str | None = None) -> int:
        return outbox.reclaim_expired(self, now, user)

    def outbox_counts(self, user: str | None = None) -> dict[str, int]:
        return outbox.outbox_counts(self, user)

    def outbox_health(self, now: datetime, user: str | None = None) -> tuple[str | None, int]:
        return outbox.outbox_health(self, now, user)

    def dead_tasks(self, user: str | None = None, limit: int = 50) -> list[Row]:
        return outbox.dead_tasks(self, user, limit)

    def task_status(self, task_id: int, user: str | None = None) -> str | None:
        return outbox.task_status(self, task_id, user)

    def dead_task_ids(self, user: str | None = None) -> list[int]:
        return outbox.dead_task_ids(self, user)

    def requeue_tasks(self, task_ids: Sequence[int], now: datetime) -> None:
        outbox.requeue_tasks(self, task_ids, now)
