"""Chinese written dates read into valid time (round 47), the way :mod:`memcli.write.rules.en_told_date` reads
"in June 2018": one reader of when a told fact began, as ``(unit, n)`` for :func:`memcli.reltime.moved_back`.

A date written as one (a year, a month) stays in the statement (:func:`date_kept`); one counted from the turn (去年三月)
goes to valid time only, as the relative words do.

- a year told, in digits or Chinese (2023年3月, 二〇二二年, 2021年5月12号, 2020年底, 2019年夏天): ``("on_date",
  yyyymmdd)``; its first day when no finer part is said;
- a year counted from the turn (今年 / 去年 / 前年 / 大前年) with a finer part (去年三月中旬, 前年冬天, 去年年底,
  今年上半年): ``("day_in_year", years back × 10000 + month × 100 + day)``;
- a month of no year said (三月, 3月份, 三月中旬, 5月12号) in a clause told as done (了, 过, 的 at its end): the last
  such day on or before the turn, ``("month_day", month × 100 + day)``, when 过 / 已经 / 的 say it is past; else
  (了 also tells what will have happened: 九月我女儿就上初中了) that day when it is nearer the turn than the next one
  is, ``("near_month_day", …)``.

A part of a month is its first day (初, 上旬), its 11th (中旬), its 21st (下旬); 底 / 末 its 25th; a season its first
month (春 3, 夏 6, 秋 9, 冬 12 — 去年冬天: the winter that began last year). Not read, so left in the clause: a date
that is the fact's own value (a birth, a birthday, an anniversary, a deadline: 我儿子2019年出生, 合同2027年到期), a
recurring one (每年三月), and a month with no year in a clause not told as done (我十月去日本: ahead or a habit).
Pure functions of the clause; the turn's time is applied by the caller (:func:`memcli.write.rules.match.resolve_ago`).
"""

from __future__ import annotations

import re

from memcli.numerals import zh_number

__all__ = ["date_kept", "told_zh_date", "without_date"]

_CN = "〇零一二三四五六七八九"
_YEAR = rf"(?P<year>(?:19|20)\d{{2}}|[一二][{_CN}]{{3}})年"
_MONTH = r"(?P<month>1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])月份?"
_DAY = r"(?P<day>3[01]|[12]\d|0?[1-9]|三十一?|二?十[一二三四五六七八九]?|[一二三四五六七八九])[日号]"
_PART = r"(?P<part>上旬|中旬|下旬|初|底|末)"
_SEASON = r"(?P<season>[春夏秋冬])(?:天|季)"
_HALF = r"(?P<half>上半年|下半年|年初|年底|年末|初|底|末)"
_FINER = rf"(?:{_MONTH}(?:{_DAY}|{_PART})?|{_SEASON}|{_HALF})"

_ABSOLUTE = re.compile(rf"{_YEAR}(?:{_FINER})?(?:的时候|那会儿?|时)?")
_COUNTED = re.compile(rf"(?P<back>今年|去年|前年|大前年)(?:的)?{_FINER}(?:的时候|那会儿?|时)?")
_BARE = re.compile(rf"(?<![\d年月一二三四五六七八九十〇零])(?:{_MONTH}(?:{_DAY}|{_PART})?)(?:的时候|那会儿?|时)?")

_BACK = {"今年": 0, "去年": 1, "前年": 2, "大前年": 3}
_SEASONS = {"春": 3, "夏": 6, "秋": 9, "冬": 12}
_PART_DAY = {"上旬": 1, "初": 1, "中旬": 11, "下旬": 21, "底": 25, "末": 25}
_HALF_DAY = {"上半年": 101, "年初": 101, "初": 101, "下半年": 701, "年底": 1201, "年末": 1201, "底": 1201, "末": 1201}

#: a date that is the fact's value, not when it began: a birth or birthday, a graduation (its year is the schooling's
#: value: education), an anniversary, an end or a deadline
_VALUE_DATE = re.compile(r"出生|生日|生于|出世|生的|诞辰|毕业|纪念日|到期|过期|截止|期限|有效期|为止|"
                         r"属[鼠牛虎兔龙蛇马羊猴鸡狗猪]")
#: a recurring date (每年三月, 每个月5号): a habit's time, no start
_RECURRING = re.compile(r"每(?:年|个?月)$")
#: a clause told as past for certain: 过, 已经, a 是…的 / closing 的
_PAST = re.compile(r"过|已经|的[啊呀呢哦嘛吧啦～~\s。！!]*$")
#: after a date, what makes it a thing's or the value itself: 的 before a noun (5月12号的机票), nothing left, the
#: end of a span (2019年到2022年: when the fact held, not only when it began — left in the clause), or an hour
#: (十二月三号下午两点的: a ticket's or an appointment's time)
_VALUE_AFTER = re.compile(r"的(?!时候)|[啊呀呢哦嘛吧啦～~\s。！!]*$|(?:到|至|-|—|~|～)(?:\d|[一二]〇|今年|去年|现在)|"
                          r"(?:早上|上午|中午|下午|晚上|傍晚|凌晨|早|晚)?[\d一二三四五六七八九十两]{1,3}(?:点|:|：)")
#: a clause told as done: a date of no year is then in the past
_DONE = re.compile(r"(?<![为除罢])了|过|的[啊呀呢哦嘛吧啦～~\s。！!]*$|已经|刚刚?")


def _month_day(m: re.Match[str]) -> int:
    """month × 100 + day of a match of :data:`_FINER` (a month, its day or part; a season; a half of the year)."""
    g = m.groupdict()
    if g.get("half"):
        return _HALF_DAY[g["half"]]
    if g.get("season"):
        return _SEASONS[g["season"]] * 100 + 1
    month = int(m["month"]) if m["month"].isdigit() else zh_number(m["month"]) or 1
    if m["day"]:
        day = int(m["day"]) if m["day"].isdigit() else zh_number(m["day"]) or 1
    else:
        day = _PART_DAY.get(m["part"] or "", 1)
    return month * 100 + day


def told_zh_date(clause: str) -> tuple[tuple[str, int], int, int] | None:
    """``((unit, n), start, end)``: the first date told in ``clause`` as :func:`memcli.reltime.moved_back` reads
    it, and where its words stand (with a 在 / 于 before them; see the module doc); None when no date is told, or
    the date is the fact's value, recurring, or (a month of no year) in a clause not told as done."""
    if _VALUE_DATE.search(clause):
        return None
    for rx, kind in ((_ABSOLUTE, "on_date"), (_COUNTED, "day_in_year"), (_BARE, "month_day")):
        m = rx.search(clause)
        if m is None or _RECURRING.search(clause, 0, m.start()) or _VALUE_AFTER.match(clause, m.end()):
            continue  # (每年三月; 5月12号的机票, 我的车是2019年的: the date of a thing, or the value itself)
        if kind == "on_date":
            year = int(m["year"]) if m["year"].isdigit() else zh_number(m["year"]) or 0
            n = year * 10000 + (_month_day(m) if m["month"] or m["season"] or m["half"] else 101)
        elif kind == "day_in_year":
            if m["back"] == "今年" and not _DONE.search(clause):
                continue  # 今年十月去日本: ahead, or said of a plan
            n = _BACK[m["back"]] * 10000 + _month_day(m)
        else:
            if not _DONE.search(clause):
                continue  # 我十月去日本: ahead, or a habit's month
            n = _month_day(m)
            kind = "month_day" if _PAST.search(clause) else "near_month_day"
        start = m.start() - 1 if m.start() and clause[m.start() - 1] in "在于" else m.start()  # 在2019年: its 在
        return (kind, n), start, m.end()
    return None


def without_date(clause: str, start: int, end: int) -> str:
    """``clause`` without the date at ``clause[start:end]``, and without the 是 … 的 that put it in focus (我是2018年
    开始学钢琴的 → 我开始学钢琴; 我是去年三月搬到杭州的 → 我搬到杭州)."""
    head, tail = clause[:start], clause[end:]
    if head.endswith("是") and (cleft := re.search(r"的([。！!～~]*)$", tail)):
        head, tail = head[:-1], tail[:cleft.start()] + cleft.group(1)
    return re.sub(r"^(?:的时候|时)", "", (head + tail).strip("，, "))


def date_kept(clause: str, statement: str) -> str:
    """``statement``, a fact read from ``clause`` with its date cut, with the date said again when it is written as a
    date (2023年3月, 二〇二二年, 三月中旬: it does not go stale as 去年 does, a question of when finds it in the words,
    and a month read as ahead of the turn is not lost): ``clause`` itself when the statement is the clause without
    its date; the date put back before the words that followed it when the statement holds those (a subject carried
    from the clause before: …，十一月九号早上的 → 我十一月九号早上的); ``statement`` otherwise (去年三月, 前年冬天:
    counted from the turn, valid time only)."""
    told = told_zh_date(clause)
    if told is None or told[0][0] == "day_in_year" or clause[told[1]:told[2]] in statement:
        return statement
    if without_date(clause, told[1], told[2]) == statement:
        return clause
    tail = clause[told[2]:].strip("，, ")
    return statement.replace(tail, clause[told[1]:told[2]] + tail, 1) if len(tail) >= 2 and tail in statement else \
        statement
