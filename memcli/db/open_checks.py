"""What the one connection factory (:mod:`memcli.db.connect`) checks and translates: SQLite's errors into the
memcli error a user sees (one line), a file's header before SQLite opens it, another application's database, a
read-only database that would need a migration, a parameter SQLite cannot store, and where sqlite-vec's loadable
extension is. Split out of ``connect.py`` (round 36: it sat at the 450-line cap); the same functions.
"""

from __future__ import annotations

import os
from pathlib import Path

import apsw

from memcli.db import fts_layout
from memcli.db import schema as s
from memcli.db.migrations import current_version
from memcli.db.vector_layout import needs_rebuild
from memcli.errors import (
    BadInputError,
    MemcliError,
    MigrationError,
    StoreCorruptError,
    StoreError,
    StoreFullError,
    StoreLockedError,
    StoreReadOnlyError,
)

__all__ = ["check_current", "check_header", "check_is_memcli", "sqlite_vec_path", "surrogate_error",
           "translate_error"]


def translate_error(exc: BaseException, path: Path | str | None = None) -> MemcliError:
    """Map an apsw exception to the memcli error a user should see (one line)."""
    where = f" ({path})" if path else ""
    if isinstance(exc, MemcliError):
        return exc
    if isinstance(exc, (apsw.BusyError, apsw.LockedError)):
        return StoreLockedError(f"database is locked by another writer{where}; retry later")
    if isinstance(exc, (apsw.NotADBError, apsw.CorruptError)):
        return StoreCorruptError(f"not a memcli/SQLite database or corrupt{where}")
    if isinstance(exc, apsw.ReadOnlyError):
        return StoreReadOnlyError(f"read-only database{where}: this command writes, and the file, its folder or "
                                  "its filesystem cannot be written; reading commands work")
    if isinstance(exc, apsw.FullError):
        return StoreFullError(f"disk or quota full{where}; nothing was written")
    if isinstance(exc, apsw.CantOpenError):
        return StoreError(f"cannot open database{where}: check the path and permissions")
    if isinstance(exc, apsw.IOError):
        if path is not None and _disk_full(Path(path)):
            # e.g. the -shm/-wal file cannot be created or grown: SQLite says only "disk I/O error"
            return StoreFullError(f"disk or quota full{where}; nothing was written")
        return StoreError(f"I/O error on database{where}: {exc}")
    return StoreError(f"database error{where}: {exc}")


def _disk_full(path: Path) -> bool:
    """True when the filesystem holding ``path`` has less than 64 KiB left for us."""
    try:
        st = os.statvfs(path.parent)
    except (OSError, AttributeError):
        return False
    return st.f_bavail * st.f_frsize < 64 * 1024


_SQLITE_MAGIC = b"SQLite format 3\x00"


def check_header(path: Path) -> None:
    """Refuse a non-empty file that is not SQLite *before* SQLite opens it: SQLite silently
    rewrites some tiny foreign files (1 byte) as a fresh database, destroying them.

    Raises:
        StoreCorruptError: the file does not start with the SQLite header.
        StoreError: the file cannot be read.
    """
    try:
        if not path.is_file() or path.stat().st_size == 0:
            return  # new or empty file: SQLite creates the database
        with path.open("rb") as f:
            head = f.read(len(_SQLITE_MAGIC))
    except OSError as exc:
        raise StoreError(f"cannot read database ({path}): {exc.strerror or exc}") from None
    if head != _SQLITE_MAGIC:
        raise StoreCorruptError(f"not a memcli/SQLite database or corrupt ({path}); it was left untouched")


def check_is_memcli(conn: apsw.Connection, path: Path) -> None:
    """Refuse a SQLite database of another application: one with tables but no memcli
    schema would otherwise get memcli's tables (and WAL mode) written into it.

    Raises:
        StoreCorruptError: tables without memcli's migration record.
    """
    version = next(iter(conn.execute("PRAGMA user_version").fetchone().values()))
    tables = {r["name"] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
              if not r["name"].startswith("sqlite_")}
    if (version == 0 and tables) or (version > 0 and s.MIGRATIONS not in tables):
        raise StoreCorruptError(f"{path} is a SQLite database of another application (no memcli schema); "
                                "memcli will not write into it")


def check_current(conn: apsw.Connection, path: Path) -> None:
    """A database opened read-only must need no migration or layout rebuild (both write).

    Raises:
        StoreReadOnlyError: it does; the message says how to upgrade it.
        MigrationError: its schema is newer than this memcli.
    """
    version = next(iter(conn.execute("PRAGMA user_version").fetchone().values()))
    if version > current_version():
        raise MigrationError(f"database schema version {version} is newer than this memcli "
                             f"({current_version()}); upgrade memcli")
    if version < current_version() or needs_rebuild(conn) or fts_layout.needs_fts_rebuild(conn):
        raise StoreReadOnlyError(f"read-only database ({path}) has an older schema (version {version}; this memcli "
                                 f"needs {current_version()}): open it once where it can be written to upgrade it")


def surrogate_error() -> BadInputError:
    """A str parameter SQLite cannot take: it holds unpaired surrogates, which is what
    Python makes of non-UTF-8 bytes in argv (e.g. ``--user $'\\xff'``) or of ``"\\ud800"``
    in JSON. Nothing is written (inside ``tx()`` the exception rolls back)."""
    return BadInputError("input is not valid Unicode (an unpaired surrogate, e.g. from non-UTF-8 bytes "
                         "in an argument); nothing was written")


def sqlite_vec_path() -> str:
    """Path of the sqlite-vec loadable extension, found without importing the ``sqlite_vec``
    package: its ``__init__`` imports numpy (~0.1 s), which the capture process must not pay."""
    import importlib.util

    spec = importlib.util.find_spec("sqlite_vec")
    for folder in (spec.submodule_search_locations or []) if spec else []:
        if any(Path(folder).glob("vec0.*")):
            return os.path.normpath(os.path.join(folder, "vec0"))  # as sqlite_vec.loadable_path()
    import sqlite_vec  # unusual layout: let the package say

    return sqlite_vec.loadable_path()
