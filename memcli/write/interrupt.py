"""Stopping a drain cleanly on SIGINT (Ctrl-C) or SIGTERM (issue 15 §4).

:class:`Interruptible` installs handlers for both signals while a worker runs: the first
signal only sets :attr:`Interruptible.stop` (a :class:`threading.Event`); the worker
(:func:`memcli.write.worker.drain`) checks it between tasks — the task being written
finishes and commits, the tasks it claimed but has not started are released at once
(pending again, the claim's attempt given back) instead of waiting for their lease, and the
summary says ``interrupted``. A second signal raises :class:`KeyboardInterrupt` at once: the
open transaction rolls back (nothing of that task is written) and the remaining tasks are
released all the same. SIGKILL cannot be caught: lease expiry recovers those tasks, as before.

Outside the main thread (signal handlers cannot be installed there) it does nothing but
provide the event.
"""

from __future__ import annotations

import signal
import threading
from types import FrameType, TracebackType
from typing import Any

__all__ = ["EXIT_INTERRUPTED", "Interruptible"]

#: exit status of an interrupted drain (128 + SIGINT, the shell's convention for Ctrl-C)
EXIT_INTERRUPTED = 130
_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Interruptible:
    """``with Interruptible() as it: drain(..., stop=it.stop)``; ``it.signum`` is the signal seen."""

    def __init__(self) -> None:
        self.stop = threading.Event()
        self.signum: int | None = None
        self._old: dict[int, Any] = {}
        self._raised = False

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if self.stop.is_set():
            if not self._raised:  # the second signal: do not wait for the task in hand
                self._raised = True
                raise KeyboardInterrupt
            return  # later ones: the release of the claimed tasks must not be cut short
        self.signum = signum
        self.stop.set()

    def __enter__(self) -> Interruptible:
        if threading.current_thread() is threading.main_thread():
            for sig in _SIGNALS:
                self._old[sig] = signal.signal(sig, self._handle)
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        for sig, old in self._old.items():
            signal.signal(sig, old)
        self._old.clear()
