"""A memory row as inserted or updated, built from the values written instead of read back (round 34, issue 24).

``INSERT … RETURNING *`` is how :func:`memcli.db.items.insert_item` used to get the new row. SQLite runs a
``RETURNING`` clause as a temporary trigger, which makes the insert a statement that needs its own statement
journal (a sub-savepoint, opened and released around it, and every virtual table written in the transaction told
of it): measured inside the drain's batch transaction, ~100 us of CPU an insert against ~25 us for the plain
``INSERT`` (6.4k inserts at 10k utterances). Here the plain ``INSERT`` runs and the row is built from its values,
the new rowid and the columns' defaults, keyed and ordered as ``SELECT *`` returns them (the order is the table's
own, read once per connection with ``PRAGMA table_info``).

Built only when that row is certain to equal what SQLite stored: every value ``None`` or of the exact Python type
its column's affinity keeps unchanged (``str`` in a TEXT column, ``float`` in a REAL one, ``int`` in an INTEGER
one), and the table holding exactly the columns written plus those whose default is known here. Anything else
(an ``int`` in a REAL column, a ``bool``, a table with a column added by someone else) reads the row back by its
id: the same answer, one statement more.

An update (:func:`memcli.db.items.update_item`) the same way, when the row before it is known exactly: the drain's
copy of the user's active rows holds it (:meth:`memcli.db.active_rows.ActiveRows.held`, the stored row, as every
write of the transaction left it). The new row is that one with the values written, when each is of the type its
column keeps; otherwise ``UPDATE … RETURNING *`` as before.

In the drain's batch (round 37, :mod:`memcli.db.vec_pending`) the row does not go in at once: the writer gives it the
id SQLite would have given it (one past the table's ``sqlite_sequence`` and largest id, read under the write lock, or
one past the last waiting row's) and it waits with the batch's other rows for one ``executemany`` before the commit
or before any statement naming the table. Only a row whose insert cannot fail waits (every ``NOT NULL`` column set,
salience and confidence in [0, 1], every text storable as UTF-8, no ``supersedes_id`` to check): any other goes in
at once as before, so a failing insert still fails its task alone. An update of a waiting row changes it where it
waits (:func:`patch_waiting`); the two common updates of a stored row (a CONFLICT's end of the old memory, a NOOP's
reinforcement) wait too, as ``executemany`` of their ``UPDATE`` (:func:`wait_update`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from typing import Any

from memcli.db import schema as s
from memcli.db.waiting_rows import waiting_in, written_at_once

__all__ = ["DEFAULTS", "FK_COLUMNS", "UPDATES", "inserted_row", "insert_all_sql", "patch_waiting", "stored_update",
           "updated_row", "wait_update"]

#: columns ``insert_item`` never writes, with the value SQLite gives them (their default)
DEFAULTS: dict[str, Any] = {"expired_at": None, "confirmations": 1, "superseded_by_id": None}

#: a column's declared type → the Python type it stores unchanged (SQLite's type affinity)
_KEEPS = {"TEXT": str, "REAL": float, "INTEGER": int}

_ATTR = "_items_columns"  # the store's cached (column, declared type) list of memory_items
_UNKNOWN = object()  # a column neither written nor of a known default


def _columns(store: Any) -> dict[str, str]:
    """Column → declared type (upper case) of ``memory_items``, in the table's order, read once per connection."""
    got = store.__dict__.get(_ATTR)
    if got is None:
        got = store.__dict__[_ATTR] = {r["name"]: str(r["type"]).upper()
                                       for r in store.q(f"PRAGMA table_info({s.ITEMS})")}
    return got


_SQL: dict[tuple[str, ...], str] = {}


def _insert_sql(names: tuple[str, ...]) -> str:
    sql = _SQL.get(names)
    if sql is None:
        sql = _SQL[names] = (f"INSERT INTO {s.ITEMS}({', '.join(names)}, expired_at, confirmations) "
                             f"VALUES ({', '.join('?' * len(names))}, NULL, 1)")
    return sql


#: the columns of ``memory_items`` that must hold a value (``NOT NULL``; ``id`` aside)
_NOT_NULL = ("user_id", "statement", "normalized", "kind", "salience", "confidence", "origin", "valid_from",
             "recorded_at", "last_confirmed_at", "confirmations", "metadata")
#: the columns that name another memory (a foreign key, checked by SQLite when the row is written)
FK_COLUMNS = frozenset({"supersedes_id", "superseded_by_id"})


def insert_all_sql(store: Any) -> str:
    """The insert of a whole ``memory_items`` row, id included, every column in the table's order (the rows that
    wait in the drain's batch: :func:`inserted_row`)."""
    cols = _columns(store)
    return f"INSERT INTO {s.ITEMS}({', '.join(cols)}) VALUES ({', '.join('?' * len(cols))})"


def _storable(values: Mapping[str, Any]) -> bool:
    """Whether writing ``values`` (column → value) to a memory row cannot fail: no ``NOT NULL`` column set to None,
    salience and confidence in [0, 1], every text encodable as UTF-8."""
    for name, v in values.items():
        if v is None:
            if name in _NOT_NULL:
                return False
        elif type(v) is str:
            try:
                v.encode()
            except UnicodeEncodeError:
                return False
        elif name in ("salience", "confidence") and (type(v) is not float or not 0.0 <= v <= 1.0):
            return False
    return True


def _waiting_row(store: Any, pend: Any, values: Mapping[str, Any]) -> dict[str, Any] | None:
    """The row of ``values`` with the id it gets, left waiting in ``pend``; None when it must go in at once."""
    if values.get("supersedes_id") is not None or not _storable(values):
        return None
    cols = _columns(store)
    row: dict[str, Any] = {}
    for name, decl in cols.items():
        if name == "id":
            row[name] = 0
            continue
        v = values[name] if name in values else DEFAULTS.get(name, _UNKNOWN)
        if v is not None and type(v) is not _KEEPS.get(decl):
            return None
        row[name] = v
    if len(row) != len(values) + len(DEFAULTS) + 1:
        return None
    row["id"] = new_id = pend.next_key(s.ITEMS, "id")
    pend.add(s.ITEMS, new_id, tuple(row.values()))
    return row


def patch_waiting(store: Any, item_id: int, values: Mapping[str, Any]) -> bool:
    """Set ``values`` (column → value, of the types their columns keep) on the memory row ``item_id`` where it waits
    (:func:`inserted_row`); False when it does not wait or a value could make the update fail (the caller then runs
    the ``UPDATE``, which writes the waiting rows first)."""
    pend = waiting_in(store, s.ITEMS)
    if pend is None or pend.get(s.ITEMS, item_id) is None or not _storable(values):
        return False
    pos = {name: i for i, name in enumerate(_columns(store))}
    for name, value in values.items():  # a memory named must be written before this one: waiting ahead of it
        if name not in pos or (name in FK_COLUMNS and value is not None
                               and (type(value) is not int or value >= item_id or pend.get(s.ITEMS, value) is None)):
            return False
    return pend.patch(s.ITEMS, item_id, {pos[name]: v for name, v in values.items()})


#: the updates of a stored memory row that wait too, by the columns they set (a CONFLICT's end of the old memory,
#: a NOOP's reinforcement): key in the transaction's waiting rows → their statement (the row's id last)
UPDATES = {(cols := tuple(c)): (f"{s.ITEMS} set {','.join(cols)}",
                                f"UPDATE {s.ITEMS} SET {', '.join(f'{k} = ?' for k in cols)} WHERE id = ?")
           for c in (("invalid_at", "invalid_reason"), ("confidence", "last_confirmed_at", "confirmations"))}


def _waits(pend: Any, item_id: int) -> bool:
    """Whether a row or an update of the memory ``item_id`` waits."""
    return any(pend.get(key, item_id) is not None for key in pend.tables if key.split(" ")[0] == s.ITEMS)


def wait_update(store: Any, item_id: int, values: Mapping[str, Any]) -> bool:
    """Leave the ``UPDATE`` of ``values`` (column → value as bound, of the types their columns keep) on the stored
    memory row ``item_id`` waiting with the batch's rows, when its columns are those of one of :data:`UPDATES` and
    it cannot fail; False: the caller runs it. Updates of one row wait in the order they were asked for, each kind
    in its own list: the kinds set no column in common, so their order between kinds changes nothing."""
    pend = waiting_in(store, s.ITEMS)
    key = UPDATES.get(tuple(values))
    if pend is None or key is None or key[0] not in pend.tables or pend.get(s.ITEMS, item_id) is not None \
            or not _storable(values):
        return False
    pend.add(key[0], item_id, (*values.values(), item_id))
    return True


def stored_update(store: Any, item_id: int, values: Mapping[str, Any]) -> contextlib.AbstractContextManager:
    """The context of an ``UPDATE`` of ``values`` on the memory row ``item_id`` by its id: when the row is stored
    and nothing of it waits (no row, no update) and no value names another memory, the statement cannot touch a
    waiting row and runs without writing them first (:meth:`memcli.db.vec_pending.Pending.direct`)."""
    pend = waiting_in(store, s.ITEMS)
    if pend is None or _waits(pend, item_id) or not FK_COLUMNS.isdisjoint(values):
        return contextlib.nullcontext()
    return pend.direct()


def inserted_row(store: Any, values: Mapping[str, Any]) -> dict[str, Any]:
    """Insert one ``memory_items`` row of ``values`` (column → value; ``expired_at`` NULL, ``confirmations`` 1,
    the rest their defaults) and return it as ``SELECT *`` would: every column, in the table's order. In the
    drain's batch the row waits for the batch's one insert of them (see the module's docstring).

    Raises:
        StoreError (translated by ``store.x``): the insert failed (a constraint, a locked or full database).
    """
    if (pend := waiting_in(store, s.ITEMS)) is not None and (got := _waiting_row(store, pend, values)) is not None:
        return got
    names = tuple(values)
    new_id = store.x(_insert_sql(names), tuple(values.values()))  # (the waiting rows written first)
    written_at_once(store, s.ITEMS)  # this one went in now: SQLite gave its id
    cols = _columns(store)
    row: dict[str, Any] = {}
    for name, decl in cols.items():
        if name == "id":
            row[name] = new_id
            continue
        v = values[name] if name in values else DEFAULTS.get(name, _UNKNOWN)
        if v is not None and type(v) is not _KEEPS.get(decl):
            break
        row[name] = v
    else:
        if len(row) == len(values) + len(DEFAULTS) + 1:
            return row
    got = store.one(f"SELECT * FROM {s.ITEMS} WHERE id = ?", (new_id,))  # anything unsure: as stored
    assert got is not None
    return got


def updated_row(store: Any, held: dict[str, Any], values: Mapping[str, Any]) -> dict[str, Any] | None:
    """``held`` (the row as stored before the update, every column) with ``values`` (column → value as bound)
    set, as ``SELECT *`` would return it after ``UPDATE … SET`` them; None when a value's type is not the one its
    column keeps, or a column is not the table's (the caller then reads the row back)."""
    cols = _columns(store)
    if len(held) != len(cols):
        return None
    for name, v in values.items():
        decl = cols.get(name)
        if decl is None or (v is not None and type(v) is not _KEEPS.get(decl)):
            return None
    return {**held, **values}
