"""Whether a store's rows of a table wait for the drain's batch insert (:mod:`memcli.db.vec_pending`), asked by the
writers of the tables whose ids the writer gives (round 37: ``memory_items`` in :mod:`memcli.db.written_row`, the
vector change log in :mod:`memcli.db.vector_copy`). Apart from :mod:`memcli.db.vec_pending`, which imports the
connection's error translation and so, through the migrations, the change log's module."""

from __future__ import annotations

from typing import Any

__all__ = ["waiting_in", "written_at_once"]


def waiting_in(store: Any, table: str) -> Any:
    """``store``'s waiting rows when rows of ``table`` wait there in an open write transaction (the drain's batch:
    :meth:`memcli.db.sqlite.SQLiteStore.batch_vectors`), else None: the caller writes its row at once."""
    pend = getattr(store, "vec_pending", None)
    if pend is None or table not in pend.tables or store.conn.get_autocommit():
        return None
    return pend


def written_at_once(store: Any, table: str) -> None:
    """A row went into ``table`` by a plain ``INSERT`` (outside a transaction, or one that could fail): when rows of
    ``table`` may wait on ``store``, the next id is read again (:meth:`memcli.db.vec_pending.Pending.next_key`):
    SQLite gave this one."""
    pend = getattr(store, "vec_pending", None)
    if pend is not None and table in pend.tables:
        pend.forget_next(table)
