"""Subject expansion: a hit about a subject brings that subject's facts the query asks about.

``那个来自重庆的人叫什么名字？`` after ``我上司的老家是重庆。`` and ``我的上司叫赵雅琳。``: the hit on
重庆 is found (``boss.hometown``), but the name shares nothing with the question. Both facts
carry the subject in their slot (``boss.…``, written by the write path), and the question asks
for an attribute (``name``, :func:`memcli.slots.query_slots`). So for each of at most
:data:`MAX_SUBJECTS` subjects of the first :data:`LOOK_AT` hits that are not the user (a
relative, 我上司, my sister, a named person, a thing of theirs), ONE bounded slot query
(:meth:`~memcli.db.store.MemoryStore.slot_search`, an index range per key, at most
:data:`PER_SUBJECT` rows) fetches that subject's active facts whose attribute is one the
query names (``boss.name``, ``boss.like.运动``); they are placed right after the hit that
brought them (``Hit.via``), in the order of the query's attributes.

The user's own facts are not expanded (the slot leg already ranks them by attribute).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from memcli.db.store import MemoryStore
from memcli.slots import ME, split_slot

__all__ = ["MAX_SUBJECTS", "PER_SUBJECT", "expansions"]

MAX_SUBJECTS = 3  # subjects looked up: at most this many extra queries
LOOK_AT = 5  # among the first this many hits
PER_SUBJECT = 8  # rows per subject query


def expansions(store: MemoryStore, user: str, top: Sequence[tuple[int, str | None]], query_slots: Sequence[str], *,
               as_of: datetime | None = None) -> dict[int, list[int]]:
    """For ``top`` ((item id, slot) of the best hits, best first): parent id → ids of the same
    subject's facts with an attribute the query asks about (the parent itself left out), best
    first. Empty when the query names no attribute."""
    attrs = list(dict.fromkeys(split_slot(k)[1] for k in query_slots))
    out: dict[int, list[int]] = {}
    if not attrs:
        return out
    seen: set[str] = set()
    for item_id, slot in top[:LOOK_AT]:
        if not slot or len(seen) >= MAX_SUBJECTS:
            continue
        subject = split_slot(slot)[0]
        if subject == ME or subject in seen:
            continue
        seen.add(subject)
        ids = store.slot_search(user, [f"{subject}.{a}" for a in attrs], limit=PER_SUBJECT, as_of=as_of)
        ids = [i for i in ids if i != item_id]
        if ids:
            out[item_id] = ids
    return out
