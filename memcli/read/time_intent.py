"""The time a question asks about (round 39): a window relative to when it is asked, or the past.

Two readings of one question, both languages, regex and small word lists (no store, no model); the days a phrase
tells and the calendar arithmetic are :mod:`memcli.reltime`'s, shared with the write path's dates (round 40):

- :func:`relative_window`: a window named relative to the question's time ``ref`` (the ``as_of`` of the call, else
  now) — yesterday, the day before yesterday, today, tomorrow, the day after tomorrow, N days ago, last / this /
  next week, last weekend, last / this month, last year, (last) Monday … Sunday; 昨天 / 昨晚 / 前天 / 大前天 / 今天 /
  明天 / 后天 / 大后天 (each day word once, the longest: :data:`memcli.reltime.ZH_DAYS`), N天前, 上周 / 上个星期 /
  本周 / 这周 / 下周, (上)周末, 上个月 / 这个月 / 本月, 去年, (上)周一 … 周日 / 星期一 …, 上上 / 下下 two of them
  (上上个月, 下下周, 上上周三) … The window is ``[start,
  end)`` in UTC, of calendar days in the user's zone ``tz`` (``settings.timezone``), weeks from Monday. A weekday
  alone is the last such day before today ("What did I do on Monday?" asked on a Sunday: six days before); "last
  Monday" the last before yesterday (two to eight days back); "last weekend" / 上周末 the weekend of the week before,
  "over the weekend" / a bare 周末 the one just lived (round 41: :mod:`memcli.reltime`'s one meaning each). The
  retrieval reads it as it reads a date the question names (:mod:`memcli.read.said_when`): a memory said or
  dated in it (``valid_from``, ``event_when``) or a turn said in it ranks above the others, which keep
  :data:`memcli.read.said_when.OUTSIDE` of their score; and a hit in the window of a question about the user's
  own doings is an answer to it (:func:`memcli.read.past_facts.window_answers`). A habit, a fact with no date of
  its own, is no event of the window, wherever it was said. Round 42: :func:`month_window`, a month inside a year
  (2025年3月, 去年三月, 今年5月份), read before the year alone (去年).
- :func:`asks_past`: the question asks what held before, not what holds now — "What car did I have before?",
  "Where did I use to live?", "my previous job", "previously", "formerly"; 我以前开什么车, 我之前住在哪, 原来的
  工作, 曾经. "before" or 之前 after a thing of the day ("before work", 睡觉之前) is a routine's time, not the past;
  "before" in an English question counts only beside a past-tense verb (did, had, was, were, used). Such a
  question reaches the memories a later change ended (:mod:`memcli.read.past_facts`); any other question stays
  with what holds now.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, tzinfo

from memcli.numerals import zh_number
from memcli.read.suggest_words import ADVICE_EN, ASK_EN, ASK_ZH, CONSENT_ZH, WHETHER_ZH
from memcli.reltime import (
    EN_DAYS,
    EN_STEPS,
    EN_WEEKDAYS,
    ZH_DAYS,
    ZH_STEPS,
    ZH_WEEKDAYS,
    Told,
    recent_weekend,
    shift,
    told,
    weekday_before,
    weekday_last,
    weekday_of_week,
)

__all__ = ["asks_past", "habitual", "over_time", "relative_window", "routine_asked", "suggestion_asked", "told_when",
           "year_window"]


# (pattern, (unit, offset)): unit day / week / weekend / month / year; offset in units from the one holding ref
#: a day by its word (昨天, 大前天, "the day before yesterday"; memcli.reltime's), each read once, the longest first
_EN_DAY = re.compile(r"\b(?:" + "|".join(w.replace(" ", r"\s+") for w in sorted(EN_DAYS, key=len, reverse=True))
                     + r")\b", re.IGNORECASE)
_ZH_DAY = re.compile("|".join(sorted(ZH_DAYS, key=len, reverse=True)))
_EN = tuple((re.compile(p, re.IGNORECASE), v) for p, v in (
    (r"\blast\s+weekend\b", ("weekend", -1)),
    (r"\bover\s+the\s+weekend\b|\bthis\s+past\s+weekend\b", ("recent_weekend", 0)),
    (r"\bthis\s+weekend\b", ("weekend", 0)),
    (r"\blast\s+week\b|\bthe\s+week\s+before\b|\bthis\s+past\s+week\b|\bthe\s+past\s+week\b", ("week", -1)),
    (r"\bthis\s+week\b", ("week", 0)),
    (r"\bnext\s+week\b", ("week", 1)),
    (r"\blast\s+month\b|\bthe\s+past\s+month\b", ("month", -1)),
    (r"\bthis\s+month\b", ("month", 0)),
    (r"\bnext\s+month\b", ("month", 1)),
    (r"\blast\s+year\b", ("year", -1)),
))
_EN_AGO = re.compile(r"\b(\d{1,2}|a|one|two|three|four|five|six|seven|eight|nine|ten|couple of|few)\s+"
                     r"(days?|weeks?|months?)\s+ago\b", re.IGNORECASE)
_EN_WEEKDAY = re.compile(r"\b(?:(last|this|next)\s+|on\s+)(" + "|".join(EN_WEEKDAYS) + r")\b", re.IGNORECASE)
_ZH = tuple((re.compile(p), v) for p, v in (
    (r"上上(?:个)?(?:周末|礼拜天)", ("weekend", -2)),
    (r"(?<!上)上(?:个)?(?:周末|礼拜天)", ("weekend", -1)),
    (r"(?<![上下这本每])(?<![上下这本]个)周末", ("recent_weekend", 0)),  # (not 这个周末: this weekend, below)
    (r"(?:这|本)(?:个)?周末", ("weekend", 0)),
    (r"上上(?:个)?(?:周|星期|礼拜)(?![一二三四五六日天末])", ("week", -2)),
    (r"(?<!上)上(?:个)?(?:周|星期|礼拜)(?![一二三四五六日天末])", ("week", -1)),
    (r"(?:这|本)(?:个)?(?:周|星期|礼拜)(?![一二三四五六日天末])", ("week", 0)),
    (r"(?<!下)下(?:个)?(?:周|星期|礼拜)(?![一二三四五六日天末])", ("week", 1)),
    (r"下下(?:个)?(?:周|星期|礼拜)(?![一二三四五六日天末])", ("week", 2)),
    (r"上上(?:个)?月", ("month", -2)),
    (r"(?<!上)上(?:个)?月", ("month", -1)),
    (r"(?:这|本)(?:个)?月", ("month", 0)),
    (r"(?<!下)下(?:个)?月", ("month", 1)),
    (r"下下(?:个)?月", ("month", 2)),
    (r"去年", ("year", -1)),
))
_ZH_AGO = re.compile(r"(\d{1,2}|[一两二三四五六七八九十])(?:个)?(天|周|星期|礼拜|月)(?:以前|之前|前)")
_ZH_WEEKDAY = re.compile(r"(上上|上|这|本|下下|下)?(?:个)?(?:周|星期|礼拜)([一二三四五六日天])")

#: a day that recurs, said bare (a weekday, the weekend, with no last / 上 / this before it: nor 这个周末, round 43)
_ROUTINE_DAY = re.compile(r"(?<![上这本下])(?<![上这本下]个)(?:周|星期|礼拜)[一二三四五六日天末]|"
                          r"(?<!\blast\s)(?<!\bthis\s)(?<!\bnext\s)"
                          r"\b(?:on\s+)?(?:" + "|".join(EN_WEEKDAYS) + r")s?\b", re.IGNORECASE)
#: the past tense a bare weekday needs to name the last one ("What did I cook on Monday?", 我周一吃了什么)
_PAST_TENSE = re.compile(r"\b(?:did|was|were|had|went|got|made|saw|met)\b|\b\w+[^e\W]ed\b|了|过", re.IGNORECASE)
#: the past asked: English words that say it themselves, and "before" / "earlier" beside a past-tense verb
_PAST_EN = re.compile(r"\b(?:used\s+to|use\s+to|previously|formerly|in\s+the\s+past|back\s+then|"
                      r"(?:my|our)\s+(?:old(?!\s+(?:man|lady|woman|girl|boy|dear))|previous|former|ex)\b)",
                      re.IGNORECASE)
_BEFORE_EN = re.compile(r"\b(?:before|earlier|originally)\b", re.IGNORECASE)
_PAST_VERB_EN = re.compile(r"\b(?:did|had|was|were|used)\b", re.IGNORECASE)
#: a thing of the day or an event after "before" makes it a routine's time ("before work", "before bed")
_BEFORE_THING_EN = re.compile(r"\bbefore\s+(?:(?:going\s+to\s+)?(?:work|bed|breakfast|lunch|dinner|school|class|"
                              r"sleep|sleeping|running|training)|(?:a|the|my|our|each|every)\s+\w+)", re.IGNORECASE)
_PAST_ZH = re.compile(r"(?:^|[我们俺咱你，,])(?:以前|之前|原来|原先|从前|过去|曾经|早先|当初)|"
                      r"(?:以前|之前|原来|原先|从前|过去)(?:的|我|是)|上一(?:辆|个|份|套|任|家|只|部)|前任")
#: the past asked of a person by name or relation (阿伟以前做什么, 我表哥以前在哪上班, 小周原来是干嘛的: round 45): a
#: relation word or a given name of 小 / 老 / 阿 + one character right before the marker, or a two- or three-character
#: word jieba tags as a person's name
_PERSON_PAST_ZH = re.compile(r"([\u4e00-\u9fff]{1,4}?)(?:以前|之前|原来|原先|从前|过去|曾经|当初)(?!的时候)")


def _person_past_zh(question: str) -> bool:
    from memcli.slots import ZH_RELATIONS
    from memcli.text import pos_tags

    for m in _PERSON_PAST_ZH.finditer(question):
        head = question[:m.end(1)]
        if any(head.endswith(r) for r in ZH_RELATIONS if len(r) >= 2 or r in "哥姐弟妹爸妈") or re.fullmatch(
                r"(?:小|老|阿)[\u4e00-\u9fff]", head[-2:]):
            return True
        tags = pos_tags(head)
        if tags and tags[-1][1] in ("nr", "nrt") and len(tags[-1][0]) >= 2:
            return True
    return False


#: "before" a change of the user's life (我搬到上海之前, 去腾讯以前, 结婚之前: round 41), not before a thing of the day
#: (去上班之前, 睡觉之前, 吃饭以前: a routine's time)
_BEFORE_CHANGE_ZH = re.compile(r"(?:搬|跳槽|换|去|到|来|结婚|毕业|离开|辞职|入职|加入|退休|回国|出国)[^，,。？?]{0,10}?"
                               r"(?:之前|以前)")
_ROUTINE_BEFORE_ZH = re.compile(r"(?:上班|下班|上学|放学|睡觉|睡前|吃饭|早饭|午饭|晚饭|出门|回家|运动|跑步|锻炼|"
                                r"开会|上课)(?:之前|以前)")
#: a year named as a period ("in 2025", "during 2024", 2025年; not 2025年3月, a month, nor a bound: since, before,
#: after, 以前, 以来 …): round 41
_YEAR_EN = re.compile(r"\b(?:in|during|throughout|over)\s+((?:19|20)\d\d)\b(?!\s*-)", re.IGNORECASE)
_YEAR_ZH = re.compile(r"(?<![从自至到])((?:19|20)\d\d)\s*年"
                      r"(?!\s*[\d一二三四五六七八九十]+\s*月|[以之]?(?:前|后|来|起))")
#: the facts of a kind over the user's life asked ("Which cities have I lived in?", "What jobs have I had?", "Where
#: have I worked?", 我住过哪些城市, 我做过哪些工作, 我在哪些公司工作过): round 41
_OVER_TIME_EN = re.compile(r"\b(?:which|what)\s+[a-z]+(?:\s+[a-z]+)?\s+(?:have|had)\s+(?:i|we)\s+(?:ever\s+)?"
                           r"(?:lived|worked|had|owned|driven|studied|done|been)\b|\bwhere\s+(?:have|had)\s+(?:i|we)\s+"
                           r"(?:ever\s+)?(?:lived|worked|studied)\b|\ball\s+the\s+[a-z]+\s+(?:i|we)(?:'ve|\s+have)\s+"
                           r"(?:ever\s+)?(?:lived|worked|had|owned)\b", re.IGNORECASE)
_OVER_TIME_ZH = re.compile(r"[住做干待呆开养学读用]过(?:哪些|哪几|几)|"
                           r"(?:哪些|哪几)[^，,。？?]{0,6}?(?:住|工作|上班|待|呆|读|学|开)过")


def _local_midnight(dt: datetime, tz: tzinfo) -> datetime:
    return dt.astimezone(tz).replace(hour=0, minute=0, second=0, microsecond=0)


def _window(told: Told, day: datetime) -> tuple[datetime, datetime]:
    """``told``'s days as ``[start, end)`` in UTC, of local midnights (``day``: the local midnight of ``ref``)."""
    return ((day + timedelta(days=(told.start - day.date()).days)).astimezone(UTC),
            (day + timedelta(days=(told.end - day.date()).days)).astimezone(UTC))


def _span(unit: str, offset: int, ref: datetime, tz: tzinfo) -> tuple[datetime, datetime]:
    day = _local_midnight(ref, tz)  # (over the weekend, a bare 周末: the one just lived; reltime's meanings)
    return _window(recent_weekend(day.date()) if unit == "recent_weekend" else shift(unit, offset, day.date()), day)


def _weekday(which: str | None, wd: int, ref: datetime, tz: tzinfo) -> tuple[datetime, datetime]:
    day = _local_midnight(ref, tz)
    steps = EN_STEPS | ZH_STEPS
    # a weekday alone: the last such day before today; "last Monday": the last before yesterday (memcli.reltime)
    d = weekday_last(day.date(), wd) if which == "last" else weekday_of_week(
        day.date(), wd, steps[which]) if which else weekday_before(day.date(), wd)
    return _window(Told("day", d, d + timedelta(days=1), d), day)


def _told(phrase: str, ref: datetime, tz: tzinfo) -> tuple[datetime, datetime] | None:
    """A day word or a count back (昨天, 三天前, "two weeks ago": :func:`memcli.reltime.told`; a week counted back is
    the seven days around its day)."""
    day = _local_midnight(ref, tz)
    span = told(phrase, day.date())
    return _window(span, day) if span else None


def relative_window(question: str, ref: datetime, tz: tzinfo = UTC) -> tuple[datetime, datetime] | None:
    """The window ``[start, end)`` (UTC datetimes) ``question`` names relative to ``ref`` (an aware datetime: when it
    is asked), of calendar days in ``tz``; None when it names none or more than one (see the module doc)."""
    found: list[tuple[datetime, datetime]] = []
    zh = not question.isascii()
    for pattern, (unit, offset) in _ZH if zh else _EN:
        if pattern.search(question):
            found.append(_span(unit, offset, ref, tz))
    found += filter(None, (_told(m.group(0), ref, tz) for m in (_ZH_DAY if zh else _EN_DAY).finditer(question)))
    if zh:
        found += filter(None, (_told(m.group(0), ref, tz) for m in _ZH_AGO.finditer(question)))
        for m in _ZH_WEEKDAY.finditer(question):
            found.append(_weekday(m.group(1), ZH_WEEKDAYS.index(m.group(2).replace("天", "日")), ref, tz))
    else:
        found += filter(None, (_told(m.group(0), ref, tz) for m in _EN_AGO.finditer(question)))
        for m in _EN_WEEKDAY.finditer(question):
            which = m.group(1).casefold() if m.group(1) else None
            found.append(_weekday(which, EN_WEEKDAYS.index(m.group(2).casefold()), ref, tz))
    if found and _ROUTINE_DAY.search(question) and not _PAST_TENSE.search(question):
        return None  # 我周三晚上干嘛, "What do I do on Wednesday evenings?": a routine's day, no window
    spans = set(found)
    if len(spans) == 1:
        return found[0]
    # two readings of one phrase (前天 holds 天; 上周末 holds 周末): the narrowest inside all the others
    narrow = min(spans, key=lambda s: s[1] - s[0]) if spans else None
    if narrow and all(s[0] <= narrow[0] and narrow[1] <= s[1] for s in spans):
        return narrow
    return None


def asks_past(question: str) -> bool:
    """Whether ``question`` (simplified Chinese or other text) asks what held before rather than what holds now
    (see the module doc; 我搬到上海之前 … : before a change of the user's life, round 41)."""
    if not question.isascii():
        return _PAST_ZH.search(question) is not None or (_BEFORE_CHANGE_ZH.search(question) is not None
                                                         and _ROUTINE_BEFORE_ZH.search(question) is None) or (
            _ROUTINE_BEFORE_ZH.search(question) is None and _person_past_zh(question))
    if _PAST_EN.search(question):
        return True
    return (_BEFORE_EN.search(question) is not None and _PAST_VERB_EN.search(question) is not None
            and _BEFORE_THING_EN.search(question) is None)


#: a when-question about a thing the user did or had happen, asked in the past tense: the day it was told (the
#: memory's ``valid_from``, the turn's time) answers it, whatever the words hold ("When did I go to the dentist?"
#: by "I went to the dentist" said on Nov 16; 我什么时候搬到苏州的, 我哪天拔的牙)
_TOLD_WHEN_EN = re.compile(r"\b(?:when|what\s+day|which\s+day|what\s+date)\s+(?:did|was|were|had)\s+(?:i|we)\b|"
                           r"\bhow\s+long\s+ago\s+did\s+(?:i|we)\b", re.IGNORECASE)
_TOLD_WHEN_ZH = re.compile(r"我(?:们)?(?:是)?(?:什么时候|啥时候|哪天|哪一天|几号|几月几号)"
                           r"(?![^，,。？?]*(?:要|会|打算|准备|将))[^，,。？?]{0,16}?(?:的|了|过)")
#: a habit's words: a thing done as a rule, not an event of a day
_HABIT_WORDS = re.compile(r"\b(?:usually|always|normally|generally|typically|every|each\s+(?:day|morning|week)|"
                          r"most\s+(?:days|mornings|evenings))\b|平时|平常|一般|通常|每天|每周|每个|每晚|每次|总是|经常|常常",
                          re.IGNORECASE)


#: a day of the user's that recurs or that no telling dates (born, a birthday): its date is in the words
_OWN_DAY = re.compile(r"\b(?:born|birthday|anniversary)\b|出生|生日|纪念日", re.IGNORECASE)


def told_when(question: str) -> bool:
    """Whether ``question`` (simplified Chinese or other text) asks when the user did a thing, in the past tense
    (not when they were born: the day of telling is no birth date)."""
    q = question.strip()
    return (_TOLD_WHEN_ZH.search(q) if not q.isascii() else _TOLD_WHEN_EN.search(q)) is not None \
        and _OWN_DAY.search(q) is None


def year_window(question: str, tz: tzinfo = UTC) -> tuple[datetime, datetime] | None:
    """The calendar year ``question`` names as a period ("in 2025", "during 2024", 2025年: see :data:`_YEAR_EN`), as
    ``[start, end)`` in UTC of local midnights in ``tz``; None when it names none, or more than one year."""
    years = {int(m.group(1)) for m in (_YEAR_EN if question.isascii() else _YEAR_ZH).finditer(question)}
    if len(years) != 1:
        return None
    y = years.pop()
    return (datetime(y, 1, 1, tzinfo=tz).astimezone(UTC), datetime(y + 1, 1, 1, tzinfo=tz).astimezone(UTC))


#: a month inside a year (round 42): 2025年3月, 去年三月, 今年5月份, 前年十二月 — a period, not a day (2025年3月5号: a
#: date) nor a bound (三月以前, 3月以来)
_MONTH_ZH = re.compile(r"(?:((?:19|20)\d\d)\s*年|(前年|去年|今年))\s*(\d{1,2}|十[一二]?|[一二三四五六七八九])"
                       r"\s*月(?:份)?"
                       r"(?!\s*(?:\d|[一二三四五六七八九十])|[以之]?(?:前|后|来|起))")
_YEARS_BACK = {"前年": 2, "去年": 1, "今年": 0}


def month_window(question: str, ref: datetime, tz: tzinfo = UTC) -> tuple[datetime, datetime] | None:
    """The calendar month ``question`` (Chinese) names inside a year (2025年3月, 去年三月, 今年5月份: a year said or
    counted back from ``ref``, the question's time), as ``[start, end)`` in UTC of local midnights in ``tz``; None
    when it names none, more than one, or a month that is no month (13月) — round 42."""
    months: set[tuple[int, int]] = set()
    for m in _MONTH_ZH.finditer(question):
        year = int(m.group(1)) if m.group(1) else ref.astimezone(tz).year - _YEARS_BACK[m.group(2)]
        month = int(m.group(3)) if m.group(3).isdigit() else zh_number(m.group(3))
        if month is None or not 1 <= month <= 12:
            return None
        months.add((year, month))
    if len(months) != 1:
        return None
    y, mo = months.pop()
    end = (y + 1, 1) if mo == 12 else (y, mo + 1)
    return datetime(y, mo, 1, tzinfo=tz).astimezone(UTC), datetime(*end, 1, tzinfo=tz).astimezone(UTC)


def over_time(question: str) -> bool:
    """Whether ``question`` asks every fact of a kind over the user's life, ended ones too ("Which cities have I
    lived in?", 我住过哪些城市): round 41."""
    return (_OVER_TIME_EN if question.isascii() else _OVER_TIME_ZH).search(question) is not None


def habitual(kind: str | None, statement: str) -> bool:
    """Whether a memory (its ``kind``; an episode's is ``episode``) or a turn tells a habit, not an event."""
    return kind == "habit" or _HABIT_WORDS.search(statement) is not None


def routine_asked(question: str) -> bool:
    """Whether ``question`` asks after a routine (平时, 一般, usually, every): its time words name no window."""
    return _HABIT_WORDS.search(question) is not None or re.search(r"\bweekends\b|周末一般|每逢", question) is not None


#: a suggestion or a choice asked of the assistant (round 43): "What should I cook tonight?", "any ideas?", "can
#: you suggest …", 做什么好, 去哪玩比较好, 有什么推荐, 要不要 — what to do then, not what the user did or has
#: on then
_SUGGEST_EN = re.compile(rf"\b(?:should|shall|could|can)\s+(?:i|we)\b|\bany\s+(?:good\s+)?(?:{ADVICE_EN}|tips|"
                         rf"thoughts)\b|\b(?:{ASK_EN})\b|\bideas?\s+(?:for|of|on)\b|"
                         r"\b(?:what|where|how)\s+to\s+[a-z]|\bwhat(?:'s|\s+is|\s+would\s+be)\s+(?:a\s+)?good\b|"
                         r"\bhow\s+about\b", re.IGNORECASE)
_SUGGEST_ZH = re.compile(r"(?:什么|啥|哪|怎么)[^，,。.？?！!]{0,8}?(?:比较|最)?(?:好|合适)(?![像多几些])[呢吧啊]?\s*"
                         r"(?:[，,。.？?！!]|$)|比较好|"
                         rf"{ASK_ZH}|主意|好不好|行不行|{WHETHER_ZH}|应该|(?<!应)该(?=[\u4e00-\u9fff])|{CONSENT_ZH}|怎么办")


def suggestion_asked(question: str) -> bool:
    """Whether ``question`` (simplified Chinese or other text) asks the assistant for a suggestion or a choice
    (see :data:`_SUGGEST_EN`): a time word in it says when the thing is to be done, it asks nothing of that time."""
    return (_SUGGEST_EN if question.isascii() else _SUGGEST_ZH).search(question.replace("’", "'")) is not None
