"""A label the speaker's own chat drops "my" from, before a colon (round 31): "New goal: finish in
2:10", "Next appointment: March 3rd", "Food bank shift moved: they need me Fridays now".

Texting drops the possessive of such a heading as it drops the "I" of a deed (:mod:`memcli.write.rules.en_carry`).
Read without it, the clause model scored the heading and its value as no fact of anyone's (0.02 for
"New goal: …", 0.96 for "My new goal: …"), and the change it told was lost. A sentence that opens with
such a heading — a change word (new, next, current, latest, updated, revised) and one to three words, or
two to three words and a verb of change (moved, changed, switched, cancelled, postponed, booked), all but the
first in lower case (no name: "Tom moved: …" stays as said) — is read with "My" put before it. The
colon then ends no lead-in of its own (:func:`memcli.write.clauses._colon_lead` keeps the sentence whole).
Pure function over text.
"""

from __future__ import annotations

import re

__all__ = ["labelled", "own_label"]

_LABEL = re.compile(r"^(?:(?:New|Next|Current|Latest|Updated|Revised) [a-z]+(?: [a-z]+){0,2}|"
                    r"[A-Z][a-z]+(?: [a-z]+){1,2} (?:moved|changed|switched|cancelled|canceled|postponed|booked|"
                    r"confirmed))(?=:\s*\S)")


def own_label(sent: str) -> str:
    """``sent`` with "My" before a dropped-possessive heading (see the module doc); else as it is."""
    if _LABEL.match(sent) is None:
        return sent
    return "My " + sent[:1].lower() + sent[1:]


def labelled(head: str) -> bool:
    """Whether ``head`` (the words before a colon) is such a heading with its "My" put back."""
    return head.startswith("My ") and _LABEL.match(head[3:4].upper() + head[4:] + ": x") is not None
