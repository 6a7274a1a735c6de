"""The vec0 table's layout, and the resumable in-place rebuild that moves an existing table to it.

Why ``chunk_size=8``: sqlite-vec 0.1.9 stores vectors in chunks of ``chunk_size`` slots and
gives every *partition value* (here: every user) its own chunks, reserved whole. With the
default 1,024 slots a user with one 384-d memory costs ~1.6 MB (500 users × 4 memories: 812 MB).
With 8 slots a user costs one chunk: 8 × 384 × 4 B = 12 KB of vectors plus ~1 KB of rowids,
validity and metadata (13.5 KB measured at 384-d, 17.6 KB at 512-d). The price at the other end
is small: an exact KNN over 100k vectors of one user scans 12,500 chunks instead of 98
(122 ms vs 102 ms measured on 2 busy cores); the warm path reads vectors from an in-process
cache anyway (:mod:`memcli.db.vector_cache`). KNN stays exact and inside the partition.

The rebuild (:func:`resume_rebuild`, run by :class:`~memcli.db.connect.Store` after the
migrations): rows are copied in batches, in ``item_id`` order, from the old table into
``memcli_vec_rebuild`` (the new layout); each batch commits together with its cursor
(``memcli_meta.vec_rebuild_cursor``), so a process killed mid-way loses at most one batch and
the next open goes on from the cursor. While a rebuild is pending, the old table stays the
one every read uses, and vector writes to rows already copied are mirrored into the new table
(:func:`mirror_targets`). The last batch swaps the tables in the same transaction: the old
table is dropped and the new one (with its shadow tables: sqlite-vec 0.1.9's ``ALTER TABLE
RENAME`` does not rename them) renamed to ``memory_vec`` — readers see the old table or the
new one, never a mix. Two processes opening the store at once take turns per batch.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable

import apsw

from memcli.db import schema as s

__all__ = ["CHUNK_SIZE", "PARTITION_INDEX_SQL", "REBUILD", "bump_epoch", "copy_in_batches", "create_vec_sql",
           "m0002_vec0_small_chunks", "mirror_targets", "needs_rebuild", "rebuild_progress", "resume_rebuild",
           "stderr_progress", "vec_dim"]

CHUNK_SIZE = 8  # sqlite-vec: 8..4096, divisible by 8, fixed at creation
REBUILD = "memcli_vec_rebuild"  # not "memory_vec_*": that prefix is the live table's shadow namespace
CURSOR_KEY = "vec_rebuild_cursor"
BATCH = 2000

# sqlite-vec finds a partition's chunks with ``WHERE partition00 = ?`` on an unindexed shadow
# table: a full scan of every user's chunks per KNN (1.17 ms → 0.14 ms at 2,000 users with it)
PARTITION_INDEX_SQL = f"CREATE INDEX IF NOT EXISTS ix_vec_chunks_partition ON {s.VEC}_chunks(partition00)"

_DIM = re.compile(r"embedding\s+float\[(\d+)\]", re.IGNORECASE)
_COLS = "item_id, user_id, active, current, valid_from, invalid_at, embedding"

Progress = Callable[[int, int], None]  # (rows copied, total rows)


def create_vec_sql(name: str, dim: int) -> str:
    """The vec0 table: user partition, validity mirrored as integer metadata, cosine, 8-slot chunks."""
    return (f"CREATE VIRTUAL TABLE {name} USING vec0("
            "item_id INTEGER PRIMARY KEY, user_id TEXT PARTITION KEY, "
            "active INTEGER, current INTEGER, valid_from INTEGER, invalid_at INTEGER, "
            f"embedding float[{int(dim)}] distance_metric=cosine, chunk_size={CHUNK_SIZE})")


def _sql_of(conn: apsw.Connection, name: str) -> str | None:
    row = conn.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (name,)).fetchone()
    if row is None:
        return None
    return str(next(iter(row.values())) if isinstance(row, dict) else row[0])


def _scalar(conn: apsw.Connection, sql: str, params: tuple = ()) -> object:
    row = conn.execute(sql, params).fetchone()
    if row is None:
        return None
    return next(iter(row.values())) if isinstance(row, dict) else row[0]


def vec_dim(conn: apsw.Connection, name: str = s.VEC) -> int | None:
    """The embedding dimension declared by a vec0 table, or None if there is no such table."""
    sql = _sql_of(conn, name)
    m = _DIM.search(sql or "")
    return int(m.group(1)) if m else None


def needs_rebuild(conn: apsw.Connection) -> bool:
    """True when ``memory_vec`` exists with another layout, or a rebuild is under way."""
    if _sql_of(conn, REBUILD) is not None:
        return True
    sql = _sql_of(conn, s.VEC)
    return sql is not None and f"chunk_size={CHUNK_SIZE}" not in sql.replace(" ", "")


def _start(conn: apsw.Connection) -> None:
    """Inside a write transaction: create the empty new-layout table and a zero cursor."""
    if _sql_of(conn, REBUILD) is None:
        dim = vec_dim(conn)
        if dim is None:
            return
        conn.execute(create_vec_sql(REBUILD, dim))
        conn.execute(f"INSERT INTO {s.META}(key, value) VALUES (?, '0') "
                     "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (CURSOR_KEY,))


def m0002_vec0_small_chunks(conn: apsw.Connection) -> None:
    """Migration: start moving an existing vec0 table to 8-slot chunks (the copy itself runs
    in resumable batches after the migrations, see :func:`resume_rebuild`)."""
    sql = _sql_of(conn, s.VEC)
    if sql is not None and "chunk_size=8" not in sql.replace(" ", ""):
        _start(conn)


def mirror_targets(conn: apsw.Connection, item_id: int) -> list[str]:
    """The vec0 tables a write to ``item_id``'s vector must reach: the live table, plus the
    rebuild table when a rebuild is pending and has already copied that row."""
    if _sql_of(conn, REBUILD) is None:
        return [s.VEC]
    cursor = int(_scalar(conn, f"SELECT value FROM {s.META} WHERE key = ?", (CURSOR_KEY,)) or 0)
    return [s.VEC, REBUILD] if item_id <= cursor else [s.VEC]


def _copy_batch(conn: apsw.Connection, batch: int) -> tuple[int, bool]:
    """One batch under the write lock: copy rows after the cursor, advance it, swap when done.
    Returns (rows copied, finished)."""
    cursor = int(_scalar(conn, f"SELECT value FROM {s.META} WHERE key = ?", (CURSOR_KEY,)) or 0)
    ids = [int(next(iter(r.values())) if isinstance(r, dict) else r[0]) for r in conn.execute(
        f"SELECT rowid FROM {s.VEC}_rowids WHERE rowid > ? ORDER BY rowid LIMIT ?", (cursor, batch))]
    for item_id in ids:
        row = conn.execute(f"SELECT {_COLS} FROM {s.VEC} WHERE item_id = ?", (item_id,)).fetchone()
        if row is None:
            continue
        vals = tuple(row.values()) if isinstance(row, dict) else tuple(row)
        conn.execute(f"DELETE FROM {REBUILD} WHERE item_id = ?", (item_id,))
        conn.execute(f"INSERT INTO {REBUILD}({_COLS}) VALUES (?, ?, ?, ?, ?, ?, ?)", vals)
    if ids:
        conn.execute(f"UPDATE {s.META} SET value = ? WHERE key = ?", (str(ids[-1]), CURSOR_KEY))
    if len(ids) == batch:
        return len(ids), False
    _swap(conn)
    return len(ids), True


def _swap(conn: apsw.Connection) -> None:
    """Drop the old table, rename the new one and its shadow tables to ``memory_vec``."""
    prefix = REBUILD + "_"
    shadows = [str(next(iter(r.values())) if isinstance(r, dict) else r[0]) for r in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, ?) = ?", (len(prefix), prefix))]
    conn.execute(f"DROP TABLE {s.VEC}")
    conn.execute(f"ALTER TABLE {REBUILD} RENAME TO {s.VEC}")
    for name in shadows:
        conn.execute(f'ALTER TABLE "{name}" RENAME TO "{s.VEC}_{name[len(prefix):]}"')
    conn.execute(PARTITION_INDEX_SQL)
    conn.execute(f"DELETE FROM {s.META} WHERE key = ?", (CURSOR_KEY,))
    bump_epoch(conn)


def bump_epoch(conn: apsw.Connection) -> None:
    """Mark every cached copy of any user's vectors stale (:mod:`memcli.db.vector_cache`)."""
    conn.execute(f"INSERT INTO {s.META}(key, value) VALUES ('vec_layout_epoch', '1') "
                 "ON CONFLICT(key) DO UPDATE SET value = CAST(value AS INTEGER) + 1")


def resume_rebuild(conn: apsw.Connection, *, batch: int | None = None, progress: Progress | None = None) -> int:
    """Start or continue the rebuild until done; returns the rows copied by this call (0: nothing
    to do). Each batch is one ``BEGIN IMMEDIATE`` transaction; a kill loses at most that batch."""
    if not needs_rebuild(conn):
        return 0
    size = batch or BATCH
    total = int(_scalar(conn, f"SELECT count(*) FROM {s.VEC}_rowids") or 0)
    before: list[int] = []  # rows a killed earlier run had copied, read in the first batch

    def step() -> tuple[int, bool]:
        _start(conn)
        if not before:
            cur = int(_scalar(conn, f"SELECT value FROM {s.META} WHERE key = ?", (CURSOR_KEY,)) or 0)
            before.append(int(_scalar(conn, f"SELECT count(*) FROM {s.VEC}_rowids WHERE rowid <= ?", (cur,)) or 0))
        return _copy_batch(conn, size)

    report = (lambda copied: progress(min(total, before[0] + copied), total)) if progress else None
    return copy_in_batches(conn, lambda: needs_rebuild(conn), step, report)


def copy_in_batches(conn: apsw.Connection, pending: Callable[[], bool], copy_batch: Callable[[], tuple[int, bool]],
                    report: Callable[[int], None] | None = None) -> int:
    """The loop of a resumable rebuild: ``copy_batch()`` → (rows copied, finished), each call in
    its own ``BEGIN IMMEDIATE`` transaction, until it says finished or ``pending()`` says another
    process finished meanwhile; ``report(rows copied so far)`` after each batch. Returns the rows
    copied. A failure rolls back only the batch in flight (the cursor is committed with its rows)."""
    copied = 0
    while True:
        conn.execute("BEGIN IMMEDIATE")
        try:
            if not pending():
                conn.execute("COMMIT")
                break
            n, finished = copy_batch()
            conn.execute("COMMIT")
        except BaseException:
            if not conn.get_autocommit():
                conn.execute("ROLLBACK")
            raise
        copied += n
        if report is not None:
            report(copied)
        if finished:
            break
    return copied


def rebuild_progress(what: str, min_total: int) -> Callable[[int, int], None]:
    """A progress callback ``(done, total)`` drawing a one-line bar on stderr — only when stderr
    is a terminal, the table has at least ``min_total`` rows and ``MEMCLI_NO_PROGRESS`` is unset.
    ``what``: the index being rebuilt, as the bar names it."""

    def show(done: int, total: int) -> None:
        if total < min_total or not sys.stderr.isatty() or os.environ.get("MEMCLI_NO_PROGRESS"):
            return
        width = 30
        filled = int(width * done / max(total, 1))
        end = "\n" if done >= total else ""
        sys.stderr.write(f"\rmemcli: rebuilding the {what} [{'#' * filled}{'.' * (width - filled)}] "
                         f"{done}/{total}{end}")
        sys.stderr.flush()

    return show


#: the vector-index rebuild's bar (m0002: vec0 tables in small chunks)
stderr_progress = rebuild_progress("vector index", 5000)