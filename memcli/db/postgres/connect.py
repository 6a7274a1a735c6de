"""The PostgreSQL connection: psycopg 3, one connection or a psycopg_pool pool, pgvector
registered, migrations applied, errors translated to memcli's one-line errors.

Rows come back as ``dict`` with the same values as on SQLite: times as memcli's fixed-width
ISO-8601 UTC text (:func:`memcli.timeutil.iso`), JSON columns as their text, vectors as
numpy arrays. SQL may use SQLite's ``?`` / ``:name`` placeholders (translated once per
statement) or psycopg's ``%s``; a statement with a ``RETURNING`` clause makes :meth:`x`
return its first value (the new id).

Transactions: ``with store.tx(): ...`` pins one connection to the calling thread for the
block (``BEGIN`` … ``COMMIT``, rollback on any exception); nested blocks are savepoints.
Outside a block each statement runs in autocommit on a borrowed connection.
"""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Any

from memcli.db import schema as s
from memcli.db.postgres.migrations import migrate
from memcli.db.postgres.url import redact_url
from memcli.db.rows import RowHelpers
from memcli.errors import (
    BadInputError,
    ConfigError,
    MemcliError,
    StoreError,
    StoreFullError,
    StoreLockedError,
    StoreReadOnlyError,
)

__all__ = ["PgStore", "to_pg_sql", "translate_pg_error", "NO_VECTOR_FIX"]

NO_VECTOR_FIX = ("install pgvector on the server (Debian/Ubuntu: apt install postgresql-16-pgvector; Docker: the "
                 "pgvector/pgvector image; or `pip install pgserver` for a private test server), then retry")

_QMARK = re.compile(r"'(?:[^']|'')*'|\?|(?<![:\w]):([A-Za-z_]\w*)|%")


@lru_cache(maxsize=512)
def to_pg_sql(sql: str) -> str:
    """SQLite placeholders to psycopg's: ``?`` → ``%s``, ``:name`` → ``%(name)s``, ``%`` → ``%%``.

    String literals are left alone; ``::type`` casts are not placeholders. SQL already in
    psycopg style (it contains ``%s`` or ``%(``) is returned unchanged.
    """
    if "%s" in sql or "%(" in sql:
        return sql

    def sub(m: re.Match[str]) -> str:
        tok = m.group(0)
        if tok.startswith("'"):
            return tok
        if tok == "?":
            return "%s"
        if tok == "%":
            return "%%"
        return f"%({m.group(1)})s"

    return _QMARK.sub(sub, sql)


#: libpq's words for a URL option it cannot read (port=abc, sslmode=bogus, an unknown parameter)
_BAD_OPTION = re.compile(r"invalid (?:\w+ )?value|for connection option|invalid port number|invalid URI|"
                         r"invalid connection option")


def translate_pg_error(exc: BaseException, where: str = "") -> MemcliError:
    """Map a psycopg exception to the memcli error a user should see (one line)."""
    import psycopg
    from psycopg import errors as e

    if isinstance(exc, MemcliError):
        return exc
    at = f" ({where})" if where else ""
    first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    if isinstance(exc, UnicodeEncodeError):
        return BadInputError("input is not valid Unicode (an unpaired surrogate, e.g. from non-UTF-8 bytes "
                             "in an argument); nothing was written")
    if isinstance(exc, (e.SerializationFailure, e.DeadlockDetected, e.LockNotAvailable, e.QueryCanceled)):
        return StoreLockedError(f"database is busy{at}: {first}; retry later")
    if isinstance(exc, e.DiskFull):
        return StoreFullError(f"disk or quota full{at}; nothing was written")
    if isinstance(exc, e.ReadOnlySqlTransaction):
        return StoreReadOnlyError(f"database is read-only{at} (a standby or read-only role)")
    if isinstance(exc, e.InsufficientPrivilege):
        return StoreError(f"permission denied{at}: {first}")
    if isinstance(exc, e.UntranslatableCharacter | e.CharacterNotInRepertoire) or "NUL (0x00)" in first:
        return BadInputError(f"input cannot be stored in PostgreSQL text: {first}; nothing was written")
    if isinstance(exc, psycopg.OperationalError):
        return StoreError(f"cannot reach PostgreSQL{at}: {first}")
    return StoreError(f"database error{at}: {first}")


def _loaders(conn: Any) -> None:
    """timestamptz → memcli ISO text, jsonb/json → their text (as SQLite returns them)."""
    from psycopg.types.datetime import TimestamptzLoader
    from psycopg.types.string import TextLoader

    from memcli.timeutil import iso

    class IsoTimestamptz(TimestamptzLoader):
        def load(self, data: Any) -> str:  # type: ignore[override]
            return iso(super().load(data))

    conn.adapters.register_loader("timestamptz", IsoTimestamptz)
    conn.adapters.register_loader("jsonb", TextLoader)
    conn.adapters.register_loader("json", TextLoader)


def _ensure_vector(conn: Any, where: str) -> None:
    """Create the ``vector`` extension if it is missing; one clear error naming the fix."""
    from psycopg import errors as e

    if conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'vector'").fetchone():
        return
    if not conn.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'").fetchone():
        raise StoreError(f"PostgreSQL{where} has no pgvector extension (`vector`), which memcli needs: "
                         + NO_VECTOR_FIX)
    try:
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (0x76656374,))
            conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
    except e.InsufficientPrivilege:
        raise StoreError(f"pgvector is installed on the server{where} but not enabled in this database, and "
                         "this role may not enable it: ask a superuser to run `CREATE EXTENSION vector;` in it once"
                         ) from None


class PgStore(RowHelpers):
    """An open memcli database on PostgreSQL, migrated, with pgvector registered.

    Args:
        url: ``postgresql://user:pass@host:port/db`` (libpq URI; ``?host=/socket/dir`` works).
        pool_size: None → one connection (CLI processes); N → a psycopg_pool pool of up to N
            connections, for long-lived processes (MCP server, API workers, threads).
        connect_timeout_s: how long to wait for the server.

    Raises:
        ConfigError: psycopg is not installed (``pip install 'memcli[postgres]'``).
        StoreError: cannot connect, no pgvector, failed migration.
    """

    dialect = "postgresql"

    def __init__(self, url: str, *, pool_size: int | None = None, connect_timeout_s: float = 10.0,
                 busy_timeout_ms: int | None = None, _migrated: bool = False) -> None:
        try:
            import psycopg
            from psycopg.rows import dict_row
        except ImportError:
            raise ConfigError("a postgresql:// database needs psycopg: pip install 'memcli[postgres]'") from None
        url = url.strip()
        url = url[: url.index("://")].lower() + url[url.index("://"):]  # libpq reads postgresql://, not POSTGRESQL://
        self.url = url
        self.path = redact_url(url)  # shown in messages and stats; never the password
        self._where = self.path
        self._local = threading.local()
        self._pool: Any = None
        self._single: Any = None
        self._vec_dim: int | None = None  # the vector table's dimension, once seen committed
        self._lock_ms = 10_000 if busy_timeout_ms is None else max(1, int(busy_timeout_ms))
        self._connect_timeout_s = connect_timeout_s
        self._kwargs = {"autocommit": True, "row_factory": dict_row, "connect_timeout": max(1, int(connect_timeout_s))}
        try:
            first = psycopg.connect(url, **self._kwargs)
        except psycopg.Error as exc:
            line = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            if isinstance(exc, psycopg.ProgrammingError) or _BAD_OPTION.search(line):  # the URL, not the server
                why = line.removeprefix("connection is bad: ").replace(url, self.path)  # (libpq quotes the URL)
                raise ConfigError(f"invalid PostgreSQL URL {self.path}: {why}") from None
            raise translate_pg_error(exc, self._where) from None
        except Exception as exc:  # a malformed URL (libpq parse error) may come as ProgrammingError/ValueError
            raise ConfigError(f"invalid PostgreSQL URL {self.path}: {str(exc).splitlines()[0]}") from None
        try:
            first.execute("SET TimeZone = 'UTC'")
            if not _migrated:  # a reader() of an open store skips the checks its parent made
                _ensure_vector(first, f" at {self._where}")
                migrate(first)
            self._configure(first)
        except psycopg.Error as exc:
            first.close()
            raise translate_pg_error(exc, self._where) from None
        except BaseException:
            first.close()
            raise
        if pool_size:
            first.close()
            from psycopg_pool import ConnectionPool

            self._pool = ConnectionPool(url, min_size=1, max_size=int(pool_size), kwargs=self._kwargs,
                                        configure=self._configure, open=True, name="memcli")
        else:
            self._single = first

    def _configure(self, conn: Any) -> None:
        """Per connection: UTC, lock_timeout = busy_timeout (a writer waits for row locks that
        long, as on SQLite), memcli's loaders. The pgvector type comes later (:meth:`use_vectors`)."""
        conn.execute("SELECT set_config('TimeZone', 'UTC', false), set_config('lock_timeout', %s, false)",
                     (f"{self._lock_ms}ms",))
        _loaders(conn)

    def use_vectors(self) -> None:
        """Register pgvector's types on the connection of the open transaction, once per
        connection. Lazy, because pgvector's adapter imports numpy (~0.1 s) and ``capture``
        must not pay for it. Call inside ``tx()``, before a statement with a vector."""
        import weakref

        with self._conn() as c:
            done = self.__dict__.setdefault("_vector_conns", weakref.WeakSet())
            if c not in done:
                from pgvector.psycopg import register_vector

                register_vector(c)
                done.add(c)

    # -- connections -----------------------------------------------------------------------
    @contextlib.contextmanager
    def _conn(self) -> Iterator[Any]:
        pinned = getattr(self._local, "conn", None)
        if pinned is not None:
            yield pinned
        elif self._pool is not None:
            with self._pool.connection() as c:
                yield c
        else:
            if self._single is None:
                raise StoreError(f"the database connection ({self._where}) was closed")
            yield self._single

    @property
    def in_tx(self) -> bool:
        return getattr(self._local, "conn", None) is not None

    # -- queries ---------------------------------------------------------------------------
    def _run(self, sql: str, params: Sequence[Any] | dict[str, Any]) -> Any:
        import psycopg

        try:
            with self._conn() as c:
                cur = c.execute(to_pg_sql(sql), params if params is not None else ())
                rows = cur.fetchall() if cur.description else None
                self._local.changes = cur.rowcount
                return rows
        except psycopg.Error as exc:
            raise translate_pg_error(exc, self._where) from None
        except UnicodeEncodeError as exc:
            raise translate_pg_error(exc) from None

    def q(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> list[dict[str, Any]]:
        """Run a query, return all rows as dicts."""
        return self._run(sql, params) or []

    def x(self, sql: str, params: Sequence[Any] | dict[str, Any] = ()) -> int:
        """Execute a statement; with ``RETURNING``, return its first value (else 0)."""
        rows = self._run(sql, params)
        first = next(iter(rows[0].values()), None) if rows else None
        return first if isinstance(first, int) and not isinstance(first, bool) else 0

    def changes(self) -> int:
        """Rows changed by the last statement of this thread."""
        return int(getattr(self._local, "changes", 0) or 0)

    @contextlib.contextmanager
    def tx(self, user: str | None = None) -> Iterator[PgStore]:
        """One transaction on one connection pinned to this thread; nested use is a savepoint.

        ``user``: serialise with every other writer of that user first (:meth:`hold_user`).
        """
        import psycopg

        pinned = getattr(self._local, "conn", None)
        try:
            if pinned is not None:
                with pinned.transaction():
                    if user is not None:
                        self.hold_user(user)
                    yield self
                return
            with self._conn() as c:
                self._local.conn = c
                self._local.held = set()
                try:
                    with c.transaction():
                        if user is not None:
                            self.hold_user(user)
                        yield self
                finally:
                    self._local.conn = None
                    self._local.held = set()
        except psycopg.Error as exc:  # BEGIN/COMMIT failures (statement errors are translated already)
            self._forget_tx_state()
            raise translate_pg_error(exc, self._where) from None
        except BaseException:
            self._forget_tx_state()
            raise

    def joined_tx(self) -> contextlib.AbstractContextManager[Any]:
        """The open transaction if there is one (no savepoint), else a new one: for statements
        that must share one connection but need no rollback point of their own."""
        return contextlib.nullcontext(self) if self.in_tx else self.tx()

    def _forget_tx_state(self) -> None:
        # a rolled-back savepoint released its advisory locks and any vector table it created
        self._vec_dim = None
        self._local.held = set()

    def hold_user(self, user: str) -> None:
        """Inside a transaction: wait for, then hold until its end, the advisory lock of ``user``.

        SQLite has one writer at a time; PostgreSQL runs transactions side by side, so two
        workers deciding two utterances of one user could both miss each other's ADD. Every
        user-scoped method of the store's write path calls this when it runs inside a
        transaction, before it reads: one user's write transactions run one after the other,
        different users' in parallel. Outside a transaction it does nothing.
        """
        if getattr(self._local, "conn", None) is None:
            return
        held = getattr(self._local, "held", None)
        if held is None:
            held = self._local.held = set()
        if user in held:
            return
        self._run("SELECT pg_advisory_xact_lock(hashtextextended(%s, 7))", (user,))
        held.add(user)

    # -- meta ------------------------------------------------------------------------------
    def meta_get(self, key: str) -> str | None:
        return self.scalar(f"SELECT value FROM {s.META} WHERE key = %s", (key,))

    def meta_set(self, key: str, value: str) -> None:
        self.x(f"INSERT INTO {s.META}(key, value) VALUES (%s, %s) "
               "ON CONFLICT (key) DO UPDATE SET value = excluded.value", (key, value))

    def table_exists(self, name: str) -> bool:
        return self.scalar("SELECT to_regclass(%s) IS NOT NULL", (name,)) is True

    def schema_version(self) -> int:
        return int(self.scalar(f"SELECT count(*) FROM {s.MIGRATIONS}") or 0)

    def size_bytes(self) -> int:
        """Bytes of memcli's tables with their indexes and TOAST (not the whole server)."""
        tables = [s.META, s.SOURCES, s.OUTBOX, s.ITEMS, s.ITEM_SOURCES, s.EVENTS, s.FTS, s.MIGRATIONS, s.VEC]
        return int(self.scalar("SELECT coalesce(sum(pg_total_relation_size(to_regclass(t))), 0) "
                               "FROM unnest(%s::text[]) t WHERE to_regclass(t) IS NOT NULL", (tables,)) or 0)

    def vacuum(self, tables: Sequence[str]) -> None:
        """``VACUUM`` (outside any transaction): dead row versions of purged text are removed."""
        for t in tables:
            if self.table_exists(t):
                self._run(f"VACUUM {t}", ())

    def close(self) -> None:
        try:
            if self._pool is not None:
                self._pool.close()
            elif self._single is not None:
                self._single.close()
        except Exception:  # closing a broken connection: nothing left to do
            pass
        self._pool = self._single = None

    def __enter__(self) -> PgStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
