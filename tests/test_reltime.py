"""memcli.reltime: the day or window a relative-time phrase tells, both languages (round 40). Pure; the reference
day is Wednesday 2026-03-04 unless a case says otherwise."""

from __future__ import annotations

from datetime import date

import pytest

from memcli.reltime import (
    months_back,
    shift,
    told,
    weekday_before,
    weekday_of_week,
    weekday_on_or_after,
    weekday_on_or_before,
)

REF = date(2026, 3, 4)  # a Wednesday


@pytest.mark.parametrize(("phrase", "unit", "start", "end"), [
    ("大前天", "day", "2026-03-01", "2026-03-02"),
    ("昨晚", "day", "2026-03-03", "2026-03-04"),
    ("后天", "day", "2026-03-06", "2026-03-07"),
    ("The day  before yesterday", "day", "2026-03-02", "2026-03-03"),
    ("tonight", "day", "2026-03-04", "2026-03-05"),
    ("上上周", "week", "2026-02-16", "2026-02-23"),
    ("下个星期", "week", "2026-03-09", "2026-03-16"),
    ("上周末", "weekend", "2026-02-28", "2026-03-02"),
    ("next weekend", "weekend", "2026-03-14", "2026-03-16"),
    ("上个月", "month", "2026-02-01", "2026-03-01"),
    ("下下个月", "month", "2026-05-01", "2026-06-01"),
    ("last month", "month", "2026-02-01", "2026-03-01"),
    ("前年", "year", "2024-01-01", "2025-01-01"),
    ("next year", "year", "2027-01-01", "2028-01-01"),
    ("上周日", "day", "2026-03-01", "2026-03-02"),
    ("下个礼拜一", "day", "2026-03-09", "2026-03-10"),
    ("this Friday", "day", "2026-03-06", "2026-03-07"),
    ("last Tuesday", "day", "2026-02-24", "2026-02-25"),
    ("十天前", "day", "2026-02-22", "2026-02-23"),
    ("两个星期前", "week", "2026-02-15", "2026-02-22"),
    ("三个月以前", "month", "2025-12-01", "2026-01-01"),
    ("二十年前", "year", "2006-01-01", "2007-01-01"),
    ("a couple of weeks ago", "week", "2026-02-15", "2026-02-22"),
    ("eleven days ago", "day", "2026-02-21", "2026-02-22"),
    ("4 months ago", "month", "2025-11-01", "2025-12-01"),
])
def test_told_reads_a_phrase(phrase: str, unit: str, start: str, end: str) -> None:
    span = told(phrase, REF)
    assert span is not None
    assert (span.unit, span.start.isoformat(), span.end.isoformat()) == (unit, start, end)


@pytest.mark.parametrize("phrase", ["周三", "周末", "月", "on Friday", "每周", "上班", "yesterday morning", "last time",
                                    "几天前"])
def test_told_reads_nothing_else(phrase: str) -> None:
    assert told(phrase, REF) is None  # (a bare weekday's day is its caller's tense: weekday_before / …on_or_after)


def test_the_day_counted_keeps_the_day_of_the_month_where_it_can() -> None:
    assert told("上个月", date(2026, 3, 31)).day == date(2026, 2, 28)  # type: ignore[union-attr]
    assert told("去年", date(2024, 2, 29)).day == date(2023, 2, 28)  # type: ignore[union-attr]
    assert shift("week", -1, REF).day == date(2026, 2, 25)


def test_weekday_arithmetic() -> None:
    monday = date(2026, 3, 2)
    assert weekday_before(monday, 0) == date(2026, 2, 23)  # a week back, never the day itself
    assert weekday_before(REF, 0) == monday
    assert weekday_on_or_after(REF, 2) == REF and weekday_on_or_after(REF, 1) == date(2026, 3, 10)
    assert weekday_on_or_before(REF, 2) == REF and weekday_on_or_before(REF, 3) == date(2026, 2, 26)
    assert weekday_of_week(REF, 6, -2) == date(2026, 2, 22)
    assert months_back(2026, 1, 1) == (2025, 12) and months_back(2026, 11, -3) == (2027, 2)


def test_a_count_past_the_calendar_raises_for_the_caller() -> None:
    with pytest.raises(OverflowError):
        told("99999999999 days ago", REF)
    with pytest.raises(ValueError):
        shift("fortnight", 1, REF)
