"""The FTS5 table's layout (an indexed ``user_key`` column) and the resumable rebuild that moves
an existing table to it: migration ``m0004_fts_user_key``.

Why ``user_key``: with ``user_id`` UNINDEXED, FTS5 read every match's row to filter by user —
30-130 ms per query for a user with 100 memories among 3,000 users (300k rows). The indexed
column holds one token per user (:func:`memcli.db.bounded.user_token`), so a query ANDs the
user's postings instead (:func:`memcli.db.bounded.user_match`).

The rebuild, in the manner of :mod:`memcli.db.vector_layout`: the migration only creates the
empty new table ``memcli_fts_new`` and a cursor (``memcli_meta.fts_rebuild_cursor``), in the
migration's transaction. :func:`resume_fts_rebuild` (run by
:class:`~memcli.db.connect.Store` after the migrations) copies rows in ``rowid`` order, in
batches; each batch commits together with its cursor, so a process killed mid-way loses at most
one batch and the next open goes on from the cursor. The last batch drops the old table and
renames the new one (FTS5 renames its shadow tables) in the same transaction: readers see the
old table or the new one, never a mix. While it is pending, FTS writes go to the old table and,
for rows already copied, to the new one too (:func:`fts_targets`); searches need the new table,
and every store open finishes the rebuild before it returns. Two processes opening the store at
once take turns per batch.

Before this module, ``m0004_fts_user_key`` did the whole copy in the migration's single
transaction (a kill restarted it from zero). A database it already migrated is unchanged: it has
``user_key`` and no pending rebuild, so nothing here runs; the finished layout is the same.
"""

from __future__ import annotations

from collections.abc import Callable

import apsw

from memcli.db import schema as s
from memcli.db.bounded import user_token
from memcli.db.vector_layout import copy_in_batches, rebuild_progress

__all__ = ["BATCH", "CURSOR_KEY", "NEW", "fts_targets", "has_user_key", "m0004_fts_user_key",
           "m0007_english_word_forms", "needs_fts_rebuild", "resume_fts_rebuild", "stderr_progress"]

NEW = "memcli_fts_new"
CURSOR_KEY = "fts_rebuild_cursor"
BATCH = 5000

Progress = Callable[[int, int], None]  # (rows copied, total rows)


def _scalar(conn: apsw.Connection, sql: str, params: tuple = ()) -> object:
    row = conn.execute(sql, params).fetchone()
    if row is None:
        return None
    return next(iter(row.values())) if isinstance(row, dict) else row[0]


def _sql_of(conn: apsw.Connection, name: str) -> str | None:
    sql = _scalar(conn, "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (name,))
    return None if sql is None else str(sql)


def has_user_key(conn: apsw.Connection) -> bool:
    """True when ``memory_fts`` exists with the indexed ``user_key`` column."""
    return "user_key" in (_sql_of(conn, s.FTS) or "")


def needs_fts_rebuild(conn: apsw.Connection) -> bool:
    """True while a rebuild is under way (the new table exists)."""
    return _sql_of(conn, NEW) is not None


def _cursor(conn: apsw.Connection) -> int:
    return int(_scalar(conn, f"SELECT value FROM {s.META} WHERE key = ?", (CURSOR_KEY,)) or 0)


def m0004_fts_user_key(conn: apsw.Connection) -> None:
    """Migration: start moving ``memory_fts`` to an indexed ``user_key`` column (the copy runs in
    resumable batches after the migrations, see :func:`resume_fts_rebuild`)."""
    if has_user_key(conn) or needs_fts_rebuild(conn):
        return
    conn.execute(f"""
    CREATE VIRTUAL TABLE {NEW} USING fts5(tokens, user_id UNINDEXED, user_key, tokenize='unicode61');
    INSERT INTO {NEW}({NEW}, rank) VALUES ('secure-delete', 1);
    INSERT INTO {s.META}(key, value) VALUES ('{CURSOR_KEY}', '0')
        ON CONFLICT(key) DO UPDATE SET value = excluded.value;
    """)


def fts_targets(conn: apsw.Connection, item_id: int) -> list[tuple[str, bool]]:
    """The FTS5 tables a write of ``item_id``'s tokens must reach, each with whether it has the
    ``user_key`` column: the live table, plus the new one while a rebuild is pending and has
    already copied that row."""
    if not needs_fts_rebuild(conn):
        return [(s.FTS, True)]
    return [(s.FTS, False), (NEW, True)] if item_id <= _cursor(conn) else [(s.FTS, False)]


def _copy_batch(conn: apsw.Connection, batch: int) -> tuple[int, bool]:
    """One batch under the write lock: copy rows after the cursor, advance it, swap when done.
    Returns (rows copied, finished)."""
    cursor = _cursor(conn)
    last = _scalar(conn, f"SELECT max(rowid) FROM (SELECT rowid FROM {s.FTS} WHERE rowid > ? ORDER BY rowid LIMIT ?)",
                   (cursor, batch))
    n = 0
    if last is not None:
        conn.execute(f"INSERT INTO {NEW}(rowid, tokens, user_id, user_key) "  # mirrors never write past the cursor
                     f"SELECT rowid, tokens, user_id, memcli_user_token(user_id) FROM {s.FTS} "
                     "WHERE rowid > ? AND rowid <= ? ORDER BY rowid", (cursor, last))
        n = conn.changes()
        conn.execute(f"UPDATE {s.META} SET value = ? WHERE key = ?", (str(last), CURSOR_KEY))
    if n == batch:
        return n, False
    conn.execute(f"DROP TABLE {s.FTS}")
    conn.execute(f"ALTER TABLE {NEW} RENAME TO {s.FTS}")
    conn.execute(f"DELETE FROM {s.META} WHERE key = ?", (CURSOR_KEY,))
    return n, True


def resume_fts_rebuild(conn: apsw.Connection, *, batch: int | None = None, progress: Progress | None = None) -> int:
    """Continue a pending rebuild until done; returns the rows copied by this call (0: nothing to
    do). Each batch is one ``BEGIN IMMEDIATE`` transaction; a kill loses at most that batch."""
    if not needs_fts_rebuild(conn):
        return 0
    conn.create_scalar_function("memcli_user_token", user_token, 1, deterministic=True)
    size = batch or BATCH
    total = int(_scalar(conn, f"SELECT count(*) FROM {s.FTS}") or 0)
    done_before = int(_scalar(conn, f"SELECT count(*) FROM {s.FTS} WHERE rowid <= ?", (_cursor(conn),)) or 0)
    report = (lambda copied: progress(min(total, done_before + copied), total)) if progress else None
    return copy_in_batches(conn, lambda: needs_fts_rebuild(conn), lambda: _copy_batch(conn, size), report)


#: the full-text rebuild's bar (m0004: the FTS table keyed by user)
stderr_progress = rebuild_progress("full-text index", 20_000)

def _word_forms(tokens: str | None) -> str | None:
    from memcli.text import fts_terms

    return tokens if not tokens else " ".join(fts_terms(tokens.split(" ")))


def m0007_english_word_forms(conn: apsw.Connection) -> None:
    """Migration: the FTS terms of memories and episodes written before English words were
    stemmed (:func:`memcli.text.fts_terms`, which the query side now uses too) as their stems,
    in place from the stored terms (no re-tokenising): only rows that change. The new table of a
    pending ``m0004`` rebuild too (the rows it copies later come from the table updated here)."""
    conn.create_scalar_function("memcli_word_forms", _word_forms, 1, deterministic=True)
    for table in (s.FTS, NEW, s.EPISODE_FTS):
        if _sql_of(conn, table) is not None:
            conn.execute(f"UPDATE {table} SET tokens = memcli_word_forms(tokens) "
                         "WHERE tokens != memcli_word_forms(tokens)")
