"""Round 16's user trial: Chinese turns of several clauses whose facts were lost or misread, fixed as kinds
(sentences written for this test, none from a data set or the trial's store).

1. A pet named inside a having-clause with 还 / 家里 gives the pet's name; a clause without a subject after a
   being just introduced (是只…, 是医生) is that one's or nothing, never the user's.
2. A job taken up from a date (下周起去一家…做…) is the job; a fact marked past (以前…工作过) is history: a later
   change neither contradicts nor ends it, while the current job ends.
3. A move told with 我们 is the user's; a plan changed against the old one (不去…了，改去…) is one fact.
4. A correction's opener alone (我一直记错了) is no fact; a topic-first "not a bite" keeps its words in order.

The rules are read directly; the decisions on a real store with the default model, through capture → drain.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memcli.write.rules.zh import extract_matches


def _facts(text: str) -> list[tuple[str, str | None, str | None]]:
    return [(m.statement, m.slot, m.value) for m in extract_matches(text)]


# -- 1. a pet named in a having-clause, and what follows it ------------------------------------------------
@pytest.mark.parametrize(("text", "pet", "name"), [
    ("我们家还有一只鹦鹉叫可乐，是只虎皮鹦鹉", "鹦鹉", "可乐"),
    ("家里还有一只仓鼠叫团子，是只金丝熊", "仓鼠", "团子"),
    ("我家也有一条狗叫旺旺，今年三岁", "狗", "旺旺"),
])
def test_a_pet_named_in_a_having_clause_is_the_pets_name_and_nothing_is_the_users(text: str, pet: str,
                                                                                    name: str) -> None:
    got = _facts(text)
    assert (f"我的{pet}叫{name}", f"thing:{pet}.name", name) in got, got
    assert not any(s.startswith("我是") or s.startswith("我今年") for s, _, _ in got), got
    assert all(not slot or slot.startswith((f"thing:{pet}.", "owns.")) for _, slot, _ in got), got


def test_a_clause_after_someone_introduced_is_never_the_users() -> None:
    got = _facts("我有个朋友，是牙医")
    assert ("我的朋友是牙医", "friend.job", "牙医") in got, got  # a relation introduced is the subject


@pytest.mark.parametrize(("text", "owner"), [("我姐姐家有一只狗，是只金毛", "我姐姐"),
                                             ("我同事养了一只猫，是只橘猫", "我同事"),
                                             ("我妈新买了一辆车，是白色的", "我妈")])
def test_a_clause_after_a_relations_thing_is_never_the_relation_or_the_users(text: str, owner: str) -> None:
    got = _facts(text)
    assert not any(s.startswith((owner + "是", "我的", "我是")) for s, _, _ in got), got


# -- 2. a job taken up; a past fact stays ------------------------------------------------------------------
@pytest.mark.parametrize(("text", "job"), [
    ("我辞职了，下周起去一家游戏公司做产品经理", "产品经理"),
    ("我跳槽了，下个月开始到一家律所当律师", "律师"),
    ("我换工作了，现在去了一家银行当柜员", "柜员"),
])
def test_a_job_taken_up_is_the_job(text: str, job: str) -> None:
    got = _facts(text)
    assert any(slot == "job" and value == job for _, slot, value in got), got


@pytest.mark.parametrize("text", ["我下周去公园做运动", "我打算下个月去一家物流公司做会计", "我去公司上班了"])
def test_going_somewhere_or_a_plan_is_no_job(text: str) -> None:
    assert not any(slot in ("job", "workplace") for _, slot, _ in _facts(text)), _facts(text)


def test_a_past_job_stays_while_a_change_ends_the_current_one(db: str, embedder) -> None:  # noqa: ANN001
    from memcli import Memory

    t0 = datetime(2025, 7, 1, 9, tzinfo=UTC)
    m = Memory(db=db, user="lan")
    try:
        for n, text in enumerate(["我以前在苏州工作过四年。", "我在一家证券公司当分析师。",
                                  "我换工作了，下个月开始去一家物流公司做数据分析师。"]):
            m.capture(text, at=(t0 + timedelta(days=n)).isoformat())
            m.drain()
        active = sorted(i.statement for i in m.list())
    finally:
        m.close()
    assert "我以前在苏州工作过四年" in active, active  # history: the change is about the present
    assert "我在一家证券公司当分析师" not in active, active  # the current job ended
    # the new job, told with the change that opens the turn (one statement since round 18's job-change reading)
    assert any(a.endswith("我下个月开始去一家物流公司做数据分析师") for a in active), active


# -- 3. a move with 我们, a plan changed ----------------------------------------------------------------------
def test_a_move_told_with_we_is_the_users_residence() -> None:
    got = _facts("我们搬家了，现在住在鼓楼区")
    assert ("我们现在住在鼓楼区", "residence", "鼓楼区") in got, got


@pytest.mark.parametrize(("text", "place"), [("其实我们不去青岛了，改去大连", "大连"),
                                             ("我不去苏州了，改成杭州", "杭州")])
def test_a_plan_changed_against_the_old_one_is_one_fact(text: str, place: str) -> None:
    got = _facts(text)
    assert len(got) == 1 and got[0][1:] == ("plan.destination", place), got


@pytest.mark.parametrize("text", ["我们不去青岛了，还是去青岛吧", "我不去了，改天再说"])
def test_no_plan_change_without_another_place(text: str) -> None:
    assert not any(slot == "plan.destination" for _, slot, _ in _facts(text)), _facts(text)


# -- 4. a correction's opener; a topic-first "not a bite" -----------------------------------------------------
@pytest.mark.parametrize("text", ["我一直记错了，我表姐是属兔的", "是我搞错了，我表姐是属兔的",
                                  "我之前说错了，我表姐是属兔的"])
def test_a_corrections_opener_is_no_fact(text: str) -> None:
    got = _facts(text)
    assert [s for s, _, _ in got] == ["我表姐是属兔的"], got


def test_a_topic_first_not_a_bite_keeps_its_words_in_order() -> None:
    got = _facts("我开始戒酒了，白酒一口都不喝")
    assert not any("不喝白酒" in s for s, _, _ in got), got  # (was 我都不喝白酒一口: the amount cut off the verb)
    assert any(s.endswith("一口白酒都不喝") for s, _, _ in got), got
