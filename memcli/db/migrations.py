"""Forward schema migrations: ordered, named functions, each committed with its record.

A shipped migration is never edited; add a new one. ``PRAGMA user_version`` holds the
number of applied migrations, and ``memcli_migrations`` their names and times. A failing
migration rolls back whole (raises MigrationError) and leaves the previous version.

The vec0 table is not created here: its dimension depends on the embedding model, so the
store creates it the first time an embedding is written (see ``memcli.db.vectors``).
"""

from __future__ import annotations

from collections.abc import Callable

import apsw

from memcli.db import schema as s
from memcli.db.bounded import m0004_fts_user_key
from memcli.db.vector_cache import m0003_vector_change_log
from memcli.db.vector_layout import m0002_vec0_small_chunks
from memcli.errors import MigrationError

Migration = Callable[[apsw.Connection], None]


def m0001_create_core(conn: apsw.Connection) -> None:
    conn.execute(f"""
    CREATE TABLE {s.META} (key TEXT PRIMARY KEY, value TEXT NOT NULL);

    CREATE TABLE {s.SOURCES} (
        id          INTEGER PRIMARY KEY,
        user_id     TEXT NOT NULL,
        role        TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'system', 'explicit')),
        session_id  TEXT,
        content     TEXT NOT NULL,
        occurred_at TEXT NOT NULL,          -- world time: when it was said
        recorded_at TEXT NOT NULL           -- system time: when memcli stored it
    );
    CREATE INDEX ix_sources_user ON {s.SOURCES}(user_id, occurred_at);

    CREATE TABLE {s.OUTBOX} (
        id               INTEGER PRIMARY KEY,
        source_id        INTEGER NOT NULL UNIQUE REFERENCES {s.SOURCES}(id) ON DELETE CASCADE,
        user_id          TEXT NOT NULL,
        idempotency_key  TEXT NOT NULL,
        status           TEXT NOT NULL DEFAULT 'pending'
                         CHECK (status IN ('pending', 'processing', 'done', 'dead')),
        attempts         INTEGER NOT NULL DEFAULT 0,
        next_attempt_at  TEXT NOT NULL,
        lease_until      TEXT,
        lease_owner      TEXT,
        last_error       TEXT,
        created_at       TEXT NOT NULL,
        updated_at       TEXT NOT NULL,
        UNIQUE (user_id, idempotency_key)
    );
    CREATE INDEX ix_outbox_claim ON {s.OUTBOX}(status, next_attempt_at);

    CREATE TABLE {s.ITEMS} (
        id                INTEGER PRIMARY KEY,
        user_id           TEXT NOT NULL,
        statement         TEXT NOT NULL,
        normalized        TEXT NOT NULL,     -- exact-match key (level 1 of the decision)
        kind              TEXT NOT NULL,
        slot              TEXT,              -- subject.attribute, e.g. mother.birthday
        salience          REAL NOT NULL CHECK (salience BETWEEN 0 AND 1),
        confidence        REAL NOT NULL CHECK (confidence BETWEEN 0 AND 1),
        origin            TEXT NOT NULL,     -- explicit | extracted | correction | import
        valid_from        TEXT NOT NULL,     -- world time the fact started to hold
        invalid_at        TEXT,              -- world time it stopped holding (NULL: still holds)
        recorded_at       TEXT NOT NULL,     -- system time stored
        expired_at        TEXT,              -- system time superseded (UPDATE/correct/forget)
        last_confirmed_at TEXT NOT NULL,     -- world time of the last confirmation
        confirmations     INTEGER NOT NULL DEFAULT 1,
        supersedes_id     INTEGER REFERENCES {s.ITEMS}(id) ON DELETE SET NULL,
        superseded_by_id  INTEGER REFERENCES {s.ITEMS}(id) ON DELETE SET NULL,
        invalid_reason    TEXT,
        metadata          TEXT NOT NULL DEFAULT '{{}}',
        embed_model       TEXT
    );
    CREATE INDEX ix_items_user_active ON {s.ITEMS}(user_id, invalid_at, expired_at);
    CREATE INDEX ix_items_user_norm ON {s.ITEMS}(user_id, normalized);
    CREATE INDEX ix_items_user_slot ON {s.ITEMS}(user_id, slot);

    CREATE TABLE {s.ITEM_SOURCES} (
        item_id   INTEGER NOT NULL REFERENCES {s.ITEMS}(id) ON DELETE CASCADE,
        source_id INTEGER NOT NULL REFERENCES {s.SOURCES}(id) ON DELETE CASCADE,
        PRIMARY KEY (item_id, source_id)
    );
    CREATE INDEX ix_item_sources_source ON {s.ITEM_SOURCES}(source_id);

    CREATE TABLE {s.EVENTS} (
        id            INTEGER PRIMARY KEY,
        user_id       TEXT NOT NULL,
        item_id       INTEGER,               -- the item acted on (no FK: purge keeps the id)
        other_item_id INTEGER,               -- the item it was compared with / replaced
        source_id     INTEGER,
        action        TEXT NOT NULL,         -- ADD NOOP UPDATE CONFLICT CORRECT FORGET PURGE ...
        level         TEXT,                  -- exact | vector | judge | explicit
        cosine        REAL,
        judge         TEXT,
        reason        TEXT,
        before        TEXT,                  -- JSON snapshot
        after         TEXT,                  -- JSON snapshot
        created_at    TEXT NOT NULL
    );
    CREATE INDEX ix_events_item ON {s.EVENTS}(item_id);
    CREATE INDEX ix_events_other ON {s.EVENTS}(other_item_id);

    -- FTS5 over jieba cut_for_search tokens (space-joined); rowid = memory_items.id
    CREATE VIRTUAL TABLE {s.FTS} USING fts5(tokens, user_id UNINDEXED, tokenize='unicode61');
    -- deleted rows leave no tokens behind in the index (privacy purge)
    INSERT INTO {s.FTS}({s.FTS}, rank) VALUES ('secure-delete', 1);
    """)


MIGRATIONS: list[Migration] = [m0001_create_core, m0002_vec0_small_chunks, m0003_vector_change_log,
                               m0004_fts_user_key]


def _user_version(conn: apsw.Connection) -> int:
    row = conn.execute("PRAGMA user_version").fetchone()
    return int(next(iter(row.values())) if isinstance(row, dict) else row[0])


def current_version() -> int:
    return len(MIGRATIONS)


def migrate(conn: apsw.Connection) -> list[str]:
    """Apply pending migrations in order; return the names applied.

    Raises:
        MigrationError: a migration failed; it was rolled back whole.
    """
    version = _user_version(conn)
    if version > len(MIGRATIONS):
        raise MigrationError(
            f"database schema version {version} is newer than this memcli ({len(MIGRATIONS)}); upgrade memcli"
        )
    applied: list[str] = []
    for number, fn in enumerate(MIGRATIONS[version:], start=version + 1):
        try:
            conn.execute("BEGIN IMMEDIATE")
            # Re-check under the write lock: a concurrent process may have migrated.
            if _user_version(conn) >= number:
                conn.execute("ROLLBACK")
                continue
            fn(conn)
            conn.execute(
                f"CREATE TABLE IF NOT EXISTS {s.MIGRATIONS} (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)"
            )
            conn.execute(
                f"INSERT INTO {s.MIGRATIONS}(name, applied_at) VALUES (?, strftime('%Y-%m-%dT%H:%M:%fZ'))",
                (fn.__name__,),
            )
            conn.execute(f"PRAGMA user_version = {number}")
            conn.execute("COMMIT")
        except Exception as exc:  # SQL *or* Python errors in a migration: roll back whole
            if not conn.get_autocommit():
                conn.execute("ROLLBACK")
            if isinstance(exc, apsw.BusyError):
                raise
            raise MigrationError(f"migration {fn.__name__} failed and was rolled back: {exc}") from exc
        applied.append(fn.__name__)
    return applied
