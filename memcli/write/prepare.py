"""A claimed batch made ready to write: its extraction, its episode plan and its vectors — the
drain's work that reads nothing the drain writes, so it can run ahead of the writes.

:func:`prepare` extracts every task of a claimed batch (the extractor sees the utterance and its
preceding turns, read from the captured sources beforehand: :func:`with_context`), decides which
user turns are embedded as would-be episodes (:func:`episode_plan`) and embeds the candidates'
statements and those turns in one call (:func:`embed_texts`). It writes nothing and reads no
memory, event or episode of the store: the captured turns the context comes from do not change
during a drain. A batch's preparation therefore gives the same result whether it runs before or
while the batch before it is written.

**Look-ahead** (:class:`Ahead`): with a local extractor (rules, fitted: ``extractor.local``) and
``drain_ahead`` on, once a drain has claimed a full batch it prepares that batch itself, forks ONE
process (the same extractor, model and memo, already loaded), and from then on keeps batches k + 1
and k + 2 claimed before writing batch k and sent to that process, which prepares them while this one
decides and writes batch k (two ahead: a batch slow to extract does not leave the writer waiting):
the two share the machine's two cores without sharing a GIL (a thread did not: its rules are Python,
and the writer's SQLite and numpy calls gave the GIL to it at every statement).
The process prepares the batches one after another, in claim order, so the embedder's memo
(:class:`memcli.embed.memo.MemoEmbedder`) sees the same texts in the same order as in one process,
and every vector is the same float for float; at the end the memo comes back
(:meth:`~memcli.embed.memo.MemoEmbedder.adopt`), as one process would have left it. The process
writes nothing: a SIGKILLed drain leaves the batches claimed ahead leased (reclaimed like any other
when their lease expires) and the process ends within a second when it sees its parent gone; an
interrupted drain releases those batches unwritten. What the process computed of a batch's texts for
the writer comes back with it (:mod:`memcli.write.precompute`, :mod:`memcli.primed`), unless the writer was already
waiting for that batch: then the process sends it at once and the writer reads the rest itself (round 36: a drain's
first batches, the store small and the process's caches cold, left the writer waiting ~1.6 s of a 10k drain).
On a SQLite file the process reads each batch's context (the turns before each utterance) on a connection of its
own, not the writer (round 47: :func:`reads_ahead`). Each batch goes back through a pipe written by the process's own
thread, its buffer enlarged for the batches
ahead (:func:`_pipe`): a prepared batch reaches the writer without waiting for a feeder thread's turn.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from memcli.write.described_reply import opens_with_description
from memcli.write.episodes import embed_text
from memcli.write.extract import Utterance
from memcli.write.reply_to import is_short_reply

if TYPE_CHECKING:
    from memcli.write import outbox

#: the drain's worker (:class:`memcli.write.worker.MemoryCaptureWorker`, which imports this module):
#: its ``settings``, ``store``, ``extraction``, ``embedder`` and ``chatter`` are read here
MemoryCaptureWorker = Any

__all__ = ["Ahead", "Prepared", "embed_texts", "episode_plan", "failure_text", "prepare", "reads_ahead",
           "utterances", "with_context"]


@dataclass
class Prepared:
    """A batch's extraction (per task: candidates or the exception), episode plan (per task: is
    chatter, embed as a would-be episode, its candidates leave much of it uncovered), the vectors
    of the candidates' statements then of the would-be episodes (None: nothing to embed), the
    extraction's failures not yet recorded, and the seconds spent extracting and embedding.
    ``complete`` False: a stop came during extraction (nothing of the batch is written). ``primed``: what
    the look-ahead process computed of the batch's texts for the writer (:mod:`memcli.write.precompute`)).
    ``ready``: the positions of the tasks whose candidates the look-ahead put as the decision reads them
    (:func:`memcli.write.precompute.ready`: enriched, dated)."""

    extracted: list[Any]
    episodes: list[tuple[bool, bool, bool]] = field(default_factory=list)
    vectors: Any = None
    failed: list[tuple[outbox.Task, Exception]] = field(default_factory=list)
    extract_s: float = 0.0
    embed_s: float = 0.0
    complete: bool = True
    primed: dict = field(default_factory=dict)
    ready: set[int] = field(default_factory=set)


def with_context(worker: MemoryCaptureWorker, utt: Utterance) -> Utterance:
    """``utt`` with the user's preceding turns of its session (``context_turns`` within
    ``context_session_window_s``; without a session, ``context_window_s``) when the extractor
    wants them, and, for a short reply (:func:`memcli.write.reply_to.is_short_reply`) or one that opens with a
    description (:func:`memcli.write.described_reply.opens_with_description`, round 45), the assistant's
    turn just before it (:attr:`~memcli.write.extract.Utterance.asked`: one row, of either role, read);
    reads of the captured sources, outside any write."""
    st = worker.settings
    since = utt.occurred_at - timedelta(seconds=st.context_window_s)
    session_since = utt.occurred_at - timedelta(seconds=st.context_session_window_s)
    if utt.role == "user" and st.context_turns > 0 and (is_short_reply(utt.text) or opens_with_description(utt.text)):
        # "Lisbon, since March."; round 45: "It's a chart of …" after "What does it show?"
        last = worker.store.preceding_utterances(utt.user, utt.source_id, since=since, session_since=session_since,
                                                 limit=1, roles=("user", "assistant"))
        if last and last[0]["role"] == "assistant":  # the turn just before is the assistant's: its question
            utt = replace(utt, asked=last[0]["content"], asked_id=last[0]["id"])
    if st.context_turns <= 0 or not worker.extraction.extractor.wants_context(utt):
        return utt
    rows = worker.store.preceding_utterances(utt.user, utt.source_id, since=since, session_since=session_since,
                                             limit=st.context_turns)
    return replace(utt, context=tuple(r["content"] for r in rows), context_ids=tuple(r["id"] for r in rows)) \
        if rows else utt


def utterances(worker: MemoryCaptureWorker, tasks: list[outbox.Task]) -> list[Utterance]:
    """The tasks' utterances, with their context (reads: on the thread that owns the store)."""
    return [with_context(worker, Utterance(source_id=k.source_id, user=k.user, role=k.role, text=k.content,
                                           occurred_at=k.occurred_at)) for k in tasks]


def prepare(worker: MemoryCaptureWorker, tasks: list[outbox.Task], utts: list[Utterance],
            stop: threading.Event | None = None,
            on_fail: Callable[[outbox.Task, Exception], None] | None = None) -> Prepared:
    """Extract, plan and embed one claimed batch; writes nothing. ``on_fail``: called with a task
    whose extraction failed as soon as its extractor call returns (None: the failures are kept in
    :attr:`Prepared.failed`, for the caller to record). ``stop``: checked before each extractor call."""
    t = time.perf_counter()
    # one extractor call's worth at a time (an LLM call can take seconds; with a stop event, one
    # utterance at a time unless the extractor is local, so a signal is seen between them)
    ext = worker.extraction.extractor  # a local extractor (rules, fitted) does a batch in well under a second
    slow = stop is not None and not getattr(ext, "local", False)
    step = 1 if slow else max(1, int(getattr(ext, "batch", 0) or 0) or len(utts))
    out = Prepared(extracted=[])
    for start in range(0, len(utts), step):
        if stop is not None and stop.is_set():
            out.extract_s, out.complete = time.perf_counter() - t, False
            return out
        part = worker.extraction.extract_batch(utts[start:start + step])
        for task, got in zip(tasks[start:start + step], part, strict=True):
            if isinstance(got, Exception):
                on_fail(task, got) if on_fail is not None else out.failed.append((task, got))
        out.extracted += part
    out.extract_s = time.perf_counter() - t

    statements = [c.statement for got in out.extracted if not isinstance(got, Exception) for c in got]
    out.episodes = episode_plan(worker, tasks, out.extracted)
    ep_texts = [embed_text(k.content) for k, (_, wants, _) in zip(tasks, out.episodes, strict=True) if wants]
    t = time.perf_counter()  # one embed call: the candidates' statements, then the would-be episodes
    texts = statements + ep_texts
    out.vectors = embed_texts(worker, texts) if texts else None
    out.embed_s = time.perf_counter() - t
    return out


def embed_texts(worker: MemoryCaptureWorker, texts: list[str]):  # noqa: ANN201
    """Vectors of ``texts`` (n, dim) in one model call; a text the extractor already embedded
    in this batch (a fitted clause unit kept as said: ``extractor.vectors``) is not embedded again."""
    import numpy as np

    have = getattr(worker.extraction.extractor, "vectors", None) or {}
    todo = [x for x in dict.fromkeys(texts) if x not in have]
    got = dict(zip(todo, worker.embedder.embed(todo, batch_size=worker.settings.embed_batch_size), strict=True)) \
        if todo else {}
    return np.vstack([have[x] if x in have else got[x] for x in texts])


def episode_plan(worker: MemoryCaptureWorker, tasks: list[outbox.Task],
                 extracted: list) -> list[tuple[bool, bool, bool]]:
    """Per task: (is chatter, embed it as a would-be episode, its candidates leave much of it
    uncovered). Only user turns count; a turn with candidates is linked to a memory by its
    decisions, so it is embedded only when its candidates do not carry most of what it says
    (:func:`~memcli.write.chatter.uncovered`); the writer decides for good, after the decisions."""
    from memcli.slots import slot_attribute
    from memcli.write.chatter import uncovered

    plan = []
    for task, out in zip(tasks, extracted, strict=True):
        if task.role != "user" or isinstance(out, Exception):
            plan.append((False, False, False))
            continue
        chatter = bool(worker.chatter(task.content))
        rest = bool(out) and not chatter and uncovered(task.content, [c.statement for c in out],
                                                       [slot_attribute(c.slot) is not None for c in out])
        plan.append((chatter, not chatter and (not out or rest), rest))
    return plan


class _Failure(Exception):
    """An extraction failure that could not cross the process boundary as itself: its type's name and message."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind

    def __reduce__(self) -> tuple:
        return _Failure, (self.kind, str(self))


def _portable(exc: Exception) -> Exception:
    import pickle

    try:
        pickle.loads(pickle.dumps(exc))  # both ways: an exception whose __init__ takes other arguments
        return exc                       # pickles, and fails to load
    except Exception:  # noqa: BLE001 - e.g. an exception holding a lock or a connection
        return _Failure(type(exc).__name__, str(exc))


def failure_text(exc: BaseException) -> str:
    """``"Type: message"`` of an extraction failure, the same whichever process extracted it."""
    return f"{exc.kind if isinstance(exc, _Failure) else type(exc).__name__}: {exc}"


def reads_ahead(store: Any) -> bool:
    """Whether the look-ahead process can read a batch's context itself (:func:`with_context`, round 47) on a
    connection of its own (``store.reader()``): a SQLite database in a file, which another process opens and
    reads while this one writes (WAL). Not an in-memory database (the fork holds a copy, blind to later captures)
    nor PostgreSQL (a forked process would need its own pool): their batches' context is read by the writer."""
    return getattr(store, "dialect", None) == "sqlite" and getattr(store, "is_memory", True) is False


class _Reads:
    """The worker as :func:`with_context` reads it (``settings``, ``extraction``, ``store``), its store a
    connection opened by the look-ahead process itself (``worker.store.reader()``): the forked copy of the writer's
    connection is never used, nor closed, in that process (SQLite: a connection does not cross a fork). The
    captured turns a context is read from are committed before their task is claimed, so this connection reads
    what the writer's would."""

    def __init__(self, worker: MemoryCaptureWorker) -> None:
        self.settings, self.extraction = worker.settings, worker.extraction
        self.store = worker.store.reader()


def _child(worker: MemoryCaptureWorker, requests: Any, results: Any, parent: int, waiting: Any = None,
           theirs: Any = None, ours: Any = None) -> None:
    """The look-ahead process: prepare each batch sent, in order, until told to stop (then send the
    embedder's memo back) or until the parent is gone (a SIGKILLed drain: exit, nothing written); with
    each batch, what it computed for the writer (:mod:`memcli.write.precompute`), unless ``waiting`` (a shared
    integer, non-zero while the writer waits for a batch) says the writer wants the batch now. ``requests``: the
    reading end of the writer's pipe of batches (:func:`_pipe`); ``results``: the sending end of a pipe (:func:`_pipe`),
    written by this thread; ``theirs``: its reading end, the writer's, and ``ours``: the sending end of ``requests``
    (both closed here: with the writer gone, a send fails and a read ends instead of waiting for ever)."""
    import os
    import signal

    from memcli import primed
    from memcli.write.precompute import forget, texts

    for end in (theirs, ours):
        if end is not None:
            end.close()
    primed.recording(True)  # what this process computes of the texts goes back with each batch
    forget()
    keep = getattr(worker.embedder, "keep_token_rows", None)
    if keep is not None:  # (round 32) this process embeds every batch's texts: each token's first layer once
        keep()
    pin = getattr(worker.embedder, "pin_threads", None)
    if pin is not None:  # (round 43) this process is the drain's own: BLAS limited once, not around each model call
        pin()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle; it ends this process
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    reads: _Reads | None = None  # opened at the first batch sent without its context
    while True:
        try:
            if not requests.poll(0.5):
                if os.getppid() != parent:
                    return
                continue
            job = requests.recv()
        except (EOFError, OSError):  # the writer's end closed: it is gone
            return
        if job is None:
            memo = getattr(worker.embedder, "state", None)
            _send(results, ("memo", memo() if memo is not None else None))
            return
        tasks, utts = job
        try:
            if utts is None:  # (round 47) the batch's context is read here, on this process's own connection
                if reads is None:
                    reads = _Reads(worker)
                utts = utterances(reads, tasks)  # type: ignore[arg-type]
            got = prepare(worker, tasks, utts)
            if got.complete:
                got.ready = texts(tasks, got.extracted, got.episodes,
                                  None if waiting is None else lambda: bool(waiting.value))
            got.primed = primed.take()
            got.extracted = [_portable(x) if isinstance(x, Exception) else x for x in got.extracted]
            got.failed = [(k, _portable(x)) for k, x in got.failed]
            msg: tuple = ("ok", got)
        except Exception as exc:  # noqa: BLE001 - raised in the parent when it asks for this batch
            msg = ("error", _portable(exc))
        if not _send(results, msg):
            return


#: bytes asked of the kernel for the pipe the look-ahead sends its batches through: a prepared batch of 32 turns is
#: ~0.1 MB (its vectors, candidates and readings), so the two batches ahead fit and a send never waits for the writer
PIPE_BYTES = 1 << 20


def _pipe(ctx: Any) -> tuple[Any, Any]:
    """A one-way pipe (reading end, sending end) for the look-ahead's batches (round 36). The look-ahead's own
    thread pickles and writes each batch: a ``multiprocessing.Queue`` left that to a feeder thread, which waited for
    the look-ahead's busy interpreter lock (~5 ms each time) before it pickled a batch and again after each 64 KiB
    the pipe held, so the writer waited ~5 ms for a batch long prepared. The buffer is enlarged where the system
    allows (Linux: ``F_SETPIPE_SZ``, up to ``/proc/sys/fs/pipe-max-size``); elsewhere a batch larger than the buffer
    waits in the look-ahead until the writer takes it (then it runs one batch ahead, not two). The claimed batches
    go the other way through one too (round 39), written by the writer's thread: the queue's feeder thread there
    woke at each batch and took the writer's interpreter lock to pickle it."""
    theirs, ours = ctx.Pipe(duplex=False)
    try:
        import fcntl

        fcntl.fcntl(ours.fileno(), getattr(fcntl, "F_SETPIPE_SZ", 1031), PIPE_BYTES)
    except (ImportError, OSError):  # not Linux, or a lower system limit: the default buffer
        pass
    return theirs, ours


def _send(results: Any, msg: tuple) -> bool:
    """Send ``msg`` to the writer; False: the writer is gone (its end closed)."""
    try:
        results.send(msg)
    except ConnectionError:  # BrokenPipeError: the writer's end is closed
        return False
    return True


class Ahead:
    """The look-ahead's process (forked: the same extractor, model and memo, loaded once):
    :meth:`submit` sends a claimed batch (its context read by the process on its own connection, or
    read here first: :func:`reads_ahead`); the process prepares the batches one after another in the
    order sent; :meth:`result` takes the oldest one's :class:`Prepared` (in the order submitted).
    :meth:`close` stops it and takes the embedder's memo back, as the drain left it (the next drain's
    vectors are those of a drain done in one process)."""

    def __init__(self, worker: MemoryCaptureWorker) -> None:
        import multiprocessing
        import os

        self.worker = worker
        self.reads = reads_ahead(worker.store)  # the process reads the batches' context itself (round 47)
        worker.embedder  # noqa: B018 - loaded before the fork, once, not by the look-ahead process
        ctx = multiprocessing.get_context("fork")
        asked, self.requests = _pipe(ctx)  # sent by this thread (round 39): no feeder thread here, no pickling in it
        self.results, sending = _pipe(ctx)
        self.waiting = 0
        self.wants = ctx.RawValue("b", 0)  # 1 while this process waits for a batch (the look-ahead then sends it)
        self.proc = ctx.Process(target=_child, args=(worker, asked, sending, os.getpid(), self.wants,
                                                     self.results, self.requests), name="memcli-drain-ahead",
                                daemon=True)
        try:
            self.proc.start()
        except BaseException:  # no process (OSError: memory, a limit): the drain goes on alone, no pipe left open
            self.results.close()
            self.requests.close()
            raise
        finally:
            sending.close()  # the look-ahead's ends: with them gone, a read here ends instead of waiting
            asked.close()

    def submit(self, tasks: list[outbox.Task]) -> Ahead:
        """Send ``tasks`` to the process: with their utterances read here, or (:func:`reads_ahead`) without, the
        process reading their context on its own connection (round 47: ~1.4 ms of the writer's CPU a batch)."""
        try:
            self.requests.send((tasks, None if self.reads else utterances(self.worker, tasks)))
        except OSError:  # the look-ahead is gone (its end closed): :meth:`result` says so for this batch
            pass
        self.waiting += 1
        return self

    def result(self) -> Prepared:
        """The oldest submitted batch's preparation (raises what raised preparing it)."""
        kind, got = self._get()
        self.waiting -= 1
        if kind == "error":
            raise got
        from memcli.primed import prime

        prime(got.primed)
        got.primed = {}
        return got

    def _get(self) -> tuple[str, Any]:
        if self.results.poll():
            return self._recv()
        self.wants.value = 1  # not ready: the look-ahead is told, and leaves the readings not yet computed to us
        try:
            while not self.results.poll(1.0):
                if not self.proc.is_alive():
                    raise self._ended()
            return self._recv()
        finally:
            self.wants.value = 0

    def _recv(self) -> tuple[str, Any]:
        try:
            return self.results.recv()
        except (EOFError, OSError):  # the look-ahead ended (its end closed) mid-batch or before sending one
            self.proc.join(1.0)
            raise self._ended() from None

    def _ended(self) -> Exception:
        from memcli.errors import StoreError

        return StoreError(f"the drain's look-ahead process ended (exit {self.proc.exitcode})")

    def close(self, *, memo: bool = True) -> None:
        """Stop the process. ``memo``: take the embedder's memo back first (a drain that ended
        normally); else (an error, a signal) end it at once."""
        try:
            if memo and self.proc.is_alive():
                try:
                    self.requests.send(None)
                except OSError:  # gone meanwhile: the read below says so
                    pass
                while self.waiting > 0:  # batches prepared but never written (an interrupted drain)
                    self._get()
                    self.waiting -= 1
                kind, state = self._get()
                adopt = getattr(self.worker.embedder, "adopt", None)
                if kind == "memo" and state is not None and adopt is not None:
                    adopt(state)
        finally:
            if self.proc.is_alive():
                self.proc.terminate()
            self.proc.join()
            self.requests.close()
            self.results.close()
