"""Row-level access to memories, their sources and the audit trail (no policy here).

Every function takes an open :class:`~memcli.db.connect.Store` and is meant to run inside
``store.tx()``. Lookups are always by ``(user_id, id)``: an id of another user is simply
"not found", with the same message as an id that does not exist.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memcli.db import index
from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.errors import NotFoundError
from memcli.models import Candidate, Event, MemoryItem
from memcli.settings import Settings
from memcli.text import normalize
from memcli.timeutil import from_iso, iso, now_utc

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "FORGOTTEN",     "get_row", "insert_item", "item_model", "link_source", "list_rows", "record_event",
    "snapshot", "source_ids_of", "status_of", "update_item",
]

_SNAPSHOT_FIELDS = ("statement", "kind", "slot", "confidence", "salience", "valid_from", "invalid_at",
                    "expired_at", "last_confirmed_at", "confirmations", "origin")


FORGOTTEN = "forgotten by the user"


def status_of(row: dict[str, Any]) -> str:
    """``forgotten`` (by the user), ``superseded`` (expired in system time), ``invalid``
    (world time) or ``active``."""
    if row["invalid_reason"] == FORGOTTEN:
        return "forgotten"
    if row["expired_at"] is not None:
        return "superseded"
    if row["invalid_at"] is not None:
        return "invalid"
    return "active"


def snapshot(row: dict[str, Any] | None) -> dict[str, Any] | None:
    return None if row is None else {k: row[k] for k in _SNAPSHOT_FIELDS}


def get_row(store: Store, user_id: str, item_id: int) -> dict[str, Any]:
    """The item row of ``user_id`` with ``item_id``.

    Raises:
        NotFoundError: no such item for this user (another user's id included).
    """
    item_id = int(item_id)
    # an id outside SQLite's 64-bit range cannot exist (and would not bind: OverflowError)
    in_range = -(2**63) <= item_id < 2**63
    row = store.one(f"SELECT * FROM {s.ITEMS} WHERE id = ? AND user_id = ?", (item_id, user_id)) if in_range else None
    if row is None:
        raise NotFoundError(f"no memory with id {item_id} for user {user_id!r}")
    return row


def list_rows(store: Store, user_id: str, *, include_all: bool = False,
              limit: int | None = None) -> list[dict[str, Any]]:
    """Items of one user, newest first; active only unless ``include_all``."""
    where = "user_id = ?" + ("" if include_all else " AND invalid_at IS NULL AND expired_at IS NULL")
    sql = f"SELECT * FROM {s.ITEMS} WHERE {where} ORDER BY valid_from DESC, id DESC"
    if limit:
        sql += f" LIMIT {min(int(limit), 2**63 - 1)}"  # a larger literal is a REAL: "datatype mismatch"
    return store.q(sql, (user_id,))


def source_ids_of(store: Store, item_id: int) -> list[int]:
    return [r["source_id"] for r in store.q(
        f"SELECT source_id FROM {s.ITEM_SOURCES} WHERE item_id = ? ORDER BY source_id", (item_id,))]


def insert_item(
    store: Store,
    *,
    user_id: str,
    candidate: Candidate,
    origin: str,
    confidence: float,
    vector: np.ndarray | None,
    model: str | None,
    source_ids: Iterable[int] = (),
    invalid_at: datetime | None = None,
    invalid_reason: str | None = None,
    supersedes_id: int | None = None,
    recorded_at: datetime | None = None,
) -> dict[str, Any]:
    """Insert one item, index it (FTS5 + vec0), link its sources; return the row."""
    now = recorded_at or now_utc()
    vf = iso(candidate.valid_from)
    item_id = store.x(
        f"""INSERT INTO {s.ITEMS}(user_id, statement, normalized, kind, slot, salience, confidence,
            origin, valid_from, invalid_at, recorded_at, expired_at, last_confirmed_at, confirmations,
            supersedes_id, invalid_reason, metadata, embed_model)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, 1, ?, ?, ?, ?)""",
        (user_id, candidate.statement, normalize(candidate.statement), str(candidate.kind), candidate.slot,
         float(candidate.salience), float(confidence), str(origin), vf,
         iso(invalid_at) if invalid_at else None, iso(now), iso(candidate.confirmed_at or candidate.valid_from),
         supersedes_id, invalid_reason,
         json.dumps(candidate.metadata, ensure_ascii=False), model),
    )
    for sid in source_ids:
        link_source(store, item_id, sid)
    row = store.one(f"SELECT * FROM {s.ITEMS} WHERE id = ?", (item_id,))
    assert row is not None
    index.index_fts(store, item_id, user_id, candidate.statement, candidate.slot)
    if vector is not None:
        index.ensure_vec_table(store, int(vector.shape[-1]), model or "")
        index.index_vector(store, row, vector)
    return row


def update_item(store: Store, item_id: int, **fields: Any) -> dict[str, Any]:
    """Set columns of one item; re-mirror validity flags into vec0. Returns the new row.

    datetime values are stored as ISO-8601 UTC text.
    """
    if not fields:
        raise ValueError("no fields to update")
    cols = ", ".join(f"{k} = ?" for k in fields)
    vals = [iso(v) if isinstance(v, datetime) else v for v in fields.values()]
    store.x(f"UPDATE {s.ITEMS} SET {cols} WHERE id = ?", (*vals, item_id))
    row = store.one(f"SELECT * FROM {s.ITEMS} WHERE id = ?", (item_id,))
    assert row is not None
    if {"invalid_at", "expired_at", "valid_from"} & fields.keys():
        index.refresh_flags(store, row)
    return row


def link_source(store: Store, item_id: int, source_id: int) -> None:
    store.x(f"INSERT OR IGNORE INTO {s.ITEM_SOURCES}(item_id, source_id) VALUES (?, ?)", (item_id, source_id))


def record_event(
    store: Store,
    *,
    user_id: str,
    action: str,
    item_id: int | None = None,
    other_item_id: int | None = None,
    source_id: int | None = None,
    level: str | None = None,
    cosine: float | None = None,
    judge: str | None = None,
    reason: str | None = None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> int:
    """Append one row to the audit trail; returns its id."""
    return store.x(
        f"""INSERT INTO {s.EVENTS}(user_id, item_id, other_item_id, source_id, action, level, cosine,
            judge, reason, before, after, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
        (user_id, item_id, other_item_id, source_id, str(action), level and str(level),
         None if cosine is None else float(cosine), judge, reason,
         None if before is None else json.dumps(before, ensure_ascii=False),
         None if after is None else json.dumps(after, ensure_ascii=False), iso(now_utc())),
    )


def item_model(store: Store, row: dict[str, Any], settings: Settings, now: datetime | None = None) -> MemoryItem:
    """Map a row to :class:`MemoryItem`, with effective (decayed) confidence at ``now``."""
    from memcli.governance.confidence import effective

    now = now or now_utc()
    last = from_iso(row["last_confirmed_at"])
    return MemoryItem(
        id=row["id"], user=row["user_id"], statement=row["statement"], kind=row["kind"], slot=row["slot"],
        salience=row["salience"], confidence=row["confidence"],
        effective_confidence=effective(row["confidence"], last, now, settings),
        origin=row["origin"], status=status_of(row), valid_from=from_iso(row["valid_from"]),
        invalid_at=from_iso(row["invalid_at"]) if row["invalid_at"] else None,
        recorded_at=from_iso(row["recorded_at"]),
        expired_at=from_iso(row["expired_at"]) if row["expired_at"] else None,
        last_confirmed_at=last, confirmations=row["confirmations"], supersedes_id=row["supersedes_id"],
        superseded_by_id=row["superseded_by_id"], invalid_reason=row["invalid_reason"],
        metadata=json.loads(row["metadata"] or "{}"), source_ids=source_ids_of(store, row["id"]),
    )


def event_model(row: dict[str, Any]) -> Event:
    return Event(
        id=row["id"], item_id=row["item_id"], other_item_id=row["other_item_id"], source_id=row["source_id"],
        action=row["action"], level=row["level"], cosine=row["cosine"], judge=row["judge"], reason=row["reason"],
        before=json.loads(row["before"]) if row["before"] else None,
        after=json.loads(row["after"]) if row["after"] else None,
        created_at=from_iso(row["created_at"]),
    )
