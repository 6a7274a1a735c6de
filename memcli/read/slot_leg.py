"""The slot leg: a question about an attribute reaches the memories of that slot.

After 我住在上海 (January) and 我搬到北京了 (June), ``search 我住在哪`` found nothing: the old
fact is rightly hidden, its replacement shares no token with the question (搬到/北京 vs
住/哪) and the dense cosine is under the floor. But both sides know the *slot*: extraction
stored 我搬到北京了 under ``residence``, and the question asks about ``residence``.

So the query's slots are detected with the SAME vocabulary extraction uses
(:func:`memcli.slots.query_slots`: attribute trigger words and relation keys, Chinese and
English; traditional Chinese read as simplified), and the user's active (or believed-at-T)
memories whose slot is one of them — exactly, or by prefix for keyed attributes
(``allergy`` → ``allergy.peanut``) — form a third ranked list for RRF (weight
``settings.weight_slot``), most recent first within a slot. A hit of this leg is relevant by
construction, so the dense-only cosine floor does not apply to it.

Read path: imports ``memcli.slots`` (a leaf) and the store, never ``memcli.write``.
"""

from __future__ import annotations

from datetime import datetime

from memcli.db.store import MemoryStore
from memcli.text import to_simplified

__all__ = ["MAX_QUERY_SLOTS", "query_slot_keys", "slot_leg"]

MAX_QUERY_SLOTS = 4


def query_slot_keys(query: str) -> list[str]:
    """The slot keys a query asks about, best first (at most :data:`MAX_QUERY_SLOTS`)."""
    from memcli.slots import query_slots

    keys: list[str] = []
    for k in query_slots(to_simplified(query)):
        if k and k not in keys:
            keys.append(k)
    return keys[:MAX_QUERY_SLOTS]


def slot_leg(store: MemoryStore, user: str, keys: list[str], *, limit: int,
             as_of: datetime | None = None) -> list[int]:
    """Ids of the user's memories whose slot is one of ``keys`` (or under one), best first
    (:meth:`memcli.db.store.MemoryStore.slot_search`)."""
    return store.slot_search(user, keys, limit=limit, as_of=as_of) if keys else []
