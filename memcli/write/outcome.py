"""The outcome of a decision, written (issue 3 §6): split out of :mod:`memcli.write.decide`, which decides and
then calls :func:`apply_plan` in the same transaction.

ADD inserts; NOOP reinforces (confidence rule 2's step, last confirmation, count, source linked); UPDATE
supersedes the old version in system time with a lineage link; CONFLICT invalidates the older belief in world time,
stores an older incoming fact already invalid, and lets confidence rule 3
(:func:`memcli.governance.confidence.adjudicate`) protect a user-set memory from an extracted guess (not from a change
told after it: a move, a new job); the copies of
the old belief (:func:`memcli.write.same_belief.same_belief`) and the facts ending with it end too. Every decision is
one event (level, cosine, judge, reason).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

import numpy as np

from memcli.db.store import MemoryStore, snapshot
from memcli.governance import confidence as conf
from memcli.governance import validity
from memcli.models import Candidate, Decision, DecisionResult, Level, Origin
from memcli.settings import Settings
from memcli.timeutil import from_iso
from memcli.write.decide_range import Plan
from memcli.write.earlier_place import HISTORY
from memcli.write.same_belief import same_belief
from memcli.write.untouched import keep_untouched

__all__ = ["apply_plan", "conflict", "reinforce"]


def apply_plan(store: MemoryStore, settings: Settings, user: str, cand: Candidate, vector: np.ndarray | None,
               plan: Plan, *, origin: Origin, model: str | None, source_ids: Sequence[int],
               keep: Collection[int] = ()) -> DecisionResult:
    """Write what ``plan`` decided for ``cand`` (inside the caller's transaction): NOOP reinforces the target
    (:func:`reinforce`), a past value told beside the current one is stored already invalid, UPDATE supersedes the
    target in system time, CONFLICT ends it in world time (:func:`conflict`), ADD inserts; one event each.
    ``keep``: memory ids a CONFLICT ends none of as a copy of the old belief. Returns the
    :class:`~memcli.models.DecisionResult`. Raises StoreError (the transaction then writes nothing)."""
    src = source_ids[0] if source_ids else None
    base = {"level": plan.level, "cosine": plan.cosine, "judge": plan.judge}
    if plan.decision == Decision.NOOP and plan.target is not None and not cand.ended:
        return reinforce(store, settings, user, plan.target, cand, source_ids, plan.level, plan.cosine,
                          plan.reason, plan.judge)
    initial = conf.initial(origin, settings, cand.confidence)

    def insert(**kw: Any) -> dict[str, Any]:
        return store.insert_item(user_id=user, candidate=cand, origin=origin, confidence=initial,
                                 vector=vector, model=model, source_ids=source_ids, **kw)

    if cand.ended:  # a past value told with the current one (memcli.write.past_value): history, already ended
        row = insert(invalid_at=cand.valid_from, invalid_reason="a past value: the same turn tells the current one")
        store.record_event(user_id=user, action=Decision.ADD, item_id=row["id"], source_id=src,
                           reason="a past value told beside the current one: stored already invalid",
                           after=snapshot(row), **base)
        return DecisionResult(decision=Decision.ADD, item_id=row["id"], reason="past value, stored ended", **base)
    if plan.decision == Decision.UPDATE and plan.target is not None:
        old = plan.target
        if plan.judge == "correction" and (cand.metadata or {}).get("slip"):  # round 46: a slip put right holds
            began = from_iso(old["valid_from"])  # from the old value's start (a correction, not a change)
            cand = cand.model_copy(update={"valid_from": min(began, cand.valid_from),
                                           "confirmed_at": cand.confirmed_at or cand.valid_from})
        row = insert(supersedes_id=old["id"])
        validity.supersede(store, old["id"], row["id"], reason=f"corrected by #{row['id']} (a slip put right)"
                           if plan.judge == "correction" else f"refined by #{row['id']}")
        store.record_event(user_id=user, action=Decision.UPDATE, item_id=row["id"], other_item_id=old["id"],
                           source_id=src, reason=plan.reason, before=snapshot(old),
                           after=snapshot(row), **base)
        keep_untouched(store, user, old, cand, Decision.UPDATE, row["id"])  # its other facts stay (untouched)
        return DecisionResult(decision=Decision.UPDATE, item_id=row["id"], other_item_id=old["id"],
                              reason=plan.reason, **base)
    if plan.decision == Decision.CONFLICT and plan.target is not None:
        return conflict(store, user, cand, plan, initial, origin, insert, src, base, keep)
    row = insert()
    store.record_event(user_id=user, action=Decision.ADD, item_id=row["id"], source_id=src,
                       reason=plan.reason, after=snapshot(row), **base)
    return DecisionResult(decision=Decision.ADD, item_id=row["id"], reason=plan.reason, **base)


def conflict(store: MemoryStore, user: str, cand: Candidate, plan: Plan, initial: float, origin: Origin,
              insert: Any, src: int | None, base: dict[str, Any], keep: Collection[int] = ()) -> DecisionResult:
    """CONFLICT: world-time invalidation of the older belief; confidence rule 3 decides."""
    from memcli.write.dated_change import ended_with
    from memcli.write.value_types import change_marker

    old = plan.target
    assert old is not None
    old_from = from_iso(old["valid_from"])
    said = cand.confirmed_at or cand.valid_from
    changed = change_marker(cand.statement) and not conf.is_hedged(cand.statement)  # a move / new job told: news
    winner = "stored" if plan.judge == HISTORY else conf.adjudicate(  # (round 45: memcli.write.earlier_place)
        old["origin"], old["confidence"], old_from, str(origin), initial, cand.valid_from,
        stored_dated=old["event_when"] is not None, incoming_said_at=said, incoming_changed=changed)
    stored_invalid = winner == "stored"
    if not stored_invalid:
        row = insert()
        at = _end(cand, said, old, old_from)
        after_old = validity.invalidate(store, old["id"], at, f"contradicted by #{row['id']} ({plan.reason})")
        reason = f"{plan.reason}; #{old['id']} invalid from {_told(cand, at).isoformat()}"
    elif cand.valid_from < old_from:
        row = insert(invalid_at=old_from, invalid_reason=f"older than #{old['id']}, which contradicts it")
        after_old = old
        reason = f"{plan.reason}; incoming fact is older than #{old['id']}: stored already invalid"
    else:
        row = insert(invalid_at=cand.valid_from,
                     invalid_reason=f"contradicts #{old['id']} set by the user (confidence {old['confidence']:.2f}); "
                                    "an extracted guess does not overturn it")
        after_old = old
        reason = f"{plan.reason}; #{old['id']} was set by the user and wins: incoming stored invalid"
    store.record_event(user_id=user, action=Decision.CONFLICT, item_id=row["id"], other_item_id=old["id"],
                       source_id=src, reason=reason, before=snapshot(old),
                       after={"new": snapshot(row), "other": snapshot(after_old)}, **base)
    if not stored_invalid:
        keep_untouched(store, user, old, cand, Decision.CONFLICT, row["id"])  # a combined memory's other facts stay

        sibs = same_belief(store, user, old, cand)  # and a job changed or left: its workplace and title end together
        sibs += [r for r in ended_with(store, user, cand, old) if r["id"] not in {s["id"] for s in sibs}]
        for sib in (s for s in sibs if s["id"] not in keep and s["id"] != row["id"]):  # (never the new row itself:
            # 我没有车了 in owns.车 after 我有一辆车 read as a copy of the belief it ends, stored ended: round 46)
            sib_from = from_iso(sib["valid_from"])
            if conf.adjudicate(sib["origin"], sib["confidence"], sib_from, str(origin), initial, cand.valid_from,
                               stored_dated=sib["event_when"] is not None, incoming_said_at=said,
                               incoming_changed=changed) == "stored":
                continue  # a user-set or later belief stands
            sib_at = _end(cand, said, sib, sib_from)
            after_sib = validity.invalidate(store, sib["id"], sib_at,
                                            f"contradicted by #{row['id']} with #{old['id']}, which says the same")
            store.record_event(user_id=user, action=Decision.CONFLICT, item_id=row["id"], other_item_id=sib["id"],
                               source_id=src, reason=f"#{sib['id']} says what #{old['id']} says (slot {old['slot']}): "
                                                    f"invalid from {_told(cand, sib_at).isoformat()} too",
                               before=snapshot(sib), after={"new": snapshot(row), "other": snapshot(after_sib)},
                               **base)
    return DecisionResult(decision=Decision.CONFLICT, item_id=row["id"], other_item_id=old["id"], reason=reason,
                          stored_invalid=stored_invalid, **base)


def _end(cand: Candidate, said: datetime, old: dict[str, Any], began: datetime) -> datetime:
    """When ``old`` (which began at ``began``) stops holding, contradicted by ``cand`` said at ``said``:
    :func:`~memcli.write.dated_change.end_at`; for a fact of a being or thing the user had whose ending ``cand``
    tells ("I gave the dog away last year", 咪咪去年送人了: :func:`~memcli.write.thing_ended.having_ended`) the
    told time itself, never before ``began`` (round 44: it was the time said)."""
    from memcli.write.dated_change import end_at
    from memcli.write.linked_change import thing_kind
    from memcli.write.thing_ended import having_ended

    if thing_kind(old["slot"]) and having_ended(cand.statement) is not None:
        return max(cand.valid_from, began)
    return end_at(cand.valid_from, said, began)


def _told(cand: Candidate, at: datetime) -> datetime:
    """The time an event's reason gives for an invalidation at ``at``: ``at`` for the end of a thing the user had
    (:func:`_end`), else the incoming fact's valid time, as it always read."""
    from memcli.write.thing_ended import having_ended

    return at if having_ended(cand.statement) is not None else cand.valid_from


def reinforce(store: MemoryStore, settings: Settings, user: str, row: dict, candidate: Candidate,
               source_ids: Sequence[int], level: Level, cosine: float | None, reason: str,
               judge: str | None = None) -> DecisionResult:
    """NOOP: confidence up, last confirmation moved to the candidate's time, sources linked.

    A restatement said *before* the stored valid_from (a late-drained older capture) moves
    valid_from back: the fact is now known to have held since then (world time). One dating it finer inside the
    stored date ("on 3 March 2024" after "in March 2024") refines valid_from and ``event_when`` to its own; one
    dating it coarser leaves them (:func:`memcli.write.dated_change.finer_told`, round 46)."""
    last = max(from_iso(row["last_confirmed_at"]), candidate.confirmed_at or candidate.valid_from)
    fields: dict = {"confidence": conf.reinforced(row["confidence"], settings), "last_confirmed_at": last,
                    "confirmations": row["confirmations"] + 1}
    from memcli.write.dated_change import dated_at, finer_told

    finer = finer_told(row, candidate)  # round 46: one start told again with a finer date (or a coarser one)
    if finer > 0:
        fields["event_when"] = candidate.event_when
        if dated_at(candidate):  # (a valid time the date set, not the time it was said)
            fields["valid_from"] = candidate.valid_from
    elif candidate.valid_from < from_iso(row["valid_from"]) and finer == 0:
        fields["valid_from"] = candidate.valid_from
    new = store.update_item(row["id"], **fields)
    for sid in source_ids:
        store.link_source(row["id"], sid)
    store.record_event(user_id=user, action=Decision.NOOP, item_id=row["id"],
                       source_id=source_ids[0] if source_ids else None, level=level, cosine=cosine, judge=judge,
                       reason=reason, before=snapshot(row), after=snapshot(new))
    return DecisionResult(decision=Decision.NOOP, level=level, item_id=row["id"], other_item_id=row["id"],
                          cosine=cosine, judge=judge, reason=reason)
