"""A clause unit as a statement in the user's own words (:func:`clean`): fillers, particles and a doubled
subject pronoun taken off. Used by :mod:`memcli.write.clauses` (which re-exports it) and the extractors."""

from __future__ import annotations

import re
from typing import Protocol

from memcli.write.rules.en_tail import trim_tail
from memcli.write.rules.en_words import APPOSITION, VOCATIVE
from memcli.write.rules.zh_conj import lead_conjunction

__all__ = ["clean"]


class Unit(Protocol):
    """What :func:`clean` reads of a clause unit (:class:`memcli.write.clauses.Unit`)."""

    text: str
    lang: str

_ZH_LEAD = re.compile(r"^(?:嗯+|啊+|哦+|噢+|哈+|对了|其实|话说|说真的|老实说|说实话|顺便说一下|顺便说|顺便提一下|告诉你|跟你说|"  # noqa: E501
                      r"我跟你说|你知道吗|你知道|另外|还有|而且|就是说|说起来|是的|没错|好吧|嗯嗯|哎|唉|哇)[，,、\s]*")
_ZH_TAIL = re.compile(r"[啊呀呢哦哈嘛吧啦～~\s。！!？?；;，,…]+$|(?<=[\u4e00-\u9fff])\.+$")
_ZH_MID = [(re.compile(r"可是(?=个|一[个位名])"), "是"), (re.compile(r"(?<=[\u4e00-\u9fff])就(?=喜欢|爱|是)"), ""),
           (re.compile(r"^(我的?[\u4e00-\u9fff]{1,4}?)(?:他|她)(?=在|是|叫|今年|喜欢|有|住|的)"), r"\1")]
_EN_LEAD = re.compile(r"^(?:(?:well|oh|so|and|also|actually|by the way|btw|honestly|anyway|um+|uh+|hey|ok|okay|yeah|"
                      r"yes|i mean|you know|like|on (?:a|an|another) (?:\w+ )?note|in other news|"
                      r"speaking of (?:which|that)|funn(?:il)?y enough|as it turns out)[,\s]+)+", re.I)

#: an English connective or filler opening a Chinese clause of a mixed turn (so 我们做饭从来不放香菜): no part of it
_EN_JOIN = re.compile(r"^(?:(?:so|and|but|also|well|oh|actually|anyway|btw|by the way|ok|okay|and so|plus)"
                      r"(?:[,\s]+|(?=[\u4e00-\u9fff])))+", re.I)


def clean(unit: Unit) -> str:
    """The unit as a statement in the user's own words: leading fillers, trailing particles and
    punctuation, a filler 可是 (可是个博士 → 是个博士) and a doubled subject pronoun removed."""
    t = unit.text.strip()
    if unit.lang == "zh":
        prev, t = None, _ZH_MID[0][0].sub(_ZH_MID[0][1], t)  # 可是个博士 → 是个博士 before 可是 reads as "but"
        while prev != t:  # 嗯，…; 但我老婆… (a conjunction as a word of its own, not 不过敏); round 46: an English
            prev, t = t, _ZH_LEAD.sub("", _EN_JOIN.sub("", t), count=1)  # one of a mixed turn (so 我们做饭…)
            t = t[lead_conjunction(t):].lstrip("，,、 ")
        for rx, rep in _ZH_MID:
            t = rx.sub(rep, t)
        return _ZH_TAIL.sub("", t).strip()
    t = _EN_LEAD.sub("", t)
    t = re.sub(r",?\s*(?:i mean|you know|like,)\s*,?", " ", t, flags=re.I)
    t = re.sub(r"\s+", " ", re.sub(r"[.!?;,:\s]+$", "", t)).strip()
    t = t if APPOSITION.search(t) else VOCATIVE.sub("", t)  # "I'm doing fine, Sam" (not "Paris, France")
    t = trim_tail(t)
    return t[:1].upper() + t[1:] if t else t
