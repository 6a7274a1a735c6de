"""More windows a question names, and the question of how long (round 48), both languages.

:mod:`memcli.read.time_intent` reads the windows named relative to the question's time (yesterday, last week,
上个月 …) and a month inside a year; this module reads the periods it left, with the same shape (``[start, end)``
in UTC, of calendar days in the user's zone ``tz``) and the same use (:func:`memcli.read.past_facts.asked_window`):

- :func:`named_month`: a month by its name alone, asked in the past ("What did I do in October?", "What happened
  in March?", 我十月份做了什么, 3月发生了什么): the last such month begun by the question's time ``ref`` (asked in
  February, "in October" is last year's). Not a date (October 5, 十月五号), not a month of a year ("October 2025",
  2025年10月: :mod:`memcli.read.said_when`, :func:`memcli.read.time_intent.month_window`), not a bound ("before
  October", 十月以前), not a count (三个月), and not in a question of the present or the future ("What do I do in
  October?", 我十月份要去哪: a routine, a plan).
- :func:`this_year`: "this year" / 今年, asked in the past ("What did I learn this year?", 今年我做了什么): from the
  year's first day to the end of ``ref``'s day. A question of the present (今年多大, "Where do I work this year?")
  names no window: what holds now answers it.
- :func:`recent`: "recently", "lately", "these past weeks", 最近, 近来, 近期, 这段时间, 这阵子: the
  :data:`RECENT_DAYS` days up to the end of ``ref``'s day. The caller reads it only for a question of the user's
  doings or changes (:func:`memcli.read.past_facts.activity_asked`: "What have I been up to lately?", 最近有什么
  变化): "What am I reading lately?" asks a state, which the current fact answers however long it has held, and
  so does a question of what goes on these days (我最近早上都在干什么: a routine, not the last weeks' events).
- :func:`duration_asked`: the question asks how long a thing of the user's has held or since when ("How long have
  I been doing pottery?", "Since when do I live here?", "How long did I live in Porto?", 吉他学了多久, 我在杭州住了
  几年了, 我从什么时候开始跑步的): the memory of the thing answers with its valid time (the block shows "since …" or
  "from … to …"), whatever number its words hold or lack. Not how often (多久一次, "how often"), nor a length of
  a thing ("How long is my commute?", "How long do I sleep?", 活动持续了多久, 路上花了多久).
- :func:`happened`: whether a memory told in a window is a thing that happened then, for a question of the user's
  doings ("What did I do in May?", 最近有什么变化): an event (kind ``other``), or a standing fact (an identity, a
  relationship, a health fact, a liking) whose words tell a deed or a change ("I moved to Bristol", "I got
  married", 我换了工作, "now I work as …"); not one merely told then ("I'm allergic to peanuts", 我喜欢吃辣, "My
  sister is called Ana": it held before the telling) and never a habit.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, tzinfo

from memcli.en_past import en_irregular_past_rx
from memcli.numerals import zh_number
from memcli.reltime import EN_MONTHS

__all__ = ["RECENT_DAYS", "duration_asked", "happened", "named_month", "recent", "this_year"]

#: the days "recently" / 最近 reaches back, the question's day included (a month: what a user calls recent news)
RECENT_DAYS = 30

#: a question asked in the past tense (or the perfect: "have I done", "what happened"); Chinese 了 / 过
_PAST = re.compile(r"\b(?:did|was|were|had|went|got|made|saw|met|happened|changed|been|done)\b|\b\w+[^e\W]ed\b|"
                   r"了|过", re.IGNORECASE)
_EN_MONTH = re.compile(r"\b(?:(in|during|over|through|throughout|since|before|after|until|till|by)\s+)?"
                       r"(?:the\s+month\s+of\s+)?(" + "|".join(EN_MONTHS) + r")\b(?!\s*(?:\d|,?\s*(?:19|20)\d\d))",
                       re.IGNORECASE)
_BOUND_EN = frozenset({"since", "before", "after", "until", "till", "by"})
#: a month alone: not of a year said before it (年 or 去年), not a date (十月五号), not a bound (十月以前)
_ZH_MONTH = re.compile(r"(?<![\d年一二三四五六七八九十个这上下本每])(1[0-2]|[1-9]|十[一二]?|[一二三四五六七八九])"
                       r"\s*月(?:份)?"
                       r"(?!\s*(?:\d|[一二三四五六七八九十初底中])|[以之]?(?:前|后|来|起|开始))")
_THIS_YEAR = re.compile(r"\bthis\s+year\b|\bso\s+far\s+this\s+year\b|(?<![明去前])今年(?![\d一二三四五六七八九十]+月)",
                        re.IGNORECASE)
_RECENT = re.compile(r"\b(?:recently|lately|of\s+late|these\s+past\s+(?:few\s+)?weeks|the\s+past\s+few\s+weeks|"
                     r"the\s+last\s+few\s+weeks)\b|最近|近来|近期|这段时间|这阵子|这些天|这几天|这段日子",
                     re.IGNORECASE)
#: a question of what goes on these days (我最近早上都在干什么, "What am I doing lately?"): a routine or a state, which
#: a habit or a fact begun before answers as well as a thing of the last weeks
_ONGOING = re.compile(r"\b(?:am|are)\s+(?:i|we)\b|\bdo\s+(?:i|we)\b|"
                      r"(?<![现存])在(?:干|忙|做|学|玩|练|看|读|弄|搞|吃|用)|正在", re.IGNORECASE)
_DURATION_EN = re.compile(r"\bhow\s+long\s+(?:have|has|had)\s+(?:i|we|my\s+\w+)\b|"
                          r"\bhow\s+long\s+did\s+(?:i|we)\s+(?!\w+\s+(?:for|to)\b)|"
                          r"\bhow\s+many\s+(?:years|months|weeks|days)\s+(?:have|has|did)\s+(?:i|we)\b|"
                          r"\bsince\s+when\b|\bfor\s+how\s+long\s+(?:have|has|did)\s+(?:i|we)\b", re.IGNORECASE)
_DURATION_ZH = re.compile(r"(?<!好)(?:多久|多长时间|多少年|几年|多少个?月|几个月)了|"
                          r"(?<!持续|进行|延续|历时)(?<![花用耗等])[了过](?:多久|多长时间|多少年|几年|几个月)(?!一次)")
#: since when, asked of the user (我从什么时候开始跑步的; not 第一次世界大战是哪年开始的, a world question)
_SINCE_ZH = re.compile(r"(?:什么时候|啥时候|哪年|哪一年|几时)(?:开始|起)|从(?:什么时候|啥时候|哪年|哪一年)")
_USER_ZH = re.compile(r"我|咱")


def _local_day(ref: datetime, tz: tzinfo) -> datetime:
    return ref.astimezone(tz).replace(hour=0, minute=0, second=0, microsecond=0)


def _month_span(year: int, month: int, tz: tzinfo) -> tuple[datetime, datetime]:
    end = (year + 1, 1) if month == 12 else (year, month + 1)
    return datetime(year, month, 1, tzinfo=tz).astimezone(UTC), datetime(*end, 1, tzinfo=tz).astimezone(UTC)


def named_month(question: str, ref: datetime, tz: tzinfo = UTC) -> tuple[datetime, datetime] | None:
    """The month ``question`` names alone, asked in the past (see the module doc), as ``[start, end)`` in UTC of
    local midnights in ``tz``: the last such month begun by ``ref`` (aware: when it is asked). None when it names
    none, more than one, a date or a bound, or asks in the present or the future."""
    if not _PAST.search(question):
        return None
    months: set[int] = set()
    if question.isascii():
        for m in _EN_MONTH.finditer(question):
            word = m.group(2).casefold()
            if word == "may" and not m.group(1):
                continue  # "may" the verb ("May I …", "what may I have done")
            if (m.group(1) or "").casefold() in _BOUND_EN:
                return None
            months.add(EN_MONTHS.index(word) + 1)
    else:
        for m in _ZH_MONTH.finditer(question):
            n = int(m.group(1)) if m.group(1).isdigit() else zh_number(m.group(1))
            if n is None or not 1 <= n <= 12:
                return None
            months.add(n)
    if len(months) != 1:
        return None
    month, local = months.pop(), ref.astimezone(tz)
    year = local.year if month <= local.month else local.year - 1
    return _month_span(year, month, tz)


def this_year(question: str, ref: datetime, tz: tzinfo = UTC) -> tuple[datetime, datetime] | None:
    """"this year" / 今年 asked in the past (see the module doc): ``[1 January, the day after ref's)`` in UTC of
    local midnights in ``tz``; None when not named or asked in the present."""
    if not _THIS_YEAR.search(question) or not _PAST.search(question):
        return None
    day = _local_day(ref, tz)
    return datetime(day.year, 1, 1, tzinfo=tz).astimezone(UTC), (day + timedelta(days=1)).astimezone(UTC)


def recent(question: str, ref: datetime, tz: tzinfo = UTC) -> tuple[datetime, datetime] | None:
    """"recently" / 最近 … (see the module doc): the :data:`RECENT_DAYS` local days up to ``ref``'s, as ``[start,
    end)`` in UTC; None when ``question`` says no such word."""
    if not _RECENT.search(question) or _ONGOING.search(question):
        return None
    day = _local_day(ref, tz)
    return ((day - timedelta(days=RECENT_DAYS - 1)).astimezone(UTC), (day + timedelta(days=1)).astimezone(UTC))


def duration_asked(question: str) -> bool:
    """Whether ``question`` (simplified Chinese or other text) asks how long a thing of the user's has held, or
    since when (see the module doc)."""
    q = question.strip()
    if q.isascii():
        return _DURATION_EN.search(q) is not None
    return "多久一次" not in q and (_DURATION_ZH.search(q) is not None or (
        _SINCE_ZH.search(q) is not None and _USER_ZH.search(q) is not None))


_DEED_EN = re.compile(rf"\b(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|recently\s+|also\s+)?"
                      rf"(?:[a-z]+[^e\W]ed|{en_irregular_past_rx()}|started|moved|changed|switched|been)\b|"
                      r"\b(?:now|no\s+longer|any\s*more|new)\b", re.IGNORECASE)
_DEED_ZH = re.compile(r"了|过|开始|搬|换|改|新|刚|现在|不再|已经")


def happened(kind: str | None, statement: str) -> bool:
    """Whether a memory (its ``kind``, ``statement``) told in a window is a thing that happened then (see the module
    doc)."""
    if kind == "habit":
        return False
    if kind == "other":
        return True
    return (_DEED_EN if statement.isascii() else _DEED_ZH).search(statement) is not None
