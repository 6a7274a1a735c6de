"""A reply that describes the speaker's thing the other one just asked about (round 45, LoCoMo's develop half).

Friends show each other things and ask about them: "Love this chart! What does it show?" → "It's a chart of the old
river trade routes - you can see every lock and mill."; "Such a calm shot - where did you take it?" → "The photo is from
a lake near my grandparents' cabin."; "What do they live on?" (of the speaker's pets) → "They eat mostly pellets and
fresh greens." The reply opens with a pronoun or "the photo", so alone it says nothing of whose thing it is and the
clause model scores it low (P 0.0-0.2): it was lost, though a later question asks what the chart shows or where the
photo was taken. Round 35 joined such a sentence with the one before it in the same turn
(:func:`memcli.write.rules.en_carry.with_referent`); here what it means is in the other speaker's question.

- :func:`opens_with_description` — the shape of the turn (cheap: only such a turn costs the drain a read of the
  turn before it, :func:`memcli.write.prepare.with_context`): after at most a few short interjections ("Thanks!",
  "Yep!", "Absolutely!"), its first sentence describes a thing by a pronoun or a picture word — what it is about,
  has, holds, eats or is made of, or what kind of thing it is with a detail
  (:func:`memcli.write.en_readings.describes`; here also "It's a chart of …"), or where / of what a photo, picture
  or painting is ("The photo is from…", "This one was taken at…").
- :func:`described_answer` — that sentence's unit is kept whatever the clause model's probability when the turn
  before is the other speaker's (the ``assistant`` role) and ends with a question word (what, where, which, who)
  asking about a thing by it / that / this / they / these / those / your (:func:`memcli.write.reply_to.question_of`
  gives the question). Stored as said, in the speaker's words; the question is never a memory.

Not read: how it was ("It was amazing", "It's so relaxing": no description), a question not about a thing ("How
are you?", "What do you think?"), a description that is not the reply's first sentence (the turn's own sentence
before it names the thing: round 35's reading), Chinese. Pure functions over text.
"""

from __future__ import annotations

import re

from memcli.write.en_readings import describes
from memcli.write.extract import Utterance

__all__ = ["described_answer", "described_sentence", "opens_with_description"]

_SENTENCE = re.compile(r"[^.!?]*[.!?]+|[^.!?]+$")
#: a short interjection sentence a reply opens with ("Thanks, Nate!", "Yep!", "Absolutely!", "Oh wow.")
_INTERJECTION = re.compile(r"^(?:thanks|thank you|thx|yes|yeah|yep|yup|sure|absolutely|definitely|of course|"
                           r"haha|wow|aw+|oh|ha|ooh|totally|exactly|indeed|right|true)\b[\w ,']{0,24}[.!?]+$", re.I)
#: a picture described: where or of what it is ("The photo is from a lake…", "This one was taken at…")
_PICTURE = re.compile(r"^(?:the|this|that) (?:photo|pic|picture|shot|snap|painting|drawing|sketch|one) "
                      r"(?:is|was|'s) (?:from|of|taken (?:at|in|on|near|by)|at|near)\b", re.I)
#: what kind of thing it is, said with "of" ("It's a chart of the old canal locks"), not an amount or a degree
_KIND_OF = re.compile(r"^(?:it|this|that)(?:'s| is| was) (?:a|an) (?!(?:lot|bit|kind|sort|couple|ton|bunch|part|"
                      r"mix of emotions|little)\b)(?:[\w-]+ ){0,3}?[\w-]+ of\b", re.I)
#: a question about a thing: a question word, then it / that / this / they … or "your" before the mark
_ABOUT_THING = re.compile(r"^(?:\W*(?:so|and|oh|hey|ooh|wow)\b,?\s*)*(?:what|where|which|who)\b"
                          r"(?=.*\b(?:it|that|this|they|them|these|those|there|your)\b)[^?]*\?$", re.I)
#: questions of the other one's opinion or state, not of a thing: "What do you think of it?", "How about that?"
_NOT_ABOUT_THING = re.compile(r"\b(?:think|feel|felt|mean|like about|up to|going on|happened)\b", re.I)


def described_sentence(text: str) -> str | None:
    """The first sentence of an English reply ``text`` after its short interjections when it describes a thing
    (see the module doc); else None."""
    for s in (p.strip() for p in _SENTENCE.findall(text.replace("\u2019", "'"))):
        if not s:
            continue
        if _INTERJECTION.match(s):
            continue
        return s if (describes(s) or _PICTURE.match(s) or _KIND_OF.match(s)) else None
    return None


def opens_with_description(text: str) -> bool:
    """Whether a user turn ``text`` opens (after interjections) with a sentence describing a thing: the turns whose
    preceding turn the drain reads for :func:`described_answer`."""
    return text.isascii() and described_sentence(text) is not None


def described_answer(utt: Utterance, unit_text: str) -> bool:
    """Whether ``unit_text`` (an English unit of ``utt``) is the description ``utt`` opens with, in answer to the
    question about a thing that ends the other speaker's turn before it (``utt.asked``; see the module doc)."""
    from memcli.write.reply_to import question_of

    if utt.role != "user" or not utt.asked or not unit_text.isascii():
        return False
    q = question_of(utt.asked)
    if q is None or not _ABOUT_THING.match(q) or _NOT_ABOUT_THING.search(q):
        return False
    s = described_sentence(utt.text)
    head = unit_text.replace("\u2019", "'").strip()[:30]
    return s is not None and len(head) >= 10 and s.startswith(head)
