"""An English correction's words: its opener, and the value it denies said in any order.

A correction says the right value and the wrong one in one sentence in several orders — "my brother is called
Tim, not Tom", "… is called not Tom but Tim", "… is called Tim rather than Tom" — after an opener or none
("Sorry, I made a mistake:", "I meant", "Correction:"). :func:`denial_last` reads the last two as the first, the
shape whose denied half (:data:`NOT_HALF`) the rules drop and whose denied value
:func:`memcli.write.correction.denied_values` reads; :data:`CORRECTION_OPEN` is the opener the rules and the clause
units read the statement after. The Chinese counterparts are :data:`memcli.write.rules.zh_words.ZH_CORRECTION_OPEN`
and :func:`memcli.write.rules.zh_words.denial_last`. Pure functions over text.
"""

from __future__ import annotations

import re

__all__ = ["CORRECTION_OPEN", "EN_SLIP", "NOT_HALF", "correction_opener", "denial_last"]

#: a slip owned before the right value or statement ("I made a mistake", "I misspoke", "I got that wrong", "my
#: mistake"): one vocabulary for the correction's opener here, its softer form (:mod:`memcli.write.correction`) and a
#: correction naming only the right value (:mod:`memcli.write.value_correction`)
EN_SLIP = (r"(?:i (?:made a mistake|made an error|misspoke|misremembered|mistyped|got (?:it|that|this) wrong|was wrong|"
           r"mixed (?:it|that|them) up)|my mistake)")
#: a correction's opener ("Correction:", "Sorry, I meant", "Let me correct that:", "Sorry, I made a mistake:")
CORRECTION_OPEN = re.compile(r"^(?:(?:sorry|oops|my bad|wait|actually|no|oh|hmm)[,!.]?\s*){0,2}"
                             r"(?:correction\s*[:,-]|to correct myself,?|"
                             r"let me correct (?:that|myself)\s*[:,-]?|i meant,?|i mean,|scratch that[,.]?|"
                             rf"(?P<slip>{EN_SLIP})(?P<sep>\s*[,:;.!]|\s+[-–—]))\s*", re.I)
#: the negated half at a sentence's end (", not five", ", not Porto"): the statement before it is the fact
NOT_HALF = re.compile(r",\s*(?:and\s+)?not\s+(?:\w+[\w'-]*)(?:\s+\w+[\w'-]*){0,2}\s*([.!]?)\s*$", re.I)

_WORDS = r"\w[\w'-]*(?:\s+\w[\w'-]*){{0,{}}}?"
#: "… not Y but X" at a sentence's end, Y a value of at most four words: not a verb's negation ("I do not …"), nor
#: "not only … but also", nor a hedge ("not sure", "not really")
_NOT_BUT = re.compile(r"^(?P<head>.*?\S)\s+not\s+(?!(?:only|just|merely|simply|even|because|that|to|sure|really|"
                      r"quite|very|so|too|at all|much|yet)\b)(?P<y>" + _WORDS.format(3) + r")\s*,?\s+but(?:\s+rather)?"
                      r"\s+(?!(?:also|too|still|now|then|i|we|he|she|they|it)\b)(?P<x>" + _WORDS.format(4) + r")"
                      r"\s*(?P<end>[.!]?)\s*$", re.I)
#: "… X rather than Y" at a sentence's end, Y a value of at most four words
_RATHER = re.compile(r"^(?P<head>.*?\S),?\s+rather than\s+(?P<y>" + _WORDS.format(3) + r")\s*(?P<end>[.!]?)\s*$",
                     re.I)
#: a copula's "n't" read as its "not" ("isn't red but blue" as "is not red but blue"); "don't" stays the verb's
_BE_NOT = re.compile(r"\b(is|are|was|were)n['’]t\b", re.I)
#: an auxiliary before "not" negates the verb after it ("I do not like tea but coffee"): no value denied
_AUX_END = re.compile(r"\b(?:do|does|did|can|could|will|would|shall|should|may|might|must|have|has|had|i|we|you|"
                      r"they|he|she)$", re.I)


def denial_last(sentence: str) -> str:
    """``sentence`` with a value denied before or beside the right one said after it: "My brother is called not Tom
    but Tim" → "My brother is called Tim, not Tom"; "I live in Porto rather than Lisbon" → "I live in Porto, not
    Lisbon" — the shape whose negated half (:data:`NOT_HALF`) the rules drop. As given otherwise (no such shape, a
    verb negated: "I do not like tea but coffee", a hedge: "not sure but maybe"). A copula's "n't" is its "not" ("My
    car isn't red but blue" → "My car is blue, not red")."""
    m = _NOT_BUT.match(_BE_NOT.sub(r"\1 not", sentence))  # ("My car isn't red but blue", round 40)
    if m is not None and not _AUX_END.search(m["head"]) and m["x"].casefold() != m["y"].casefold():
        return f"{m['head']} {m['x']}, not {m['y']}{m['end']}"
    m = _RATHER.match(sentence)
    if m is not None and len(m["head"].split()) >= 2:
        return f"{m['head']}, not {m['y']}{m['end']}"
    return sentence


def correction_opener(sentence: str) -> re.Match[str] | None:
    """:data:`CORRECTION_OPEN` at the start of ``sentence``, or None. A slip owned ("I made a mistake", "I got that
    wrong") opens a correction only when the sentence denies a value after it ("…, my niece lives in Ghent, not
    Bruges"): "I made a mistake, I trusted him" tells what happened, and a lead-in before a colon with no value
    denied ("I got that wrong: the recital is on Friday") is cut off by the clause units as any lead-in is
    (:func:`memcli.write.clauses.units`)."""
    m = CORRECTION_OPEN.match(sentence)
    if m is None or m["slip"] is None:
        return m
    return m if NOT_HALF.search(denial_last(sentence[m.end():])) else None
