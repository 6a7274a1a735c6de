"""The online step without pydantic: key derivation and the two row inserts (the store's
:meth:`~memcli.db.store.MemoryStore.capture`).

:mod:`memcli.write.capture` (validated models, the Python API) and the fast CLI path
(:mod:`memcli.cli.fast`, one process per agent turn) both run this, so a capture means the
same thing — same key, same rows — whichever way it came in.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memcli.errors import BadInputError
from memcli.sensitive import redaction
from memcli.text import check_text, label_problem
from memcli.timeutil import iso, now_utc

if TYPE_CHECKING:
    from memcli.db.store import MemoryStore

__all__ = ["LABEL", "capture_rows", "derive_key"]

#: what a session id or an idempotency key is, in the error that refuses one
LABEL = "a session id or key"


def derive_key(user: str, session: str | None, role: str, text: str, at: datetime) -> str:
    """Idempotency key: sha256 of user, session, role, content and time (hex, 32 chars)."""
    # surrogatepass: a lone surrogate (non-UTF-8 bytes in argv) must reach the store, which
    # refuses it as bad input, rather than crash here
    h = hashlib.sha256("\x1f".join([user, session or "", role, text, iso(at)]).encode("utf-8", "surrogatepass"))
    return h.hexdigest()[:32]


def capture_rows(store: MemoryStore, user: str, *, text: str, role: str, session: str | None, at: datetime | None,
                 key: str | None, max_chars: int) -> dict[str, Any]:
    """Insert one source and one pending outbox row in one transaction (or find the key's).

    Returns ``source_id``, ``outbox_id``, ``idempotency_key``, ``duplicate``, ``user``,
    ``occurred_at`` (a datetime, or the stored ISO text for a duplicate) and ``redacted`` (the
    secrets replaced, by kind: ``{"password": 1}``; {} for none — never the secret itself).

    The key names the message: a key already captured is a duplicate whatever the text (a
    client's retry may clean its text), but one captured with *another* text says so,
    ``text_differs=True``, so that a new turn sent under an old key is not dropped unseen.

    A secret's value (a password, PIN, one-time code, card number; a turn said in confidence) is
    replaced by a placeholder before anything is stored (:func:`memcli.sensitive.redact`).

    Raises:
        BadInputError: empty or oversized text; a session or key with a control character (NUL …).
        StoreError: the database cannot be written.
    """
    for what, value in (("session", session), ("key", key)):  # the fast path's check too (it has no Utterance)
        if (problem := label_problem(value, LABEL)) is not None:
            raise BadInputError(f"{what}: {problem}")
    red = redaction(check_text(text, max_chars, setting="max_turn_chars"))  # a secret's value never reaches the store
    text = red.text
    at = at or now_utc()
    key = (key or "").strip() or derive_key(user, session, role, text, at)
    row = store.capture(user, role=role, session=session, content=text, occurred_at=at, key=key, now=now_utc())
    return {"idempotency_key": key, "user": user, "source_id": row.source_id, "outbox_id": row.outbox_id,
            "duplicate": row.duplicate, "occurred_at": row.occurred_at,
            "text_differs": row.duplicate and row.content is not None and row.content != text,
            "redacted": red.counts}
