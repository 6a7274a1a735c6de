"""Issue 21 §1: a change told in one attribute that ends a stored fact of another, read from typed
values (a move beside a workplace given as a place, a switch of brand of one kind of thing), and
the slot misreadings that made unrelated statements contradict each other — as rules (pure
functions) and on a real store with the real default model."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_second_decided

from memcli.write.judge import facts_of
from memcli.write.linked_change import brands_in, moved_from_workplace, switched_brand


def test_a_move_ends_a_workplace_given_as_a_place_only() -> None:
    old = facts_of("我一直在苏州工作", "workplace")
    assert moved_from_workplace(facts_of("我上个月搬到了成都"), old)
    assert moved_from_workplace(facts_of("我住在成都"), old) is None  # no change told: maybe a commute
    assert moved_from_workplace(facts_of("我搬到了成都"), facts_of("我在华为工作")) is None  # an organisation stays
    assert moved_from_workplace(facts_of("我搬到苏州园区了"), old) is None  # inside the old place
    assert moved_from_workplace(facts_of("我妈妈搬到了成都"), old) is None  # another person's move


def test_a_switch_of_brand_of_one_kind_of_thing() -> None:
    assert brands_in("I run in Saucony Ride shoes") == {"shoes": frozenset({"saucony"})}
    assert brands_in("我爱喝小米粥") == {}  # a porridge, not a phone
    assert switched_brand(facts_of("I switched to Asics last month"), facts_of("My running shoes are Nike Pegasus"))
    assert switched_brand(facts_of("我把手机换成了华为"), facts_of("我用的是小米手机"))
    assert switched_brand(facts_of("I switched to Asics"), facts_of("My car is a Mazda")) is None  # two kinds
    assert switched_brand(facts_of("I like Asics too"), facts_of("My running shoes are Nike Pegasus")) is None
    assert switched_brand(facts_of("I switched to Asics"), facts_of("My brother wears Nike")) is None


@pytest.mark.parametrize(("text", "slot"), [
    ("最近工作上出了点问题，有点烦", None),  # 工作上: a topic ("at work"), not a job
    ("My job is pretty boring these days", "fact.job"),  # how the job is, not what it is
    ("I go to the gym twice a week", None),  # a place visited, not a school
    ("My son goes to Maple Grove Elementary", "son.school"),
    ("我的工作是会计", "job"),
])
def test_slots_read_from_words_that_are_not_about_them(text: str, slot: str | None) -> None:
    got = facts_of(text).slot
    assert got == slot or (slot is None and (got is None or got.split(".")[-2:][0] in ("fact", "habit"))), got


@pytest.mark.parametrize(("first", "second", "decision"), [
    ("我毕业后一直在苏州工作", "我已经搬到成都了，住在高新区", "CONFLICT"),
    ("My running shoes are Nike Pegasus, I love them", "I switched to Asics last month", "CONFLICT"),
    ("我在华为工作", "我已经搬到成都了", "ADD"),
    ("今天我感到有点累，不知道该怎么办", "今天遇到了一件烦心事，我感到很难过", "ADD"),
])
def test_linked_changes_on_a_real_store(tmp_path: Path, embedder, first: str, second: str, decision: str) -> None:
    assert_second_decided(tmp_path / "l.db", embedder, first, second, decision)
