"""The fitted judge's class per pair row, read row by row in plain Python (round 35).

:func:`memcli.write.pair_features.decide_classes` computes the floors of a stack of feature rows
(:func:`~memcli.write.pair_features.row_floors`) with some forty numpy calls whatever the number of rows;
the drain's judge is asked one candidate at a time (five rows, its neighbours), so those calls' fixed cost
was ~a fifth of its CPU. :func:`classes_of` reads the same columns of each row as Python floats and applies
the same floors in the same order: every comparison is the one numpy makes on the same float64 values, so the
classes are the same, row for row (``tests/test_round35_row_classes.py`` compares both). It is used for a few
rows (:data:`SMALL`); a large stack (a drained batch's first candidates) stays with numpy.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from memcli.write.pair_features import FEATURES

__all__ = ["SMALL", "classes_of"]

#: at most this many rows: read in Python (a longer stack: numpy's per-call cost is spread over its rows)
SMALL = 24

_C = {name: FEATURES.index(name) for name in (
    "same_slot", "jaccard", "cos", "change_marker", "different_strong_slots", "family_refines",
    "guard:different subject", "old_in_new", "bigram_jaccard", "flip", "entity_shared", "one_strong_slot",
    "names_changed", "relations_changed", "names_added", "same_strong_slot", "hard_no_hide", "different_people")}


def classes_of(rows: Sequence[Sequence[float]], prob: Sequence[Sequence[float]],
               min_prob: dict[str, float]) -> list[int] | None:
    """Class index per row (0 ADD, 1 NOOP, 2 UPDATE, 3 CONFLICT) of feature ``rows`` (n × len(FEATURES))
    with class probabilities ``prob`` (n × 4): :func:`memcli.write.pair_features.decide_classes`, row by row.
    None when a probability is not a number (numpy's argmax has its own rule for NaN: ask it)."""
    c = _C
    noop, update, conflict = min_prob["NOOP"], min_prob["UPDATE"], min_prob["CONFLICT"]
    other_slot, other_subject = min_prob.get("other_slot", 0.0), min_prob.get("other_subject", 0.0)
    nothing_shared, mixed_slot = min_prob.get("nothing_shared", 0.0), min_prob.get("mixed_slot", 0.0)
    hide_overlap, hide_cosine = min_prob.get("hide_overlap", -1.0), min_prob.get("hide_cosine", -2.0)
    sure_at = min_prob.get("sure_one_fact")
    one_fact = min_prob["one_fact_hide"] if sure_at is not None else 0.0
    out = []
    for r, p in zip(rows, prob, strict=True):
        if any(math.isnan(v) for v in p):
            return None
        f1, f2, f3 = noop, update, conflict
        no_slot = r[c["same_slot"]] == 0
        jac = r[c["jaccard"]]
        no_change = r[c["change_marker"]] == 0
        other_slots = r[c["different_strong_slots"]] > 0
        family = r[c["family_refines"]] > 0
        if other_slots and not family:
            f2, f3 = max(f2, other_slot), max(f3, other_slot)
        if r[c["guard:different subject"]] > 0:
            f2, f3 = max(f2, other_subject), max(f3, other_subject)
        if no_slot and r[c["old_in_new"]] < 0.2:
            f2 = 1.01
        bare = no_slot and jac == 0 and r[c["bigram_jaccard"]] < 0.1
        if bare or (no_slot and jac < hide_overlap and no_change):
            f2, f3 = max(f2, nothing_shared), max(f3, nothing_shared)
        flip = r[c["flip"]] > 0
        if flip and (bare or (other_slots and r[c["entity_shared"]] == 0)):
            f3 = 1.01
        if family and not flip:
            f1, f2 = 1.01, 0.0
        if r[c["one_strong_slot"]] > 0:
            f2, f3 = max(f2, mixed_slot), max(f3, mixed_slot)
        if r[c["names_changed"]] > 0 or r[c["relations_changed"]] > 0 or r[c["names_added"]] > 0:
            f1 = 1.01
        if r[c["hard_no_hide"]] > 0 or (r[c["same_strong_slot"]] == 0 and r[c["cos"]] < hide_cosine
                                        and (jac < hide_overlap or no_change)):
            f2 = f3 = 1.01
        if r[c["different_people"]] > 0:
            f1 = f2 = f3 = 1.01
        p0, p1, p2, p3 = p
        if sure_at is not None and p0 < sure_at:
            f2 = min(f2, one_fact) if f2 <= update else f2
            f3 = min(f3, one_fact) if f3 <= conflict else f3
        # the most probable class that clears its floor (ADD always does); the first of equals, as argmax
        best, cls = p0, 0
        for k, (pk, fk) in enumerate(((p1, f1), (p2, f2), (p3, f3)), 1):
            if pk >= fk and pk > best:
                best, cls = pk, k
        out.append(cls)
    return out
