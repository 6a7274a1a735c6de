"""PostgreSQL URLs: recognise one, and show one without its password (a leaf module)."""

from __future__ import annotations

__all__ = ["PG_SCHEMES", "is_other_url", "is_pg_url", "redact_url"]

PG_SCHEMES = ("postgresql://", "postgres://")


def is_pg_url(db: object) -> bool:
    """True when ``db`` names a PostgreSQL server rather than a SQLite file."""
    return str(db).strip().lower().startswith(PG_SCHEMES)


def is_other_url(db: object) -> bool:
    """True when ``db`` is a URL of another kind (``mysql://…``, ``sqlite://…``, ``https://…``): no
    database memcli opens. It was taken for a file path (``folder mysql:/u@h does not exist``)."""
    import re

    return not is_pg_url(db) and re.match(r"\s*[A-Za-z][A-Za-z0-9+.-]+://", str(db)) is not None


def redact_url(url: str) -> str:
    """The URL without its password, for messages and ``stats``: ``postgresql://user@host:port/db``."""
    import re

    return re.sub(r"^(postgres(?:ql)?://[^:/@]*):[^@/]*@", r"\1@", str(url).strip(), flags=re.I)
