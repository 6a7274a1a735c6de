"""A birthday told by a day counted from the turn (下个月12号是小敏生日, 我妈生日是后天, 下周三是我老公的生日).

The rules read a birthday said with its calendar day (小敏的生日是12月12号) and set aside a clause that
names a coming day (下个月, 明天, 下周: memory is not a calendar). A birthday is not a plan: it comes back
every year, and the coming day the user counts from the turn *is* its calendar day. :func:`dated_birthdays`
rewrites such a clause as the rules read it, ``<who>的生日是<M>月<D>号``, with the day counted from the
time of the turn; the clause said date first (12月12号是小敏的生日) is rewritten the same way.

The day: 今天 / 明天 / 后天 / 大后天; (这个月 / 本月 / 下个月 / 下下个月)?(M月)?D号; (这 / 本 / 下)?周X; a
day of the month alone (12号) is the next such day (this month's when it has not passed). Whose: 我, 我 +
a relation (我妈, 我老公的), or a name of two or three characters. "今天是我的生日" stays the rules' own
reading (memcli.write.extract dates it). Chinese only; pure functions over text and a datetime.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from memcli.numerals import zh_number
from memcli.reltime import ZH_DAYS, ZH_STEPS, ZH_WEEKDAYS, months_back, weekday_of_week

__all__ = ["dated_birthdays"]

_N = r"\d{1,2}|[一二两三四五六七八九十]{1,3}"
_REL = r"今天|明天|后天|大后天|这个月|本月|下下个月|下个月|下月"
_DAY = (rf"(?P<rel>{_REL})?(?:(?P<m>{_N})月)?(?:(?P<d>{_N})(?:号|日))?"
        r"|(?P<wk>下个?|这个?|本)?(?:周|星期|礼拜)(?P<wd>[一二三四五六日天])")
_WHO = r"(?P<who>我的?|我[\u4e00-\u9fff]{1,4}?的?|[\u4e00-\u9fff]{2,3}?的?)"
_END = r"(?=[，,。.！!？?~～；;\s]|了|$)"
_START = r"(?:^|(?<=[，,。！!；;\s]))"
_DAY_FIRST = re.compile(rf"{_START}(?:每年的?)?(?:{_DAY})(?:就|正好|刚好)?是{_WHO}(?:生日|生辰){_END}")
_DAY_AFTER = re.compile(rf"{_START}{_WHO}(?:生日|生辰)(?:就|正好|刚好)?(?:是|在)(?:在)?(?:{_DAY}){_END}")
_NOT_WHO = re.compile(r"^(?:他|她|它|这|那|谁|哪|你|什么|今天|明天|后天|每年|每个|去年|今年|明年)")


def _digit(s: str, default: int) -> int:
    """One Chinese digit's value (:func:`memcli.numerals.zh_number`), else ``default``."""
    v = zh_number(s) if len(s) == 1 and s != "十" else None
    return default if v is None else v


def _number(s: str) -> int:
    """A day or month in digits or Chinese (十二, 二十三, 两); 0 for a run of digits (一二: no day)."""
    if s.isdigit():
        return int(s)
    if "十" in s:
        tens, _, ones = s.partition("十")
        return _digit(tens, 1) * 10 + _digit(ones, 0)
    return _digit(s, 0)


def _day(m: re.Match[str], at: datetime) -> date | None:
    """The calendar day ``m``'s day expression names, counted from ``at`` (None: it names no day)."""
    rel, month, day = m.group("rel"), m.group("m"), m.group("d")
    if m.group("wd"):  # 周三, 这周三: this week's; 下周三: next week's
        wd = ZH_WEEKDAYS.index(m.group("wd").replace("天", "日"))
        return weekday_of_week(at.date(), wd, 1 if (m.group("wk") or "").startswith("下") else 0)
    if rel in ZH_DAYS and not month and not day:
        return at.date() + timedelta(days=ZH_DAYS[rel])
    if not day or rel in ZH_DAYS or (rel and month):
        return None
    d = _number(day)
    if month:
        mo, y = _number(month), at.year
    else:
        y, mo = months_back(at.year, at.month, -ZH_STEPS[rel.removesuffix("月").removesuffix("个")] if rel else 0)
        if not rel and d < at.day:  # 12号 after the 12th: next month's
            y, mo = months_back(y, mo, -1)
    try:
        return date(y, mo, d)
    except ValueError:
        return None


def _rewrite(m: re.Match[str], at: datetime) -> str:
    who = m.group("who").removesuffix("的")
    if _NOT_WHO.match(who) or (who == "我" and m.group("rel") == "今天" and not m.group("d")):
        return m.group(0)
    when = _day(m, at)
    if when is None:
        return m.group(0)
    return f"{who}的生日是{when.month}月{when.day}号"


def dated_birthdays(text: str, at: datetime) -> str:
    """``text`` (simplified Chinese) with each birthday told by a coming day (下个月12号是小敏生日) or date
    first (12月12号是小敏的生日) rewritten as ``<who>的生日是<M>月<D>号``, the day counted from ``at`` (the
    turn's time). Text without such a clause comes back unchanged."""
    if "生日" not in text and "生辰" not in text:
        return text
    text = _DAY_FIRST.sub(lambda m: _rewrite(m, at), text)
    return _DAY_AFTER.sub(lambda m: _rewrite(m, at) if (m.group("rel") or m.group("wd")) else m.group(0), text)
