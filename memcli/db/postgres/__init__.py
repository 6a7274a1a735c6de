"""The PostgreSQL (psycopg 3 + pgvector) implementation of the store.

Selected by URL: ``--db postgresql://user:pass@host:5432/db`` (``MEMCLI_DB``, TOML ``db``).
Nothing here is imported unless such a URL is used, so the SQLite path never loads psycopg.
"""

from __future__ import annotations

__all__ = ["PostgresStore", "is_pg_url", "redact_url"]

PG_SCHEMES = ("postgresql://", "postgres://")


def is_pg_url(db: object) -> bool:
    """True when ``db`` names a PostgreSQL server rather than a SQLite file."""
    return str(db).strip().lower().startswith(PG_SCHEMES)


def redact_url(url: str) -> str:
    """The URL without its password, for messages and ``stats``: ``postgresql://user@host:port/db``."""
    import re

    return re.sub(r"^(postgres(?:ql)?://[^:/@]*):[^@/]*@", r"\1@", str(url).strip(), flags=re.I)


def __getattr__(name: str):  # noqa: ANN202 - lazy: importing this package never imports psycopg
    if name == "PostgresStore":
        from memcli.db.postgres.store import PostgresStore

        return PostgresStore
    raise AttributeError(name)
