"""Dates of what is to come (plans, appointments): a statement about the future reads a month or day
named without its year, and a weekday, forward from the time it was said (the next one on or after
the said day); day-level relative words (tomorrow, 后天, next Monday, 下周五) resolve to their day; the
past reads as before. Checked on the parser, and on a real drain into a real store. Sentences
written for this test; said on Wednesday 2026-11-25."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.write.pair_dates import when_of

AT = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)  # a Wednesday


@pytest.mark.parametrize(("statement", "date"), [
    # a yearless month or day, told of the future: the next one
    ("We're moving to Austin in March", "2027-03"),
    ("My exam is on December 3rd", "2026-12-03"),
    ("I will start at the bakery in February", "2027-02"),
    ("She's going to run the Boston marathon on April 20th", "2027-04-20"),
    ("I'm flying home on November 22nd", "2027-11-22"),  # three days gone: next year's
    ("我们三月份要搬到杭州", "2027-03"),
    ("我打算十二月十号请假", "2026-12-10"),
    # … told of the past: the last one, as before
    ("I moved to Austin in March", "2026-03"),
    ("We adopted a kitten on October 2nd", "2026-10-02"),
    ("She's lived in Lisbon since March", "2026-03"),
    ("我三月份搬到了杭州", "2026-03"),
    # day-level relative words: that day
    ("I have a dentist appointment tomorrow", "2026-11-26"),
    ("The plumber comes the day after tomorrow", "2026-11-27"),
    ("I have a job interview next Monday", "2026-11-30"),
    ("Next Friday is my sister's recital", "2026-12-04"),  # the Friday of next week
    ("I'm meeting the landlord on Monday", "2026-11-30"),
    ("My flight leaves this Friday", "2026-11-27"),
    ("We finally signed the lease this Monday", "2026-11-23"),  # this week's Monday: gone already
    ("I saw the optician on Monday", "2026-11-23"),  # past tense: the Monday before
    ("I finally called my aunt last Thursday", "2026-11-19"),
    ("我明天去机场接我妈", "2026-11-26"),
    ("我后天要交论文", "2026-11-27"),
    ("我下周五去面试", "2026-12-04"),
    ("我下下周三去上海开会", "2026-12-09"),
    ("我上上周五体检了", "2026-11-13"),
    ("我下个月去成都出差", "2026-12"),
    ("我周六约了牙医", "2026-11-28"),
    ("我这周日要加班", "2026-11-29"),
    ("我上周五面试了", "2026-11-20"),
    ("我周一去了医院", "2026-11-23"),
    ("我明年要考驾照", "2027"),
    ("我们明年五月结婚", "2027-05"),
    ("I'll change jobs next month", "2026-12"),
    ("We are getting married next spring", "2027"),
])
def test_a_date_to_come_is_read_forward_from_the_said_time(statement: str, date: str) -> None:
    w = when_of(statement, AT)
    assert w is not None and w.text() == date and w.relative


def test_no_day_is_read_where_none_is_told() -> None:
    assert when_of("My brother plays squash on Thursdays", AT) is None  # a habit, not a day
    assert when_of("我每周六去游泳", AT) is None
    assert when_of("我一周一次去健身房", AT) is None  # "once a week", not Monday
    assert when_of("我星期天有空", AT) is None  # a weekday told with no tense
    assert when_of("I usually visit my grandmother on Sunday", AT) is None  # a habit: no one day
    assert when_of("我现在周四不去健身房了", AT) is None
    assert when_of("I'm busy from Monday to Friday", AT) is None  # a span: two days


def test_a_future_appointment_is_stored_with_its_day_by_the_drain(tmp_path, embedder) -> None:  # noqa: ANN001
    from memcli import Memory

    m = Memory(db=str(tmp_path / "plans.db"), user="ann")
    try:
        m.capture("我周六约了牙医", at=AT.isoformat())
        m.capture("We're moving to Austin in March", at=AT.isoformat())
        m.capture("I have a dentist appointment next Tuesday", at=AT.isoformat())
        s = m.drain()
        assert (s.done, s.dead) == (3, 0)
        stored = {i.statement: m.store.get_item("ann", i.id)["event_when"] for i in m.list()}
        assert stored == {"我周六约了牙医": "2026-11-28~", "We're moving to Austin in March": "2027-03~*",
                          "I have a dentist appointment next Tuesday": "2026-12-01~"}
    finally:
        m.close()


def test_a_plan_told_again_and_a_plan_moved(mem) -> None:  # noqa: ANN001
    # the same plan said again months later with its relative word: a restatement (the judge's NOOP) …
    mem.remember("I'm flying to Lisbon next month", at="2026-09-10", allow_future=True)
    res = mem.remember("Next month I'm flying to Lisbon", at="2026-12-03", allow_future=True)
    assert res.decision.value == "NOOP", res.reason
    # … a wedding planned for next June, then told for another year: a correction
    first = mem.remember("我们打算明年六月结婚", at="2026-11-25", allow_future=True)
    assert mem.store.get_item(mem.user, first.item_id)["event_when"] == "2027-06~"
    res = mem.remember("我们2028年6月结婚", at="2026-11-26", allow_future=True)
    assert res.decision.value == "CONFLICT", res.reason
    assert mem.show(first.item_id).invalid_at is not None
