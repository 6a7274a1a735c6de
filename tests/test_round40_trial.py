"""A new user's trial (round 40), own sentences, real stores, the real default model:

- a plan changed (changed our mind / instead of / 改主意 / 不去X了，改去Y / 旅行改成去Y) is stored as the plan now and
  ends the plan it changes, not another trip (:mod:`memcli.write.rules.zh_plan`, :mod:`memcli.write.rules.en_plan`,
  :mod:`memcli.write.plan_kept`);
- a taste given up in degree (不怎么 / 不太 / 不大 …了, "not into … anymore") is a negated liking that ends the liking
  of a dish known for it (川菜, 火锅, curry: :data:`memcli.write.liking_over.KINDS`);
- a shift, team or department changed inside one job, and how one gets to work, end no job or workplace
  (:mod:`memcli.write.work_arrangement`);
- the fitted judge's ADD names the likelier class its floor held back.

Every pair is told to its own user of one database (a store per pair, one file)."""

from __future__ import annotations

import itertools

import pytest
from _stores import active_of, pair_drained

from memcli.write.judge import facts_of
from memcli.write.plan_kept import dropped_place, plan_change_kept
from memcli.write.rules import extract_matches
from memcli.write.work_arrangement import arrangement_kept, arrangement_of

_users = itertools.count()
#: the unrelated turn :func:`_stores.pair_drained` tells between the two (stored too)
_BETWEEN = frozenset({"We had rain all day", "今天下了一整天雨"})


@pytest.fixture(scope="module")
def told(tmp_path_factory, embedder):  # noqa: ANN001, ANN201
    """``told(first, second)``: the memories (by statement) of a fresh user of one module database after
    :func:`_stores.pair_drained`; ``told.last``: that user's Memory (closed after the module)."""
    from memcli import Memory

    db = str(tmp_path_factory.mktemp("r40") / "m.db")
    opened: list = []

    def tell(first: str, second: str) -> dict:
        opened.append(Memory(db=db, user=f"u{next(_users)}", embedder=embedder))
        tell.last = opened[-1]  # type: ignore[attr-defined]
        return pair_drained(opened[-1], first, second)

    yield tell
    for m in opened:
        m.close()


@pytest.mark.parametrize(("said", "place"), [
    ("我们改主意了，十一不去厦门了，改去桂林", "桂林"),
    ("暑假我们不去三亚了，换成去威海", "威海"),
    ("我们的旅行改成去喀什了", "喀什"),
    ("端午改去黄山了", "黄山"),
    ("So we changed our minds, the trip will be to Tallinn instead of Riga", "tallinn"),
    ("Our holiday is now to Madeira instead of Crete", "madeira"),
])
def test_a_changed_plan_is_read_as_the_plan_now(said: str, place: str) -> None:
    got = [m for m in extract_matches(said) if m.slot == "plan.destination"]
    assert [m.value for m in got] == [place], extract_matches(said)


def test_a_plan_change_names_what_it_drops_and_the_time_it_keeps() -> None:
    assert dropped_place("我十一不去厦门了，改去桂林") == "厦门"
    assert dropped_place("we changed our minds, the trip will be to Tallinn instead of Riga") == "Riga"
    assert dropped_place("我们的旅行改成去喀什了") is None
    new = facts_of("我十一不去厦门了，改去桂林", "plan.destination")
    assert plan_change_kept(new, facts_of("我打算过年去哈尔滨看冰灯", "plan.destination"))
    assert plan_change_kept(new, facts_of("我们计划十一去厦门玩", "plan.destination")) is None


PLAN_ENDS = [
    ("We're planning a trip to Lisbon in May", "Actually we changed our mind, the trip will be to Madrid instead of "
                                               "Lisbon"),
    ("I'm flying to Osaka next month", "We're not going to Osaka anymore, we're going to Seoul instead"),
    ("我们打算十一去厦门旅游", "我们改主意了，十一不去厦门了，改去桂林"),
    ("我们准备明年暑假去三亚度假", "我们的旅行改成去威海了"),
]
PLAN_KEPT = [
    ("I'm driving to Denver next week for a wedding", "Actually we changed our mind, the trip will be to Madrid "
                                                      "instead of Lisbon"),
    ("我打算过年去哈尔滨看冰灯", "我们改主意了，十一不去厦门了，改去桂林"),
]


@pytest.mark.parametrize(("first", "second"), PLAN_ENDS)
def test_a_changed_plan_ends_the_plan_it_changes(told, first: str, second: str) -> None:  # noqa: ANN001
    items = told(first, second)
    new = [s for s in active_of(items) if s != first and s not in _BETWEEN]
    assert first not in active_of(items) and items[first].invalid_at is not None, items
    assert new and all(items[s].slot == "plan.destination" for s in new), items


@pytest.mark.parametrize(("first", "second"), PLAN_KEPT)
def test_a_changed_plan_keeps_another_trip(told, first: str, second: str) -> None:  # noqa: ANN001
    items = told(first, second)
    assert first in active_of(items) and len(active_of(items) - _BETWEEN) == 2, items


@pytest.mark.parametrize(("said", "obj"), [("我现在不怎么吃辣了", "辣"), ("我最近不太喝奶茶了", "奶茶"),
                                           ("我现在不大喝酒了", "酒")])
def test_a_taste_given_up_in_degree_is_a_negated_liking(said: str, obj: str) -> None:
    f = facts_of(said, None)
    assert (f.slot, f.positive) == (f"like.{obj}", False)


TASTE_ENDS = [
    ("我特别爱吃川菜", "我现在不怎么吃辣了，胃不舒服"),   # the trial's first clause was dropped as a "question"
    ("我超爱吃火锅", "最近不太吃辣了"),
    ("我很爱吃蛋糕", "我现在不怎么吃甜的了"),
    ("I love a spicy curry", "I'm not into spicy food anymore"),
]


@pytest.mark.parametrize(("first", "second"), TASTE_ENDS)
def test_a_taste_given_up_in_degree_ends_the_dish_known_for_it(told, first: str, second: str) -> None:  # noqa: ANN001
    items = told(first, second)
    assert first not in active_of(items) and items[first].invalid_at is not None, items
    assert any(s.startswith(("我现在不怎么", "我最近不太", "I'm not")) for s in active_of(items)), items


def test_a_taste_given_up_keeps_a_dish_of_another_taste(told) -> None:  # noqa: ANN001
    items = told("我很爱吃蛋糕", "我现在不怎么吃辣了")
    assert "我很爱吃蛋糕" in active_of(items), items


@pytest.mark.parametrize(("said", "part"), [("I got moved to the night shift", "shift"),
                                            ("I'm on the weekend rota now", "rota"),
                                            ("我下个月开始上夜班了", "夜班"), ("我被调到了财务部", "财务部")])
def test_a_part_of_one_job_changed_is_read(said: str, part: str) -> None:
    assert arrangement_of(said) == part


def test_a_new_workplace_is_no_part_of_the_job() -> None:
    assert arrangement_of("I work at a bakery now") is None and arrangement_of("我现在在京东上班") is None
    job = facts_of("I'm a porter at Leeds General", "job")
    assert arrangement_kept(facts_of("I moved to the night shift at Harrogate District", None), job) is None


WORK_KEPT = [
    ("I work as a midwife at Queen Charlotte's hospital", "I switched to the night shift at the hospital"),
    ("I'm a barista at a coffee roastery", "I got moved to the weekend rota"),
    ("我在一家医院当药剂师", "我下个月开始上夜班了"),
    ("我在京东做采购", "我被调到了财务部"),
    ("我现在改成每天坐公交上班了", "现在在小红书上班"),     # where one works / how one gets there
    ("I work at a pottery studio", "I walk to work these days"),
]


@pytest.mark.parametrize(("first", "second"), WORK_KEPT)
def test_a_change_inside_one_job_or_of_the_commute_ends_no_job(told, first: str, second: str) -> None:  # noqa: ANN001
    items = told(first, second)
    assert first in active_of(items) and len(active_of(items) - _BETWEEN) >= 2, items


def test_a_new_workplace_still_ends_the_old_one(told) -> None:  # noqa: ANN001
    items = told("I work at a bank in Bristol", "I started at a new bank in Bath last week")
    assert items["I work at a bank in Bristol"].invalid_at is not None, items


def test_an_add_held_by_a_floor_says_which_class_was_likelier(told) -> None:  # noqa: ANN001
    items = told("我特别喜欢吃烧烤", "我不太喜欢吃甜的")
    assert {"我特别喜欢吃烧烤", "我不太喜欢吃甜的"} <= active_of(items), items
    reasons = [e.reason for e in told.last.events(items["我不太喜欢吃甜的"].id) if e.reason]
    said = next(r for r in reasons if r.startswith("fitted judge: ADD"))
    # (before: "ADD, no stored memory is surely the same fact (… p(ADD)=0.01 …)": an ADD said to be unlikely)
    assert "no likelier decision clears its floor" in said and "CONFLICT p=" in said, reasons
