"""The other active memories that hold what a contradicted memory holds (:func:`same_belief`): a CONFLICT
ends them with it (:func:`memcli.write.outcome.conflict`), so no copy of the old belief stays active."""

from __future__ import annotations

from memcli.db.store import MemoryStore
from memcli.models import Candidate, Decision
from memcli.write.judge import facts_of, hard_guard, strong
from memcli.write.rules import Facts

__all__ = ["SAME_BELIEF_K", "same_belief"]


#: nearest active neighbours of a contradicted memory looked at for copies of its belief
SAME_BELIEF_K = 8


def same_belief(store: MemoryStore, user: str, old: dict, cand: Candidate) -> list[dict]:
    """The other active memories that hold what ``old`` holds — its strong slot, value and polarity
    (我咖啡不加糖 beside "I take my coffee without sugar") — and that the hard guard lets ``cand``
    contradict: a CONFLICT invalidates them with ``old``, so no copy of the old belief stays active.
    Besides the rows stored under ``old``'s slot, ``old``'s nearest active neighbours whose statement
    reads as the same slot are looked at (a two-clause turn stored under its other clause's slot:
    "My boss is Greg Patterson, he's been my manager…" beside "My boss is Greg Patterson")."""
    if not old["slot"] or not strong(old["slot"]):
        return []
    fo, new = facts_of(old["statement"], old["slot"]), facts_of(cand.statement, cand.slot)
    rows = store.active_in_slot(user, old["slot"])
    seen = {r["id"] for r in rows} | {old["id"]}
    # (no other active memory reading as the slot: its neighbours add none, and the KNN is not asked)
    if fo.slot and strong(fo.slot) and _others_read_as(store, user, fo.slot, seen) and \
            (vec := store.vector_of(old["id"])) is not None:
        near = [r["id"] for r in store.neighbors(user, vec, SAME_BELIEF_K) if r["id"] not in seen
                and facts_of(r["statement"], r["slot"]).slot == fo.slot]
        rows = rows + (store.items_by_ids(user, near) if near else [])
    return _held(rows, old, cand, fo, new)


def read_slot(row: dict) -> str | None:
    """The slot a stored row's statement reads as (:func:`~memcli.write.judge.facts_of`), what the neighbours of a
    contradicted memory are kept by."""
    return facts_of(row["statement"], row["slot"]).slot


def _others_read_as(store: MemoryStore, user: str, slot: str, seen: set[int]) -> bool:
    """Whether an active memory of ``user`` outside ``seen`` may read as ``slot``: False only when the drain's copy
    of the active rows says none does (``active_keyed``, SQLite's drain), so the KNN of :func:`same_belief` cannot
    find one (its neighbours are active memories; round 40: 2,151 searches of a 10k drain found a row in 3)."""
    keyed = getattr(store, "active_keyed", None)
    ids = keyed(user, read_slot, slot) if keyed is not None else None
    return ids is None or not ids <= seen


def _held(rows: list[dict], old: dict, cand: Candidate, fo: Facts, new: Facts) -> list[dict]:
    """Those of ``rows`` (not ``old``, not ``cand``'s own statement) that hold ``fo``'s value and polarity for the
    same subject, and that the hard guard lets ``new`` contradict."""
    out = []
    for row in rows:
        if row["id"] == old["id"] or row["statement"] == cand.statement:
            continue
        fr = facts_of(row["statement"], row["slot"])
        if fr.positive == fo.positive and fr.value == fo.value and fr.subject == fo.subject \
                and hard_guard(new, fr, Decision.CONFLICT) is None:
            out.append(row)
    return out
