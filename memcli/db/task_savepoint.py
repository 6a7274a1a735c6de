"""A drain task's savepoint that stays open when the task succeeds (SQLite; round 33, issue 24).

The drain writes a claimed batch in one transaction, each task in a savepoint, so that a failing task rolls
back alone (:meth:`memcli.write.worker.MemoryCaptureWorker._process_batch`). ``store.tx()`` nested in a
transaction opens a savepoint and RELEASEs it at the end: two statements a task. A task that succeeds has
nothing to undo later, so its savepoint may as well stay open until the batch's COMMIT, which ends every
open savepoint with the transaction: one statement a task. A failing task still rolls back alone:
``ROLLBACK TO`` a name goes back to the *most recent* savepoint of that name (the failing task's own; the
tasks before it keep theirs, and what they wrote), ``RELEASE`` then ends only that one. A killed process
commits nothing, as before. The bookkeeping of a rollback is :meth:`memcli.db.sqlite.SQLiteStore.tx`'s:
a new ``tx_gen``, the copy of active rows dropped, the waiting index rows taken back to the savepoint's mark.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

__all__ = ["NAME", "task_savepoint"]

#: the savepoint's name (the nested ``store.tx()`` savepoints are ``memcli_sp<depth>``)
NAME = "memcli_task"


@contextlib.contextmanager
def task_savepoint(store: Any) -> Iterator[Any]:
    """One task's writes inside the open write transaction of a SQLite store: all of them, or on any
    exception none (the exception propagates). Outside a transaction, or on another backend: ``store.tx()``.

    Raises:
        StoreError: (translated) the savepoint cannot be opened; whatever the task raised.
    """
    conn = getattr(store, "conn", None)
    if getattr(store, "dialect", None) != "sqlite" or conn is None or conn.get_autocommit():
        with store.tx():
            yield store
        return
    import apsw

    from memcli.db.connect import translate_error

    pend, rows = store.vec_pending, store.active_rows
    mark = pend.mark() if pend is not None else None
    try:
        conn.execute(f"SAVEPOINT {NAME}")
    except apsw.Error as exc:
        raise translate_error(exc, store.path) from None
    try:
        yield store
    except BaseException as exc:
        store.tx_gen += 1  # what this transaction learnt of the database may be undone
        if store._schema:
            store._schema.clear()  # what the savepoint created is gone
        if not conn.get_autocommit():  # SQLite may have rolled the whole transaction back itself (disk full)
            try:
                conn.execute(f"ROLLBACK TO {NAME}")
                conn.execute(f"RELEASE {NAME}")
            except apsw.Error:
                pass
        if rows is not None:
            rows.drop()
        if pend is not None:
            pend.rollback(mark)
        if isinstance(exc, apsw.Error):  # as ``store.tx()`` says it: one line, a memcli error
            raise translate_error(exc, store.path) from None
        raise
