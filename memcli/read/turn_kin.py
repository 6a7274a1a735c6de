"""Turn siblings (round 34): a memory's fellow memories drawn from the same turn follow it in the hits.

A long English turn is stored as several memories, one a sentence or clause, and the later ones often say
what the first one is about only by a pronoun or by nothing at all: "Last month I finally took the twins to a
glass-blowing class." then "We each made a little vase." A question ("What did the twins make at the glass-blowing
class?") finds the first one (it shares the question's words) and not the second, which holds the answer but
none of the question's words — where a store of whole turns would have found both in one. So, for an English
query, the best hit brings its siblings (:func:`turn_siblings`): the active memories linked to the same turn,
placed right after them (:func:`with_siblings`) as subject expansion places a subject's facts, at the hit's score,
sharing its answerability p (``via``). Chinese queries are left as they were (not measured there).

Read path: the store only (``source_ids_by_item``, ``turn_statements``).
"""

from __future__ import annotations

from typing import Any

from memcli.db.store import MemoryStore

__all__ = ["PARENTS", "PER_PARENT", "turn_siblings", "with_siblings"]

#: the best hits that bring their turn's siblings: the first one, the turn the question is most likely about (on
#: LoCoMo's conversations 0-4, bringing those of the 2-5 best, or at a lower share of their score, did no better)
PARENTS = 1
#: at most this many siblings each, nearest to the hit in the turn first
PER_PARENT = 3


def turn_siblings(store: MemoryStore, user: str, parents: list[int], *,
                  per_parent: int | None = None) -> dict[int, list[int]]:
    """Parent id → the ids of the active memories of ``user`` drawn from a turn the parent was drawn from (the
    parent itself left out), nearest to it in the turn first (by id distance: a turn's memories are written in
    the turn's order), at most ``per_parent`` each (None: :data:`PER_PARENT`). Parents with no turn (imported,
    explicit) bring none."""
    per_parent = PER_PARENT if per_parent is None else per_parent
    if not parents:
        return {}
    sources = store.source_ids_by_item(user, parents)
    wanted = sorted({s for p in parents for s in sources.get(p, [])})
    by_source: dict[int, list[int]] = {}
    for r in store.turn_statements(user, wanted):
        if r["invalid_at"] is None:
            by_source.setdefault(int(r["source_id"]), []).append(int(r["item_id"]))
    out: dict[int, list[int]] = {}
    for p in parents:
        near = {i for s in sources.get(p, []) for i in by_source.get(s, []) if i != p}
        if near:
            out[p] = sorted(near, key=lambda i: (abs(i - p), i))[:per_parent]
    return out


def with_siblings(store: MemoryStore, user: str, scored: list[tuple[float, Any, dict[str, Any], float]],
                  via: dict[int, int], new_fused: Any, recency_of: Any, *, parents: int | None = None
                  ) -> list[tuple[float, Any, dict[str, Any], float]]:
    """``scored`` (``(final, fused, row, recency)`` best first) with the turn siblings of its first ``parents``
    hits (None: :data:`PARENTS`) right after each, at the hit's score; a sibling already in ``scored`` moves up.
    Fills ``via`` (sibling id → parent id; a hit already brought by another stays). ``new_fused(id)`` makes a
    candidate for a sibling no leg found, ``recency_of(row)`` its recency.
    Each sibling's candidate gets the leg ``turn``."""
    heads = [f.id for _, f, _, _ in scored[:PARENTS if parents is None else parents] if f.id not in via]
    found = turn_siblings(store, user, heads)
    if not found:
        return scored
    by_id = {f.id: (final, f, row, rec) for final, f, row, rec in scored}
    new_ids = [i for ids in found.values() for i in ids if i not in by_id]
    rows = {r["id"]: r for r in store.items_by_ids(user, new_ids)} if new_ids else {}
    out, placed = [], set()
    for final, f, row, rec in scored:
        if f.id in placed:
            continue
        out.append((final, f, row, rec))
        placed.add(f.id)
        for n, i in enumerate(found.get(f.id, []), start=1):
            if i in placed:
                continue
            if i in by_id:
                _, g, grow, grec = by_id[i]
            elif i in rows:
                g, grow = new_fused(i), rows[i]
                grec = recency_of(grow)
            else:
                continue
            g.ranks.setdefault("turn", n)
            out.append((final, g, grow, grec))
            placed.add(i)
            via.setdefault(i, f.id)
    return out
