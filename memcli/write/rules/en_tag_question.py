"""A statement of the speaker's with a question tacked on after a dash (round 35): "I finished another quilt -
want to see it?", "I opened a little bike shop last spring - pretty cool, huh?".

An English sentence is cut at its "?" and read whole, so such a sentence was a question (chatter) and what the
speaker told before the dash was never scored. The statement before the last spaced dash is a unit of its own
when it is no question itself and tells something of the speaker's (I, my, me, mine, we, our, us: four words or more;
"That band has been a favourite of mine for years - you know them?": round 44); the
question after it stays a question. A remark on the other one ("Looks like you had fun - where was that?") or a
question before the dash ("Did you go - was it fun?") stays whole. Pure functions over text.
"""

from __future__ import annotations

import re

__all__ = ["asked_after"]

_DASH = re.compile(r"\s[-–—]+\s")
_SELF = re.compile(r"\b(?:I|I'm|I've|I'd|my|mine|me|we|we've|we're|our|us)\b", re.I)
_WORD = re.compile(r"[A-Za-z0-9']+")


def asked_after(sent: str) -> int | None:
    """Where the question tacked on after a dash starts in the English sentence ``sent`` (the index of that
    dash), when ``sent`` ends with "?" and says a statement of the speaker's before it; else None."""
    from memcli.write.rules.en import is_question

    if not sent.rstrip().endswith("?"):
        return None
    if not (dashes := list(_DASH.finditer(sent))):
        return None
    last = dashes[-1]
    head = sent[:last.start()].strip()
    if "?" in head or is_question(head) or not _SELF.search(head) or len(_WORD.findall(head)) < 4:
        return None
    return last.start()
