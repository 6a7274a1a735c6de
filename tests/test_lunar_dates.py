"""A lunar-calendar date is a date (正月 / 腊月 / 初八 / 廿九): another one is a change, never a restatement,
and it never equals the solar date of the same digits."""

from __future__ import annotations

from pathlib import Path

import pytest

from memcli import Memory
from memcli.write.rules.match import numbers_of


@pytest.mark.parametrize("text,value", [
    ("我爷爷的生日是腊月二十", (6220,)), ("我爷爷生日在正月二十", (5120,)), ("农历三月初三我们去踏青", (5303,)),
    ("冬月廿九是我的生日", (6129,)), ("我的生日是三月十五", (315,)), ("我女儿的生日是1月8号", (108,)),
])
def test_lunar_dates_read_apart_from_solar_ones(text: str, value: tuple[int, ...]):
    assert numbers_of(text) == value


def test_another_lunar_birthday_is_a_conflict(tmp_path: Path):
    with Memory(db=str(tmp_path / "m.db"), user="u") as m:
        m.remember("我爷爷的生日是腊月二十", at="2026-01-01T00:00:00Z")
        res = m.remember("我爷爷生日是正月二十", at="2026-02-01T00:00:00Z")
        assert res.decision.value == "CONFLICT", res
        assert [i.statement for i in m.list()] == ["我爷爷生日是正月二十"]
