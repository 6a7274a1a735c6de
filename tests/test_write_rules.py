"""Clause-level extraction with subject + attribute slots (issue 10), zh and en, and the
decisions that used to lose facts. Pure rules: no model, no store."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.models import Decision
from memcli.write.extract import RuleExtractor, Utterance
from memcli.write.judge import OfflineJudge, compare_slot, guard
from memcli.write.rules import analyze

AT = datetime(2026, 3, 10, 12, 0, tzinfo=UTC)


def got(text: str) -> list[tuple[str, str | None]]:
    return [(c.statement, c.slot) for c in RuleExtractor().extract(Utterance(1, "u", "user", text, AT))]


@pytest.mark.parametrize(("text", "expected"), [
    ("我领导叫王建国。", [("我领导叫王建国", "boss.name")]),
    ("我小姨身高才158厘米。", [("我小姨身高才158厘米", "maternal_aunt.height")]),
    ("我堂哥在杭州一家银行上班。", [("我堂哥在杭州一家银行上班", "paternal_cousin_elder_male.workplace")]),
    ("赵敏的生日是在6月3日。", [("赵敏的生日是在6月3日", "person:赵敏.birthday")]),
    ("我老家是重庆的。", [("我老家是重庆的", "hometown")]),
    ("我平时穿的跑鞋是李宁的。", [("我平时穿的跑鞋是李宁的", "thing:跑鞋.brand")]),
    ("我姐姐住在成都，她是建筑师", [("我姐姐住在成都", "elder_sister.residence"), ("我姐姐是建筑师", "elder_sister.job")]),  # noqa: E501
    ("这双鞋穿着很舒服，就是不太透气", [("这双鞋穿着很舒服", "thing:鞋.opinion.舒服"), ("这双鞋不太透气", "thing:鞋.opinion.透气")]),  # noqa: E501
    ("My wife Anna is a nurse and she loves jazz", [("My wife Anna is a nurse", "wife.job"),
                                                    ("My wife Anna loves jazz", "wife.like.jazz")]),
    ("I live in Paris and work at Google", [("I live in Paris", "residence"), ("I work at Google", "workplace")]),
    ("My wife's brother works at a bank in Boston", [("My wife's brother works at a bank in Boston",
                                                      "wife.brother.workplace")]),
    ("I love cats and dogs", [("I love cats", "like.cat"), ("I love dogs", "like.dog")]),
])
def test_clauses_subjects_and_slots(text: str, expected: list) -> None:
    assert got(text) == expected


@pytest.mark.parametrize("text", [
    "今天天气真好", "我今天好累啊", "如果我有钱，我就买房", "我想去日本旅游", "明天下午三点开会", "你觉得呢？",
    "谢谢你的帮助！", "I'm so sleepy today", "If I had money I would buy a boat", "Thanks, that sounds great!",
    "I'm going to visit my mom next week", "What's the weather like today?",
])
def test_chatter_plans_wishes_questions_are_not_memories(text: str) -> None:
    assert got(text) == []


@pytest.mark.parametrize(("text", "statement", "day"), [
    ("Yesterday I adopted a dog", "I adopted a dog", 9),
    ("昨天我领养了一只狗", "我领养了一只狗", 9),
    ("Last month I started learning Spanish", "I started learning Spanish", None),
])
def test_relative_time_resolves_against_the_utterance(text: str, statement: str, day: int | None) -> None:
    [c] = RuleExtractor().extract(Utterance(1, "u", "user", text, AT))
    assert c.statement == statement
    assert c.valid_from < AT and c.confirmed_at == AT  # said on the 10th, held since before
    if day:
        assert c.valid_from.day == day
    else:
        assert (c.valid_from.month, c.valid_from.day) == (2, 10)


@pytest.mark.parametrize(("text", "statement", "day"), [  # said on Tuesday 10 March 2026
    ("上周三我开始学吉他了", "我开始学吉他了", (3, 4)),
    ("我上星期天领养了一只猫", "我领养了一只猫", (3, 8)),
    ("上周末我们搬到了苏州", "我们搬到了苏州", (3, 7)),
    ("上个星期一我开始学吉他了", "我开始学吉他了", (3, 2)),
    ("上周我开始学吉他了", "我开始学吉他了", (3, 3)),  # no day named: a week before
])
def test_a_day_of_last_week_is_that_day_not_a_week_before(text: str, statement: str, day: tuple) -> None:
    """上周三 is the Wednesday of the calendar week before the utterance's (weeks start on Monday),
    not seven days before it (it was read as 上周 alone: a memory said on a Tuesday dated last Tuesday)."""
    [c] = RuleExtractor().extract(Utterance(1, "u", "user", text, AT))
    assert (c.statement, (c.valid_from.month, c.valid_from.day)) == (statement, day)
    assert c.confirmed_at == AT


def test_different_subjects_never_conflict() -> None:
    a, b, c = analyze("我表哥是博士"), analyze("我表妹是硕士"), analyze("我同事只读到高中")
    assert len({a.subject, b.subject, c.subject}) == 3
    assert guard(b, a) == guard(c, b) == "different subject"
    assert compare_slot(b, a) is None


@pytest.mark.parametrize(("old", "new", "decision"), [
    ("我领导叫王建国", "我领导叫李明", Decision.CONFLICT),
    ("我超爱川菜", "川菜我一点都不喜欢", Decision.CONFLICT),  # topic-first negation
    ("I have two cats", "I don't have any cats", Decision.CONFLICT),
    ("我住在杭州", "我住在杭州西湖区", Decision.UPDATE),
    ("我怕坐飞机", "我怕坐飞机，尤其是起飞的时候", Decision.UPDATE),
])
def test_same_slot_decisions(old: str, new: str, decision: Decision) -> None:
    hit = compare_slot(analyze(new), analyze(old))
    assert hit is not None and hit[0] == decision


@pytest.mark.parametrize(("old", "new"), [
    ("I'm a vegetarian", "I'm a teacher"),  # a diet is not a job
    ("I take vitamin D every morning", "I take vitamin C every morning"),  # one changed entity
    ("我对青霉素过敏", "我对头孢过敏"),
    ("My friend lives in Boston", "My friend lives in Denver"),  # maybe another friend
])
def test_unsure_pairs_are_kept_both(old: str, new: str) -> None:
    from memcli.models import Candidate
    from memcli.write.judge import Neighbor

    hit = compare_slot(analyze(new), analyze(old))
    assert hit is None or hit[0] == Decision.ADD
    nb = Neighbor(id=1, statement=old, slot=analyze(old).slot, cosine=0.99, valid_from=AT, origin="explicit",
                  confidence=0.95)
    verdict = OfflineJudge().judge(Candidate(statement=new, valid_from=AT, slot=analyze(new).slot), [nb])
    assert verdict.decision == Decision.ADD


@pytest.mark.parametrize(("text", "said"), [
    ("最近胃不好，不能吃辣了", ["我最近胃不好", "我不能吃辣了"]),
    ("腰不太好，不能久坐", ["我腰不太好", "我不能久坐"]),
    ("我妈最近身体不好，胃也不舒服", ["我妈最近身体不好", "我妈胃也不舒服"]),
])
def test_a_body_topic_without_a_possessor_is_the_speakers(text: str, said: list[str]):
    """A part of the body with no possessor (胃, 腰) is the speaker's: the clause is the user's and so
    is a subjectless clause after it; after a relative's clause it stays the relative's."""
    from memcli.write.rules.zh import extract_matches

    assert [m.statement for m in extract_matches(text)] == said


@pytest.mark.parametrize(("clauses", "carried"), [
    (["我表哥是广东人", "特别爱喝早茶"], [None, "我表哥"]),
    (["我同事小陈是四川人", "特别能吃辣"], [None, "我同事小陈"]),
    (["最近胃不好", "不能吃辣了"], [None, "我"]),
    (["我本科读的是川大", "计算机专业"], [None, "我本科读的是"]),  # a bare noun phrase: the next value of X是
    (["楼下那家面馆很好吃", "价格也便宜"], [None, None]),  # a thing's subject is not carried
    (["我妈的手机号是13957216630", "有事可以打给她"], [None, None]),
])
def test_carried_subjects(clauses: list[str], carried: list[str | None]):
    """The subject a Chinese clause drops is the one before it, when that is a person (or the user)."""
    from memcli.write.rules.zh_carry import carried_subjects

    assert carried_subjects(clauses) == carried


@pytest.mark.parametrize(("text", "said"), [
    ("我养了三条狗，一条叫旺财", ["我养了三条狗", "我的一条狗叫旺财"]),  # one of the things owned is named
    ("我们部门换了新总监，叫孙磊", ["我们部门的新总监叫孙磊"]),  # the name is the new relation's, not the team's
    ("小区门口那家咖啡馆叫拾光咖啡，我每周都去", ["我每周都去拾光咖啡"]),  # 去 (there): the café just named
    ("我有个儿子，叫乐乐", ["我有个儿子", "我的儿子叫乐乐"]),  # already the subject: named once, not 我的儿子的儿子
    ("我换了个新领导，叫周敏", ["我的新领导叫周敏"]),  # the new boss's name, never the user's (我叫周敏)
])
def test_a_dropped_subject_or_object_is_the_one_just_named(text: str, said: list[str]):
    """Chinese drops what the clause before named: the subject (一条 of the dogs, the new 总监) or
    the object of 去 (the café named just before)."""
    from memcli.write.rules.zh import extract_matches

    assert [m.statement for m in extract_matches(text)] == said


def test_no_subject_is_carried_into_a_duty_or_a_plan():
    from memcli.write.rules.zh_carry import carried_subjects

    assert carried_subjects(["我有高血压", "要少吃盐"]) == [None, None]
    assert carried_subjects(["我表哥是厨师", "打算明年开个饭馆"]) == [None, None]


@pytest.mark.parametrize(("text", "said"), [
    ("我老家是广东的，潮汕的", ["我老家是广东的，潮汕的"]),  # the place said more precisely: part of the fact
    ("哈密人，我住在乌鲁木齐", ["我住在乌鲁木齐"]),
])
def test_a_place_that_starts_with_a_laugh_is_no_laugh(text: str, said: list[str]):
    """哈 strips as a filler only when laughed (哈哈, 哈，): 哈尔滨, 哈密 are places."""
    from memcli.write.rules.zh import extract_matches, prepare

    assert prepare("哈尔滨的") == "哈尔滨的" and prepare("哈哈，我住在上海") == "我住在上海"
    assert [m.statement for m in extract_matches(text)] == said


@pytest.mark.parametrize(("text", "slot"), [
    ("前年我们全家搬到了成都", "residence"), ("我们一家人都住在厦门", "residence"),
    ("我们公司搬到了滨江", "thing:公司.fact.搬到"),  # the company's move is not the user's
])
def test_we_who_move_include_the_user(text: str, slot: str):
    """Issue 19 §3: a move told as the family's (我们全家搬到…) is where the user lives now."""
    from memcli.write.rules.zh import extract_matches

    assert [m.slot for m in extract_matches(text)] == [slot]



@pytest.mark.parametrize(("text", "kinds"), [
    ("这阵子腰不太好", ["health"]), ("My knee is bad these days", ["health"]),
    ("我家狗叫旺财", ["other"]), ("我叫王伟", ["identity"]),
])
def test_the_body_is_health_and_a_things_name_no_identity(text: str, kinds: list[str]):
    """The new-user trial's wrong kinds: 最近胃不好 was a preference, a cat's name an identity fact."""
    from memcli.write.rules import extract_matches

    assert [str(m.kind) for m in extract_matches(text)] == kinds
