"""A long pasted turn (an e-mail, a document, a thread copied in): only what it says of the speaker is a memory.

In a turn of a few lines every sentence is the user's own telling ("The film was great" is their opinion). In a
turn of :data:`LONG_TURN_CHARS` characters and more, most sentences are matter the user passes on — greetings,
notes of a meeting, disclaimers, signatures, a third party's address — and the one line about their life sits
among them ("On a personal note: I moved to …"). There a candidate is kept only when its statement speaks of the
speaker or their people in the first person singular (I, my, me; 我): each sentence is read as it would be
alone by the extractor, and what is no part of the speaker's life stores nothing.

Pure functions of text; no model, no store."""

from __future__ import annotations

import re

from memcli.models import Candidate
from memcli.text import lang_of

__all__ = ["LONG_TURN_CHARS", "LONG_TURN_CHARS_ZH", "about_the_speaker", "kept_of_long_turn"]

#: characters from which a turn is read as pasted matter (a chat turn rarely passes 1,000; an e-mail is several),
#: in English and in Chinese (a character says about what three English letters do: a word and its space)
LONG_TURN_CHARS, LONG_TURN_CHARS_ZH = 1500, 500

#: the speaker in the first person, English or Chinese
#: (singular: in pasted matter "we" and "our" are most often the sender's firm — "Our quarterly review covers …")
_FIRST_PERSON = re.compile(r"(?<![A-Za-z])(?:I|I'm|I've|I'd|I'll|me|my|mine|myself)(?![A-Za-z'])|我(?!们)", re.I)


def about_the_speaker(statement: str) -> bool:
    """The statement speaks of the speaker or their people in the first person singular ("I moved to Rotterdam", "My
    sister …", 我搬到了…); not "Any views expressed are those of the author", "Senior Analyst, Northwind"."""
    return _FIRST_PERSON.search(statement.replace("’", "'")) is not None


def kept_of_long_turn(text: str, candidates: list[Candidate]) -> list[Candidate]:
    """``candidates`` of the user turn ``text``: all of them for a turn shorter than :data:`LONG_TURN_CHARS`
    (:data:`LONG_TURN_CHARS_ZH` in Chinese), else those :func:`about_the_speaker` (a new list either way)."""
    if len(text) < (LONG_TURN_CHARS_ZH if lang_of(text) == "zh" else LONG_TURN_CHARS):
        return list(candidates)
    return [c for c in candidates if about_the_speaker(c.statement)]
