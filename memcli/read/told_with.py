"""The rest of a telling: what the user said with the best hit (round 46).

People tell one thing over several clauses and turns: "Last Friday I took my kids to a pottery workshop. We
all made our own pots, it was fun." — or the friend asks "What did you make?" and the next turn says it. The
write path keeps each clause as its own memory, and a later question names the setting of the telling ("What
did they make at the pottery workshop?") while its answer is in a clause that shares no word with it: the
clause that names the workshop is the best hit, the one that says what was made is nowhere in the first five.
On LoCoMo's first five conversations 48 of the 80 answers that a stored memory held but search did not return
were of this kind — in the best hit's turn or in the speaker's next turn of the same session.

:func:`with_told_mates` puts the first memory told with the best hit — its own turn's other memories, then
those of the user's next turn in the same session (:meth:`~memcli.db.episode_store.EpisodeStore.next_turn`)
— in the last place of the list (the weakest hit gives way; a list shorter than ``limit`` takes it at the end),
unless that weakest hit was found by the question's own words (the lexical or the slot leg): it may be the
answer, and keeps its place (round 40's own chat lost two answers at the fifth place without this).
It is marked ``legs=["told_with"]``, ``via`` the best hit, and takes its answerability (its ``p_relevant``
and ``below_floor``): told together, it is as relevant as the hit it was told with, no more. English queries
only (the Chinese write path keeps a thing's details with it, :mod:`memcli.write.rules.zh_tails`), active
memories only (no ``as_of``), and only for a list of :data:`MIN_LIMIT` or more: one or two hits are the
best ones, no room for a mate.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from memcli.governance.confidence import effective
from memcli.read.results import Hit, construct
from memcli.timeutil import from_iso, now_utc

if TYPE_CHECKING:
    from memcli.db.store import MemoryStore
    from memcli.settings import Settings

__all__ = ["LEG", "MIN_LIMIT", "told_mates", "with_told_mates"]

#: the ``legs`` value of a hit brought as told with the best one
LEG = "told_with"
#: the smallest list that makes room for a told mate
MIN_LIMIT = 3
#: the legs that find a hit by the question's words (its lexical tokens, its slot): such a hit never gives way
_WORDS_MATCHED = frozenset({"lexical", "slot"})


def told_mates(store: MemoryStore, user: str, item_id: int) -> list[int]:
    """The ids of ``user``'s active memories told with memory ``item_id``: drawn from its turns, then from the
    user's next turn (same session) after its last one — in that order, each turn's by id; never ``item_id``."""
    turns = store.source_ids_by_item(user, [item_id]).get(item_id, [])
    if not turns:
        return []
    after = store.next_turn(user, turns[-1])
    order = [*turns, *([after] if after is not None and after not in turns else [])]
    rank = {sid: i for i, sid in enumerate(order)}
    rows = [r for r in store.turn_statements(user, order) if r["invalid_at"] is None and r["item_id"] != item_id]
    rows.sort(key=lambda r: (rank[r["source_id"]], r["item_id"]))
    seen: set[int] = set()
    return [i for r in rows if (i := int(r["item_id"])) not in seen and not seen.add(i)]


def with_told_mates(store: MemoryStore, settings: Settings, user: str, hits: list[Hit], limit: int) -> list[Hit]:
    """``hits`` (best first, at most ``limit``) with the first memory told with the best one that is not among
    them in the last place (see the module doc); ``hits`` as they are when the best is no memory, ``limit`` is
    under :data:`MIN_LIMIT`, or nothing was told with it. A new list; the hits are not changed."""
    if limit < MIN_LIMIT or not hits or hits[0].id is None:
        return hits
    if len(hits) >= limit and set(hits[limit - 1].legs) & _WORDS_MATCHED:
        return hits  # the weakest hit holds a word of the question: it may be the answer, it keeps its place
    top = hits[0]
    shown = {h.id for h in hits if h.id is not None}
    mate = next((i for i in told_mates(store, user, int(top.id)) if i not in shown), None)
    rows = store.items_by_ids(user, [mate]) if mate is not None else []
    if not rows:
        return hits
    row = rows[0]
    kept = hits[:limit - 1] if len(hits) >= limit else list(hits)
    score = min(h.score for h in hits[len(kept) - 1:])  # (the place it takes: no higher than the hit it follows)
    confirmed = from_iso(row["last_confirmed_at"])
    return [*kept, construct(
        Hit, id=int(row["id"]), statement=str(row["statement"]), kind=str(row["kind"]),
        effective_confidence=float(effective(float(row["confidence"]), confirmed, now_utc(), settings,
                                             row.get("slot"))),
        valid_from=from_iso(row["valid_from"]), score=float(score), origin=str(row["origin"]),
        metadata=json.loads(row["metadata"] or "{}"), legs=[LEG], slot=row.get("slot"),
        p_relevant=top.p_relevant, below_floor=top.below_floor, via=int(top.id))]
