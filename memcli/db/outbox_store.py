"""The outbox half of the store interface (:class:`~memcli.db.store.MemoryStore` inherits it): claiming tasks
with a lease, completing, failing, releasing and requeuing them, and counting them. A task is one captured
utterance waiting for the drain (its row is written by ``capture`` beside the source). SQLite:
:mod:`memcli.db.outbox`; PostgreSQL: :mod:`memcli.db.postgres.outbox`. Rows are dicts; times aware ``datetime``;
scopes and errors as in :mod:`memcli.db.store`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from datetime import datetime
from typing import Any

__all__ = ["OutboxStore"]

Row = dict[str, Any]


class OutboxStore(ABC):
    """The outbox methods every store implements."""

    @abstractmethod
    def claim_tasks(self, *, owner: str, limit: int, now: datetime, lease_until: datetime, max_attempts: int,
                    user: str | None = None) -> list[Row]:
        """Atomically lease up to ``limit`` claimable tasks (oldest due first) to ``owner``.

        Claimable: ``pending`` and due (``next_attempt_at <= now``) or ``processing`` with an
        expired lease (``lease_until < now``); the claim sets ``processing``, the lease and
        ``attempts + 1``. First, expired leases already at ``max_attempts`` turn ``dead``.
        ``user``: that user's tasks only (None: every user). Rows: ``id``, ``source_id``,
        ``user_id``, ``attempts`` and the source's ``role``, ``content``, ``occurred_at``;
        sorted by id. No two concurrent callers get the same task.
        """

    @abstractmethod
    def complete_task(self, task_id: int, *, owner: str, now: datetime) -> bool:
        """Mark a task ``done`` if ``owner`` still holds its lease; False when the lease was lost."""

    @abstractmethod
    def fail_task(self, task_id: int, *, owner: str, error: str, now: datetime,
                  retry_at: datetime | None) -> bool:
        """Record a failed attempt of a task ``owner`` still holds: ``pending`` again at
        ``retry_at``, or ``dead`` when ``retry_at`` is None; ``error`` kept. False: lease lost."""

    @abstractmethod
    def release_tasks(self, tasks: Sequence[tuple[int, str]], now: datetime) -> int:
        """Give ``(task_id, owner)`` claims back (an interrupted worker): ``pending`` with
        ``next_attempt_at`` unchanged, ``attempts - 1`` (not below 0), no lease — only tasks
        still ``processing`` under that owner. One transaction; returns how many."""

    @abstractmethod
    def reclaim_expired(self, now: datetime, user: str | None = None) -> int:
        """Tasks whose lease expired go back to ``pending`` (due now); returns how many."""

    @abstractmethod
    def outbox_counts(self, user: str | None = None) -> dict[str, int]:
        """Tasks by status (``pending``, ``processing``, ``done``, ``dead``; zeros included)."""

    @abstractmethod
    def outbox_health(self, now: datetime, user: str | None = None) -> tuple[datetime | str | None, int]:
        """``(created_at of the oldest pending task or None, number of expired leases)``."""

    @abstractmethod
    def dead_tasks(self, user: str | None = None, limit: int = 50) -> list[Row]:
        """Dead tasks, oldest id first: outbox columns plus the source's ``content``."""

    @abstractmethod
    def task_status(self, task_id: int, user: str | None = None) -> str | None:
        """The status of one task (of ``user``, if given), None if there is no such task."""

    @abstractmethod
    def dead_task_ids(self, user: str | None = None) -> list[int]:
        """Ids of every dead task (of ``user``, if given), ascending."""

    @abstractmethod
    def requeue_tasks(self, task_ids: Sequence[int], now: datetime) -> None:
        """Tasks become ``pending`` now with attempts reset and no lease."""
