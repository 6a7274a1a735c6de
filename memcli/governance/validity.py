"""Bitemporal validity: invalidate, never silently delete.

Two clocks per item (after Graphiti/Zep):

- **valid time** (world): ``valid_from`` — when the fact started to hold, taken from when
  the user *said* it, never the processing clock; ``invalid_at`` — when it stopped holding.
- **transaction time** (system): ``recorded_at`` — when memcli stored it; ``expired_at`` —
  when memcli stopped believing this *version* (superseded by an UPDATE or a correction,
  or forgotten by the user).

An item is *active* iff ``invalid_at IS NULL AND expired_at IS NULL``. Read paths show
active items only; ``--as-of T`` shows items with ``valid_from <= T < invalid_at`` that
were not superseded by a newer version. A forgotten memory ended at the forget in world
time, so ``--as-of`` a time before the forget finds it (it held then; it is in ``list --all``
and ``history`` too); after the forget it is gone. Only :func:`purge` deletes, and only on
the user's explicit request.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from memcli.db import index, items
from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.errors import BadInputError, StoreError, StoreLockedError
from memcli.timeutil import now_utc

__all__ = ["as_of_sql", "check_correctable", "invalidate", "purge", "supersede"]


def invalidate(store: Store, item_id: int, at: datetime, reason: str) -> dict[str, Any]:
    """World-time invalidation: the fact stopped holding at ``at``. Returns the new row."""
    return items.update_item(store, item_id, invalid_at=at, invalid_reason=reason)


def supersede(store: Store, old_id: int, new_id: int, at: datetime | None = None,
              reason: str | None = None) -> dict[str, Any]:
    """System-time retirement: ``new_id`` replaces ``old_id`` from ``at`` (default now)."""
    store.x(f"UPDATE {s.ITEMS} SET supersedes_id = ? WHERE id = ?", (old_id, new_id))
    fields: dict[str, Any] = {"expired_at": at or now_utc(), "superseded_by_id": new_id}
    if reason:
        fields["invalid_reason"] = reason
    return items.update_item(store, old_id, **fields)


def check_correctable(row: dict[str, Any]) -> dict[str, Any]:
    """Only the newest version of a memory can be corrected: correcting a superseded one
    would leave two active branches of one fact. Returns ``row``; raises BadInputError."""
    if row["invalid_reason"] == items.FORGOTTEN:
        raise BadInputError(f"memory #{row['id']} was forgotten; use `memcli remember` instead")
    if row["superseded_by_id"] is not None:
        newer = row["superseded_by_id"]
        raise BadInputError(f"memory #{row['id']} was already superseded by #{newer}; correct #{newer} instead")
    return row


def as_of_sql(alias: str = "") -> str:
    """SQL predicate (two ``?`` for T, ISO text) for "believed true at world time T": held at T
    and not replaced by a newer version (a forgotten memory counts by its world-time interval;
    Python twin: :func:`memcli.db.index.is_current`)."""
    p = f"{alias}." if alias else ""
    current = (f"({p}expired_at IS NULL OR ({p}invalid_reason = '{items.FORGOTTEN}' AND {p}invalid_at IS NOT NULL "
               f"AND {p}expired_at >= {p}invalid_at))")
    return f"({current} AND {p}valid_from <= ? AND ({p}invalid_at IS NULL OR {p}invalid_at > ?))"


def purge(store: Store, user_id: str, item_id: int) -> dict[str, int]:
    """Erase one item and every stored copy of its text: the row, its sources (and their
    outbox tasks), any other utterance of the same user that contains the statement verbatim
    (captured but never linked, or still pending — draining it would bring the memory back),
    its FTS5 and vec0 rows, and audit events that mention it. Items that superseded it or
    were superseded by it lose the link (set NULL) but stay.

    Run inside ``store.tx()``; call :func:`compact` afterwards (outside the transaction)
    so freed pages and the WAL no longer hold the text.

    Raises:
        NotFoundError: no such item for this user.
    """
    row = items.get_row(store, user_id, item_id)
    source_ids = sorted(set(items.source_ids_of(store, item_id)) | {
        r["id"] for r in store.q(f"SELECT id FROM {s.SOURCES} WHERE user_id = ? AND instr(content, ?) > 0",
                                 (user_id, row["statement"]))})
    n_events = store.scalar(
        f"SELECT count(*) FROM {s.EVENTS} WHERE user_id = ? AND (item_id = ? OR other_item_id = ?)",
        (user_id, item_id, item_id))
    store.x(f"DELETE FROM {s.EVENTS} WHERE user_id = ? AND (item_id = ? OR other_item_id = ?)",
            (user_id, item_id, item_id))
    index.unindex(store, item_id)
    store.x(f"UPDATE {s.ITEMS} SET supersedes_id = NULL WHERE supersedes_id = ?", (item_id,))
    store.x(f"UPDATE {s.ITEMS} SET superseded_by_id = NULL WHERE superseded_by_id = ?", (item_id,))
    store.x(f"DELETE FROM {s.ITEMS} WHERE id = ? AND user_id = ?", (item_id, user_id))
    for sid in source_ids:
        store.x(f"DELETE FROM {s.SOURCES} WHERE id = ? AND user_id = ?", (sid, user_id))
    items.record_event(store, user_id=user_id, action="PURGE", item_id=item_id, level="explicit",
                       reason=f"purged with {len(source_ids)} source(s) and {n_events} event(s)")
    return {"sources": len(source_ids), "events": int(n_events or 0)}


def compact(store: Store) -> None:
    """Rewrite the database so purged text leaves no trace in freed pages, FTS segments or
    the WAL: WAL checkpoint (TRUNCATE), FTS5 optimize, VACUUM, checkpoint again.

    The checkpoint comes before VACUUM because it needs no free space while VACUUM needs
    about the size of the database: on a nearly full disk the old WAL frames are still
    erased (freed pages are zeroed by ``secure_delete``).

    Raises:
        StoreError (the same subclass): compaction failed *after* the purge committed; the
            message says so instead of "nothing was written".
    """
    try:
        store.q("PRAGMA wal_checkpoint(TRUNCATE)")
        store.x(f"INSERT INTO {s.FTS}({s.FTS}) VALUES ('optimize')")
        store.x("VACUUM")
        busy = store.one("PRAGMA wal_checkpoint(TRUNCATE)") or {}
    except StoreError as exc:
        reason = str(exc).replace("; nothing was written", "")
        raise type(exc)(f"the purge was committed, but compacting the database afterwards failed: {reason}; "
                        "free some space, the next `forget --purge` compacts again") from None
    if next(iter(busy.values()), 0):
        # Another connection kept a read transaction open past busy_timeout: the checkpoint
        # could not finish, so old pages holding the text survive in the -wal file.
        raise StoreLockedError("the purge was committed, but another process was reading the database, so its "
                               "write-ahead log (-wal) may still hold the old text until every process using "
                               f"{store.path.name} has closed it")
