"""Issue 21, round 12's new-user trial, fixed as kinds (sentences written for this test, none from a
data set): a relative's fact about another object stands beside theirs; one thing swapped in the same
words is another fact (or, in a one-valued attribute such as a job, a change — never a NOOP that
loses the new employer); a habit, a study or a subscription stopped ends the fact it names; a
correction "X, not Y" stores X for the right subject and the negated half is no fact. Decisions run
on a real store with the default model, through ``remember`` and through the drain."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.write.object_swap import denies_old, swapped_object
from memcli.write.rules import extract_matches


@pytest.mark.parametrize(("old", "new", "swap"), [
    ("我每周日去上游泳课", "我每周日去上画画课", True),
    ("我在学二胡", "我在学古筝", True),
    ("I take my niece to ballet on Fridays", "I take my niece to karate on Fridays", True),
    ("我喜欢吃苹果", "我爱吃苹果", False),  # a verb reworded: a restatement may be merged
    ("我女儿喜欢画画", "我闺女喜欢画画", False),  # a relation word: maybe one person
    ("我每天走八千步", "我每天走一万步", False),  # a number: the number checks' business
    ("I live in Oslo", "I live in Norway now", False),
])
def test_one_thing_swapped_in_a_shared_frame(old: str, new: str, swap: bool) -> None:
    assert (swapped_object(new, old) is not None) is swap


def test_the_negated_half_of_a_correction_names_the_old_value() -> None:
    assert denies_old("我住在扬州，不是镇江", "我住在镇江") == "镇江"
    assert denies_old("I work in Leeds, not York", "I work in York") == "York"
    assert denies_old("我住在扬州", "我住在镇江") is None
    assert denies_old("I work in Leeds, not York", "I work in Hull") is None


@pytest.mark.parametrize(("text", "statements"), [
    ("纠正一下，我儿子今年是九岁，不是八岁", ["我儿子今年是九岁"]),
    ("我说错了，我住在扬州，不是镇江", ["我住在扬州"]),
    ("更正一下，不是八岁", []),  # the negated half alone is no fact of the user's ("我不是八岁" was stored)
    ("乐乐今年四岁", ["乐乐今年四岁"]),  # a reduplicated pet name is the subject
    ("天天在家做饭", []),  # 天天 is "every day", no name
    ("Correction: my nephew is nine, not eight", ["My nephew is nine"]),
    ("Sorry, I meant I work in Leeds, not York", ["I work in Leeds"]),
    ("戒奶茶了", ["我戒奶茶了"]),  # a stop told without 我 is the user's
    ("Gave up on the violin", ["I gave up on the violin"]),
])
def test_corrections_and_stops_as_extracted(text: str, statements: list[str]) -> None:
    got = [m.statement for m in extract_matches(text)]
    assert got == statements


def _pair(mem, old: str, new: str):  # noqa: ANN001, ANN202
    first = mem.remember(old, at="2025-03-01", allow_future=True)
    return first, mem.remember(new, at="2025-06-01", allow_future=True)


@pytest.mark.parametrize(("old", "new", "decision"), [
    # a relative's like / dislike / allergy of another object: another fact, whatever the polarity
    ("My son Leo hates spinach", "Leo loves blueberries", "ADD"),
    ("我妈妈讨厌吃苦瓜", "我妈妈很喜欢吃饺子", "ADD"),
    ("My brother is allergic to cats", "My brother is also allergic to walnuts", "ADD"),
    ("我爸对花粉过敏", "我爸对虾也过敏", "ADD"),
    # another employer in the same job: a change, never a NOOP
    ("我在网易做前端工程师", "我在小红书做前端工程师", "CONFLICT"),
    ("My sister works as a pharmacist at Boots", "My sister works as a pharmacist at Walgreens", "CONFLICT"),
    # a stop ends the habit, the study or the subscription it names …
    ("我每天下午喝一杯奶茶", "我戒奶茶了", "CONFLICT"),
    ("我在学拉丁舞", "我放弃拉丁舞了", "CONFLICT"),
    ("I go climbing every Thursday", "I gave up climbing", "CONFLICT"),
    ("I have a Netflix account", "I cancelled my Netflix account", "CONFLICT"),
    # … and nothing else; a stop denied or only intended keeps the fact (its "no" is on the stopping)
    ("我在学拉丁舞", "我不打算放弃拉丁舞", "ADD"),
    ("I go climbing every Thursday", "I won't give up climbing", "ADD"),
    ("我每天下午喝一杯奶茶", "我放弃考研了", "ADD"),
    ("I go climbing every Thursday", "I quit sugar", "ADD"),
    # a correction denies the old value
    ("我住在镇江", "我说错了，我住在扬州，不是镇江", "CONFLICT"),
])
def test_trial_kinds_decided(mem, old: str, new: str, decision: str) -> None:
    first, res = _pair(mem, old, new)
    assert res.decision.value == decision, res.reason
    assert (mem.show(first.item_id).invalid_at is not None) is (decision == "CONFLICT")


def test_the_drain_decides_the_same(db, embedder) -> None:  # noqa: ANN001
    """Through capture and drain: the pro-drop stop and the correction reach the same decisions."""
    from memcli import Memory

    m = Memory(db=db, user="dana")
    try:
        turns = ["我每天下午喝一杯奶茶", "戒奶茶了", "我侄子今年十岁", "纠正一下，我侄子今年是十一岁，不是十岁",
                 "Emma hates celery", "Emma loves mangoes"]
        for n, turn in enumerate(turns):
            m.capture(turn, at=datetime(2025, 3, 1 + n, 9, tzinfo=UTC).isoformat())
            m.drain()
        active = sorted(i.statement for i in m.list())
        assert active == sorted(["我戒奶茶了", "我侄子今年是十一岁", "Emma hates celery", "Emma loves mangoes"]), active
        assert not any("不是" in i.statement or i.statement.startswith("我不") for i in m.list(include_all=True))
    finally:
        m.close()
