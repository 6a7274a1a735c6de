""""We" said again as the pair it means, between commas after the verb (round 31): "We've just moved, my
wife and I, from the old farmhouse to a flat in town".

The clause rules cut the sentence at the comma before "my wife" (a clause of its own may start there) and
read "I, from the old farmhouse to a flat in town": a garbled statement, and the move was lost. The pair
is the subject: the sentence is read as "My wife and I have just moved from the old farmhouse to a flat in
town", the words the speaker said, in the order the rules read ("My husband and I are from Ohio" is one
subject, two people). Pure function over text.
"""

from __future__ import annotations

import re

__all__ = ["pair_as_subject"]

_AUX = {"'ve": " have", " have": " have", "'re": " are", " are": " are", "'d": " had", " had": " had",
        " were": " were", "": ""}
_PAIR = re.compile(r"(?:(?<=^)|(?<=[.!?] ))We(?P<aux>'ve| have|'re| are|'d| had| were)?(?P<pred> [a-z][^,.!?]*?), "
                   r"(?P<pair>(?:my|our) [a-z]+(?: [A-Z][a-z]+)? and I), (?P<rest>[a-z])")


def pair_as_subject(text: str) -> str:
    """``text`` with each "We <verb…>, my X and I, <rest>" said as "My X and I <verb…> <rest>" (see the
    module doc); ``text`` itself when it holds none."""
    return _PAIR.sub(lambda m: f"{m['pair'][:1].upper()}{m['pair'][1:]}{_AUX[m['aux'] or '']}{m['pred']} {m['rest']}",
                     text)
