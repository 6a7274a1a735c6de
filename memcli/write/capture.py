"""The online step: record what the user said as one source row and one outbox row.

No embedding, no model, no torch: this must feel instant. The idempotency key is the
caller's, or derived from user + session + role + content + time, so repeating a capture
adds nothing. The time given (``at``) is when the user said it: it becomes the memory's
valid time (``valid_from``) when the worker extracts it.
"""

from __future__ import annotations

import hashlib
from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field, field_validator

from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.models import CaptureResult, Role
from memcli.text import check_text
from memcli.timeutil import iso, now_utc, parse_at

__all__ = ["Utterance", "capture", "check_text", "derive_key"]


class Utterance(BaseModel):
    """One captured utterance (a JSON Lines record of ``capture -`` has these fields)."""

    model_config = ConfigDict(extra="forbid")

    text: str
    role: Role = Role.USER
    at: datetime | None = Field(None, description="when it was said; default now")
    session: str | None = None
    key: str | None = Field(None, description="idempotency key; default derived")

    @field_validator("at", mode="before")
    @classmethod
    def _parse_at(cls, v: object) -> object:
        if v is None:
            return v
        # a datetime goes through parse_at too: a naive one is taken as UTC, not stored naive
        return parse_at(v if isinstance(v, datetime) else str(v), field="at")


def derive_key(user: str, session: str | None, role: str, text: str, at: datetime) -> str:
    """Idempotency key: sha256 of user, session, role, content and time (hex, 32 chars)."""
    # surrogatepass: a lone surrogate (non-UTF-8 bytes in argv) must reach the store, which
    # refuses it as bad input, rather than crash here
    h = hashlib.sha256("\x1f".join([user, session or "", role, text, iso(at)]).encode("utf-8", "surrogatepass"))
    return h.hexdigest()[:32]


def capture(store: Store, user: str, utt: Utterance, *, max_chars: int) -> CaptureResult:
    """Insert one source and one pending outbox row in one transaction.

    ``max_chars`` is ``settings.max_turn_chars`` (100,000 by default): a long turn is kept
    whole — the extractor reads it clause by clause — and only past that bound refused.

    A key already captured for this user adds nothing and returns the existing rows with
    ``duplicate=True``.

    Raises:
        BadInputError: empty or oversized text, invalid time.
        StoreError: the database cannot be written.
    """
    text = check_text(utt.text, max_chars, setting="max_turn_chars")
    at = utt.at or now_utc()
    key = (utt.key or "").strip() or derive_key(user, utt.session, str(utt.role), text, at)
    now = iso(now_utc())
    with store.tx():
        existing = store.one(
            f"SELECT id, source_id FROM {s.OUTBOX} WHERE user_id = ? AND idempotency_key = ?", (user, key))
        if existing:
            occurred = store.scalar(f"SELECT occurred_at FROM {s.SOURCES} WHERE id = ?", (existing["source_id"],))
            return CaptureResult(source_id=existing["source_id"], outbox_id=existing["id"], idempotency_key=key,
                                 duplicate=True, user=user, occurred_at=occurred)
        source_id = store.x(
            f"INSERT INTO {s.SOURCES}(user_id, role, session_id, content, occurred_at, recorded_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (user, str(utt.role), utt.session, text, iso(at), now),
        )
        outbox_id = store.x(
            f"INSERT INTO {s.OUTBOX}(source_id, user_id, idempotency_key, status, attempts, next_attempt_at, "
            "created_at, updated_at) VALUES (?, ?, ?, 'pending', 0, ?, ?, ?)",
            (source_id, user, key, now, now, now),
        )
    return CaptureResult(source_id=source_id, outbox_id=outbox_id, idempotency_key=key, duplicate=False,
                         user=user, occurred_at=at)
