"""The one connection factory: apsw + sqlite-vec, pragmas, migrations, error translation (what it checks and
translates: :mod:`memcli.db.open_checks`).

Why apsw: the stdlib ``sqlite3`` of many Pythons (this machine's, macOS system Python)
has no ``enable_load_extension``, so sqlite-vec cannot load. apsw bundles a current
SQLite (3.54 here) with extension loading and tracks SQLite releases closely.

Rows come back as ``dict`` (column name -> value). Transactions are explicit:
``with store.tx(): ...`` is ``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` on any
exception), so a write either happens whole or not at all.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import apsw

from memcli.db import fts_layout
from memcli.db import schema as s
from memcli.db.migrations import migrate
from memcli.db.open_checks import (
    check_current,
    check_header,
    check_is_memcli,
    sqlite_vec_path,
    surrogate_error,
    translate_error,
)
from memcli.db.rows import RowHelpers
from memcli.db.vector_layout import resume_rebuild, stderr_progress
from memcli.errors import MemcliError, StoreError

__all__ = ["Store", "translate_error"]

BUSY_TIMEOUT_MS = 10_000
#: prepared statements apsw keeps per connection (its default, 100, re-prepared ~7.8k a 10k drain; 512, ~1k)
STATEMENT_CACHE = 512


_DDL = ("CREA", "DROP", "ALTE")
#: meta keys only ever written through ``meta_set`` (kept per write transaction, see ``Store._schema``)
_MEMO_META = frozenset({"embed_dim", "embed_model", "episode_embed_dim", "episode_embed_model"})


def _row_dict(cursor: apsw.Cursor, row: Sequence[Any]) -> dict[str, Any]:
    return {d[0]: v for d, v in zip(cursor.get_description(), row, strict=True)}


class Store(RowHelpers):
    """An open memcli database: one apsw connection, migrated, with sqlite-vec loaded.

    Args:
        path: database file. Its folder must exist (``create_parent=True`` creates it,
            used for the platform default path only).
        busy_timeout_ms: how long to wait for another writer, milliseconds.

    Raises:
        StoreError: missing folder, unreadable file, not a database, failed migration.
    """

    def __init__(self, path: Path | str, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS,
                 create_parent: bool = False) -> None:
        #: a named in-memory database (``file:/memcli-…?vfs=memdb``, see SQLiteStore)
        self.is_memory = str(path).startswith("file:/memcli-") and str(path).endswith("?vfs=memdb")
        self.busy_timeout_ms = busy_timeout_ms  # kept: a purge's checkpoint retries briefly, then restores it
        self.path = Path(path) if self.is_memory else Path(path).expanduser()
        parent = self.path.parent
        if self.is_memory:
            pass
        elif not parent.exists():
            if create_parent:
                parent.mkdir(parents=True, exist_ok=True)
            else:
                raise StoreError(f"folder {parent} does not exist; create it or choose another db "
                                 "(--db, MEMCLI_DB or db in the config file)")
        if self.path.is_dir():
            raise StoreError(f"{self.path} is a folder, not a database file")
        check_header(self.path)
        #: True when the file could only be opened for reading (a read-only file, folder or
        #: filesystem: a backup, a mounted volume, another user's file). Every read works; the
        #: first write raises StoreReadOnlyError ("read-only database ...").
        self.read_only = False
        flags = apsw.SQLITE_OPEN_READWRITE | apsw.SQLITE_OPEN_CREATE | (apsw.SQLITE_OPEN_URI if self.is_memory else 0)
        try:
            self.conn = apsw.Connection(str(self.path), flags=flags, statementcachesize=STATEMENT_CACHE)
        except apsw.Error as exc:
            self._open_read_only(exc)
        try:
            if not self.read_only:
                self._setup(busy_timeout_ms)
        except (apsw.CantOpenError, apsw.ReadOnlyError) as exc:  # e.g. no -shm/-wal on a read-only filesystem
            self.conn.close()
            self._open_read_only(exc)
        except apsw.Error as exc:
            self.conn.close()
            raise translate_error(exc, self.path) from None
        except MemcliError:
            self.conn.close()
            raise

    def _setup(self, busy_timeout_ms: int) -> None:
        """Pragmas, sqlite-vec, pending migrations and layout rebuilds on the read-write connection."""
        self.conn.set_busy_timeout(busy_timeout_ms)
        self.conn.row_trace = _row_dict
        self.conn.enable_load_extension(True)
        self.conn.load_extension(sqlite_vec_path())
        self.conn.enable_load_extension(False)
        check_is_memcli(self.conn, self.path)  # before any write, even the WAL switch
        mode = self.conn.execute("PRAGMA journal_mode=WAL").fetchone()
        self.conn.execute("PRAGMA foreign_keys=ON")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.execute("PRAGMA secure_delete=ON")  # freed pages are zeroed (privacy purge)
        if (mode and str(next(iter(mode.values()))).lower() != "wal" and not self.is_memory
                and not os.access(self.path, os.W_OK)):  # SQLite fell back to reading only
            self.read_only = True
            check_current(self.conn, self.path)
            return
        migrate(self.conn)
        # an old vec0 layout is moved to the current one in resumable batches (usually: nothing to do)
        resume_rebuild(self.conn, progress=stderr_progress)
        fts_layout.resume_fts_rebuild(self.conn, progress=fts_layout.stderr_progress)  # likewise, full text

    def _open_read_only(self, exc: BaseException) -> None:
        """Open an existing database for reading only, after opening it for writing failed
        with ``exc``: first ``mode=ro`` (sees other writers' commits), then ``immutable=1``
        (a read-only filesystem, where SQLite cannot create the ``-shm`` file and nobody can
        write). Sets ``read_only``.

        Raises:
            StoreError: the translation of ``exc`` when the file does not exist or cannot be read
                either way; StoreReadOnlyError when it needs a migration (which writes).
        """
        if self.is_memory or not self.path.is_file() or self.path.stat().st_size == 0:
            raise translate_error(exc, self.path) from None
        uri = self.path.resolve().as_uri()
        for query in ("?mode=ro", "?immutable=1"):
            try:
                conn = apsw.Connection(uri + query, flags=apsw.SQLITE_OPEN_READONLY | apsw.SQLITE_OPEN_URI)
            except apsw.Error:
                continue
            try:
                conn.row_trace = _row_dict
                conn.execute("SELECT count(*) FROM sqlite_master").fetchall()
                conn.enable_load_extension(True)
                conn.load_extension(sqlite_vec_path())
                conn.enable_load_extension(False)
                check_is_memcli(conn, self.path)
                check_current(conn, self.path)
            except apsw.Error:
                conn.close()
                continue
            except MemcliError:
                conn.close()
                raise
            self.conn, self.read_only = conn, True
            return
        raise translate_error(exc, self.path) from None

    # -- queries ---------------------------------------------------------------------
    def q(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[dict[str, Any]]:
        """Run a query, return all rows as dicts."""
        cur = self.conn.cursor()
        cur.row_trace = None  # plain tuples: the column names are read once per statement, not per row
        try:
            cur.execute(sql, params)
            try:
                names = [d[0] for d in cur.get_description()]
            except apsw.ExecutionCompleteError:  # no row (or not a query)
                return []
            return [dict(zip(names, row, strict=True)) for row in cur]
        except apsw.Error as exc:
            raise translate_error(exc, self.path) from None
        except UnicodeEncodeError:
            raise surrogate_error() from None

    def x(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        """Execute a statement; return the last inserted rowid."""
        if (self._schema or self._schema_kept) and (s.META in sql or sql.lstrip()[:4].upper() in _DDL):
            if self._schema:
                self._schema.clear()  # the schema or meta may change: read them again
            self._schema_kept = None
        try:
            self.conn.execute(sql, params)
        except apsw.Error as exc:
            raise translate_error(exc, self.path) from None
        except UnicodeEncodeError:
            raise surrogate_error() from None
        return self.conn.last_insert_rowid()

    #: a new number for each write transaction and each rollback (savepoint or whole): what a
    #: transaction learnt of the database holds only within the same number (:mod:`memcli.db.write_knn`)
    tx_gen = 0

    @property
    def vec_dirty(self) -> set[str]:
        """Users whose vectors changed in the open transaction: their vector files follow the commit."""
        return self.__dict__.setdefault("_vec_dirty", set())

    def changes(self) -> int:
        return self.conn.changes()

    @contextlib.contextmanager
    def tx(self, savepoint: str | None = None) -> Iterator[Store]:
        """``BEGIN IMMEDIATE`` … ``COMMIT``; rollback on any exception. Nested use joins the
        outer transaction (a savepoint, named ``savepoint`` if given, else ``memcli_sp<depth>``), so helpers
        can be composed."""
        if not self.conn.get_autocommit():
            yield from self._savepoint(savepoint)
            return
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except apsw.Error as exc:
            raise translate_error(exc, self.path) from None
        self.vec_dirty.clear()
        memo = self._schema = {}
        self._tx_version = None
        self.tx_gen += 1
        try:
            yield self
        except BaseException:
            self.tx_gen += 1
            self.vec_dirty.clear()
            self._schema = self._schema_kept = None
            if not self.conn.get_autocommit():
                try:
                    self.conn.execute("ROLLBACK")
                except apsw.Error:
                    pass
            raise
        self._schema = self._schema_kept = None
        try:
            self.conn.execute("COMMIT")
        except apsw.Error as exc:
            self.tx_gen += 1
            self.vec_dirty.clear()
            if not self.conn.get_autocommit():
                self.conn.execute("ROLLBACK")
            raise translate_error(exc, self.path) from None
        if self._tx_version is not None:
            self._schema_kept = (self._tx_version, memo)
        self._sync_vector_files()

    #: the memo of this connection's last committed write transaction that read ``PRAGMA data_version`` after its
    #: ``BEGIN`` (:meth:`resume_schema`), with that number; dropped by any rollback, DDL or write of meta
    _schema_kept: tuple[int, dict] | None = None
    _tx_version: int | None = None

    def resume_schema(self, data_version: int) -> None:
        """Inside a write transaction just begun, ``data_version`` its ``PRAGMA data_version`` read after the
        ``BEGIN``: when it equals the one the last committed transaction read, no other connection has committed
        since (SQLite changes the number only for them), so what that one learnt of the schema and the model's
        meta (:meth:`table_exists`, :meth:`meta_get`) still holds and this one starts from it (the drain: ~5 reads of
        ``sqlite_master`` a batch, round 37)."""
        if self._schema is None:
            return
        self._tx_version = int(data_version)
        kept = self._schema_kept
        if kept is not None and kept[0] == self._tx_version:
            self._schema.update(kept[1])

    def _sync_vector_files(self) -> None:
        """After a commit: the vector files of the users whose vectors changed follow the
        database (:func:`memcli.db.vector_file.sync`; a file problem only costs speed later)."""
        if not self.vec_dirty or getattr(self, "is_memory", True):
            self.vec_dirty.clear()
            return
        from memcli.db.vector_sync import sync_users

        users = sorted(self.vec_dirty)
        self.vec_dirty.clear()
        sync_users(self, users)

    def _savepoint(self, name: str | None = None) -> Iterator[Store]:
        """A savepoint inside the open transaction. SQLite rolls the *whole* transaction back
        by itself on some errors (SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM): then there is no
        savepoint left to roll back to, and the original error must reach the caller (not
        apsw's "no such savepoint")."""
        self._depth = getattr(self, "_depth", 0) + 1
        name = name or f"memcli_sp{self._depth}"
        try:
            self.conn.execute(f"SAVEPOINT {name}")
            try:
                yield self
            except BaseException:
                self.tx_gen += 1
                if self._schema:
                    self._schema.clear()  # what the savepoint created is gone
                if not self.conn.get_autocommit():
                    try:
                        self.conn.execute(f"ROLLBACK TO {name}")
                        self.conn.execute(f"RELEASE {name}")
                    except apsw.Error:
                        pass
                raise
            self.conn.execute(f"RELEASE {name}")
        except apsw.Error as exc:
            raise translate_error(exc, self.path) from None
        finally:
            self._depth -= 1

    @property
    def vector_cache(self):  # noqa: ANN201
        """This store's in-process copy of big users' vectors (:mod:`memcli.db.vector_cache`)."""
        cache = getattr(self, "_vector_cache", None)
        if cache is None:
            from memcli.db.vector_cache import VectorCache

            cache = self._vector_cache = VectorCache(self)
        return cache

    # -- meta ------------------------------------------------------------------------------
    # Inside a write transaction (``tx``) nobody else can change the schema or meta: what
    # ``table_exists`` and ``meta_get`` of the model keys read is kept until the transaction ends,
    # a savepoint rolls back, or a statement through ``x`` runs DDL or writes meta (``_schema``).
    _schema: dict[tuple[str, str], Any] | None = None

    def meta_get(self, key: str) -> str | None:
        memo = self._schema if key in _MEMO_META else None
        if memo is not None and ("meta", key) in memo:
            return memo["meta", key]
        value = self.scalar(f"SELECT value FROM {s.META} WHERE key = ?", (key,))
        if memo is not None:
            memo["meta", key] = value
        return value

    def meta_set(self, key: str, value: str) -> None:
        self.x(
            f"INSERT INTO {s.META}(key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    def table_exists(self, name: str) -> bool:
        memo = self._schema
        if memo is not None and ("table", name) in memo:
            return memo["table", name]
        found = self.scalar("SELECT count(*) FROM sqlite_master WHERE name = ?", (name,)) > 0
        if memo is not None:
            memo["table", name] = found
        return found

    def size_bytes(self) -> int:
        total = 0
        for suffix in ("", "-wal", "-shm"):
            p = Path(str(self.path) + suffix)
            if p.exists():
                total += p.stat().st_size
        return total

    def close(self) -> None:
        try:
            self.conn.close()
        except apsw.Error:
            pass

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
