"""Collective counts (a pair of, a couple of, a dozen, half a dozen, 一对, 两对, 一打) are the numbers they
say: the numbers, the quantities and the owned thing's slot read them as such, so the same count in other
words is the same fact and another count is a change — as pure functions and on real stores."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_second_decided

from memcli.write.quantities import quantities, quantity_changed, quantity_kept
from memcli.write.rules import analyze
from memcli.write.rules.match import counts_spelled, numbers_of


@pytest.mark.parametrize(("text", "number"), [
    ("We own a pair of ferrets", 2), ("I keep a couple of hamsters", 2), ("We have a dozen hens", 12),
    ("We have half a dozen hens", 6), ("我养了一对鹦鹉", 2), ("我养了两对鸽子", 4), ("我买了一打鸡蛋", 12),
])
def test_a_collective_count_is_its_number(text: str, number: int) -> None:
    assert numbers_of(text) == (number,)


def test_what_only_looks_like_a_count_is_left_alone() -> None:
    assert counts_spelled("我们是一对一辅导", True) == "我们是一对一辅导"  # one-on-one
    assert counts_spelled("我对花粉过敏", True) == "我对花粉过敏"  # 对 the preposition
    assert counts_spelled("we are a couple", False) == "we are a couple"  # no "of": two people, no count
    assert numbers_of("我有对象了") == ()


def test_the_same_count_in_other_words_is_kept_and_another_is_a_change() -> None:
    assert quantities("I own a pair of ferrets") == quantities("I own two ferrets")
    assert quantity_kept("我养了一对鹦鹉", "我养了两只鹦鹉")
    assert quantity_kept("我养了两对鸽子", "我养了四只鸽子")
    assert quantity_changed("We have half a dozen hens", "We have twelve hens")
    assert not quantity_kept("We have half a dozen hens", "We have twelve hens")


@pytest.mark.parametrize(("text", "slot"), [
    ("I own a pair of ferrets", "owns.ferret"), ("I have a dozen hens", "owns.hen"),
    ("I have seventeen books", "owns.book"), ("I have twenty-one goldfish", "owns.goldfish"),
    ("我家养了一对鹦鹉", "owns.鹦鹉"), ("我有两对鸽子", "owns.鸽子"),
])
def test_the_thing_owned_is_named_without_its_count(text: str, slot: str) -> None:
    assert analyze(text).slot == slot


@pytest.mark.parametrize(("first", "second", "decision"), [
    ("I keep two parrots", "I own a pair of parrots", "NOOP"),
    ("I keep two parrots", "I keep three parrots", "CONFLICT"),
    ("我养了两只兔子", "我家有一对兔子", "NOOP"),
    ("我养了两只兔子", "我养了三只兔子", "CONFLICT"),
    ("We have twelve hens", "We have a dozen hens", "NOOP"),
    ("We have twelve hens", "We have half a dozen hens", "CONFLICT"),  # was reinforced as the same (NOOP)
])
def test_counts_decided_on_a_real_store(tmp_path: Path, embedder, first: str, second: str, decision: str) -> None:
    if decision != "NOOP":
        assert_second_decided(tmp_path / "c.db", embedder, first, second, decision)
        return
    from memcli import Memory

    with Memory(db=str(tmp_path / "n.db"), user="u", embedder=embedder) as m:
        m.remember(first, at="2026-01-05")
        res = m.remember(second, at="2026-06-05")
        active = [it.statement for it in m.list()]
    assert res.decision.value == "NOOP", res.reason
    assert active == [first]  # the stored memory reinforced, no second copy
