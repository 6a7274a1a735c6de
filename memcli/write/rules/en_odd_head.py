"""An English weak slot's head word that names nothing the fact is about (round 47), the English of
:mod:`memcli.write.rules.odd_head`.

The rules key a fact they read no attribute of by a word of its clause (``fact.drink``, ``habit.yoga``): the first
content word of the predicate, or for a habit its last. A negation or an adverb there ("I never drink it" →
``fact.never``, "I only drink one cup a day" → ``fact.onl``, "These days I mostly swim" → ``fact.mostl``), a
quantity ("There are 25 people on my team" → ``fact.there``, "I have two cats" → ``fact.two``), a number or an
ordinal ("My apartment's on the fourth floor" → ``thing:apartment.fact.fourth``) or a preposition or pronoun last in
a habit ("I'm usually in bed by 11" → ``habit.by``, "I'm always here to support you" → ``habit.you``) names
nothing, and a slot decides which facts replace each
other: every "never" of the user's shared ``fact.never``. :func:`content_words` drops such words, so the slot is
keyed by what the fact is about (``fact.drink``, ``fact.swim``, ``thing:apartment.fact.floor``, ``habit.bed``);
when nothing else is left, the words stay as they were. A "there is" of a thing of the user's ("There are two
bakeries on my street", all of them ``fact.there``) is keyed by that thing and what is there (:func:`there_slot`:
``thing:street.fact.bakery``).

A pure function of words; :mod:`memcli.write.rules.en_facts` calls it.
"""

from __future__ import annotations

import re

from memcli.en_plural import singular
from memcli.numerals import EN_NUMBER_WORDS, EN_TENS

__all__ = ["content_words", "there_slot"]

#: a negation, an auxiliary, an adverb of degree, time or focus, a quantity, a pronoun or a preposition
_ODD = frozenset((*(
    "not never no none nothing nobody neither nor t don doesn didn haven hasn hadn isn aren wasn weren won wouldn "
    "can cannot couldn shouldn will would could should might must shall "
    "only still mostly really just also even always usually sometimes often rarely seldom hardly barely ever "
    "already now currently lately recently nowadays generally mainly mostly basically actually definitely "
    "probably totally completely pretty quite very so too more less much most rather almost nearly officially "
    "finally honestly literally seriously apparently old "
    "there both all any many few several each every another other one first second third fourth fifth sixth "
    "seventh eighth ninth tenth half about around approximately roughly over under new nearby local big "
    "her his him their them your yours our ours its me myself by from with without into onto than per you it this "
    "that these those something anything everything been being super lot lots bit "
    "am pm k km kg lbs").split(), *EN_NUMBER_WORDS, *EN_TENS))
_NUMBER = re.compile(r"\d+(?:st|nd|rd|th|k|s)?")


def content_words(words: list[str]) -> list[str]:
    """``words`` (case-folded, in order) without the words that name nothing (see the module doc); ``words``
    itself when no other word is left."""
    kept = [w for w in words if w not in _ODD and not _NUMBER.fullmatch(w)]
    return kept or words


#: "there is / are WHAT … my / our OWNER": what is there, and the thing of the user's it is at
_THERE = re.compile(r"^there (?:is|are|was|were) (?P<what>.+?)\b(?:my|our) (?P<owner>[a-z]+)\b(?!')", re.I)
_NOT_WHAT = frozenset("a an the some lots lot of plenty loads no any in on at near by next to across behind under "
                      "over around outside inside opposite beside between for people's us them we".split())


def there_slot(clause: str) -> str:
    """The slot of a "there is" clause about a thing of the user's ("There are two bakeries on my street" →
    ``thing:street.fact.bakery``; "There are 25 people on my team now" → ``thing:team.fact.people``), or
    ``fact.there`` when the clause names no such thing or nothing there (round 47)."""
    m = _THERE.match(clause.strip())
    if m is None:
        return "fact.there"
    words = [w for w in content_words(re.findall(r"[a-z]+", m["what"].casefold())) if w not in _NOT_WHAT]
    if not words or words[0] in _ODD:
        return "fact.there"
    return f"thing:{singular(m['owner'].casefold())}.fact.{singular(words[0])}"
