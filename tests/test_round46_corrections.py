"""Round 46: corrections, starting again, mixed-language changes and changed plans on the write path.

- A short correction of the turn before that names only the new value (不对，是X; "No wait, X"; "Actually not A,
  B"; "sorry, 是X") puts right the memory of the turn before, by the value's type (a date, a day, a number, a
  name): an UPDATE — the slip retired, the right value holding from the slip's start (:mod:`memcli.write.
  value_correction`, :func:`memcli.write.correction_plan.slip_plan`).
- Taking a thing up again ("I'm drinking coffee again", "I'm back on coffee, …", 我又开始吃肉了) ends the give-up
  and the diet that ruled the thing out (:mod:`memcli.write.resumed`).

Own sentences; real stores (SQLite, the default model), captured and drained turn by turn.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memcli import Memory

START = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)


def _told(db: str, embedder, turns: list[str], *, apart: timedelta = timedelta(minutes=2)) -> dict:  # noqa: ANN001
    """Every memory (statement → item) after capturing ``turns`` ``apart`` in one session, draining after each."""
    with Memory(db=db, user="kai", embedder=embedder) as m:
        for n, text in enumerate(turns):
            m.capture(text, at=(START + n * apart).isoformat(), session="chat")
            s = m.drain()
            assert s.dead == 0 and s.retried == 0, s.errors
        return {i.statement: i for i in m.list(include_all=True)}


def _active(items: dict) -> set[str]:
    return {s for s, i in items.items() if i.status == "active"}


SLIPS = [
    (["我的生日是二月十四号。", "不对，是三月十四号，我记错了。"], "我的生日是二月十四号", "我的生日是三月十四号"),
    (["我女儿的家长会在十一月九号", "不对，应该是十一月十号"], "我女儿的家长会在十一月九号",
     "我女儿的家长会在十一月十号"),
    (["My birthday is February 14.", "no wait, March 14."], "My birthday is February 14", "My birthday is March 14"),
    (["My dentist appointment is on the 12th.", "Oops, the 15th."], "My dentist appointment is on the 12th",
     "My dentist appointment is on the 15th"),
    (["I'm flying to Lisbon next Tuesday for a conference.", "actually not Tuesday, Thursday"],
     "I'm flying to Lisbon next Tuesday for a conference", "I'm flying to Lisbon next Thursday for a conference"),
    (["My pottery class is on Monday.", "I mean Friday."], "My pottery class is on Monday",
     "My pottery class is on Friday"),
    (["我的钢琴课在周二。", "sorry, 是周四。"], "我的钢琴课在周二", "我的钢琴课在周四"),
    (["I have 2 cats.", "No wait, 3."], "I have 2 cats", "I have 3 cats"),
    (["My sister lives in Denver.", "no wait, Boulder."], "My sister lives in Denver", "My sister lives in Boulder"),
]


@pytest.mark.parametrize(("turns", "old", "new"), SLIPS)
def test_a_short_correction_puts_the_turn_before_right(db: str, embedder, turns, old, new) -> None:  # noqa: ANN001
    items = _told(db, embedder, turns)
    assert _active(items) == {new}, items
    assert items[old].status == "superseded" and items[old].superseded_by_id == items[new].id, items[old]
    assert items[new].valid_from == START, items[new]  # a correction: the right value held from the start


def test_a_fuller_correction_still_ends_the_value(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["My birthday is February 14.", "Sorry no, my birthday is March 14, I misspoke."])
    assert "My birthday is February 14" not in _active(items) and any("March 14" in s for s in _active(items)), items


@pytest.mark.parametrize("turns", [
    ["I live in Denver.", "no wait, I'm tired."],       # no value: nothing put right
    ["我住在杭州", "不对，是周五"],                         # no value of the type before it
    ["I met Anna and Tom in Paris.", "No wait, Lyon."],  # three names before it: which one is not known
    ["No wait, the 14th."],                              # nothing before it
])
def test_a_correction_with_nothing_to_put_right_changes_nothing(db: str, embedder, turns) -> None:  # noqa: ANN001
    items = _told(db, embedder, turns)
    assert all(i.status == "active" for i in items.values()), items
    assert not any(i.statement.startswith(("No wait", "no wait")) and i.slot for i in items.values()), items


RESTARTS = [
    (["I gave up coffee.", "I'm drinking coffee again."], {"I gave up coffee"}, "I'm drinking coffee again"),
    (["I quit coffee.", "ok I'm back on coffee, one cup a day, can't live without it."], {"I quit coffee"},
     "I'm back on coffee"),
    (["I quit smoking.", "I'm smoking again, work is stressful."], {"I quit smoking"},
     "I'm smoking again"),
    (["我戒酒了", "I'm drinking again lol"], {"我戒酒了"}, "I'm drinking again"),
]


@pytest.mark.parametrize(("turns", "ended", "new"), RESTARTS)
def test_taking_a_thing_up_again_ends_the_give_up(db: str, embedder, turns, ended, new) -> None:  # noqa: ANN001
    items = _told(db, embedder, turns, apart=timedelta(days=3))
    assert any(s.startswith(new) for s in _active(items)), items
    assert not ended & _active(items), items
    assert all(items[s].invalid_at == START + timedelta(days=3) for s in ended), items


def test_eating_meat_again_ends_the_vegetarian_diet_too(db: str, embedder) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["I've started a vegetarian diet, 不吃肉了。", "我又开始吃肉了，素食只坚持了一周。"],
                  apart=timedelta(days=7))
    assert "我又开始吃肉了" in _active(items), items
    left = {s for s in _active(items) if "vegetarian" in s or "不吃肉" in s}
    assert not left, items


@pytest.mark.parametrize("turns", [
    ["I love coffee.", "I'm drinking coffee again."],          # no give-up before it: nothing ends
    ["My wife gave up coffee.", "I'm back on coffee."],        # another person's give-up
    ["I'm vegetarian.", "I'm drinking coffee again."],         # a diet that rules coffee in
])
def test_taking_up_again_ends_nothing_it_does_not_contradict(db: str, embedder, turns) -> None:  # noqa: ANN001
    items = _told(db, embedder, turns, apart=timedelta(days=3))
    first = turns[0].rstrip(".")
    assert first in _active(items), items


JOB_CHANGES = [
    ["I work as a druggist at a small drugstore.", "换了新工作 at a hospital now, 在 Mercy Hospital 做 druggist."],
    ["我在一家小公司做会计。", "I changed jobs, 现在在 Deloitte 做 auditor."],
    ["I work as a designer at an agency.", "跳槽了 to a game studio, 在 Ubisoft 当 designer."],
]


@pytest.mark.parametrize("turns", JOB_CHANGES)
def test_a_job_change_in_a_switched_clause_ends_the_old_job(db: str, embedder, turns) -> None:  # noqa: ANN001
    items = _told(db, embedder, turns, apart=timedelta(days=10))
    first = turns[0].rstrip("。.")
    assert first not in _active(items), items
    assert any(i.slot and i.slot.endswith(("workplace", "job")) for s, i in items.items() if s in _active(items)), items


def test_a_switched_clause_with_no_fact_stays_unread() -> None:
    from memcli.write.rules import analyze

    assert analyze("在 HSBC 做 risk analyst").slot == "workplace"
    assert analyze("换了新工作 at a bank now").slot == "workplace"
    assert analyze("我今天 feel so tired").slot is None  # a feeling: no catch-all fact read into it


PLANS_CHANGED = [
    (["We plan to visit Norway next summer.", "We're going to Portugal instead of Norway."],
     "We plan to visit Norway next summer"),
    (["I plan to visit Peru in March.", "The Peru trip is off, sadly."], "I plan to visit Peru in March"),
    (["我们打算国庆去桂林旅行。", "桂林不去了，改成去厦门看海。"], "我们打算国庆去桂林旅行"),
    (["我表姐下个月结婚。", "婚礼改到五月了。"], "我表姐下个月结婚"),
    (["My friend Priya is getting married next month.", "Priya's wedding moved to June."],
     "My friend Priya is getting married next month"),
]


@pytest.mark.parametrize(("turns", "old"), PLANS_CHANGED)
def test_a_changed_or_cancelled_plan_ends_the_plan_before(db: str, embedder, turns, old) -> None:  # noqa: ANN001
    items = _told(db, embedder, turns, apart=timedelta(days=4))
    assert old in items and old not in _active(items), items
    assert any((i.slot or "").endswith(("plan.destination", "event.cancelled", "event.rescheduled"))
               for s, i in items.items() if s in _active(items)), items  # the change itself is stored


@pytest.mark.parametrize("turns", [
    ["We plan to visit Norway next summer.", "My sister's trip to Spain is off."],  # another person's trip
    ["我表姐下个月结婚。", "我的婚礼改到五月了。"],                                       # the user's own wedding
])
def test_a_plan_of_someone_else_stays(db: str, embedder, turns) -> None:  # noqa: ANN001
    items = _told(db, embedder, turns, apart=timedelta(days=4))
    assert turns[0].rstrip("。.") in _active(items), items


def test_the_readings_of_plans_told() -> None:
    from memcli.write.rules import analyze

    assert analyze("I plan to visit my mom").slot is None  # a visit to a person: no trip read
    assert analyze("他不去了，改成去日本").slot is None       # no place dropped: 他 is no place
    assert analyze("the flight was cancelled").slot != "event.cancelled"  # a flight called off: not the plan


def test_a_latin_full_stop_after_chinese_is_read_as_the_chinese_one(db: str, embedder) -> None:  # noqa: ANN001
    from memcli.write.rules import analyze

    assert analyze("我们打算下个月去 Kyoto 旅行.").slot == "plan.destination"
    assert analyze("我有3.5个苹果").slot == "owns.苹果"  # (a decimal point is no full stop)
    items = _told(db, embedder, ["我儿子的生日是七月九号.", "不对，是七月十号，我记错了."])
    assert _active(items) == {"我儿子的生日是七月十号"}, items


@pytest.mark.parametrize("said", ["我现在 work at Barclays 做 teller.", "我现在在 Barclays 做 teller。",
                                  "I now work at Barclays as a teller."])
def test_a_workplace_told_as_now_ends_the_workplace_of_the_job_before(db: str, embedder, said) -> None:  # noqa: ANN001
    items = _told(db, embedder, ["I work as a cashier at a corner shop.", said], apart=timedelta(days=10))
    assert "I work as a cashier at a corner shop" not in _active(items), items
    assert any("Barclays" in s and (i.slot or "").endswith("workplace") for s, i in items.items()
               if s in _active(items)), items  # the new workplace is the current one
