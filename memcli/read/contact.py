"""A contact detail asked (round 48): the user's memory that holds one in its own shape answers, slot or none.

"What's my phone number?" asks the ``phone`` slot; a number told in passing ("Got a new phone and the number's
changed again, it's 555-0219 now") is stored with no slot when the extraction reads no "my number is" in it. The
slot leg then finds nothing, the question's ``no_slot`` feature says nothing of the user's holds the slot, and the
fitted gate left the memory at p 0.11, under its point, while an older turn quoting the previous number passed. A
phone number or an e-mail address has a shape no other value has (:data:`SHAPES`): a memory of the user's (its slot
names no one else, its words no relation) that holds the asked detail in that shape and names the detail (number,
phone, 电话, email, 邮箱) answers, as :func:`memcli.read.slot_leg.held_answers` keeps a slot's memory that holds the
value asked.

Read path only: text helpers and the vocabulary.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

__all__ = ["SHAPES", "contact_answers", "holds_contact"]

#: the shape of each contact detail's value: a phone number of 7+ digits (555-0219, +44 7700 900123, 138 0013 8000)
#: and an e-mail address
SHAPES: dict[str, re.Pattern[str]] = {
    "phone": re.compile(r"(?<![\w.])\+?\d(?:[\d\s().-]*\d){6,}(?![\w.])"),
    "email": re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b"),
}
#: the detail named in the statement (its number, 手机号, "my email"): the value is that detail, not a price or a date
_NAMED: dict[str, re.Pattern[str]] = {
    "phone": re.compile(r"\b(?:phone|number|mobile|cell)\b|电话|手机|号码", re.IGNORECASE),
    "email": re.compile(r"\b(?:e-?mail|address)\b|邮箱|邮件", re.IGNORECASE),
}


def holds_contact(statement: str, detail: str) -> bool:
    """``statement`` names the contact ``detail`` (``phone`` or ``email``) and holds a value in its shape
    (:data:`SHAPES`); False for another detail."""
    shape, named = SHAPES.get(detail), _NAMED.get(detail)
    if shape is None or named is None:
        return False
    m = shape.search(statement)
    if m is None or (detail == "phone" and sum(c.isdigit() for c in m.group(0)) < 7):
        return False
    return bool(named.search(statement))


def contact_answers(hits: Sequence[Any], slots: Sequence[str], point: float | None) -> int:
    """Keep at ``point`` (the answerability point; None: no gate, nothing to do) each memory (not an episode) of
    ``hits`` the gate did not veto (p > 0) that holds the one contact detail the question asks of the user
    (``slots``: exactly ``["phone"]`` or ``["email"]``, no one else's) in its shape (:func:`holds_contact`), its slot
    the user's or none. Returns how many hits were raised."""
    from memcli.read.mismatch import relation_words
    from memcli.slots import ME, split_slot

    if point is None or len(slots) != 1 or slots[0] not in SHAPES:
        return 0
    raised = 0
    for h in hits:
        if not (h.below_floor and h.origin != "episode" and h.statement and (h.p_relevant or 0.0) > 0):
            continue
        if h.slot and split_slot(h.slot)[0] != ME:
            continue  # sister.phone, person:sam.phone: someone else's number
        if any(rx.search(h.statement) for rx in relation_words()) or not holds_contact(h.statement, slots[0]):
            continue
        h.p_relevant, h.below_floor = max(h.p_relevant or 0.0, point), False
        raised += 1
    return raised
