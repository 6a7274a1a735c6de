"""Chinese, round 43: a job told by its change, a name beside a relation, a habit of someone else's at a recurring time.

Own sentences; one database, one user per story, each turn drained on its own (the default extractor and model):

- a job left and the place gone to (我辞职了，去了一家出版社; 我离开诊所了，现在在一家药企上班) is the workplace
  now, the old one ended; an employer's kind after 一家 alone (我在一家律所) is a workplace, not ``fact.一家``
  (``rules/job_left``);
- a relation named beside its name (我老婆林悦是护士, 我女儿朵朵…) keeps the relation's key, as "My wife Ana is a nurse"
  does, and the name becomes the relation's name fact; a colleague named stays ``person:…`` (one of many);
- a recurring time said before the subject (每周三我儿子…) is the habit's time, and 我儿子周末干嘛 / 我周末干嘛 keep
  only the asked person's habits (``rules/zh_subject.recurring_first``, ``read/routine``).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.write.rules.job_left import employer_alone, zh_after_left
from memcli.write.rules.zh import extract_matches
from tests._stores import active_and_ended, block_of, users_told_apart

START = datetime(2026, 4, 6, 9, tzinfo=UTC)
#: user → the turns told, two days apart from START, each drained on its own
STORIES = {
    "left": ["我在一家诊所当前台", "我离开诊所了，现在在一家药企上班"],
    "quit": ["我在报社上班", "我从报社辞职了，去了一家广告公司"],
    "alone": ["我在一家律所"],
    "wife": ["我老婆林悦在社区医院当护士", "我喜欢钓鱼"],
    "kids": ["每周三我儿子去上钢琴课", "我老婆周末一般去健身房", "我喜欢吃烧烤"],
}


@pytest.fixture(scope="module")
def mems(tmp_path_factory, embedder):  # noqa: ANN001, ANN201
    db = str(tmp_path_factory.mktemp("r43") / "m.db")
    out = users_told_apart(db, STORIES, START, embedder)
    out["wife"].warm()
    yield out
    for m in out.values():
        m.close()


def test_a_workplace_left_by_name_ends_and_the_new_one_answers(mems) -> None:  # noqa: ANN001
    active, ended = active_and_ended(mems["left"])
    assert "我在一家诊所当前台" in ended, (active, ended)
    assert active.get("我现在在一家药企上班") == "workplace", active
    block = block_of(mems["left"], "我在哪工作？")
    assert "药企" in block and "诊所当前台" not in block, block


def test_the_place_gone_to_after_a_job_left_is_the_workplace_now(mems) -> None:  # noqa: ANN001
    active, ended = active_and_ended(mems["quit"])
    assert "我在报社上班" in ended and active.get("我现在在一家广告公司上班") == "workplace", (active, ended)
    assert "广告公司" in block_of(mems["quit"], "我现在在哪上班")


def test_an_employer_kind_after_yijia_alone_is_a_workplace(mems) -> None:  # noqa: ANN001
    active, _ = active_and_ended(mems["alone"])
    assert active == {"我在一家律所": "workplace"}, active
    assert "律所" in block_of(mems["alone"], "我在哪工作？")


@pytest.mark.parametrize(("said", "org"), [
    ("在一家咨询公司", "一家咨询公司"), ("现在在一所中学", "一所中学"), ("在一家出版社", "一家出版社"),
    ("在一家餐厅", None), ("今天在一家医院", None), ("在一家公司做会计", None)])
def test_employer_alone(said: str, org: str | None) -> None:
    assert employer_alone(said) == org


@pytest.mark.parametrize(("before", "clause", "now"), [
    ("我不在学校教书了", "去了一家出版社", "我现在在一家出版社上班"),
    ("我辞职了", "现在在一家物流公司", "我现在在一家物流公司上班"),
    ("我辞职了", "去了趟云南", None), ("我辞职了", "去了健身房", None), ("我没辞职", "现在在一家银行", None),
    ("我去了趟超市", "去了一家书店", None)])
def test_where_one_went_after_a_job_left(before: str, clause: str, now: str | None) -> None:
    assert zh_after_left(clause, before) == now


def test_a_relation_named_keeps_its_key_and_the_name(mems) -> None:  # noqa: ANN001
    active, _ = active_and_ended(mems["wife"])
    assert active.get("我老婆林悦在社区医院当护士") == "wife.job", active
    assert active.get("我老婆叫林悦") == "wife.name", active
    assert "护士" in block_of(mems["wife"], "林悦做什么工作")
    assert "护士" in block_of(mems["wife"], "我老婆是做什么的")
    assert "林悦" in block_of(mems["wife"], "我老婆叫什么名字")


@pytest.mark.parametrize(("said", "slots"), [
    ("我妈刘素芬住在宁波", {"mother.residence", "mother.name"}),
    ("我女儿朵朵今年六岁了", {"daughter.age", "daughter.name"}),
    ("我同事老周喜欢爬山", {"person:老周.like.爬山"}),  # one colleague of many: the named person, no relation's name
    ("我儿子天天在家看动画片", {"son.habit.动画片"}),  # 天天 is every day, no name
    ("每周五我老公去打羽毛球", {"husband.habit.羽毛球"}),
    ("每天早上我去公园跑步", {"habit.跑步"}),
])
def test_subjects_read(said: str, slots: set[str]) -> None:
    assert {m.slot for m in extract_matches(said)} == slots


def test_a_habit_of_someone_else_answers_only_about_them(mems) -> None:  # noqa: ANN001
    active, _ = active_and_ended(mems["kids"])
    assert active.get("我儿子每周三去上钢琴课") == "son.habit.钢琴课", active
    block = block_of(mems["kids"], "我儿子周三干嘛")
    assert "钢琴" in block and "健身房" not in block, block
    block = block_of(mems["kids"], "我老婆周末干嘛")
    assert "健身房" in block and "钢琴" not in block, block
    assert block_of(mems["kids"], "我周末一般做什么") == ""
