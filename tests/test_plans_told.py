"""A trip planned with a time said in two words (明年四月), a relative's trip planned and called off, and an
event moved to another time (推迟到, 改到):
the new user's trial of round 18 found 我打算明年X月去… stored nothing (only a one-word time counted)
and a relative's trip called off ended nothing. A relative's plan has the relative's own slots
(``younger_brother.plan.destination`` / ``younger_brother.event.cancelled``); calling it off ends
their trip, never the user's. A postponement was stored as nothing at all (its new time reads as a plan);
now it is kept (slot ``event.rescheduled``) and ends the memory that dated the same event of the same
person. Own sentences; real store and default model end to end."""

from __future__ import annotations

from datetime import UTC

import pytest
from _stores import drained

from memcli.write.event_change import plan_slot_for
from memcli.write.rules.en import extract_matches as en_matches
from memcli.write.rules.zh import extract_matches

PLANS = [
    ("我打算明年四月去新疆旅游", "plan.destination", "新疆"),
    ("我们准备今年十月底去桂林", "plan.destination", "桂林"),
    ("我弟弟计划下个月去西藏", "younger_brother.plan.destination", "西藏"),
    ("我爸打算国庆去海南度假", "father.plan.destination", "海南"),
]


@pytest.mark.parametrize("turn, slot, place", PLANS)
def test_a_trip_planned_is_kept_with_whose_it_is(turn: str, slot: str, place: str):
    got = extract_matches(turn)
    assert [(m.statement, m.slot, m.value) for m in got] == [(turn, slot, place)]


def test_an_errand_is_still_no_plan():
    assert extract_matches("我弟弟打算明天去超市") == []


def test_a_relatives_trip_called_off_has_their_slot():
    got = extract_matches("我弟弟的西藏之行取消了")
    assert [(m.slot, m.value) for m in got] == [("younger_brother.event.cancelled", "西藏之行")]
    assert plan_slot_for(got[0].slot) == "younger_brother.plan.destination"
    assert plan_slot_for("event.cancelled") == "plan.destination" and plan_slot_for("plan.destination") is None


def test_calling_off_a_relatives_trip_ends_theirs_and_not_the_users(db: str, embedder):
    from datetime import datetime

    active, ended = drained(
        db,
        ["我打算明年四月去新疆旅游", "我弟弟计划下个月去西藏", "我弟弟的西藏之行取消了"],
        user="lin",
        start=datetime(2026, 6, 1, 9, tzinfo=UTC),
    )
    assert "我弟弟计划下个月去西藏" in ended
    assert "我打算明年四月去新疆旅游" in active and "我弟弟的西藏之行取消了" in active


MOVED = [
    ("我的答辩改到下周五了", "event.rescheduled", "答辩"),
    ("我爸的体检推迟到月底", "father.event.rescheduled", "体检"),
    ("我们的聚餐提前到周六了", "event.rescheduled", "聚餐"),
]


@pytest.mark.parametrize("turn, slot, event", MOVED)
def test_an_event_moved_to_another_time_is_kept(turn: str, slot: str, event: str):
    assert [(m.statement, m.slot, m.value) for m in extract_matches(turn)] == [(turn, slot, event)]


def test_a_change_of_form_is_no_new_time():
    assert [m.slot for m in extract_matches("我的答辩改成线上了")] != ["event.rescheduled"]


def test_a_postponement_ends_the_time_stored_for_that_event_of_that_person(db: str, embedder):
    from datetime import datetime

    told = [
        "我的答辩定在6月12号",
        "我爸的体检定在6月20号",
        "我哥的婚礼定在9月9号",
        "我的答辩推迟到下个月了",
        "我爸的体检推迟到月底",
    ]
    active, ended = drained(db, told, user="lin", start=datetime(2026, 6, 1, 9, tzinfo=UTC))
    assert {"我的答辩定在6月12号", "我爸的体检定在6月20号"} <= ended
    assert {"我的答辩推迟到下个月了", "我爸的体检推迟到月底", "我哥的婚礼定在9月9号"} <= active


EN_TIMED = [
    ("My recital is on Thursday", "event.scheduled", "recital"),
    ("My dad's checkup is scheduled for July 3", "father.event.scheduled", "checkup"),
    ("Our reunion got pushed to next spring", "event.rescheduled", "reunion"),
]


@pytest.mark.parametrize("turn, slot, event", EN_TIMED)
def test_an_english_event_and_its_time_are_kept(turn: str, slot: str, event: str):
    assert [(m.statement, m.slot, m.value) for m in en_matches(turn)] == [(turn, slot, event)]


def test_an_english_event_with_no_time_or_moved_online_is_no_schedule():
    assert [m.slot for m in en_matches("My recital went well")] == []
    assert [m.slot for m in en_matches("The recital was moved online")] == []


def test_an_english_postponement_ends_the_time_stored_for_that_event(db: str, embedder):
    from datetime import datetime

    told = ["My recital is on Thursday", "My dad's checkup is scheduled for July 3", "My recital was moved to Saturday"]
    active, ended = drained(db, told, user="lin", start=datetime(2026, 6, 1, 9, tzinfo=UTC))
    assert "My recital is on Thursday" in ended
    assert {"My recital was moved to Saturday", "My dad's checkup is scheduled for July 3"} <= active


@pytest.mark.parametrize("first", [0, 1])
def test_moving_one_of_two_events_of_a_kind_ends_only_that_one(db: str, embedder, first: int):
    from datetime import datetime

    two = ["我跟银行的面试定在周二", "我跟学校的面试定在周五"]
    told = [
        two[first],
        two[1 - first],
        "我跟学校的面试改到下周一了",
        "My dentist appointment is on Monday",
        "My eye doctor appointment is on Friday",
        "My eye doctor appointment was moved to Tuesday",
    ]
    active, ended = drained(db, told, user="lin", start=datetime(2026, 6, 1, 9, tzinfo=UTC))
    assert ended == {"我跟学校的面试定在周五", "My eye doctor appointment is on Friday"}
    assert {"我跟银行的面试定在周二", "My dentist appointment is on Monday"} <= active


DROPPED = [  # the subject in effect owns a plan or a date told without one
    ("我姐姐怀孕四个月了，预产期在明年一月", ("我姐姐的预产期在明年一月", "elder_sister.event.scheduled")),
    ("我老公在医院上班，下个月要去广州开会", ("我老公下个月要去广州开会", "husband.plan.destination")),
    ("下个月要去重庆出差三天", ("下个月要去重庆出差三天", "plan.destination")),
]


@pytest.mark.parametrize("turn, fact", DROPPED)
def test_a_plan_or_date_said_without_its_subject_is_the_subjects_in_effect(turn: str, fact: tuple[str, str]):
    assert fact in [(m.statement, m.slot) for m in extract_matches(turn)]


def test_going_somewhere_with_no_time_is_no_plan():
    assert extract_matches("我要去超市") == [] and extract_matches("我弟弟要去西藏") == []


def test_an_english_relatives_trip_planned_and_called_off_is_theirs(db: str, embedder):
    from datetime import datetime

    assert [(m.slot, m.value) for m in en_matches("My cousin is flying to Oslo next month")] == [
        ("cousin.plan.destination", "oslo")
    ]
    assert en_matches("My cousin is going to the gym") == [] and en_matches("My cousin might fly to Oslo") == []
    told = [
        "I'm flying to Dublin next month",
        "My cousin is flying to Oslo next month",
        "My cousin's trip to Oslo got cancelled",
    ]
    active, ended = drained(db, told, user="lin", start=datetime(2026, 6, 1, 9, tzinfo=UTC))
    assert ended == {"My cousin is flying to Oslo next month"}
    assert {"I'm flying to Dublin next month", "My cousin's trip to Oslo got cancelled"} <= active


def test_a_named_persons_event_given_another_date_keeps_only_the_new_one(db: str, embedder):
    from datetime import datetime

    assert [m.slot for m in en_matches("Nina's graduation is on May 30")] == ["person:nina.event.scheduled"]
    assert [m.slot for m in en_matches("Dad's surgery is on Friday")] == ["father.event.scheduled"]
    assert en_matches("Today's meeting is at noon") == []
    told = [
        "My friend Nina is finishing her degree",
        "Nina's graduation is on May 30",
        "Nina's graduation is on June 6",
    ]
    active, ended = drained(db, told, user="lin", start=datetime(2026, 5, 1, 9, tzinfo=UTC))
    assert "Nina's graduation is on May 30" in ended and "Nina's graduation is on June 6" in active


def test_two_events_of_one_kind_told_apart_both_stay(db: str, embedder):
    from datetime import datetime

    told = [
        "我跟银行的面试定在周二",
        "我跟学校的面试定在周五",
        "My interview with Acme is on Tuesday",
        "My interview with Globex is on Friday",
        "My flight is on Monday",
        "My flight is on Wednesday",
    ]
    active, ended = drained(db, told, user="lin", start=datetime(2026, 6, 1, 9, tzinfo=UTC))
    assert ended == {"My flight is on Monday"}  # the same flight given another day; the interviews are four
