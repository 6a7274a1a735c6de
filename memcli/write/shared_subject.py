"""The subject an English "and"-clause shares with the clause before it (round 31).

"My brother Alan is 71 and has just taken up surfing" is cut by the clause rules at "and has"
(:data:`memcli.write.rules.en_words._SPLIT` cuts before a verb as before a subject), so the second clause
reads "has just taken up surfing": no subject, an auxiliary first — read as a question ("Has he…?"),
chatter, never scored, and the fact was lost. A clause cut at and/but that opens with a finite verb of
that list and no subject of its own is said with the subject of the first clause: "My brother Alan has
just taken up surfing". Pure function over text.
"""

from __future__ import annotations

import re

from memcli.write.rules.en_coord import _SUBJ

__all__ = ["with_shared_subject"]

#: a clause cut after and/but that starts with a verb of the cut rule's list (after an adverb at most)
_BARE_VERB = re.compile(r"^(?:(?:now|then|also|still|just|recently) )?(?:am|is|are|was|were|has|have|had|live|lives|"
                        r"work|works|love|loves|like|likes|hate|hates|moved|got|adopted|grew|studied|graduated|takes|"
                        r"drives|plays|goes|runs|teaches)\b")
#: the first clause's subject, before its verb (a pronoun subject too: "She is 40 and has two kids")
_HEAD = re.compile(rf"^(?P<s>{_SUBJ}|She|He|They) (?=[a-z])")
_AND_CUT = re.compile(r"^,?\s+(?:and|but)\s+$", re.I)


def with_shared_subject(first: str, cut: str, part: str) -> str:
    """``part`` said with the subject of ``first`` when ``cut`` (the words cut before it) is and/but and
    ``part`` opens with a bare verb; else ``part`` as it is."""
    if not _AND_CUT.match(cut) or not _BARE_VERB.match(part) or (m := _HEAD.match(first.strip())) is None:
        return part
    return f"{m['s']} {part}"
