"""Round 47: changes told in everyday Chinese words (trial47b, a family-care user), on the write path.

- A thing swapped for a person inside a long visit message (…，把原来吃的X换成Y了): the new value stored for the person
  the message is about, the old one ended (kept as history, so 以前… questions answer).
- A plan dropped for another (X不回…了，<someone>说想带…去Y), a move done (今天搬家…新家在Y), an activity stopped and
  replaced (A课不上了，改成…学B): the new fact stored with its subject, the old one ended.
- A fact told of the past (以前在上一家…) never ends the current one.
- A complaint or feeling (压力山大, 画大饼, 愁人) and a relay with no news (…刚在群里改了) are chatter, not facts.

Own sentences; real stores (SQLite, the default model), captured and drained turn by turn
(:mod:`memcli.write.zh_change_told`).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memcli import Memory
from memcli.write.zh_change_told import complaint_only, past_kept, told_change

START = datetime(2026, 9, 1, 9, 0, tzinfo=UTC)


def _told(db: str, embedder, turns: list[str], apart: timedelta = timedelta(days=3)) -> dict:  # noqa: ANN001
    """Every memory (statement → item) after capturing ``turns`` ``apart`` (three days), draining after each."""
    with Memory(db=db, user="lin", embedder=embedder) as m:
        for n, text in enumerate(turns):
            m.capture(text, at=(START + n * apart).isoformat())
            s = m.drain()
            assert s.dead == 0 and s.retried == 0, s.errors
        return {i.statement: i for i in m.list(include_all=True)}


def _active(items: dict) -> set[str]:
    return {s for s, i in items.items() if i.invalid_at is None and i.expired_at is None}


def _ended(items: dict) -> set[str]:
    return {s for s, i in items.items() if i.invalid_at is not None}


def test_a_medicine_swapped_in_a_visit_message_ends_the_old_one(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["我外婆一直吃格列齐特控制血糖",
                                 "上午陪外婆复诊，大夫嫌她血糖控制得一般，把之前吃的格列齐特换成阿卡波糖了，每顿饭前一片"])
    active = _active(items)
    assert any("外婆" in s and "阿卡波糖" in s for s in active), items
    assert not any("格列齐特" in s for s in active), active
    assert "我外婆一直吃格列齐特控制血糖" in _ended(items), items


def test_a_swap_told_first_keeps_the_old_value_as_history(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["今天带我爸去看内分泌科，医生把原来吃的二甲双胍换成西格列汀了"])
    assert any(s.startswith("我爸现在吃西格列汀") for s in _active(items)), items
    assert any(s.startswith("我爸以前吃二甲双胍") for s in _ended(items)), items


def test_a_class_of_medicine_swapped_is_no_past_value() -> None:
    got = told_change("医生把我妈的降糖药换成格列美脲了")
    assert got is not None and got[0] == "我妈现在吃格列美脲" and got[1] == {}, got


def test_a_plan_dropped_for_a_place_another_clause_tells(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["我们国庆打算回老家看看", "国庆就不回老家了，我哥约我们一起去青岛，车票都买好了"])
    assert any("青岛" in s for s in _active(items)), items
    assert "我们国庆打算回老家看看" in _ended(items), items


def test_a_move_done_told_in_a_long_message_is_the_home(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["今天终于搬家了，腰都累断了，新家在江北观音桥那边"])
    home = [i for s, i in items.items() if "观音桥" in s]
    assert home and home[0].slot == "residence" and "住" in home[0].statement, items


def test_a_planned_move_done_ends_the_plan(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["我们看中了一套房子，打算年底从南岸搬到渝北，离我上班的地方近",
                                 "我们小区的停车费一个月三百", "昨天终于搬完家了，累得不行，新家在渝北龙湖那边"])
    assert any("渝北龙湖" in s for s in _active(items)), items
    plan = [i for s, i in items.items() if "南岸" in s]
    assert plan and plan[0].invalid_at is not None, items  # the plan ended, kept: it says where we lived before
    assert any("停车费" in s for s in _active(items)), items


def test_an_activity_stopped_and_replaced_keeps_its_subject(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["乐乐每周一周三放学去学书法", "乐乐的书法班也不去了，换成周日上午练跆拳道"])
    active = _active(items)
    assert "乐乐每周日上午练跆拳道" in active, items  # (周日: a class that replaces a class is weekly)
    assert not any(s.startswith("改成") for s in items), items
    assert "乐乐每周一周三放学去学书法" in _ended(items), items


def test_a_past_job_told_later_never_ends_the_current_one(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["我在一家快递公司做数据分析", "我之前在上家公司干的是市场推广，公司名叫星河传媒",
                                 "我老婆在一家幼儿园当老师", "我老婆以前在商场做导购"])
    assert {"我在一家快递公司做数据分析", "我老婆在一家幼儿园当老师"} <= _active(items), items
    past = [i for s, i in items.items() if "市场推广" in s]  # a former employer's job: history, in its slot
    assert past and past[0].invalid_at is not None and past[0].slot in ("job", "workplace"), items


@pytest.mark.parametrize(("new", "old", "kept"), [
    ("我以前在上一家公司做的是市场推广", "我在一家快递公司做数据分析", True),
    ("我妈原来在纺织厂上班", "我妈退休了", True),
    ("I used to work in retail", "I work as a nurse", True),
    ("我现在在一家银行上班，以前在保险公司", "我在保险公司上班", False),  # a change told with now
    ("我在一家银行上班", "我在保险公司上班", False),
    ("我以前住在成都", "我以前住在重庆", False),  # two pasts: the judge's
])
def test_past_kept(new: str, old: str, kept: bool) -> None:
    assert (past_kept(new, old) is not None) is kept


def test_complaints_and_empty_relays_are_no_facts(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["这个月房租又涨了五百，真是压力山大", "周会上经理又画大饼了",
                                 "她又把钥匙弄丢了，愁人", "物业刚在群里通知了"])
    assert any("房租" in s for s in items), items
    assert not any(w in s for s in items for w in ("压力山大", "画大饼", "愁人", "群里")), items


@pytest.mark.parametrize(("statement", "chatter"), [
    ("压力山大", True), ("我妈愁人", True), ("经理又画大饼", True), ("累瘫了", True), ("物业刚在群里通知了", True),
    ("我每个月房租四千五", False), ("我在群里说了我女儿叫小雨", False), ("我儿子学钢琴", False),
])
def test_complaint_only(statement: str, chatter: bool) -> None:
    assert complaint_only(statement) is chatter


@pytest.mark.parametrize("text", [
    "我们打算下个月搬家，新家在江北那边",  # a move planned, not done
    "明天搬家，新家在城东",
    "把头像换成了猫",  # nothing taken or used: no swap of a thing
    "周末不去爬山了，我老婆想去看电影",  # another doing, not a place
    "国庆不回老家了",  # a plan dropped, no new place told
    "老板把我的工位换成靠窗的了",  # the speaker's own thing: told_shapes reads it
    "上班时间改成九点了",  # a schedule: told_shapes reads it
    "我妈很喜欢吃苹果",
])
def test_no_change_read_where_none_is_told(text: str) -> None:
    assert told_change(text) is None


def test_a_relayed_correction_puts_the_turn_before_right(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["我儿子的体检定在下周二上午", "不对，是周五，班主任在家长群里说了"],
                  timedelta(minutes=2))
    active = _active(items)
    assert any("周五" in s for s in active) and not any("周二" in s for s in active), items
    assert not any("群里" in s for s in items), items
    items = _told(db, embedder, ["我女儿的钢琴考级在十一月九号", "不对，钢琴老师刚才在群里说了，是十六号"],
                  timedelta(minutes=2))
    assert any("十六号" in s for s in _active(items)), items


@pytest.mark.parametrize(("text", "read"), [
    ("不对，是十号，教练刚在群里说了", "不对，是十号"),
    ("不对，领队刚才在群里说了，是周六", "不对，是周六"),
    ("我说错了，是周四", "我说错了，是周四"),  # a slip owned: no relay
    ("物业刚在群里通知了", "物业刚在群里通知了"),  # nothing but the relay: no correction to read
])
def test_without_relay(text: str, read: str) -> None:
    from memcli.write.value_correction import without_relay

    assert without_relay(text) == read


def test_a_relatives_medicine_after_the_doctors_word_is_the_relatives(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["我爸每天吃阿司匹林", "我爸做完手术出院了，大夫让他按时换药，还要每天吃华法林"])
    active = _active(items)
    assert "我爸每天吃华法林" in active and "我爸每天吃阿司匹林" in active, items
    assert not any(s.startswith(("医生", "每天", "另外")) for s in items), items


def test_a_medicine_added_is_taken_beside_the_other(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["今天带外婆去医院，医生把原来吃的格列齐特换成阿卡波糖了，一天三次",
                                 "外婆的降糖药大夫又添了一种，格列美脲，晚饭后一块吃"])
    active = _active(items)
    assert any("阿卡波糖" in s for s in active) and any("格列美脲" in s for s in active), items
    assert not any("一块吃" in s for s in items), items
