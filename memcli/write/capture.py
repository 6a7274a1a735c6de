"""The online step: record what the user said as one source row and one outbox row.

No embedding, no model, no torch: this must feel instant. The idempotency key is the
caller's, or derived from user + session + role + content + time, so repeating a capture
adds nothing. The time given (``at``) is when the user said it: it becomes the memory's
valid time (``valid_from``) when the worker extracts it.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from memcli.db.store import MemoryStore
from memcli.models import CaptureResult, Role
from memcli.text import check_text, label_problem
from memcli.timeutil import parse_at, refuse_future
from memcli.write.capture_core import LABEL, capture_rows, derive_key

__all__ = ["Utterance", "capture", "check_text", "derive_key"]


class Utterance(BaseModel):
    """One captured utterance (a JSON Lines record of ``capture -`` has these fields)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)  # built on first use: a read imports it too

    text: str
    role: Role = Role.USER
    at: datetime | None = Field(None, description="when it was said; default now")
    session: str | None = None
    key: str | None = Field(None, description="idempotency key; default derived")

    @field_validator("session", "key")
    @classmethod
    def _unicode(cls, v: str | None) -> str | None:
        # a lone surrogate (JSON "\\ud800", non-UTF-8 bytes in argv) or a control character (NUL: PostgreSQL
        # cannot store it) is refused here, where the error can name the field and the line, not by the store
        if (problem := label_problem(v, LABEL)) is not None:
            raise ValueError(problem)
        return v

    @field_validator("at", mode="before")
    @classmethod
    def _parse_at(cls, v: object, info: ValidationInfo) -> object:
        if v is None:
            return v
        # a datetime goes through parse_at too: a naive one is taken as UTC, not stored naive
        at = parse_at(v if isinstance(v, datetime) else str(v), field="at")
        if (info.context or {}).get("refuse_future"):
            refuse_future(at, field="at")
        return at


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
    row = capture_rows(store, user, text=utt.text, role=str(utt.role), session=utt.session, at=utt.at, key=utt.key,
                       max_chars=max_chars)
    return CaptureResult(**row)
