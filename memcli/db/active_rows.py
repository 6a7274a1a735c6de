"""The drain's copy of each user's active memory rows, so a decision's lookups cost no statement.

Every candidate a drain decides asks the store for the user's active rows of one slot
(:func:`~memcli.db.items.active_in_slot`), the active row with its normalised statement
(:func:`~memcli.db.items.find_exact`), rows by id (its neighbours' rows, a judge's target): ~22k
statements in a 10k drain, one each. :class:`ActiveRows` reads a user's active rows once (one
statement) and answers those lookups from memory; every write of a memory row the store makes is
applied to the copy as it happens, as the writer's KNN copy (:mod:`memcli.db.write_knn`) follows
the vectors.

**When an answer is the store's.** The copy answers only inside a write transaction of the
connection that keeps it (``BEGIN IMMEDIATE``: no other writer can commit until it ends) and is
checked when each one begins: ``PRAGMA data_version`` changes when another connection committed,
and the copy is then dropped. A write of ``memory_items`` the copy was not told of (any statement
naming the table other than the store's insert / update / supersede link) drops it, and so does a
rollback of the transaction or of any savepoint inside it. Rows are handed out as new dicts (a
caller may change its own). Answers equal the statements' own, order included:
``active_in_slot`` by (``valid_from`` DESC, id DESC), ``find_exact`` the lowest id, ``items_by_ids``
by (``recorded_at``, id) — ISO-8601 text compares as SQLite's BINARY collation does.

:data:`CHECK` (tests): every answer is compared with the statement's and a difference raises.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from memcli.db import schema as s

__all__ = ["CHECK", "ActiveRows", "checked", "writes_items"]

Row = dict[str, Any]

#: compare every answer with the store's statement (tests): a difference raises AssertionError
CHECK = False

#: a user with more active memories than this is not copied (memory: ~1 KB a row); their lookups
#: stay statements, as without the copy
MAX_ROWS = 20_000

_ITEMS_WORD = re.compile(rf"\b{s.ITEMS}\b")
_WRITE_WORD = re.compile(r"\b(?:INSERT|UPDATE|DELETE|REPLACE|DROP|ALTER|CREATE)\b", re.IGNORECASE)
_LITERAL = re.compile(r"'[^']*'")
_LEAD = re.compile(r"\s*(\w+)")

#: the columns a neighbour shows (:func:`memcli.db.search._items_of`), in its statement's order
NEIGHBOR_COLUMNS = ("id", "statement", "slot", "valid_from", "origin", "confidence")


def writes_items(sql: str) -> bool:
    """``sql`` may write ``memory_items``: it names the table and is not one plain ``SELECT`` (a ``WITH``
    without a writing verb outside its string literals reads too). A false yes only costs a reload."""
    if s.ITEMS not in sql or not _ITEMS_WORD.search(sql):
        return False
    lead = _LEAD.match(sql)
    verb = lead.group(1).upper() if lead else ""
    several = ";" in sql.strip().rstrip(";")
    if verb == "SELECT" and not several:
        return False
    if verb == "WITH" and not several:
        return bool(_WRITE_WORD.search(_LITERAL.sub("", sql)))
    return True


def _active(row: Row) -> bool:
    return row["invalid_at"] is None and row["expired_at"] is None


class _User:
    """One user's active rows: by id, by slot, by normalised statement."""

    __slots__ = ("by_id", "by_key", "by_norm", "by_slot", "cold", "key_of")

    def __init__(self, rows: Iterable[Row]) -> None:
        self.by_id: dict[int, Row] = {}
        self.by_slot: dict[str, dict[int, Row]] = {}
        self.by_norm: dict[str, dict[int, Row]] = {}
        self.key_of: Callable[[Row], Any] | None = None  # the caller's key (:meth:`ActiveRows.keyed`), once asked
        self.by_key: dict[Any, set[int]] = {}
        for r in rows:
            self.add(r)
        self.cold = set(self.by_id)  # read from the store, not written since: no key computed of them

    def add(self, row: Row) -> None:
        i = row["id"]
        self.by_id[i] = row
        if row["slot"] is not None:
            self.by_slot.setdefault(row["slot"], {})[i] = row
        self.by_norm.setdefault(row["normalized"], {})[i] = row
        if self.key_of is not None:
            self.by_key.setdefault(self.key_of(row), set()).add(i)

    def remove(self, item_id: int) -> None:
        row = self.by_id.pop(item_id, None)
        if row is None:
            return
        self.cold.discard(item_id)
        if self.key_of is not None:
            self.by_key[self.key_of(row)].discard(item_id)
        for table, key in ((self.by_slot, row["slot"]), (self.by_norm, row["normalized"])):
            got = table.get(key)
            if got is not None:
                got.pop(item_id, None)
                if not got:
                    del table[key]


#: a user not copied (more than :data:`MAX_ROWS` active memories) until the copy is dropped
_TOO_MANY = _User(())


class ActiveRows:
    """Per connection: user → that user's active memory rows (loaded on first lookup in a write
    transaction by ``load(user, limit)``: at most ``limit`` active rows of the user, all columns; a user
    with more than :data:`MAX_ROWS` is left to the statements). Build one per drain
    (:meth:`memcli.db.sqlite.SQLiteStore.keep_active_rows`)."""

    def __init__(self, load: Callable[[str, int], list[Row]]) -> None:
        self.load = load
        self.users: dict[str, _User] = {}
        self.owner: dict[int, str] = {}  # item id → its user, for the rows held
        self.open = False  # inside a write transaction checked by begin(): answers are the store's
        self.kept = 0  # > 0: a write the copy is told of is running (no drop for its statement)
        self.version: Any = None
        self.loads = self.drops = self.hits = 0

    # -- the transaction's edges -----------------------------------------------------------------
    def begin(self, version: Any) -> None:
        """A write transaction began; ``version``: the connection's ``PRAGMA data_version`` now."""
        if version != self.version:
            self.drop()
        self.version, self.open = version, True

    def end(self) -> None:
        self.open = False

    def drop(self) -> None:
        """Forget every row (a rollback, a write not told of, another connection's commit)."""
        if self.users:
            self.drops += 1
        self.users.clear()
        self.owner.clear()

    def keeping(self) -> _Keeping:
        """The statements inside are writes this copy is told of afterwards (:meth:`wrote`)."""
        return _Keeping(self)

    def wrote(self, row: Row) -> None:
        """``row`` (all columns, as the store now holds it) was inserted or changed."""
        user = self.owner.pop(row["id"], None)
        if user is not None:
            self.users[user].remove(row["id"])
        held = self.users.get(row["user_id"])
        if held is not None and held is not _TOO_MANY and _active(row):
            held.add(row)
            self.owner[row["id"]] = row["user_id"]

    def held(self, item_id: Any) -> Row | None:
        """The row of ``item_id`` as stored (not a copy: do not change it), when the copy is open and holds it."""
        user = self.owner.get(item_id) if self.open else None
        return None if user is None else self.users[user].by_id.get(item_id)

    def patch(self, item_id: int, **fields: Any) -> None:
        """Columns of a held row changed (``fields``: the values as stored)."""
        user = self.owner.get(item_id)
        if user is not None:
            self.wrote({**self.users[user].by_id[item_id], **fields})

    # -- lookups (None: not answered here, ask the store) ----------------------------------------
    def _user(self, user: str) -> _User | None:
        if not self.open:
            return None
        got = self.users.get(user)
        if got is None:
            rows = self.load(user, MAX_ROWS + 1)
            self.loads += 1
            if len(rows) > MAX_ROWS:
                self.users[user] = _TOO_MANY
                return None
            got = self.users[user] = _User(rows)
            self.owner.update((i, user) for i in got.by_id)
        elif got is _TOO_MANY:
            return None
        self.hits += 1
        return got

    def find_exact(self, user: str, normalized: str) -> tuple[bool, Row | None]:
        """(answered, the active row of ``user`` with ``normalized``, lowest id first)."""
        u = self._user(user)
        if u is None:
            return False, None
        rows = u.by_norm.get(normalized)
        return True, (dict(rows[min(rows)]) if rows else None)

    def in_slot(self, user: str, slot: str) -> list[Row] | None:
        """The active rows of ``user`` in ``slot``, ``valid_from`` DESC, id DESC."""
        u = self._user(user)
        if u is None:
            return None
        rows = u.by_slot.get(slot, {}).values()
        return [dict(r) for r in sorted(rows, key=lambda r: (r["valid_from"], r["id"]), reverse=True)]

    def by_ids(self, user: str, ids: Sequence[int]) -> list[Row] | None:
        """Rows of ``user`` among ``ids`` by (``recorded_at``, id), when every id is an active row held."""
        u = self._user(user)
        if u is None or any(i not in u.by_id for i in ids):
            return None
        rows = {i: u.by_id[i] for i in ids}.values()
        return [dict(r) for r in sorted(rows, key=lambda r: (r["recorded_at"], r["id"]))]

    def keyed(self, user: str, key_of: Callable[[Row], Any], key: Any) -> set[int] | None:
        """The ids of ``user``'s active rows whose ``key_of(row)`` is ``key`` (``key_of``: a pure function of a row's
        columns, the same one at every call); None: not answered (no copy open, asked with another function, or an
        active row of the user read from the store and not written since). Only the rows this copy saw written are
        keyed — what the writer just decided, whose key (the decision's own reading, for the drain) costs nothing
        more; a key of a row read cold could cost more than the answer saves. Each row's key is computed once: when
        first asked, then as each row is written."""
        u = self._user(user)
        if u is None:
            return None
        if u.key_of is None:
            if u.cold:
                return None
            u.key_of = key_of
            for i, r in u.by_id.items():
                u.by_key.setdefault(key_of(r), set()).add(i)
        elif u.key_of is not key_of:
            return None
        return set(u.by_key.get(key, ()))

    def columns_of(self, ids: Sequence[int], users: Iterable[str]) -> dict[int, Row] | None:
        """id → the held row of each of ``ids``, active rows of ``users`` (loaded if need be); None when one of them
        is not held. The rows themselves, every column: the caller reads the neighbour columns
        (:data:`NEIGHBOR_COLUMNS`) and changes none (round 37: a copy of the six per neighbour cost ~0.3 s at 10k)."""
        if not self.open:
            return None
        for user in dict.fromkeys(users):
            self._user(user)
        owner, users_ = self.owner, self.users
        out: dict[int, Row] = {}
        for i in ids:
            user = owner.get(i)
            if user is None:
                return None
            out[i] = users_[user].by_id[i]
        return out


class _Keeping:
    """:meth:`ActiveRows.keeping`'s context (a class: a generator's context costs more, at every insert)."""

    __slots__ = ("rows",)

    def __init__(self, rows: ActiveRows) -> None:
        self.rows = rows

    def __enter__(self) -> None:
        self.rows.kept += 1

    def __exit__(self, *exc: object) -> None:
        self.rows.kept -= 1


def checked(got: Any, read: Callable[[], Any], ordered: bool = True) -> Any:
    """``got`` (an answer of the copy); with :data:`CHECK`, compared with ``read()`` (the statement),
    types and order too (``ordered`` False: a dict whose order means nothing)."""
    if CHECK:
        want = read()
        a, b = (got, want) if ordered else (sorted(got.items()), sorted(want.items()))
        assert a == b and repr(a) == repr(b), f"active rows differ from the store:\n{got!r}\n{want!r}"
    return got
