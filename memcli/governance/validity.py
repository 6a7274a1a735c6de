"""Bitemporal validity: invalidate, never silently delete.

Two clocks per item (after Graphiti/Zep):

- **valid time** (world): ``valid_from`` — when the fact started to hold, taken from when
  the user *said* it, never the processing clock; ``invalid_at`` — when it stopped holding.
- **transaction time** (system): ``recorded_at`` — when memcli stored it; ``expired_at`` —
  when memcli stopped believing this *version* (superseded by an UPDATE, or forgotten by the
  user). A correction, like a contradiction, ends the old memory in valid time (``invalid_at``).

An item is *active* iff ``invalid_at IS NULL AND expired_at IS NULL``. Read paths show
active items only; ``--as-of T`` shows items with ``valid_from <= T < invalid_at`` that
were not superseded by a newer version. A forgotten memory ended at the forget in world
time, so ``--as-of`` a time before the forget finds it (it held then; it is in ``list --all``
and ``history`` too); after the forget it is gone. Only
:func:`memcli.governance.lifecycle.purge` deletes, and only on the user's explicit request.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from typing import Any

from memcli.db.store import FORGOTTEN, MemoryStore
from memcli.errors import BadInputError
from memcli.timeutil import now_utc

__all__ = ["check_correctable", "invalidate", "supersede"]


def invalidate(store: MemoryStore, item_id: int, at: datetime, reason: str) -> dict[str, Any]:
    """World-time invalidation: the fact stopped holding at ``at``. Returns the new row."""
    return store.update_item(item_id, invalid_at=at, invalid_reason=reason)


def supersede(store: MemoryStore, old_id: int, new_id: int, at: datetime | None = None,
              reason: str | None = None) -> dict[str, Any]:
    """System-time retirement: ``new_id`` replaces ``old_id`` from ``at`` (default now)."""
    store.set_supersedes(new_id, old_id)
    fields: dict[str, Any] = {"expired_at": at or now_utc(), "superseded_by_id": new_id}
    if reason:
        fields["invalid_reason"] = reason
    return store.update_item(old_id, **fields)


def check_correctable(row: dict[str, Any], exists: Callable[[int], bool] = lambda _id: True) -> dict[str, Any]:
    """Only the newest valid version of a memory can be corrected: correcting a superseded or
    contradicted one would leave two active branches of one fact. ``exists(id)``: whether a memory
    the row's reason names is still there (a purge erases it; the message then says so rather than
    point at it). Returns ``row``; raises BadInputError (one line, on every surface: no command is named)."""
    mid = row["id"]
    if row["invalid_reason"] == FORGOTTEN:
        raise BadInputError(f"memory #{mid} was forgotten; remember the fact as a new memory instead")
    if row["superseded_by_id"] is not None:
        newer = row["superseded_by_id"]
        raise BadInputError(f"memory #{mid} was already superseded by #{newer}; correct #{newer} instead")
    if row["invalid_at"] is not None:  # contradicted: a correction of it would stand beside what replaced it
        named = [int(n) for n in re.findall(r"#(\d+)", row["invalid_reason"] or "")]
        live = [n for n in named if n != mid and exists(n)]
        if named and not live:  # what replaced it was purged: nothing to point at
            raise BadInputError(f"memory #{mid} is no longer valid, and #{named[0]}, which replaced it, was erased "
                                "(forget --purge); remember the fact as a new memory instead")
        where = f"correct #{live[0]}" if live else "correct the memory that holds now"
        raise BadInputError(f"memory #{mid} is no longer valid ({row['invalid_reason'] or 'invalidated'}); "
                            f"{where} or remember the fact as a new memory")
    return row
