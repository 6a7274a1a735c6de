"""Offline rule extraction (Chinese and English) and the explicit checks of the decision
(polarity, numbers, slots). No model needed."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.models import Decision, Kind
from memcli.write.extract import RuleExtractor, Utterance
from memcli.write.judge import compare_slot, guard
from memcli.write.rules import analyze
from memcli.write.rules.match import numbers_of, polarity_of

AT = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def extract(text: str, role: str = "user"):
    return RuleExtractor().extract(Utterance(source_id=1, user="alice", role=role, text=text, occurred_at=AT))


@pytest.mark.parametrize(("text", "kind", "slot"), [
    ("我咖啡不加糖", Kind.PREFERENCE, "coffee.sugar"),
    ("我喜欢猫", Kind.PREFERENCE, "like.猫"),
    ("我讨厌香菜", Kind.PREFERENCE, "like.香菜"),
    ("我对花生过敏", Kind.HEALTH, "allergy.花生"),
    ("我叫张曼婷", Kind.IDENTITY, "name"),
    ("我住在上海", Kind.IDENTITY, "residence"),
    ("我在腾讯工作", Kind.IDENTITY, "workplace"),
    ("我妈妈的生日是3月5号", Kind.RELATIONSHIP, "mother.birthday"),
    ("我每天早上跑步", Kind.HABIT, "habit.跑步"),
    ("I take my coffee without sugar", Kind.PREFERENCE, "coffee.sugar"),
    ("I love cats", Kind.PREFERENCE, "like.cat"),
    ("I hate cilantro", Kind.PREFERENCE, "like.cilantro"),
    ("I'm allergic to peanuts", Kind.HEALTH, "allergy.peanut"),
    ("My name is Ada", Kind.IDENTITY, "name"),
    ("I live in Paris", Kind.IDENTITY, "residence"),
    ("I work at Google", Kind.IDENTITY, "workplace"),
    ("My sister lives in Lyon", Kind.RELATIONSHIP, "sister.residence"),
    ("I usually go running every morning", Kind.HABIT, "habit.run"),
])
def test_rules_recognise_first_person_facts(text: str, kind: Kind, slot: str | None) -> None:
    [c] = extract(text)
    assert (c.kind, c.slot) == (kind, slot)
    assert c.valid_from == AT  # when it was said, not the worker's clock
    assert 0.6 <= c.confidence <= 0.8 and 0 < c.salience <= 1  # a plain statement: "fairly sure" (rule 1)


@pytest.mark.parametrize("text", [
    "明天下午三点开会", "下周一上午十点面试", "Meeting tomorrow at 3pm", "Dentist appointment next Monday",
    "你喜欢喝咖啡吗？", "我应该住在哪里？", "What's the weather like today?", "Do you like cats?",
    "好的，谢谢你的推荐。", "今天天气真好", "ok thanks", "That sounds great!",
])
def test_not_memories_calendar_questions_chatter(text: str) -> None:
    assert extract(text) == []


@pytest.mark.parametrize("text", ["好的，记住了：咖啡不加糖。", "Sure, I love cats too"])
def test_assistant_turns_are_not_memories(text: str) -> None:
    assert extract(text, role="assistant") == []


def test_clauses_carry_the_subject() -> None:
    got = [c.statement for c in extract("我住在上海，在一家咖啡店工作")]
    assert got == ["我住在上海", "我在一家咖啡店工作"]
    assert [c.statement for c in extract("I live in Paris and I work at Google")] == \
        ["I live in Paris", "I work at Google"]


def test_polarity_and_numbers() -> None:
    assert polarity_of("我咖啡不加糖") is False and polarity_of("我喝咖啡从来不放糖") is False
    assert polarity_of("我现在喝咖啡开始加糖了") is True
    assert polarity_of("I love cats") is True and polarity_of("I don't like cats") is False
    assert polarity_of("I take my coffee without sugar") is False
    assert polarity_of("I drink my coffee black, with no sugar and no milk") is False  # not a double negation
    assert polarity_of("我现在对花生已经不过敏了") is False
    assert numbers_of("我妈妈的生日是3月5号") == numbers_of("我妈妈的生日是三月五号") == (305,)
    assert numbers_of("My mom's birthday is March 5") == numbers_of("the 5th of March") == (305,)
    assert numbers_of("我妈妈生日是3月6号") == (306,) and numbers_of("My mom's birthday is May 3") == (503,)
    assert numbers_of("I have two cats") == (2,) and numbers_of("My rent is 1,200 euros") == (1200,)
    assert numbers_of("I work from home on Fridays") == numbers_of("我每周五在家办公")


@pytest.mark.parametrize(("old", "new", "decision"), [
    ("我咖啡不加糖", "我喝咖啡从来不放糖", Decision.NOOP),
    ("我咖啡不加糖", "我现在喝咖啡开始加糖了", Decision.CONFLICT),
    ("我妈妈的生日是3月5号", "我妈妈生日是3月6号", Decision.CONFLICT),
    ("我妈妈的生日是3月5号", "我妈妈的生日是三月五号", Decision.NOOP),
    ("我住在上海", "我住在北京", Decision.CONFLICT),
    ("我住在上海", "我住在上海浦东", Decision.UPDATE),
    ("I take my coffee without sugar", "I never put sugar in my coffee", Decision.NOOP),
    ("I love cats", "I don't like cats", Decision.CONFLICT),
    ("My mom's birthday is March 5", "My mom's birthday is March 6", Decision.CONFLICT),
    ("I live in Paris", "I live in Lyon", Decision.CONFLICT),
])
def test_slot_comparison(old: str, new: str, decision: Decision) -> None:
    assert compare_slot(analyze(new), analyze(old))[0] == decision


def test_guard_never_lets_a_flip_or_another_number_be_a_duplicate() -> None:
    assert guard(analyze("我不喜欢猫"), analyze("我喜欢猫")) == "polarity flip"
    assert guard(analyze("我妈妈生日是3月6号"), analyze("我妈妈的生日是3月5号")) == "number/date changed"
    assert guard(analyze("我喜欢狗"), analyze("我喜欢猫")) == "different slots"  # the model puts these at 1.000
    assert guard(analyze("我每天晚上游泳"), analyze("我每天早上跑步")) in ("number/date changed", "different content")
    assert guard(analyze("我每天晚上游泳"), analyze("我每天跑步")) in ("different slots", "different content")
    assert guard(analyze("I started at Google in March 2019"), analyze("I started at Google in 2019")) == \
        "more specific"  # adding a number refines, it does not clash
    assert guard(analyze("我每天早上都去跑步"), analyze("我每天早上跑步")) is None
    assert guard(analyze("I run every morning"), analyze("I usually go running every morning")) is None
