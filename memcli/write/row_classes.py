"""The fitted judge's class per pair row: the floors each class's probability must clear (round 35: one
definition, read row by row in plain Python).

The drain's judge is asked one candidate at a time (about five rows, its neighbours), where the forty-odd numpy
calls of a stacked computation cost ~a fifth of its CPU; a stack of a thousand rows (the judge's fit in
:mod:`memcli.judge_fit`) takes a few milliseconds. Until round 35 the floors were also written as numpy
(``pair_features.row_floors`` / ``decide_classes``, numpy for long stacks, this module for short ones); one
definition keeps a floor from meaning two things by the size of a stack. Every comparison is the one numpy made on
the same float64 values, NaN included (it clears no floor; a NaN p(ADD) leaves ADD, as ``argmax`` did).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memcli.write.pair_features import FEATURES

__all__ = ["classes_of", "classes_of_stack", "decide_classes", "floors_of"]

_C = {name: FEATURES.index(name) for name in (
    "same_slot", "jaccard", "cos", "change_marker", "different_strong_slots", "family_refines",
    "guard:different subject", "old_in_new", "bigram_jaccard", "flip", "entity_shared", "one_strong_slot",
    "names_changed", "relations_changed", "names_added", "same_strong_slot", "hard_no_hide", "different_people")}


def classes_of(rows: Sequence[Sequence[float]], prob: Sequence[Sequence[float]],
               min_prob: dict[str, float], at: Sequence[int] | None = None) -> list[int]:
    """Class index per row (0 ADD, 1 NOOP, 2 UPDATE, 3 CONFLICT) of feature ``rows`` (n × len(FEATURES)) with
    class probabilities ``prob`` (n × 4): the most probable class whose probability clears its floor, ADD
    when none does.

    ``min_prob`` holds the floors of NOOP, UPDATE and CONFLICT, and stricter floors for hiding a memory
    (UPDATE/CONFLICT) when the slots say the two may be different attributes: ``other_slot`` (both have a strong
    slot and they differ: like.香菜 / like.粤菜), ``mixed_slot`` (only one side has a strong slot: residence /
    event.拿到offer), ``other_subject`` (the guard reads two subjects: 我每天早上喝咖啡 / 我咖啡不加糖) and
    ``nothing_shared`` (no slot, and no content unit and under 10% of character pairs in common, or content
    overlap under ``hide_overlap`` with no change told). Without the slot, an UPDATE needs at least 20% of the
    old statement's content in the new one (a refinement keeps what was said). The hard guard
    (:func:`memcli.write.judge.hard_guard`) forbids UPDATE/CONFLICT (``hard_no_hide``: two people, types apart;
    and no shared strong slot below ``hide_overlap`` content overlap and ``hide_cosine`` cosine) and, between two
    people, NOOP too. A changed name or relation, or a name added to all the old one names, can never be NOOP
    (floor above 1).

    ``at``: where in a row the columns the floors read are (:data:`_FLOOR_COLS`, the default: rows of all the
    features; :func:`classes_of_stack` passes rows of those columns only)."""
    out = []
    k = _floor_set(min_prob)  # (read once for the stack: round 44)
    at = _FLOOR_COLS if at is None else at
    for r, p in zip(rows, prob, strict=True):
        f1, f2, f3 = _floors(r, p, k, at)
        p0, p1, p2, p3 = p
        # the most probable class that clears its floor (ADD always does); the first of equals, as argmax
        best, cls = p0, 0
        for n, (pk, fk) in enumerate(((p1, f1), (p2, f2), (p3, f3)), 1):
            if pk >= fk and pk > best:
                best, cls = pk, n
        out.append(cls)
    return out


def floors_of(r: Sequence[float], p: Sequence[float], min_prob: dict[str, float]) -> tuple[float, float, float]:
    """The floors (NOOP, UPDATE, CONFLICT) the probabilities ``p`` (4) of the pair with feature row ``r`` must clear
    (see :func:`classes_of`); a floor over 1 forbids the class for this pair."""
    return _floors(r, p, _floor_set(min_prob), _FLOOR_COLS)


def classes_of_stack(x: np.ndarray, prob: Sequence[Sequence[float]], min_prob: dict[str, float]) -> list[int]:
    """:func:`classes_of` of a stack of feature rows ``x`` (n, len(FEATURES)) float64: only the columns the floors
    read leave numpy as Python floats (the same values, the same comparisons; round 44)."""
    return classes_of(x[:, _FLOOR_COLS].tolist(), prob, min_prob, _NARROW)


def _floor_set(min_prob: dict[str, float]) -> tuple:
    """The floors of ``min_prob`` as :func:`_floors` reads them (absent ones at their defaults)."""
    sure_at = min_prob.get("sure_one_fact")
    return (min_prob["NOOP"], min_prob["UPDATE"], min_prob["CONFLICT"], min_prob.get("other_slot", 0.0),
            min_prob.get("other_subject", 0.0), min_prob.get("nothing_shared", 0.0), min_prob.get("mixed_slot", 0.0),
            min_prob.get("hide_overlap", -1.0), min_prob.get("hide_cosine", -2.0), sure_at,
            min_prob["one_fact_hide"] if sure_at is not None else 0.0)


#: the columns the floors read (indices of FEATURES)
_SAME_SLOT, _JAC, _COS, _CHANGE = _C["same_slot"], _C["jaccard"], _C["cos"], _C["change_marker"]
_OTHER_SLOTS, _FAMILY = _C["different_strong_slots"], _C["family_refines"]
_OTHER_SUBJECT = _C["guard:different subject"]
_OLD_IN_NEW, _BIGRAM, _FLIP, _ENTITY_SHARED = _C["old_in_new"], _C["bigram_jaccard"], _C["flip"], _C["entity_shared"]
_ONE_STRONG, _NAMES, _RELATIONS = _C["one_strong_slot"], _C["names_changed"], _C["relations_changed"]
_NAMES_ADDED, _SAME_STRONG, _HARD, _PEOPLE = _C["names_added"], _C["same_strong_slot"], _C["hard_no_hide"], \
    _C["different_people"]
#: those columns in the order :func:`_floors` unpacks them; ``_NARROW``: their places in a row of them only
_FLOOR_COLS = (_SAME_SLOT, _JAC, _COS, _CHANGE, _OTHER_SLOTS, _FAMILY, _OTHER_SUBJECT, _OLD_IN_NEW, _BIGRAM, _FLIP,
               _ENTITY_SHARED, _ONE_STRONG, _NAMES, _RELATIONS, _NAMES_ADDED, _SAME_STRONG, _HARD, _PEOPLE)
_NARROW = tuple(range(len(_FLOOR_COLS)))


def _floors(r: Sequence[float], p: Sequence[float], k: tuple, at: Sequence[int]) -> tuple[float, float, float]:
    """:func:`floors_of` with the floors read (:func:`_floor_set`), the row's columns at ``at`` (:data:`_FLOOR_COLS`'s
    order)."""
    _SAME_SLOT, _JAC, _COS, _CHANGE, _OTHER_SLOTS, _FAMILY, _OTHER_SUBJECT, _OLD_IN_NEW, _BIGRAM, _FLIP, \
        _ENTITY_SHARED, _ONE_STRONG, _NAMES, _RELATIONS, _NAMES_ADDED, _SAME_STRONG, _HARD, _PEOPLE = at  # noqa: N806
    noop, update, conflict, other_slot, other_subject, nothing_shared, mixed_slot, hide_overlap, hide_cosine, \
        sure_at, one_fact = k
    f1, f2, f3 = noop, update, conflict
    no_slot = r[_SAME_SLOT] == 0
    jac = r[_JAC]
    no_change = r[_CHANGE] == 0
    other_slots = r[_OTHER_SLOTS] > 0
    family = r[_FAMILY] > 0
    if other_slots and not family:
        f2, f3 = max(f2, other_slot), max(f3, other_slot)
    if r[_OTHER_SUBJECT] > 0:
        f2, f3 = max(f2, other_subject), max(f3, other_subject)
    # a refinement keeps what the old statement said: an UPDATE needs some of it in the new one
    if no_slot and r[_OLD_IN_NEW] < 0.2:
        f2 = 1.01
    # nothing in common (no content unit, hardly a character pair, no slot): hiding needs a sure judge; nor
    # hardly a content word in common and no change told (我在补充维生素E / 我用的是…精华液): the cosine of two
    # things used or taken is no evidence of one fact; a told change (now / switched / 现在 / 换成) still hides
    bare = no_slot and jac == 0 and r[_BIGRAM] < 0.1
    if bare or (no_slot and jac < hide_overlap and no_change):
        f2, f3 = max(f2, nothing_shared), max(f3, nothing_shared)
    # a "no" about another thing contradicts nothing (我不加奶 / 我喜欢喝美式咖啡; "I hate cilantro" / "I love
    # spicy food"): a polarity flip is a CONFLICT only between statements that share content, and between two
    # strong slots only when they name a common thing
    flip = r[_FLIP] > 0
    if flip and (bare or (other_slots and r[_ENTITY_SHARED] == 0)):
        f3 = 1.01
    # a more specific key of the same attribute (like.tea → like.japanese green tea) is a refinement by
    # construction: never a restatement, and UPDATE whenever it is likelier than ADD
    if family and not flip:
        f1, f2 = 1.01, 0.0
    if r[_ONE_STRONG] > 0:
        f2, f3 = max(f2, mixed_slot), max(f3, mixed_slot)
    # a changed name or relation, or a name added (Boston → Boston University: more specific): never NOOP
    if r[_NAMES] > 0 or r[_RELATIONS] > 0 or r[_NAMES_ADDED] > 0:
        f1 = 1.01
    # the hard guard: never hide across types, subjects or no common ground (below the hide cosine without
    # a shared slot only a told change hides: hard_guard's last rule), never merge two people's facts
    if r[_HARD] > 0 or (r[_SAME_STRONG] == 0 and r[_COS] < hide_cosine and (jac < hide_overlap or no_change)):
        f2 = f3 = 1.01
    if r[_PEOPLE] > 0:
        f1 = f2 = f3 = 1.01
    p0 = p[0]
    # the judge sure the two are one fact (p(ADD) under ``sure_one_fact``): keeping both is no longer the
    # likely truth, so a change or refinement needs only to outweigh the rest (``one_fact_hide``), not the
    # plain floor; a stricter floor (other slot, subject, nothing shared) or the guard's 1.01 still holds
    if sure_at is not None and p0 < sure_at:
        f2 = min(f2, one_fact) if f2 <= update else f2
        f3 = min(f3, one_fact) if f3 <= conflict else f3
    return f1, f2, f3


def decide_classes(prob: np.ndarray, x: np.ndarray, min_prob: dict[str, float]) -> np.ndarray:
    """:func:`classes_of` of arrays: ``prob`` (n, 4), feature rows ``x`` (n, len(FEATURES)) → class indices (n,)."""
    return np.array(classes_of(x.tolist(), prob.tolist(), min_prob), dtype=np.intp)
