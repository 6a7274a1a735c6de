"""Questions about time (round 39), own sentences, real stores, the real default model:

- a when-question about an event the user told ("When did I …?", 我什么时候…的) is answered by the memory or the turn
  that tells it, with its date in the block;
- a question with a window relative to when it is asked (yesterday, last week, 昨天, 上周) is answered by what was
  told or dated in it, not by habits nor by events of other times (:mod:`memcli.read.time_intent`,
  :mod:`memcli.read.past_facts`);
- a question about the past ("before", 以前) reaches the fact a later change ended, labelled as ended, while the
  same question in the present stays with what holds now."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memcli.read.past_facts import activity_asked
from memcli.read.time_intent import asks_past, relative_window, routine_asked, told_when

#: a Wednesday afternoon (UTC)
REF = datetime(2026, 12, 9, 15, 0, tzinfo=UTC)


def _day(y: int, m: int, d: int) -> datetime:
    return datetime(y, m, d, tzinfo=UTC)


@pytest.mark.parametrize(("question", "start", "end"), [
    ("What did I do yesterday?", _day(2026, 12, 8), _day(2026, 12, 9)),
    ("What did I get up to last week?", _day(2026, 11, 30), _day(2026, 12, 7)),
    ("Anything fun last weekend?", _day(2026, 12, 5), _day(2026, 12, 7)),
    ("What did I cook on Monday?", _day(2026, 12, 7), _day(2026, 12, 8)),
    ("Who did I meet last month?", _day(2026, 11, 1), _day(2026, 12, 1)),
    ("What did I buy three days ago?", _day(2026, 12, 6), _day(2026, 12, 7)),
    ("我昨天干什么了？", _day(2026, 12, 8), _day(2026, 12, 9)),
    ("我前天去哪了？", _day(2026, 12, 7), _day(2026, 12, 8)),
    ("我上周做了什么？", _day(2026, 11, 30), _day(2026, 12, 7)),
    ("我上周五吃了什么？", _day(2026, 12, 4), _day(2026, 12, 5)),
    ("我上个月见了谁？", _day(2026, 11, 1), _day(2026, 12, 1)),
    ("我周末做了什么？", _day(2026, 12, 5), _day(2026, 12, 7)),
])
def test_a_relative_window_is_read_against_the_question_time(question: str, start: datetime, end: datetime) -> None:
    assert relative_window(question, REF) == (start, end)


@pytest.mark.parametrize("question", ["What do I drive?", "我住在哪？", "When is my sister's birthday?"])
def test_no_window_without_a_time_word(question: str) -> None:
    assert relative_window(question, REF) is None


@pytest.mark.parametrize("question", ["What do I usually do on weekends?", "我周末一般做什么？", "我每周一做什么？"])
def test_a_routine_asked_names_no_window(question: str) -> None:
    assert routine_asked(question)


@pytest.mark.parametrize("question", ["What do I do on Thursday nights?", "我周四晚上干嘛", "我周末踢什么球"])
def test_a_bare_weekday_in_the_present_is_a_routine(question: str) -> None:
    assert relative_window(question, REF) is None


@pytest.mark.parametrize(("question", "past"), [
    ("What car did I have before?", True), ("Where did I use to live?", True), ("What was my previous job?", True),
    ("我以前开什么车？", True), ("我之前住在哪？", True), ("我原来的工作是什么？", True),
    ("What car do I drive?", False), ("What do I eat before work?", False), ("我睡觉之前喝什么？", False),
    ("我开什么车？", False), ("What does my old man like to eat?", False),
    ("What was my last blood test result?", False),
])
def test_the_past_asked(question: str, past: bool) -> None:
    assert asks_past(question) is past


def test_when_told_and_activity_readings() -> None:
    assert told_when("When did I go to the optician?") and told_when("我什么时候搬的家？")
    assert not told_when("When is my dentist appointment?") and not told_when("我什么时候去体检？")
    assert not told_when("What day was I born?") and not told_when("我是哪天出生的？")  # the words hold that date
    assert activity_asked("What did I do yesterday?") and activity_asked("我上周做了什么？")
    assert not activity_asked("What did I eat yesterday?")


def _capture(mem, turns: list[tuple[str, datetime]]) -> None:  # noqa: ANN001
    for text, at in turns:
        mem.capture(text, at=at)
    mem.drain()


def _local_noon(days_back: int) -> datetime:
    """Noon ``days_back`` calendar days before today (UTC, the test settings' zone)."""
    today = datetime.now(UTC).replace(hour=12, minute=0, second=0, microsecond=0)
    return today - timedelta(days=days_back)


def test_when_did_i_is_answered_with_the_date_en(mem) -> None:  # noqa: ANN001
    _capture(mem, [("I usually cycle to the office", _day(2026, 9, 1)),
                   ("I got my hair cut at a new barber on the high street", _day(2026, 10, 14)),
                   ("My brother Tom is a plumber", _day(2026, 10, 20)),
                   ("I finished reading a long novel about whalers", _day(2026, 10, 28))])
    block = mem.context("When did I get my hair cut?", budget_ms=60000).text
    assert "barber" in block and "Oct 14" in block, block


def test_when_did_i_is_answered_with_the_date_zh(mem) -> None:  # noqa: ANN001
    _capture(mem, [("我平时骑车上班", _day(2026, 9, 1)),
                   ("今天去医院拔了一颗智齿，脸肿了", _day(2026, 10, 14)),
                   ("我弟弟是水管工", _day(2026, 10, 20))])
    block = mem.context("我什么时候拔的智齿？", budget_ms=60000).text
    assert "智齿" in block and "10 月 14 日" in block, block


def test_a_window_is_answered_by_its_events_not_habits_en(mem) -> None:  # noqa: ANN001
    _capture(mem, [("I usually walk the dog before breakfast", _local_noon(1)),
                   ("I repaired the garden fence with my neighbour", _local_noon(1)),
                   ("I went to a pottery class in town", _local_noon(12))])
    block = mem.context("What did I do yesterday?", budget_ms=60000).text
    assert "fence" in block, block
    assert "pottery" not in block and "walk the dog" not in block, block


def test_a_window_is_answered_by_its_events_not_habits_zh(mem) -> None:  # noqa: ANN001
    _capture(mem, [("我平时早上喝一杯豆浆", _local_noon(1)),
                   ("我和朋友去湖边钓鱼了", _local_noon(1)),
                   ("我去剧院看了一场话剧", _local_noon(12))])
    block = mem.context("我昨天干什么了？", budget_ms=60000).text
    assert "钓鱼" in block, block
    assert "话剧" not in block and "豆浆" not in block, block


def test_a_past_question_reaches_the_ended_home_en(mem) -> None:  # noqa: ANN001
    _capture(mem, [("I live in Norwich with my husband", _day(2026, 3, 2)),
                   ("My favourite band is Wilco", _day(2026, 4, 2)),
                   ("We moved to Exeter, a flat near the quay", _day(2026, 8, 10))])
    past = mem.context("Where did I live before?", budget_ms=60000).text
    assert "Norwich" in past and "no longer true" in past, past
    now = mem.context("Where do I live?", budget_ms=60000).text
    assert "Exeter" in now and "Norwich" not in now, now


def test_a_past_question_reaches_the_ended_car_zh(mem) -> None:  # noqa: ANN001
    _capture(mem, [("我开一辆黑色的丰田凯美瑞", _day(2026, 3, 2)),
                   ("我喜欢听相声", _day(2026, 4, 2)),
                   ("我把凯美瑞卖了，换了一辆比亚迪汉", _day(2026, 8, 10))])
    past = mem.context("我以前开什么车？", budget_ms=60000).text
    assert "丰田凯美瑞" in past and "现已不再如此" in past, past
    now = mem.context("我开什么车？", budget_ms=60000).text
    assert "丰田凯美瑞" not in now and "现已不再如此" not in now, now
