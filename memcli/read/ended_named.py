"""A relative's name asked, told only inside a memory since ended (round 48; read path only).

"I live in Leeds with my brother Theo" names the brother; "I moved to York" ends that memory (a CONFLICT of the
residence: ``invalid_at`` set, never replaced nor forgotten), not the brother's name. "What's my brother's name?"
then found nothing: the slot leg's passing names (:func:`memcli.read.slot_leg.named_in_passing`) read the current
memories only. Round 47 read such names for the in-law step (:mod:`memcli.read.kept_names`); here the question
itself is answered.

:func:`ended_named_hits`: when the question asks a relative's name (``brother.name``) and no hit holds that slot
nor names that relative, the ended memories that name the relative right after the relation word
(:func:`memcli.read.slot_leg.names_relative`) are added after the hits — each as a :class:`Hit` with ``ended_at``
set, so the block says the memory no longer holds ("from May 1 to May 2, no longer true"): the name is read from
it, not the rest. Never when a stored death or parting ended that relation
(:func:`memcli.read.person_ended.stored_endings`), and one partner at a time (a current partner's question is
answered by the current memories).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from memcli.read.results import Hit

__all__ = ["ended_named", "ended_named_hits"]

#: the relations held by one person at a time: an ended memory never names a second one
_ONE_AT_A_TIME = frozenset({"wife", "husband", "spouse", "partner", "girlfriend", "boyfriend", "fiance", "fiancee"})


def ended_named_hits(store: Any, user: str, slots: Sequence[str], hits: Sequence[Hit], point: float | None,  # noqa: ANN401
                     limit: int, *, as_of: datetime | None = None) -> list[Hit]:
    """The ended memories naming a relative whose name ``slots`` (the question's slot keys) ask, when none of
    ``hits`` answers it (see the module doc): newest first, at most 2, each a :class:`Hit` with ``ended_at`` (when
    it ended), ``legs`` ``["ended_name"]``, ``score`` the lowest of ``hits`` (1.0 with none) and ``p_relevant``
    ``point`` (None: no gate). One bounded full-text query of the relation words (``fts_search(ended=True)``) and a
    read of the endings when one is found; [] otherwise."""
    from memcli.read.slot_leg import asked_names, names_relative
    from memcli.slots import EN_RELATIONS, ZH_RELATIONS, split_slot

    asked = asked_names(list(slots))
    if not asked:
        return []
    for h in hits:
        if h.ended_at is None and (split_slot(str(h.slot or ""))[:2] in {(r, "name") for r in asked} or
                                   names_relative(h.statement, asked)):
            return []
    words = sorted({w for w, r in (*EN_RELATIONS.items(), *ZH_RELATIONS.items()) if r in asked and " " not in w})
    found = [i for i, _ in store.fts_search(user, words, limit=limit, as_of=as_of, ended=True)]
    rows = [r for r in store.items_by_ids(user, found) if r["invalid_at"] is not None and r["expired_at"] is None
            and names_relative(str(r["statement"]), asked)]
    if not rows:
        return []
    from memcli.read.person_ended import stored_endings

    ended = {who for (_, who), _, _ in stored_endings(store, user, as_of)}
    if set(asked) & ended or (set(asked) & _ONE_AT_A_TIME and "spouse" in ended):
        return []
    gone = {w[len("person:"):] for w in ended if w.startswith("person:")}  # ("Ferris and I broke up")
    rows = [r for r in rows if not gone & set(re.findall(r"[a-z]+", str(r["statement"]).casefold()))]
    from memcli.read.results import row_hit

    low = min((h.score for h in hits), default=1.0)
    rows.sort(key=lambda r: -int(r["id"]))
    return [row_hit(r, low, "ended_name", p=point, ended=True) for r in rows[:2]]


def ended_named(store: Any, user: str, info: Any, hits: list[Hit], limit: int, *,  # noqa: ANN401
                as_of: datetime | None = None) -> list[Hit]:
    """``hits`` with :func:`ended_named_hits` after those above the point (at most ``limit``); ``info``: the query's
    :class:`~memcli.read.results.RetrievalInfo` (its slots, ``answer_min_p``; ``below_floor`` recounted)."""
    kept = [h for h in hits if not h.below_floor]
    if not (named := ended_named_hits(store, user, info.slots, kept, info.answer_min_p, limit, as_of=as_of)):
        return hits
    hits = (kept + named + [h for h in hits if h.below_floor])[:limit]
    info.below_floor = sum(h.below_floor for h in hits)
    return hits
