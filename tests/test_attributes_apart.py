"""Two attributes of one subject are two facts, and a detail with no slot replaces nothing (issue 21:
decisions that never hide a fact that is still true). A judge that calls every neighbour an UPDATE
is overruled by the hard guard; a change the user tells still moves the value."""

from __future__ import annotations

import pytest
from _judges import Always, kept_after

from memcli.models import Decision
from memcli.write.pair_facts import facts_of
from memcli.write.value_types import attributes_apart


def _apart(new: str, old: str, *, update: bool = True) -> str | None:
    return attributes_apart(facts_of(new), facts_of(old), update=update, change=False)


def test_two_attributes_of_one_subject_are_two_facts() -> None:
    assert _apart("我表哥的爱好是钓鱼", "我表哥的生日是3月8日").startswith("two attributes of cousin_elder_male")
    assert _apart("My cousin's favourite sport is tennis", "My cousin's birthday is March 8") is not None


def test_a_related_pair_or_a_told_change_may_still_hide() -> None:
    assert _apart("I work at St Mary's hospital", "I work as a nurse") is None  # job / workplace move together
    assert attributes_apart(facts_of("这块手表戴着很舒服"), facts_of("我的手表是卡西欧的"),
                            update=True, change=True) is None


def test_a_detail_without_a_slot_updates_nothing_but_may_contradict() -> None:
    assert _apart("这块手表戴着很舒服", "我的手表是卡西欧的").startswith("a statement with no slot")
    assert _apart("这块手表戴着很舒服", "我的手表是卡西欧的", update=False) is None


@pytest.mark.parametrize(("first", "second"), [
    ("我表哥的生日是3月8日", "我表哥的爱好是钓鱼"),
    ("My cousin's birthday is March 8", "My cousin's favourite sport is tennis"),
])
def test_an_updating_judge_cannot_hide_the_first_fact(mem, first: str, second: str) -> None:
    kept = kept_after(mem, first, second, Always(Decision.UPDATE))
    assert {first, second} <= kept, kept
