"""A drain task's savepoint (SQLite; round 33, issue 24), released when the task succeeds (round 34).

The drain writes a claimed batch in one transaction, each task in a savepoint, so that a failing task rolls
back alone (:meth:`memcli.write.worker.MemoryCaptureWorker._process_batch`). A failing task rolls back alone:
``ROLLBACK TO`` the name goes back to the task's own savepoint, ``RELEASE`` then ends it; the tasks before it
keep what they wrote. A killed process commits nothing. The bookkeeping of a rollback is
:meth:`memcli.db.sqlite.SQLiteStore.tx`'s: a new ``tx_gen``, the copy of active rows dropped, the waiting index
rows taken back to the savepoint's mark.

Round 33 left a successful task's savepoint open until the batch's COMMIT (one statement a task instead of two).
Round 34 measured that it costs more than the ``RELEASE`` it saves: SQLite's pager keeps a page bitmap per open
savepoint and, for every page a statement writes, tests and sets it in each of them (up to a batch's 32), and keeps
every page any of them journaled until the commit. Inside a 10k drain, the writer's statements took ~0.5-0.7 s
more CPU with the savepoints left open (the same statements; a 32-task microbenchmark on a drained store: ~10-15 us
a task more, the RELEASE ~3 us). So the savepoint is released again when the task succeeds.
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
        conn.execute(f"RELEASE {NAME}")  # cannot fail in a transaction (only a COMMIT can): else rolled back below
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
