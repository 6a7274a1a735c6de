"""The read path's warm-up when a library process opens a :class:`memcli.Memory` (rounds 44, 45).

A library user does not know to call :meth:`memcli.Memory.warm`, and a process's first ``context`` used to
answer nothing (its budget spent loading the read path and the query encoder). The first Memory a process
opens on a store (not ``":memory:"``) with ``settings.read_threads`` (not ``memcli serve``, which warms at
start) starts :func:`memcli.memory_read.warm_up` on a daemon thread, once per process. The CLI runs one command
a process (``memcli context`` prepares its own query before its clock): it sets :data:`WARM_ON_OPEN` False.

Round 45: the online calls (``capture``, ``context``) never wait for the warm-up. Each runs inside :func:`online`;
the warm-up calls :func:`between_steps` between its steps, which waits while one is in flight (a call made during
a step shares the interpreter with that step only), and its one long step, the first questions asked of the
store, gives way to a call at once (:func:`busy`).
This module imports nothing else: opening a Memory costs a thread's start (~0.1 ms).
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from importlib import import_module
from typing import Any

__all__ = ["WARM_ON_OPEN", "between_steps", "busy", "on_open", "online", "start"]

#: start the warm-up when a Memory opens (the CLI sets it False)
WARM_ON_OPEN = True
_started: list[threading.Thread] = []
_lock = threading.Lock()
_idle = threading.Condition()
_in_flight = [0]  # online calls (captures) in flight in this process


def on_open(memory: Any) -> None:
    """:func:`start` for ``memory`` (a :class:`memcli.Memory`) unless :data:`WARM_ON_OPEN` is False."""
    if WARM_ON_OPEN:
        start(memory.settings.model, memory)


def start(model: str, memory: Any = None) -> None:
    """Start the process's warm-up for ``model`` (the Memory's query model) unless it was started already.
    ``memory``: the Memory whose store the warm-up's first queries read (held weakly: a Memory closed or gone
    meanwhile is left alone); None: the process-wide part only."""
    ref = None if memory is None else weakref.ref(memory)
    with _lock:
        if _started:
            return
        _started.append(threading.Thread(target=lambda: import_module("memcli.memory_read").warm_up(model, ref),
                                         daemon=True, name="memcli-warm-up"))
    _started[0].start()


@contextmanager
def online() -> Iterator[None]:
    """Mark an online call (``capture``, ``context``) in flight while it runs: the warm-up takes no new step."""
    with _idle:
        _in_flight[0] += 1
    try:
        yield
    finally:
        with _idle:
            _in_flight[0] -= 1
            if not _in_flight[0]:
                _idle.notify_all()


def between_steps() -> None:
    """Wait (on the warm-up's thread) until no online call is in flight."""
    with _idle:
        _idle.wait_for(lambda: not _in_flight[0])


def busy() -> bool:
    """An online call is in flight in this process."""
    return bool(_in_flight[0])
