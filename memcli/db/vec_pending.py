"""The index rows of a write transaction, written together: one ``executemany`` per vec0 and FTS5
table just before the commit, instead of one ``INSERT`` per memory and per episode (the drain's batch);
and the transaction's audit events (``memory_events``), drained turns' rows (``memory_episodes``) and
memories' links to their turns (``memory_item_sources``) the same way (round 36); and the memory rows
themselves (``memory_items``), the vector change log's rows (``memcli_vec_log``) and the two common updates of a
stored memory row (round 37: :mod:`memcli.db.written_row`).

The drain (:meth:`memcli.db.sqlite.SQLiteStore.batch_vectors`) writes a batch of tasks in one
transaction, each task in a savepoint. With batching on, a fresh memory's vec0 row
(:func:`memcli.db.index.index_vector`) and FTS5 row (:func:`memcli.db.index.index_fts`), and a new
episode's (:func:`memcli.db.episodes.record`), wait here, in their table's insertion order, and reach the table:

- before the transaction commits (:meth:`~memcli.db.sqlite.SQLiteStore.tx`: a flush that fails
  rolls the whole transaction back, as a failed commit does);
- before any other statement that names the table (``memory_vec``, ``memory_episode_vec``,
  ``memory_fts`` or ``memory_episode_fts`` in its text, the shadow tables included: vec0's KNN, a
  load of the vectors, a full-text match, a delete): every reader sees every row, so no answer changes;
- in the order they were asked for, per table: the flag updates of memories already written
  (``memory_vec flags``: a CONFLICT retiring an older memory) after the inserts;
- never, when the savepoint (or transaction) they were added in rolls back: :meth:`Pending.mark` /
  :meth:`Pending.rollback` undo the additions, the changes of waiting rows and any flush since,
  exactly as SQLite undoes the statements they replace.

Why FTS5 rows wait too (round 33): once an FTS5 table is written in a transaction, SQLite tells it of
every later savepoint and of every statement that opens a statement journal (most inserts), and FTS5
then writes its pending terms to disk as a new segment — one segment (and its merges) per task and
per insert of the batch (a 10k drain: its RELEASEs alone took ~2.2 s by SQLite's own statement timer).
Written together before the commit, the batch's terms make one segment per table. The rows (content,
document sizes, totals) are the same, so every match and every bm25 score is too.

The writers that know a statement cannot touch a waiting row run it under :meth:`Pending.direct`
(a vector read of an older memory); a flag update or a read of a waiting row is answered here
(:meth:`Pending.patch`, :meth:`Pending.get`). A killed process commits nothing of
the transaction, waiting rows included. Each table keeps its own order, so vec0's chunks, row ids
and metadata are those of the row-by-row writes.

Why the memory rows and the log's rows wait too (round 37): the writer reads their ids at once (a memory's id names
it in its events, links and index rows; a log row's ``seq`` is the writer's KNN copy's mark), so they went in one by
one (~95 and ~30 us each in the drain, ~30 and ~10 us in an ``executemany``). Both tables are AUTOINCREMENT and
nothing else inserts into them while the writer holds the write lock: the id SQLite would give is one past the
larger of the table's ``sqlite_sequence`` and its largest id, read when no row of the table waits
(:meth:`Pending.next_key`), then one past the last waiting row's. A rolled-back savepoint takes its rows and so its
ids back, as SQLite's rollback does. Tables are written in their order here, and a table a waiting row depends on
first (:data:`NEEDS`: a link's memory; the log before vec0, whose rows it always preceded).

Why the events, episode rows and links wait too (round 36): a single-row ``INSERT`` in the drain costs ~35 us of
CPU where the same statement run back to back costs ~5 us — SQLite's code and the table's pages are cold
again after each decision's Python. Written together (before the commit, or before any statement naming
the table: the retired-turn check of :func:`memcli.db.episodes.recheck` when one of its turns is an
episode, a turn's re-read), the rows and the events' AUTOINCREMENT ids are those of the row-by-row inserts,
in the same order (an episode row's upsert is one too: a second row of the same turn replaces the first).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any

__all__ = ["Pending", "Table"]

#: the marks of the tables that may wait here (every table's name holds one): a statement holding none
#: names none of them (:meth:`Pending.before`, checked before each statement of the writer: kept cheap)
MARKS = ("_vec", "_fts", "_events", "_episodes", "_item_sources", "_items")

#: tables whose waiting rows are written before those of another: the links' foreign key names a memory; the change
#: log's rows went in before any vec0 row when they did not wait (so its ``sqlite_sequence`` row comes first too)
NEEDS = {"memory_item_sources": ("memory_items",), "memory_vec": ("memcli_vec_log",),
         "memory_episode_vec": ("memcli_vec_log",)}

#: runs ``sql`` once per parameter row (``executemany``), with the store's error translation
Run = Callable[[str, Sequence[Sequence[Any]]], None]


class Table:
    """One vec0 or FTS5 table's waiting rows: ``rows`` (``[key, params]``) of which
    the first ``flushed`` are written, an index of the waiting ones by key, and an undo log of
    changes made to waiting rows."""

    def __init__(self, name: str, sql: str) -> None:
        self.name, self.sql = name, sql
        self.rows: list[list[Any]] = []
        self.flushed = 0
        self.waiting: dict[int, list[Any]] = {}
        self.undo: list[tuple[list[Any], tuple[Any, ...]]] = []
        #: the id the table's next row gets, known since its last row was written here (:meth:`Pending.next_key`)
        self.next: int | None = None

    def reset(self) -> None:
        self.rows.clear()
        self.waiting.clear()
        self.undo.clear()
        self.flushed = 0
        self.next = None

    def flush(self, run: Run) -> None:
        todo = [r[1] for r in self.rows[self.flushed :]]
        self.flushed = len(self.rows)
        self.waiting.clear()
        if todo:
            run(self.sql, todo)
            self.next = self.rows[-1][0] + 1


class Pending:
    """The waiting vec0 and FTS5 rows of one connection's open write transaction, by table."""

    def __init__(self, tables: dict[str, str], store: Any) -> None:
        # key → its statement; a key's first word is the table the statement writes ("memory_vec flags": updates)
        self.tables = {key: Table(key.split(" ")[0], sql) for key, sql in tables.items()}
        self.quiet = False
        self.live = False  # some row may wait (checked by the store before each statement: kept cheap)
        self.version: int | None = None  # PRAGMA data_version when the open (or last) transaction began
        if not all(any(m in t.name for m in MARKS) for t in self.tables.values()):
            raise ValueError(f"only tables whose name holds one of {MARKS} wait here: before() looks for "
                             "those marks first")
        self._store = store  # a memcli.db.connect.Store

    def _run(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        import apsw

        from memcli.db.open_checks import translate_error

        try:
            self._store.conn.executemany(sql, rows)
        except apsw.Error as exc:
            raise translate_error(exc, self._store.path) from None

    @property
    def has_waiting(self) -> bool:
        return any(t.waiting for t in self.tables.values())

    def _settle(self) -> None:
        self.live = self.has_waiting

    def add(self, table: str, key: int, params: tuple[Any, ...]) -> None:
        """A row for ``table``'s insert statement, written at the next flush of that table."""
        t = self.tables[table]
        row = [int(key), tuple(params)]
        t.rows.append(row)
        t.waiting[int(key)] = row
        self.live = True

    def append(self, table: str, params: tuple[Any, ...]) -> None:
        """A row for ``table``'s insert statement that nothing reads by key (an event), written at the
        next flush of that table."""
        t = self.tables[table]
        row = [len(t.rows), params]
        t.rows.append(row)
        t.waiting[row[0]] = row
        self.live = True

    def get(self, table: str, key: int) -> tuple[Any, ...] | None:
        """The parameters of the waiting row ``key`` of ``table``, or None (none waits)."""
        row = self.tables[table].waiting.get(int(key))
        return None if row is None else row[1]

    def patch(self, table: str, key: int, values: dict[int, Any]) -> bool:
        """Set parameters (position → value) of the waiting row ``key``; False: none waits (the
        caller updates the table)."""
        t = self.tables[table]
        row = t.waiting.get(int(key))
        if row is None:
            return False
        t.undo.append((row, row[1]))
        row[1] = tuple(values.get(i, v) for i, v in enumerate(row[1]))
        return True

    def next_key(self, table: str, key: str) -> int:
        """The id the next row of ``table`` (an AUTOINCREMENT table whose rows wait with their ids, ``key`` its
        INTEGER PRIMARY KEY column) gets: one past the last waiting row's, or, when none waits, the id SQLite would
        give (one past the larger of the table's ``sqlite_sequence`` entry and its largest ``key``), read under the
        write lock — a statement naming the table wrote the waiting rows first, so no row can have come in between
        unseen."""
        t = self.tables[table]
        if t.waiting:
            return t.rows[-1][0] + 1
        if t.next is None:
            t.next = int(self._store.scalar(
                f"SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = '{table}'), 0), "
                f"coalesce((SELECT max({key}) FROM {table}), 0)) + 1"))
        return t.next

    def forget_next(self, table: str) -> None:
        """A row went into ``table`` by another way (an insert that could fail, written at once): the next id is
        read again."""
        self.tables[table].next = None

    def begin(self, version: int | None) -> None:
        """A write transaction begins, ``version`` its ``PRAGMA data_version`` (None: not read). The next ids known
        from the last transaction hold only when no other connection has committed since (the number unchanged:
        SQLite changes it for them alone)."""
        if version is None or version != self.version:
            for t in self.tables.values():
                t.next = None
        self.version = version

    def before(self, sql: str) -> None:
        """Flush each table ``sql`` names (unless under :meth:`direct`), the tables they need first."""
        if self.quiet or ("_vec" not in sql and "_fts" not in sql and "_events" not in sql and "_items" not in sql
                          and "_episodes" not in sql and "_item_sources" not in sql):  # MARKS
            return
        named = {t.name for t in self.tables.values() if t.waiting and t.name in sql}
        if not named:
            return
        named.update(*(NEEDS[n] for n in named if n in NEEDS))
        for t in self.tables.values():  # in the tables' order: a needed table comes first
            if t.waiting and t.name in named:
                t.flush(self._run)
        self._settle()

    def flush(self) -> None:
        """Write every waiting row (before the commit), and forget them: no savepoint of the transaction is left
        to roll back to (a commit that fails rolls everything back), so the rows written need not be kept — the
        tables' lists held a whole drain's rows, vectors and events' JSON included, until it ended."""
        for t in self.tables.values():
            t.flush(self._run)
            known, t.next = t.next, None
            t.reset()
            t.next = known  # kept for the next transaction, if no other connection commits first (:meth:`begin`)
        self.live = False

    @contextlib.contextmanager
    def direct(self) -> Iterator[None]:
        """Statements that cannot touch a waiting row run without flushing."""
        was, self.quiet = self.quiet, True
        try:
            yield
        finally:
            self.quiet = was

    def mark(self) -> dict[str, tuple[int, int, int]]:
        """The state a savepoint (or transaction) begins at, for :meth:`rollback`."""
        return {n: (len(t.rows), t.flushed, len(t.undo)) for n, t in self.tables.items()}

    def rollback(self, mark: dict[str, tuple[int, int, int]] | None) -> None:
        """Back to ``mark`` (None: nothing waits): rows added since are gone, changes of waiting rows
        undone, and rows flushed since wait again (the rollback removed them from the table)."""
        for name, t in self.tables.items():
            t.next = None  # read again: the rollback may have taken ids back
            if mark is None:
                t.reset()
                continue
            n, flushed, undo = mark[name]
            for row, old in reversed(t.undo[undo:]):
                row[1] = old
            del t.undo[undo:]
            del t.rows[n:]
            t.flushed = min(t.flushed, flushed)
            t.waiting = {r[0]: r for r in t.rows[t.flushed :]}
        self._settle()

