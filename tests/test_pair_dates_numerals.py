"""A statement's date read with Chinese numerals of three characters (round 40): before, pair_dates read only
one or two (十二, 三十), so 二十三年前 was this year and the 二十五号 of 十二月二十五号 no day.
Sentences written for this test."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.write.pair_dates import when_of, when_to_text

AT = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(("statement", "date"), [
    ("我二十一年前在深圳开过一家面馆", "2005~"),
    ("我三十六个月前学会了开车", "2023-11~"),
    ("我姐姐是十月二十七号结婚的", "2026-10-27~*"),
    ("我们十二月三十一号要去哈尔滨", "2026-12-31~*"),
    ("我两年前养了一只狗", "2024~"),  # one or two characters: as before
])
def test_three_character_numerals_date_the_statement(statement: str, date: str) -> None:
    when = when_of(statement, AT)
    assert when is not None and when_to_text(when) == date
