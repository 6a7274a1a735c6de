"""The end of something the user had — a pet, a thing owned — ends every present fact told of it (round 44).

"I have a cat named Luna" is stored as two facts: having it (``owns.cat``) and its name (``thing:cat.name``).
A later "I no longer have the cat", "I gave the dog away last year", "I sold my parrot", 咪咪送人了,
我现在没有猫了, 我已经不养狗了 ends the having *and* the name (and any other fact of that one being or thing:
``thing:<kind>.…``), not one of them: round 43 did
this for a death (:func:`memcli.write.dated_change.ended_with`) and for a job's facts; this is the same method for
every ending of having — a death, a sale, a giving away, a "no longer have" (:func:`having_ended`).

Linked means: ``old``'s slot is the user's ``owns.<kind>`` / ``thing:<kind>.…``, ``old`` tells one of its kind,
present (not "two cats", not 我以前养过狗: :func:`~memcli.write.linked_change.one_of_kind`), and the ending names the
kind (the cat, 猫) or a name ``old`` gives (Luna, 咪咪). A denied, asked or only intended ending ends nothing (I might
sell the car, 我不想把狗送人). A device's death ("my phone died") ends no having. Pure functions but
:func:`thing_rows`, which reads the store.
"""

from __future__ import annotations

import re
from typing import Any

from memcli.text import lang_of, to_simplified
from memcli.write.rules import Facts

__all__ = ["having_ended", "name_ended_zh", "name_event_zh", "thing_ended", "thing_rows"]

#: an ending of having told in English: given away, sold, rehomed (round 48: had to rehome, found X a new home), no
#: longer had, died (a being)
_EN_HAVING = re.compile(
    r"\b(?:gave|give|given|giving)\b(?:\s+[\w'’-]+){0,3}\s+away\b|\bgave away\b|\b(?:sold|rehomed|re-homed|"
    r"got rid of|lost|died|passed away|was put down|put (?:him|her|it) down|was put to sleep)\b|"
    r"\bhad to (?:rehome|re-home)\b|\bfound (?:[\w'’-]+\s+){1,3}(?:a|an) (?:new|good|loving|forever) home\b|"
    r"\bno longer (?:have|own|keep|got)\b|\b(?:don't|do not|doesn't) (?:have|own) (?:a |an |the |my )?[\w-]+"
    r"(?: [\w-]+)? any ?more\b|\bnot (?:have|own) (?:a |an |the |my )?[\w-]+(?: [\w-]+)? any ?more\b", re.I)
#: an ending of having told in Chinese: 送人, 送给…了, 卖了, 不养了, 没有…了, 不再养, 去世, 走了, 死了
_ZH_HAVING = re.compile(r"送人|送给|送走|卖了|卖掉|转手|不养|不再养|没有[^，,。.!！?？]{0,6}了|没再养|弄丢了?|"
                        r"(?:走|跑)丢了?|丢了|"
                        r"去世|过世|死了|走了(?=[了。，,！!~]|$)|不在了")
#: a "no", an intention, a wish or a question before the ending: nothing ended (I might sell it, 我不想送人)
_NOT_YET = re.compile(r"不想|不要|不会|不打算|没有?(?=送|卖)|别|想|打算|准备|考虑|可能|如果|要不要|是否|\b(?:might|may|"
                      r"want|wants|plan|planning|thinking|going to|considering|if|whether|would|should|could|"
                      r"never|didn't|did not|won't|haven't|hasn't)\b", re.I)
_DEVICE = re.compile(r"^(?:car|phone|battery|laptop|computer|tablet|truck|bike|engine|tv|printer|"
                     r"手机|电脑|车|汽车|电池|电视|笔记本)$")
_DIED = re.compile(r"\b(?:died|passed away)\b|去世|过世|死了|走了|不在了", re.I)


def having_ended(text: str) -> int | None:
    """Where in ``text`` an ending of having is told (the offset of its words), None: none, or one denied,
    asked or only intended before it (see the module doc)."""
    zh = lang_of(text) == "zh"
    t = to_simplified(text) if zh else text
    m = (_ZH_HAVING if zh else _EN_HAVING).search(t)
    if m is None or _NOT_YET.search(t[:m.start()]) or t.rstrip().endswith(("?", "？", "吗")):
        return None
    return m.start()


#: what may stand between a name and its ending: the user giving it (我把…), a time (去年, 上个月, 前几天), an adverb
_ZH_BEFORE_END = re.compile(r"(?:已经|早就|早|也|都|就|刚|刚刚|前几天|前段时间|前阵子|去年|前年|今年|"
                            r"上个?月|上周|上星期|年初|年底|月初|月底|最近|后来|那年|\d+年|[一二两三四五六七八九十几]+(?:年|个月|周|天)前)*$")
#: a bare given name by its form, two characters: doubled (咪咪, 团团), 小 / 阿 / 老 + one (小黑, 阿黄), or a word
#: jieba knows only as a name, an onomatopoeia, a foreign word or not at all (旺财: two single characters); or Latin
_ZH_NAME_FORM = re.compile(r"[\u4e00-\u9fff]{2}|[A-Za-z]{2,12}")


def _bare_name(word: str) -> bool:
    from memcli import slots
    from memcli.text import pos_tags

    if not _ZH_NAME_FORM.fullmatch(word) or word in slots.ZH_RELATIONS or word[:1] in "我你他她它这那":
        return False
    if word.isascii() or word[0] in "小阿老" or word[0] == word[1]:
        return True
    tags = pos_tags(word)
    return len(tags) == 2 or tags[0][1] in ("nr", "nrt", "nz", "o")  # (not three: jieba tags 小刘累 nr too)


def name_ended_zh(text: str) -> bool:
    """A Chinese clause that tells the end of having a being or thing called by a bare name (咪咪去年送人了,
    我把团团送人了, 旺财走丢了): the name alone as its subject (or as what 我把 gives), a time or an adverb between
    (round 45). The name is the one the user gave earlier (我家猫叫咪咪): kept as told, the decision ends the having
    and its name (:func:`thing_ended`). False for a kind word (我的猫…: read as round 44 did), a relative, a question,
    an intention."""
    t = to_simplified(text).strip()
    at = having_ended(t) if lang_of(t) == "zh" else None
    if at is None:
        return False
    m = re.match(r"^(?:我(?:们)?(?:已经|早就|去年|上个?月)?把)?([\u4e00-\u9fffA-Za-z]{2,12}?)" + _ZH_BEFORE_END.pattern,
                 t[:at])
    return m is not None and _bare_name(m.group(1))


def name_event_zh(text: str) -> bool:
    """A Chinese clause that tells a life event of someone called by a bare name (冬冬离职了, 阿伟上个月搬走了
    after 我有个同事叫冬冬 / 朋友叫阿伟): the name alone as its subject, a time or an adverb between, then an
    event of a life (:data:`~memcli.write.rules.zh_words._LIFE_EVENT`: 离职, 结婚, 去世 …, or 搬走) — round 45: a
    name jieba does not tag as one left the clause to the clause model, which dropped it. The same shape as
    :func:`name_ended_zh`."""
    from memcli.write.rules.zh_words import _LIFE_EVENT

    t = to_simplified(text).strip()
    if lang_of(t) != "zh" or t.rstrip().endswith(("?", "？", "吗")):
        return False
    m = re.match(r"^([\u4e00-\u9fffA-Za-z]{2,12}?)" + _ZH_BEFORE_END.pattern.rstrip("$") + r"(?=搬走|搬家|"
                 + _LIFE_EVENT.pattern + ")", t)
    return m is not None and _bare_name(m.group(1)) and not _NOT_YET.search(t[:m.end()])


def _kind_of(slot: str | None) -> str | None:
    m = re.match(r"^(?:owns\.|thing:)([^.]+)", slot or "")
    return m.group(1) if m else None


#: a possessor before a Chinese kind word that is not the user (邻居家的狗, 朋友的猫, 他的车)
_OTHERS = re.compile(r"(?:[\u4e00-\u9fff]{1,4}家的?|[\u4e00-\u9fff]{1,4}的)[那这]?[一]?[只条匹头辆台个]?小?$")
_MINE_ZH = re.compile(r"(?:我|我们|咱|咱们|我家|我们家|自己)(?:家)?的?[那这]?[一]?[只条匹头辆台个]?小?$")


def _users_kind_zh(text: str, kind: str) -> bool:
    """``text`` names ``kind`` (狗) as the user's or no one's (没有猫了, 我的狗), not another's (邻居家的狗)."""
    found = False
    for m in re.finditer(re.escape(kind), text):
        before = text[max(0, m.start() - 8):m.start()]
        if _OTHERS.search(before) and not _MINE_ZH.search(before):
            return False
        found = True
    return found


def thing_ended(new: Facts, old: Facts, names: frozenset[str] = frozenset()) -> str | None:
    """Why ``new`` ends ``old``, a present fact of one being or thing the user has (None: it does not):
    ``new`` tells an ending of having (:func:`having_ended`) that names ``old``'s kind or one of ``names``
    (the names given to it: Luna, 咪咪). ``old``: slot ``owns.<kind>`` or ``thing:<kind>.…``."""
    from memcli.write.linked_change import one_of_kind

    kind = _kind_of(old.slot)
    at = having_ended(new.statement)
    if kind is None or at is None or not old.positive or not one_of_kind(old.statement):
        return None
    zh = lang_of(new.statement) == "zh"
    t = to_simplified(new.statement) if zh else new.statement
    if _DIED.search(t) and _DEVICE.match(kind):
        return None  # "my phone died": it stopped working, it is still had
    k = re.escape(kind)
    told = _users_kind_zh(t, kind) if zh else bool(
        re.search(rf"\b(?:the|my|our|that|this)\s+(?:[\w-]+\s+)?{k}s?\b", t, re.I))
    named = sorted(n for n in names if (n in t.casefold()) if zh or re.search(
        rf"(?<!\w){re.escape(n)}(?!\w)", t, re.I))
    if not (told or named):
        return None
    return f"the user's {kind} ({'/'.join(named) or kind}) no longer had: its facts end"


#: the attributes of one being or thing a turn may tell beside having it (its name, age, breed, make …)
THING_ATTRIBUTES = ("name", "age", "breed", "color", "colour", "make", "model", "brand", "birthday")


def thing_rows(store: Any, user: str, old: dict[str, Any], kind: str) -> list[dict[str, Any]]:  # noqa: ANN401
    """The active facts of the user's one ``kind`` beside ``old``: its having (``owns.<kind>``) and its
    ``thing:<kind>.<attribute>`` facts (:data:`THING_ATTRIBUTES`), each telling one of its kind."""
    from memcli.write.linked_change import one_of_kind

    keys = [(user, f"owns.{kind}"), *((user, f"thing:{kind}.{a}") for a in THING_ATTRIBUTES)]
    got = store.active_in_slots(keys)
    rows = [r for k in keys for r in got.get(k, [])]
    return [r for r in rows if r["id"] != old["id"] and r["invalid_at"] is None and r["expired_at"] is None
            and one_of_kind(r["statement"])]
