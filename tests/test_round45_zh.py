"""Chinese, round 45: exceptions kept, a pet or person told by name alone, people listed, a past job asked by name, a
bare pronoun, a sincere 呵呵.

Own sentences; one database, one user per story, each turn drained on its own (the default extractor and model):

- an exception told beside a fact stays in its statement and out of its slot (``write/exception_told``);
- 咪咪去年送人了 after 我家猫叫咪咪 ends the cat's name (``write/thing_ended.name_ended_zh``); 冬冬离职了 after
  我有个同事叫冬冬 is kept (``name_event_zh``);
- 我有两个同事，小李和小王: two colleagues by name, nothing owned (``rules/zh_lists.named_members``);
- 我朋友阿伟以前是厨师 is 阿伟's job (``person:阿伟.job``); 阿伟以前做什么 is answered by it (``write/past_value``,
  ``read/time_intent``); 他现在干什么工作 reads as the one other person told (``read/subject.pronoun_named``);
- 呵呵 after a sincere liking keeps it; after an over-the-top liking of a burden it is sarcasm (``write/joking``).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.read.time_intent import asks_past
from memcli.write.exception_told import split_exceptions
from memcli.write.joking import without_jokes
from memcli.write.rules.zh_lists import named_members
from memcli.write.thing_ended import name_ended_zh, name_event_zh
from tests._stores import active_and_ended, block_of, users_told_apart

START = datetime(2026, 6, 1, 9, tzinfo=UTC)
#: user → the turns told, two days apart from START, each drained on its own
STORIES = {
    "exc": ["我不抽烟，朋友聚会除外", "我晚上不喝茶，除了考试前那几天", "我什么鱼都吃，就是不吃带刺多的",
            "除了芒果，我什么水果都爱吃", "I never eat dessert except at weddings"],
    "pet": ["我家狗叫球球", "球球去年送人了", "我有个同事叫蓓蓓", "蓓蓓上个月离职了"],
    "list": ["我有三个同事，小金、阿芬和老胡"],
    "past": ["我朋友大勇以前是司机", "大勇现在开了一家面馆"],
    "one": ["我老公国平在银行上班"],
    "two": ["我舅舅在中学教书", "我姑姑是牙医"],
    "hehe": ["我太喜欢楼下那家面包店了，呵呵", "我最喜欢周一开会了，呵呵"],
}


@pytest.fixture(scope="module")
def mems(tmp_path_factory, embedder):  # noqa: ANN001, ANN201
    db = str(tmp_path_factory.mktemp("r45") / "m.db")
    out = users_told_apart(db, STORIES, START, embedder)
    yield out
    for m in out.values():
        m.close()


def test_an_exception_stays_in_the_fact_and_out_of_its_slot(mems) -> None:  # noqa: ANN001
    active, _ = active_and_ended(mems["exc"])
    for fact, slot in (("我不抽烟，朋友聚会除外", "like.烟"), ("我晚上不喝茶，除了考试前那几天", "fact.喝茶"),
                       ("我什么鱼都吃，就是不吃带刺多的", "like.鱼"), ("除了芒果，我什么水果都爱吃", "like.水果"),
                       ("I never eat dessert except at weddings", "like.dessert")):
        assert active.get(fact) == slot, (fact, active)  # the slot read without the exception
    assert len(active) == 5, active  # no exception read as a fact of its own


@pytest.mark.parametrize(("text", "read"), [
    ("我不喝可乐，周末除外", "我不喝可乐"),
    ("我很少熬夜，只有赶项目的时候例外", "我很少熬夜"),
    ("除了跑步，我还喜欢打羽毛球", "除了跑步，我还喜欢打羽毛球"),  # 除了…还: besides, no exception
    ("我住在杭州，就是不太习惯吃甜", "我住在杭州，就是不太习惯吃甜"),  # no clause of all of a kind before
    ("大家都说这件外套好看，就是不知道暖不暖和", "大家都说这件外套好看，就是不知道暖不暖和"),  # a doubt, no exception
    ("I drink tea, except in summer.", "I drink tea."),
    ("I live apart from my parents.", "I live apart from my parents."),  # no comma: no exception
])
def test_split_exceptions(text: str, read: str) -> None:
    assert split_exceptions(text)[0] == read


def test_a_pet_told_by_its_name_alone_ends_its_name(mems) -> None:  # noqa: ANN001
    active, ended = active_and_ended(mems["pet"])
    assert "我家狗叫球球" in ended, (active, ended)
    assert any("球球" in s and "送人" in s for s in active), active
    assert any(s.startswith("蓓蓓") and "离职" in s for s in active), active  # a person by name alone: kept
    assert [name_event_zh(t) for t in ("阿凯结婚了", "阿凯想辞职", "阿凯辞职了吗")] == [True, False, False]
    assert [name_ended_zh(t) for t in ("豆豆上个月走丢了", "我把花花送人了", "我的狗送人了", "我不想把球球送人",
                                       "小刘累死了", "今天热死了")] == [True, True, False, False, False, False]


def test_people_listed_after_a_counted_relation_are_people(mems) -> None:  # noqa: ANN001
    active, _ = active_and_ended(mems["list"])
    names = {s: slot for s, slot in active.items() if any(n in s for n in ("小金", "阿芬", "老胡"))}
    assert len(names) == 3 and set(names.values()) == {"colleague.name"}, active
    assert not any((slot or "").startswith("owns.") for slot in active.values()), active
    assert named_members("我有两个邻居", "都很热情") is None
    assert named_members("我有两个本子", "小红和小蓝") is None  # not a relation: no people


def test_a_past_job_told_by_name_has_the_job_slot_and_answers_the_past_question(mems) -> None:  # noqa: ANN001
    active, _ = active_and_ended(mems["past"])
    assert active.get("我朋友大勇以前是司机") == "person:大勇.job", active
    assert "司机" in block_of(mems["past"], "大勇以前做什么")
    assert [asks_past(q) for q in ("大勇以前做什么", "我舅舅以前在哪上班", "我睡觉以前做什么", "大勇现在做什么")] == [
        True, True, False, False]


def test_a_bare_pronoun_reads_as_the_one_person_told_and_never_guesses(mems) -> None:  # noqa: ANN001
    from memcli.read.subject import pronoun_named

    assert "银行" in block_of(mems["one"], "他现在在哪上班")
    assert pronoun_named(mems["one"].store, "one", "他现在在哪上班") == "我老公现在在哪上班"
    assert pronoun_named(mems["one"].store, "one", "她现在在哪上班") == "她现在在哪上班"  # the one told is a man
    assert pronoun_named(mems["two"].store, "two", "他在哪上班") == "他在哪上班"  # two fit: none is guessed


def test_a_sincere_liking_said_with_hehe_stays_and_sarcasm_does_not(mems) -> None:  # noqa: ANN001
    active, _ = active_and_ended(mems["hehe"])
    assert any("面包店" in s and "呵呵" not in s for s in active), active
    assert not any("开会" in s for s in active), active
    assert without_jokes("我真的好爱游泳，哈哈") == "我真的好爱游泳"
    assert without_jokes("我最爱排队了，呵呵") == ""
