"""Storage: the :class:`~memcli.db.store.MemoryStore` interface and its implementations.

- :mod:`memcli.db.store` — the dialect-neutral interface (every read and write of memcli's data);
- :mod:`memcli.db.sqlite` — :class:`~memcli.db.sqlite.SQLiteStore` (apsw + sqlite-vec + FTS5), with
  its SQL in :mod:`~memcli.db.items`, :mod:`~memcli.db.index`, :mod:`~memcli.db.search`,
  :mod:`~memcli.db.outbox`, :mod:`~memcli.db.purge`; connection, pragmas and errors in
  :mod:`~memcli.db.connect`; migrations in :mod:`~memcli.db.migrations`; names in :mod:`~memcli.db.schema`.

:func:`open_store` picks the implementation from the location. No module outside ``db/``
writes SQL.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from memcli.db.store import MemoryStore

__all__ = ["open_store"]

def open_store(location: str | Path, *, busy_timeout_ms: int = 10_000, create_parent: bool = False,
               pool_size: int | None = None) -> MemoryStore:
    """Open (and migrate) the store at ``location``: a SQLite file path, ``":memory:"`` (a
    private in-memory SQLite database, for tests) or a ``postgresql://`` URL. ``pool_size``
    (PostgreSQL): keep a psycopg_pool pool of up to N connections (long-lived processes).

    Raises:
        StoreError: the database cannot be opened or migrated.
        ConfigError: a PostgreSQL URL but the PostgreSQL backend is not installed.
    """
    from memcli.db.postgres.url import is_pg_url

    loc = str(location)
    if is_pg_url(loc):  # (any case, as the settings read it: POSTGRESQL:// opened a SQLite folder)
        try:
            from memcli.db.postgres.store import PostgresStore  # type: ignore[import-not-found]
        except ModuleNotFoundError as exc:
            from memcli.errors import ConfigError

            raise ConfigError(f"PostgreSQL store unavailable ({exc.name} missing): "
                              "pip install 'memcli[postgres]'") from None
        return PostgresStore(loc, busy_timeout_ms=busy_timeout_ms,  # type: ignore[no-any-return]
                             pool_size=pool_size)
    from memcli.db.sqlite import SQLiteStore

    return SQLiteStore(location, busy_timeout_ms=busy_timeout_ms, create_parent=create_parent)
