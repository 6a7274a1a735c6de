"""Three facts the decisions or the read path hid (round 29), own sentences, real stores, the real default model:

- a new job told plainly ends the old one ("I'm a postman" / "I'm a paramedic at …": both stayed active, the hard
  guard took two occupations far apart for the model for a slot read from unrelated words), while a job told
  beside it ("also", on weekends, part-time, 兼职, 也是) keeps both;
- a plain kin question (我舅舅住在哪, "Where does my uncle live?") reaches a fact stored under a composed slot
  (我妈的弟弟住在… → ``mother.younger_brother.residence``) through the slot leg;
- two dishes sharing a character (带鱼 / 鱼香肉丝) are two likings, not one said again."""

from __future__ import annotations

import pytest
from _stores import pair_drained

from memcli.read.kin import composed_prefixes
from memcli.read.slot_leg import composed_stored, query_slot_keys, slot_leg
from memcli.write.job_pair import job_beside, occupations_changed
from memcli.write.pair_facts import facts_of

PLAIN = (("I'm a postman", "I'm a paramedic at a children's hospital"),
         ("I'm a librarian", "I work as a pilot for a regional airline"),
         ("我是司机", "我在一家医院当医生"),
         ("我是一名护士", "我是律师"))
BESIDE = (("I'm a postman", "I also work as a bartender on weekends"),
          ("I'm an accountant", "I also teach yoga"),
          ("I'm a nurse", "On weekends I drive a taxi"),
          ("我是护士", "我也是一名作家"),
          ("我是老师", "我兼职做翻译"))


_drained = pair_drained


@pytest.mark.parametrize(("first", "second"), PLAIN)
def test_a_plain_new_job_ends_the_old_one(mem, first: str, second: str) -> None:  # noqa: ANN001
    items = _drained(mem, first, second)
    active = {s for s, it in items.items() if it.status == "active"}
    assert second in active and first not in active, active
    assert items[first].invalid_at is not None  # ended in world time (bitemporal), kept for history
    assert items[first].invalid_at.date().isoformat() == "2026-06-05", items[first].invalid_at


@pytest.mark.parametrize(("first", "second"), BESIDE)
def test_a_job_told_beside_the_other_keeps_both(mem, first: str, second: str) -> None:  # noqa: ANN001
    items = _drained(mem, first, second)
    active = {s for s, it in items.items() if it.status == "active"}
    assert {first, second} <= active, active


def test_job_pair_rules() -> None:
    old = facts_of("I'm a postman")
    assert occupations_changed(facts_of("I'm a paramedic at a children's hospital"), old)
    assert occupations_changed(facts_of("我是医生"), facts_of("我是司机"))
    assert not occupations_changed(facts_of("My job is killing me"), old)  # the job slot, no occupation
    assert not occupations_changed(old, old)
    assert job_beside(facts_of("I also work as a bartender on weekends"), old)
    assert job_beside(facts_of("我也是一名作家"), facts_of("我是护士"))
    assert job_beside(facts_of("I'm a paramedic at a children's hospital"), old) is None
    assert job_beside(facts_of("我是律师"), facts_of("我是护士")) is None


def test_composed_prefixes_come_from_the_kin_table() -> None:
    assert set(composed_prefixes("maternal_uncle")) >= {"mother.brother", "mother.younger_brother",
                                                        "mother.elder_brother"}
    assert not any(p.startswith("father.") for p in composed_prefixes("maternal_uncle"))  # 舅舅: the mother's
    assert {"father.brother", "mother.brother"} <= set(composed_prefixes("uncle"))  # "uncle": both parents'
    assert "father.elder_brother" not in composed_prefixes("paternal_uncle")  # 叔叔, not 伯伯
    assert set(composed_prefixes("grandmother")) == {"mother.mother", "father.mother"}
    assert composed_prefixes("mother") == ()
    assert composed_stored(["residence", "person:Ann.job"]) == []


FACTS = ("我住在成都", "我爸爸住在重庆", "我姐姐住在西安", "我妈的弟弟住在杭州", "我朋友住在广州",
         "我老婆的哥哥住在厦门",
         "My sister lives in Boston", "My dad's brother lives in Austin", "My dad's sister works as a pharmacist",
         "My wife is a teacher", "My mother's mother lives in Leeds")


def test_a_plain_kin_question_reaches_a_composed_stored_fact(mem) -> None:  # noqa: ANN001
    for s in FACTS:
        mem.capture(s)
    mem.drain()
    said = {it.id: it.statement for it in mem.list()}
    for question, theirs in (("我舅舅住在哪", {"我妈的弟弟住在杭州"}),
                             ("我叔叔住在哪里？", {"My dad's brother lives in Austin"}),
                             ("Where does my uncle live?", {"我妈的弟弟住在杭州", "My dad's brother lives in Austin"}),
                             ("What does my aunt do?", {"My dad's sister works as a pharmacist"}),
                             ("Where does my grandmother live?", {"My mother's mother lives in Leeds"})):
        ids = slot_leg(mem.store, mem.user, query_slot_keys(question), limit=10)
        assert {said[i] for i in ids} == theirs, (question, [said[i] for i in ids])
        block = mem.context(question, budget_ms=60000).text
        assert all(t in block for t in theirs), (question, block)
    # 舅舅 is the mother's brother: the father's brother and the wife's brother are not reached by the slot
    assert "Austin" not in "".join(said[i] for i in slot_leg(mem.store, mem.user, query_slot_keys("我舅舅住在哪"),
                                                               limit=10))


@pytest.mark.parametrize(("first", "second"), (("我喜欢吃带鱼", "我喜欢吃鱼香肉丝"), ("我爱吃鸡蛋饼", "我爱吃蛋炒饭")))
def test_two_dishes_sharing_a_character_are_two_likings(mem, first: str, second: str) -> None:  # noqa: ANN001
    mem.capture(first)
    mem.capture(second)
    mem.drain()
    assert {first, second} <= {it.statement for it in mem.list()}
    mem.capture("我特别" + first[1:])  # the same dish said again: one liking
    mem.drain()
    assert sum(first[-2:] in it.statement for it in mem.list()) == 1
