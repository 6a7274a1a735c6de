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

from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.governance.validity import as_of_sql
from memcli.text import to_simplified
from memcli.timeutil import iso

__all__ = ["MAX_QUERY_SLOTS", "query_slot_keys", "slot_leg", "slot_sql"]

MAX_QUERY_SLOTS = 4


def query_slot_keys(query: str) -> list[str]:
    """The slot keys a query asks about, best first (at most :data:`MAX_QUERY_SLOTS`)."""
    from memcli.slots import query_slots

    keys: list[str] = []
    for k in query_slots(to_simplified(query)):
        if k and k not in keys:
            keys.append(k)
    return keys[:MAX_QUERY_SLOTS]


def _escape_like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def slot_sql(n_keys: int, *, as_of: bool = False) -> str:
    """SQL for the slot leg. Params: (user, [T, T if as_of], key1, key1-prefix, ..., case params, limit).

    Rows: ``id``; ranked by the position of the matching key, then newest valid time.
    """
    if n_keys < 1:
        raise ValueError("n_keys must be >= 1")
    match = " OR ".join(["(i.slot = ? OR i.slot LIKE ? ESCAPE '\\')"] * n_keys)
    rank = " ".join(["WHEN i.slot = ? OR i.slot LIKE ? ESCAPE '\\' THEN " + str(n) for n in range(n_keys)])
    active = as_of_sql("i") if as_of else "(i.invalid_at IS NULL AND i.expired_at IS NULL)"
    return (f"SELECT i.id AS id FROM {s.ITEMS} i WHERE i.user_id = ? AND {active} AND ({match}) "
            f"ORDER BY CASE {rank} ELSE {n_keys} END, i.valid_from DESC, i.id DESC LIMIT ?")


def slot_leg(store: Store, user: str, keys: list[str], *, limit: int, as_of: datetime | None = None) -> list[int]:
    """Ids of the user's memories whose slot is one of ``keys`` (or under one), best first."""
    if not keys:
        return []
    pairs: list[object] = []
    for k in keys:
        pairs += [k, _escape_like(k) + ".%"]
    at = [iso(as_of), iso(as_of)] if as_of else []
    rows = store.q(slot_sql(len(keys), as_of=as_of is not None), [user, *at, *pairs, *pairs, int(limit)])
    return [int(r["id"]) for r in rows]
