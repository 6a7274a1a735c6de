"""The PostgreSQL (psycopg 3 + pgvector) implementation of the store.

Selected by URL: ``--db postgresql://user:pass@host:5432/db`` (``MEMCLI_DB``, TOML ``db``);
:func:`memcli.db.open_store` imports :class:`memcli.db.postgres.store.PostgresStore`. Nothing
here is imported unless such a URL is used, so the SQLite path never loads psycopg.
"""

from __future__ import annotations

from memcli.db.postgres.url import PG_SCHEMES, is_pg_url, redact_url

__all__ = ["PG_SCHEMES", "is_pg_url", "redact_url"]
