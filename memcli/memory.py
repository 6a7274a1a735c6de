"""``Memory``: the Python API (the seed's MemoryService). The CLI is a thin skin over it.

One ``Memory`` is bound to one database and one user at construction; no method takes a
user argument, so code holding a ``Memory`` cannot read or change another user's data.

Heavy dependencies load lazily: ``capture`` never imports torch or the embedding model.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from memcli.db import items
from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.db.items import FORGOTTEN
from memcli.errors import BadInputError
from memcli.governance import confidence as conf
from memcli.governance import lifecycle
from memcli.models import Candidate, CaptureResult, Decision, DecisionResult, Event, Kind, Level, MemoryItem, Origin
from memcli.records import MemoryRecord, parse_jsonl
from memcli.settings import Settings, default_db_path, load_settings
from memcli.timeutil import iso, now_utc
from memcli.write.capture import Utterance, capture, check_text

if TYPE_CHECKING:
    from memcli.embed import Embedder
    from memcli.write.extract import Extractor
    from memcli.write.judge import Judge
    from memcli.write.worker import DrainSummary

__all__ = ["Memory", "MemoryRecord", "FORGOTTEN", "parse_jsonl"]

Progress = Callable[[int], None]


class Memory:
    """Long-term memory of one user in one SQLite database.

    Args:
        db: database path (default: ``MEMCLI_DB``, config, platform data dir).
        user: the user every call is bound to (default: ``MEMCLI_USER``, config, "default").
        settings: a ready :class:`Settings`; other keyword overrides are applied on top.

    Raises:
        ConfigError, StoreError: bad settings; database cannot be opened.
    """

    def __init__(self, db: str | None = None, user: str | None = None, *,
                 settings: Settings | None = None, **overrides: Any) -> None:
        if settings is None:
            settings = load_settings(db=db, user=user, **overrides)
        else:
            upd = {k: v for k, v in {"db": db, "user": user, **overrides}.items() if v is not None}
            settings = settings.model_copy(update=upd) if upd else settings
        self.settings = settings
        self.user = settings.user
        self.store = Store(settings.db, busy_timeout_ms=settings.busy_timeout_ms,
                           create_parent=(settings.db == default_db_path()))
        self._embedder: Embedder | None = None

    # -- plumbing ------------------------------------------------------------------
    def close(self) -> None:
        """Close the database connection; the object is unusable afterwards (also on ``with`` exit)."""
        self.store.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def embedder(self) -> Embedder:
        """The configured embedding model, loaded once; checked against the database.

        The backend follows ``settings.embed_backend`` (:func:`memcli.embed.load_embedder`):
        the ONNX export when ``memcli warm`` made one, else sentence-transformers.

        Raises:
            ModelMismatchError: the database was embedded with another model.
            ModelUnavailableError: the model cannot be loaded.
        """
        if self._embedder is None:
            from memcli.embed import check_model, load_embedder

            check_model(self.store.meta_get("embed_model"), self._stored_dim(), self.settings.model)
            self._embedder = load_embedder(self.settings.model, self.settings.embed_backend)
        return self._embedder

    def _stored_dim(self) -> int | None:
        d = self.store.meta_get("embed_dim")
        return int(d) if d else None

    def _item(self, row: dict[str, Any]) -> MemoryItem:
        return items.item_model(self.store, row, self.settings)

    # -- write path: online ----------------------------------------------------------------
    def capture(self, text: str, *, role: str = "user", at: str | datetime | None = None,
                session: str | None = None, key: str | None = None) -> CaptureResult:
        """Record an utterance: one source row + one outbox row, no model (see write.capture).

        A long turn (up to ``max_turn_chars``, 100,000) is stored whole and extracted clause
        by clause; past that bound it is refused.

        Raises:
            BadInputError: empty text or longer than ``max_turn_chars``, invalid ``at`` or role.
        """
        try:
            utt = Utterance(text=text, role=role, at=at, session=session, key=key)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise BadInputError(f"{'.'.join(map(str, err['loc']))}: {err['msg']}") from None
        return capture(self.store, self.user, utt, max_chars=self.settings.max_turn_chars)

    def capture_jsonl(self, lines: Iterable[str]) -> list[CaptureResult]:
        """Capture JSON Lines utterances (fields of :class:`Utterance`); all validated first."""
        utts = parse_jsonl(lines, Utterance, max_chars=self.settings.max_turn_chars, setting="max_turn_chars")
        with self.store.tx():
            return [capture(self.store, self.user, u, max_chars=self.settings.max_turn_chars) for u in utts]

    # -- write path: explicit --------------------------------------------------------------
    def remember(self, text: str, *, kind: str | Kind = Kind.OTHER, at: str | datetime | None = None,
                 metadata: dict[str, Any] | None = None, confidence: float | None = None) -> DecisionResult:
        """Keep an explicit memory now, with its embedding, through the decision step.

        Returns the decision (ADD for a new item; NOOP if it restates one; CONFLICT/UPDATE).

        Raises:
            BadInputError: empty/oversized text, unknown kind, invalid ``at``.
        """
        rec = self._record(text=text, kind=kind, at=at, metadata=metadata or {}, confidence=confidence)
        return self._apply_records([rec], origin=Origin.EXPLICIT)[0]

    def import_records(self, records: list[MemoryRecord], progress: Progress | None = None) -> list[DecisionResult]:
        """Write many memories as ``remember`` does: embedded in batches, one transaction."""
        return self._apply_records(records, origin=Origin.IMPORT, progress=progress)

    def read_records(self, lines: Iterable[str]) -> list[MemoryRecord]:
        """Parse and validate import JSON Lines of :class:`MemoryRecord`, all or nothing.

        Raises:
            BadInputError: naming the first bad line (JSON, field, blank or oversized text).
        """
        return parse_jsonl(lines, MemoryRecord, max_chars=self.settings.max_text_chars)

    def import_jsonl(self, lines: Iterable[str], progress: Progress | None = None) -> list[DecisionResult]:
        """Parse JSON Lines of :class:`MemoryRecord` (all or nothing) and import them."""
        return self.import_records(self.read_records(lines), progress=progress)

    def _record(self, **fields: Any) -> MemoryRecord:
        fields["text"] = check_text(fields["text"], self.settings.max_text_chars)
        try:
            return MemoryRecord(**fields)
        except ValidationError as exc:
            err = exc.errors()[0]
            raise BadInputError(f"{'.'.join(map(str, err['loc']))}: {err['msg']}") from None

    def _apply_records(self, recs: list[MemoryRecord], *, origin: Origin,
                       progress: Progress | None = None) -> list[DecisionResult]:
        from memcli.write.decide import decide_and_apply

        if not recs:  # nothing to do: do not load the model for it
            return []
        texts = [check_text(r.text, self.settings.max_text_chars) for r in recs]
        emb = self.embedder
        vectors = emb.embed(texts, batch_size=self.settings.embed_batch_size, progress=progress)
        now = now_utc()
        results = []
        with self.store.tx():
            for text, rec, vec in zip(texts, recs, vectors, strict=True):
                # the user states it now, whatever --at says about when it started to hold
                cand = Candidate(statement=text, kind=rec.kind, salience=0.7, valid_from=rec.at or now,
                                 confirmed_at=now, confidence=rec.confidence if rec.confidence is not None else
                                 conf.initial(origin, self.settings), metadata=rec.metadata)
                src = self.store.x(
                    f"INSERT INTO {s.SOURCES}(user_id, role, content, occurred_at, recorded_at) "
                    "VALUES (?, 'explicit', ?, ?, ?)", (self.user, text, iso(cand.valid_from), iso(now)))
                if rec.is_retired:  # a past memory (export --all): stored as it was, no decision
                    results.append(self._store_retired(cand, rec, vec, origin, src))
                    continue
                results.append(decide_and_apply(self.store, self.settings, self.user, cand, vec, origin=origin,
                                                model=self.settings.model, source_ids=[src]))
        return results

    def _store_retired(self, cand: Candidate, rec: MemoryRecord, vec: Any, origin: Origin,
                       source_id: int) -> DecisionResult:
        """Insert an imported memory that is no longer active with its ``invalid_at`` /
        ``expired_at`` as exported; it is never compared with (nor reinforces) active ones."""
        reason = "imported as a past memory (no longer active)"
        row = items.insert_item(self.store, user_id=self.user, candidate=cand, origin=origin,
                                confidence=conf.initial(origin, self.settings, cand.confidence), vector=vec,
                                model=self.settings.model, source_ids=[source_id], invalid_at=rec.invalid_at,
                                invalid_reason=reason)
        if rec.expired_at is not None:
            row = items.update_item(self.store, row["id"], expired_at=rec.expired_at)
        items.record_event(self.store, user_id=self.user, action=Decision.ADD, item_id=row["id"],
                           source_id=source_id, level=Level.EXPLICIT, reason=reason, after=items.snapshot(row))
        return DecisionResult(decision=Decision.ADD, level=Level.EXPLICIT, item_id=row["id"], reason=reason,
                              stored_invalid=True)

    def correct(self, item_id: int, text: str) -> MemoryItem:
        """The user corrects a memory: a new item at confidence 1.0 (rule 4); the old one is
        invalidated from now; both linked (supersedes/superseded_by); an event recorded
        (:func:`memcli.governance.lifecycle.correct`).

        Raises:
            NotFoundError: no such item for this user.
            BadInputError: bad text; the item was already superseded (correct the newest
                version instead) or forgotten.
        """
        text = check_text(text, self.settings.max_text_chars)
        new_id = lifecycle.correct(self.store, self.settings, self.user, item_id, text,
                                   lambda t: self.embedder.embed_one(t))
        return self._item(items.get_row(self.store, self.user, new_id))

    def forget(self, item_id: int, *, purge: bool = False) -> dict[str, Any]:
        """Forget a memory. Default: invalidated now and retired (kept for history).
        ``purge=True``: erased with its sources, index rows, events and every copy of its text
        (:func:`memcli.governance.lifecycle.forget`).

        Forgetting twice changes nothing the second time (``already=True``, no event); times
        already set (``invalid_at``, ``expired_at`` of a corrected version) are kept.

        Returns:
            ``{"id", "purged", "already"}`` plus, when purged, ``{"sources", "events"}`` counts.

        Raises:
            NotFoundError: no such item for this user.
        """
        return lifecycle.forget(self.store, self.user, item_id, erase=purge)

    # -- reading stored items ----------------------------------------------------------------
    def list(self, *, include_all: bool = False, limit: int | None = None) -> list[MemoryItem]:
        """Memories of the bound user, newest valid time first; active only by default."""
        return [self._item(r) for r in items.list_rows(self.store, self.user, include_all=include_all, limit=limit)]

    def show(self, item_id: int) -> MemoryItem:
        """One memory of the bound user. Raises NotFoundError."""
        return self._item(items.get_row(self.store, self.user, item_id))

    def history(self, item_id: int) -> dict[str, Any]:
        """The audit trail of one memory: its lineage (items it replaced / that replaced it,
        transitively) and every event touching any of them, oldest first.

        Raises:
            NotFoundError: no such item for this user.
        """
        items.get_row(self.store, self.user, item_id)
        lineage: set[int] = set()
        todo = [int(item_id)]
        while todo:
            cur = todo.pop()
            if cur in lineage:
                continue
            lineage.add(cur)
            row = self.store.one(f"SELECT supersedes_id, superseded_by_id FROM {s.ITEMS} WHERE id = ? AND user_id = ?",
                                 (cur, self.user))
            if row:
                todo += [v for v in row.values() if v is not None]
            for r in self.store.q(f"SELECT item_id, other_item_id FROM {s.EVENTS} WHERE user_id = ? AND "
                                  "(item_id = ? OR other_item_id = ?) AND action IN ('CONFLICT','UPDATE','CORRECT')",
                                  (self.user, cur, cur)):
                todo += [v for v in r.values() if v is not None]
        marks = ",".join("?" * len(lineage))
        rows = self.store.q(f"SELECT * FROM {s.ITEMS} WHERE user_id = ? AND id IN ({marks}) ORDER BY recorded_at, id",
                            (self.user, *lineage))
        evs = self.store.q(f"SELECT * FROM {s.EVENTS} WHERE user_id = ? AND (item_id IN ({marks}) OR other_item_id "
                           f"IN ({marks})) ORDER BY id", (self.user, *lineage, *lineage))
        return {"id": item_id, "items": [self._item(r) for r in rows], "events": [items.event_model(e) for e in evs]}

    def events(self, item_id: int) -> list[Event]:
        """The audit events of one memory's lineage, oldest first (``history(item_id)["events"]``).

        Raises:
            NotFoundError: no such item for this user.
        """
        return self.history(item_id)["events"]

    def export(self, *, include_all: bool = False) -> Iterator[dict[str, Any]]:
        """Memories as :class:`MemoryRecord` dicts (JSON Lines ready), oldest first; round-trips
        through :meth:`import_jsonl`."""
        for r in reversed(items.list_rows(self.store, self.user, include_all=include_all)):
            rec = MemoryRecord(text=r["statement"], kind=Kind(r["kind"]) if r["kind"] in Kind.__members__.values()
                               else Kind.OTHER, at=r["valid_from"], confidence=r["confidence"],
                               metadata=json.loads(r["metadata"] or "{}"), invalid_at=r["invalid_at"],
                               expired_at=r["expired_at"])
            yield rec.model_dump(mode="json", exclude={k for k in ("invalid_at", "expired_at")
                                                       if getattr(rec, k) is None})

    def stats(self) -> dict[str, Any]:
        """Counts for the bound user (items by status, sources, outbox by status) and the
        database (model, dimension, size in bytes, schema version)."""
        st = self.store
        by_status = {"active": 0, "invalid": 0, "superseded": 0, "forgotten": 0}
        for r in st.q(f"SELECT invalid_at IS NOT NULL AS inv, expired_at IS NOT NULL AS exp, invalid_reason = ? AS fg, "
                      f"count(*) AS n FROM {s.ITEMS} WHERE user_id = ? GROUP BY 1, 2, 3", (FORGOTTEN, self.user)):
            key = "forgotten" if r["fg"] else "superseded" if r["exp"] else "invalid" if r["inv"] else "active"
            by_status[key] += r["n"]
        outbox = {"pending": 0, "processing": 0, "done": 0, "dead": 0}
        for r in st.q(f"SELECT status, count(*) AS n FROM {s.OUTBOX} WHERE user_id = ? GROUP BY status", (self.user,)):
            outbox[r["status"]] = r["n"]
        return {
            "user": self.user,
            "items": by_status,
            "sources": st.scalar(f"SELECT count(*) FROM {s.SOURCES} WHERE user_id = ?", (self.user,)),
            "outbox": outbox,
            "outbox_depth": outbox["pending"] + outbox["processing"],
            "model": st.meta_get("embed_model"),
            "dim": self._stored_dim(),
            "configured_model": self.settings.model,
            "db": str(st.path),
            "db_bytes": st.size_bytes(),
            "schema_version": st.scalar("PRAGMA user_version"),
        }

    # -- filled in by the write-path worker and the read path ----------------------------------
    def drain(self, limit: int | None = None, *, loop: bool = False,
              interval_s: float | None = None, max_seconds: float | None = None,
              progress: Progress | None = None, extractor: Extractor | None = None,
              judge: Judge | None = None, stop: threading.Event | None = None) -> DrainSummary:
        """The worker (:func:`memcli.write.worker.drain`) for the bound user's outbox only:
        claim, extract, decide, store; returns a :class:`DrainSummary` (counts, per-stage
        seconds). Every user's tasks: :meth:`memcli.admin.Admin.drain`.

        Raises:
            StoreError, EmbeddingError, ConfigError: only when it cannot run at all.
        """
        from memcli.write.worker import drain

        return drain(self, limit=limit, user=self.user, loop=loop, interval_s=interval_s, max_seconds=max_seconds,
                     progress=progress, extractor=extractor, judge=judge, stop=stop)

    def search(self, query: str, **kwargs: Any) -> Any:
        """Hybrid retrieval for the bound user (:func:`memcli.read.retrieve.retrieve`, RRF): a
        ``list[Hit]`` best first (id, statement, kind, effective_confidence and score in [0, 1],
        valid_from UTC) with ``.info``. ``limit`` default 5. Raises BadInputError (limit < 1,
        bad as_of), ModelMismatchError/ModelUnavailableError (dense leg)."""
        from memcli.read.retrieve import retrieve

        return retrieve(self, query, **kwargs)

    def context(self, query: str, **kwargs: Any) -> Any:
        """The memory block for ``query`` (:func:`memcli.read.context.build_context`), framed as
        user data, for right after the static system prompt: a ``ContextResult`` whose ``text`` is
        "" (``reason`` set) when nothing is relevant or ``budget_ms`` (wall clock, default 800)
        ran out; ``fmt="messages"`` adds ``messages``. Raises BadInputError on bad options."""
        from memcli.read.context import build_context

        return build_context(self, query, **kwargs)
