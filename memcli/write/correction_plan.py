"""A correction the judge read as a fact of its own: the stored memory that says the denied value ends.

"Sorry, I meant Kim's party is on the 9th, not the 2nd" after "My friend Kim is having a party on
May 2nd": the clause units store "Kim's party is on the 9th" (:mod:`memcli.write.correction`), another
slot and other words than the stored fact, so the judge said ADD and both dates stayed active. The
user said which value was wrong: the nearest active memory (cosine at or over ``dedup_lower``) that
says it (:func:`~memcli.write.correction.says_denied`), shares a content word with the correction
(the name, the thing) and does not already say the corrected statement's own numbers is the one
corrected — a CONFLICT (the older belief ends in world time, as :meth:`memcli.memory.Memory.correct`
ends it). No such memory: the judge's ADD stands.
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
