"""Who a pair of statements names (round 35, out of :mod:`memcli.write.change_rules`): the relations
(:func:`relations_of`) and names (:func:`names_of`) a statement mentions, and what they tell of a pair — each
names something the other does not (:func:`names_another_fact`: another fact, never merged), one named person
another relative now (:func:`kin_changed`), the user's statement naming a relation beside a fact of that
relation's own (:func:`relation_fact_beside`: two facts).

Pure functions over statements and :class:`~memcli.write.rules.Facts`; the decision step, the hard guard and the
pair features call them, and the look-ahead computes :func:`relations_of` and :func:`names_of` of each statement
for the writer (:mod:`memcli.write.precompute`).
"""

from __future__ import annotations

import re

from memcli import slots
from memcli.primed import primable
from memcli.slots import split_slot
from memcli.text import lang_of, to_simplified
from memcli.write.rules import Facts
from memcli.write.value_types import name_tokens

__all__ = ["kin_changed", "names_added", "names_another_fact", "names_changed", "names_of", "names_relation",
           "relation_fact_beside", "relations_changed", "relations_of"]

_EN_REL_WORDS: re.Pattern[str] | None = None
_ZH_REL_WORDS: re.Pattern[str] | None = None


@primable(maxsize=16384)  # asked of each pair: the look-ahead computes it (write/precompute.py)
def relations_of(text: str) -> frozenset[str]:
    """The relation keys a statement names (我表哥… → cousin_elder_male; "Ines is my niece" →
    niece), from the :mod:`memcli.slots` vocabulary, longest word first."""
    global _EN_REL_WORDS, _ZH_REL_WORDS
    if lang_of(text) == "zh":
        if _ZH_REL_WORDS is None:
            _ZH_REL_WORDS = re.compile("|".join(sorted(map(re.escape, slots.ZH_RELATIONS), key=len, reverse=True)))
        return frozenset(slots.ZH_RELATIONS[m.group(0)] for m in _ZH_REL_WORDS.finditer(to_simplified(text)))
    if _EN_REL_WORDS is None:
        alt = "|".join(sorted(map(re.escape, (k for k in slots.EN_RELATIONS if k.islower())), key=len, reverse=True))
        _EN_REL_WORDS = re.compile(r"\b(" + alt + r")s?\b")
    return frozenset(slots.EN_RELATIONS[m.group(1)] for m in _EN_REL_WORDS.finditer(text.casefold()))


def names_relation(mine: Facts, relation: str) -> bool:
    """``mine`` (a statement read as about the user) names ``relation`` or a relation that may be the same
    person (我换导师了 names 导师, "we got a new manager" a manager): it tells who that relation is, not a
    fact of the user's own. "我住在成都" names no relation and stays the user's."""
    return any(slots.same_relation(r, relation) for r in relations_of(mine.statement))


def relation_fact_beside(new: Facts, old: Facts) -> str | None:
    """Why a statement of the user's naming a relation (我和老婆两个人过日子, "I share a flat with my partner")
    and a fact of that relation's own that is not who they are (老婆不会开车: what they can do, did, have) are
    two facts, or None. Round 32 kept the relation's taste, habit and health apart (``different_people``), round
    33 any other fact of theirs (the fitted judge had said CONFLICT p 0.92-1.00); who they are may replace it."""
    me, them = (new, old) if new.subject == slots.ME else (old, new)
    if me.subject != slots.ME or them.subject in (slots.ME, "") or them.subject.startswith("thing:"):
        return None
    if getattr(slots.slot_attribute(them.slot), "kind", "") != "other" or not names_relation(me, them.subject):
        return None
    return f"the user's statement naming {them.subject} beside a fact of {them.subject}'s own: two facts"


_ZH_NAME_POS = frozenset({"nr", "ns", "nt", "nz", "nrt", "nrfg", "eng"})
_EN_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b([A-Z][\w'’-]*|[A-Z])\b")
_EN_NOT_NAME = frozenset({"I", "I'm", "I’m", "I've", "I'd", "I'll", "Mom", "Dad", "OK"})


@primable(maxsize=16384)  # asked of each pair: the look-ahead computes it (write/precompute.py)
def names_of(text: str) -> frozenset[str]:
    """The names a statement mentions: English capitalised words after the first word (and
    single capital letters: vitamin D), Chinese person/place/organisation/other proper nouns
    and Latin words by jieba.posseg, and the letter/digit tokens that name things
    (:func:`memcli.write.value_types.name_tokens`: 维生素D → d, 3号线, iPhone 15). Case-folded,
    traditional folded to simplified."""
    if lang_of(text) == "zh":
        from memcli.text import pos_tags  # the cut entity_units made of the same statement

        return frozenset(w.casefold() for w, flag in pos_tags(to_simplified(text))
                         if flag in _ZH_NAME_POS) | name_tokens(text)
    return frozenset(m.group(1).casefold() for m in _EN_NAME.finditer(text.strip())
                     if m.group(1) not in _EN_NOT_NAME) | name_tokens(text)


def names_changed(new: str, old: str) -> bool:
    """Each statement names something the other does not (vitamin D / vitamin C, Toyota /
    Honda, 腾讯 / 阿里): one changed name is another fact or another value, never the same
    fact restated — the fitted judge never merges such a pair (NOOP)."""
    a, b = names_of(new), names_of(old)
    return not (a <= b or b <= a)  # (a - b and b - a, no set built: asked of every pair the judge weighs)


def names_added(new: str, old: str) -> bool:
    """``new`` names all ``old`` names and more (Boston → Boston University, vitamin D → vitamin D3):
    a more specific statement, never the same fact restated."""
    a, b = names_of(new), names_of(old)
    return bool(b) and b < a


def relations_changed(new: str, old: str) -> bool:
    """Each statement names a relation the other does not, and none may be the other's
    (Ines is my cousin / my niece; 周明是我表弟 / 堂弟): another relation, never a restatement."""
    a, b = relations_of(new), relations_of(old)
    if not a or not b or a <= b or b <= a:  # (most statements name no relation: no set built)
        return False
    only_a, only_b = a - b, b - a
    return not any(slots.same_relation(x, y) for x in only_a for y in only_b)


def names_another_fact(new: str, old: str) -> str | None:
    """Why a NOOP of ``new`` against stored ``old`` would drop a fact, whichever level or judge said
    it (None: a restatement may be merged): each names a thing or a relation the other does not
    (Berlin / Munich, 维生素D / 维生素C, cousin / niece), or ``new`` names all ``old`` names and more
    (Boston → Boston University). :func:`memcli.write.judge.hard_guard` forbids these NOOPs (an LLM
    judge or the cosine threshold does not see names); the fitted judge's floors forbid them too."""
    if names_changed(new, old):
        return "each names something the other does not: another fact, not a restatement"
    if relations_changed(new, old):
        return "each names a relation the other does not: another fact, not a restatement"
    if names_added(new, old):
        return "the new statement names more than the stored one: more specific, not a restatement"
    return None


_KIN = re.compile(r"mother|father|sister|brother|son|daughter|cousin|aunt|uncle|niece|nephew|grand|twin|wife|husband|"
                  r"in_law|child")


def kin_changed(new: Facts, old: Facts) -> str | None:
    """Why ``new`` contradicts ``old`` as one named person's kinship to the user ("Lucy is my cousin" /
    "Lucy is my niece", 王磊是我表弟 / 王磊是我堂弟): one person is one relative, so another kin relation
    that cannot be the same one (:func:`memcli.slots.same_relation`) is a CONFLICT. Social relations
    (friend, colleague, neighbour) are left alone: one person may be several. None: no such change."""
    if not (new.subject == old.subject and new.subject.startswith("person:") and new.slot and old.slot
            and split_slot(new.slot)[1] == "is" == split_slot(old.slot)[1] and new.positive == old.positive):
        return None

    def kin(text: str) -> frozenset[str]:
        return frozenset(r for r in relations_of(text) if _KIN.search(r) and r not in slots.PLURAL_RELATIONS)

    a, b = kin(new.statement), kin(old.statement)
    if a and b and a - b and b - a and not any(slots.same_relation(x, y) for x in a for y in b):
        return f"{new.subject} is another relative now ({', '.join(sorted(b))} → {', '.join(sorted(a))})"
    return None
