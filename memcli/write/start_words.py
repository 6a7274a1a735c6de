"""What two statements share once the words of *when* and *that it began* are set aside (round 43's trial).

A start or stop is told with a frame of its own: 从这周一开始, 上周三开始, 从三月起; "since Monday", "starting
in March", "from March on". Two statements told in that frame share its words (开 / 始 / 从 / 起; start, since)
whatever they are about: 我上周三开始搬到苏州住了 and 我从这周一开始不喝酒了 share 开 and 始 and nothing else,
and that 0.22 content overlap let a stop of drinking end the residence (a CONFLICT at cosine 0.315: the
shared frame lifted the pair over the hide floor's overlap, :func:`memcli.write.judge.hard_guard`).

:func:`linking_units` are the content units the two share outside that frame (the frame's words and the
time words — weekdays, months, 周 / 月 / 年 / 天 — left out); :func:`linking_overlap` their Jaccard overlap.
:func:`stop_of_another` says when a stop (a negative statement telling a change: 不…了 with 开始 / 不再,
"no longer", "stopped") shares no such unit with a stored positive fact of a strong slot it lacks: the "no" is
about another thing, and an ending needs the same slot or the same thing.

:func:`start_of_another` (round 44) says the same of two English starts: "I've lived in Dundee since March" and
"I've been learning the harp since February" share "I've … since" and a month each, and the judge read a changed
date (CONFLICT p=0.98, "number/date changed"; the harp stored already invalid). Two starts linked by nothing
outside their frame are the starts of two things.

Pure functions over :class:`~memcli.write.rules.Facts`; imports only leaves.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.reltime import EN_MONTHS, EN_WEEKDAYS
from memcli.text import lang_of, to_simplified
from memcli.write.pair_facts import content_units
from memcli.write.rules.match import Facts
from memcli.write.value_types import strong

__all__ = ["linking_overlap", "linking_units", "start_of_another", "stop_of_another"]

#: the frame of a start or stop in Chinese, and its time words (a weekday, this / last week, a month, a day)
_ZH_FRAME = re.compile(r"开始|以来|起|从|自从|自|不再|再也|已经|了|"
                       r"(?:这|上|下|本|上上)?(?:个)?(?:周|星期|礼拜)[一二三四五六日天末]?|(?:这|上|下|本)(?:个)?月|"
                       r"[今去明前]年|[今昨前明]天|[一二三四五六七八九十\d]+(?:月|号|日)")
#: the frame in English: the start / stop words and the time words (weekday, month, ordinal, relative)
_EN_FRAME = re.compile(r"\b(?:start(?:ed|ing|s)?|beg[au]n|since|from|on(?:wards?)?|stopp?(?:ed|ing|s)?|quit|"
                       r"no longer|any ?more|last|this|next|week|month|year|today|yesterday|"
                       + "|".join((*EN_WEEKDAYS, *EN_MONTHS)) + r"|\d+(?:st|nd|rd|th)?)\b", re.I)


@lru_cache(maxsize=16384)
def _outside_frame(text: str) -> frozenset[str]:
    """The content units of ``text`` with its start / stop frame and time words removed."""
    if lang_of(text) == "zh":
        return content_units(_ZH_FRAME.sub("，", to_simplified(text)))
    return content_units(_EN_FRAME.sub(" ", text))


def linking_units(a: str, b: str) -> frozenset[str]:
    """The content units statements ``a`` and ``b`` share outside the frame of a start or stop (开始, 从…起,
    since, starting) and its time words: what could make the two one fact."""
    return _outside_frame(a) & _outside_frame(b)


def linking_overlap(a: str, b: str) -> float:
    """Jaccard overlap in [0, 1] of the content units of ``a`` and ``b`` outside the start / stop frame."""
    x, y = _outside_frame(a), _outside_frame(b)
    inter = len(x & y)
    union = len(x) + len(y) - inter
    return inter / union if union else 0.0


def stop_of_another(new: Facts, old: Facts) -> str | None:
    """Why ``new`` (incoming), a negative statement, cannot end ``old`` (stored), a positive fact of a strong
    slot ``new`` does not share: the two share no content unit outside the start / stop frame (从这周一开始不喝酒了
    beside 上周三开始搬到苏州住了: 开始 only; "I stopped drinking soda since Monday" beside "Since March I've
    lived in Leeds"). A one-line reason, or None (the stop may be of the old fact: the same slot, or a thing in
    common)."""
    if new.positive or not old.positive or not strong(old.slot) or new.slot == old.slot:
        return None
    if lang_of(new.statement) != lang_of(old.statement) or linking_units(new.statement, old.statement):
        return None
    return (f"a stop of another thing than {old.slot}: no content word shared outside the start / stop frame, "
            "and an ending needs the same slot or the same thing")


#: an English start: since / ever since + a time, starting + a time, from + a time + on
_EN_START = re.compile(r"\b(?:since|starting)\b|\bfrom\b.*\bon(?:wards?)?\b", re.I)


def start_of_another(new: Facts, old: Facts) -> str | None:
    """Why ``new`` (incoming) cannot end or refine ``old`` (stored) when both are English statements telling a start
    ("since March", "since 2019") of no shared slot and share no content unit outside the start frame
    (:func:`linking_units`): the changed month or year is the start of another thing. A one-line reason, or None."""
    if (new.slot and new.slot == old.slot) or lang_of(new.statement) == "zh" or lang_of(old.statement) == "zh":
        return None
    if not (_EN_START.search(new.statement) and _EN_START.search(old.statement)):
        return None
    if linking_units(new.statement, old.statement):
        return None
    return "the start of another thing: no content word shared outside the start frame (since …), two starts"
