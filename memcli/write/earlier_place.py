"""A home or workplace told with a date before the stored one's: history, stored already invalid (round 45).

Round 45 dates a fact by the calendar date it is told with ("back in 2015 I lived in Oslo" → valid from 1 January
2015: :mod:`memcli.write.rules.en_told_date`). Told after "I live in Leeds", such a past home is the earlier value of
the one-value ``residence`` slot, yet the judge read it as a more specific statement of the stored home (UPDATE
p=0.67: Leeds retired, Oslo the home) or as another fact beside it (ADD: two homes). :func:`earlier_plan` makes it
the CONFLICT whose outcome stores the incoming fact already invalid (``invalid_at`` = the stored one's valid time:
:func:`memcli.write.outcome.conflict`, "incoming fact is older", whatever confidence rule 3 would choose for a stored
fact with no told date said before it): the record of the past home stays, the present home stands.

Only a past state, not a change: a ``residence`` or ``workplace`` (one value at a time) told in a year before the year
the stored one holds from (years, as :func:`memcli.write.home_left.began_after` compares: a fact told weeks after a
move is that move's), with another value (neither holding the other: a street of the city is the same home told
closer), by a statement that tells no change (:func:`memcli.write.value_types.change_marker`: "I moved to Cardiff
last year" told after "I live in Bristol" is news, and confidence rule 3 ends Bristol when it was said — round 19).
A fact told with no date is valid from when it was said, never before a stored one: decided as before.

Reads only; runs in :func:`memcli.write.decide.decide` before the judge's plan stands.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import UTC
from typing import Any

import numpy as np

from memcli.models import Candidate, Decision, Level
from memcli.settings import Settings
from memcli.slots import split_slot
from memcli.write.decide_range import Plan, _cosine_to
from memcli.write.pair_facts import facts_of
from memcli.write.place_moved import same_place
from memcli.write.value_types import change_marker

__all__ = ["HISTORY", "earlier_plan"]

#: the judge name of its plan: the outcome stores the incoming fact already invalid whatever confidence rule 3 would
#: choose (an undated stored home loses to a fact said after it there: "I moved to Leeds last week" — not to history)
HISTORY = "history"

_ONE_VALUE = ("residence", "workplace")


def earlier_plan(store: Any, settings: Settings, user: str, cand: Candidate, vector: np.ndarray | None,  # noqa: ARG001
                 plan: Plan, exclude: Collection[int] = ()) -> Plan | None:
    """CONFLICT with the user's active ``residence`` / ``workplace`` memory of another value that holds from a later
    year than ``cand`` is valid from (see the module doc); None: no such memory (``plan`` stands). Reads only."""
    if not cand.slot or split_slot(cand.slot)[1] not in _ONE_VALUE:
        return None
    new = facts_of(cand.statement, cand.slot)
    told = cand.valid_from.astimezone(UTC).isoformat()[:4]
    if new.slot != cand.slot or not new.value or change_marker(cand.statement):
        return None  # (a move told late is news: confidence rule 3 ends the stored home when it was said)
    for row in store.active_in_slot(user, cand.slot):
        if row["id"] in exclude or row["valid_from"][:4] <= told:
            continue
        old = facts_of(row["statement"], row["slot"])
        if not old.value or same_place(new.value, old.value):
            continue
        what = split_slot(cand.slot)[1]
        return Plan(Decision.CONFLICT, Level.JUDGE, row, _cosine_to(store, row["id"], vector, ()),
                    f"an earlier {what} told with its year ({new.value}, {told}) beside the one held since "
                    f"{row['valid_from'][:4]} ({old.value}): history; {plan.reason}", HISTORY)
    return None
