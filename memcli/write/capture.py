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

from memcli.db.store import MemoryStore
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


def capture(store: MemoryStore, user: str, utt: Utterance, *, max_chars: int) -> CaptureResult:
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
    row = store.capture(user, role=str(utt.role), session=utt.session, content=text, occurred_at=at, key=key,
                        now=now_utc())
    return CaptureResult(source_id=row.source_id, outbox_id=row.outbox_id, idempotency_key=key,
                         duplicate=row.duplicate, user=user, occurred_at=row.occurred_at)
