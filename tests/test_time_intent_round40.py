"""A question's window read with round 40's one reader of relative time (:mod:`memcli.reltime`): each day word once,
the longest first. Before, "the day before yesterday" was also "yesterday" and 大前天 also 前天 (two days: no window),
"the day after tomorrow" was tomorrow, and 后天 / 大后天 were not read. Pure; own sentences."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.read.time_intent import relative_window

#: a Thursday morning (UTC)
REF = datetime(2026, 10, 15, 9, 0, tzinfo=UTC)


def _day(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, tzinfo=UTC)


@pytest.mark.parametrize(("question", "start", "end"), [
    ("Where did I park the day before yesterday?", _day(2026, 10, 13), _day(2026, 10, 14)),
    ("Who was I supposed to call day before yesterday?", _day(2026, 10, 13), _day(2026, 10, 14)),
    ("What is on for the day after tomorrow?", _day(2026, 10, 17), _day(2026, 10, 18)),
    ("我大前天在哪吃的晚饭？", _day(2026, 10, 12), _day(2026, 10, 13)),
    ("我后天要见谁？", _day(2026, 10, 17), _day(2026, 10, 18)),
    ("我大后天有什么安排？", _day(2026, 10, 18), _day(2026, 10, 19)),
    ("What did I eat yesterday?", _day(2026, 10, 14), _day(2026, 10, 15)),  # as before
    ("我前天去了哪？", _day(2026, 10, 13), _day(2026, 10, 14)),
])
def test_each_day_word_is_read_once(question: str, start: datetime, end: datetime) -> None:
    assert relative_window(question, REF) == (start, end)


@pytest.mark.parametrize(("question", "start", "end"), [
    ("我上上个月去了几次医院？", _day(2026, 8, 1), _day(2026, 9, 1)),
    ("我下下个月要去哪出差？", _day(2026, 12, 1), _day(2027, 1, 1)),
    ("我上上周见过谁？", _day(2026, 9, 28), _day(2026, 10, 5)),
    ("我下下个星期有什么事？", _day(2026, 10, 26), _day(2026, 11, 2)),
    ("我上上周四吃了什么？", _day(2026, 10, 1), _day(2026, 10, 2)),
    ("我上上周末去哪了？", _day(2026, 10, 3), _day(2026, 10, 5)),
    ("我上个月去了几次医院？", _day(2026, 9, 1), _day(2026, 10, 1)),  # as before
])
def test_two_steps_back_or_ahead_are_two(question: str, start: datetime, end: datetime) -> None:
    """上上 / 下下 before 周 or 月 count two (as the write path's dates do); before, the 上个月 inside 上上个月 was read
    and the question asked about last month."""
    assert relative_window(question, REF) == (start, end)
