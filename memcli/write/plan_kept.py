"""A changed plan ends the plan it changes, not another one (round 40).

"Actually we changed our mind, the trip will be to Lisbon instead of Oslo" / 五一不去云南了，改去新疆 are read as the
user's plan as it now stands (``plan.destination``, :mod:`memcli.write.rules.en_plan`,
:mod:`memcli.write.rules.zh_plan`); the fitted judge ends a stored plan of the same slot whose place differs (CONFLICT
p 1.00) — and so ended "I'm flying to Denver next week", another trip, as readily as the plan to Oslo the user
dropped. A plan of the same slot is the one changed when it names the place the change drops (Oslo, 云南) or the
place it changes to; a change that names the place it drops keeps every other plan. A plan told without the place it
drops (我们的旅行改成去新疆了) and a stored plan that each name a time and share none (五一 / 十一, April / next week)
are two trips too; so are a work trip and a holiday (出差 / 度假, round 42). Any other pair is the
judge's — and so is a pair told in two languages (里斯本 / Lisbon: a place's
two names share no words).

Round 42: :func:`plan_change_ends` — the plan a change names ends even when the judge saw two facts (我下个月去成都 /
我不去成都了，改去重庆: the change names 成都; 暑假我们去青岛玩 / 我们暑假改去大连了: a new place for the same time).

Pure functions over :class:`~memcli.write.rules.Facts`; imports only leaves.
"""

from __future__ import annotations

import re

from memcli.numerals import zh_number
from memcli.reltime import EN_MONTHS
from memcli.text import lang_of, to_simplified
from memcli.write.rules import Facts

__all__ = ["dropped_place", "plan_change_ends", "plan_change_kept", "plan_times"]

_SLOT = "plan.destination"
#: the place a Chinese change drops: 不去 / 没去 / 不再去 + the place (+ 了, a comma, the end)
_ZH_DROPPED = re.compile(r"(?:不|不再)(?:去|到|回)(?P<old>[^，,。了我你他她]{1,10}?)(?:了|[，,。]|$)")
#: (round 46) the place told first, then the "no": 冰岛不去了，改成去日本
_ZH_DROPPED_FIRST = re.compile(r"(?:^|[，,。])(?:我们|我)?(?P<old>[^，,。了我你他她不]{1,10}?)(?:就|也|都)?"
                               r"(?:不|不再)(?:去|到|回)了")
#: the place an English change drops: instead of / rather than X, not (or no longer) going / flying … to X
_EN_DROPPED = re.compile(
    r"\b(?:instead of|rather than|(?:not|no longer|never) (?:going|flying|driving|heading|travel(?:l)?ing) to|"
    r"cancell?ed (?:our|my|the) (?:trip|flight|vacation|holiday) to)\s+(?P<old>[A-Z][\w'.-]*(?: [A-Z][\w'.-]*){0,3})")
#: the times a Chinese plan is told with (a holiday, a month, a season, next year)
_ZH_TIME = re.compile(r"春节|过年|国庆|五一|十一|端午|中秋|元旦|圣诞|暑假|寒假|[一二三四五六七八九十\d]{1,2}月|"
                      r"[春夏秋冬]天|年底|年初|下个?月|明年|后年|下半年|下周|下星期|下礼拜")
#: what a Chinese trip is for: work (出差, 开会, 培训) or leisure (旅游, 度假, 玩, 探亲) — a trip of each is two trips
_ZH_WORK_TRIP = re.compile(r"出差|开会|培训|参会|公干")
_ZH_LEISURE_TRIP = re.compile(r"旅游|旅行|度假|度蜜月|玩|探亲|过年|看樱花|看海")
#: the times an English plan is told with ("May" only after "in": the verb is the commoner word)
_EN_TIME = re.compile(r"\b(?:january|february|march|april|june|july|august|september|october|november|december|"
                      r"spring|summer|fall|autumn|winter|christmas|easter|thanksgiving|new year)\b|\bin may\b")


def dropped_place(statement: str) -> str | None:
    """The place a changed plan says it drops (五一不去云南了，改去新疆 → 云南; "… to Lisbon instead of Oslo" → Oslo),
    or None."""
    if lang_of(statement) == "zh":
        m = _ZH_DROPPED.search(to_simplified(statement)) or _ZH_DROPPED_FIRST.search(to_simplified(statement))
    else:
        m = _EN_DROPPED.search(statement)
    return m.group("old").strip() if m else None


def plan_times(statement: str) -> frozenset[str]:
    """The time words of a plan (五一, 十月, 暑假; april, summer, christmas), simplified and case-folded."""
    if lang_of(statement) == "zh":
        return frozenset(_ZH_TIME.findall(to_simplified(statement)))
    return frozenset(t.removeprefix("in ") for t in _EN_TIME.findall(statement.casefold()))


#: the same time in either language (a month is its number; a season, a holiday, next week / month / year their key)
_SAME = {"春天": "spring", "夏天": "summer", "秋天": "fall", "autumn": "fall", "冬天": "winter", "圣诞": "christmas",
         "元旦": "new year", "下周": "next week", "下星期": "next week", "下礼拜": "next week", "下个月": "next month",
         "下月": "next month", "明年": "next year"}


def _canonical(times: frozenset[str]) -> frozenset[str]:
    """:func:`plan_times`' words of either language as one key each (七月 / 7月 / july → m7, 夏天 / summer →
    summer); a word with no counterpart keeps its own."""
    out = set()
    for t in times:
        if (m := re.fullmatch(r"([一二三四五六七八九十]{1,3}|\d{1,2})月", t)) is not None:
            out.add(f"m{int(m.group(1)) if m.group(1).isdigit() else zh_number(m.group(1))}")
        elif t in EN_MONTHS:
            out.add(f"m{EN_MONTHS.index(t) + 1}")
        else:
            out.add(_SAME.get(t, t))
    return frozenset(out)


def _names(statement: str, place: str) -> bool:
    return bool(place) and to_simplified(place).casefold() in to_simplified(statement).casefold()


def plan_change_kept(new: Facts, old: Facts) -> str | None:
    """Why the stored plan ``old`` stays beside the plan ``new`` (both ``plan.destination`` of one owner) whatever the
    judge said, or None: see the module doc."""
    if not (new.slot and new.slot == old.slot and new.slot.endswith(_SLOT)):
        return None
    if lang_of(new.statement) != lang_of(old.statement):
        # (a place's two names, 里斯本 / Lisbon, compare by no words: the judge's — unless the two times are told and
        # share none: 下周我要去洛阳出差 / "I'm flying to Lisbon in July", two trips)
        tn, to = _canonical(plan_times(new.statement)), _canonical(plan_times(old.statement))
        return f"two plans of other times ({'/'.join(sorted(tn))}; {'/'.join(sorted(to))}): another trip" \
            if tn and to and not tn & to else None
    if new.value and _names(old.statement, new.value):
        return None  # the stored plan names the place the change goes to: the judge's
    if (was := dropped_place(new.statement)) is not None:
        if _names(old.statement, was):
            return None
        return f"a plan changed from {was}: a plan that names neither {was} nor {new.value} is another trip"
    tn, to = plan_times(new.statement), plan_times(old.statement)
    if tn and to and not tn & to:
        return f"two plans of other times ({'/'.join(sorted(tn))}; {'/'.join(sorted(to))}): another trip"
    if lang_of(new.statement) == "zh" and any(
            _ZH_WORK_TRIP.search(a) and _ZH_LEISURE_TRIP.search(b) and not _ZH_WORK_TRIP.search(b)
            for a, b in ((to_simplified(new.statement), to_simplified(old.statement)),
                         (to_simplified(old.statement), to_simplified(new.statement)))):
        return "a work trip and a holiday: two trips (round 42)"
    return None


#: a plan's new place told as a change (改去, 改成, 换成 …) — what a redirect without the dropped place says
_ZH_REDIRECT = re.compile(r"改去|改成|改为|改到|换成|换去|换到")


def plan_change_ends(new: Facts, old: Facts) -> str | None:
    """Why the changed plan ``new`` ends the stored plan ``old`` (both ``plan.destination`` of one owner, one
    language) though the judge read two facts, or None: ``new`` drops the place ``old`` goes to (不去成都了，改去重庆)
    or, in Chinese, redirects a trip (改去, 换成) of a time ``old`` is told with (暑假 / 暑假); ``old`` names not the
    new place (another trip there is the judge's)."""
    if not (new.slot and new.slot == old.slot and new.slot.endswith(_SLOT)) or not new.value:
        return None
    if lang_of(new.statement) != lang_of(old.statement) or _names(old.statement, new.value):
        return None
    if (was := dropped_place(new.statement)) is not None:
        return f"a plan changed from {was} to {new.value}: the trip to {was} ends" if _names(old.statement, was) \
            else None
    if lang_of(new.statement) == "zh" and _ZH_REDIRECT.search(to_simplified(new.statement)) and \
            (shared := plan_times(new.statement) & plan_times(old.statement)):
        return f"a trip of {'/'.join(sorted(shared))} redirected to {new.value}: the plan told before ends"
    return None
