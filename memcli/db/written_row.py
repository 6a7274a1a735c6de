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
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from memcli.db import schema as s

__all__ = ["DEFAULTS", "inserted_row", "updated_row"]

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


def inserted_row(store: Any, values: Mapping[str, Any]) -> dict[str, Any]:
    """Insert one ``memory_items`` row of ``values`` (column → value; ``expired_at`` NULL, ``confirmations`` 1,
    the rest their defaults) and return it as ``SELECT *`` would: every column, in the table's order.

    Raises:
        StoreError (translated by ``store.x``): the insert failed (a constraint, a locked or full database).
    """
    names = tuple(values)
    new_id = store.x(_insert_sql(names), tuple(values.values()))
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
