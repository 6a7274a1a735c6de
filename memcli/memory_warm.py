"""The read path's warm-up when a library process opens a :class:`memcli.Memory` (round 44).

A library user does not know to call :meth:`memcli.Memory.warm`, and a process's first ``context`` used to
answer nothing (its budget spent loading the read path and the query encoder). The first Memory a process
opens on a store (not ``":memory:"``) with ``settings.read_threads`` (not ``memcli serve``, which warms at
start) starts :func:`memcli.memory_read.warm_up` on a daemon thread, once per process. The CLI runs one command
a process (``memcli context`` prepares its own query before its clock): it sets :data:`WARM_ON_OPEN` False.
This module imports nothing else: opening a Memory costs a thread's start (~0.1 ms).
"""

from __future__ import annotations

import threading
from importlib import import_module

__all__ = ["WARM_ON_OPEN", "on_open", "start"]

#: start the warm-up when a Memory opens (the CLI sets it False)
WARM_ON_OPEN = True
_started: list[threading.Thread] = []
_lock = threading.Lock()


def on_open(model: str) -> None:
    """:func:`start` unless :data:`WARM_ON_OPEN` is False."""
    if WARM_ON_OPEN:
        start(model)


def start(model: str) -> None:
    """Start the process's warm-up for ``model`` (the Memory's query model) unless it was started already."""
    with _lock:
        if _started:
            return
        _started.append(threading.Thread(target=lambda: import_module("memcli.memory_read").warm_up(model),
                                         daemon=True, name="memcli-warm-up"))
    _started[0].start()
