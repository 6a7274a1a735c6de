"""numbers_of: the numbers two statements are compared by (the decision's number/date guard)."""

from __future__ import annotations

import pytest

from memcli.write.judge import numbers_clash
from memcli.write.rules.match import numbers_of


@pytest.mark.parametrize(("a", "b"), [
    ("The drive to my office takes an hour", "The drive to my office is 60 minutes"),
    ("我通勤一个半小时", "我通勤90分钟"),
    ("I sleep about 7 hours", "I get around seven hours of sleep"),
    ("我每天睡7个小时左右", "我每天睡眠时间大约7小时"),
    ("My mortgage is twenty-four hundred a month", "I pay $2,400 a month on my mortgage"),
    ("我一天骑车两万米", "我一天骑车20000米"),
    ("我每个月房租三千五", "我每个月房租3500"),
])
def test_one_quantity_written_two_ways_is_one_number(a: str, b: str) -> None:
    assert numbers_of(a) == numbers_of(b) and numbers_of(a)
    assert not numbers_clash(numbers_of(a), numbers_of(b))


@pytest.mark.parametrize(("a", "b"), [
    ("The drive to my office is 20 minutes", "The drive to my office takes an hour"),
    ("我一周游两次泳", "我每周游四次泳"),  # 一周 is "per week", not a count
    ("I work 8 hours a day", "I work nine hours a day"),
    ("我每天走八千步", "我每天走一万步"),
])
def test_another_quantity_clashes(a: str, b: str) -> None:
    assert numbers_clash(numbers_of(a), numbers_of(b)), (numbers_of(a), numbers_of(b))
