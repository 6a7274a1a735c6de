"""Chinese, round 44: a job replaced, asked by name or relation; a named employer after a job left; several colleagues.

Own sentences; one database, one user per story, each turn drained on its own (the default extractor and model):

- a relative's job replaced (建国现在改行做厨师了 after 我老公建国在邮局上班) is the relation's job now, the old one
  ended; the name jieba glued to the next word (建国现 / 在…) is cut back (``rules/zh_subject.name_overrun``), 改行 /
  转行 做Y is the job (``rules/job_verbs``), and a question by the name (秀兰在哪上班) reads as by the relation when the
  memories key the name under one relation (``read/subject.kin_named``);
- an employer after a job left is read by where it stands, whatever jieba tags it (加入了蔚来, 一家叫远山的公司), not a
  trip, a rest or a town (去了一趟桂林, 在家); 离开了<a named employer> is the job left (``rules/job_left``);
- several colleagues are one fact each (我另一个同事小彭…, 我还有个同事叫冬冬), none ending another.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.write.rules.job_left import employer_named, zh_after_left, zh_left_named
from memcli.write.rules.job_verbs import zh_job_verb
from memcli.write.rules.zh import extract_matches
from memcli.write.rules.zh_lists import one_more_named
from memcli.write.rules.zh_subject import name_overrun
from tests._stores import active_and_ended, block_of, users_told_apart

START = datetime(2026, 5, 4, 9, tzinfo=UTC)
#: user → the turns told, two days apart from START, each drained on its own
STORIES = {
    "hus": ["我老公建国在邮局上班", "建国现在改行做厨师了"],
    "wife": ["我老婆叫秀兰", "我老婆在超市当收银员", "我老婆跳槽去了一家物业公司"],
    "joined": ["我在顺丰上班", "我从顺丰离职了，加入了蔚来"],
    "named": ["我在中信证券做分析师", "我离开了中信证券，去了一家叫远山的公司"],
    "trip": ["我在一家旅行社上班", "我辞职了，去了一趟桂林"],
    "col": ["我有两个同事，一个叫大卫，一个叫阿珍", "我另一个同事小彭喜欢下棋", "我还有个同事叫冬冬"],
}


@pytest.fixture(scope="module")
def mems(tmp_path_factory, embedder):  # noqa: ANN001, ANN201
    db = str(tmp_path_factory.mktemp("r44") / "m.db")
    out = users_told_apart(db, STORIES, START, embedder)
    yield out
    for m in out.values():
        m.close()


def test_a_relatives_job_replaced_by_name_ends_the_old_and_answers_by_name_and_relation(mems) -> None:  # noqa: ANN001
    active, ended = active_and_ended(mems["hus"])
    assert "我老公建国在邮局上班" in ended, (active, ended)
    assert active.get("建国现在改行做厨师了") == "husband.job", active
    for q in ("建国做什么工作", "我老公做什么工作"):
        assert "厨师" in block_of(mems["hus"], q).splitlines()[1], (q, block_of(mems["hus"], q))


def test_a_question_by_the_name_finds_the_workplace_told_by_the_relation(mems) -> None:  # noqa: ANN001
    active, ended = active_and_ended(mems["wife"])
    assert active.get("我老婆跳槽去了一家物业公司") == "wife.workplace", active
    assert "我老婆在超市当收银员" in ended, ended
    block = block_of(mems["wife"], "秀兰在哪上班")
    assert "物业公司" in block, block


def test_a_named_employer_joined_after_a_job_left_is_the_workplace_now(mems) -> None:  # noqa: ANN001
    active, ended = active_and_ended(mems["joined"])
    assert "我在顺丰上班" in ended and active.get("我现在在蔚来上班") == "workplace", (active, ended)
    active, ended = active_and_ended(mems["named"])
    assert "我在中信证券做分析师" in ended and active.get("我现在在远山公司上班") == "workplace", (active, ended)
    assert "远山" in block_of(mems["named"], "我在哪工作")


def test_a_trip_after_a_job_left_is_no_workplace(mems) -> None:  # noqa: ANN001
    active, _ = active_and_ended(mems["trip"])
    assert not any("桂林" in s and slot and slot.endswith("workplace") for s, slot in active.items()), active


def test_several_colleagues_are_one_fact_each(mems) -> None:  # noqa: ANN001
    active, ended = active_and_ended(mems["col"])
    for name in ("大卫", "阿珍", "小彭", "冬冬"):
        assert any(name in s for s in active), (name, active)
    assert not any("同事" in s for s in ended), ended
    assert active.get("我有个同事叫冬冬") == "colleague.name", active
    block = block_of(mems["col"], "我同事叫什么")
    assert all(n in block for n in ("大卫", "阿珍", "冬冬")), block


@pytest.mark.parametrize(("before", "clause", "now"), [
    ("我从奇瑞辞职了", "现在在得物", "我现在在得物上班"), ("我辞职了", "加入了小红书", "我现在在小红书上班"),
    ("我离职了", "入职了苏宁", "我现在在苏宁上班"), ("我从携程辞职了", "去了海信", "我现在在海信上班"),
    ("我离开了交通银行", "去了一家叫青松的公司", "我现在在青松公司上班"),
    ("我不当老师了", "去了一家培训机构", "我现在在一家培训机构上班"),
    ("我离开了太平洋保险", "进了光大证券", "我现在在光大证券上班"),
    ("我辞职了", "去了一趟杭州", None), ("我辞职了", "现在在家", None), ("我辞职了", "去了杭州", None),
    ("我辞职了", "去了海边", None), ("我辞职了", "去了朋友家", None), ("我辞职了", "在外地", None),
    ("我离开了北京", "去了深圳", None), ("我辞职了", "在家休息", None), ("我辞职了", "去了健身房", None),
    ("我离开了小王", "去了海信", None)])
def test_where_one_went_after_a_job_left_by_its_place(before: str, clause: str, now: str | None) -> None:
    assert zh_after_left(clause, before) == now


@pytest.mark.parametrize(("org", "joined", "is_employer"), [
    ("律所", False, True), ("得物", False, True), ("奇瑞", False, True), ("一家叫青松的公司", False, True),
    ("苏宁", True, True), ("联想", True, True), ("苏宁", False, False), ("杭州", False, False),
    ("海淀区", False, False), ("家", False, False), ("努力", False, False),
    ("准备", False, False), ("小王", False, False), ("一家咖啡馆", False, False)])
def test_employer_named(org: str, joined: bool, is_employer: bool) -> None:
    assert employer_named(org, joined=joined) is is_employer


@pytest.mark.parametrize(("clause", "said"), [
    ("我离开了光大证券", "我从光大证券离职了"), ("我离开了杭州", None), ("我离开了张伟", None), ("我离开了家", None),
    ("我离开诊所了", None), ("我没离开光大证券", None)])
def test_an_employer_left_by_its_name(clause: str, said: str | None) -> None:
    assert zh_left_named(clause) == said


@pytest.mark.parametrize(("predicate", "job"), [
    ("现在改行做律师了", "律师"), ("转行当会计了", "会计"), ("改行开出租车了", "出租车司机"), ("转行了", None),
    ("改行做生意了", None)])
def test_a_new_trade_is_the_job(predicate: str, job: str | None) -> None:
    assert zh_job_verb(predicate) == job


@pytest.mark.parametrize(("name", "clause", "cut"), [
    ("小明现", "小明现在改行做律师了", 2), ("小军改行", "小军改行做程序员了", 2), ("王建华", "王建华在银行上班", None)])
def test_a_name_jieba_ran_into_the_next_word(name: str, clause: str, cut: int | None) -> None:
    assert name_overrun(name, clause) == cut


@pytest.mark.parametrize(("said", "slots"), [
    ("我另一个同事小陈喜欢打游戏", ["person:小陈.like.打游戏"]),
    ("我另外一个同事老刘住在顺义", ["person:老刘.residence"]),
    ("我有个同事叫小李，还有个同事叫小王", ["colleague.name", "colleague.name"]),
    ("我喜欢猫，另外我也喜欢狗", ["like.猫", "like.狗"]),
    ("我不当医生了", ["event.不当医生"])])
def test_extracted_slots(said: str, slots: list[str]) -> None:
    assert [m.slot for m in extract_matches(said)] == slots


def test_one_more_named_is_an_introduction_only_for_a_relation_many_have() -> None:
    assert one_more_named("我还有个同事叫佳佳") == "我有个同事叫佳佳"
    assert one_more_named("还有个朋友叫阿光。") == "我有个朋友叫阿光"
    assert one_more_named("我还有个哥哥叫大宝") is None
