"""The export/import half of the store interface: a memory's sources read with their text, and
sources and audit events written back with the times they had (``export`` / ``import`` of
format 2, :mod:`memcli.exports` and :mod:`memcli.write.restore`).

:class:`~memcli.db.store.MemoryStore` inherits :class:`TransferStore`. The SQL here runs on both
dialects (``?`` placeholders, ``RETURNING``). Rows are dicts; times are written as ISO-8601 UTC text.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from memcli.db import schema as s
from memcli.timeutil import iso

__all__ = ["TransferStore"]

Row = dict[str, Any]


class TransferStore:
    """Reading a user's memory sources; writing sources and events as they were recorded."""

    def sources_of(self, user: str, item_ids: Sequence[int]) -> list[Row]:
        """The sources linked to ``item_ids`` of ``user``: ``{item_id, id, role, session_id,
        content, occurred_at, recorded_at, is_episode}`` by item then source id (``is_episode``:
        None for a source never classified — a statement, a turn drained before episodes). Read-only."""
        out: list[Row] = []
        ids = [int(i) for i in item_ids]
        for at in range(0, len(ids), 500):  # bounded IN lists
            part = ids[at:at + 500]
            out += self.q(  # type: ignore[attr-defined]
                f"SELECT l.item_id, src.id, src.role, src.session_id, src.content, src.occurred_at, src.recorded_at, "
                f"e.is_episode FROM {s.ITEM_SOURCES} l JOIN {s.SOURCES} src ON src.id = l.source_id "
                f"LEFT JOIN {s.EPISODES} e ON e.user_id = src.user_id AND e.source_id = src.id "
                f"WHERE src.user_id = ? AND l.item_id IN ({','.join('?' * len(part))}) ORDER BY l.item_id, src.id",
                (user, *part))
        return out

    def loose_sources(self, user: str) -> list[Row]:
        """The sources of ``user`` no memory is linked to (turns that gave no memory, turns of purged
        memories kept), oldest id first: ``{id, role, session_id, content, occurred_at, recorded_at,
        is_episode, status, idempotency_key}`` (``is_episode`` None for a turn never classified;
        ``status``/``idempotency_key`` of its outbox task, None without one). Read-only."""
        return self.q(  # type: ignore[attr-defined]
            f"SELECT src.id, src.role, src.session_id, src.content, src.occurred_at, src.recorded_at, e.is_episode, "
            f"o.status, o.idempotency_key FROM {s.SOURCES} src "
            f"LEFT JOIN {s.EPISODES} e ON e.user_id = src.user_id AND e.source_id = src.id "
            f"LEFT JOIN {s.OUTBOX} o ON o.user_id = src.user_id AND o.source_id = src.id "
            f"WHERE src.user_id = ? AND src.id NOT IN (SELECT l.source_id FROM {s.ITEM_SOURCES} l "
            f"JOIN {s.ITEMS} i ON i.id = l.item_id WHERE i.user_id = ?) ORDER BY src.id", (user, user))

    def restore_source(self, user: str, *, role: str, session: str | None, content: str, occurred_at: datetime,
                       recorded_at: datetime) -> int:
        """Insert one source row as it was recorded (no outbox task); its new id."""
        row = self.one(  # type: ignore[attr-defined]
            f"INSERT INTO {s.SOURCES}(user_id, role, session_id, content, occurred_at, recorded_at) "
            "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
            (user, role, session, content, iso(occurred_at), iso(recorded_at)))
        return int(row["id"])

    def restore_event(self, *, user_id: str, action: str, item_id: int | None, other_item_id: int | None,
                      source_id: int | None, level: str | None, cosine: float | None, judge: str | None,
                      reason: str | None, before: dict[str, Any] | None, after: dict[str, Any] | None,
                      created_at: datetime) -> int:
        """Append one audit event with the time it was first recorded (``created_at``); its new id."""
        row = self.one(  # type: ignore[attr-defined]
            f"""INSERT INTO {s.EVENTS}(user_id, item_id, other_item_id, source_id, action, level, cosine, judge,
                reason, before, after, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id""",
            (user_id, item_id, other_item_id, source_id, action, level, cosine, judge, reason,
             None if before is None else json.dumps(before, ensure_ascii=False),
             None if after is None else json.dumps(after, ensure_ascii=False), iso(created_at)))
        return int(row["id"])
