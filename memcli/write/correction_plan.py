"""A correction the judge read as a fact of its own: the stored memory that says the denied value ends.

"Sorry, I meant Kim's party is on the 9th, not the 2nd" after "My friend Kim is having a party on
May 2nd": the clause units store "Kim's party is on the 9th" (:mod:`memcli.write.correction`), another
slot and other words than the stored fact, so the judge said ADD and both dates stayed active. The
user said which value was wrong: the nearest active memory (cosine at or over ``dedup_lower``) that
says it (:func:`~memcli.write.correction.says_denied`), shares a content word with the correction
(the name, the thing) and does not already say the corrected statement's own numbers is the one
corrected — a CONFLICT (the older belief ends in world time, as :meth:`memcli.memory.Memory.correct`
ends it). No such memory: the judge's ADD stands.

Round 46: a short correction of the turn before ("不对，是三月十四号", "No wait, the 14th", "sorry, 是周四": the
candidate marked ``slip`` by :mod:`memcli.write.extract`, read from the earlier turn with the value replaced) says the
earlier value was never so — :func:`slip_plan` UPDATEs the memory that says the denied value (the judge's target, else
the neighbour :func:`corrected_plan` finds): the old one is retired in system time and the new one holds from the
old one's start (:func:`memcli.write.outcome.apply_plan`), a correction, not a change.
"""

from __future__ import annotations

from collections.abc import Collection

import numpy as np

from memcli.db.store import MemoryStore
from memcli.models import Candidate, Decision, Level
from memcli.settings import Settings
from memcli.write.correction import says_denied
from memcli.write.decide_range import Plan, neighbors_of
from memcli.write.judge import facts_of
from memcli.write.pair_facts import content_units


def slip_plan(
    store: MemoryStore,
    settings: Settings,
    user: str,
    cand: Candidate,
    vector: np.ndarray | None,
    plan: Plan,
    exclude: Collection[int] = (),
) -> Plan | None:
    """UPDATE of the memory a short correction of the turn before puts right (see the module doc), or None (not
    such a correction, or no memory says the denied value)."""
    meta = cand.metadata or {}
    denied = meta.get("corrects")
    if not meta.get("slip") or not denied or not isinstance(denied, list):
        return None
    target = plan.target if plan.decision in (Decision.CONFLICT, Decision.UPDATE) else None
    if target is not None and target["id"] not in exclude and says_denied(
            [str(d) for d in denied], target["statement"], facts_of(target["statement"], target["slot"]).numbers,
            tuple(n for d in denied for n in facts_of(str(d), None).numbers)):
        return Plan(Decision.UPDATE, Level.JUDGE, target, plan.cosine,
                    f"a correction of the turn before: #{target['id']} says the value the user took back "
                    f"({', '.join(map(str, denied))}); {plan.judge or plan.level.value} said {plan.decision.value}",
                    "correction")
    found = corrected_plan(store, settings, user, cand, vector, plan, exclude)
    if found is None:
        return None
    return Plan(Decision.UPDATE, found.level, found.target, found.cosine,
                found.reason.replace("a correction:", "a correction of the turn before:", 1), "correction")


def corrected_plan(
    store: MemoryStore,
    settings: Settings,
    user: str,
    cand: Candidate,
    vector: np.ndarray | None,
    plan: Plan,
    exclude: Collection[int] = (),
) -> Plan | None:
    """CONFLICT with the memory ``cand`` corrects (see the module doc), or None."""
    denied = (cand.metadata or {}).get("corrects")
    if not denied or not isinstance(denied, list):
        return None
    new = facts_of(cand.statement, cand.slot)
    denied_numbers = tuple(n for d in denied for n in facts_of(str(d), None).numbers)
    words = content_units(cand.statement)
    for nb in neighbors_of(store, user, vector, settings.decide_neighbors):
        if nb.id in exclude or nb.cosine < settings.dedup_lower:
            continue
        old = facts_of(nb.statement, nb.slot)
        if not (words & content_units(nb.statement)) or (new.numbers and set(new.numbers) <= set(old.numbers)):
            continue
        if says_denied([str(d) for d in denied], nb.statement, old.numbers, denied_numbers):
            return Plan(
                Decision.CONFLICT,
                Level.JUDGE,
                store.get_item(user, nb.id),
                nb.cosine,
                f"a correction: #{nb.id} says the value the user denied ({', '.join(map(str, denied))}); "
                f"{plan.judge or plan.level.value} said {plan.decision.value}",
                "correction",
            )
    return None
