"""Relative time, both languages: the day or window a phrase tells, counted from a reference day (round 40).

One reader for what the read path (a question's window: :mod:`memcli.read.time_intent`) and the write path (a
statement's date: :mod:`memcli.write.pair_dates`) both parse. Each caller finds the phrases in its own text with its
own patterns and keeps its own policy (which words it listens to, what a bare weekday means in its tense); the
meaning of a phrase and the calendar arithmetic are here.

- :func:`told`: the :class:`Told` span of one phrase, counted from ``ref`` (a calendar day, the user's):
  day words (昨天 / 昨晚 / 前天 / 大前天 / 今天 / 明天 / 后天 / 大后天, yesterday / last night / the day before
  yesterday / today / tonight / tomorrow / the day after tomorrow), a week, weekend, month or year counted in steps
  (上上 / 上 / 这 / 本 / 下 / 下下 + 周 / 星期 / 礼拜 / 周末 / 个月; 大前年 / 前年 / 去年 / 今年 / 明年 / 后年; last /
  this / next + week / weekend / month / year), a weekday of a week counted so (上周三, 下个星期五, 这周日, this Friday,
  next Monday), and a count back (三天前, 两个星期前, 5个月以前, 二十年前; two days ago, a couple of weeks ago, 3
  months ago, a year ago). None: no such phrase.
- The arithmetic the callers share: :func:`shift`, :func:`weekday_of_week`, :func:`weekday_before`,
  :func:`weekday_on_or_after`, :func:`weekday_on_or_before`, :func:`months_back`.

- :func:`moved_back`: a time told back from when it was said, as the write path's clause rules cut it (a (unit, n)
  pair: ("day", 1) of "yesterday", ("weekend", 1) of "last weekend", ("month_of", 3) of "back in March" …), with the
  same arithmetic (round 41: the third reader, ``rules.match.resolve_ago``, is this one).

Weeks run Monday to Sunday; a weekend is its Saturday and Sunday. Numbers are read by :mod:`memcli.numerals`.
Pure functions over :class:`datetime.date` (a datetime's date part is its wall-clock day).

One meaning per phrase, on every path (round 41; the read path's window, the write path's date and the clause
rules' valid time):

- "last Monday" (English ``last`` + a weekday): the last Monday before yesterday — two to eight days back
  (:func:`weekday_last`). Who means yesterday says "yesterday": told on a Wednesday, "last Tuesday" is the Tuesday
  of the week before; told on a Sunday, "last Monday" is six days back; told on a Monday, "last Sunday" is eight.
- A bare weekday told in the past ("on Monday I …", 周一我去了…): the last such day before the said day, one to
  seven days back (:func:`weekday_before`): told on a Thursday, Monday is three days back; told on a Monday, a week.
- 上周一 / 上个星期一: the Monday of the calendar week before (:func:`weekday_of_week`, -1); "this Monday" /
  这周一: of the reference day's week; "next Monday" / 下周一: of the week after.
- "last weekend" / 上周末: the weekend of the calendar week before — told Monday to Friday the one just past, told
  on a Saturday or Sunday the one before it ("this weekend" is the one that day is in). "over the weekend", "this
  past weekend" and a bare 周末 told in the past: the weekend just lived — that day's when told on a Saturday or
  Sunday, else the one before (:func:`recent_weekend`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from memcli.numerals import en_number, zh_number

__all__ = ["EN_DAYS", "EN_STEPS", "EN_WEEKDAYS", "ZH_DAYS", "ZH_STEPS", "ZH_WEEKDAYS", "ZH_YEARS", "Told",
           "months_back", "moved_back", "recent_weekend", "shift", "told", "weekday_before", "weekday_last",
           "weekday_of_week", "weekday_on_or_after", "weekday_on_or_before"]


@dataclass(frozen=True)
class Told:
    """The span a phrase tells: ``unit`` ``"day"``, ``"week"``, ``"weekend"``, ``"month"`` or ``"year"``; the days
    ``[start, end)``; ``day``: the day it counts to (the day itself; for a week, month or year counted from ``ref``,
    ``ref`` moved by that many, the day of the month kept where the month holds it: 29 February a year on is the
    28th). A count of weeks back (两周前, "three weeks ago") is the seven days around its day, three each side."""

    unit: str
    start: date
    end: date
    day: date


#: a day by its word, in days from the reference day
ZH_DAYS = {"大前天": -3, "前天": -2, "前日": -2, "昨天": -1, "昨日": -1, "昨晚": -1, "昨儿": -1, "昨夜": -1,
           "今天": 0, "今日": 0, "今晚": 0, "今早": 0, "今儿": 0, "今夜": 0, "明天": 1, "明日": 1, "明晚": 1,
           "明早": 1, "后天": 2, "大后天": 3}
EN_DAYS = {"the day before yesterday": -2, "day before yesterday": -2, "yesterday": -1, "last night": -1, "today": 0,
           "tonight": 0, "this morning": 0, "this afternoon": 0, "this evening": 0, "tomorrow": 1,
           "the day after tomorrow": 2, "day after tomorrow": 2}
#: a week or month counted in steps from the reference one (上个月, 下下周, "last week", "next month")
ZH_STEPS = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1, "下下": 2}
EN_STEPS = {"last": -1, "this": 0, "next": 1}
#: a year by its word
ZH_YEARS = {"大前年": -3, "前年": -2, "去年": -1, "今年": 0, "明年": 1, "后年": 2}
EN_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
#: the English months, January first (a month's number is its index + 1)
EN_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
             "november", "december")
#: the Chinese weekdays after 周 / 星期 / 礼拜, Monday first (天 is Sunday as 日 is)
ZH_WEEKDAYS = "一二三四五六日"

_ZH_WEEK = r"(?:周|星期|礼拜)"
_ZH_STEP = r"(上上|上|这|本|下下|下)(?:个)?"
_ZH_PHRASES = (
    ("day", re.compile("|".join(sorted(ZH_DAYS, key=len, reverse=True)))),
    ("year", re.compile("|".join(sorted(ZH_YEARS, key=len, reverse=True)))),
    ("weekday", re.compile(_ZH_STEP + _ZH_WEEK + "([一二三四五六日天])")),
    ("weekend", re.compile(_ZH_STEP + r"(?:周末|礼拜天)")),
    ("week", re.compile(_ZH_STEP + _ZH_WEEK)),
    ("month", re.compile(_ZH_STEP + "月")),
    ("ago", re.compile(r"(\d+|[零〇一二两三四五六七八九十百千万]+)(?:个)?(天|周|星期|礼拜|月|年)(?:以前|之前|前)")),
)
_EN_STEP = r"(last|this|next)\s+"
_EN_PHRASES = (
    ("day", re.compile("|".join(sorted((w.replace(" ", r"\s+") for w in EN_DAYS), key=len, reverse=True)))),
    ("weekday", re.compile(_EN_STEP + "(" + "|".join(EN_WEEKDAYS) + ")")),
    ("weekend", re.compile(_EN_STEP + "weekend")),
    ("week", re.compile(_EN_STEP + "week")),
    ("month", re.compile(_EN_STEP + "month")),
    ("year", re.compile(_EN_STEP + "year")),
    ("ago", re.compile(r"(\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:a\s+)?couple\s+of|"
                       r"(?:a\s+)?few|several)\s+(days?|weeks?|months?|years?)\s+ago")),
)
_ZH_UNIT = {"天": "day", "周": "week", "星期": "week", "礼拜": "week", "月": "month", "年": "year"}


def told(phrase: str, ref: date) -> Told | None:
    """The span ``phrase`` (the whole of it: one phrase, simplified Chinese or English, any case) tells, counted from
    ``ref`` (the reference day: when it was said or asked, in the user's calendar); None: no phrase this module reads
    (see the module doc)."""
    text = phrase.strip()
    zh = not text.isascii()
    if not zh:
        text = " ".join(text.casefold().split())
    for kind, pattern in _ZH_PHRASES if zh else _EN_PHRASES:
        m = pattern.fullmatch(text)
        if m is not None:
            return _told(kind, m, zh, ref)
    return None


def _told(kind: str, m: re.Match[str], zh: bool, ref: date) -> Told | None:
    if kind == "day":
        d = ref + timedelta(days=(ZH_DAYS if zh else EN_DAYS)[m[0]])
        return Told("day", d, d + timedelta(days=1), d)
    if kind == "year" and zh:
        return shift("year", ZH_YEARS[m[0]], ref)
    if kind == "ago":
        n = int(m[1]) if m[1].isdigit() else (zh_number(m[1]) if zh else en_number(m[1])) or 0
        unit = _ZH_UNIT[m[2]] if zh else m[2].removesuffix("s")
        if unit == "week":
            d = ref - timedelta(weeks=n)
            return Told("week", d - timedelta(days=3), d + timedelta(days=4), d)
        return shift(unit, -n, ref)
    step = (ZH_STEPS if zh else EN_STEPS)[m[1]]
    if kind == "weekday":
        wd = ZH_WEEKDAYS.index(m[2].replace("天", "日")) if zh else EN_WEEKDAYS.index(m[2])
        d = weekday_last(ref, wd) if not zh and step < 0 else weekday_of_week(ref, wd, step)
        return Told("day", d, d + timedelta(days=1), d)
    return shift(kind, step, ref)


def shift(unit: str, n: int, ref: date) -> Told:
    """The ``unit`` (``"day"``, ``"week"``, ``"weekend"``, ``"month"``, ``"year"``) ``n`` of them from the one
    holding ``ref`` (-1: the last one, 0: this one, 1: the next).

    Raises:
        ValueError: ``unit`` is none of those, or the span leaves the calendar (before year 1, past 9999).
        OverflowError: a count no timedelta holds.
    """
    if unit == "day":
        d = ref + timedelta(days=n)
        return Told("day", d, d + timedelta(days=1), d)
    if unit in ("week", "weekend"):
        monday = ref - timedelta(days=ref.weekday()) + timedelta(weeks=n)
        start = monday + timedelta(days=5) if unit == "weekend" else monday
        return Told(unit, start, monday + timedelta(days=7), ref + timedelta(weeks=n))
    if unit == "month":
        y, m = months_back(ref.year, ref.month, -n)
        ny, nm = months_back(y, m, -1)
        return Told("month", date(y, m, 1), date(ny, nm, 1), _same_day(y, m, ref.day))
    if unit == "year":
        y = ref.year + n
        return Told("year", date(y, 1, 1), date(y + 1, 1, 1), _same_day(y, ref.month, ref.day))
    raise ValueError(f"unknown unit {unit!r}")


def _same_day(year: int, month: int, day: int) -> date:
    """``day`` of that month, or its last day when it has fewer (31 March a month back: 28 or 29 February)."""
    last = (date(*months_back(year, month, -1), 1) - timedelta(days=1)).day if month < 12 else 31
    return date(year, month, min(day, last))


def months_back(year: int, month: int, n: int) -> tuple[int, int]:
    """``(year, month)`` of the month ``n`` months before ``month`` of ``year`` (``n`` < 0: after)."""
    y, m = divmod(year * 12 + month - 1 - n, 12)
    return y, m + 1


def weekday_of_week(ref: date, wd: int, weeks: int) -> date:
    """Weekday ``wd`` (0 Monday … 6 Sunday) of the week ``weeks`` from ``ref``'s (上周三: -1; 这周五, "this Friday": 0;
    下周一, "next Monday": 1)."""
    return ref + timedelta(days=7 * weeks - ref.weekday() + wd)


def weekday_before(ref: date, wd: int) -> date:
    """The last weekday ``wd`` before ``ref`` (one to seven days back: on a Monday, "Monday" is a week ago)."""
    return ref - timedelta(days=(ref.weekday() - wd) % 7 or 7)


def weekday_on_or_after(ref: date, wd: int) -> date:
    """The next weekday ``wd`` from ``ref`` on (``ref`` itself when it is one)."""
    return ref + timedelta(days=(wd - ref.weekday()) % 7)


def weekday_on_or_before(ref: date, wd: int) -> date:
    """The last weekday ``wd`` up to ``ref`` (``ref`` itself when it is one)."""
    return ref - timedelta(days=(ref.weekday() - wd) % 7)


def weekday_last(ref: date, wd: int) -> date:
    """"Last Monday" (``wd``: 0 Monday … 6 Sunday) told on ``ref``: the last such day before yesterday, two to eight
    days back (who means yesterday says "yesterday")."""
    return weekday_before(ref - timedelta(days=1), wd)


def recent_weekend(ref: date) -> Told:
    """The weekend just lived ("over the weekend", "this past weekend", a bare 周末 in the past): ``ref``'s own when
    it is a Saturday or Sunday, else the one before."""
    return shift("weekend", 0 if ref.weekday() >= 5 else -1, ref)


def moved_back(at: datetime, unit: str, n: int) -> datetime:
    """``at`` (when it was said; its time of day kept) moved to the day a time told back names: ``unit`` ``"day"``,
    ``"week"``, ``"month"``, ``"year"`` n of them back (the day of the month kept where the month holds it);
    ``"weekend"``: the Saturday of the weekend n weeks back (("weekend", 1): "last weekend", 上周末);
    ``"weekday"``: the last weekday n before the said day (a bare "on Monday"; n: 0 Monday … 6 Sunday);
    ``"last_weekday"``: "last Monday" (:func:`weekday_last`); ``"prev_week_day"`` / ``"this_week_day"``: weekday n of
    the week before / of the said week (上周三, "this Monday"); ``"month_of"``: the first of the last such month
    (this month's at the latest: "back in March"); ``"month_in_year"``: n = years back × 100 + month, its first
    (去年三月); ``"day_in_year"``: n = years back × 10000 + month × 100 + day (去年三月中旬, 前年冬天; a day
    after the said one: ``at``); ``"season"``: n the month it ends, the first day of the last one ended before the
    said month ("last winter"); ``"year_start"``: 1 January ("earlier this year"); ``"on_date"``: n = year × 10000 +
    month × 100 + day ("since March 2024", "since 2019": its first); ``"month_day"``: n = month × 100 + day, the last
    such day on or before the said one ("since the 3rd of March"); ``"near_month_day"``: the same when it is nearer
    the said day than the next such day is (七月份…了 said in June is ahead: ``at``). Any other unit, or a date after
    the said day or off the calendar: ``at``.

    Raises:
        ValueError: the day leaves the calendar (before year 1).
        OverflowError: a count no timedelta holds.
    """
    day = at.date()
    if unit == "weekday":
        d = weekday_before(day, n)
    elif unit == "last_weekday":
        d = weekday_last(day, n)
    elif unit in ("prev_week_day", "this_week_day"):
        d = weekday_of_week(day, n, -1 if unit == "prev_week_day" else 0)
    elif unit == "weekend":
        d = shift("weekend", -n, day).start
    elif unit in ("day", "week", "month", "year"):
        d = shift(unit, -n, day).day
    elif unit == "month_of":
        d = date(day.year - (n > day.month), n, 1)
    elif unit == "month_in_year":
        d = date(day.year - n // 100, n % 100, 1)
    elif unit == "day_in_year":
        try:
            d = date(day.year - n // 10000, n // 100 % 100, n % 100)
        except ValueError:  # 2月30号: no day
            return at
        if d > day:
            return at
    elif unit == "season":
        y = day.year if day.month > n else day.year - 1
        d = date(y - (n < 3), (n - 3) % 12 + 1, 1)
    elif unit == "year_start":
        d = date(day.year, 1, 1)
    elif unit == "near_month_day":
        back = moved_back(at, "month_day", n)
        try:
            ahead = date(day.year + ((n // 100, n % 100) <= (day.month, day.day)), n // 100, n % 100)
        except ValueError:
            return back
        return at if back == at or (ahead - day) < (day - back.date()) else back
    elif unit in ("on_date", "month_day"):
        try:
            d = date(n // 10000, n // 100 % 100, n % 100) if unit == "on_date" else \
                date(day.year - ((n // 100, n % 100) > (day.month, day.day)), n // 100, n % 100)
        except ValueError:  # 31 April, 29 February of a common year: no day
            return at
        if d > day:
            return at
    else:
        return at
    return at + (d - day)
