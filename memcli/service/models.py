"""The model processes of ``memcli serve``: the calls that run the embedding model (context,
search, remember, correct) leave the server process for a pool of child processes.

Why: a server process is one interpreter with one GIL. With the model calls on its threads,
every capture, every token lookup and the event loop itself wait for the GIL behind a few
milliseconds of encoding and ranking at a time, so a 0.2 ms capture took tens to hundreds
of milliseconds under load; and a second CPU core could not be used for the model at all.
With ``settings.server_model_processes`` = N > 0 the server process keeps the HTTP work, the
token lookups and the captures (no model), and N children (normal CPU priority; each loads its
own copy of the model and warms it) run the model calls, one at a time each, in parallel.

- A call is ``(user, method, args, kwargs)`` on that user's :class:`~memcli.memory.Memory` in
  the child (one open ``Memory`` per user, at most ``server_open_users``, least recently used
  closed first); the user is the token's, chosen by the server process, never by the request.
- Answers and errors cross the pipe pickled: a :class:`~memcli.errors.MemcliError` arrives as
  itself (same class and message, so the same HTTP status); anything else as ``RuntimeError``.
- A child that dies is started again on its next call; a read (context, search) that was in it is
  asked once more of a live one, a write (remember, correct) answers 500 (it may have committed).
- The children's settings are the server's: reads on the caller's thread (``read_threads``
  false) and BLAS limited once per process.
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import queue
import threading
from typing import Any

from memcli.settings import Settings

__all__ = ["ModelProcesses", "MODEL_METHODS"]

log = logging.getLogger("memcli.service")

#: the ``Memory`` methods a model process runs
MODEL_METHODS = frozenset({"context", "search", "remember", "correct"})
READS = frozenset({"context", "search"})  # repeated once on a fresh process when theirs died
START_TIMEOUT_S = 300.0
#: CPU priority of the model processes: below the server process (HTTP, captures), above the drain (+10)
MODEL_NICE = 5


class _Child:
    def __init__(self, settings: Settings, index: int) -> None:
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe()
        self.proc = ctx.Process(target=_child_main, args=(settings, child), name=f"memcli-model-{index}", daemon=True)
        self.proc.start()
        child.close()
        self.conn = parent

    def ready(self, timeout_s: float) -> None:
        """Wait for the child's start-up (model loaded and warmed); raise its error if it failed."""
        if not self.conn.poll(timeout_s):
            raise RuntimeError("a model process did not start in time")
        ok, value = self.conn.recv()
        if not ok:
            raise _loads(value)

    def call(self, user: str, method: str, args: tuple, kwargs: dict) -> Any:
        self.conn.send((user, method, args, kwargs))
        ok, value = self.conn.recv()
        if not ok:
            raise _loads(value)
        return value

    def stop(self) -> None:
        if self.proc.is_alive():
            with contextlib.suppress(OSError, BrokenPipeError):
                self.conn.send(None)
            self.proc.join(timeout=10)
            if self.proc.is_alive():
                self.proc.terminate()
                self.proc.join(timeout=10)
        with contextlib.suppress(OSError):
            self.conn.close()


class ModelProcesses:
    """``n`` model processes; :meth:`run` blocks its thread until one of them has answered.

    Args:
        settings: the server's settings (database, model, ``server_open_users``).
        n: how many processes (>= 1); at most ``n`` calls run at once, the others wait.

    Raises (from the constructor): the first child's start-up error (StoreError,
    ModelMismatchError, ...), after stopping the others.
    """

    def __init__(self, settings: Settings, n: int) -> None:
        self.settings, self.n = settings, n
        self._idle: queue.Queue[_Child | None] = queue.Queue()
        self._all: list[_Child] = []
        self._lock = threading.Lock()
        self._closed = False
        try:
            children = [_Child(settings, i) for i in range(n)]
            self._all = children
            for c in children:  # they load side by side
                c.ready(START_TIMEOUT_S)
        except BaseException:
            self.close()
            raise
        for c in children:
            self._idle.put(c)

    def run(self, user: str, method: str, *args: Any, **kwargs: Any) -> Any:
        """``getattr(Memory of user, method)(*args, **kwargs)`` in a model process (blocking)."""
        if method not in MODEL_METHODS:
            raise ValueError(f"not a model call: {method}")
        for attempt in (1, 2):
            child = self._idle.get()
            if child is None:
                self._idle.put(None)
                raise RuntimeError("the service is stopping")
            try:
                return child.call(user, method, args, kwargs)
            except (EOFError, OSError, BrokenPipeError):
                log.warning("a model process died; starting another")
                child = self._replace(child)
                if attempt == 2 or method not in READS:  # a write is not repeated: it may have committed
                    raise RuntimeError("the model process died during the call") from None
            finally:
                if child is not None:
                    self._idle.put(child)
        raise AssertionError("unreachable")

    def _replace(self, dead: _Child) -> _Child | None:
        with self._lock:
            if self._closed:
                return None
            dead.stop()
            new = _Child(self.settings, self._all.index(dead) if dead in self._all else len(self._all))
            self._all = [new if c is dead else c for c in self._all]
        try:
            new.ready(START_TIMEOUT_S)
        except Exception as exc:  # noqa: BLE001  (its next call fails again, and is replaced again)
            log.warning("a model process failed to start: %s", exc)
        return new

    def pids(self) -> list[int]:
        return [c.proc.pid for c in self._all if c.proc.pid is not None]

    def close(self) -> None:
        """Stop every child (a running call finishes first; waits at most ~20 s per child)."""
        with self._lock:
            self._closed = True
            children = list(self._all)
        self._idle.put(None)
        for c in children:
            c.stop()


def _dumps(exc: BaseException) -> bytes:
    from memcli.errors import MemcliError

    try:
        data = pickle.dumps(exc)
        if isinstance(exc, MemcliError) and isinstance(pickle.loads(data), MemcliError):
            return data
    except Exception:  # noqa: BLE001,S110  (an unpicklable error: sent as its message)
        pass
    first = str(exc).splitlines()[0] if str(exc) else ""
    return pickle.dumps(RuntimeError(f"{type(exc).__name__}: {first}"))


def _loads(data: Any) -> BaseException:
    try:
        exc = pickle.loads(data)  # noqa: S301  (from our own child over a private pipe)
        return exc if isinstance(exc, BaseException) else RuntimeError(str(exc))
    except Exception as err:  # noqa: BLE001
        return RuntimeError(f"model process error: {err}")


def _child_main(settings: Settings, conn: Any) -> None:  # pragma: no cover - runs in the child process
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent's Ctrl-C: the parent stops us
    with contextlib.suppress(OSError):
        os.nice(MODEL_NICE)
    from memcli.service.pool import UserMemories, process_embedder, warm

    try:
        embedder = process_embedder(settings)
        warm(settings, embedder)
    except BaseException as exc:  # noqa: BLE001
        conn.send((False, _dumps(exc)))
        return
    conn.send((True, None))
    memories = UserMemories(settings, embedder)  # one open Memory per user, least recently used closed first
    try:
        while True:
            try:
                msg = conn.recv()
            except (EOFError, OSError):
                return
            if msg is None:
                return
            user, method, args, kwargs = msg
            try:
                with memories.use(user) as mem:
                    out = getattr(mem, method)(*args, **kwargs)
                reply: tuple[bool, Any] = (True, out)
            except Exception as exc:  # noqa: BLE001
                reply = (False, _dumps(exc))
            try:
                conn.send(reply)
            except (pickle.PicklingError, TypeError, AttributeError) as exc:
                conn.send((False, _dumps(RuntimeError(f"unpicklable answer: {exc}"))))
    finally:
        with contextlib.suppress(Exception):
            memories.close()
