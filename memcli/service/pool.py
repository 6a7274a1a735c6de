"""What one service process holds: the users' open :class:`~memcli.memory.Memory` objects, the
operator's :class:`~memcli.admin.Admin`, and the next-request drain.

- **One model per process.** The embedding model is loaded once (through ``Admin.embedder``,
  which checks it against the database) and shared by every user's ``Memory``
  (:class:`SharedEmbedder` serialises its calls).
- **Connections.** Each user served gets a ``Memory`` of its own — on SQLite one WAL
  connection, so readers of different users run side by side and writers queue on SQLite's
  one write lock (``busy_timeout``); on PostgreSQL one connection each. At most
  ``settings.server_open_users`` stay open, the least recently used closed first. A ``Memory``
  is used by one request thread at a time (its lock), as the store contract asks.
- **The next-request drain** (:class:`Drainer`): after a capture, the user's outbox is drained
  in the background (:class:`DrainProcess`: a child process at nice +10; or a thread), so that
  the user's requests never wait for extraction; at most :data:`SERVER_DRAIN_BATCH` tasks per
  write transaction, so that the drain never holds SQLite's one write lock for long. Never
  twice at once for one user: one job per user is queued or running in the process, a capture
  that comes during its run asks for one more pass, and
  :func:`memcli.write.trigger.background_lock` keeps other processes on this machine out;
  across machines the atomic claim with a lease keeps every task extracted once.
"""

from __future__ import annotations

import collections
import contextlib
import logging
import queue
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from memcli.admin import Admin
from memcli.embed.base import Embedder
from memcli.memory import Memory
from memcli.settings import Settings

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Drainer", "SharedEmbedder", "UserMemories", "process_embedder", "warm"]

log = logging.getLogger("memcli.service")


class SharedEmbedder(Embedder):
    """One loaded embedding model shared by every thread of the process, one call at a time."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner
        self.name, self.dim = inner.name, inner.dim
        self._lock = threading.Lock()

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        with self._lock:
            return self.inner.embed_batch(texts)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        with self._lock:
            return self.inner.embed_queries(texts)


class _Slot:
    __slots__ = ("memory", "lock", "users")

    def __init__(self, memory: Memory) -> None:
        self.memory, self.lock, self.users = memory, threading.Lock(), 0


class UserMemories:
    """Open ``Memory`` objects by user, at most ``settings.server_open_users`` (LRU).

    Args:
        settings: the service's settings (``user`` is replaced per user).
        embedder: the shared model (:class:`SharedEmbedder`).
    """

    def __init__(self, settings: Settings, embedder: Embedder) -> None:
        self.settings, self.embedder = settings, embedder
        self._slots: collections.OrderedDict[str, _Slot] = collections.OrderedDict()
        self._lock = threading.Lock()

    def open(self, user: str) -> Memory:
        """A new ``Memory`` for ``user`` on the service's database and model."""
        return Memory(settings=self.settings.model_copy(update={"user": user}), embedder=self.embedder)

    @contextlib.contextmanager
    def use(self, user: str) -> Iterator[Memory]:
        """Hold ``user``'s ``Memory`` for one request (waits while another request of that user runs)."""
        with self._lock:
            slot = self._slots.get(user)
            if slot is not None:
                self._slots.move_to_end(user)
                slot.users += 1
        if slot is None:
            new = _Slot(self.open(user))  # outside the map lock: opening a store takes milliseconds
            with self._lock:
                slot = self._slots.setdefault(user, new)
                slot.users += 1
            if slot is not new:
                new.memory.close()
            self._evict()
        try:
            with slot.lock:
                yield slot.memory
        finally:
            with self._lock:
                slot.users -= 1
            self._evict()

    def _evict(self) -> None:
        closing: list[Memory] = []
        with self._lock:
            while len(self._slots) > self.settings.server_open_users:
                idle = next((u for u, s in self._slots.items() if s.users == 0), None)
                if idle is None:
                    break
                closing.append(self._slots.pop(idle).memory)
        for m in closing:
            m.close()

    def close(self) -> None:
        with self._lock:
            slots, self._slots = list(self._slots.values()), collections.OrderedDict()
        for s in slots:
            with s.lock:
                s.memory.close()


class Drainer:
    """The next-request drain: one background thread that drains the users who just captured,
    one user at a time, through ``run(user) -> int`` (tasks done).

    Args:
        run: drains one user's outbox (:func:`drain_in_thread` or a :class:`DrainProcess`).
        on_done: called with the number of tasks each run finished (metrics).
    """

    def __init__(self, run: Callable[[str], int], on_done: Callable[[int], None] | None = None) -> None:
        self.run, self.on_done = run, on_done
        self._queue: queue.Queue[str | None] = queue.Queue()
        self._state: dict[str, str] = {}  # user -> "queued" | "running" | "again"
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._thread = threading.Thread(target=self._loop, name="memcli-next-request-drain", daemon=True)
        self._thread.start()

    def request(self, user: str) -> None:
        """Ask for a drain of ``user``'s outbox soon; returns at once."""
        with self._lock:
            state = self._state.get(user)
            if state is None:
                self._state[user] = "queued"
                self._queue.put(user)
            elif state == "running":
                self._state[user] = "again"

    def wait_idle(self, timeout_s: float | None = None) -> bool:
        """Block until no drain is queued or running (tests, shutdown); False on timeout."""
        with self._idle:
            return self._idle.wait_for(lambda: not self._state, timeout=timeout_s)

    def _loop(self) -> None:
        while (user := self._queue.get()) is not None:
            with self._lock:
                self._state[user] = "running"
            while True:
                try:
                    done = self.run(user)
                    if self.on_done is not None:
                        self.on_done(done)
                except Exception as exc:  # the request that asked for it is long answered: log, go on
                    log.warning("next-request drain of a user failed: %s: %s", type(exc).__name__, exc)
                with self._lock:
                    if self._state.get(user) == "again":
                        self._state[user] = "running"
                        continue
                    del self._state[user]
                    self._idle.notify_all()
                break

    def close(self) -> None:
        """Stop after the drain that is running (queued ones are dropped: cron drains them)."""
        with self._lock:
            self._state = {u: s for u, s in self._state.items() if s != "queued"}
            while not self._queue.empty():
                with contextlib.suppress(queue.Empty):
                    self._queue.get_nowait()
            self._idle.notify_all()
        self._queue.put(None)
        self._thread.join(timeout=60)


def drain_in_thread(memories: UserMemories) -> Callable[[str], int]:
    """``run(user)`` draining on this process's thread, with the shared model."""

    def run(user: str) -> int:
        return _drain_user(Memory(settings=drain_settings(memories.settings, user), embedder=memories.embedder))

    return run


#: tasks per write transaction of the next-request drain (``memcli drain``: ``drain_batch_size``, 32)
SERVER_DRAIN_BATCH = 4


def drain_settings(settings: Settings, user: str) -> Settings:
    """The next-request drain's settings for ``user``: at most :data:`SERVER_DRAIN_BATCH` tasks per
    batch. A batch's decisions run inside one write transaction, and SQLite has one write lock:
    a batch of 32 held it for 32 tasks' decisions (~0.1-0.2 s of CPU, many times that at the
    drain's low priority on a busy machine) while every capture of every user waited for it."""
    return settings.model_copy(update={"user": user,
                                       "drain_batch_size": min(settings.drain_batch_size, SERVER_DRAIN_BATCH)})


def _drain_user(mem: Memory, stop: threading.Event | None = None) -> int:
    from memcli.write.trigger import background_lock

    try:
        with background_lock(mem.settings) as free:  # another process of this machine drains the user: skip
            return mem.drain(stop=stop).done if free else 0
    finally:
        mem.close()


class DrainProcess:
    """``run(user)`` in a child process of lower CPU priority (``nice`` +10) that keeps its own
    copy of the model: extraction never competes with the requests for this process's GIL, and
    the operating system serves the requests first. A child that dies is started again.

    Raises (from ``run``): StoreError etc. as one-line messages of the child.
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self._proc: Any = None
        self._conn: Any = None
        self._lock = threading.Lock()
        self._closed = False  # set by close(): no child started again, a drain cut short is no error
        self._start()

    def _start(self) -> None:
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe()
        self._proc = ctx.Process(target=_child_main, args=(self.settings, child), name="memcli-drain", daemon=True)
        self._proc.start()
        child.close()
        self._conn = parent

    def __call__(self, user: str) -> int:
        with self._lock:
            if self._closed:  # shutting down: the user's tasks stay queued for the next drain
                return 0
            if self._proc is None or not self._proc.is_alive():
                self._start()
            try:
                self._conn.send(user)
                ok, value = self._conn.recv()
            except (EOFError, OSError, BrokenPipeError):
                self._proc = None  # started again on the next call
                if self._closed:  # stopped by close(): its claimed tasks come back after their lease
                    return 0
                raise RuntimeError("the drain process died") from None
        if not ok:
            raise RuntimeError(value)
        return int(value)

    def close(self) -> None:
        """Stop the child: SIGTERM makes a running drain finish the task it is writing and give
        the other claimed tasks back (as ``memcli drain`` does); killed after 30 s. No child is
        started after it (a queued user's drain returns 0: its tasks wait for the next drain)."""
        self._closed = True
        proc = self._proc
        if proc is not None and proc.is_alive():
            with contextlib.suppress(OSError, BrokenPipeError):
                self._conn.send(None)
            proc.terminate()
            proc.join(timeout=30)
            if proc.is_alive():
                proc.kill()
                proc.join(timeout=5)
        self._proc = None


def _child_main(settings: Settings, conn: Any) -> None:  # pragma: no cover - runs in the child process
    import os
    import signal

    stop = threading.Event()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent's Ctrl-C: the parent stops us
    with contextlib.suppress(OSError):
        os.nice(10)
    embedder: Embedder | None = None
    try:  # load and warm now, at low priority, not on the first capture (jieba's dictionaries: seconds)
        embedder = process_embedder(settings)  # SIGTERM meanwhile ends us at once: nothing of ours to finish
        warm(settings, embedder)  # (a stop that waited for it held `memcli serve`'s exit ~20 s on a busy machine)
    except Exception as exc:  # noqa: BLE001  (loaded again below; its error is then the drain's answer)
        log.warning("the drain process could not warm up: %s: %s", type(exc).__name__, exc)
    signal.signal(signal.SIGTERM, lambda *_: stop.set())  # from now: finish the task being written, then stop
    while not stop.is_set():
        try:
            user = conn.recv()
        except (EOFError, OSError):
            return
        if user is None:
            return
        try:
            if embedder is None:
                embedder = process_embedder(settings)
            done = _drain_user(Memory(settings=drain_settings(settings, user), embedder=embedder), stop)
            conn.send((True, done))
        except Exception as exc:
            with contextlib.suppress(OSError, BrokenPipeError):
                conn.send((False, f"{type(exc).__name__}: {exc}"))


def process_embedder(settings: Settings) -> Embedder:
    """The database's model for a child process that owns its numpy (a model or drain process):
    loaded and checked against the database (raises ModelMismatchError/ModelUnavailableError),
    BLAS limited once for the process rather than around each call."""
    with Admin(settings=settings) as adm:
        embedder = adm.embedder
    if hasattr(embedder, "pin_threads"):
        embedder.pin_threads()
    return embedder


def warm(settings: Settings, embedder: Any) -> None:
    """Run every path once on a private in-memory store, so that the first requests do not pay
    for imports and lookup tables (jieba's dictionary alone takes seconds to load). Offline
    backends only: warming never calls a configured LLM endpoint."""
    offline_judge = settings.judge == "fitted" or (settings.judge == "auto" and not settings.llm_base_url)
    with Memory(":memory:", "warm", settings=settings, embedder=embedder, extractor="rules",
                judge=settings.judge if offline_judge else "offline") as m:
        m.capture("我喜欢喝咖啡")
        m.drain()
        m.remember("I take my coffee without sugar")
        m.context("coffee?")
        m.context("我喝咖啡加糖吗？")
    from memcli.read.context import prepare_process

    prepare_process(None)  # round 44: every lazy pattern of the read path, both languages (no first-request miss)


def load_shared_embedder(admin: Admin) -> SharedEmbedder:
    """The database's model, loaded once and checked (raises ModelMismatchError/ModelUnavailableError)."""
    return SharedEmbedder(admin.embedder)
