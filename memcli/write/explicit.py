"""Explicit writes (``remember``, ``import``, ``correct``): records the user states now, already embedded,
through the same decision as extracted facts (:func:`memcli.write.decide.decide_and_apply`).

A record of a memory that no longer holds (``export --all``: ``invalid_at``/``expired_at``
set, ``forgotten`` when the user forgot it) is stored as it was, never compared with (nor
reinforcing) active ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memcli.db.store import FORGOTTEN, MemoryStore, snapshot
from memcli.governance import confidence as conf
from memcli.governance import lifecycle
from memcli.models import Candidate, Decision, DecisionResult, Kind, Level, Origin
from memcli.records import MemoryRecord
from memcli.settings import Settings
from memcli.text import check_text
from memcli.timeutil import from_iso, now_utc, parse_at, refuse_future
from memcli.write.decide import decide_and_apply

if TYPE_CHECKING:
    import numpy as np

__all__ = ["apply_records", "correct_text", "not_present"]


def apply_records(store: MemoryStore, settings: Settings, user: str, texts: Sequence[str],
                  records: Sequence[MemoryRecord], vectors: np.ndarray, *, origin: Origin,
                  one_text: bool = False) -> list[DecisionResult]:
    """Write ``records`` (with their validated ``texts`` and vectors, float32 (n, dim)) for
    ``user`` in one transaction: one explicit source each, then the decision (or, for a past
    memory, the row as exported). Returns one :class:`DecisionResult` per record.

    ``one_text``: the records are the facts of one text (``remember``'s split): as the clauses of one drained
    turn, none is compared with the memories another wrote or decided on (我姐姐是护士 is no restatement of
    我有个姐姐 said with it)."""
    now = now_utc()
    results: list[DecisionResult] = []
    written: set[int] = set()
    with store.tx():
        for text, rec, vec in zip(texts, records, vectors, strict=True):
            # the user states it now, whatever --at says about when it started to hold
            # an exported record keeps when it was last confirmed (never later than now): an import
            # is not a confirmation, so its confidence goes on decaying from then
            confirmed = min(rec.confirmed_at, now) if rec.confirmed_at is not None else now
            cand = Candidate(statement=text, kind=rec.kind, salience=0.7, valid_from=rec.at or now,
                             confirmed_at=confirmed, confidence=rec.confidence if rec.confidence is not None else
                             conf.initial(origin, settings), metadata=rec.metadata)
            src = store.add_source(user, role="explicit", content=text, occurred_at=cand.valid_from, recorded_at=now)
            if rec.is_retired:  # a past memory (export --all): stored as it was, no decision
                results.append(_store_retired(store, settings, user, cand, rec, vec, origin, src))
                continue
            res = decide_and_apply(store, settings, user, cand, vec, origin=origin, model=settings.model,
                                   source_ids=[src], exclude=set(written))
            if one_text:
                written |= {i for i in (res.item_id, res.other_item_id) if i is not None}
            results.append(res)
    return results


def not_present(store: MemoryStore, user: str, records: Sequence[MemoryRecord], max_chars: int) -> list[MemoryRecord]:
    """``records`` without those ``user``'s store already holds as they are — the same statement
    (checked as ``max_chars`` allows), valid time (``at``) and recorded state (``invalid_at``,
    ``expired_at``, ``forgotten``) — or an earlier record of the same list. A record without
    ``at`` starts to hold now, a new valid time: always kept."""
    if not records:
        return []

    def t(v: Any) -> datetime | None:
        return from_iso(v) if v else None

    seen = {(r["statement"], t(r["valid_from"]), t(r["invalid_at"]), t(r["expired_at"]),
             r["invalid_reason"] == FORGOTTEN) for r in store.list_items(user, include_all=True)}
    out = []
    for rec in records:
        k = (check_text(rec.text, max_chars), rec.at, rec.invalid_at, rec.expired_at, rec.forgotten)
        if rec.at is None or k not in seen:
            out.append(rec)
            seen.add(k)
    return out


def _store_retired(store: MemoryStore, settings: Settings, user: str, cand: Candidate, rec: MemoryRecord,
                   vec: Any, origin: Origin, source_id: int) -> DecisionResult:
    """Insert an imported memory that is no longer active with its ``invalid_at`` /
    ``expired_at`` as exported."""
    # a forgotten memory keeps the reason that makes it "forgotten" (status, --as-of), not "superseded"
    reason = FORGOTTEN if rec.forgotten else "imported as a past memory (no longer active)"
    row = store.insert_item(user_id=user, candidate=cand, origin=origin,
                            confidence=conf.initial(origin, settings, cand.confidence), vector=vec,
                            model=settings.model, source_ids=[source_id], invalid_at=rec.invalid_at,
                            invalid_reason=reason)
    if rec.expired_at is not None:
        row = store.update_item(row["id"], expired_at=rec.expired_at)
    store.record_event(user_id=user, action=Decision.ADD, item_id=row["id"], source_id=source_id,
                       level=Level.EXPLICIT, reason=reason, after=snapshot(row))
    return DecisionResult(decision=Decision.ADD, level=Level.EXPLICIT, item_id=row["id"], reason=reason,
                          stored_invalid=True)


def correct_text(store: MemoryStore, settings: Settings, user_id: str, item_id: int, text: str,
                 embed: Callable[[str], np.ndarray], *, at: str | datetime | None = None,
                 allow_future: bool = False) -> int:
    """:func:`memcli.governance.lifecycle.correct` for a checked ``text``, read as ``remember``
    reads it (its own slot and kind; None of either: the old memory's), from ``at`` (user input:
    ISO-8601 text or a datetime; None: now). Returns the new item's id (``item_id``: the text is
    what the memory already says, nothing written).

    Raises:
        BadInputError: ``at`` is not a time, more than a day ahead (unless ``allow_future``), or
            before the old memory held; and all of :func:`~memcli.governance.lifecycle.correct`'s.
    """
    from memcli.write.extract import enrich

    when = None if at is None else parse_at(at, field="at")
    if not allow_future:
        refuse_future(when, field="at")
    read = enrich(Candidate(statement=text, kind=Kind.OTHER, salience=0.7, valid_from=when or now_utc()))
    return lifecycle.correct(store, settings, user_id, item_id, text, embed, slot=read.slot,
                             kind=None if read.kind == Kind.OTHER else read.kind, at=when)
