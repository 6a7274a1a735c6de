"""Decisions that end the right fact (round 30), own sentences, real stores, the real default model:

- a new job told with its start day ("Next Tuesday I start …", the weekday read as a number) or with a count word
  (我是一名…, 一名 read as a quantity) was an UPDATE of the old job (superseded, no ``invalid_at``): two different
  occupations in the job slot are a change, a CONFLICT that ends the old one in world time
  (:func:`memcli.write.job_pair.job_replaced`, after the judge: its features are untouched);
- a thing taken up, told as an event ("I started learning Korean", 我开始学吉他了), is ended by a stop of it
  ("I gave up on Korean", 我放弃吉他了): it stayed active beside the stop (or the stop was a NOOP);
- "We've moved to Cardiff" is a residence (it was dropped) and ends the old one."""

from __future__ import annotations

import pytest
from _stores import pair_drained

from memcli.write.job_pair import job_replaced
from memcli.write.linked_change import taken_up
from memcli.write.pair_facts import facts_of

JOBS = (("I'm a baker", "Next Tuesday I start at a bookshop as a clerk", "What do I do for work?", "clerk"),
        ("我是厨师", "我是一名快递员", "我是做什么工作的？", "快递员"),
        ("我是老师", "我现在是一位律师", "我是做什么工作的？", "律师"))
STOPS = (("I started learning Korean", "I gave up on Korean"),
         ("I took up knitting", "I gave up knitting"),
         ("我开始学吉他了", "我放弃吉他了"))


_drained = pair_drained


def _ended(items: dict[str, object], first: str, second: str) -> None:
    active = {s for s, it in items.items() if it.status == "active"}
    assert second in active and first not in active, active
    assert items[first].invalid_at is not None, items[first]  # ended in world time, not superseded
    assert items[first].invalid_at.date().isoformat() == "2026-06-05", items[first].invalid_at


@pytest.mark.parametrize(("first", "second", "question", "now"), JOBS)
def test_a_new_job_with_a_day_or_a_count_word_ends_the_old(mem, first: str, second: str, question: str,  # noqa: ANN001
                                                           now: str) -> None:
    _ended(_drained(mem, first, second), first, second)
    block = mem.context(question, budget_ms=60000).text
    assert now in block and first not in block, block


@pytest.mark.parametrize(("first", "second"), STOPS)
def test_a_stop_ends_what_was_taken_up(mem, first: str, second: str) -> None:  # noqa: ANN001
    _ended(_drained(mem, first, second), first, second)


def test_a_past_outing_stays_beside_a_stop(mem) -> None:  # noqa: ANN001
    items = _drained(mem, "Last Saturday I went to a climbing gym", "I stopped going to the cinema")
    assert all(it.invalid_at is None for it in items.values()), items


def test_we_have_moved_ends_the_old_home(mem) -> None:  # noqa: ANN001
    items = _drained(mem, "I live in York", "We've moved to Cardiff")
    _ended(items, "I live in York", "We've moved to Cardiff")
    block = mem.context("Where do I live?", budget_ms=60000).text
    assert "Cardiff" in block and "York" not in block, block


def test_job_replaced_rule() -> None:
    assert job_replaced(facts_of("我是一名快递员", "job"), facts_of("我是厨师", "job"))
    assert job_replaced(facts_of("Next Tuesday I start at a bookshop as a clerk", "job"),
                        facts_of("I'm a baker", "job"))
    assert job_replaced(facts_of("I'm a senior nurse now", "job"), facts_of("I'm a nurse", "job")) is None  # refines
    assert job_replaced(facts_of("我是一名厨师", "job"), facts_of("我是厨师", "job")) is None  # the same, a count word
    assert job_replaced(facts_of("I also work as a clerk on weekends", "job"), facts_of("I'm a baker", "job")) is None
    assert job_replaced(facts_of("My job is killing me", "job"), facts_of("I'm a baker", "job")) is None


def test_taken_up_reads_the_event_key() -> None:
    assert taken_up(facts_of("I started learning Korean", "event.started_learning"))
    assert taken_up(facts_of("我开始学吉他了", "event.开始吉他"))
    assert not taken_up(facts_of("I went to a climbing gym", "event.went"))
    assert not taken_up(facts_of("I'm learning Hungarian", "fact.learn"))


@pytest.mark.parametrize(("first", "second"), (("I love bacon", "I don't eat meat anymore"),
                                               ("我特别爱吃排骨", "我不吃肉了")))
def test_a_kind_of_food_given_up_ends_the_liking_of_one(mem, first: str, second: str) -> None:  # noqa: ANN001
    _ended(_drained(mem, first, second), first, second)


def test_a_kind_given_up_keeps_other_likings(mem) -> None:  # noqa: ANN001
    items = _drained(mem, "I love lentil soup", "I don't eat meat anymore")
    assert all(it.invalid_at is None for it in items.values()), items
