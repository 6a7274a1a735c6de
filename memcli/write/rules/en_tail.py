"""A clause's trailing judgement or tenure after a comma ("…, pretty severe", "…, been there five years"): how
the clause before it is or how long it has held, never a fact or object of its own. Pure: imports only ``re``;
used by :mod:`memcli.write.rules.en` when it cuts a sentence's clauses."""

from __future__ import annotations

import re

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
