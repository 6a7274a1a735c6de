"""Round 31: decisions that hid a true dose or amount (sentences of our own).

- two doses at two times of day (早上一片 / 晚上再吃半片; "one in the morning" / "half at night") were read as a
  changed dose by the judge's number/date guard and the first ended: they are two facts, both kept; the same
  time of day with another amount is still a change;
- a medicine whose name holds a dose-unit character (钙片, 维生素片) was not linked to itself, so its dose change
  was not seen;
- an amount changed by so much (工资涨了两千, "my rent went up by 100") ended the stored amount, leaving a step
  from nothing: both are kept, and a question about the amount finds the change.
"""

from __future__ import annotations

import pytest
from _stores import pair_drained

from memcli.write.dose_change import medicine, times_of_day
from memcli.write.kept_apart import apart
from memcli.write.told_shapes import changed_by, owned_step

TWO_TIMES = (("我每天早上吃一片硝苯地平", "我晚上再吃半片硝苯地平"),
             ("我早饭后吃两片护肝片", "我睡前吃一片护肝片"),
             ("I take one tablet of losartan in the morning", "I take half a losartan tablet at bedtime"))
SAME_TIME = (("我每天早上吃一片硝苯地平", "我现在每天早上吃两片硝苯地平"),)
NAMED_BY_UNIT = (("我每天吃一片钙片", "医生让我改成每天两片钙片"),
                 ("我每天吃两粒维生素片", "医生把维生素片减到一粒"))
BY_STEP = (("我的工资是九千", "工资涨了一千五", "我的工资是多少？"),
           ("我家每个月电费三百", "电费少了五十", "我家电费多少钱？"),
           ("My rent is 950 dollars a month", "My rent went up by 80 dollars", "How much is my rent?"))


def _active(items: dict[str, object]) -> set[str]:
    return {s for s, it in items.items() if it.status == "active"}


@pytest.mark.parametrize(("first", "second"), TWO_TIMES)
def test_two_doses_at_two_times_of_day_are_both_kept(mem, first: str, second: str) -> None:  # noqa: ANN001
    items = pair_drained(mem, first, second)
    assert {first, second} <= _active(items), items
    assert items[first].invalid_at is None


@pytest.mark.parametrize(("first", "second"), SAME_TIME)
def test_the_same_time_of_day_with_another_amount_is_a_change(mem, first: str, second: str) -> None:  # noqa: ANN001
    items = pair_drained(mem, first, second)
    assert second in _active(items) and first not in _active(items), items
    assert items[first].invalid_at.date().isoformat() == "2026-06-05"


@pytest.mark.parametrize(("first", "second"), NAMED_BY_UNIT)
def test_a_medicine_named_with_a_unit_character_changes_its_dose(mem, first: str, second: str) -> None:  # noqa: ANN001
    items = pair_drained(mem, first, second)
    assert second in _active(items) and first not in _active(items), items
    assert items[first].invalid_at.date().isoformat() == "2026-06-05"


@pytest.mark.parametrize(("first", "second", "question"), BY_STEP)
def test_an_amount_changed_by_so_much_keeps_both_and_is_found(mem, first: str, second: str,  # noqa: ANN001
                                                              question: str) -> None:
    items = pair_drained(mem, first, second)
    step = [s for s in _active(items) if s.endswith(second)]  # (said with its owner: 我的工资涨了一千五)
    assert first in _active(items) and len(step) == 1, items
    block = mem.context(question, budget_ms=5000).text
    assert step[0] in block and first in block, block


def test_pieces() -> None:
    assert times_of_day("我早饭后吃两片") == {"morning"}
    assert times_of_day("I take it at bedtime") == {"night"}
    assert times_of_day("早晚各一片") == frozenset()  # both: no one time
    assert medicine("我每天吃一片钙片", "医生让我改成每天两片钙片") == "钙片"
    assert medicine("我每天吃一片钙片", "我每天吃一片维生素片") is None  # 片 alone names nothing
    assert changed_by("工资涨了一千五") == "工资"
    assert changed_by("工资涨到了一万") is None  # the amount now, not a step
    assert owned_step("这个月起电费少了五十") == "这个月起我的电费少了五十"
    assert owned_step("我同事工资涨了两千") == "我同事工资涨了两千"  # another's amount
    assert apart("我早上吃一片硝苯地平", "我早上吃两片硝苯地平") is None
    assert apart("I was picked up by 2 friends", "I have 3 close friends") is None  # no amount changed
    assert apart("我的工资是九千", "工资涨了一千五") is None  # (the step is the new one)
