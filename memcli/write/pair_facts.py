"""What the decision compares of one statement, shared by the judges and the pair features
(issue 21): :func:`facts_of` (the rules' analysis, read once more without the words that tell a
change when they hide the slot, name-token digits not counted as numbers) and the content units
with the tokens that name things kept (维生素D / 维生素C, 3号线 / 4号线)."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import replace
from functools import lru_cache

from memcli.primed import primable
from memcli.slots import slot_subject, split_slot
from memcli.text import lang_of
from memcli.write.rules import Facts, analyze
from memcli.write.rules.match import content_units as _rule_content_units
from memcli.write.rules.match import entity_units as _rule_entity_units
from memcli.write.value_types import name_numbers, name_tokens, strong

__all__ = ["content_overlap", "content_units", "entity_units", "facts_of", "with_slot"]


@lru_cache(maxsize=8192)
def content_units(text: str) -> frozenset[str]:
    """The rules' content units plus the letter/digit tokens that name things (维生素D → 维, 生,
    素, d; iPhone 15 → iphon, iphone 15): 维生素D / 维生素C no longer overlap fully."""
    return _rule_content_units(text) | name_tokens(text)


@primable(maxsize=8192)  # asked of each pair: the look-ahead computes it (write/precompute.py)
def entity_units(text: str) -> frozenset[str]:
    """The rules' entity units plus the name tokens (:func:`memcli.write.value_types.name_tokens`)."""
    return _rule_entity_units(text) | name_tokens(text)


def content_overlap(a: str, b: str) -> float:
    """Jaccard overlap of the content units of two statements, in [0, 1]."""
    x, y = content_units(a), content_units(b)
    inter = len(x & y)  # |x ∪ y| counted, not built: the same integers, the same quotient
    union = len(x) + len(y) - inter
    return inter / union if union else 0.0


_ZH_NEW_WORDS = re.compile(r"(?<=[我的])(?:新|现任的?)(?=[\u4e00-\u9fff])|现在|如今|目前")
_EN_NEW_WORDS = re.compile(r"\b(?:new|current|now|these days|nowadays)\b\s*", re.I)


@primable(maxsize=8192)
def facts_of(statement: str, slot: str | None = None) -> Facts:
    """What the decision compares of one statement: :func:`memcli.write.rules.analyze` (with
    ``slot`` when the rules found none), read once more without the words that tell a change
    when they hide the slot (我的新老板是张伟 → the slot of 我的老板是张伟), the digits of name
    tokens not counted as numbers (3号线, iPhone 15), ``X.is.<name>`` read as ``X.name``, and a
    ``has.…`` slot read as about its owner (I have four kids: the user, not a subject "has"), and a value that
    ran on into the next clause cut at the clause break when the first clause alone reads the same slot
    ("My new manager is Nina Holt, Carl moved to Oslo": the value is Nina Holt, not a place)."""
    f = with_slot(analyze(statement), slot)
    if f.slot is None:
        bare = (_ZH_NEW_WORDS if lang_of(statement) == "zh" else _EN_NEW_WORDS).sub("", statement).strip()
        if bare and bare != statement:
            g = analyze(bare)
            if g.slot:
                f = replace(f, slot=g.slot, value=g.value, subject=g.subject, kind=g.kind)
    if f.slot and f.value and (head := _first_clause(statement)) is not None:
        g = with_slot(analyze(head), slot)  # the value ends with its clause: "My new manager is Nina Holt, Carl
        if g.slot == f.slot and g.value and g.value != f.value and f.value.startswith(g.value):  # moved…"
            f = replace(f, value=g.value)
    if f.subject == "has" or f.subject.endswith(".has"):  # has.child names no attribute: the owner's slot
        f = replace(f, subject=f.subject[:-4] or "me")
    drop = Counter(name_numbers(statement))
    if drop and f.numbers:
        left = Counter(f.numbers) - drop
        f = replace(f, numbers=tuple(sorted(left.elements())))
    if f.slot and f.value:
        subj, attr, obj = split_slot(f.slot)
        if attr == "is" and obj and subj != "me" and _is_person_name(statement, f.value):
            f = replace(f, slot=f"{subj}.name")
    return f


_CLAUSE_END = re.compile(r"[,，;；]")
#: words that open a phrase continuing the value ("a flat in Camden, in north London"), not a clause of its own
_GOES_ON = re.compile(r"(?:in|on|at|near|of|from|with|by|and|or|the|a|an|which|who|where|just|right|close|about|"
                      r"not|both|also)\b|(?:在|位于|就在|靠近|离|的|和|还有|也|以及|不是)", re.IGNORECASE)


def _first_clause(statement: str) -> str | None:
    """The statement up to its first clause break (comma, semicolon) when what follows is a clause of its own
    ("…Nina Holt, Carl moved to Oslo": three words or more, five characters in Chinese, not opened by a
    preposition or a conjunction), else None ("…in Camden, in north London", "El Paso, Texas")."""
    m = _CLAUSE_END.search(statement)
    if m is None:
        return None
    tail = _CLAUSE_END.split(statement[m.end():], maxsplit=1)[0].strip()
    short = len(tail) < 5 if lang_of(tail) == "zh" else len(tail.split()) < 3
    if short or _GOES_ON.match(tail):
        return None
    return statement[:m.start()].strip() or None


def _is_person_name(statement: str, value: str) -> bool:
    """``value`` is a person's name in ``statement`` (jieba ``nr`` in Chinese; a capitalised word
    in English)."""
    if lang_of(statement) == "zh":
        from memcli.text import pos_tags, to_simplified

        return any(w == value and flag in ("nr", "nrfg", "nrt") for w, flag in pos_tags(to_simplified(statement)))
    return bool(re.search(r"\b" + re.escape(value[:1].upper() + value[1:]), statement))


def with_slot(f: Facts, slot: str | None) -> Facts:
    """``f`` with ``slot`` (and the subject it names) filled in when the rules found none, or when
    they found only a loose one (``fact.…``, ``event.…``) and ``slot`` names a known attribute that
    the statement's parse gives too ("I report to Sandra Lopez": ``fact.report`` → ``boss.name``,
    value Sandra Lopez: the stored slot, read as the extractor read it)."""
    if not slot or f.slot == slot:
        return f
    if f.slot and f.subject.startswith(("person:", "thing:")) and split_slot(f.slot)[1:] == split_slot(slot)[1:] \
            and not slot_subject(slot).startswith(("person:", "thing:")):  # a name the stored slot read as whose it is
        return replace(f, slot=slot, subject=slot_subject(slot))  # (小明的生日… under son.birthday: named_kind)
    if f.slot and not (split_slot(f.slot)[1] in ("fact", "event") and strong(slot)):
        return f
    from memcli.write.clauses import generic_slot
    from memcli.write.rules.match import value_key

    parsed = generic_slot(f.statement)
    value = value_key(parsed[1]) if parsed is not None and parsed[0] == slot else None
    if f.slot and value is None:
        return f
    return replace(f, slot=slot, subject=slot_subject(slot), value=value or f.value)
