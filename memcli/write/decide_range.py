"""The decision's reads and the whole-range judge step (:mod:`memcli.write.decide`), and the same reads
done once for a drained batch.

:func:`decide_whole_range` is the step of a judge that weighs cosine itself (the fitted judge): it is
shown the same slot at any cosine and the neighbours at or above ``dedup_lower``.

**A batch's lookups** (:func:`prefetch`): the drain writes a claimed batch in one transaction, task
after task, and each decision reads what the tasks before it wrote. A candidate whose user has no
decision before it in the batch — the first candidate of the first task of each user with candidates
— reads exactly what the batch found when it began, so its lookups are made up front, inside the
batch's transaction, before anything is written: the exact statements and the same-slot rows of all of
them in one statement each, their neighbours (one KNN each, on the writer's copy of the user's vectors
or vec0, which takes one query vector per MATCH; the copies checked and the neighbours' rows read in one
statement each: ``neighbors_many``), and, for a judge with ``judge_many`` (the fitted one), every verdict
in one numpy pass (pair features stacked, one softmax, one set of floors). Every later candidate of a
user reads the store as before. The decisions are the ones :func:`memcli.write.decide.decide` makes one at a time.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from memcli.db.store import MemoryStore
from memcli.models import Candidate, Decision, Level
from memcli.settings import Settings
from memcli.text import normalize
from memcli.timeutil import from_iso
from memcli.write.decide_reads import DecisionReads, vector_key
from memcli.write.judge import HARD_GUARDS, Judge, Neighbor, Verdict, check_verdict, facts_of, guard, other_person
from memcli.write.rules import Facts

__all__ = ["Plan", "Prefetched", "decide_whole_range", "neighbors_of", "prefetch", "target_and_neighbors"]


@dataclass(frozen=True)
class Plan:
    """What the decision chose, before anything is written."""

    decision: Decision
    level: Level
    target: dict[str, Any] | None
    cosine: float | None
    reason: str
    judge: str | None = None


@dataclass(frozen=True)
class Prefetched:
    """One candidate's reads made when its batch began (:func:`prefetch`): the exact match, the
    same-slot rows, the neighbours, and the judge's verdict on ``shown`` (None: not judged up front);
    ``seen``: the candidate's reading and the pool and list :func:`_shown` gave it then (None: not read up
    front), so the decision reads them again only when it must exclude something (round 36)."""

    same: dict[str, Any] | None
    slot_rows: list[dict[str, Any]]
    nbs: list[Neighbor]
    shown: tuple[int, ...] = ()
    verdict: Verdict | None = None
    seen: tuple[Facts, dict[int, Neighbor], list[Neighbor]] | None = None


#: what the decision compares of a statement (:func:`memcli.write.judge.facts_of`, cached): asked ~10 times a decision
_facts = facts_of

#: a stored time parsed once (a neighbour's ``valid_from``: every KNN row of every decision is one)
_stored_time = lru_cache(maxsize=65536)(from_iso)


def _as_neighbor(row: dict[str, Any], cosine: float | None) -> Neighbor:
    """A stored item row as a judge sees it (``cosine`` None: unknown, shown as 0)."""
    return Neighbor(id=row["id"], statement=row["statement"], slot=row["slot"], cosine=cosine if cosine is not None
                    else 0.0, valid_from=_stored_time(row["valid_from"]), origin=row["origin"],
                    confidence=row["confidence"])


def _guarded_noop(new: Facts, target: dict[str, Any], verdict_reason: str, judge_name: str, cos: float) -> Plan | None:
    """A judge's NOOP across a polarity flip or another number: never a reinforcement — and
    never both left standing either (issue 15 §1): the judge found the two about the same thing,
    the guard found them opposite, so they contradict: a recorded CONFLICT. None: no such guard."""
    g = guard(new, _facts(target["statement"], target["slot"]))
    if g not in HARD_GUARDS:
        return None
    return Plan(Decision.CONFLICT, Level.JUDGE, target, cos,
                f"judge {judge_name} said NOOP ({verdict_reason}), but {g}: CONFLICT by the guard (cosine {cos:.3f})",
                judge_name)


def neighbors_of(store: MemoryStore, user: str, vector: np.ndarray | None, k: int) -> list[Neighbor]:
    """The ``k`` nearest active memories of ``user`` by cosine similarity, nearest first.

    KNN inside vec0 (partition ``user_id``, metadata ``active = 1``), so no filter after
    the KNN can shrink the list. ``vector``: float32 (dim,), L2-normalised. Through a
    :class:`~memcli.write.decide_reads.DecisionReads`, read once per decision.
    """
    if vector is None:
        return []
    if isinstance(store, DecisionReads):  # one decision's reads: the same neighbours read once
        return store.cached(("nbs", user, vector_key(vector), k), lambda: neighbors_of(store._store, user, vector, k))
    return _neighbors(store.neighbors(user, vector, k))


def target_and_neighbors(store: MemoryStore, settings: Settings, user: str, vector: np.ndarray | None,
                         target: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The item rows a rule that ends a stored fact reads: ``target`` (the judge's, when there is one), then
    the ``settings.decide_neighbors`` nearest active memories of ``user`` (:func:`neighbors_of`), nearest
    first; a row may come twice (the target is a neighbour too). [] rows of neighbours when ``vector`` is None."""
    rows: list[dict[str, Any]] = [target] if target is not None else []
    ids = [nb.id for nb in neighbors_of(store, user, vector, settings.decide_neighbors)] if vector is not None else []
    return rows + (store.items_by_ids(user, ids) if ids else [])


def _neighbors(rows: Sequence[dict[str, Any]]) -> list[Neighbor]:
    """:meth:`~memcli.db.store.MemoryStore.neighbors` rows as the judge sees them, cosine to 6 places."""
    return [_as_neighbor(r, round(r["cosine"], 6)) for r in rows]


def _neighbors_many(store: MemoryStore, queries: Sequence[tuple[str, np.ndarray]], k: int) -> list[list[Neighbor]]:
    """:func:`neighbors_of` of each (user, vector): read together when the store can
    (``neighbors_many``: SQLite, one statement for all the rows), else one by one."""
    many = getattr(store, "neighbors_many", None)
    if many is None:
        return [neighbors_of(store, user, vec, k) for user, vec in queries]
    return [_neighbors(rows) for rows in many(queries, k)]


def _cosine_to(store: MemoryStore, item_id: int, vector: np.ndarray | None, nbs: Sequence[Neighbor]) -> float | None:
    for nb in nbs:
        if nb.id == item_id:
            return nb.cosine
    if vector is None:
        return None
    stored = store.vector_of(item_id)
    if stored is None:
        return None
    return round(float(stored @ np.asarray(vector, dtype=np.float32)), 6)


def _shown(store: MemoryStore, settings: Settings, new: Facts, vector: np.ndarray | None, nbs: Sequence[Neighbor],
           slot_rows: Sequence[dict[str, Any]], exclude: Collection[int]) -> tuple[dict[int, Neighbor], list[Neighbor]]:
    """The pool a whole-range judge weighs (the same slot at any cosine, the neighbours at or above
    ``dedup_lower``) and what it is shown of it (not excluded, not another person's), nearest first."""
    pool: dict[int, Neighbor] = {}
    for row in slot_rows:
        pool[row["id"]] = _as_neighbor(row, _cosine_to(store, row["id"], vector, nbs))
    for nb in nbs:
        if nb.cosine >= settings.dedup_lower:
            pool.setdefault(nb.id, nb)
    shown = [nb for nb in pool.values()
             if nb.id not in exclude and not other_person(new, _facts(nb.statement, nb.slot))]
    shown.sort(key=lambda nb: -nb.cosine)
    return pool, shown


def decide_whole_range(store: MemoryStore, settings: Settings, user: str, candidate: Candidate,
                       vector: np.ndarray | None, judge: Judge, new: Facts, nbs: Sequence[Neighbor],
                       exclude: Collection[int] = (), pre: Prefetched | None = None) -> Plan:
    """A judge that weighs cosine itself (:class:`~memcli.write.fitted.FittedJudge`) sees every
    stored memory worth comparing: the same slot at any cosine, and the neighbours at or above
    ``dedup_lower`` — except those about another person of the user's life (never one fact).
    ``pre``: the batch's reads and verdict for this candidate (:func:`prefetch`)."""
    rows = (pre.slot_rows if pre is not None else store.active_in_slot(user, new.slot)) if new.slot else []
    if pre is not None and pre.seen is not None and not exclude and pre.seen[0] == new and nbs is pre.nbs:
        pool, shown = pre.seen[1], list(pre.seen[2])  # what prefetch's _shown gave: the same reads, nothing written
    else:
        pool, shown = _shown(store, settings, new, vector, nbs, rows, exclude)
    top = nbs[0].cosine if nbs else None
    if not shown:
        why = ("a new fact: the close memories are about someone else" if pool else
               "no stored memory to compare with" if not nbs else f"cosine {top:.3f} < lower {settings.dedup_lower}")
        return Plan(Decision.ADD, Level.JUDGE if pool else Level.VECTOR, None, top, why, "subject" if pool else None)
    judged = pre.verdict if pre is not None and pre.shown == tuple(nb.id for nb in shown) else None
    verdict = check_verdict(judged or judge.judge(candidate, shown), shown, judge.name)
    if verdict.decision == Decision.ADD or verdict.target_id is None:
        return Plan(Decision.ADD, Level.JUDGE, None, shown[0].cosine, verdict.reason, judge.name)
    target = store.get_item(user, verdict.target_id)
    cos = next(nb.cosine for nb in shown if nb.id == verdict.target_id)
    if verdict.decision == Decision.NOOP and (plan := _guarded_noop(new, target, verdict.reason, judge.name, cos)):
        return plan
    return Plan(verdict.decision, Level.JUDGE, target, cos, verdict.reason, judge.name)


def prefetch(store: MemoryStore, settings: Settings, judge: Judge,
             items: Sequence[tuple[str, Candidate, np.ndarray | None]]) -> list[Prefetched]:
    """The reads of ``items`` — (user, enriched candidate, vector), each the first of its user in a
    batch, so nothing the batch writes can change them — made together: the exact statements and the
    same-slot rows in one statement each, the neighbours (their rows in one statement), and (a judge
    with ``judge_many``) the verdicts on what each would be shown, in one pass. Call inside the batch's
    transaction, before its first write."""
    exact = store.find_exact_many([(u, normalize(c.statement)) for u, c, _ in items])
    facts = [_facts(c.statement, c.slot) for _, c, _ in items]
    slots = store.active_in_slots(sorted({(u, f.slot) for (u, _, _), f in zip(items, facts, strict=True) if f.slot}))
    sames = [exact.get((user, normalize(cand.statement))) for user, cand, _ in items]
    asked = [i for i, ((_, _, vec), same) in enumerate(zip(items, sames, strict=True))
             if same is None and vec is not None]  # the neighbours of all of them: one statement for their rows
    near = dict(zip(asked, _neighbors_many(store, [(items[i][0], items[i][2]) for i in asked],
                                           settings.decide_neighbors), strict=True))
    out, todo = [], []
    for i, ((user, cand, vec), new, same) in enumerate(zip(items, facts, sames, strict=True)):
        nbs = near.get(i, [])
        rows = slots.get((user, new.slot), []) if new.slot else []
        pre = Prefetched(same, rows, nbs)
        if same is None and getattr(judge, "whole_range", False) and hasattr(judge, "judge_many"):
            pool, shown = _shown(store, settings, new, vec, nbs, rows, ())
            pre = Prefetched(same, rows, nbs, tuple(nb.id for nb in shown), seen=(new, pool, shown))
            if shown:
                todo.append((len(out), cand, shown))
        out.append(pre)
    if todo:
        verdicts = judge.judge_many([(cand, shown) for _, cand, shown in todo])  # type: ignore[attr-defined]
        for (i, _, _), v in zip(todo, verdicts, strict=True):
            p = out[i]
            out[i] = Prefetched(p.same, p.slot_rows, p.nbs, p.shown, v, p.seen)
    return out
