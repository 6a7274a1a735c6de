"""A drain task's savepoint (SQLite; round 33, issue 24), released when the task succeeds (round 34).

The drain writes a claimed batch in one transaction, each task in a savepoint, so that a failing task rolls
back alone (:meth:`memcli.write.worker.MemoryCaptureWorker._process_batch`). A failing task rolls back alone:
``ROLLBACK TO`` the name goes back to the task's own savepoint, ``RELEASE`` then ends it; the tasks before it
keep what they wrote. A killed process commits nothing. It is the nested ``store.tx()``
(:meth:`memcli.db.sqlite.SQLiteStore.tx`, whose rollback bookkeeping it shares: a new ``tx_gen``, the copy of
active rows dropped, the waiting index rows taken back to the savepoint's mark) under a name of its own, so a
trace tells a task's savepoint from a helper's.

Round 33 left a successful task's savepoint open until the batch's COMMIT (one statement a task instead of two).
Round 34 measured that it costs more than the ``RELEASE`` it saves: SQLite's pager keeps a page bitmap per open
savepoint and, for every page a statement writes, tests and sets it in each of them (up to a batch's 32), and keeps
every page any of them journaled until the commit. Inside a 10k drain, the writer's statements took ~0.5-0.7 s
more CPU with the savepoints left open (the same statements; a 32-task microbenchmark on a drained store: ~10-15 us
a task more, the RELEASE ~3 us). So the savepoint is released again when the task succeeds.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

__all__ = ["NAME", "task_savepoint"]

#: the savepoint's name (the other nested ``store.tx()`` savepoints are ``memcli_sp<depth>``)
NAME = "memcli_task"


def task_savepoint(store: Any) -> AbstractContextManager[Any]:
    """One task's writes inside the open write transaction of a SQLite store: all of them, or on any
    exception none (the exception propagates). Outside a transaction, or on another backend: ``store.tx()``.

    Raises:
        StoreError: (translated) the savepoint cannot be opened; whatever the task raised.
    """
    if getattr(store, "dialect", None) != "sqlite":
        return store.tx()
    return store.tx(savepoint=NAME)
