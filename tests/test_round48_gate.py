"""Round 48: the answerability gate and the subject gates refused memories that answer.

Kinds: a person asked by name beside the user (X比我大几岁: the 我 is whom X is compared with); a surname and 姐/哥
(a colleague so called, no sister or brother); a pet's colour told in its word (橘猫, "a ginger cat"); a plan or a time
of the hearer's asked with the subject dropped (…有什么打算, …那会儿); the new X the user told as theirs (新单位…怎么算:
no how-to of the world); a phone number or an e-mail told in passing with no slot.

Own sentences (none from a data set); real stores, the real default model, a real drain.
"""

from __future__ import annotations

import pytest
from _stores import block_of, say_all

from memcli import Memory
from memcli.read.contact import holds_contact
from memcli.read.kinds import kind_missing
from memcli.read.mismatch import asked_name
from memcli.read.new_thing import new_things_zh
from memcli.read.request import about_world
from memcli.read.tokens import query_tokens
from memcli.read.whose import about_user, names_told_person
from memcli.slot_query import nickname_kin_zh, query_slots, query_subject


@pytest.mark.parametrize(("question", "subject", "named"), [
    ("赵姐全名叫什么", "me", "赵姐"),  # a colleague called by surname and 姐
    ("黄哥在哪上班", "me", "黄哥"),
    ("我姐住哪", "elder_sister", None),  # the user's sister
    ("我表哥叫什么", "cousin_elder_male", None),
    ("大哥在哪上班", "elder_brother", None),  # 大哥: the eldest brother, no surname
    ("姐夫做什么的", "elder_sister_husband", None),
])
def test_a_surname_and_an_elder_siblings_word_is_a_person_so_called(question: str, subject: str,
                                                                    named: str | None) -> None:
    assert query_subject(question) == subject
    assert asked_name(question, query_slots(question)) == named
    assert bool(nickname_kin_zh(question)) is (named is not None)


def test_a_question_naming_a_told_person_beside_the_user_asks_of_that_person() -> None:
    assert about_user("林峰比我大几岁")  # read alone: a first person, no relation word, no nickname
    assert names_told_person("林峰比我大几岁", "person:林峰.hometown")
    assert names_told_person("is kofi older than me?", "person:kofi.age")
    assert not names_told_person("is kofi older than me?", "person:kof.age")  # a piece of a word
    assert not names_told_person("我比谁大", "hometown")


@pytest.mark.parametrize(("question", "statement", "missing"), [
    ("雪球是什么颜色的", "我养了一只白猫叫雪球", 0),
    ("what colour is my cat?", "I have a ginger cat called Toffee", 0),
    ("雪球是什么颜色的", "我养了一只猫叫雪球", 1),  # no colour told
])
def test_an_animal_told_with_its_colour_holds_the_colour(question: str, statement: str, missing: int) -> None:
    assert kind_missing(question, [statement]) == missing


@pytest.mark.parametrize(("question", "world"), [
    ("换车有什么打算", False),  # a plan: a person's, the hearer's when nobody is named
    ("退休以后有啥计划", False),
    ("在成都那会儿住哪", False),  # a time of the hearer's recalled
    ("长江有多长", True),  # a thing of the world, named first
])
def test_a_plan_asked_with_the_subject_dropped_is_the_hearers(question: str, world: bool) -> None:
    assert about_world(question, query_slots(question), query_tokens(question), has_anchor=False) is world


def test_the_new_thing_a_hit_says_as_the_users_is_theirs() -> None:
    assert new_things_zh("新单位考勤怎么算", ["我新单位考勤是按指纹打卡"]) == ["新单位"]
    assert new_things_zh("新车怎么保养", ["我的新车是一辆白色的电车"]) == ["新车"]
    assert new_things_zh("新车怎么保养", ["车展上的新车很多"]) == []  # nobody's new car
    assert new_things_zh("how is the new job", ["我新工作挺好"]) == []


@pytest.mark.parametrize(("statement", "detail", "held"), [
    ("Switched carriers and the number's different again, it's 555-0433 now", "phone", True),
    ("换了新手机号，138 0013 8000", "phone", True),
    ("The rent went up to 1450 a month", "phone", False),  # a number, no phone named
    ("My new work email is k.osei@example.org", "email", True),
    ("My new work email is k.osei@example.org", "phone", False),
])
def test_a_contact_detail_is_held_in_its_shape(statement: str, detail: str, held: bool) -> None:
    assert holds_contact(statement, detail) is held


@pytest.fixture(scope="module")
def zh_store(tmp_path_factory: pytest.TempPathFactory, embedder) -> Memory:  # noqa: ARG001
    m = Memory(db=str(tmp_path_factory.mktemp("r48zh") / "m.db"), user="lan")
    say_all(m, ["林峰是福建人，比我大三岁", "我们部门经理叫赵敏，大家都喊她赵姐", "我养了一只白猫叫雪球",
                "我打算明年在杭州买房，首付还在攒", "我新单位考勤是按指纹打卡，迟到一次扣五十"])
    yield m
    m.close()


@pytest.mark.parametrize(("question", "word"), [
    ("林峰比我大几岁", "三岁"),
    ("赵姐全名叫什么", "赵敏"),
    ("雪球是什么颜色的", "白猫"),
    ("买房有什么打算", "杭州"),
    ("新单位考勤怎么算", "指纹"),
])
def test_the_stored_answer_passes_the_gate_zh(zh_store: Memory, question: str, word: str) -> None:
    """A memory holding the answer is in the block (a quoted turn that holds it is not enough)."""
    hits = zh_store.context(question, budget_ms=10_000).hits
    assert any(word in h["statement"] for h in hits if h["origin"] != "episode"), [h["statement"] for h in hits]


def test_a_number_told_in_passing_answers_the_users_phone_question(tmp_path, embedder) -> None:  # noqa: ARG001
    m = Memory(db=str(tmp_path / "m.db"), user="kofi")
    try:
        say_all(m, ["Switched carriers last week and the number's different again, it's 555-0433 now.",
                    "My brother Kwame's number is 555-0611."])
        block = block_of(m, "What's my phone number?")
        assert "555-0433" in block
        assert "555-0611" not in block  # the brother's number is no answer for the user
    finally:
        m.close()
