"""The date a statement places its fact at, comparable across two statements (issue 21):
relative times (去年, 上个月, 两年前, "last year", "two years ago", "last March") resolved against
the time the statement was *said*, explicit ones (2024年9月, 三月份, "in 2021", "in February",
"March 14") read as they are. Of what is to come (a plan, an appointment: will, 're moving, 要, 约了,
tomorrow, 下周五, 明年), a yearless month or day and a weekday are read forward from the said day; a
yearless month or day told with no tense at all (我12月3号考试) is the nearest one to the said day.
The user's words are never rewritten: the date is only compared. The day a relative phrase tells (昨天, 上周三,
上个月, "yesterday") and the weekday arithmetic are :mod:`memcli.reltime`'s, shared with the read path (round 40).

A date is ``When(year, month, day, relative)``: ``month``/``day`` None when not said; ``relative``
True when the year was not written but inferred from the said time (去年, "in February" — the last
February on or before the said month). Two dates compare on the fields both give
(:func:`date_relation`): another year or month is another date, equal fields the same.

Pure functions; :func:`memcli.write.decide.decide_and_apply` resolves the incoming statement once
against its said time (``said_at``: the utterance's time on the drain, ``--at`` or now for
``remember``/``import``) and stores the result in the memory's own column ``event_when`` (never in
the user's metadata, which ``export`` gives back as imported), so a stored memory's date never drifts
when it is later reinforced.
"""

from __future__ import annotations

import re
from calendar import monthrange
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from functools import lru_cache
from typing import Any

from memcli.numerals import en_number, zh_number
from memcli.primed import primable
from memcli.reltime import (
    EN_MONTHS,
    EN_STEPS,
    EN_WEEKDAYS,
    ZH_STEPS,
    ZH_WEEKDAYS,
    ZH_YEARS,
    months_back,
    weekday_before,
    weekday_last,
    weekday_of_week,
    weekday_on_or_after,
)
from memcli.reltime import told as told_span
from memcli.text import to_simplified
from memcli.timeutil import EVENT_WHEN
from memcli.write.en_tense import (
    EN_BOOKED,
    EN_IN_TIME,
    EN_NOW,
    EN_PAST,
    EN_PAST_FORM,
    EN_WILL,
    clause_tense,
    date_clause,
)

__all__ = ["When", "date_relation", "moved_back", "strip_dates", "tells_future", "when_from_text", "when_of",
           "when_to_text"]


@dataclass(frozen=True)
class When:
    """A date at the granularity the statement gives (``month``/``day`` None when not said)."""

    year: int
    month: int | None = None
    day: int | None = None
    relative: bool = False
    yearless: bool = False  # a month or day named without its year (三月份, "in June", "March 4th")

    def text(self) -> str:
        """``2025``, ``2025-09`` or ``2025-09-03``."""
        out = f"{self.year:04d}"
        if self.month:
            out += f"-{self.month:02d}"
            if self.day:
                out += f"-{self.day:02d}"
        return out


_MON = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|" \
       r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
#: a month's whole name after a day ("3 March 2024", round 46); "may" only with its year (the verb)
_MON_FULL = (r"(?:january|february|march|april|june|july|august|september|october|november|december"
             r"|may(?=,? (?:19|20)\d))")
_CNUM = r"(\d{1,2}|十[一二]?|[一二三四五六七八九十])"


def _cn(t: str) -> int:
    """A number written in digits or Chinese (:func:`memcli.numerals.zh_number`: 二十三 → 23); 0 for none."""
    return int(t) if t.isdigit() else zh_number(t) or 0


def _month_no(word: str) -> int:
    w = word.casefold()[:3]
    return next(i for i, m in enumerate(EN_MONTHS, 1) if m.startswith(w))


def _back_months(at: datetime, n: int) -> tuple[int, int]:
    return months_back(at.year, at.month, n)


def _last_month_named(at: datetime, month: int, strict: bool) -> int:
    """The year of the last ``month`` on or before (``strict``: before) the said month."""
    return at.year if (month < at.month or (month == at.month and not strict)) else at.year - 1


def _yearless(at: datetime, month: int, day: int | None, ahead: bool, bare: bool = False) -> int:
    """The year of a month (and day) named without its year: the next one on or after the said day
    when the statement is about the future (``ahead``), the nearest one to the said day when it tells
    no tense (``bare``: 我12月3号考试 said on Nov 20 is this Dec 3, not last year's), else the last one
    on or before the said month."""
    if bare:
        return _nearest_year(at, month, day)
    if not ahead:
        return _last_month_named(at, month, False)
    return at.year if (month, day or 31) >= (at.month, at.day) else at.year + 1


def _nearest_year(at: datetime, month: int, day: int | None) -> int:
    """The year of the ``month`` (``day``) nearest the said day: by days for a day (a day past the month's
    end counts as its last), by whole months for a month (the said month itself is 0); a tie is the earlier."""
    if day is None:
        here = at.year * 12 + at.month
        return min((at.year - 1, at.year, at.year + 1), key=lambda y: (abs(y * 12 + month - here), y))
    said = at.date()
    return min((at.year - 1, at.year, at.year + 1),
               key=lambda y: (abs((date(y, month, min(day, monthrange(y, month)[1])) - said).days), y))


def _day(d: date) -> When:
    return When(d.year, d.month, d.day, True)


_WEEK = {"next2": 2, "next": 1, "this": 0, "prev": -1, "prev2": -2}
_DIRECTION = {1: "ahead", -1: "back", 0: ""}


def _weekday(at: datetime, wd: int, how: str) -> When | None:
    """The day of weekday ``wd`` (0 = Monday) ``how``: ``"next2"``/``"next"``/``"this"``/``"prev"``/
    ``"prev2"`` (of the week after next … the week before last), ``"last"`` (the last one before the
    said day, yesterday excluded: :func:`memcli.reltime.weekday_last`), ``"ahead"`` (on or after), ``"back"`` (the
    last one before the said day: :func:`memcli.reltime.weekday_before`); None for any other ``how`` (a
    weekday told with no tense)."""
    day = at.date()
    if how in _WEEK:
        return _day(weekday_of_week(day, wd, _WEEK[how]))
    if how == "ahead":
        return _day(weekday_on_or_after(day, wd))
    if how == "back":  # a bare weekday told in the past: one to seven days back (round 41: reltime's meaning)
        return _day(weekday_before(day, wd))
    if how == "last":  # "last Monday": two to eight days back (who means yesterday says so)
        return _day(weekday_last(day, wd))
    return None


# -- Chinese -------------------------------------------------------------------------------------


def _zh_months(word: str) -> int:
    """The months 上上个月 / 上个月 / 上月 / 这个月 / 本月 / 下个月 / 下下个月 count from the said one (-2 … 2)."""
    return ZH_STEPS[word.removesuffix("月").removesuffix("个")]

_ZH = re.compile(
    r"(?P<y>(?:19|20)\d{2})年(?:" + _CNUM + r"月份?(?:" + _CNUM + r"[日号])?)?"
    r"|(?P<ry>大前年|前年|去年|今年)(?:" + _CNUM + r"月份?(?:" + _CNUM + r"[日号])?)?"
    r"|(?P<ny>\d+|[一二两三四五六七八九十]+)年(?:以)?前"
    r"|(?P<rm>上上个月|上个月|上月|这个月|本月)"
    r"|(?P<nm>\d+|[一二两三四五六七八九十]+)个月(?:以)?前"
    r"|(?P<rd>大前天|前天|昨天|今天|大后天|后天|明天)"
    r"|(?P<zy>明年|后年)(?:" + _CNUM + r"月份?(?:" + _CNUM + r"[日号])?)?"
    r"|(?P<zm>下下个月|下个月|下月)"
    r"|(?P<zwe>上上|上|这|本|下下|下)(?:个)?周末"
    r"|(?<![每个一二两三四五六七八九十几\d])(?P<wk>上上|上|下下|下|这|本)?(?:个)?(?:周|星期|礼拜)(?P<wd>[一二三四五六日天])(?![一二三四五六日天末])"
    r"|(?<![\d个一二三四五六七八九十])(?P<m>\d{1,2}|十[一二]?|[一二三四五六七八九十])月份?(?:(?P<md>\d{1,2}|[一二三四五六七八九十]+)[日号])?")


def _zh_when(m: re.Match[str], at: datetime, ahead: int, bare: bool = False) -> When | None:
    g = m.groupdict()
    nums = [x for x in m.groups() if x is not None]
    if g["zwe"]:  # 上周末: its Saturday (memcli.reltime's weekend)
        return _day(told_span(m.group(0), at.date()).start)  # type: ignore[union-attr]
    if g["y"]:
        rest = nums[1:]
        return When(int(g["y"]), _cn(rest[0]) if rest else None, _cn(rest[1]) if len(rest) > 1 else None)
    if g["ry"]:
        rest = nums[1:]
        return When(at.year + ZH_YEARS[g["ry"]], _cn(rest[0]) if rest else None,
                    _cn(rest[1]) if len(rest) > 1 else None, True)
    if g["ny"]:
        return When(at.year - _cn(g["ny"]), relative=True)
    if g["rm"]:
        return When(*_back_months(at, -_zh_months(g["rm"])), relative=True)
    if g["nm"]:
        return When(*_back_months(at, _cn(g["nm"])), relative=True)
    if g["rd"]:
        return _day(told_span(g["rd"], at.date()).day)  # type: ignore[union-attr]  # (a day word: always told)
    if g["zy"]:
        rest = nums[1:]
        return When(at.year + ZH_YEARS[g["zy"]], _cn(rest[0]) if rest else None,
                    _cn(rest[1]) if len(rest) > 1 else None, True)
    if g["zm"]:
        return When(*_back_months(at, -_zh_months(g["zm"])), relative=True)
    if g["wd"]:
        if g["wk"]:  # 上周三, 下个星期五, 这周日: that week's
            return _day(told_span(m.group(0), at.date()).day)  # type: ignore[union-attr]
        return _weekday(at, ZH_WEEKDAYS.index(g["wd"].replace("天", "日")), _DIRECTION[ahead])
    month = _cn(g["m"])
    if not 1 <= month <= 12:
        return None
    day = _cn(g["md"]) if g["md"] else None
    return When(_yearless(at, month, day, ahead > 0, bare), month, day, True, True)


# -- English -------------------------------------------------------------------------------------
_EN = re.compile(
    r"\b(?:(?P<md>" + _MON + r")\.? (?P<d>\d{1,2})(?:st|nd|rd|th)?(?:,? (?P<dy>(?:19|20)\d{2}))?"
    r"|(?P<d2>\d{1,2})(?:st|nd|rd|th)?(?: of (?P<md2>" + _MON + r")| (?P<md3>" + _MON_FULL + r"))"
    r"(?:,? (?P<dy2>(?:19|20)\d{2}))?"
    r"|(?P<wp>on|this coming|this|coming|next|last) (?P<wdn>monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"|(?P<last>last|this|next) (?P<lm>" + _MON + r"|year|month|weekend|week|spring|summer|fall|autumn|winter)"
    r"|(?P<n>\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few|several) "
    r"(?P<u>years?|months?|weeks?|days?) ago"
    r"|(?P<yd>yesterday|today|tonight|tomorrow|the day (?:before yesterday|after tomorrow))"
    r"|in (?P<inn>\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few) (?P<inu>days?|weeks?|"
    r"months?|years?)(?! (?:ago|old|later|earlier|before))"
    r"|(?P<prep>in|of|since|back in|during) (?P<mo>" + _MON + r")(?: (?P<moy>(?:19|20)\d{2}))?"
    r"|(?P<y>(?:19|20)\d{2}))\b", re.I)


_SEASON_END = {"spring": 5, "summer": 8, "fall": 11, "autumn": 11, "winter": 2}


def _en_when(m: re.Match[str], at: datetime, ahead: int, bare: bool = False) -> When | None:
    g = m.groupdict()
    if g["md"] or g["md2"] or g["md3"]:
        mon, day, year = _month_no(g["md"] or g["md2"] or g["md3"]), int(g["d"] or g["d2"]), g["dy"] or g["dy2"]
        if not 1 <= day <= 31:
            return None
        if year:
            return When(int(year), mon, day)
        return When(_yearless(at, mon, day, ahead > 0, bare), mon, day, True, True)
    if g["wp"]:
        wp = g["wp"].casefold()
        how = {"next": "next", "last": "last", "this coming": "ahead"}.get(wp) or (
            _DIRECTION[ahead] if wp == "on" else "ahead" if ahead > 0 else "this")
        return _weekday(at, EN_WEEKDAYS.index(g["wdn"].casefold()), how)
    if g["last"]:
        step = EN_STEPS[g["last"].casefold()]
        unit = g["lm"].casefold()
        if unit == "year":
            return When(at.year + step, relative=True)
        if unit == "month":
            return When(*_back_months(at, -step), relative=True)
        if unit in _SEASON_END:  # the last such season that ended before the said month (winter: its January)
            end = _SEASON_END[unit]
            if step > 0:  # the next one not yet begun
                return When(at.year if at.month < end - 2 else at.year + 1, relative=True)
            year = at.year if (at.month > end or not step) else at.year - 1
            return When(year, relative=True)
        if unit == "weekend":  # "last weekend": its Saturday (memcli.reltime's weekend, round 41); round 47: "moved
            # in this weekend" told in the past on a Monday is the weekend gone, not the coming one
            sat = told_span(f"{g['last']} weekend", at.date()).start  # type: ignore[union-attr]
            return _day(sat - timedelta(days=7) if not step and ahead < 0 and sat > at.date() else sat)
        if unit == "week":
            if step > 0:  # next week, when all of it falls in one month
                mon = at + timedelta(days=7 - at.weekday())
                sun = mon + timedelta(days=6)
                return When(mon.year, mon.month, relative=True) if mon.month == sun.month else None
            d = at - timedelta(weeks=-step)
            return When(d.year, d.month, relative=True) if d.month == at.month or step else None
        mon = _month_no(unit)
        if step > 0:
            return When(at.year if mon > at.month else at.year + 1, mon, relative=True)
        if step == 0 and ahead > 0:
            return When(_yearless(at, mon, None, True), mon, relative=True)
        return When(_last_month_named(at, mon, bool(step)), mon, relative=True)
    if g["n"]:
        n = int(g["n"]) if g["n"].isdigit() else en_number(g["n"]) or 1
        unit = g["u"].casefold().rstrip("s")
        if unit == "year":
            return When(at.year - n, relative=True)
        if unit == "month":
            return When(*_back_months(at, n), relative=True)
        d = at - timedelta(days=n * (7 if unit == "week" else 1))
        return When(d.year, d.month, d.day if unit == "day" else None, True)
    if g["yd"]:
        return _day(told_span(g["yd"], at.date()).day)  # type: ignore[union-attr]  # (a day word: always told)
    if g["inn"]:  # "in two weeks" of what is to come (round 47); a past one ("learned it in two weeks") is a span
        n, unit = int(g["inn"]) if g["inn"].isdigit() else en_number(g["inn"]) or 1, g["inu"].casefold().rstrip("s")
        if ahead < 0 or n > 400:
            return None
        if unit in ("month", "year"):
            return When(at.year + n, relative=True) if unit == "year" else When(*_back_months(at, -n), relative=True)
        return _day(at.date() + timedelta(days=n * (7 if unit == "week" else 1)))
    if g["mo"]:
        mon = _month_no(g["mo"])
        if g["moy"]:
            return When(int(g["moy"]), mon)
        if g["mo"].casefold() == "may":  # "in may" is also the verb: only with a year
            return None
        told = g["prep"].casefold() not in ("since", "back in")  # since March, back in March: a past one
        return When(_yearless(at, mon, None, ahead > 0 and told, bare and told), mon, relative=True, yearless=True)
    return When(int(g["y"]))


_HAN = re.compile(r"[\u4e00-\u9fff]")

# -- tense: whether a statement tells what is to come (a yearless date or a weekday read forward) --
_ZH_WILL = re.compile(r"(?<![重需主只])要(?!求)|打算|准备|计划|预计|预约|约了|即将|快要|将|"
                      r"(?:改|推迟|延期|延后|推后|挪|提前)(?:到|至)|"  # an event moved to a day: one to come (r. 48)
                      r"(?<![开学聚晚社机协工体误宴舞动乐大例])会(?![议员计话])|明天|后天|明年|后年|下个?(?:周|星期|礼拜|月)|"
                    # (round 48) a date something is moved to is one to come: 复诊改到周二了, 交房改成11月9号了
                    r"(?:改|推迟|推|延|延期|延后|挪|换|提前)(?:到|成|在|为)(?=[^，,。；;！!？?]{0,4}"
                    r"(?:周|星期|礼拜|\d|[一二三四五六七八九十]+[月号日]))")
_HABIT = re.compile(r"\b(?:usually|always|often|every|each|normally|generally|typically|never)\b|"
                    r"每|现在|总是|经常|一般|通常|平时|平常|往往|常常", re.I)
_ZH_PAST = re.compile(r"了|过|已经|去年|前年|上个?(?:周|星期|礼拜|月)|昨天|前天|"
                      r"是[^，,。；;！!？?]*的|的\s*[。！!.]?\s*$")  # 是…的 of a past act: 是四月份装修的
def _ahead(text: str, zh: bool) -> int:
    """1 when ``text`` tells what is to come (will, going to, 're moving, has … on, 要, 打算, 约了, a
    future time word), -1 when it tells what was (a past form or time word), 0 when it tells neither
    or tells a habit (usually, every, 每, 现在: no one day)."""
    if _HABIT.search(text):
        return 0
    if zh:
        return 1 if _ZH_WILL.search(text) else -1 if _ZH_PAST.search(text) else 0
    if EN_WILL.search(text):
        return 1
    return -1 if EN_PAST.search(text) else 1 if EN_NOW.search(text) or EN_IN_TIME.search(text) else 0


@lru_cache(maxsize=16384)  # asked of every candidate (decide's _with_when) and of rows compared by date
def _matches(statement: str) -> tuple[bool, tuple[re.Match[str], ...], int, bool]:
    """Whether ``statement`` is Chinese, the date phrases found in it (in its simplified text), its
    tense (:func:`_ahead`) and whether it tells none at all (no past, future or habit word: a bare
    date, read as the nearest occurrence)."""
    zh = bool(_HAN.search(statement))
    text = to_simplified(statement) if zh else statement
    found = tuple((_ZH if zh else _EN).finditer(text))
    ahead = _ahead(text, zh) if found else 0
    if found and not zh and (c := date_clause(text, found[0].start())) and not _HABIT.search(c) and (
            own := clause_tense(c)):  # round 48: the tense of the date's own clause
        ahead = own
    if ahead < 0 and not zh and EN_BOOKED.search(text) and not _HABIT.search(text):
        return zh, found, 0, True  # "signed up for the 10k in June": the act is past, its date the nearest (r. 47)
    bare = bool(found) and ahead == 0 and not _HABIT.search(text) and (zh or not EN_PAST_FORM.search(text))
    return zh, found, ahead, bare


def tells_future(statement: str) -> bool:
    """Whether ``statement`` tells a date to come (a plan or an appointment: will, 're moving, 要,
    约了, tomorrow, 下个月 …); False when it names no date."""
    return _matches(statement)[2] > 0


def when_of(statement: str, said: datetime) -> When | None:
    """The date ``statement`` places its fact at, relative words resolved against ``said`` (an aware
    datetime: when the statement was said): a month or day named without its year, and a weekday, the
    next one on or after the said day when the statement tells what is to come (will, 're moving,
    要, 打算, 约了, tomorrow, 下周五), the nearest one when it tells no tense at all (我12月3号考试, "dentist
    March 4th": no past, future or habit word), else the last one on or before. None: no date, two dates
    (a span: 2019年到2021年), or a weekday told with no tense (周六, "on Monday")."""
    return _when_of(statement, said, said.utcoffset())


@primable(maxsize=16384)  # asked of every candidate (decide's _with_when): the drain's look-ahead computes it
def _when_of(statement: str, said: datetime, offset: timedelta | None) -> When | None:
    """:func:`when_of`, cached and primable (round 37: :mod:`memcli.write.precompute`). ``offset``: ``said``'s UTC
    offset, part of the key only — two equal instants at two offsets are two wall times, maybe two days."""
    zh, found, ahead, bare = _matches(statement)
    whens = [w for w in (_when_of_match(zh, m, said, ahead, bare) for m in found) if w is not None]
    return whens[0] if len(whens) == 1 else None


def _when_of_match(zh: bool, m: re.Match[str], said: datetime, ahead: int, bare: bool) -> When | None:
    """One match's date, or None for a date no calendar holds: a year past 9999 (next week, said on
    9999-12-29) or a count past what a timedelta holds (in 10**11 days)."""
    try:
        return (_zh_when if zh else _en_when)(m, said, ahead, bare)
    except (OverflowError, ValueError):
        return None


def moved_back(valid_from: datetime, said: datetime) -> When | None:
    """The date of a statement whose relative time an extractor read into its valid time and dropped
    from its words (the drain's 我去年考上了研究生 → 我考上了研究生, valid from a year before it was said):
    the valid time at the unit it was moved by (:func:`memcli.write.rules.match.resolve_ago` keeps the
    day of the month: whole years → the year, whole months → the month, else the day). None: not moved."""
    return _moved_back(valid_from, valid_from.utcoffset(), said, said.utcoffset())


@primable(maxsize=16384)  # asked of every candidate (decide's _with_when): the drain's look-ahead computes it
def _moved_back(valid_from: datetime, from_offset: timedelta | None, said: datetime,
                said_offset: timedelta | None) -> When | None:
    """:func:`moved_back`, cached and primable (round 37); the UTC offsets are part of the key only (see
    :func:`_when_of`)."""
    if said - valid_from < timedelta(hours=12):
        return None
    if (valid_from.month, valid_from.day) == (said.month, said.day) or (
            said.month == 2 and said.day == 29 and (valid_from.month, valid_from.day) == (2, 28)):
        return When(valid_from.year, relative=True)
    if valid_from.day == said.day:
        return When(valid_from.year, valid_from.month, relative=True)
    return When(valid_from.year, valid_from.month, valid_from.day, True)


def strip_dates(statement: str) -> str:
    """``statement`` without the words of its date (for comparing what happened, not when)."""
    zh, found, *_ = _matches(statement)
    text = to_simplified(statement) if zh else statement
    for m in reversed(found):
        text = text[:m.start()] + text[m.end():]
    if not zh:
        text = re.sub(r"\b(?:in|on|since|back|during|of)\s*(?=[.,!]|$)", "", text.strip(), flags=re.I)
    return re.sub(r"\s{2,}", " ", text).strip(" ,，。.")


def date_relation(a: When | None, b: When | None) -> str | None:
    """``"same"`` (every field both give is equal), ``"different"`` (a year, month or day both give
    differs) or None (one has no date). A month named without its year (三月份, "March 4th": a
    birthday recurs) compares its month and day only."""
    if a is None or b is None:
        return None
    if a.year != b.year and not (a.yearless or b.yearless):
        return "different"
    if a.month and b.month and a.month != b.month:
        return "different"
    if a.month and b.month and a.day and b.day and a.day != b.day:
        return "different"
    return "same"


def when_to_text(w: When) -> str:
    """The ``event_when`` column of a stored memory: the date, then ``~`` when its year was inferred
    (relative) and ``*`` when no year was said (yearless): ``2025-09~``, ``2024``, ``2025-03-04~*``."""
    return w.text() + ("~" if w.relative else "") + ("*" if w.yearless else "")


def when_from_text(text: Any) -> When | None:
    """A :class:`When` from an ``event_when`` column (None when absent or malformed)."""
    if not isinstance(text, str) or not text:
        return None
    m = EVENT_WHEN.fullmatch(text)
    if m is None:
        return None
    return When(int(m[1]), int(m[2]) if m[2] else None, int(m[3]) if m[3] else None, bool(m[4]), bool(m[5]))
