"""The date a statement places its fact at, comparable across two statements (issue 21):
relative times (去年, 上个月, 两年前, "last year", "two years ago", "last March") resolved against
the time the statement was *said*, explicit ones (2024年9月, 三月份, "in 2021", "in February",
"March 14") read as they are. The user's words are never rewritten: the date is only compared.

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
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from memcli.text import to_simplified

__all__ = ["When", "date_relation", "moved_back", "strip_dates", "when_from_text", "when_of", "when_to_text"]


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


_CN = {"零": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_EN_N = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
         "nine": 9, "ten": 10, "a couple of": 2, "a few": 3, "several": 3}
_MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december")
_MON = r"(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|" \
       r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_CNUM = r"(\d{1,2}|十[一二]?|[一二三四五六七八九十])"


def _cn(t: str) -> int:
    if t.isdigit():
        return int(t)
    if t.startswith("十"):
        return 10 + (_CN.get(t[1:], 0) if len(t) > 1 else 0)
    if len(t) == 2 and t[1] == "十":
        return _CN[t[0]] * 10
    return _CN.get(t, 0)


def _month_no(word: str) -> int:
    w = word.casefold()[:3]
    return next(i for i, m in enumerate(_MONTHS, 1) if m.startswith(w))


def _back_months(at: datetime, n: int) -> tuple[int, int]:
    y, m = divmod(at.year * 12 + at.month - 1 - n, 12)
    return y, m + 1


def _last_month_named(at: datetime, month: int, strict: bool) -> int:
    """The year of the last ``month`` on or before (``strict``: before) the said month."""
    return at.year if (month < at.month or (month == at.month and not strict)) else at.year - 1


# -- Chinese -------------------------------------------------------------------------------------
_ZH_REL_YEAR = {"今年": 0, "去年": 1, "前年": 2, "大前年": 3}
_ZH_REL_MONTH = {"这个月": 0, "本月": 0, "上个月": 1, "上月": 1, "上上个月": 2}
_ZH_DAY = {"今天": 0, "昨天": 1, "前天": 2, "大前天": 3}
_ZH = re.compile(
    r"(?P<y>(?:19|20)\d{2})年(?:" + _CNUM + r"月份?(?:" + _CNUM + r"[日号])?)?"
    r"|(?P<ry>大前年|前年|去年|今年)(?:" + _CNUM + r"月份?(?:" + _CNUM + r"[日号])?)?"
    r"|(?P<ny>\d+|[一二两三四五六七八九十]+)年(?:以)?前"
    r"|(?P<rm>上上个月|上个月|上月|这个月|本月)"
    r"|(?P<nm>\d+|[一二两三四五六七八九十]+)个月(?:以)?前"
    r"|(?P<rd>大前天|前天|昨天|今天)"
    r"|(?<![\d个一二三四五六七八九十])(?P<m>\d{1,2}|十[一二]?|[一二三四五六七八九十])月份?(?:(?P<md>\d{1,2}|[一二三四五六七八九十]+)[日号])?")


def _zh_when(m: re.Match[str], at: datetime) -> When | None:
    g = m.groupdict()
    nums = [x for x in m.groups() if x is not None]
    if g["y"]:
        rest = nums[1:]
        return When(int(g["y"]), _cn(rest[0]) if rest else None, _cn(rest[1]) if len(rest) > 1 else None)
    if g["ry"]:
        rest = nums[1:]
        return When(at.year - _ZH_REL_YEAR[g["ry"]], _cn(rest[0]) if rest else None,
                    _cn(rest[1]) if len(rest) > 1 else None, True)
    if g["ny"]:
        return When(at.year - _cn(g["ny"]), relative=True)
    if g["rm"]:
        return When(*_back_months(at, _ZH_REL_MONTH[g["rm"]]), relative=True)
    if g["nm"]:
        return When(*_back_months(at, _cn(g["nm"])), relative=True)
    if g["rd"]:
        d = at - timedelta(days=_ZH_DAY[g["rd"]])
        return When(d.year, d.month, d.day, True)
    month = _cn(g["m"])
    if not 1 <= month <= 12:
        return None
    return When(_last_month_named(at, month, False), month, _cn(g["md"]) if g["md"] else None, True, True)


# -- English -------------------------------------------------------------------------------------
_EN = re.compile(
    r"\b(?:(?P<md>" + _MON + r")\.? (?P<d>\d{1,2})(?:st|nd|rd|th)?(?:,? (?P<dy>(?:19|20)\d{2}))?"
    r"|(?P<d2>\d{1,2})(?:st|nd|rd|th)? of (?P<md2>" + _MON + r")(?:,? (?P<dy2>(?:19|20)\d{2}))?"
    r"|(?P<last>last|this) (?P<lm>" + _MON + r"|year|month|week|spring|summer|fall|autumn|winter)"
    r"|(?P<n>\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|a couple of|a few|several) "
    r"(?P<u>years?|months?|weeks?|days?) ago"
    r"|(?P<yd>yesterday|today|the day before yesterday)"
    r"|(?:in|of|since|back in|during) (?P<mo>" + _MON + r")(?: (?P<moy>(?:19|20)\d{2}))?"
    r"|(?P<y>(?:19|20)\d{2}))\b", re.I)


_SEASON_END = {"spring": 5, "summer": 8, "fall": 11, "autumn": 11, "winter": 2}


def _en_when(m: re.Match[str], at: datetime) -> When | None:
    g = m.groupdict()
    if g["md"] or g["md2"]:
        mon, day, year = _month_no(g["md"] or g["md2"]), int(g["d"] or g["d2"]), g["dy"] or g["dy2"]
        if not 1 <= day <= 31:
            return None
        if year:
            return When(int(year), mon, day)
        return When(_last_month_named(at, mon, False), mon, day, True, True)
    if g["last"]:
        back = g["last"].casefold() == "last"
        unit = g["lm"].casefold()
        if unit == "year":
            return When(at.year - back, relative=True)
        if unit == "month":
            return When(*_back_months(at, int(back)), relative=True)
        if unit in _SEASON_END:  # the last such season that ended before the said month (winter: its January)
            end = _SEASON_END[unit]
            year = at.year if (at.month > end or not back) else at.year - 1
            return When(year, relative=True)
        if unit == "week":
            d = at - timedelta(weeks=int(back))
            return When(d.year, d.month, relative=True) if d.month == at.month or back else None
        mon = _month_no(unit)
        return When(_last_month_named(at, mon, back), mon, relative=True)
    if g["n"]:
        n = int(g["n"]) if g["n"].isdigit() else _EN_N.get(g["n"].casefold(), 1)
        unit = g["u"].casefold().rstrip("s")
        if unit == "year":
            return When(at.year - n, relative=True)
        if unit == "month":
            return When(*_back_months(at, n), relative=True)
        d = at - timedelta(days=n * (7 if unit == "week" else 1))
        return When(d.year, d.month, d.day if unit == "day" else None, True)
    if g["yd"]:
        w = g["yd"].casefold()
        d = at - timedelta(days=0 if w == "today" else 1 if w == "yesterday" else 2)
        return When(d.year, d.month, d.day, True)
    if g["mo"]:
        mon = _month_no(g["mo"])
        if g["moy"]:
            return When(int(g["moy"]), mon)
        if g["mo"].casefold() == "may":  # "in may" is also the verb: only with a year
            return None
        return When(_last_month_named(at, mon, False), mon, relative=True, yearless=True)
    return When(int(g["y"]))


_HAN = re.compile(r"[\u4e00-\u9fff]")


@lru_cache(maxsize=16384)  # asked of every candidate (decide's _with_when) and of rows compared by date
def _matches(statement: str) -> tuple[bool, tuple[re.Match[str], ...]]:
    """Whether ``statement`` is Chinese, and the date phrases found in it (in its simplified text)."""
    zh = bool(_HAN.search(statement))
    text = to_simplified(statement) if zh else statement
    return zh, tuple((_ZH if zh else _EN).finditer(text))


def when_of(statement: str, said: datetime) -> When | None:
    """The date ``statement`` places its fact at, relative words resolved against ``said`` (an aware
    datetime: when the statement was said). None: no date, or two dates (a span: 2019年到2021年)."""
    zh, found = _matches(statement)
    whens = [w for w in ((_zh_when if zh else _en_when)(m, said) for m in found) if w is not None]
    return whens[0] if len(whens) == 1 else None


def moved_back(valid_from: datetime, said: datetime) -> When | None:
    """The date of a statement whose relative time an extractor read into its valid time and dropped
    from its words (the drain's 我去年考上了研究生 → 我考上了研究生, valid from a year before it was said):
    the valid time at the unit it was moved by (:func:`memcli.write.rules.match.resolve_ago` keeps the
    day of the month: whole years → the year, whole months → the month, else the day). None: not moved."""
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
    zh, found = _matches(statement)
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
    m = re.fullmatch(r"(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(~?)(\*?)", text)
    if m is None:
        return None
    return When(int(m[1]), int(m[2]) if m[2] else None, int(m[3]) if m[3] else None, bool(m[4]), bool(m[5]))
