"""A change or correction of one part of a combined memory keeps the memory's other facts.

A turn stored as one memory may hold two facts ("My car is a blue Golf and the plate is ABX-3390",
我表姐在银行上班，她住在杭州); a later turn that contradicts or refines one of them ("Sorry, I meant the
plate is ABX-3309") ends the whole memory in world time, and the fact it did not touch (the blue Golf) was
hidden with it (round 21's trial: "What does my husband do?" got nothing after his birthday was corrected).

The decision (:mod:`memcli.write.decide`) still ends the memory — the value it holds is no longer true, and a
memory holds only true values — and then re-stores what the new statement does not touch
(:func:`untouched_parts`): each other clause of the old memory as a memory of its own, valid from when the
old one was, same origin and confidence, its sources linked, its vector the old memory's (the words it kept
are what that vector was read from; the decision has no embedder). One event per re-stored part, naming the
memory it came from.

A clause is touched when it shares the new statement's slot, holds a number the change moved (ABX-3390),
or, when none does, is the clause closest in words to the new statement; a clause the new statement
restates (half its content words or more in the new one) is carried by the new memory, not re-stored.
Pure functions over text but :func:`keep_untouched`.
"""

from __future__ import annotations

import re
from typing import Any

from memcli.models import Candidate, Decision, Kind
from memcli.text import lang_of, to_simplified

__all__ = ["keep_untouched", "untouched_parts"]

#: where a memory's statement is cut into clauses: a sentence or clause mark, or (English) "and"/"but"
#: before a clause with its own subject and verb ("… and the plate is ABX-3390", "… and his birthday is …")
_ZH_CUT = re.compile(r"\s*[，,；;。！!？?]\s*")
_EN_CUT = re.compile(r"\s*(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bDr)(?<!\bSt)[;.!?]\s+|"
                     r",?\s+(?:and|but)\s+(?=(?:the|my|our|his|her|its|their|i|he|she|it|we|they)\b"
                     r"[^,;]{0,40}?\b(?:is|are|was|were|has|have|had|lives|works|loves|likes)\b)", re.I)
#: a clause that says nothing on its own: too few content words
_MIN_CONTENT = 2


def _clauses(statement: str) -> list[str]:
    zh = lang_of(statement) == "zh"
    parts = [p.strip(" ，,。.") for p in (_ZH_CUT if zh else _EN_CUT).split(statement)]
    return [p for p in parts if p]


def untouched_parts(old: str, new: str, new_slot: str | None) -> list[str]:
    """The clauses of the stored statement ``old`` that the incoming statement ``new`` (slot ``new_slot``)
    neither changes nor restates (see the module doc), in order; empty when ``old`` is one clause or every
    clause is touched."""
    from memcli.write.deed_change import ends_whole
    from memcli.write.pair_facts import facts_of
    from memcli.write.rules.match import mixed_content_units, numbers_of
    from memcli.write.workplace_moved import job_kept

    if job := job_kept(old, new, new_slot):  # a job told with its workplace: the job stays when the user starts
        return [job]  # at another workplace (round 31)
    if ends_whole(old, new):  # a medicine switched, a landlord left, a thing traded: its dose or name goes too
        return []  # (round 32)
    parts = _clauses(old)
    if len(parts) < 2:
        return []
    new_units = mixed_content_units(to_simplified(new))
    moved = set(numbers_of(to_simplified(old))) - set(numbers_of(to_simplified(new)))
    touched: set[int] = set()
    units = [mixed_content_units(to_simplified(p)) for p in parts]
    for i, p in enumerate(parts):
        f = facts_of(p)
        if (new_slot and f.slot == new_slot) or (moved and moved & set(numbers_of(to_simplified(p)))):
            touched.add(i)
    if not touched:  # the clause closest in words to the new statement is the one it changes
        best = max(range(len(parts)), key=lambda i: len(units[i] & new_units) / max(len(units[i]), 1))
        if not units[best] & new_units:
            return []  # no clause the new statement speaks of: nothing is known to be untouched
        touched.add(best)
    out = []
    for i, p in enumerate(parts):
        u = units[i]
        if i in touched or len(u) < _MIN_CONTENT or len(u & new_units) * 2 >= len(u):
            continue
        out.append(p)
    return out


def keep_untouched(store: Any, user: str, old: dict[str, Any], cand: Candidate, decision: Decision,
                   new_id: int) -> list[dict[str, Any]]:
    """Re-store the clauses of the ended memory ``old`` that ``cand`` does not touch (:func:`untouched_parts`),
    each a memory of its own with one ADD event; the rows written (none: nothing untouched)."""
    from memcli.timeutil import from_iso

    rows = _taken_now(store, user, old, cand, new_id)
    parts = untouched_parts(old["statement"], cand.statement, cand.slot)
    if not parts:
        return rows
    vector = store.vector_of(old["id"])
    sources = store.source_ids_of(old["id"])
    return rows + [_store_kept(store, user, old, part, old["confidence"], from_iso(old["valid_from"]), vector, sources,
                               old["id"], f"the part of #{old['id']} that #{new_id} ({decision.value}) does not touch: "
                                          "kept") for part in parts]


def _taken_now(store: Any, user: str, old: dict[str, Any], cand: Candidate, new_id: int) -> list[dict[str, Any]]:
    """The medicine a switch told in ``cand`` has the user take now, stored as a present fact beside the switch
    (:func:`memcli.write.deed_change.taken_now`; round 32): valid from the switch, from its turn, with the vector of
    the taking it ends (one memory of what is taken). Empty when ``cand`` switches no medicine ``old`` told taken."""
    from memcli.write.deed_change import taken_now

    if (now := taken_now(old["statement"], cand.statement)) is None:
        return []
    return [_store_kept(store, user, old, now, cand.confidence, cand.valid_from, store.vector_of(old["id"]),
                        store.source_ids_of(new_id), new_id,
                        f"what #{new_id} (a medicine switched) has the user take now, #{old['id']} ended")]


def _store_kept(store: Any, user: str, old: dict[str, Any], statement: str, confidence: float, valid_from: Any,
                vector: Any, sources: list[int], other_id: int, reason: str) -> dict[str, Any]:
    """``statement`` stored as a memory of ``old``'s kind, salience, origin and confidence, with ``vector`` (old's,
    or None) and ``sources``, and its one ADD event (judge ``untouched``, naming ``other_id``); the row written."""
    from memcli.db.store import snapshot
    from memcli.write.pair_facts import facts_of

    kept = Candidate(statement=statement, kind=Kind(old["kind"]) if old["kind"] in Kind._value2member_map_ else
                     Kind.OTHER, slot=facts_of(statement).slot, salience=old["salience"], confidence=confidence,
                     valid_from=valid_from)
    row = store.insert_item(user_id=user, candidate=kept, origin=old["origin"], confidence=old["confidence"],
                            vector=vector, model=old.get("embed_model") if vector is not None else None,
                            source_ids=sources)
    store.record_event(user_id=user, action=Decision.ADD, item_id=row["id"], other_item_id=other_id,
                       source_id=sources[0] if sources else None, reason=reason, after=snapshot(row), level="judge",
                       cosine=None, judge="untouched")
    return row
