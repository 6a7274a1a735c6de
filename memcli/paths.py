"""Where memcli keeps files that are not the database (a leaf: imports nothing of memcli).

- :func:`cache_dir`: ``<platform cache dir>/memcli`` — ONNX exports (``onnx/``), the jieba
  lookup table of the read path, and the lock file of a background warm-up.

The database's default path is :func:`memcli.settings.default_db_path`; :func:`missing_database`
tells whether opening a database location would create its file.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["DB_SETTING", "cache_dir", "missing_database", "missing_note", "warm_lock_path"]


#: where the database is chosen, as a message names it
DB_SETTING = "--db, MEMCLI_DB or db in the config file"


def cache_dir() -> Path:
    """``<platform cache dir>/memcli``: ONNX exports and the jieba lookup table live here."""
    import platformdirs

    return platformdirs.user_cache_path("memcli")


def warm_lock_path() -> Path:
    """The lock file of a running background warm-up (:func:`memcli.embed.onnx.spawn_warm`)."""
    return cache_dir() / "warm.lock"


def missing_database(location: object) -> Path | None:
    """The SQLite file at ``location`` (a settings ``db``: a path, a ``postgresql://`` URL,
    ``:memory:``) when it does not exist yet, so opening it would create an empty database; None
    when it exists or ``location`` is no file (a URL, an in-memory database)."""
    text = str(location)
    if not isinstance(location, (str, Path)) or text == ":memory:" or "://" in text or text.startswith("file:"):
        return None
    path = Path(text).expanduser()
    return None if path.exists() else path


def missing_note(path: Path) -> str:
    """What a command that answers without a database (``context``, ``stats``) says of the ``path`` that is not
    there."""
    return f"no memcli database at {path} yet (nothing was captured there; check {DB_SETTING})"
