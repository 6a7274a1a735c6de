"""What a hit lacks of the question (round 33): a value of the asked type, a whole word of the question.

Two answer features (:mod:`memcli.read.answer`), both of one hit against one question:

- ``no_value`` (:func:`value_unheld`): the question asks a value of one type (:func:`memcli.read.asked_value.
  asked_value`: when, what time, how long / many / much, where, who / what's … called) and the hit's statement
  holds none of that type ("When is Sam's birthday?" against "Sam's boat is moored at Poole": the subject's
  fact, no date). 0 when the question asks no value type, asks when the user did a thing (round 39, "When did
  I go to the dentist?": the day the event was told answers it, :func:`memcli.read.time_intent.told_when`), asks who
  (a relation answers it as a name does) or how often (every morning), or names its subject by another fact
  ("my friend who runs a bakery"), or asks how long the user has done a thing and the hit tells its start (round
  48: "I started pottery", shown with its valid time). The ranking
  already lowered such hits below one that holds the value (round 32, ``asked_value.lift``); the gate did not
  know it, and the subject's only fact passed.
- ``piece`` (:func:`piece_only`): the statement shares an English word of the question only as a piece of a
  longer, other word ("opera" in "operation", "blood" in "bloodwork", "car" in "cards"), and no word of the
  question whole. The lexical leg's LIKE side finds partial words on purpose (``coff`` → coffee), and the dense
  leg ranks such a statement near too (the pieces share sub-word units), so it may be the question's first hit.
  An inflection or an agent noun of the word is the word ("teach" in teacher, "paint" in painting), and a compound
  ending in it is a thing of its kind ("statin" in rosuvastatin: :func:`memcli.read.tokens.ends_compound`).

:func:`names_thing`: a statement names the thing a word names, as a whole word (its plural, its possessive) or
as a thing of the kind the word is (:mod:`memcli.read.kinds`: "the dog" by "our springer spaniel").

Pure regex and word lists: no store access, no model. Read path only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

__all__ = ["names_thing", "piece_only", "value_unheld"]

_LATIN_WORD = re.compile(r"[a-z]+")
_TOKEN = re.compile(r"[a-z]{3,}")
#: endings that make an agent noun of a verb (teach → teacher, swim → swimmer, art → artist): the same word
_AGENT = re.compile(r"(?:er|ers|or|ors|ist|ists|ian|ians)")
#: who / whom / whose asks a person, whom a relation or a role answers as well as a name ("Who do I live with?" by
#: "my wife and the kids"), and 谁 of a comparison asks which of two: only a name asked ("what's … called") counts
_WHO = re.compile(r"\W*(?:and |so |but )?(?:who|whom|whose)\b|.*谁", re.IGNORECASE)
#: "how often" is answered by "every morning", "twice a week" as well as by a number
_OFTEN = re.compile(r"\bhow often\b|多久一次|几天一次", re.IGNORECASE)
#: a question naming its subject by another fact ("what's the name of the person from Leeds", "when is the birthday
#: of my friend who runs a bakery", "where did the flatmate who's a chef move"): the fact that names the subject is
#: found with the value asked among the subject's other facts (answer.share_by_subject) and need hold none
_BY_FACT = re.compile(r"\b(?:the|that|this)\s+(?:person|one|guy|woman|man|lady|friend)\b|"
                      r"(?<=[a-z] )(?:who|whom|whose|that)\b|那个|那位|的人", re.IGNORECASE)
#: values said more loosely than the ranking's reading (asked_value.holds_value) needs: a place as "at a law firm",
#: "in the shed", "at UT Austin"; a year of birth by an age ("34 years old")
_MORE = {
    "place": re.compile(r"\b(?:at|in|from|near|to|on)\s+(?:a|an|the|my|our|his|her|their)\s+[a-z]|"
                        r"\b(?:at|in|from|near)\s+[A-Z]|\b(?:downtown|abroad|home|locally|remotely|overseas)\b"),
    "when": re.compile(r"\b\d+\s+years?\s+old\b|\baged?\s+\d+", re.IGNORECASE),
}


#: round 48: "how long have I (been) doing X?" of the user's own doing is answered by the memory of its start, whose
#: valid time the block shows ("I started pottery (since May 2021)", "I've been doing yoga for six years")
_HOW_LONG_MINE = re.compile(r"\bhow long (?:have|has|had) (?:i|we)\b", re.IGNORECASE)
_START_TOLD = re.compile(r"\b(?:started|began|begun|took up|taken up|picked up|got into|since|for (?:about |around |"
                         r"almost |nearly |over )?\w+ (?:years?|months?|weeks?))\b", re.IGNORECASE)


@lru_cache(maxsize=4096)
def value_unheld(question: str, statement: str) -> float:
    """1.0 when ``question`` (simplified Chinese or other text) asks a value type and ``statement`` holds no
    value of it (:func:`memcli.read.asked_value.holds_value`), else 0.0."""
    from memcli.read.asked_value import asked_value, holds_value
    from memcli.read.time_intent import told_when

    asked = asked_value(question)
    if asked is None or _BY_FACT.search(question) or (asked == "name" and _WHO.match(question)) \
            or (asked == "amount" and _OFTEN.search(question)) or (asked == "when" and told_when(question)):
        return 0.0
    if asked == "amount" and _HOW_LONG_MINE.search(question) and _START_TOLD.search(statement):
        return 0.0  # a start told answers how long (round 48)
    more = _MORE.get(asked)
    return float(not holds_value(statement, asked, question) and not (more and more.search(statement)))


def _same_word(token: str, word: str) -> bool:
    """``word`` is ``token`` inflected or made its agent noun (paints, painting, painter, swimmer)."""
    from memcli.text import word_form

    if word_form(word) == word_form(token):
        return True
    if not word.startswith(token):
        return False
    rest = word[len(token):]
    if rest[:1] == token[-1:] and len(rest) > 1:  # swim → swimmer, run → runner
        rest = rest[1:]
    return _AGENT.fullmatch(rest) is not None or (token.endswith("e") and _AGENT.fullmatch("e" + rest) is not None)


def piece_only(tokens: Sequence[str], statement: str) -> float:
    """1.0 when ``statement`` holds one of the question's English search ``tokens`` (3+ letters, case-folded; words
    that only ask the value — long, name, when — and relation words — "sis" of sister — left out) only inside a
    longer, other word, and none of them as a word (:func:`memcli.read.tokens.holds`, by the stem); else 0.0."""
    from memcli.read.asked_value import asking_word
    from memcli.read.kin import question_relation
    from memcli.read.request import is_relation
    from memcli.read.tokens import ends_compound, holds
    from memcli.text import STOPWORDS

    low = statement.casefold()
    words = [t.casefold() for t in tokens if _TOKEN.fullmatch(t.casefold()) and not asking_word(t)
             and t.casefold() not in STOPWORDS and not is_relation(t.casefold())
             and question_relation("my " + t.casefold()) is None]  # "sis" of sister: the sister
    if not words or any(holds(low, t) for t in words):
        return 0.0
    stmt_words = set(_LATIN_WORD.findall(low))
    return float(any(t in w and not _same_word(t, w) and not ends_compound(w, t) for t in words for w in stmt_words))


def names_thing(statement: str, word: str) -> bool:
    """Whether ``statement`` names the thing ``word`` (case-folded) names: as whole words, their plural or
    possessive, or — one word — a thing of the kind it is (:func:`memcli.read.kinds.kinds_of`: a spaniel for
    "dog"; not "volleyball" for the bare phrase of "When was volleyball invented?")."""
    from memcli.read.kinds import held_kinds, kinds_of
    from memcli.read.tokens import has_word

    if has_word(statement.casefold(), word):
        return True
    if " " in word:  # a bare phrase asked when or where ("football practice", "volleyball invented"): as said
        return False
    kinds = kinds_of(word)
    return bool(kinds & held_kinds(statement, kinds))
