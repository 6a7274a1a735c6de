"""The offline rules, one entry point per use: :func:`extract_matches` (an utterance → facts)
and :func:`analyze` (one stored or incoming statement → its checkable content).

Layout, imports pointing one way: :mod:`.match` (shared shapes and checks: polarity,
numbers, content units, relative time) ← :mod:`.zh`, :mod:`.en` (the clause rules of each
language) ← this dispatcher. The vocabulary (attributes, trigger words, relation keys) is
the leaf :mod:`memcli.slots`, which the read path uses too.
"""

from __future__ import annotations

import re
from dataclasses import replace

from memcli import slots
from memcli.primed import primable
from memcli.text import CACHED_CHARS, lang_of, to_simplified
from memcli.textcache import short_cached
from memcli.write.rules import en, zh
from memcli.write.rules.en_plan import trip_day
from memcli.write.rules.match import Facts, Match, numbers_of, polarity_of, value_key
from memcli.write.rules.mixed import (
    language_runs,
    read_en_with_zh_relations,
    read_switched_clause,
    read_zh_without_apposed_names,
    rules_lang,
)
from memcli.write.rules.role_told import with_roles

__all__ = ["Facts", "Match", "analyze", "extract_in_context", "extract_matches", "rules_lang", "subject_of"]


_DIET_NEG = re.compile(r"不是素食|不再吃素|不吃素|不再是素食|\bnot (?:a )?(?:vegetarian|vegan)|no longer (?:a )?(?:vegetarian|vegan)")  # noqa: E501


def _rules(text: str):  # noqa: ANN202 - a module
    return zh if rules_lang(text) == "zh" else en


def extract_matches(text: str) -> list[Match]:
    """Facts stated in one user utterance, one per clause and object, in order (a new list; cached
    per text up to :data:`~memcli.text.CACHED_CHARS` characters: the same line recurs across a
    drain — a restated preference, the same words of many users — and the rules read it the same)."""
    return _matches(text)


@short_cached(CACHED_CHARS, 16384, fresh=list)
def _matches(text: str) -> tuple[Match, ...]:
    """The rules' matches of ``text``: a function of the text alone (no context, no clock; the
    matches are frozen), so one reading serves every utterance that says it. A role's holder told in any word
    order ("Oscar is now my boss", 陈刚是我新领导) is that role's name fact (:mod:`.role_told`, round 45)."""
    return tuple(with_roles(text, _read(_rules(text), text)))


#: a Latin full stop (or three) ending a Chinese clause
_LATIN_STOP = re.compile(r"(?<=[\u4e00-\u9fff])\s*\.{1,3}\s*$")


def _read(rules, text: str) -> list[Match]:  # noqa: ANN001 - a module
    """``rules``' matches of ``text``, its code-switched phrases read as the clause's language
    (:mod:`.mixed`: 我老公 in an English clause, a Latin name beside a Chinese relation)."""
    if len(runs := language_runs(text, rules_lang)) > 1:  # a code-switched turn: each clause in its own grammar
        out: list[Match] = []
        for run in runs:
            got = _read(_rules(run), run)
            if not got and out and out[-1].slot == "plan.destination" and (day := trip_day(run)):
                got, out[-1] = [], replace(out[-1], statement=f"{out[-1].statement.rstrip(' ,，。')}, {day}")
            out += got  # (round 47) 我下周要去 Tokyo 出差, leaving on Tuesday: the trip's day in its statement
        return out
    if rules is zh and (dot := _LATIN_STOP.search(text)):  # (round 46) 我们打算明年春天去 Iceland 旅行. — a Latin full
        text = text[: dot.start()] + "。"  # stop typed after Chinese is the Chinese one (the rules read none before it)
    got = read_en_with_zh_relations(text, en.extract_matches) if rules is en else \
        read_zh_without_apposed_names(text, zh.extract_matches)
    got = got if got is not None else rules.extract_matches(text)
    if not got and (switched := read_switched_clause(text, zh.extract_matches, en.extract_matches)):
        return switched  # round 46: 换了新工作 at a bank now (a switch inside the clause)
    if rules is zh:  # a weak slot keyed by a word that names nothing (没有, 换成, 三): round 45
        from memcli.write.rules.odd_head import rekeyed
        return [rekeyed(m, zh.extract_matches) for m in got]
    return got


def extract_in_context(text: str, person: tuple[str, str] | None = None) -> tuple[list[Match], tuple[str, str] | None]:
    """:func:`extract_matches` with a leading 她/他/she/he read as ``person`` (``(key, phrase)``, the person
    named last in the user's previous message; ignored when the language differs), and the person named
    last in this utterance."""
    if len(runs := language_runs(text, rules_lang)) > 1:  # a code-switched turn: each clause in its own grammar
        out: list[Match] = []
        for run in runs:
            got, named = extract_in_context(run, person)
            out += got
            person = named or person
        return out, person
    rules = _rules(text)
    if person and (lang_of(person[1]) == "zh") != (rules is zh):
        person = None
    last: list[tuple[str, str] | None] = [None]

    def read(t: str) -> list[Match]:
        got, last[0] = rules.extract_in_context(t, person)
        return got

    got = read_en_with_zh_relations(text, read) if rules is en else read_zh_without_apposed_names(text, read)
    return (got, last[0]) if got is not None else rules.extract_in_context(text, person)


def subject_of(text: str) -> str:
    """Whom a statement is about: ``me``, a relation key, ``person:…`` or ``thing:…``."""
    return _rules(text).subject_of(text)


@primable(maxsize=8192)
def analyze(statement: str) -> Facts:
    """Slot, value, subject, polarity and numbers of one statement (a memory or a candidate).

    Traditional Chinese is read as simplified, so 我媽媽的生日是3月5號 and 我妈妈的生日是3月5号
    have one slot, value and date.
    The statement is read as one utterance: its first fact gives the slot; a statement the
    rules do not recognise keeps ``slot=None`` and its subject from the first words.
    """
    from memcli.write.names import match_name  # name phrasings (call me Sam, 叫我小红就行)

    text = to_simplified(statement)  # traditional Chinese is read as simplified
    rules = _rules(text)
    m = match_name(rules.prepare(text))
    if m is None:
        ms = with_roles(text, _read(rules, text))  # (陈刚是我新领导: boss.name, as drained)
        m = ms[0] if ms else None
    subject = slots.slot_subject(m.slot) if m and m.slot else subject_of(text)
    positive = polarity_of(text)
    if m and m.slot and m.slot.endswith("diet"):  # 我不吃肉 / I don't eat meat state the diet, they do not negate it
        positive = not _DIET_NEG.search(statement.casefold())
    return Facts(statement=statement, slot=m.slot if m else None,
                 value=value_key(m.value) if m and m.value else None,
                 positive=positive, numbers=numbers_of(text), kind=m.kind if m else None,
                 subject=subject)
