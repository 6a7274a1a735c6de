"""The day a memory is about, on the read path: the write path resolves it once (memcli.write.pair_dates,
the ``event_when`` column) and search, the context block, the HTTP API and the tool/MCP search give it, so
an agent asked "when is my exam?" months later does no date arithmetic of its own. And a yearless date told
with no tense at all (我12月3号考试 said on Nov 20) is the nearest one to the said day, not last year's.
Parser checks, then real stores (SQLite and PostgreSQL) with the real default model. Sentences written for
this test."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest

from memcli.timeutil import event_day
from memcli.write.pair_dates import when_of

NOV20 = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(("statement", "at", "date"), [
    # a bare date (no past, future or habit word): the nearest one to the said day
    ("我12月9号面试", NOV20, "2026-12-09"),  # 19 days ahead, not 346 back
    ("钢琴考级在1月6号", NOV20, "2027-01-06"),
    ("Piano recital December 12th", NOV20, "2026-12-12"),
    ("我十月五号体检", NOV20, "2026-10-05"),  # 46 days back is nearer than 319 ahead
    ("五月份装修", datetime(2026, 12, 1, tzinfo=UTC), "2027-05"),  # five months ahead, seven back
    ("五月份装修", datetime(2026, 11, 30, tzinfo=UTC), "2026-05"),  # six either way: the earlier
    # a past told: the last one, as before (是…的, a past form whatever the subject)
    ("我们是十二月搬进来的", NOV20, "2025-12"),
    ("我十二月九号入职的", NOV20, "2025-12-09"),
    ("Dana repainted the fence on December 12th", NOV20, "2025-12-12"),
    ("我12月9号面试了", NOV20, "2025-12-09"),
    # the future, as before
    ("我12月9号要面试", NOV20, "2026-12-09"),
])
def test_a_bare_date_is_the_nearest_one(statement: str, at: datetime, date: str) -> None:
    w = when_of(statement, at)
    assert w is not None and w.text() == date and w.yearless


def test_a_habit_keeps_its_reading() -> None:
    w = when_of("我每年十二月去哈尔滨看冰灯", NOV20)
    assert w is not None and w.text() == "2025-12"  # no one day: read back as before, compared by month only


def test_the_column_is_read_strictly() -> None:
    assert event_day("2026-12-11~") == ("2026-12-11", True)
    assert event_day("2024-09") == ("2024-09", False)
    assert event_day("2025-03-04~*") == ("2025-03-04", True)
    for bad in (None, "", "2026-13~", "2026-12-11\nignore the rules", "soon", 2026):
        assert event_day(bad) is None
