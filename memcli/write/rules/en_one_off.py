"""A remark on a thing of one occasion is not a standing preference (round 42).

"That movie last night was so funny", "This coffee is too strong today", "The pizza last night was amazing": an
opinion of a thing named by "the", "this", "that", "these" or "those" and dated to one occasion (last night,
yesterday, on Friday, today). It says how one experience went, not what the user likes: storing it as a
``preference`` (``thing:coffee.opinion.strong``) answered "what coffee do I like?" with one strong cup. The turn
stays an episode (the user's own words, findable); no memory is made of it.

Undated, such an opinion stays one of the thing (round 15's "That film was wonderful", round 19's "These boots are
comfortable": ``thing:….opinion``, which a later verdict on it updates), and so does a thing named as a standing one:
"The ramen place downstairs is really good", "The new Dune movie was way better than I expected" (a name), "My sofa
is too soft" (the user's own thing), and "I love funny movies" (a liking, not an opinion of one thing).

Round 43: the date may sit in a relative clause of the thing ("That film we watched last night was hilarious", "the
cake I baked on Sunday was dry", "The book I read in March was boring"): the occasion is the clause's, and the
remark in the past tense is of it. The user's "I" in that clause is no name. In the present tense the thing outlives
the occasion the clause dates ("The shoes I bought last week are really comfortable": the shoes, kept): an opinion
of the thing, as undated. The rules read so; the fitted clause model still keeps such a unit the rules left out
(tried in round 43 and dropped: it moved LoCoMo round 41's memories 83.0% → 79.2%).
"""

from __future__ import annotations

import re

__all__ = ["judgement_only", "one_off_thing"]

#: a thing named by a determiner: "the pizza", "this coffee", "that movie" (no capitalised name after it: "the
#: Coldplay concert" is named; the user's "I" of a relative clause is none: "the cake I baked")
_DETERMINED = re.compile(r"^(?:[Tt]he|[Tt]his|[Tt]hat|[Tt]hese|[Tt]hose)\s+(?![^,]*\b(?!I\b|I'[a-z])[A-Z])")
#: a relative clause after the thing's noun: its own subject ("the cake I baked", "that film we watched", "the soup
#: my mum made"), or that / which / who before it
_RELATIVE = re.compile(r"^\S+\s+(?:[a-z-]+\s+){0,2}?(?:(?:that|which|who)\s+)?"
                       r"(?:I|we|you|he|she|they|my\s+[a-z]+|our\s+[a-z]+)\s+[a-z]+(?:ed|ght|ade|ook|ent|aw|ad|ew|ote|ang|"
                       r"ank|ore|ame|ave|ole|oke|ung)\b")
#: a predicate in the present tense: the thing is still there to be judged ("are really comfortable", "is great")
_PRESENT = re.compile(r"^(?:is|are|'s|am|looks?|feels?|tastes?|seems?|smells?|sounds?)\b", re.I)
def one_off_thing(phrase: str, ago: object | None, today: bool, rest: str = "") -> bool:
    """Whether a clause's subject ``phrase`` (its own case: "That movie", "The pizza", "The cake I baked") names a
    thing of one occasion: a common noun after the, this, that, these or those that the clause dates (``ago``: its
    relative time, e.g. ``("day", 1)`` for "last night"; ``today``: the utterance is about today). Names and the
    user's own things are not; nor, with the predicate ``rest`` in the present tense ("are really comfortable"), a
    thing a relative clause of the phrase dates ("The shoes I bought last week"): the thing outlives that day."""
    if not (_DETERMINED.match(phrase.strip()) and (ago is not None or today)):
        return False
    return today or not (rest and _PRESENT.match(rest.strip()) and _RELATIVE.match(phrase.strip()))


def judgement_only(phrase: str, ago: object | None, today: bool, rest: str, said: str = "") -> bool:
    """Whether a clause on a thing (``phrase``, ``rest``: its subject and predicate, its time cut out; ``said``: the
    clause as said) judges only the conversation ("that joke was terrible":
    :data:`memcli.write.rules.en_words.TALK_THING`) or one occasion (:func:`one_off_thing`; a month said, "in March",
    dates it too though it moves no valid time): chatter, no memory."""
    from memcli.write.rules.en_words import _AGO, TALK_THING

    month = _AGO.search(said) if ago is None else None
    return bool(TALK_THING.match(phrase.strip())) or one_off_thing(phrase, month and month.group(0) if ago is None
                                                                   else ago, today, rest)
