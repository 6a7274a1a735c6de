"""The online step without pydantic: key derivation and the two row inserts.

:mod:`memcli.write.capture` (validated models, the Python API) and the fast CLI path
(:mod:`memcli.cli.fast`, one process per agent turn) both run this, so a capture means the
same thing — same key, same rows — whichever way it came in.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memcli.db import schema as s
from memcli.text import check_text
from memcli.timeutil import iso, now_utc

if TYPE_CHECKING:
    from memcli.db.connect import Store

__all__ = ["capture_rows", "derive_key"]


def derive_key(user: str, session: str | None, role: str, text: str, at: datetime) -> str:
    """Idempotency key: sha256 of user, session, role, content and time (hex, 32 chars)."""
    # surrogatepass: a lone surrogate (non-UTF-8 bytes in argv) must reach the store, which
    # refuses it as bad input, rather than crash here
    h = hashlib.sha256("\x1f".join([user, session or "", role, text, iso(at)]).encode("utf-8", "surrogatepass"))
    return h.hexdigest()[:32]


def capture_rows(store: Store, user: str, *, text: str, role: str, session: str | None, at: datetime | None,
                 key: str | None, max_chars: int) -> dict[str, Any]:
    """Insert one source and one pending outbox row in one transaction (or find the key's).

    Returns ``source_id``, ``outbox_id``, ``idempotency_key``, ``duplicate``, ``user`` and
    ``occurred_at`` (a datetime, or the stored ISO text for a duplicate).

    Raises:
        BadInputError: empty or oversized text.
        StoreError: the database cannot be written.
    """
    text = check_text(text, max_chars, setting="max_turn_chars")
    at = at or now_utc()
    key = (key or "").strip() or derive_key(user, session, role, text, at)
    now = iso(now_utc())
    out: dict[str, Any] = {"idempotency_key": key, "user": user}
    with store.tx():
        existing = store.one(
            f"SELECT id, source_id FROM {s.OUTBOX} WHERE user_id = ? AND idempotency_key = ?", (user, key))
        if existing:
            occurred = store.scalar(f"SELECT occurred_at FROM {s.SOURCES} WHERE id = ?", (existing["source_id"],))
            return {**out, "source_id": existing["source_id"], "outbox_id": existing["id"], "duplicate": True,
                    "occurred_at": occurred}
        source_id = store.x(
            f"INSERT INTO {s.SOURCES}(user_id, role, session_id, content, occurred_at, recorded_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (user, role, session, text, iso(at), now),
        )
        outbox_id = store.x(
            f"INSERT INTO {s.OUTBOX}(source_id, user_id, idempotency_key, status, attempts, next_attempt_at, "
            "created_at, updated_at) VALUES (?, ?, ?, 'pending', 0, ?, ?, ?)",
            (source_id, user, key, now, now, now),
        )
    return {**out, "source_id": source_id, "outbox_id": outbox_id, "duplicate": False, "occurred_at": at}
