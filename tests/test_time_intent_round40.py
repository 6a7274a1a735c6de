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
