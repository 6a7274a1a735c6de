"""The drain's savepoint sub-journals kept in memory (``PRAGMA temp_store``).

The drain writes a batch in one transaction, each task in a savepoint
(:mod:`memcli.write.worker`). SQLite copies each page a savepoint changes for the first time
to a sub-journal, so that the savepoint can roll back alone; with the default temporary storage
that sub-journal spills to a temporary file past 64 KiB, which most tasks pass: a ``write`` per
page, then a truncate at ``RELEASE``. In memory (``temp_store = MEMORY``) the same copies cost no
system call — measured at 10k utterances, ~0.5 s less of the writer's CPU (a third of it kernel
time), the database's bytes unchanged. A task changes tens of pages, so the memory is small; it is
on only while the drain batches (:meth:`memcli.db.sqlite.SQLiteStore.batch_vectors`), never for
VACUUM's temporary copy of the whole database (:func:`memcli.db.purge.compact`).
"""

from __future__ import annotations

from typing import Any

__all__ = ["MEMORY", "set_temp_store"]

#: ``PRAGMA temp_store`` values: 0 the build's default, 1 file, 2 memory
MEMORY = 2


def set_temp_store(conn: Any, mode: int) -> int | None:
    """Set the apsw connection's ``temp_store`` to ``mode`` (0, 1 or 2) between transactions; returns the
    value it had, or None when left alone (inside a transaction, where SQLite may refuse the change)."""
    if not conn.get_autocommit():
        return None
    row = conn.execute("PRAGMA temp_store").fetchone()
    was = int(next(iter(row.values())) if isinstance(row, dict) else row[0])
    if was != mode:
        conn.execute(f"PRAGMA temp_store = {int(mode)}")
    return was
