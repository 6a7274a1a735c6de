"""``Memory``: the Python API (the seed's MemoryService). The CLI is a thin skin over it.

One ``Memory`` is bound to one database and one user at construction; no method takes a
user argument, so code holding a ``Memory`` cannot read or change another user's data.
Work across users (the worker for everyone, re-embedding, global counts) is
:class:`memcli.admin.Admin`'s.

``Memory`` is a facade: it holds ONE store and builds its components once, on first use —
:class:`~memcli.read.retrieve.MemoryRetrievalService` with the query encoder,
:class:`~memcli.read.context.MemoryContextBuilder` (with a reader connection it reuses) and
:class:`~memcli.write.worker.MemoryCaptureWorker` — and hands each call to one of them or
to :mod:`memcli.governance.lifecycle`. Heavy dependencies load lazily: ``capture`` never
imports numpy, torch or the embedding model.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from datetime import datetime
from importlib import import_module
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from memcli.db.store import FORGOTTEN
from memcli.engine import Engine, backend_overrides, one_call_at_a_time, resolve_settings
from memcli.errors import BadInputError
from memcli.memory_episodes import EpisodesAPI
from memcli.memory_transfer import TransferAPI
from memcli.memory_warm import on_open, online
from memcli.refs import memory_ref, parse_ref, positive_id
from memcli.settings import Settings
from memcli.text import check_query, check_text, not_text, whole_number
from memcli.timeutil import parse_at

if TYPE_CHECKING:  # the write path, governance and the record models load where used (a cold `context`: none)
    from memcli.embed import Embedder
    from memcli.memory_read import ReadPathLoader
    from memcli.models import CaptureResult, DecisionResult, Event, Kind, MemoryItem, Origin
    from memcli.read.context import ContextResult, MemoryContextBuilder
    from memcli.read.encoder import QueryEncoder
    from memcli.read.results import Hits
    from memcli.read.retrieve import MemoryRetrievalService
    from memcli.records import MemoryRecord, parse_jsonl
    from memcli.write.extract import Extractor
    from memcli.write.judge import Judge
    from memcli.write.outbox import OutboxStatus
    from memcli.write.worker import DrainSummary

__all__ = ["Memory", "MemoryRecord", "FORGOTTEN", "parse_jsonl"]


def __getattr__(name: str) -> object:  # MemoryRecord, parse_jsonl: re-exported, loaded on first use (PEP 562)
    if name in ("MemoryRecord", "parse_jsonl"):
        return getattr(import_module("memcli.records"), name)
    raise AttributeError(f"module 'memcli.memory' has no attribute {name!r}")


Progress = Callable[[int], None]


@one_call_at_a_time
class Memory(EpisodesAPI, TransferAPI, Engine):
    """Long-term memory of one user in one database.

    Args:
        db: database path (default: ``MEMCLI_DB``, config, platform data dir); ``":memory:"``
            opens a private in-memory database (tests).
        user: the user every call is bound to (default: ``MEMCLI_USER``, config, "default").
        settings: a ready :class:`Settings`; ``db``/``user`` and other keyword overrides apply on top.
        embedder: an embedding model to use instead of the configured one (it is also the query encoder).
        extractor, judge: write-path backends to use instead of the configured ones (objects),
            or their names (``"llm"``, ``"offline"``): then a settings override.

    Threads may share one ``Memory`` (``asyncio.to_thread``, a pool): its calls take turns on its one
    connection, so a long ``drain`` on it holds the others up (and ``context``'s budget starts when its
    turn comes) — drain on a ``Memory`` of its own, ``Memory(settings=mem.settings)``, as the agent loop does.

    Raises:
        ConfigError, StoreError: bad settings; database cannot be opened.
    """

    def __init__(self, db: str | None = None, user: str | None = None, *, settings: Settings | None = None,
                 embedder: Embedder | None = None, extractor: Extractor | str | None = None,
                 judge: Judge | str | None = None, **overrides: Any) -> None:
        extractor, judge = backend_overrides(extractor, judge, overrides)
        super().__init__(resolve_settings(settings, db=db, user=user, **overrides), embedder=embedder,
                         extractor=extractor, judge=judge)
        self.user = self.settings.user
        self._injected_embedder = embedder
        self._encoder: QueryEncoder | None = None
        self._retrieval: MemoryRetrievalService | None = None
        self._context: MemoryContextBuilder | None = None
        self._read_loader: ReadPathLoader | None = None
        if self.settings.read_threads and str(self.settings.db) != ":memory:":  # a library's first context answers
            on_open(self)

    def close(self) -> None:
        """Close the database connections; the object is unusable afterwards (also on ``with`` exit)."""
        if self._context is not None:
            self._context.close()
        super().close()

    def __enter__(self) -> Memory:
        return self

    # -- components, built once ------------------------------------------------------------
    @property
    def encoder(self) -> QueryEncoder:
        """The query encoder of this Memory (:class:`~memcli.read.encoder.QueryEncoder`)."""
        if self._encoder is None:
            from memcli.read.encoder import QueryEncoder

            self._encoder = QueryEncoder(self.settings, lambda: self.store.meta_get("embed_model"),
                                         loaded=lambda: self._embedder, embedder=self._injected_embedder,
                                         write_embedder=lambda: self.embedder)
        return self._encoder

    @property
    def retrieval(self) -> MemoryRetrievalService:
        """The retrieval service over this Memory's store."""
        if self._retrieval is None:
            from memcli.read.retrieve import MemoryRetrievalService

            self._retrieval = MemoryRetrievalService(self.store, self.settings, self.encoder)
        return self._retrieval

    @property
    def context_builder(self) -> MemoryContextBuilder:
        """The context builder (reuses one reader connection across calls)."""
        if self._context is None:
            from memcli.read.context import MemoryContextBuilder

            self._context = MemoryContextBuilder(self.retrieval)
        return self._context

    def _item(self, row: dict[str, Any]) -> MemoryItem:  # with its subject, read as every interface reads it
        from memcli.governance.views import item_model
        from memcli.read.person import subject_of
        return item_model(self.store, row, self.settings, subject_of=subject_of)

    # -- write path: online (a new process's warm-up takes no step meanwhile: memcli.memory_warm) ---------------
    @online()
    def capture(self, text: str, *, role: str = "user", at: str | datetime | None = None,
                session: str | None = None, key: str | None = None, allow_future: bool = False) -> CaptureResult:
        """Record an utterance: one source row + one outbox row, no model (see write.capture).

        A long turn (up to ``max_turn_chars``, 100,000) is stored whole and extracted clause
        by clause; past that bound it is refused.

        Raises:
            BadInputError: empty text or longer than ``max_turn_chars``, invalid ``at`` or role,
                ``at`` more than a day in the future (unless ``allow_future``).
        """
        from memcli.records import validation_line
        from memcli.write.capture import Utterance, capture
        if not isinstance(text, str):  # b"hello" was coerced to 'hello' by the model's lax mode
            raise BadInputError(not_text(text, "text"))
        try:
            utt = Utterance.model_validate(dict(text=text, role=role, at=at, session=session, key=key),
                                           context={"refuse_future": not allow_future})
        except ValidationError as exc:
            raise BadInputError(validation_line(exc)) from None
        return capture(self.store, self.user, utt, max_chars=self.settings.max_turn_chars)

    @online()
    def capture_jsonl(self, lines: Iterable[str], *, allow_future: bool = False) -> list[CaptureResult]:
        """Capture JSON Lines utterances (fields of :class:`Utterance`); all validated first
        (an ``at`` more than a day ahead is a bad line unless ``allow_future``)."""
        from memcli.records import parse_jsonl
        from memcli.write.capture import Utterance, capture
        utts = parse_jsonl(lines, Utterance, max_chars=self.settings.max_turn_chars, setting="max_turn_chars",
                           context={"refuse_future": not allow_future})
        with self.store.tx():
            return [capture(self.store, self.user, u, max_chars=self.settings.max_turn_chars) for u in utts]

    # -- write path: explicit --------------------------------------------------------------
    def remember(self, text: str, *, kind: str | Kind = "other", at: str | datetime | None = None,
                 metadata: dict[str, Any] | None = None, confidence: float | None = None,
                 allow_future: bool = False, split: bool = True) -> DecisionResult:
        """Keep an explicit memory now, with its embedding, through the decision step.

        Returns the decision (ADD for a new item; NOOP if it restates one; CONFLICT/UPDATE); a text of two
        facts is two memories (``split``: :func:`~memcli.write.split.split_record`), the others' decisions in ``also``.

        Raises:
            BadInputError: empty/oversized text, unknown kind, invalid ``at``, ``at`` more than a
                day in the future (unless ``allow_future``).
        """
        from memcli.models import Origin
        from memcli.write.split import split_record
        rec = self._record(text=text, kind=kind, at=at, metadata=metadata or {}, confidence=confidence,
                           allow_future=allow_future)
        first, *rest = self._apply_records(split_record(rec) if split else [rec], origin=Origin.EXPLICIT, one_text=True)
        return first.model_copy(update={"also": rest}) if rest else first

    def _record(self, *, allow_future: bool = False, **fields: Any) -> MemoryRecord:
        from memcli.records import MemoryRecord, validation_line
        fields["text"] = check_text(fields["text"], self.settings.max_text_chars)
        try:
            return MemoryRecord.model_validate(fields, context={"refuse_future": not allow_future})
        except ValidationError as exc:
            raise BadInputError(validation_line(exc)) from None

    def _apply_records(self, recs: list[MemoryRecord], *, origin: Origin,
                       progress: Progress | None = None, one_text: bool = False) -> list[DecisionResult]:
        from memcli.write.explicit import apply_records

        if not recs:  # nothing to do: do not load the model for it
            return []
        texts = [check_text(r.text, self.settings.max_text_chars) for r in recs]
        vectors = self.embedder.embed(texts, batch_size=self.settings.embed_batch_size, progress=progress)
        return apply_records(self.store, self.settings, self.user, texts, recs, vectors, origin=origin,
                             one_text=one_text)

    def correct(self, item_id: int | str | Any, text: str, *, at: str | datetime | None = None,
                allow_future: bool = False) -> MemoryItem:
        """The user corrects a memory: a new item at confidence 1.0 (rule 4), valid from ``at``
        (default now); the old one is invalidated from then; both linked (supersedes/superseded_by);
        an event recorded (:func:`memcli.write.explicit.correct_text`). Returns the new version; the
        memory itself, unchanged (the same id), when ``text`` is what it already says (spacing aside:
        :func:`memcli.text.same_text`): nothing written.

        ``item_id``: a memory id, its ref ("m12") or its search hit; an episode ("e12") is refused.

        Raises:
            NotFoundError: no such item for this user.
            BadInputError: bad id, text or ``at`` (before the old memory held; more than a day ahead
                unless ``allow_future``); the item was already superseded, contradicted or forgotten.
        """
        from memcli.write.explicit import correct_text

        item_id = memory_ref(item_id, "correct")
        text = check_text(text, self.settings.max_text_chars)
        new_id = correct_text(self.store, self.settings, self.user, item_id, text,
                              lambda t: self.embedder.embed_one(t), at=at, allow_future=allow_future)
        return self._item(self.store.get_item(self.user, new_id))

    def forget(self, item_id: int | str | Any, *, purge: bool = False, cascade: bool = False) -> dict[str, Any]:
        """Forget a memory — an id, a ref ("m12"; "e12" forgets that episode: :meth:`forget_episode`) or a
        search hit, which names the row it is. Default: invalidated now and retired (kept for history).
        ``purge=True``: erased with its sources, index rows, events and every copy of its text, but a
        turn another active memory came from too is kept for it unless ``cascade``
        (:func:`memcli.governance.lifecycle.forget`). Forgetting twice changes nothing the second
        time (``already=True``, no event); times already set are kept.

        Returns:
            ``{"id", "purged", "already"}``; when purged also ``{"sources", "events"}`` counts,
            ``{"kept", "shared"}``: ``[{"source", "memories"}]`` kept / erased with ``cascade``, and
            ``wal_cleared`` — False (with a one-line ``note``) when another process's read kept the old text in
            the SQLite ``-wal`` past the checkpoint: the purge is done all the same
            (:func:`memcli.governance.lifecycle.compacted`).

        Raises:
            NotFoundError: no such item for this user. BadInputError: not an id, ref or hit; ``cascade``
                without ``purge``.
        """
        from memcli.governance import lifecycle

        if cascade and not purge:  # as the CLI's --cascade: it erases shared turns, so only with a purge
            raise BadInputError("cascade: only with purge=True (it erases the turns the purged memory shares)")
        number, episode = parse_ref(item_id, "forget: the id")
        if episode:
            return self.forget_episode(f"e{number}", purge=purge, cascade=cascade)
        return lifecycle.forget(self.store, self.user, number, erase=purge, cascade=cascade)

    # -- reading stored items ----------------------------------------------------------------
    def list(self, *, include_all: bool = False, limit: int | None = None,
             as_of: str | datetime | None = None) -> list[MemoryItem]:
        """The user's memories, newest valid time first: the active ones, or those believed at ``as_of``.

        Raises:
            BadInputError: ``limit`` below 1 (as search's), a malformed ``as_of``.
        """
        if limit is not None:  # was: 0 and -1 listed them all
            whole_number(limit, "limit")
        at = parse_at(as_of, field="as_of") if as_of is not None else None
        return [self._item(r) for r in self.store.list_items(self.user, include_all=include_all, limit=limit, as_of=at)]

    def show(self, item_id: int | str | Any) -> MemoryItem:
        """One memory of the bound user (an id, ref "m12" or hit). Raises NotFoundError, BadInputError."""
        return self._item(self.store.get_item(self.user, memory_ref(item_id, "show")))

    def history(self, item_id: int | str | Any) -> dict[str, Any]:
        """The audit trail of one memory: its lineage (items it replaced / that replaced it,
        transitively) and every event touching any of them, oldest first.

        Raises:
            NotFoundError: no such item for this user. BadInputError: not a memory id, ref or hit.
        """
        item_id = memory_ref(item_id, "history")
        self.store.get_item(self.user, item_id)
        lineage = self.store.lineage(self.user, item_id)
        rows = self.store.items_by_ids(self.user, lineage)
        evs = self.store.events_of(self.user, lineage)
        from memcli.governance.views import event_model
        events = [event_model(e, self.store) for e in evs]  # a reason naming an erased memory says so
        return {"id": item_id, "items": [self._item(r) for r in rows], "events": events}

    def events(self, item_id: int | str | Any) -> list[Event]:
        """The audit events of one memory's lineage, oldest first (``history(item_id)["events"]``).

        Raises:
            NotFoundError: no such item for this user.
        """
        return self.history(item_id)["events"]

    def stats(self) -> dict[str, Any]:
        """Counts for the bound user (items by status, sources, outbox by status) and the
        database (model, dimension, size in bytes, schema version)."""
        st = self.store
        outbox = st.outbox_counts(self.user)
        return {
            "user": self.user,
            "items": st.item_status_counts(self.user, FORGOTTEN),
            "sources": st.count_sources(self.user),
            "outbox": outbox,
            "outbox_depth": outbox["pending"] + outbox["processing"],
            "model": st.meta_get("embed_model"),
            "dim": self._stored_dim(),
            "configured_model": self.settings.model,
            "db": st.location,
            "db_bytes": st.size_bytes(),
            "schema_version": st.schema_version(),
        }

    def outbox_status(self) -> OutboxStatus:
        """The bound user's outbox: counts by status, oldest pending age, expired leases, dead tasks."""
        from memcli.write.outbox import status

        return status(self.store, self.user)

    def retry_dead(self, task_id: int | None = None, *, all_dead: bool = False) -> list[int]:
        """Re-queue a dead task of the bound user (or every one, ``all_dead``); returns the ids.

        Raises:
            NotFoundError: no such task for this user. BadInputError: not dead, or no id given.
        """
        from memcli.write.outbox import retry

        task_id = None if task_id is None else positive_id(task_id, "retry_dead: the task id")
        return retry(self.store, task_id, all_dead=all_dead, user=self.user)

    # -- the worker and the read path --------------------------------------------------------
    def drain(self, limit: int | None = None, *, loop: bool = False, interval_s: float | None = None,
              max_seconds: float | None = None, progress: Progress | None = None,
              extractor: Extractor | None = None, judge: Judge | None = None,
              stop: threading.Event | None = None) -> DrainSummary:
        """The worker (:class:`~memcli.write.worker.MemoryCaptureWorker`) for the bound user's
        outbox only: claim, extract, decide, store. Every user's tasks: :meth:`memcli.admin.Admin.drain`.

        Args:
            limit: at most this many tasks (None: until the outbox is empty).
            loop: keep polling every ``interval_s`` seconds until ``max_seconds`` have passed.
            max_seconds: stop claiming after this many seconds: finite, > 0 (None: no limit; ``inf`` is refused).
            progress: called with the number of tasks finished after each task.
            extractor, judge: use these for this call instead of the Memory's.
            stop: when set (a signal handler, another thread), finish the task being written,
                release the claimed tasks not started and return (``interrupted``).

        Returns a :class:`~memcli.write.worker.DrainSummary` (counts, per-stage seconds).

        Raises:
            BadInputError: ``max_seconds`` 0, negative, infinite or NaN; ``limit`` not a whole number ≥ 1.
            StoreError, EmbeddingError, ConfigError: only when it cannot run at all.
        """
        worker = self._make_worker(extractor, judge) if extractor or judge else self.worker
        return worker.drain(limit=limit, user=self.user, loop=loop, interval_s=interval_s, max_seconds=max_seconds,
                            progress=progress, stop=stop)

    def search(self, query: str, *, limit: int = 5, as_of: str | datetime | None = None,
               min_score: float | None = None, legs: tuple[str, ...] | list[str] | None = None,
               explain: bool = False, deadline: float | None = None) -> Hits:
        """Hybrid retrieval for the bound user (:class:`~memcli.read.retrieve.MemoryRetrievalService`,
        weighted RRF): a ``list[Hit]`` best first (id, statement, kind, effective_confidence and
        score in [0, 1], valid_from UTC) with ``.info`` (legs, encoder, timings, constants).

        Args:
            limit: at most this many hits (>= 1). as_of: what was believed true then.
            min_score: floor on the final score (default ``settings.min_score``).
            legs: a non-empty subset of ``("dense", "lexical", "slot")`` (default: all).
            explain: attach each hit's ranks and factors.
            deadline: ``time.monotonic()`` seconds after which the dense leg is skipped.

        Raises:
            BadInputError: empty or blank query, limit < 1, bad as_of, min_score outside [0, 1].
            ModelMismatchError, ModelUnavailableError: the dense leg's model.
        """
        from memcli.read.retrieve import ALL_LEGS

        check_query(query)
        return self.retrieval.retrieve(self.user, query, limit=limit, as_of=as_of, min_score=min_score,
                                       legs=ALL_LEGS if legs is None else legs, explain=explain, deadline=deadline)

    @online()
    def context(self, query: str, *, budget_ms: int | None = None, max_tokens: int | None = None,
                lang: str | None = None, fmt: str = "text", system: str | None = None,
                history: list[Any] | None = None, limit: int = 5, as_of: str | datetime | None = None,
                min_score: float | None = None, legs: tuple[str, ...] | list[str] | None = None,
                explain: bool = False) -> ContextResult:
        """The memory block for ``query`` (:class:`~memcli.read.context.MemoryContextBuilder`), framed as user data,
        for right after the static system prompt: a ``ContextResult`` whose ``text`` is "" (``reason`` set) when
        nothing is relevant or ``budget_ms`` (wall clock from this call's start, default 800) ran out;
        ``fmt="messages"`` adds ``messages``. ``limit``, ``as_of``, ``min_score``, ``legs``, ``explain``: as for
        :meth:`search`. A first call waits for the read path no longer than its budget, and meanwhile answers from the
        lexical leg alone where the words leave little doubt (``degraded``; :func:`memcli.memory_read.first_context`).

        Raises:
            BadInputError: empty or blank query, bad options or history.
        """
        started = time.monotonic()
        check_query(query), whole_number(limit, "limit")  # (true is no limit: refused before any answer is built)

        def build(builder: MemoryContextBuilder) -> ContextResult:
            from memcli.read.retrieve import ALL_LEGS

            return builder.build(self.user, query, budget_ms=budget_ms, max_tokens=max_tokens, lang=lang, fmt=fmt,
                                 system=system, history=history, limit=limit, as_of=as_of, min_score=min_score,
                                 legs=ALL_LEGS if legs is None else legs, explain=explain, started=started)

        if self._context is None and self.settings.read_threads:  # `memcli serve` (no read threads) warms at start
            from memcli.memory_read import first_context
            from memcli.read.context_result import checked_inputs

            given = checked_inputs(self.settings, budget_ms, max_tokens, fmt, lang, system, history)
            plain = as_of is None and min_score is None and not explain and (legs is None or "lexical" in legs)
            return first_context(self, query, given, started, limit, lexical=plain, build=build)
        return build(self.context_builder)

    def _read_path(self) -> ReadPathLoader:
        if self._read_loader is None:
            from memcli.memory_read import ReadPathLoader

            self._read_loader = ReadPathLoader(lambda: self.context_builder)
        return self._read_loader

    def warm(self) -> dict[str, Any]:
        """Do now, and wait for, what the warm-up at open does (:func:`memcli.memory_read.warm`): what a first
        ``capture`` pays once, the read path, the query encoder, and one question per language asked of this
        store, so that the first :meth:`context` meets its budget. Returns seconds and names: ``{"online_s",
        "read_path_s", "encoder_s", "rehearse_s": float, "encoder": str, "rehearsed": bool}``.

        Raises:
            ModelMismatchError: the database was embedded with another model.
        """
        from memcli.memory_read import warm

        return warm(self)
