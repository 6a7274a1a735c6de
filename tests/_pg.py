"""A private PostgreSQL 16 + pgvector 0.6.2 server for the tests (PyPI ``pgserver``).

One server per test session, started in a temporary folder (about 1-2 s; works as root).
Each test gets its own schema on it (:func:`schema_url`), so tests are independent: the
URL carries ``options=-csearch_path=<schema>,public`` (``vector`` lives in ``public``), and
every process started with it — CLI subprocesses included — sees only that schema.

The server is thrown away after the session, so it runs without durability (``fsync``,
``synchronous_commit`` and ``full_page_writes`` off): commits do not wait for the disk, which
keeps the PostgreSQL half of the suite fast. Nothing memcli does depends on these settings
(bench/bench_pg.py measures with the server's defaults).
"""

from __future__ import annotations

import uuid
from pathlib import Path
from urllib.parse import quote


def start_server(folder: Path):  # noqa: ANN201  (a pgserver.PostgresServer)
    import pgserver

    srv = pgserver.get_server(str(folder), cleanup_mode="stop")
    import psycopg

    with psycopg.connect(srv.get_uri(), autocommit=True) as c:
        c.execute("CREATE EXTENSION IF NOT EXISTS vector")
        for setting in ("fsync", "synchronous_commit", "full_page_writes"):
            c.execute(f"ALTER SYSTEM SET {setting} = off")
        c.execute("SELECT pg_reload_conf()")
    return srv


def schema_url(base: str, schema: str) -> str:
    """``base`` (a libpq URI) restricted to ``schema`` (then ``public``, for the vector type)."""
    sep = "&" if "?" in base else "?"
    return f"{base}{sep}options={quote(f'-csearch_path={schema},public', safe='')}"


def new_schema(base: str) -> tuple[str, str]:
    """Create a fresh schema; return ``(name, url)``."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(base, autocommit=True) as c:
        c.execute(f"CREATE SCHEMA {name}")
    return name, schema_url(base, name)


def drop_schema(base: str, name: str) -> None:
    import psycopg

    with psycopg.connect(base, autocommit=True) as c:
        c.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")


def connect(url: str):  # noqa: ANN201
    """A plain psycopg connection (dict rows, autocommit) for assertions on the live schema."""
    import psycopg
    from psycopg.rows import dict_row

    return psycopg.connect(url, autocommit=True, row_factory=dict_row)
