"""A hope answers no question whether or when the user did the thing (round 48; read path only).

"I'm hoping to run a marathon next year" is a memory of kind ``goal`` (:mod:`memcli.write.rules.en_hope`). "What
are my goals?" reads it (slot ``goal``); "Have I run a marathon?", "Did I ever visit Japan?", "When did I run a
marathon?" share its words and took it as an answer — a hope told as if it had happened. :func:`goal_answers`
leaves every goal memory out of such a question (``below_floor``), unless the question itself asks of hopes, plans
or wishes ("Did I say I wanted to visit Japan?", "Have I set any goals?").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

__all__ = ["asks_deed", "goal_answers"]

#: a question whether, when or how often the user did something (English)
_DEED = re.compile(r"^\W*(?:(?:so|and|but|oh|wait),? )*(?:have|has|did|had)\s+(?:i|we)\b|"
                   r"^\W*(?:when|where|how many times|how often|what year|which year)\s+(?:did|have|had)\s+(?:i|we)\b|"
                   r"^\W*(?:was|were)\s+(?:i|we)\s+(?:ever|already)\b", re.I)
#: a question that asks of the hopes themselves
_OF_HOPES = re.compile(r"\b(?:goals?|hopes?|hoping|hoped|dreams?|dreamt|dreamed|wish|wished|wishes|want|wanted|"
                       r"wanna|plans?|planned|planning|aim|aims|aiming|ambitions?|bucket list|would like|'d like|"
                       r"would love|'d love|intend|intended|mean to|meant to|said|told|mention|mentioned)\b", re.I)


def asks_deed(question: str) -> bool:
    """Whether ``question`` asks whether, when or how often the user did something, and not of their hopes."""
    return bool(_DEED.search(question)) and not _OF_HOPES.search(question)


def goal_answers(hits: Sequence[Any], question: str) -> int:
    """Leave out (``below_floor``) every goal memory among ``hits`` when ``question`` asks a deed
    (:func:`asks_deed`); episodes and hits already below the point stay as they are. Returns how many it left out."""
    if not asks_deed(question):
        return 0
    changed = 0
    for h in hits:
        if h.origin != "episode" and not h.below_floor and getattr(h, "kind", None) == "goal":
            h.below_floor = True
            changed += 1
    return changed
