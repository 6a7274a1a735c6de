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
from memcli.db.fts_layout import m0004_fts_user_key, m0007_english_word_forms
from memcli.db.tokens import m0006_api_tokens
from memcli.db.vector_copy import m0003_vector_change_log
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


def _rows(conn: apsw.Connection, sql: str, params: tuple = ()) -> list[tuple]:
    """Rows as tuples, whatever row tracer the connection has (the store's gives dicts)."""
    return [tuple(r.values()) if isinstance(r, dict) else tuple(r) for r in conn.execute(sql, params)]


def m_ids_never_reused(conn: apsw.Connection) -> None:
    """Ids of memories, sources, outbox tasks and events are never reused (issue 15 §5).

    SQLite gives a plain ``INTEGER PRIMARY KEY`` row ``max(id) + 1``: after ``forget --purge``
    of the newest memory the next one got the purged id, so ``history N`` showed a PURGE
    followed by an unrelated ADD. The four tables are rebuilt with ``AUTOINCREMENT`` (rows,
    ids and indexes kept), and each sequence starts above every id the database still
    mentions — including ids of purged memories and sources that audit events name.

    The rebuild runs inside the migration's transaction, where ``PRAGMA foreign_keys`` cannot
    be switched off: the new tables are built and filled first (their foreign keys point at
    each other), the old ones dropped children first (the cascades they trigger only touch
    old rows), then the new ones renamed into place.
    """
    conn.execute(f"""
    CREATE TABLE {s.SOURCES}_new (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id     TEXT NOT NULL,
        role        TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'system', 'explicit')),
        session_id  TEXT,
        content     TEXT NOT NULL,
        occurred_at TEXT NOT NULL,
        recorded_at TEXT NOT NULL
    );
    CREATE TABLE {s.OUTBOX}_new (
        id               INTEGER PRIMARY KEY AUTOINCREMENT,
        source_id        INTEGER NOT NULL UNIQUE REFERENCES {s.SOURCES}_new(id) ON DELETE CASCADE,
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
    CREATE TABLE {s.ITEMS}_new (
        id                INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id           TEXT NOT NULL,
        statement         TEXT NOT NULL,
        normalized        TEXT NOT NULL,
        kind              TEXT NOT NULL,
        slot              TEXT,
        salience          REAL NOT NULL CHECK (salience BETWEEN 0 AND 1),
        confidence        REAL NOT NULL CHECK (confidence BETWEEN 0 AND 1),
        origin            TEXT NOT NULL,
        valid_from        TEXT NOT NULL,
        invalid_at        TEXT,
        recorded_at       TEXT NOT NULL,
        expired_at        TEXT,
        last_confirmed_at TEXT NOT NULL,
        confirmations     INTEGER NOT NULL DEFAULT 1,
        supersedes_id     INTEGER REFERENCES {s.ITEMS}_new(id) ON DELETE SET NULL,
        superseded_by_id  INTEGER REFERENCES {s.ITEMS}_new(id) ON DELETE SET NULL,
        invalid_reason    TEXT,
        metadata          TEXT NOT NULL DEFAULT '{{}}',
        embed_model       TEXT
    );
    CREATE TABLE {s.ITEM_SOURCES}_new (
        item_id   INTEGER NOT NULL REFERENCES {s.ITEMS}_new(id) ON DELETE CASCADE,
        source_id INTEGER NOT NULL REFERENCES {s.SOURCES}_new(id) ON DELETE CASCADE,
        PRIMARY KEY (item_id, source_id)
    );
    CREATE TABLE {s.EVENTS}_new (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id       TEXT NOT NULL,
        item_id       INTEGER,
        other_item_id INTEGER,
        source_id     INTEGER,
        action        TEXT NOT NULL,
        level         TEXT,
        cosine        REAL,
        judge         TEXT,
        reason        TEXT,
        before        TEXT,
        after         TEXT,
        created_at    TEXT NOT NULL
    );
    INSERT INTO {s.SOURCES}_new SELECT id, user_id, role, session_id, content, occurred_at, recorded_at
        FROM {s.SOURCES};
    INSERT INTO {s.OUTBOX}_new SELECT id, source_id, user_id, idempotency_key, status, attempts, next_attempt_at,
        lease_until, lease_owner, last_error, created_at, updated_at FROM {s.OUTBOX};
    INSERT INTO {s.ITEMS}_new SELECT id, user_id, statement, normalized, kind, slot, salience, confidence, origin,
        valid_from, invalid_at, recorded_at, expired_at, last_confirmed_at, confirmations, supersedes_id,
        superseded_by_id, invalid_reason, metadata, embed_model FROM {s.ITEMS};
    INSERT INTO {s.ITEM_SOURCES}_new SELECT item_id, source_id FROM {s.ITEM_SOURCES};
    INSERT INTO {s.EVENTS}_new SELECT id, user_id, item_id, other_item_id, source_id, action, level, cosine, judge,
        reason, before, after, created_at FROM {s.EVENTS};
    DROP TABLE {s.ITEM_SOURCES};
    DROP TABLE {s.OUTBOX};
    DROP TABLE {s.EVENTS};
    DROP TABLE {s.ITEMS};
    DROP TABLE {s.SOURCES};
    ALTER TABLE {s.SOURCES}_new RENAME TO {s.SOURCES};
    ALTER TABLE {s.OUTBOX}_new RENAME TO {s.OUTBOX};
    ALTER TABLE {s.ITEMS}_new RENAME TO {s.ITEMS};
    ALTER TABLE {s.ITEM_SOURCES}_new RENAME TO {s.ITEM_SOURCES};
    ALTER TABLE {s.EVENTS}_new RENAME TO {s.EVENTS};
    CREATE INDEX ix_sources_user ON {s.SOURCES}(user_id, occurred_at);
    CREATE INDEX ix_outbox_claim ON {s.OUTBOX}(status, next_attempt_at);
    CREATE INDEX ix_items_user_active ON {s.ITEMS}(user_id, invalid_at, expired_at);
    CREATE INDEX ix_items_user_norm ON {s.ITEMS}(user_id, normalized);
    CREATE INDEX ix_items_user_slot ON {s.ITEMS}(user_id, slot);
    CREATE INDEX ix_item_sources_source ON {s.ITEM_SOURCES}(source_id);
    CREATE INDEX ix_events_item ON {s.EVENTS}(item_id);
    CREATE INDEX ix_events_other ON {s.EVENTS}(other_item_id);
    """)
    floors = {
        s.ITEMS: f"""SELECT max(coalesce((SELECT max(id) FROM {s.ITEMS}), 0),
                         coalesce((SELECT max(item_id) FROM {s.EVENTS}), 0),
                         coalesce((SELECT max(other_item_id) FROM {s.EVENTS}), 0))""",
        s.SOURCES: f"""SELECT max(coalesce((SELECT max(id) FROM {s.SOURCES}), 0),
                           coalesce((SELECT max(source_id) FROM {s.EVENTS}), 0))""",
        s.OUTBOX: f"SELECT coalesce((SELECT max(id) FROM {s.OUTBOX}), 0)",
        s.EVENTS: f"SELECT coalesce((SELECT max(id) FROM {s.EVENTS}), 0)",
    }
    for table, sql in floors.items():
        floor = int(_rows(conn, sql)[0][0] or 0)
        conn.execute("DELETE FROM sqlite_sequence WHERE name = ?", (table,))
        conn.execute("INSERT INTO sqlite_sequence(name, seq) VALUES (?, ?)", (table, floor))


def m_fold_traditional_chinese_keys(conn: apsw.Connection) -> None:
    """Exact-match keys and FTS5 tokens of stored memories in one Chinese script (issue 15 §2).

    ``normalized`` and the FTS5 tokens now read traditional Chinese as simplified
    (:func:`memcli.text.to_simplified`); rows written before are recomputed — only those whose
    statement changes under the conversion (nothing to do, and no jieba load, otherwise).
    """
    import re

    from memcli.text import normalize, to_simplified

    rows = [r for r in _rows(conn, f"SELECT id, user_id, statement, slot FROM {s.ITEMS}")
            if re.search(r"[\u3400-\u9fff\uf900-\ufaff]", r[2]) and to_simplified(r[2]) != r[2]]
    if not rows:
        return
    from memcli.text import search_tokens

    for item_id, user_id, statement, slot in rows:
        toks = search_tokens(statement)
        if slot:  # the slot's words, as db/index.fts_tokens adds them
            toks += [w for w in re.split(r"[._\s]+", slot.casefold()) if w and w not in toks]
        conn.execute(f"UPDATE {s.ITEMS} SET normalized = ? WHERE id = ?", (normalize(statement), item_id))
        conn.execute(f"DELETE FROM {s.FTS} WHERE rowid = ?", (item_id,))
        conn.execute(f"INSERT INTO {s.FTS}(rowid, tokens, user_id) VALUES (?, ?, ?)",
                     (item_id, " ".join(toks), user_id))


def m_as_of_sees_forgotten_history(conn: apsw.Connection) -> None:
    """``--as-of`` before a ``forget`` finds the memory (issue 15 §7): the vec0 ``current``
    flag of forgotten memories that were not superseded first is set to 1 (the rule of
    :func:`memcli.db.index.is_current`). Nothing to do without a vector table."""
    if not _rows(conn, "SELECT name FROM sqlite_master WHERE name = ?", (s.VEC,)):
        return
    for (item_id,) in _rows(conn, f"""SELECT id FROM {s.ITEMS} WHERE invalid_reason = 'forgotten by the user'
                                      AND invalid_at IS NOT NULL AND expired_at >= invalid_at"""):
        conn.execute(f"UPDATE {s.VEC} SET current = 1 WHERE item_id = ?", (item_id,))


def m0005_episodes(conn: apsw.Connection) -> None:
    """The episodes (:mod:`memcli.db.episodes`): one row per drained user turn and the full-text
    index of those that are episodes (the vectors: on first use)."""
    conn.execute(f"""
    CREATE TABLE {s.EPISODES} (
        source_id   INTEGER PRIMARY KEY REFERENCES {s.SOURCES}(id) ON DELETE CASCADE,
        user_id     TEXT NOT NULL,
        occurred_at TEXT NOT NULL,           -- world time the user said it (the source's)
        is_chatter  INTEGER NOT NULL,        -- greeting / thanks / question / request
        is_episode  INTEGER NOT NULL,        -- 1: not chatter and no memory linked to the turn
        embed_model TEXT,                    -- model of its vector (NULL: none yet)
        indexed_at  TEXT NOT NULL
    );
    CREATE INDEX ix_episodes_user ON {s.EPISODES}(user_id, is_episode, occurred_at);
    CREATE VIRTUAL TABLE {s.EPISODE_FTS} USING fts5(tokens, user_key, tokenize='unicode61');
    INSERT INTO {s.EPISODE_FTS}({s.EPISODE_FTS}, rank) VALUES ('secure-delete', 1);
    """)


def m0008_event_when(conn: apsw.Connection) -> None:
    """The date a memory's statement places its fact at, resolved when it was said (issue 21:
    :mod:`memcli.write.pair_dates`), in a column of its own: never in the user's ``metadata``,
    which ``export`` gives back as it was imported. NULL: no date (or a memory stored before)."""
    cols = {r["name"] if isinstance(r, dict) else r[1] for r in conn.execute(f"PRAGMA table_info({s.ITEMS})")}
    if "event_when" not in cols:  # a store moved back to an earlier version keeps the column
        conn.execute(f"ALTER TABLE {s.ITEMS} ADD COLUMN event_when TEXT")


MIGRATIONS: list[Migration] = [
    m0001_create_core,
    m_ids_never_reused,
    m_fold_traditional_chinese_keys,
    m_as_of_sees_forgotten_history,
    m0002_vec0_small_chunks,
    m0003_vector_change_log,
    m0004_fts_user_key,
    m0005_episodes,
    m0006_api_tokens,
    m0007_english_word_forms,
    m0008_event_when,
]


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
