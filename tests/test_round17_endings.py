"""Round 17's user trial: corrections and changes must end the old fact (sentences written for this test,
none from a data set or the trial's store).

1. A correction told "X, not Y" / 是X，不是Y / 不是Y，是X, after an opener (actually, correction, I meant, 说错了,
   更正一下, 不对), is the corrected fact alone; on a store it ends the value it corrects, for the user and others.
2. A past habit or liking alone in a turn (我以前每天…, "I used to…") is stored ended: history, never "since".
3. A pet's death ends the having and the name of that pet (invalidated, kept), not a second pet's; the death is kept.
4. A trip called off ends the stored plan it names; a liking of the place, or a trip postponed, stays.

The rules are read directly; the decisions on a real store with the default model, through capture → drain.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _stores import drained

from memcli.write.rules import extract_matches


def _statements(text: str) -> list[str]:
    return [m.statement for m in extract_matches(text)]


def _drained(db: str, turns: list[str], user: str = "pia") -> tuple[set[str], set[str]]:
    return drained(db, turns, user=user, start=datetime(2026, 2, 2, 9, tzinfo=UTC), expired_ends=False)


# -- 1. corrections -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "fact"),
    [
        ("Actually, correction: Nina's birthday is June 30, not June 3.", "Nina's birthday is June 30"),
        ("Oh sorry, I meant my nephew is eleven, not ten.", "My nephew is eleven"),
        ("No wait, my cousin lives in Leeds, not York.", "My cousin lives in Leeds"),
        ("更正一下，我侄子不是十岁，是十一岁。", "我侄子是十一岁"),
        ("不对，我表哥不是住在苏州，而是住在无锡", "我表哥住在无锡"),
        ("我外甥女是九岁，不是八岁", "我外甥女是九岁"),
    ],
)
def test_a_correction_is_the_corrected_fact_alone(text: str, fact: str) -> None:
    assert _statements(text) == [fact], _statements(text)


@pytest.mark.parametrize("text", ["我不是不喜欢，是没时间", "我最近不是很忙", "不是我说你，是你自己要小心"])
def test_a_denial_that_is_no_correction_is_not_turned_round(text: str) -> None:
    from memcli.write.rules.zh_words import denial_last

    assert denial_last(text) == text


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Nina's birthday is June 3.", "Actually, correction: Nina's birthday is June 30, not June 3."),
        ("我侄子今年十岁了。", "说错了，我侄子是十一岁，不是十岁。"),
        ("我侄子今年十岁了。", "更正一下，我侄子不是十岁，是十一岁。"),
    ],
)
def test_a_correction_ends_the_value_it_corrects(db: str, embedder, old: str, new: str) -> None:  # noqa: ANN001
    active, ended = _drained(db, [old, new])
    assert old.rstrip("。.") in ended and old.rstrip("。.") not in active, (active, ended)
    assert len(active) == 1, active


def test_a_date_denied_of_someone_else_leaves_the_stored_one(db: str, embedder) -> None:  # noqa: ANN001
    active, _ = _drained(db, ["My aunt's birthday is June 3.", "Nina's birthday is June 30, not June 3."])
    assert "My aunt's birthday is June 3" in active, active


# -- 2. a past habit or liking is history ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("我以前每天喝两杯奶茶。", True),
        ("我以前很喜欢看恐怖片", True),
        ("I used to swim every morning.", True),
        ("I used to love board games.", True),
        ("我以前在杭州工作过三年。", False),  # an experience stays a fact of the user's life
        ("我睡觉以前喝一杯热牛奶", False),  # 以前 as "before": a present habit
        ("I'm used to drinking tea at night.", False),  # accustomed: present
        ("我以前不爱喝茶，现在每天都喝", None),  # the past beside the present: round 16's rule
    ],
)
def test_a_past_habit_alone_is_stored_ended(text: str, ended: bool | None) -> None:
    from memcli.settings import Settings
    from memcli.write.extract import MemoryExtractionService, RuleExtractor, Utterance

    svc = MemoryExtractionService(RuleExtractor(Settings()))
    got = svc.extract_batch([Utterance(1, "u", "user", text, datetime(2026, 2, 2, tzinfo=UTC))])[0]
    assert not isinstance(got, Exception) and got, got
    if ended is None:
        assert [c.ended for c in got] == [True, False], got
    else:
        assert all(c.ended is ended for c in got), got


def test_a_past_habit_is_no_active_memory(db: str, embedder) -> None:  # noqa: ANN001
    active, ended = _drained(db, ["我以前每天喝两杯奶茶。", "I used to swim every morning."])
    assert not active, active
    assert ended == {"我以前每天喝两杯奶茶", "I used to swim every morning"}, ended


# -- 3. a pet's death ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("turns", "gone", "kept"),
    [
        (["I have a hamster.", "My hamster passed away."], {"I have a hamster"}, set()),
        (
            ["I have a rabbit named Clover.", "Sadly, Clover died last week."],
            {"I have a rabbit", "My rabbit is named Clover"},
            set(),
        ),
        (["我有一只兔子叫雪球。", "我的兔子去世了。"], {"我有一只兔子", "我的兔子叫雪球"}, set()),
        (
            ["I have a rabbit named Clover.", "I have a parrot named Kiwi.", "Sadly, Kiwi passed away."],
            {"I have a parrot", "My parrot is named Kiwi"},
            {"I have a rabbit", "My rabbit is named Clover"},
        ),
        (
            ["我养了一只猫叫奶茶。", "我有一只兔子叫雪球。", "我的兔子去世了。"],
            {"我有一只兔子", "我的兔子叫雪球"},
            {"我的猫叫奶茶", "我养了一只猫"},
        ),
    ],
)
def test_a_pets_death_ends_that_pet_and_keeps_the_death(
    db: str,
    embedder,
    turns: list[str],
    gone: set[str],  # noqa: ANN001
    kept: set[str],
) -> None:
    active, ended = _drained(db, turns)
    assert gone <= ended and not gone & active, (active, ended)
    assert kept <= active, active
    assert any(w in s for s in active for w in ("passed away", "died", "去世")), active  # the death is kept


def test_a_device_that_died_ends_nothing(db: str, embedder) -> None:  # noqa: ANN001
    active, _ = _drained(db, ["I have a laptop.", "My laptop died yesterday."])
    assert "I have a laptop" in active, active


# -- 4. a plan called off -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("We cancelled the Lisbon trip entirely.", "lisbon trip"),
        ("We called off the beach holiday.", "beach holiday"),
        ("里斯本那次旅行取消了。", "里斯本那次旅行"),
        ("我们的露营计划也取消了", "露营计划"),
    ],
)
def test_a_plan_called_off_is_a_fact(text: str, value: str) -> None:
    got = [(m.slot, m.value) for m in extract_matches(text)]
    assert got == [("event.cancelled", value)], got


@pytest.mark.parametrize("text", ["We cancelled the meeting.", "会议取消了", "我的旅行计划推迟了"])
def test_a_meeting_or_a_postponement_is_no_plan_called_off(text: str) -> None:
    assert not any(m.slot == "event.cancelled" for m in extract_matches(text)), extract_matches(text)


def test_a_trip_called_off_ends_the_plan_it_names(db: str, embedder) -> None:  # noqa: ANN001
    active, ended = _drained(db, ["We pushed the Lisbon trip to October.", "We cancelled the Lisbon trip entirely."])
    assert "We pushed the Lisbon trip to October" in ended, (active, ended)
    assert "We cancelled the Lisbon trip entirely" in active, active


def test_a_trip_called_off_leaves_a_liking_of_the_place(db: str, embedder) -> None:  # noqa: ANN001
    active, _ = _drained(db, ["I love Lisbon.", "I visit Lisbon every year.", "We cancelled the Lisbon trip."])
    assert "I love Lisbon" in active, active
    active, _ = _drained(db, ["我很喜欢露营。", "那次露营取消了。"], user="ria")
    assert "我很喜欢露营" in active, active


# -- 5. a liking turned round in the other language -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("old", "new", "ends"),
    [
        ("I love spicy food.", "我现在不太能吃辣了。", True),
        ("I love mangoes.", "我现在不吃芒果了。", True),
        ("I love sweet food.", "我现在不太能吃辣了。", False),  # another thing
        ("I like green tea.", "我不喝红茶了。", False),  # green tea is no 红茶
    ],
)
def test_a_liking_turned_round_in_the_other_language_ends_the_old_one(
    db: str,
    embedder,  # noqa: ANN001
    old: str,
    new: str,
    ends: bool,
) -> None:
    active, ended = _drained(db, [old, new])
    assert (old.rstrip(".") in ended) is ends, (active, ended)
    assert new.rstrip("。") in active, active
