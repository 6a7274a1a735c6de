"""How :class:`memcli.Memory` meets ``context``'s wall-clock budget in a new process.

The read path (:mod:`memcli.read.context`: retrieval, answerability, rendering) takes ~0.3 s of imports on a
quiet machine and seconds on a loaded one. Loaded on the caller's thread, the first ``context`` of a process
paid that before its budget's clock started (a trial under load: 1.2-2.6 s for an "800 ms" call).
:class:`ReadPathLoader` loads it once on a thread of its own; a call waits for it no longer than its budget,
and when the budget runs out first the call answers on time with no block (``reason`` says the read path was
still loading) while the loading goes on for the next call. :meth:`memcli.Memory.warm` loads it ahead.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from memcli.read.context_result import BUDGET_EXCEEDED, ContextInputs, ContextResult, messages_of
from memcli.text import lang_of

if TYPE_CHECKING:
    from memcli.read.context import MemoryContextBuilder

__all__ = ["ReadPathLoader", "still_loading"]


class ReadPathLoader:
    """Builds a Memory's context builder once, on a daemon thread, for callers that can wait only so long.

    Args:
        build: returns the :class:`~memcli.read.context.MemoryContextBuilder` (imports the read path).
    """

    def __init__(self, build: Callable[[], MemoryContextBuilder]) -> None:
        self._build = build
        self._lock = threading.Lock()
        self._done = threading.Event()
        self._thread: threading.Thread | None = None
        self._built: MemoryContextBuilder | None = None
        self._error: BaseException | None = None

    def _run(self) -> None:
        try:
            self._built = self._build()
        except BaseException as exc:  # raised to the caller that waits for it
            self._error = exc
        finally:
            self._done.set()

    def ready(self, deadline: float | None) -> MemoryContextBuilder | None:
        """The builder, waiting until ``deadline`` (``time.monotonic()`` seconds; None: as long as it takes) at
        most; None when it is not built by then.

        Raises:
            Exception: what building raised (the next call tries again).
        """
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, daemon=True, name="memcli-read-path")
                self._thread.start()
        if not self._done.wait(None if deadline is None else max(0.0, deadline - time.monotonic())):
            return None
        if self._error is not None:
            error, self._error = self._error, None
            with self._lock:
                self._thread = None
                self._done.clear()
            raise error
        return self._built


def still_loading(given: ContextInputs, query: str, started: float) -> ContextResult:
    """The on-time answer of a ``context`` call whose budget ran out while the read path loaded: no block."""
    res = ContextResult.model_construct(
        lang=given.lang or lang_of(query), format=given.fmt, max_tokens=given.max_tokens, budget_ms=given.budget_ms,
        reason=(f"{BUDGET_EXCEEDED}: the read path was still loading in this new process (it goes on loading for "
                "the next call; Memory.warm() at start-up loads it ahead)"))
    if given.fmt == "messages":
        res.messages = messages_of(given.system, "", given.history)
    res.elapsed_ms = round((time.monotonic() - started) * 1000, 2)
    return res
