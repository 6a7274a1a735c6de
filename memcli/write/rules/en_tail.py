"""What trails an English statement without being its fact (:func:`trim_tail`): a time clause of its background,
a condition, a word to the listener, an aside after a comma; a judgement or tenure ending a clause
(:func:`judgement_tail`). Pure functions over text."""

from __future__ import annotations

import re

__all__ = ["judgement_tail", "trim_tail"]

#: what trails a statement without being its fact: a time clause of its background (… after I left the
#: army, … when I was seven, … back in college), a condition or a word to the listener (… especially
#: when I don't sleep, … if you ever need it), an aside after a comma (…, not far from work, …, way too
#: spicy for me, …, so basically no bread)
_TAIL = re.compile(r"(?:,\s*|\s+)(?:if you|in case you|when I was|after I|before I|back in (?:college|school|"
                   r"high school|university|the day)|(?:especially|particularly|mostly|even|only|usually) "
                   r"(?:when|if|after|before))\b.*$"
                   r"|,\s*(?:not far from|close to|right next to|so basically|basically|way too|too)\b.*$", re.I)


#: a clause of its own after the background clause: ", and it stands for…" (round 33: it went with the tail)
_NEXT = re.compile(r",\s*(?:and|but|so)\s+(?=(?:i|it|he|she|they|we|my|our|his|her|their|this|that)\b)", re.I)


#: a head whose object is only a pronoun ("I painted this", "We framed it"): the clause after it says what the deed
#: was of or came from ("I painted this after I visited the harbour"), so it is no background to cut (round 44)
_POINTS_AT = re.compile(r"\b(?:this|that|it|these|those|them)\W*$", re.I)


def trim_tail(statement: str) -> str:
    """``statement`` without a trailing background clause, condition or aside (:data:`_TAIL`),
    when what is left still has a verb phrase (three words or more) and an object that is more than a pronoun
    ("I painted this after I visited the harbour" stays whole); a clause of its own coordinated after
    it stays ("…gave me this ring when I was six, and it stands for courage" → "…gave me this ring, and it
    stands for courage")."""
    m = _TAIL.search(statement)
    head = statement[:m.start()].rstrip(" ,") if m else statement
    if head == statement or len(head.split()) < 3 or _POINTS_AT.search(head):
        return statement
    nxt = _NEXT.search(statement, m.start() + 1) if m else None
    return head + statement[nxt.start():] if nxt else head


#: a judgement after a comma that ends a clause ("…, pretty severe", "…, it's really bad", "…, so good"): how
#: the clause before it is, never a fact or object of its own ("allergic to it is bad", "love good").
_JUDGEMENT_TAIL = re.compile(r",\s*((?:(?:it|that|this)(?:'s| is| was) (?:(?:so|very|really|pretty|quite|super|too|"
                             r"rather|kinda|extremely|incredibly|totally|absolutely|not that|not very|not so) )*|"
                             r"(?:(?:so|very|really|pretty|quite|super|too|rather|kinda|extremely|incredibly|totally|"
                             r"absolutely|not that|not very|not so) )+)[a-z]+)[.!]*$")


_TENURE_TAIL = re.compile(r",\s*((?:i've |i have )?been (?:there|here|with (?:them|it|the company)) (?:for )?"
                          r"(?:(?:almost|nearly|about|over|around|close to|just over) )?(?:a few|\w+) "
                          r"(?:years?|months?|weeks?)\b.*?)[.!]*$", re.I)  # (round 47) "…, been there five years"


def judgement_tail(clause: str) -> tuple[str, str | None]:
    """``clause`` without the judgement or tenure that ends it after a comma, and that tail (None: none).
    ``judgement_tail("I'm allergic to kiwis, quite bad")`` → ``("I'm allergic to kiwis", "quite bad")``."""
    m = _JUDGEMENT_TAIL.search(clause) or _TENURE_TAIL.search(clause)
    return (clause[:m.start()], m.group(1)) if m and m.start() > 0 else (clause, None)
