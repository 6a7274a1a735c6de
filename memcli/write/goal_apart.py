"""A hope and a fact are two (round 48): a goal memory ends, refines or restates no fact.

"I hope to build a family and give kids who haven't had one a home" (kind ``goal``) beside "I'm researching adoption
agencies": the judge read a polarity flip ("haven't") and a CONFLICT ended the research; two hopes of other keys
("goal.build family", "goal.create home") ended each other the same way. A hope tells what the user wishes, not that
anything changed: :func:`goal_apart` keeps such a pair apart (ADD) — a new goal beside a memory of another kind, or
two goals of other slots. A fact told after a goal ("New goal: finish around 2:10", the race run) may end it, one
goal told again or changed (the same ``goal.<verb> <thing>`` slot) too: the judge's, as a fact beside a fact.
Pure function over the two memories' kinds and slots.
"""

from __future__ import annotations

__all__ = ["goal_apart"]


def goal_apart(new_kind: str, new_slot: str | None, old_kind: str, old_slot: str | None) -> str | None:
    """Why a memory of ``new_kind``/``new_slot`` neither ends, refines nor restates one of ``old_kind``/``old_slot``
    (see the module doc): a one-line reason, or None."""
    new_goal, old_goal = str(new_kind) == "goal", str(old_kind) == "goal"
    if new_goal and not old_goal:
        return "a hope beside a fact: it tells the fact no change"
    if new_goal and old_goal and (new_slot or "") != (old_slot or ""):
        return "two hopes of other things: both kept"
    return None  # (a fact told after a hope may end it: "New goal: …", the race run; the judge's)
