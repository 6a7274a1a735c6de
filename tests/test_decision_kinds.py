"""Issue 21: typed slot values, tokens that name things, changes told in new words, and the hard
guard — as rules (pure functions) and on real stores with the real default model."""

from __future__ import annotations

from pathlib import Path

import pytest

from memcli.models import Decision
from memcli.write.judge import content_overlap, different_people, facts_of, hard_guard
from memcli.write.value_types import change_marker, name_numbers, name_tokens, types_apart, value_type


@pytest.mark.parametrize(("text", "tokens"), [
    ("我每天早上吃维生素D", {"d"}), ("我每天早上吃維生素C", {"c"}), ("我每天坐3号线上班", {"3号线"}),
    ("我常刷B站", {"b"}), ("我的手机是5G的", {"5g"}), ("I use an iPhone 15", {"iphone 15"}),
    ("I take vitamin D", {"vitamin d"}), ("Our TV is 4K", {"4k"}),
    ("I run 10k every Thursday", set()), ("我体重62公斤", set()), ("I wake up at 7am", set()),
])
def test_tokens_that_name_things_keep_their_letters_and_digits(text: str, tokens: set[str]) -> None:
    assert name_tokens(text) == tokens


def test_a_name_token_changes_the_overlap_and_its_digits_are_no_quantity() -> None:
    assert content_overlap("我每天早上吃维生素D", "我每天早上吃维生素C") < 1.0
    assert content_overlap("我每天早上吃维生素D", "我每天早上吃维生素D") == 1.0
    assert name_numbers("我每天坐3号线上班") == (3,)
    assert facts_of("我每天坐3号线上班").numbers == ()  # 3号线 names a line: not a number to compare
    assert facts_of("我每天喝两杯咖啡").numbers == (2,)


@pytest.mark.parametrize(("stored", "incoming", "apart"), [
    ("I live in Paris", "I live in a small flat", True),
    ("I'm from Texas", "I'm from a big family", True),
    ("我每天喝两杯咖啡", "我每天喝一杯茶", True),
    ("我住在上海", "我住在一个小公寓里", True),
    ("我在腾讯工作", "我在北京工作", True),
    ("I live in Berlin", "I live in Munich", False),
    ("I live in Berlin", "I moved to a flat in Munich", False),  # the place says where: comparable
    ("我每天喝两杯咖啡", "我每天喝三杯咖啡", False),
    ("I drink coffee every morning", "I switched to tea every morning now", False),  # a change told
])
def test_values_of_types_that_do_not_compare(stored: str, incoming: str, apart: bool) -> None:
    assert (types_apart(facts_of(incoming), facts_of(stored)) is not None) is apart


def test_value_types_from_the_gazetteers() -> None:
    assert value_type(facts_of("I live in Paris")) == "place"
    assert value_type(facts_of("I live in a small flat")) == "dwelling"
    assert value_type(facts_of("I'm from a big family")) == "group"
    assert value_type(facts_of("我在腾讯工作")) == "organisation"
    assert value_type(facts_of("我住在杭州西湖区")) == "place"


def test_change_words_and_the_slot_they_hide() -> None:
    assert change_marker("我的新老板是张伟") and change_marker("I moved to Seattle") and not change_marker("我住在上海")
    assert facts_of("我的新老板是张伟").slot == "boss.name" == facts_of("我的老板是李强").slot


def test_the_hard_guard() -> None:
    mum, me = facts_of("我妈妈住在成都"), facts_of("我住在成都")
    assert different_people(mum, me)
    for d in (Decision.NOOP, Decision.UPDATE, Decision.CONFLICT):
        assert hard_guard(mum, me, d) is not None
    assert hard_guard(mum, me, Decision.ADD) is None
    a, b = facts_of("I live in Paris"), facts_of("I live in a small flat")
    assert hard_guard(b, a, Decision.CONFLICT) and hard_guard(b, a, Decision.UPDATE)
    x, y = facts_of("Capturing the old harbour at dusk was a joy"), facts_of("The drone footage came out blurry")
    floor = {"overlap": 0.15, "cosine": 0.5}
    assert "no shared slot" in hard_guard(y, x, Decision.CONFLICT, 0.45, floor)
    thanks = facts_of("Thanks for being there for me")  # a turn of thanks only: nothing to hide it by, at any cosine
    assert "talk" in hard_guard(thanks, x, Decision.CONFLICT, 0.55, floor)
    assert hard_guard(y, x, Decision.CONFLICT, 0.55, floor) is None  # close enough in meaning: the judge decides
    assert hard_guard(y, x, Decision.NOOP, 0.45, floor) is None  # a merged restatement hides nothing
    berlin, munich = facts_of("I live in Berlin"), facts_of("I live in Munich")
    assert hard_guard(munich, berlin, Decision.CONFLICT, 0.55, floor) is None  # the shared slot speaks
    assert hard_guard(munich, berlin, Decision.CONFLICT, 0.6, floor) is None
    # …unless the model finds the words unrelated: a slot misread from them (工作上出了问题 is no job)
    nurse, killing = facts_of("I work as a nurse"), facts_of("My job is killing me")
    assert nurse.slot == killing.slot == "job"
    assert "finds unrelated" in hard_guard(killing, nurse, Decision.CONFLICT, 0.1, floor)
    assert hard_guard(killing, nurse, Decision.CONFLICT, None, floor) is None  # no cosine: the slot speaks
    # …but two values the gazetteers both name (two places, two organisations, two people) were read right,
    # and so were two occupations (round 29: "I'm a postman" / "I'm a paramedic" kept both jobs)
    assert hard_guard(munich, berlin, Decision.CONFLICT, 0.1, floor) is None
    assert hard_guard(facts_of("I work as a teacher"), nurse, Decision.CONFLICT, 0.1, floor) is None


@pytest.mark.parametrize(("stored", "incoming", "why"), [
    # two chat turns of several clauses, no shared slot: bundles, not facts
    ("你好呀，今天下班特别晚，路上还堵车了。", "好的，我明天还要早起，先去洗澡了。", "bundles"),
    ("Hi there. I spent the whole day painting the fence. The paint was green.",
     "Thanks a lot. My knees hurt after the hike today. We walked for hours.",
     "bundles"),
    # the same attribute of two differently named things
    ("城市马拉松挑战赛的报名费是两百元。", "我要去的国际动漫博览会，它的报名费是八十元。", "different things"),
])
def test_the_guard_keeps_bundles_and_named_things_apart(stored: str, incoming: str, why: str) -> None:
    floor = {"overlap": 0.15, "cosine": 0.3}
    for d in (Decision.UPDATE, Decision.CONFLICT):
        assert why in (hard_guard(facts_of(incoming), facts_of(stored), d, 0.6, floor) or ""), d
    assert hard_guard(facts_of(incoming), facts_of(stored), Decision.NOOP, 0.6, floor) is None


@pytest.mark.parametrize(("stored", "incoming"), [
    ("城市马拉松挑战赛的报名费是两百元。", "城市马拉松挑战赛的报名费涨到了三百元。"),  # one thing: its value changed
    ("我最喜欢的颜色是蓝色", "我最喜欢的颜色是绿色"),
    ("My email is sam@example.com", "I have a new email, sam.lee@example.org"),  # dots inside a token end no clause
])
def test_the_guard_lets_one_thing_change(stored: str, incoming: str) -> None:
    floor = {"overlap": 0.15, "cosine": 0.3}
    assert hard_guard(facts_of(incoming), facts_of(stored), Decision.CONFLICT, 0.6, floor) is None


@pytest.mark.parametrize(("first", "second", "decision"), [
    ("I live in Paris", "I live in a small flat", "ADD"),
    ("I'm from Texas", "I'm from a big family", "ADD"),
    ("我每天喝两杯咖啡", "我每天喝一杯茶", "ADD"),
    ("我每天早上吃维生素D", "我每天早上吃维生素C", "ADD"),
    ("我每天早上吃維生素D", "我每天早上吃维生素C", "ADD"),  # traditional folded first
    ("I take vitamin D every morning", "I take vitamin C every morning", "ADD"),
    ("我每天坐3号线上班", "我每天坐4号线回家", "ADD"),
    ("我的老板是李强", "我的新老板是张伟", "CONFLICT"),
    ("My boss is Tom", "My new boss is Sarah", "CONFLICT"),
    ("我住在上海", "我搬到杭州了", "CONFLICT"),
    ("我妈妈住在成都", "我住在成都", "ADD"),
])
def test_the_kinds_of_issue_21_on_a_real_store(tmp_path: Path, embedder, first: str, second: str,
                                               decision: str) -> None:
    from memcli import Memory

    with Memory(db=str(tmp_path / "k.db"), user="u", embedder=embedder) as m:
        m.remember(first, at="2026-01-05")
        res = m.remember(second, at="2026-06-05")
        active = {it.statement for it in m.list()}
    assert res.decision.value == decision, res.reason
    if decision == "ADD":
        assert active == {first, second}  # nothing hidden
    else:
        assert active == {second}


@pytest.mark.parametrize(("text", "subject"), [
    ("谢谢你陪我聊天，我明天还要早起", "me"),  # thanks addressed to the assistant names no one
    ("感谢你的建议", "me"),
    ("张伟喜欢打篮球", "person:张伟"),
])
def test_the_subject_of_a_turn_that_addresses_the_assistant(text: str, subject: str) -> None:
    assert facts_of(text).subject == subject


@pytest.mark.parametrize(("stored", "incoming", "why"), [
    ("城市马拉松挑战赛的持续时间是两天。", "城市马拉松挑战赛的主要内容是沿江跑步，欣赏城市风光。", "two attributes"),
    ("我将要参加城市马拉松挑战赛", "城市马拉松挑战赛的主要内容是沿江跑步，欣赏城市风光。", "not what the other"),
])
def test_a_named_things_attributes_never_hide_each_other(stored: str, incoming: str, why: str) -> None:
    floor = {"overlap": 0.15, "cosine": 0.3}
    for d in (Decision.UPDATE, Decision.CONFLICT):
        assert why in (hard_guard(facts_of(incoming), facts_of(stored), d, 0.6, floor) or ""), d
