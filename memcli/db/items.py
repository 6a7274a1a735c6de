"""Row-level access to memories, their sources and the audit trail (no policy here).

Every function takes an open :class:`~memcli.db.connect.Store` and is meant to run inside
``store.tx()``. Lookups are always by ``(user_id, id)``: an id of another user is simply
"not found", with the same message as an id that does not exist.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memcli.db import episodes, index
from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.db.store import FORGOTTEN, snapshot, status_of
from memcli.db.written_row import inserted_row, patch_waiting, stored_update, updated_row, wait_update
from memcli.errors import NotFoundError
from memcli.text import normalize
from memcli.timeutil import iso, now_iso

if TYPE_CHECKING:
    import numpy as np

    from memcli.models import Candidate

__all__ = [
    "FORGOTTEN", "active_in_slot", "active_rows_of", "count_items", "events_of", "find_exact", "get_row", "insert_item",
    "item_status_counts", "items_by_ids", "lineage", "link_source", "list_rows", "record_event", "set_supersedes",
    "snapshot", "source_ids_of", "status_of", "update_item",
]

#: ``json.dumps(obj, ensure_ascii=False)``, the text for text, with one encoder made once (dumps makes one a call);
#: no check for circular references (plain rows and metadata: the same text, a dict of ids a container less)
_json = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode


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
              limit: int | None = None, as_of: datetime | None = None) -> list[dict[str, Any]]:
    """Items of one user, newest first; active only unless ``include_all``; with ``as_of``
    those believed true at that world time (:func:`memcli.db.predicates.as_of_sql`)."""
    params: tuple[Any, ...] = (user_id,)
    if as_of is not None:
        from memcli.db.predicates import as_of_sql

        where, params = f"user_id = ? AND {as_of_sql()}", (user_id, iso(as_of), iso(as_of))
    else:
        where = "user_id = ?" + ("" if include_all else " AND invalid_at IS NULL AND expired_at IS NULL")
    sql = f"SELECT * FROM {s.ITEMS} WHERE {where} ORDER BY valid_from DESC, id DESC"
    if limit:
        sql += f" LIMIT {min(int(limit), 2**63 - 1)}"  # a larger literal is a REAL: "datatype mismatch"
    return store.q(sql, params)


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
    vf, at = iso(candidate.valid_from), iso(recorded_at) if recorded_at else now_iso()
    values = {"user_id": user_id, "statement": candidate.statement, "normalized": normalize(candidate.statement),
              "kind": str(candidate.kind), "slot": candidate.slot, "salience": float(candidate.salience),
              "confidence": float(confidence), "origin": str(origin), "valid_from": vf,
              "invalid_at": iso(invalid_at) if invalid_at else None, "recorded_at": at,
              "last_confirmed_at": iso(candidate.confirmed_at or candidate.valid_from),
              "supersedes_id": supersedes_id, "invalid_reason": invalid_reason,
              "metadata": _json(candidate.metadata), "embed_model": model, "event_when": candidate.event_when}
    row = inserted_row(store, values)
    item_id = int(row["id"])
    episodes.note_item(store, item_id, inserted=True, ended=invalid_at is not None)
    for sid in source_ids:
        link_source(store, item_id, sid)
    # the row as inserted (built from its values: memcli.db.written_row); a new id has no index rows to replace
    index.index_fts(store, item_id, user_id, candidate.statement, candidate.slot, fresh=True)
    if vector is not None:
        index.ensure_vec_table(store, int(vector.shape[-1]), model or "")
        index.index_vector(store, row, vector, fresh=True)
    return row


def update_item(store: Store, item_id: int, held: dict[str, Any] | None = None, **fields: Any) -> dict[str, Any]:
    """Set columns of one item; re-mirror validity flags into vec0. Returns the new row.

    datetime values are stored as ISO-8601 UTC text. ``held``: the row as stored now, when the caller knows it
    exactly (the drain's copy of active rows): the new row is then built from it and the values
    (:func:`memcli.db.written_row.updated_row`), not returned by the statement.
    """
    if not fields:
        raise ValueError("no fields to update")
    cols = ", ".join(f"{k} = ?" for k in fields)
    vals = [iso(v) if isinstance(v, datetime) else v for v in fields.values()]
    known = held is not None and held["id"] == item_id
    bound = dict(zip(fields, vals, strict=True))
    row = updated_row(store, held, bound) if known else None  # type: ignore[arg-type]
    if row is not None:
        # the drain: a row still waiting is changed where it waits, a common update of a stored row waits too
        if not patch_waiting(store, item_id, bound) and not wait_update(store, item_id, bound):
            with stored_update(store, item_id, bound):
                store.x(f"UPDATE {s.ITEMS} SET {cols} WHERE id = ?", (*vals, item_id))
    else:
        row = store.one(f"UPDATE {s.ITEMS} SET {cols} WHERE id = ? RETURNING *", (*vals, item_id))  # as updated
    assert row is not None
    if {"invalid_at", "expired_at"} & fields.keys():
        episodes.note_item(store, item_id, inserted=False, ended=True)  # its turns may be retired now
    if {"invalid_at", "expired_at", "valid_from"} & fields.keys():
        index.refresh_flags(store, row)
    return row


#: a memory's link to a turn it came from, as :func:`link_source` writes it (again: nothing)
LINK_INSERT = f"INSERT OR IGNORE INTO {s.ITEM_SOURCES}(item_id, source_id) VALUES (?, ?)"


def link_source(store: Store, item_id: int, source_id: int) -> None:
    """Link ``source_id`` to ``item_id`` (no-op when linked); the drain's link waits for the transaction's one insert
    of them (:mod:`memcli.db.vec_pending`). The turn stops being an episode (:func:`memcli.db.episodes.retire`)."""
    pend = index.pending_rows(store)
    if pend is not None and s.ITEM_SOURCES in pend.tables:
        pend.append(s.ITEM_SOURCES, (int(item_id), int(source_id)))
    else:
        store.x(LINK_INSERT, (item_id, source_id))
    episodes.retire(store, source_id, item_id)  # a memory holds the turn now: it is no episode


#: an audit event's row, as :func:`record_event` writes it
EVENT_INSERT = (f"INSERT INTO {s.EVENTS}(user_id, item_id, other_item_id, source_id, action, level, cosine, judge, "
                "reason, before, after, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")


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
) -> int | None:
    """Append one row to the audit trail; returns its id, or None when the row waits for the transaction's
    one insert of its events (the drain: :mod:`memcli.db.vec_pending`; it is written before the commit or before
    any statement reading ``memory_events``, with the id it would have had). After a decision that may retire a
    memory, the turns it came from are checked (:func:`memcli.db.episodes.recheck`): no retired value comes back
    as an episode.

    Raises:
        BadInputError: a text holds an unpaired surrogate (checked here also when the row waits: the task fails
            alone, as a row written at once would).
        StoreError: the insert failed."""
    params = (user_id, item_id, other_item_id, source_id, str(action), level and str(level),
              None if cosine is None else float(cosine), judge, reason,
              None if before is None else _json(before),
              None if after is None else _json(after), now_iso())
    pend = index.pending_rows(store)
    if pend is not None and s.EVENTS in pend.tables:
        for v in params:
            if type(v) is str:
                _encodable(v)
        pend.append(s.EVENTS, params)
        got = None
    else:
        got = store.x(EVENT_INSERT, params)
    if str(action) in episodes.RETIRING:
        episodes.recheck(store, [item_id, other_item_id])
    return got


def _encodable(text: str) -> None:
    """Raise BadInputError (as :meth:`memcli.db.connect.Store.x` does) when ``text`` cannot be stored as UTF-8."""
    try:
        text.encode()
    except UnicodeEncodeError:
        from memcli.db.open_checks import surrogate_error

        raise surrogate_error() from None


_ACTIVE = "invalid_at IS NULL AND expired_at IS NULL"


def items_by_ids(store: Store, user_id: str, ids: Iterable[int]) -> list[dict[str, Any]]:
    ids = [int(i) for i in ids]
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    # +user_id: looked up by id (the primary key), not through the user's index (warm search at 100k)
    return store.q(f"SELECT * FROM {s.ITEMS} WHERE +user_id = ? AND id IN ({marks}) ORDER BY recorded_at, id",
                   (user_id, *ids))


def count_items(store: Store, user_id: str | None = None, *, active_only: bool = False) -> int:
    conds, params = [], []
    if user_id is not None:
        conds.append("user_id = ?")
        params.append(user_id)
    if active_only:
        conds.append(_ACTIVE)
    where = f" WHERE {' AND '.join(conds)}" if conds else ""
    return int(store.scalar(f"SELECT count(*) FROM {s.ITEMS}{where}", params) or 0)


def find_exact(store: Store, user_id: str, normalized: str) -> dict[str, Any] | None:
    # by the statement's index: left to itself, the planner takes (user_id, invalid_at, expired_at) and reads
    # every active memory of the user (as active_in_slot below)
    return store.one(f"SELECT * FROM {s.ITEMS} INDEXED BY ix_items_user_norm WHERE user_id = ? AND normalized = ? "
                     f"AND {_ACTIVE} ORDER BY id LIMIT 1", (user_id, normalized))


def active_rows_of(store: Store, user_id: str, limit: int) -> list[dict[str, Any]]:
    """At most ``limit`` active item rows of ``user_id`` (:mod:`memcli.db.active_rows` loads its copy with them)."""
    return store.q(f"SELECT * FROM {s.ITEMS} WHERE user_id = ? AND {_ACTIVE} LIMIT ?", (user_id, int(limit)))


def active_in_slot(store: Store, user_id: str, slot: str) -> list[dict[str, Any]]:
    # by the slot index: left to itself, the planner takes (user_id, invalid_at, expired_at), three
    # equalities, and reads every active memory of the user to find the few of one slot
    return store.q(f"SELECT * FROM {s.ITEMS} INDEXED BY ix_items_user_slot "
                   f"WHERE user_id = ? AND slot = ? AND {_ACTIVE} ORDER BY valid_from DESC, id DESC", (user_id, slot))


def _active_by_key(store: Store, keys: Sequence[tuple[str, str]], column: str, index: str,
                   order: str) -> list[dict[str, Any]]:
    """Active items whose (user_id, ``column``) is one of the distinct ``keys``, in one statement: a
    ``VALUES`` list joined through ``index``, rows in ``order``."""
    uniq = list(dict.fromkeys((str(u), str(t)) for u, t in keys))
    values = ", ".join(["(?, ?)"] * len(uniq))
    return store.q(f"WITH k(u, v) AS (VALUES {values}) SELECT i.* FROM k JOIN {s.ITEMS} i INDEXED BY {index} "
                   f"ON i.user_id = k.u AND i.{column} = k.v WHERE {_ACTIVE} "
                   f"ORDER BY {order}", [v for k in uniq for v in k])


def find_exact_many(store: Store, keys: Sequence[tuple[str, str]]) -> dict[tuple[str, str], dict[str, Any]]:
    """:func:`find_exact` of each (user_id, normalized) key in one statement (a key without a match is absent)."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for r in _active_by_key(store, keys, "normalized", "ix_items_user_norm", "i.id") if keys else []:
        out.setdefault((r["user_id"], r["normalized"]), r)
    return out


def active_in_slots(store: Store, keys: Sequence[tuple[str, str]]) -> dict[tuple[str, str], list[dict[str, Any]]]:
    """:func:`active_in_slot` of each (user_id, slot) key in one statement, each list in its order
    (a key without rows is absent)."""
    out: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in _active_by_key(store, keys, "slot", "ix_items_user_slot", "i.valid_from DESC, i.id DESC") if keys else []:
        out.setdefault((r["user_id"], r["slot"]), []).append(r)
    return out


def set_supersedes(store: Store, new_id: int, old_id: int) -> None:
    if not patch_waiting(store, int(new_id), {"supersedes_id": int(old_id)}):
        store.x(f"UPDATE {s.ITEMS} SET supersedes_id = ? WHERE id = ?", (old_id, new_id))


def lineage(store: Store, user_id: str, item_id: int) -> set[int]:
    """Ids linked to ``item_id`` transitively by supersede links and CONFLICT/UPDATE/CORRECT events."""
    seen: set[int] = set()
    todo = [int(item_id)]
    while todo:
        cur = todo.pop()
        if cur in seen:
            continue
        seen.add(cur)
        row = store.one(f"SELECT supersedes_id, superseded_by_id FROM {s.ITEMS} WHERE id = ? AND user_id = ?",
                        (cur, user_id))
        if row:
            todo += [v for v in row.values() if v is not None]
        for r in store.q(f"SELECT item_id, other_item_id FROM {s.EVENTS} WHERE user_id = ? AND "
                         "(item_id = ? OR other_item_id = ?) AND action IN ('CONFLICT','UPDATE','CORRECT')",
                         (user_id, cur, cur)):
            todo += [v for v in r.values() if v is not None]
    return seen


def events_of(store: Store, user_id: str, item_ids: Iterable[int]) -> list[dict[str, Any]]:
    ids = [int(i) for i in item_ids]
    if not ids:
        return []
    marks = ",".join("?" * len(ids))
    return store.q(f"SELECT * FROM {s.EVENTS} WHERE user_id = ? AND (item_id IN ({marks}) OR other_item_id "
                   f"IN ({marks})) ORDER BY id", (user_id, *ids, *ids))


def item_status_counts(store: Store, user_id: str, forgotten_reason: str = FORGOTTEN) -> dict[str, int]:
    by_status = {"active": 0, "invalid": 0, "superseded": 0, "forgotten": 0}
    for r in store.q(f"SELECT invalid_at IS NOT NULL AS inv, expired_at IS NOT NULL AS exp, invalid_reason = ? AS fg, "
                     f"count(*) AS n FROM {s.ITEMS} WHERE user_id = ? GROUP BY 1, 2, 3", (forgotten_reason, user_id)):
        key = "forgotten" if r["fg"] else "superseded" if r["exp"] else "invalid" if r["inv"] else "active"
        by_status[key] += r["n"]
    return by_status
