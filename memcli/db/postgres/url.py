"""PostgreSQL URLs: recognise one, and show one without its password (a leaf module)."""

from __future__ import annotations

__all__ = ["PG_SCHEMES", "is_pg_url", "redact_url"]

PG_SCHEMES = ("postgresql://", "postgres://")


def is_pg_url(db: object) -> bool:
    """True when ``db`` names a PostgreSQL server rather than a SQLite file."""
    return str(db).strip().lower().startswith(PG_SCHEMES)


def redact_url(url: str) -> str:
    """The URL without its password, for messages and ``stats``: ``postgresql://user@host:port/db``."""
    import re

    return re.sub(r"^(postgres(?:ql)?://[^:/@]*):[^@/]*@", r"\1@", str(url).strip(), flags=re.I)
