"""A thing told by its name (旺财今年六岁了, ``thing:旺财.age``) is the thing of its kind the user named
(我的狗叫旺财, ``thing:狗.name``): the fact goes under the kind's slot (``thing:狗.age``), so it meets the
age told before (我的狗五岁了) in the slot comparison — before, both ages stayed active.

The named row is looked for among the candidate's nearest active memories (the decision reads them
anyway); a name that several stored names hold, or none, leaves the slot as extracted.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from memcli.db.store import MemoryStore
from memcli.models import Candidate
from memcli.slots import join_slot, split_slot
from memcli.text import to_simplified
from memcli.write.decide_range import neighbors_of

_KINDS_LOOKED_AT = 8
#: the end of the hard guard's objection to a shared slot at a low cosine (memcli.write.judge.hard_guard):
#: a slot the name gave links the two facts, not their words, so the decision sets it aside
LOW_COSINE_GUARD = "a shared slot read from words the model finds unrelated"


def kind_slot(
    store: MemoryStore, user: str, cand: Candidate, vector: np.ndarray | None, nbs: list[Any] | None = None
) -> str | None:
    """``thing:<kind>.<attribute>`` when ``cand``'s slot is ``thing:<name>.<attribute>`` and exactly one
    active ``thing:<kind>.name`` memory among its neighbours says that name; None otherwise."""
    if not cand.slot or not cand.slot.startswith(("thing:", "person:")):  # (豆豆 reads as a person's name)
        return None
    subject, attr, obj = split_slot(cand.slot)
    name = subject.partition(":")[2]
    if obj is not None or not attr or attr == "name" or not name or len(name) > 12:
        return None
    if nbs is None:
        nbs = neighbors_of(store, user, vector, _KINDS_LOOKED_AT)
    key = to_simplified(name).casefold()
    kinds = set()
    for nb in nbs:
        s = nb.slot or ""
        if not (s.startswith("thing:") and s.endswith(".name")):
            continue
        kind = s[len("thing:") : -len(".name")]
        if kind and kind != name and key in to_simplified(nb.statement).casefold():
            kinds.add(kind)
    if len(kinds) != 1:
        return None
    return join_slot(f"thing:{kinds.pop()}", attr)
