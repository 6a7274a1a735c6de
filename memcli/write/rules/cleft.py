"""A fact told with a nominalised subject, read as the plain clause it restates (round 39).

我住的是杭州, 我开的车是本田, 我养的是狗, 我喜欢的运动是足球, "The city I live in is Denver", "What I drive is a
Toyota": the subject is a clause made a noun (我住的, "the city I live in") and 是 / "is" gives its value. Read as
they stood, the rules keyed the fact by the nominaliser (``which.住``, ``owns.的是狗``, ``fact.喜欢``,
``thing:in.opinion.denver``, or nothing for "What I …"), so a correction said that way (我住的不是上海，而是杭州)
never met the fact it corrects (我住在上海, ``residence``). :func:`zh_plain` and :func:`en_plain` give the plain
clause the nominalised one restates (住在杭州 / 在腾讯工作 / 养狗 / 喜欢足球, "I live in Denver", "I drive a Toyota");
the rules read that clause's slot, kind and value and keep the words the user said as the statement. Pure functions
of one clause; no model.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memcli import slots
from memcli.text import pos_tags

__all__ = ["en_plain", "zh_cleft_facts", "zh_cleft_read", "zh_plain"]

Predicate = Callable[[str, str, str], list[tuple[str, str, str]]]

#: slots keyed by a word, not an attribute: a plain reading that gives only these says no more than the cleft
_WEAK = frozenset({"fact", "is", "which", "opinion", "event"})

#: (现在)住的(城市)是(一座)杭州: a verb phrase of up to four characters, 的, a head noun of up to four, 是, the value
_ZH_CLEFT = re.compile(r"^(?P<adv>(?:现在|目前|如今|平时|一直|最近|主要)*)(?P<verb>[\u4e00-\u9fff]{1,4}?)的"
                       r"(?P<noun>[\u4e00-\u9fff]{0,4}?)(?:就是|是)(?:一[辆台部只个条款双件位名座家所]|[只条辆台个位名座家所])?"
                       r"(?P<x>[^，,。！!？?；;]{1,24})$")
#: verbs whose place is said before them (在腾讯工作): 工作的地方是腾讯 → 在腾讯工作
_ZH_PLACE_FIRST = frozenset({"工作", "上班", "实习", "上学", "读书", "生活", "住"})
#: a value that is a judgement (最好吃的, 很一般), not what the verb takes
_ZH_JUDGED = re.compile(r"^(?:最|很|太|挺|特别|非常|比较|超|真|蛮|还|不)")


def zh_plain(rest: str) -> tuple[str, ...]:
    """The plain predicates a Chinese nominalised one restates, in the order to try (住的是杭州 → (在杭州住, 住杭州);
    工作的地方是腾讯 → (在腾讯工作, 工作腾讯); 开的车是本田 → (开本田,)); empty: ``rest`` is no such predicate, or its
    value is a judgement (做的菜是最好吃的)."""
    m = _ZH_CLEFT.match(rest.strip())
    if m is None or _ZH_JUDGED.match(m["x"]) or m["x"].startswith(("我", "你", "他", "她", "它", "什么", "谁", "哪")):
        return ()
    verb, x = m["adv"] + m["verb"], m["x"].rstrip("的了")
    if not x or "不" in m["verb"] or "没" in m["verb"] or not all(f.startswith("v") for _, f in pos_tags(m["verb"])):
        return ()  # (我妈的车是…: 妈 is no verb, the clause is about her car; 刚才路过的…: a moment's, no fact)
    if m["verb"] in _ZH_PLACE_FIRST:
        return f"{m['adv']}在{x}{m['verb']}", verb + x
    return (verb + x,)


def zh_cleft_value(rest: str) -> tuple[str, str] | None:
    """``(verb, value)`` of a Chinese nominalised predicate with a head noun (开的车是本田 → (开, 本田)), for a
    fact keyed by its verb as 开的是本田 is (``which.开``) when the plain clause gives no specific slot; None: no
    head noun, or no such predicate."""
    m = _ZH_CLEFT.match(rest.strip())
    if m is None or not m["noun"] or not zh_plain(rest) or m["x"].endswith("的"):
        return None  # (开的车是白色的: how the car is, not what is driven)
    return m["verb"], m["x"].rstrip("的了")


def zh_cleft_facts(key: str, rest: str, raw: str, predicate: Predicate, *,
                   keyed_by_verb: bool = True) -> list[tuple[str, str, str]]:
    """``[(slot, kind, value)]`` of the nominalised predicate ``rest`` of subject ``key``, read by ``predicate`` (the
    Chinese rules' ``_predicate``) from its plain clause when that gives a specific slot (住的是杭州 → ``residence``;
    养的是狗 → ``owns.狗``; 喜欢的运动是足球 → ``like.足球``; without ``keyed_by_verb`` a catch-all one — a habit, a
    thing owned — is none), else (``keyed_by_verb``) keyed by the verb as 开的是本田
    is (开的车是本田 → ``which.开`` = 本田); empty: no such predicate."""
    for plain in zh_plain(rest):
        got = predicate(key, plain, raw)
        if got and not any(_weak(f) or not keyed_by_verb and slots.split_slot(f[0])[1] in slots.CATCH_ALL_ATTRIBUTES
                           for f in got):
            return got
    if keyed_by_verb and (kv := zh_cleft_value(rest)) is not None:
        kind = "other" if key == slots.ME or key.startswith("thing:") else "relationship"
        return [(slots.join_slot(key, f"which.{kv[0]}"), kind, kv[1])]
    return []


def _weak(fact: tuple[str, str, str]) -> bool:
    """A fact keyed by a word (``fact.开``, ``which.住``) or whose value keeps the nominaliser (``owns.的是狗``)."""
    return slots.split_slot(fact[0])[1] in _WEAK or fact[2].startswith("的")


def zh_cleft_read(key: str, phrase: str, rest: str, raw: str, facts: list[tuple[str, str, str]],
                  predicate: Predicate) -> tuple[str, list[tuple[str, str, str]]]:
    """``(subject, facts)`` of a Chinese clause whose rules' reading was ``facts`` about ``key`` (said as ``phrase``,
    predicate ``rest``), read again as the plain clause when it is nominalised: 我住的是杭州 (``which.住``) →
    ``residence``; 我现在住的城市是成都, read as a thing of the user's (``thing:城市.brand``) → the user's
    ``residence``; a thing's reading the plain clause does not make specific stays (我平时穿的跑鞋是李宁的:
    ``thing:跑鞋.brand``)."""
    if not facts or all(_weak(f) for f in facts):
        return key, zh_cleft_facts(key, rest, raw, predicate) or facts
    if key.startswith("thing:") and phrase.startswith("我") and "的" in phrase and (
            own := zh_cleft_facts(slots.ME, phrase[1:] + rest, raw, predicate, keyed_by_verb=False)):
        return slots.ME, own
    return key, facts


_EN_SUBJ = r"(?P<subj>I|we|my (?:[a-z]+ ){0,1}[a-z]+)"
#: nouns and modifiers of a nominal that are no thing the verb takes ("The reason I moved is …", "The best thing I
#: did was …", "The problem I have is …")
_EN_NOT = (r"(?!(?:reason|problem|way|time|day|question|issue|point|part|trouble|mistake|lesson|result|best|worst|"
           r"last|first|only|hardest|biggest|main|funny|weird|strange|good|bad|thing|things|one thing)\b)")
#: the city (that / where) I live in (now) is Denver; what I drive is a Toyota
_EN_CLEFT = re.compile(
    rf"^(?:(?:the|my) {_EN_NOT}(?P<noun>[a-z]+(?: (?!(?:that|which|who|where)\b)[a-z]+)?) "
    rf"(?P<rel>that |which |who |where )?|what )"
    rf"{_EN_SUBJ} (?P<verb>(?:(?:usually|really|mostly|currently|now|still|actually) )?[a-z]+(?: up)?)"
    r"(?P<prep> (?:in|at|for|with|on|to|from|into|about))?(?: (?:now|currently|these days|most))? "
    r"(?:is|was|are|'s) (?P<x>(?!(?:that|because|when|if|to|not|so|very|really|too)\b)[^,;]{1,60}?)\s*[.!]?$", re.I)


#: a value that tells how the thing is ("The car I drive is red", "… is really old"), not what the verb takes
_EN_JUDGED = re.compile(r"^(?:(?:quite|pretty|really|very|so|too|kind of|a bit|rather|super) )*(?:red|blue|green|black|"
                        r"white|gr[ae]y|silver|yellow|brown|pink|purple|orange|old|new|small|big|huge|tiny|cheap|"
                        r"expensive|fast|slow|great|nice|fine|good|bad|awful|amazing|lovely|cool|far|close|near|"
                        r"[a-z]+(?:ful|ous|ive|able|ible|ish|y))\s*[.!]?$", re.I)


_EN_PERSON = re.compile(r"(?:.* )?(?:guy|man|woman|person|people|girl|boy|lady|kid|neighbou?r|one)s?$", re.I)


def en_plain(clause: str) -> str | None:
    """The plain clause an English nominalised one restates ("The city I live in is Denver" → "I live in Denver";
    "What I drive is a Toyota" → "I drive a Toyota"; "The car my dad drives is a Volvo" → "my dad drives a Volvo";
    "The town where I grew up is Leeds" → "I grew up in Leeds"), or None: no such clause."""
    m = _EN_CLEFT.match(clause.strip())
    if m is None or re.search(r"\b(?:is|are|was|were|be)$", m["verb"], re.I) or _EN_JUDGED.match(m["x"]) or (
            m["noun"] and (slots.relation_en(m["noun"].split()[-1]) or _EN_PERSON.match(m["noun"]))):
        return None  # ("My sister I live with is a nurse": about the sister)
    prep = (m["prep"] or "").strip() or ("in" if (m["rel"] or "").strip().casefold() == "where" else "")
    subj = m["subj"] if m["subj"].casefold() != "i" else "I"
    return " ".join(p for p in (subj, m["verb"], prep, m["x"]) if p)
