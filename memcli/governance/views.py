"""Rows of the store as the models callers see: :class:`MemoryItem` (with its status and its
effective, decayed confidence at read time — no write on read) and :class:`Event`. A reason that
names a memory since erased (``forget --purge``) says so, read time: the stored text is kept."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

from memcli.db.store import MemoryStore, status_of
from memcli.governance.confidence import effective
from memcli.models import Event, MemoryItem
from memcli.settings import Settings
from memcli.timeutil import from_iso, now_utc

__all__ = ["ERASED", "erased_ids", "erased_note", "event_model", "item_model", "without_erased"]

#: what an exported reason says in place of a memory id erased since (``forget --purge``)
ERASED = "a memory erased since"
_ID = re.compile(r"#(\d+)")


def erased_ids(store: MemoryStore, user: str, reasons: list[str | None]) -> set[int]:
    """The memory ids ``reasons`` name (``#12``) that ``user``'s store no longer holds (erased by a purge):
    one lookup for them all."""
    named = sorted({int(n) for r in reasons for n in _ID.findall(r or "")})
    return set(named) - {int(r["id"]) for r in store.items_by_ids(user, named)} if named else set()


def without_erased(reason: str | None, gone: set[int]) -> str | None:
    """``reason`` with each id of ``gone`` said as :data:`ERASED` ("corrected by the user (#7)" →
    "corrected by the user (a memory erased since)"): an export never cites a memory that is not there,
    and an import has no id of it to resolve. None stays None."""
    return _ID.sub(lambda m: ERASED if int(m[1]) in gone else m[0], reason) if reason and gone else reason


def erased_note(store: MemoryStore, user: str, reason: str | None, own: int | None = None) -> str | None:
    """``reason`` (an item's ``invalid_reason`` or an event's reason), with a note when a memory it
    names (``#12``, not ``own``) was erased since, so that no one looks it up in vain:
    "corrected by the user (#4); #4 was erased since (forget --purge)". None stays None."""
    named = sorted({int(n) for n in re.findall(r"#(\d+)", reason or "")} - {own})
    if not named:
        return reason
    there = {int(r["id"]) for r in store.items_by_ids(user, named)}
    gone = [f"#{n}" for n in named if n not in there]
    if not gone:
        return reason
    return f"{reason}; {' and '.join(gone)} {'was' if len(gone) == 1 else 'were'} erased since (forget --purge)"


def item_model(store: MemoryStore, row: dict[str, Any], settings: Settings, now: datetime | None = None,
               subject_of: Callable[[Any], str | None] | None = None) -> MemoryItem:
    """Map an item row to :class:`MemoryItem`, with effective (decayed) confidence at ``now``; ``subject_of`` reads
    its ``subject`` on first use (the facade passes :func:`memcli.read.person.subject_of`: governance does not
    import the read path)."""
    now = now or now_utc()
    last = from_iso(row["last_confirmed_at"])
    item = MemoryItem(
        id=row["id"], user=row["user_id"], statement=row["statement"], kind=row["kind"], slot=row["slot"],
        salience=row["salience"], confidence=row["confidence"],
        effective_confidence=effective(row["confidence"], last, now, settings, row["slot"]),
        origin=row["origin"], status=status_of(row), valid_from=from_iso(row["valid_from"]),
        invalid_at=from_iso(row["invalid_at"]) if row["invalid_at"] else None,
        recorded_at=from_iso(row["recorded_at"]),
        expired_at=from_iso(row["expired_at"]) if row["expired_at"] else None,
        last_confirmed_at=last, confirmations=row["confirmations"], supersedes_id=row["supersedes_id"],
        superseded_by_id=row["superseded_by_id"],
        invalid_reason=erased_note(store, row["user_id"], row["invalid_reason"], row["id"]),
        metadata=json.loads(row["metadata"] or "{}"), source_ids=store.source_ids_of(row["id"]),
    )
    item._subject_of = subject_of
    return item


def event_model(row: dict[str, Any], store: MemoryStore | None = None) -> Event:
    """Map an event row to :class:`Event` (``before``/``after`` parsed from JSON); with ``store``, its
    reason notes the memories it names that were erased since (:func:`erased_note`)."""
    reason = row["reason"] if store is None else erased_note(store, row["user_id"], row["reason"])
    return Event(
        id=row["id"], item_id=row["item_id"], other_item_id=row["other_item_id"], source_id=row["source_id"],
        action=row["action"], level=row["level"], cosine=row["cosine"], judge=row["judge"], reason=reason,
        before=json.loads(row["before"]) if row["before"] else None,
        after=json.loads(row["after"]) if row["after"] else None,
        created_at=from_iso(row["created_at"]),
    )
