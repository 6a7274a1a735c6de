"""Whom a question asks about when it says the relation in other words (query side only).

The write path stores a relative under the key of the word the user used (我舅舅… →
``maternal_uncle``); a question may name the same person another way:

- **composed**: a relative of a relative, 我妈的弟弟 / "my mom's brother" → ``maternal_uncle``,
  我老公的妈妈 / "my wife's mother" → ``mother_in_law`` (:data:`COMPOSED`, over the coarse keys of
  :func:`_coarse`);
- **colloquial**: "my sis", "my hubby", "my old man", nana, "the person I report to", 我家那口子
  (:data:`EN_ALIASES`, :data:`ZH_ALIASES`).

:func:`question_relation` reads them; :func:`memcli.read.answer.subject_feature` and
:func:`memcli.read.answer.anchor` use it, so the answerability of a hit about that relative
does not depend on the question using the stored word. Nothing here changes a stored slot.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.relazy import LATIN, NON_ASCII, holding, lazy, words_gate

__all__ = ["COMPOSED", "EN_ALIASES", "ZH_ALIASES", "composed_prefixes", "question_pair", "question_relation"]

#: (relative, their relative) → the relation to the user; coarse keys (:func:`_coarse`)
COMPOSED: dict[tuple[str, str], str] = {
    ("mother", "brother"): "maternal_uncle", ("mother", "sister"): "maternal_aunt",
    ("father", "brother"): "uncle", ("father", "sister"): "paternal_aunt",
    ("mother", "mother"): "maternal_grandmother", ("mother", "father"): "maternal_grandfather",
    ("father", "mother"): "paternal_grandmother", ("father", "father"): "paternal_grandfather",
    ("spouse", "mother"): "mother_in_law", ("spouse", "father"): "father_in_law",
    ("son", "son"): "grandson", ("son", "daughter"): "granddaughter", ("daughter", "son"): "grandson",
    ("daughter", "daughter"): "granddaughter", ("child", "son"): "grandson", ("child", "daughter"): "granddaughter",
    ("brother", "son"): "nephew", ("sister", "son"): "nephew", ("brother", "daughter"): "niece",
    ("sister", "daughter"): "niece", ("uncle", "son"): "cousin", ("uncle", "daughter"): "cousin",
    ("aunt", "son"): "cousin", ("aunt", "daughter"): "cousin", ("uncle", "child"): "cousin",
    ("aunt", "child"): "cousin", ("parents", "brother"): "uncle", ("parents", "sister"): "aunt",
    ("sister", "spouse"): "brother_in_law", ("brother", "spouse"): "sister_in_law",  # round 45: the in-laws, both
    ("spouse", "brother"): "brother_in_law", ("spouse", "sister"): "sister_in_law",  # ways (:func:`compose`)
}

#: colloquial English names of a relation (matched as whole words, after "my" where marked)
EN_ALIASES: dict[str, str] = {
    "my sis": "sister", "my bro": "brother", "my hubby": "husband", "my wifey": "wife", "my missus": "wife",
    "my other half": "partner", "my better half": "partner", "my significant other": "partner",
    "my old man": "father", "my old lady": "mother", "my folks": "parents", "my boy": "son", "the boy": "son",
    "my lad": "son", "my girl": "daughter", "the girl": "daughter", "my little one": "child", "the kids": "child",
    "my kids": "child", "nana": "grandmother", "nan": "grandmother", "nanna": "grandmother", "gran": "grandmother",
    "grandmom": "grandmother", "grandad": "grandfather", "gramps": "grandfather", "grandpop": "grandfather",
    "the person i report to": "boss", "the person i work for": "boss", "my line manager": "boss",
    "my superior": "boss", "my higher-up": "boss", "my pal": "friend", "my buddy": "friend", "my mate": "friend",
    "my closest friend": "best_friend", "my oldest friend": "childhood_friend", "next door": "neighbour",
    "my roomie": "roommate",
}
#: colloquial Chinese names of a relation
ZH_ALIASES: dict[str, str] = {
    "老头子": "father", "老爷子": "father", "老太太": "mother", "老娘": "mother", "孩子他爸": "husband",
    "孩子他妈": "wife", "那口子": "spouse", "家那位": "spouse", "另一半": "partner", "媳妇儿": "wife",
    "家姐": "elder_sister", "老哥": "elder_brother", "老弟": "younger_brother", "老妹": "younger_sister",
    "小家伙": "child", "外孙女": "granddaughter", "外孙": "grandson", "丈人": "father_in_law",
    "顶头上司": "boss", "哥们儿": "friend", "铁哥们": "best_friend", "老铁": "friend",
    "姥爷": "maternal_grandfather", "外祖母": "maternal_grandmother", "外祖父": "maternal_grandfather",
    "祖母": "paternal_grandmother", "祖父": "paternal_grandfather",
}

_COARSE = {"elder_brother": "brother", "younger_brother": "brother", "twin_brother": "brother",
           "elder_sister": "sister", "younger_sister": "sister", "twin_sister": "sister", "husband": "spouse",
           "wife": "spouse", "partner": "spouse", "maternal_uncle": "uncle", "paternal_uncle": "uncle",
           "paternal_elder_uncle": "uncle", "maternal_aunt": "aunt", "maternal_aunt_elder": "aunt",
           "paternal_aunt": "aunt", "auntie": "aunt", "stepson": "son", "stepdaughter": "daughter"}


#: the specific in-law keys a spouse's sibling composes to (wife_elder_brother: 大舅子; husband_younger_sister: 小姑子)
_IN_LAW_KEYS = frozenset(f"{s}_{a}_{b}" for s in ("wife", "husband") for a in ("elder", "younger")
                         for b in ("brother", "sister"))


def _coarse(key: str) -> str:
    return _COARSE.get(key, key)


def compose(outer: str, inner: str) -> str | None:
    """The relation to the user of ``inner`` of ``outer`` (relation keys), or None."""
    o, i = _coarse(outer), _coarse(inner)
    if o == "father" and i == "brother" and inner != "brother":
        return "paternal_elder_uncle" if inner == "elder_brother" else "paternal_uncle"
    if i == "spouse" and o in ("son", "daughter", "child"):
        return {"son": "daughter_in_law", "daughter": "son_in_law"}.get(o, "in_laws")
    if i == "spouse" and o == "sister":
        return f"{outer}_husband" if outer != "sister" else "brother_in_law"
    if i == "spouse" and o == "brother":
        return f"{outer}_wife" if outer != "brother" else "sister_in_law"
    if o == "spouse" and i in ("brother", "sister"):  # round 45: my wife's brother (大舅子 / 小舅子), her sister
        law = f"{outer}_{inner}"
        return law if law in _IN_LAW_KEYS else f"{i}_in_law"
    return COMPOSED.get((o, i))


@lru_cache(maxsize=1)
def _decomposed() -> dict[str, tuple[str, ...]]:
    """Relation key → the ``<relative>.<their relative>`` prefixes a fact about that person may be stored under
    (a composed statement keeps both words: 我妈的弟弟住在杭州 → ``mother.younger_brother.residence``), from
    :func:`compose` over the relation keys of :data:`COMPOSED` and their specific keys. A pair whose inner key is
    general is read through its specific keys: ``father.brother`` (叔叔 or 伯伯) names a paternal uncle, never
    a maternal one."""
    from memcli.slots import GENERAL_RELATIONS

    finer: dict[str, set[str]] = {}
    for k, c in _COARSE.items():
        finer.setdefault(c, set()).add(k)

    def fine(key: str) -> set[str]:
        return {key} | set(GENERAL_RELATIONS.get(key, ())) | finer.get(key, set())

    general: dict[str, set[str]] = {}
    for g, members in GENERAL_RELATIONS.items():
        for r in members:
            general.setdefault(r, set()).add(g)
    outers = set().union(*(fine(o) for o, _ in COMPOSED))
    inners = {i: fine(i) - ({i} if GENERAL_RELATIONS.get(i) else set())  # a general inner: its specific keys
              for i in set().union(*(fine(i) for _, i in COMPOSED))}
    out: dict[str, list[str]] = {}
    for o in sorted(outers):
        for i in sorted(inners):
            for r in {r for j in inners[i] if (r := compose(o, j))}:
                for key in {r} | general.get(r, set()):
                    out.setdefault(key, []).append(f"{o}.{i}")
    return {k: tuple(dict.fromkeys(v)) for k, v in out.items()}


def composed_prefixes(relation: str) -> tuple[str, ...]:
    """The ``<relative>.<their relative>`` slot prefixes that name ``relation`` (a relation key) to the user:
    ``maternal_uncle`` (舅舅) → ``mother.brother``, ``mother.elder_brother``, ``mother.younger_brother``…;
    ``uncle`` → those and the father's brothers'. () for a relation no pair composes."""
    return _decomposed().get(relation, ())


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    from memcli.slots import EN_RELATIONS, ZH_RELATIONS

    zh_rel = "|".join(map(re.escape, sorted(ZH_RELATIONS, key=len, reverse=True)))
    en_rel = "|".join(map(re.escape, sorted(EN_RELATIONS, key=len, reverse=True)))
    zh_alias = "|".join(map(re.escape, sorted(ZH_ALIASES, key=len, reverse=True)))
    en_alias = "|".join(map(re.escape, sorted(EN_ALIASES, key=len, reverse=True)))
    # compiled at the first question each can match: a Chinese one never compiles the English pair and
    # aliases (~2.5 ms), an English one neither Chinese pattern (memcli.relazy's gates)
    return (lazy(f"({zh_rel})的(?:那个|那位)?({zh_rel})", gate=holding("的")),
            lazy(rf"\bmy ({en_rel})s?['’]s? ({en_rel})s?\b", re.IGNORECASE, gate=LATIN),
            lazy(zh_alias, gate=words_gate(ZH_ALIASES, NON_ASCII)),
            lazy(rf"\b(?:{en_alias})\b", re.IGNORECASE, gate=words_gate(EN_ALIASES, LATIN)))


def question_pair(text: str) -> tuple[str, str, str] | None:
    """``(relative, their relative, relation to the user)`` of a relative of a relative a question names
    (我妈的弟弟 → ``("mother", "younger_brother", "maternal_uncle")``, "my dad's mother" → ``("father",
    "mother", "paternal_grandmother")``), or None when it names none that :func:`compose` knows. Read in the
    question sentence (:func:`memcli.slot_query.question_focus`). ``text``: simplified Chinese or any other text."""
    from memcli.slot_query import question_focus
    from memcli.slots import relation_en, relation_zh

    text = question_focus(text)
    zh_pair, en_pair = _patterns()[:2]
    for m, rel in ((zh_pair.search(text), relation_zh), (en_pair.search(text), relation_en)):
        if m:
            a, b = rel(m.group(1)), rel(m.group(2))
            if a and b and (r := compose(a, b)):
                return a, b, r
    return None


def question_relation(text: str) -> str | None:
    """The relation key a question names in other words (a relative of a relative, :func:`question_pair`; a
    colloquial name), or None when it names none that way (the plain word is :func:`memcli.slot_query.query_subject`'s).
    Read in the question sentence (:func:`memcli.slot_query.question_focus`), not the chatter before it.
    ``text``: simplified Chinese or any other text."""
    from memcli.slot_query import question_focus

    pair = question_pair(text)
    if pair:
        return pair[2]
    text = question_focus(text)
    zh_alias, en_alias = _patterns()[2:]
    m = zh_alias.search(text)
    if m:
        return ZH_ALIASES[m.group(0)]
    m = en_alias.search(text)
    return EN_ALIASES[m.group(0).casefold().replace("’", "'")] if m else None
