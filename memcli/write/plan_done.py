"""A planned move done ends the plan (round 47).

"我们打算下个月从A区搬到B区" then "今天搬家…新家在B区…" (read as 我们现在住在B区: :mod:`memcli.write.zh_change_told`):
the home is stored, but the plan stayed active beside it — a plan still ahead, though it is done. The candidate of a
move done carries the place it moved to (``moved_to``); :func:`plan_done` ends the nearest active memory that plans
a move (打算/准备/计划/要 … 搬到/搬去 …) to that place — a CONFLICT: the plan held until the move (``invalid_at`` =
the move's time), kept in history (it still says where the user lived before). None: no such plan (the ADD stands).
Reads only.
"""

from __future__ import annotations

import re
from collections.abc import Collection

import numpy as np

from memcli.db.store import MemoryStore
from memcli.models import Candidate, Decision, Level
from memcli.settings import Settings
from memcli.write.decide_range import Plan, neighbors_of

__all__ = ["plan_done"]

#: a plan to move home: (打算/准备/计划/要/想) … 搬到/搬去/搬家 …
_MOVE_PLAN = re.compile(r"(?:打算|准备|计划|要|想)[^，,。！!？?]{0,12}?(?:搬到|搬去|搬家|搬回)")


def plan_done(store: MemoryStore, settings: Settings, user: str, cand: Candidate, vector: np.ndarray | None,
              plan: Plan, exclude: Collection[int] = ()) -> Plan | None:
    """CONFLICT with the active plan to move that ``cand`` (a move done, with ``moved_to`` in its metadata) carries
    out (see the module doc), or None."""
    place = (cand.metadata or {}).get("moved_to")
    if not isinstance(place, str) or len(place) < 2:
        return None
    for nb in neighbors_of(store, user, vector, settings.decide_neighbors):
        if nb.id in exclude or not _MOVE_PLAN.search(nb.statement) or place[:2] not in nb.statement:
            continue
        return Plan(Decision.CONFLICT, Level.JUDGE, store.get_item(user, nb.id), nb.cosine,
                    f"the planned move to {place[:2]} is done: #{nb.id} ends; {plan.judge or plan.level.value} said "
                    f"{plan.decision.value}", "slot")
    return None
