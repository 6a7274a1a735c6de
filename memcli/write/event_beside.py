"""A NOOP that would hide another told event or state (round 34): "I took my parrot to the vet on Friday" stored,
then "My parrot learned to whistle a new song" — one topic, the encoder puts them close, and a reinforcement
drops the second. A NOOP is right only when the new statement says nothing the stored one does not (a
restatement, a paraphrase); one that brings several words of content the stored one lacks — an object, a place,
a person, another deed — tells another fact, stored beside it (ADD).

What counts as new content (:func:`new_content`): the content word stems of the new statement
(:func:`memcli.write.pair_facts.content_units`) that the stored one lacks, beside words a restatement brings
anyway (:data:`RESTATING_WORDS`: light verbs, feelings and praise, times of day and week, numbers as words,
pronouns) and stems the stored statement carries under another ending (passion / passionate). Paraphrases of
one fact (goldset: "I have a fear of flying", "My salary is $85,000 a year") bring 0-2 such words, almost
always with a slot of their own; a second event brings a handful ("We won the cup final on penalties" beside
"We pulled off a close win on Saturday": cup, final, penalt, won).

In Chinese a statement's content units are characters, and a restatement in other words brings several
(周五我带我家鹦鹉看兽医去了 / 我周五带鹦鹉去看了兽医): what counts there is the words that name things
(:func:`memcli.write.pair_facts.entity_units`: nouns by jieba) sharing no character with the stored statement
(:func:`new_things`) — no labelled Chinese restatement in the goldsets brings two, a second event often does
(我家鹦鹉学会了吹一首新曲子 beside 我周五带鹦鹉去看了兽医: 学会, 曲子).

A day told (round 44): "My laptop died yesterday" beside "I have a laptop" is what happened to the thing on one
day; a restatement of a state does not come with its day. An English statement naming a day the stored one does
not (yesterday, today, last night, on Friday), with one content word the stored one lacks (died), is another
fact however close the encoder puts the two (in :func:`event_beside`).

Pure functions over :class:`~memcli.write.rules.Facts`; :func:`memcli.write.decide.decide` calls
:func:`event_beside` after :func:`memcli.write.judge.hard_guard` (outside it: the fitted judge's features stay
those it was fitted on).
"""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.models import Decision
from memcli.reltime import EN_WEEKDAYS
from memcli.text import lang_of
from memcli.write.pair_facts import content_units, entity_units
from memcli.write.rules import Facts
from memcli.write.rules.match import _EN_LIGHT_WORDS, _stem
from memcli.write.value_types import asks, strong

__all__ = ["EVENT_WORDS", "RESTATING_WORDS", "event_beside", "new_content", "new_things",
           "tells_particular"]

#: words a restatement of one fact brings without telling anything more (beside the light words of
#: :mod:`memcli.write.rules.match`): praise and feelings, degree, pronouns, modal verbs, light verbs,
#: times of the day, week and year, numbers as words
_RESTATING = (
    "amazing awesome great cool nice good fun happy joy love loved lovely excited exciting super huge big fan "
    "thankful grateful proud important fulfilling rewarding blast wonderful fantastic incredible beautiful glad "
    "thrilled stoked cute sweet brilliant perfect tough hard bad sad scared worth ever always even too more much lot "
    "here there some thing things those these them they you your we us our he she him her his myself yourself "
    "what how when where which who why because since while if then than like way time times day days "
    "will would can could should might may must gonna wanna going get got make made makes "
    "last next ago year years month months week weeks today yesterday tonight morning evening night afternoon "
    "january february march april may june july august september october november december "
    "monday tuesday wednesday thursday friday saturday sunday weekend weekends "
    "one two three four five six seven eight nine ten first second another other "
    "let out into onto from over through back being such anything something everything nothing doing part come")
_WORDS = (_EN_LIGHT_WORDS + " " + _RESTATING).split()
#: stems (and words) of :data:`_RESTATING` and the light words: never new content
RESTATING_WORDS = frozenset(_WORDS) | frozenset(_stem(w) for w in _WORDS)

#: new content words that make a NOOP another fact when the new statement tells a particular event or thing
#: (:func:`tells_particular`). Without a deed or a thing shown, no count is asked: a remark of the same topic
#: ("My cats remind me to slow down and enjoy quiet evenings" beside "My cats love napping in the sun") brings as
#: many words as another fact, and stored beside it, crowds the facts out of a question's top hits
EVENT_WORDS = 2

#: a day named in English words: the day something happened, not a state's (round 44)
_EN_DAY = re.compile(r"\b(?:yesterday|today|tonight|last night|this (?:morning|afternoon|evening)|(?:on|last) (?:"
                     + "|".join(EN_WEEKDAYS) + r"))\b", re.I)

#: a deed told in the past, or a particular thing shown: "I made …", "We won …", "this vase", "Here are …"
_PARTICULAR = re.compile(
    r"\b(?:went|did|took|made|had|saw|met|ran|won|gave|found|began|bought|brought|came|wrote|drew|sang|built|caught|"
    r"heard|held|lost|paid|sent|spent|taught|threw|flew|drove|rode|swam|sold|beat|scored|baked|cooked|painted|"
    r"carved|knitted|stitched|planted|grew|hiked|visited|joined|played|finished|learned|learnt|adopted|"
    r"this|these|here's|here are|here is)\b", re.I)


@lru_cache(maxsize=8192)
def _heavy(text: str) -> frozenset[str]:
    return frozenset(u for u in content_units(text)
                     if u not in RESTATING_WORDS and len(u) > 2 and not any(c.isdigit() for c in u))


def _carried(unit: str, units: frozenset[str]) -> bool:
    """``unit`` is among ``units``, or one of them under another ending (passionat / passion, creat / creativit)."""
    return unit in units or (len(unit) >= 4 and any(len(v) >= 4 and (unit.startswith(v) or v.startswith(unit))
                                                    for v in units))


def new_content(new: str, old: str) -> frozenset[str]:
    """The content word stems of ``new`` that ``old`` does not carry and a restatement would not bring
    (:data:`RESTATING_WORDS`; digits left to the number guards). English; empty for other text."""
    if not (new.isascii() and old.isascii()):
        return frozenset()
    carried = content_units(old)
    return frozenset(u for u in _heavy(new) if not _carried(u, carried))


def new_things(new: str, old: str) -> frozenset[str]:
    """The Chinese words of ``new`` that name things (:func:`memcli.write.pair_facts.entity_units`) and share no
    character with ``old``'s content; empty unless both are Chinese."""
    if lang_of(new) != "zh" or lang_of(old) != "zh":
        return frozenset()
    carried = content_units(old)
    return frozenset(w for w in entity_units(new) if not w.isascii() and not set(w) & carried)


def tells_particular(text: str) -> bool:
    """``text`` tells a deed in the past or shows a particular thing (:data:`_PARTICULAR`)."""
    return bool(_PARTICULAR.search(text))


def event_beside(new: Facts, old: Facts, decision: Decision = Decision.NOOP) -> str | None:
    """Why ``decision``, a NOOP (reinforcement) of stored ``old`` by ``new``, would hide a fact (None: it may be
    merged, or ``decision`` is no NOOP): neither a question, not one strong slot told again (the slot comparison
    weighs those), and, both Chinese, ``new`` names :data:`EVENT_WORDS` things ``old`` does not (:func:`new_things`),
    or, both English, ``new`` tells a particular deed or thing (:func:`tells_particular`) and brings
    :data:`EVENT_WORDS` words of content ``old`` lacks (:func:`new_content`). Then ``new`` tells another event or
    state on the same topic."""
    if decision != Decision.NOOP or asks(new.statement) or asks(old.statement) or (
            new.slot and new.slot == old.slot and strong(new.slot)):
        return None
    if len(things := new_things(new.statement, old.statement)) >= EVENT_WORDS:
        return (f"the new statement names things the stored one does not ({'、'.join(sorted(things)[:6])}): another "
                "event or state on the same topic, not a restatement")
    extra = new_content(new.statement, old.statement)
    if extra and (day := _EN_DAY.search(new.statement)) and not _EN_DAY.search(old.statement):
        return (f"the new statement tells what happened {day[0].lower()} ({', '.join(sorted(extra)[:6])}): an "
                "event of one day beside the stored fact, not a restatement")
    if len(extra) < EVENT_WORDS or not tells_particular(new.statement):
        return None
    return (f"the new statement tells more than the stored one ({', '.join(sorted(extra)[:6])}): another event "
            "or state on the same topic, not a restatement")
