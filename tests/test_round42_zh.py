"""Chinese, round 42: what changes, what was told in passing, and what a question about it finds.

Own sentences; one database, one user per story, each turn drained on its own (the default extractor and model):

- a job change told in one sentence with where it left (从X跳槽到了Y) is the new workplace, the old one ended; a move
  between departments (调到了人事部) ends the old department and leaves the employer (``rules/job_moved``,
  ``rules/spots.is_department``, slot ``department``);
- a month inside a year (2025年4月, 去年三月) is the period a question asks: it reads the facts valid then
  (``read/time_intent.month_window``);
- a trip told without a verb of planning (我下个月去厦门) is the plan's destination; a change that names it ends it;
  a work trip and a holiday are two trips (``rules/zh_plan``, ``write/plan_kept``);
- what the user does at a recurring time (我周末干嘛) is answered by what names that time, else by nothing
  (``read/routine``);
- a counted list cut by commas is one fact per counted thing; one more of a kind (又买了一辆) is a second, not a
  restatement (``rules/zh_lists``, ``write/another_one``).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.read.routine import routine_time
from memcli.read.time_intent import month_window
from memcli.write.rules.zh import extract_matches
from memcli.write.rules.zh_plan import plan_made
from tests._stores import active_and_ended, block_of, users_told_apart

START = datetime(2026, 3, 2, 9, tzinfo=UTC)
#: user → the turns told, two days apart from START, each drained on its own
STORIES = {
    "job": ["我在小米做产品经理", "我从小米跳槽到了京东"],
    "dept": ["我在招商银行工作", "我在财务部上班", "我被调到了人事部"],
    "trip": ["我下个月去厦门", "我不去厦门了，改去桂林"],
    "two_trips": ["下周我要去武汉出差", "国庆我打算去丽江旅游"],
    "weekend": ["我喜欢吃火锅", "我每周日去打羽毛球"],
    "no_weekend": ["我喜欢吃火锅", "我在苏州读研究生"],
    "cars": ["我有一辆电动车", "我又买了一辆电动车"],
}
#: a home told on two dates of 2025 (the month question reads the one valid in April)
HOMES = [("2025-01-12T09:00:00+08:00", "我住在宁波"), ("2025-08-20T09:00:00+08:00", "我搬到了绍兴")]


@pytest.fixture(scope="module")
def mems(tmp_path_factory, embedder):  # noqa: ANN001, ANN201
    db = str(tmp_path_factory.mktemp("r42") / "m.db")
    out = users_told_apart(db, STORIES, START, embedder)
    from memcli import Memory

    out["home"] = Memory(db=db, user="home", embedder=embedder)
    for at, text in HOMES:
        out["home"].capture(text, at=at)
        out["home"].drain()
    out["home"].warm()
    yield out
    for m in out.values():
        m.close()


def test_a_job_change_told_with_where_it_left_is_the_new_workplace(mems) -> None:  # noqa: ANN001
    active, ended = active_and_ended(mems["job"])
    assert [s for s, slot in active.items() if slot == "workplace" and "京东" in s], active
    assert "我在小米做产品经理" in ended, (active, ended)
    assert "京东" in block_of(mems["job"], "我现在在哪工作？")


def test_a_move_between_departments_ends_the_old_one_and_keeps_the_employer(mems) -> None:  # noqa: ANN001
    active, ended = active_and_ended(mems["dept"])
    assert {slot for s, slot in active.items() if "人事部" in s} == {"department"}, active
    assert "我在财务部上班" in ended and "我在招商银行工作" in active, (active, ended)
    block = block_of(mems["dept"], "我现在在哪个部门？")
    assert "人事部" in block and "财务部" not in block, block


@pytest.mark.parametrize(("said", "slot"), [
    ("我被调到了人事部", "department"), ("我从销售部调到了市场部", "department"), ("我从美团跳槽到了滴滴", "workplace"),
    ("去年我跳槽到了滴滴", "workplace"), ("我调到夜班了", None)])
def test_a_change_of_job_or_department_read_from_one_clause(said: str, slot: str | None) -> None:
    slots = {m.slot for m in extract_matches(said)}
    assert (slot in slots) if slot else not slots & {"department", "workplace", "job"}, slots


def test_a_month_inside_a_year_reads_the_facts_valid_then(mems) -> None:  # noqa: ANN001
    block = block_of(mems["home"], "2025年4月我住在哪？")
    assert "宁波" in block and "绍兴" not in block, block


@pytest.mark.parametrize(("question", "month"), [
    ("去年三月我在哪上班", (2025, 3)), ("今年5月份我住哪", (2026, 5)), ("2024年12月我养了什么", (2024, 12)),
    ("去年我在哪上班", None), ("2025年3月5号我吃了什么", None), ("去年三月以前我住哪", None)])
def test_month_window(question: str, month: tuple[int, int] | None) -> None:
    got = month_window(question, datetime(2026, 7, 1, tzinfo=UTC))
    assert ((got[0].year, got[0].month) if got else None) == month, got


def test_a_changed_plan_ends_the_trip_it_names(mems) -> None:  # noqa: ANN001
    active, ended = active_and_ended(mems["trip"])
    assert "我下个月去厦门" in ended and active.get("我不去厦门了，改去桂林") == "plan.destination", (active, ended)


def test_a_work_trip_and_a_holiday_are_two_trips(mems) -> None:  # noqa: ANN001
    active, _ = active_and_ended(mems["two_trips"])
    assert {s for s, slot in active.items() if slot == "plan.destination"} == set(STORIES["two_trips"]), active


@pytest.mark.parametrize(("said", "place"), [
    ("我下个月去厦门", "厦门"), ("下周我要去武汉出差", "武汉"), ("我下周去医院", None), ("我今年三月去北京", None),
    ("我五月去了杭州", None)])
def test_a_trip_told_without_a_verb_of_planning(said: str, place: str | None) -> None:
    m = plan_made(said)
    assert (m.value if m else None) == place


def test_what_i_do_at_the_weekend_finds_what_names_it(mems) -> None:  # noqa: ANN001
    block = block_of(mems["weekend"], "我周末干嘛？")
    assert "羽毛球" in block and "火锅" not in block, block
    assert block_of(mems["no_weekend"], "我周末一般做什么") == ""


@pytest.mark.parametrize(("question", "asked"), [("我周末干嘛？", True), ("我周三晚上一般做什么", True),
                                                 ("我上周末干嘛了", False), ("我周末干嘛了", False),
                                                 ("我喜欢吃什么", False)])
def test_routine_time(question: str, asked: bool) -> None:
    assert (routine_time(question) is not None) == asked


@pytest.mark.parametrize(("said", "facts"), [
    ("我养了两只兔子，一只鹦鹉", {"owns.兔子", "owns.鹦鹉"}),
    ("我有一个姐姐，两个弟弟", {"has.elder_sister", "has.younger_brother"}),
    ("我有两个儿子，一个上初中", {"has.son"}), ("我有两个孩子，一个儿子一个女儿", {"has.child"})])
def test_a_counted_list_cut_by_commas(said: str, facts: set[str]) -> None:
    assert {m.slot for m in extract_matches(said)} == facts


def test_one_more_of_a_kind_is_a_second(mems) -> None:  # noqa: ANN001
    active, _ = active_and_ended(mems["cars"])
    assert set(STORIES["cars"]) <= set(active), active
