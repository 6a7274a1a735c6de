"""How :class:`memcli.Memory` meets ``context``'s wall-clock budget in a new process.

The read path (:mod:`memcli.read.context`: retrieval, answerability, rendering) takes ~0.3 s of imports on a
quiet machine and seconds on a loaded one. Loaded on the caller's thread, the first ``context`` of a process
paid that before its budget's clock started (a trial under load: 1.2-2.6 s for an "800 ms" call).
:class:`ReadPathLoader` loads it once on a thread of its own; a call waits for it no longer than its budget,
and when the budget runs out first the call answers on time with no block (``reason`` says the read path was
still loading) while the loading goes on for the next call. :meth:`memcli.Memory.warm` loads it ahead.

Round 44: a library user does not know to call ``warm()``. The first :class:`memcli.Memory` a library process
opens (``settings.read_threads``; the CLI, one command a process, turns :data:`memcli.memory_warm.WARM_ON_OPEN` off)
starts :func:`warm_up` on a daemon thread: the read path's modules and what its first call loads once
(:func:`memcli.read.context.prepare_process`), then the query encoder when it loads without torch. Round 45: first
what a first ``capture`` pays once, and one question per language asked of the store on a reader connection of
the Memory's context builder (never the caller's connection); it gives way to ``capture`` and ``context``
(:mod:`memcli.memory_warm`; measured in docs/benchmarks.md, round 45).

Round 46: a first call the read path is not loaded for answers meanwhile from the lexical leg alone
(:func:`first_context`, :mod:`memcli.read.first_block`) instead of with no block, and :func:`warm` (``Memory.warm``)
does what the warm-up does, the questions to the store included.
"""

from __future__ import annotations

import importlib
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from memcli.read.context_result import BUDGET_EXCEEDED, ContextInputs, ContextResult, messages_of
from memcli.text import lang_of

if TYPE_CHECKING:
    from memcli.read.context import MemoryContextBuilder

__all__ = ["ReadPathLoader", "first_context", "still_loading", "warm", "warm_up"]

#: the least time left (seconds) for which a first call, the read path loaded, starts the full call when the lexical
#: block is ready: a process's first full call pays once what it needs on the caller's thread too (OpenCC, the
#: small-talk patterns): round 46's first sitting saw one first call wait 990 ms for 800 before this rule
FULL_CALL_MIN_S = 0.3


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


def first_context(memory: Any, query: str, given: ContextInputs, started: float, limit: int, *, lexical: bool,
                  build: Callable[[MemoryContextBuilder], ContextResult]) -> ContextResult:
    """``context`` of ``memory`` before its read path is loaded (round 46): the read path goes on loading on its
    thread (:class:`ReadPathLoader`) while the lexical leg answers on another
    (:func:`memcli.read.first_block.lexical_block`, on a reader connection of its own, so that a late one never
    shares the caller's). The answer, by the deadline (``started`` + ``given.budget_ms``; ``time.monotonic()``):

    - the read path loaded in time: ``build(builder)``, the full call (the remaining budget), unless the budget cut
      it short with no block and the lexical block was ready by then, or the lexical block is ready and less than
      :data:`FULL_CALL_MIN_S` is left: that one;
    - else the lexical block, when ready by the deadline (``degraded`` says so);
    - else no block, on time (:func:`still_loading`).

    ``lexical`` False (an ``as_of``, ``legs`` without the lexical leg, ``min_score``, ``explain``: what the lexical
    block does not honour): only the read path is waited for, as before round 46. Errors of the lexical block
    leave the call as without it; the full call's are raised."""
    loader = memory._read_path()
    deadline = started + given.budget_ms / 1000.0
    box: dict[str, Any] = {}
    done = threading.Event()

    def lexical_answer() -> None:
        from memcli.read.first_block import lexical_block

        reader = None
        try:
            reader = memory.store.reader()
            box["block"] = lexical_block(reader, memory.user, query, given, memory.settings, limit, started)
        except Exception:  # noqa: BLE001, S110 - the call answers as without a lexical block
            pass
        finally:
            if reader is not None:
                reader.close()
            done.set()

    if lexical and loader.ready(started) is None:  # (not waiting: starts the loading when not under way)
        threading.Thread(target=lexical_answer, daemon=True, name="memcli-first-block").start()

    def on_time() -> ContextResult | None:  # the lexical block, when it was ready by the deadline
        block = box.get("block") if done.is_set() else None
        return block if block is not None and block.timings_ms["retrieval"] <= given.budget_ms else None

    builder = loader.ready(deadline)
    if builder is not None and deadline - time.monotonic() < FULL_CALL_MIN_S and on_time() is not None:
        builder = None  # too late for a first full call (its own first-call costs run on this thread): the block
    res = build(builder) if builder is not None else None
    if res is not None and (res.text or not res.cut_short):
        return res  # the full call's block, or its considered "nothing relevant"
    if (block := on_time()) is None:
        return res if res is not None else still_loading(given, query, started)
    block.elapsed_ms = round((time.monotonic() - started) * 1000, 2)
    return block


def _online_steps() -> tuple[Callable[[], Any], ...]:
    """What a process's first ``capture`` pays once, in short steps (a ``context`` made at once after opening
    meets one of them at most): its modules, its record models' validators (built on first use) and the patterns of
    its redaction."""
    import_module = importlib.import_module

    def validator(module: str, model: str) -> Callable[[], Any]:
        return lambda: getattr(import_module(module), model).model_rebuild(force=True)

    def redaction() -> None:
        from memcli.sensitive import redaction

        redaction("warm-up"), redaction("热身")  # (and the patterns it compiles outside the lazy ones)

    return (lambda: import_module("memcli.records"), lambda: import_module("memcli.write.capture"),
            validator("memcli.write.capture", "Utterance"), validator("memcli.models", "CaptureResult"),
            lambda: import_module("memcli.relazy").compile_for(None, "memcli.sensitive"), redaction)


def warm(memory: Any) -> dict[str, Any]:
    """:meth:`memcli.Memory.warm`: what the warm-up at open does (:func:`warm_up`), now and in full, on the caller's
    thread: what a first ``capture`` pays once, the read path (and what its first call pays once:
    :meth:`~memcli.read.context.MemoryContextBuilder.prepare`), the query encoder, then one question per language
    asked of ``memory``'s store (:meth:`~memcli.read.context.MemoryContextBuilder.rehearse`, never giving way: the
    caller asked for it). Returns seconds: ``{"online_s", "read_path_s", "encoder_s", "rehearse_s": float,
    "encoder": str, "rehearsed": bool}``.

    Raises:
        ModelMismatchError: the database was embedded with another model.
    """
    t0 = time.monotonic()
    for step in _online_steps():
        step()
    t1 = time.monotonic()
    builder = memory._read_path().ready(None)
    if builder is not None:
        builder.prepare()  # its reader, OpenCC, the lazy patterns
    t2 = time.monotonic()
    name, load = memory.encoder.choose(has_deadline=False)
    if load is not None:
        load()
    t3 = time.monotonic()
    rehearsed = builder is not None and builder.rehearse(memory.user)
    return {"online_s": round(t1 - t0, 3), "read_path_s": round(t2 - t1, 3), "encoder_s": round(t3 - t2, 3),
            "encoder": name, "rehearse_s": round(time.monotonic() - t3, 3), "rehearsed": rehearsed}


def _encoder(model: str) -> None:
    from memcli.embed import get_embedder, is_native, use_prepared
    from memcli.settings import DEFAULT_MODEL, canonical_model

    if is_native(model) and (canonical_model(model) != DEFAULT_MODEL or use_prepared.is_prepared()):
        get_embedder(model).embed_query("warm")  # the first query's one-time costs too


def _first_queries(memory: Callable[[], Any] | None) -> None:
    from memcli.memory_warm import between_steps, busy

    mem = None if memory is None else memory()
    if mem is None or getattr(mem, "_closed", False):
        return
    builder, user = mem._read_path().ready(None), mem.user  # the Memory's own builder (its calls share the loader)
    with mem._calls:  # the model check reads the Memory's connection: in its turn, as a call's
        mem.encoder.check()
    del mem
    for _ in range(3):  # given way to a call: again once no call is in flight
        between_steps()
        if builder is None or builder.rehearse(user, busy):
            return


def warm_up(model: str, memory: Callable[[], Any] | None = None) -> None:
    """Load, in the order the calls need them: what a first ``capture`` pays once (:func:`_online_steps`), the
    context builder's modules, the query encoder of ``model`` into this process's cache with one query encoded
    (when it loads without torch: the default USE once prepared by ``memcli warm``, e5), one question per language
    on the store of ``memory()`` (a weak reference to the Memory that opened; None or gone: skipped;
    :meth:`memcli.read.context.MemoryContextBuilder.rehearse`), then the rest of the read path
    (:func:`memcli.read.context.prepare_process`, every pattern of both languages). Errors are left to the call that
    needs the part: a warm-up that failed only makes that call pay for the loading, as before round 44.

    Each step starts only while no ``capture`` is in flight (:func:`memcli.memory_warm.between_steps`): a capture
    shares the interpreter with at most the step under way (round 44 measured a new process's first capture at
    100-160 ms alone, 250-360 ms beside the warm-up; round 45: docs/benchmarks.md)."""
    from memcli.memory_warm import between_steps

    def read_path() -> None:
        from memcli.read import context, retrieve  # noqa: F401 - what the first call's builder imports

    def rest() -> None:
        from memcli.read.context import prepare_process

        prepare_process(None)

    for step in (*_online_steps(), read_path, lambda: _encoder(model), lambda: _first_queries(memory), rest):
        between_steps()
        try:
            step()
        except Exception:  # noqa: BLE001 - the call that needs the part loads it and reports its error
            if step is read_path:
                return
