"""Round 17: English read as well as Chinese, three kinds a new user found (sentences written for this test,
none from a data set).

1. An occupation told with modifiers (when or how one works, where: "I work nights as an ER nurse", "a nurse
   on the night shift") is the job, and a Chinese question about the job finds it; a comparison ("I work as
   hard as I can") or a trait ("a night owl") is none.
2. Plural attribute words read like the singular: my allergies are …, my kids' names are …, my hobbies are …;
   what does not list any (my allergies are acting up) gives no allergy.
3. A trip planned in English has the plan slot the Chinese rules give a changed plan (``plan.destination``),
   so a later change (told in English or Chinese) ends it; another trip, someone else's trip, a wish, an
   errand and a dropped plan with no new place end nothing or are not plans.

The rules are read directly; the decisions on a real store with the default model, through capture → drain.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memcli.write.rules import extract_matches


def _facts(text: str) -> list[tuple[str, str | None, str | None]]:
    return [(m.statement, m.slot, m.value) for m in extract_matches(text)]


def _slots(text: str) -> list[str | None]:
    return [slot for _, slot, _ in _facts(text)]


# -- 1. an occupation with modifiers ------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "job"),
    [
        ("I work nights as an ER nurse", "er nurse"),
        ("I work part-time as a tutor", "tutor"),
        ("I work double shifts as a bartender", "bartender"),
        ("These days I work from home as a medical transcriptionist", "medical transcriptionist"),
        ("I'm a nurse on the night shift", "nurse"),
        ("I'm a part-time barista at a cafe downtown", "part-time barista"),
        ("I'm an ICU nurse working nights", "icu nurse"),
        ("i'm an overnight security guard at a warehouse", "overnight security guard"),
        ("I'm a stay-at-home dad", "stay-at-home dad"),
        ("I'm a freelance graphic designer now", "freelance graphic designer"),
    ],
)
def test_an_occupation_with_modifiers_is_the_job(text: str, job: str) -> None:
    got = _facts(text)
    assert [(slot, value) for _, slot, value in got] == [("job", job)], got


@pytest.mark.parametrize(
    "text",
    [
        "I work as hard as I can",
        "I work as much as possible",
        "I'm a night owl",
        "I'm a big coffee drinker",
        "I work nights",
        "My sister works nights as a nurse",
    ],
)
def test_a_comparison_a_trait_or_someone_elses_work_is_not_my_job(text: str) -> None:
    assert "job" not in _slots(text), _facts(text)


def test_my_sisters_job_with_modifiers_is_hers() -> None:
    assert ("sister.job", "nurse") in [(s, v) for _, s, v in _facts("My sister works nights as a nurse")]


@pytest.mark.parametrize("told", ["I work nights as an ER nurse", "I'm a nurse on the night shift"])
def test_a_chinese_question_about_the_job_finds_it(db: str, embedder, told: str) -> None:  # noqa: ANN001
    from memcli import Memory

    with Memory(db=db, user="kim") as m:
        for text in (told, "My sister lives in Lyon", "I love hiking"):
            m.capture(text)
            m.drain()
        assert [i.slot for i in m.list() if i.statement == told] == ["job"]
        got = [h.statement for h in m.search("我是做什么工作的？", limit=3)]
    assert told in got, got


# -- 2. plural attribute words --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "My allergies are peanuts and shellfish",
            [("allergy.peanuts", "peanuts"), ("allergy.shellfish", "shellfish")],
        ),
        ("My allergy is penicillin", [("allergy.penicillin", "penicillin")]),
        ("My food allergies are eggs and soy", [("allergy.eggs", "eggs"), ("allergy.soy", "soy")]),
        ("My kids' names are Leo and Mia", [("child.name", "leo and mia")]),
        ("My kid's name is Leo", [("child.name", "leo")]),
        ("My parents' names are Ruth and Alan", [("parents.name", "ruth and alan")]),
        ("My hobbies are hiking and chess", [("like.hiking", "hiking"), ("like.chess", "chess")]),
        ("My hobby is pottery", [("like.pottery", "pottery")]),
    ],
)
def test_plural_attribute_words_read_like_the_singular(text: str, expected: list[tuple[str, str]]) -> None:
    got = _facts(text)
    assert [(slot, value) for _, slot, value in got] == expected, got


def test_each_listed_object_is_its_own_statement() -> None:
    assert [s for s, _, _ in _facts("My allergies are pollen and cats")] == [
        "My allergies are pollen",
        "My allergies are cats",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "My allergies are acting up again",
        "My allergies are pretty bad this spring",
        "My hobbies are pretty boring",
        "My allergies are under control",
    ],
)
def test_what_lists_nothing_is_no_allergy_and_no_like(text: str) -> None:
    assert not any((s or "").startswith(("allergy", "like")) for s in _slots(text)), _facts(text)


# -- 3. a trip planned, and changed ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I'm flying to Denver next week", "denver"),
        ("We're going to Lisbon in March", "lisbon"),
        ("My wife and I are driving to Santa Fe over the holidays", "santa fe"),
        ("I'm off to Tokyo for a conference next month", "tokyo"),
        ("Next month I'm flying to Phoenix", "phoenix"),
    ],
)
def test_a_trip_planned_has_the_plan_slot(text: str, place: str) -> None:
    assert [(s, v) for _, s, v in _facts(text)] == [("plan.destination", place)], _facts(text)


@pytest.mark.parametrize(
    ("text", "place"),
    [
        ("I'm not going to Denver anymore, I'm going to Chicago instead", "chicago"),
        ("Change of plans: I'm flying to Seattle instead", "seattle"),
        ("We're going to Rome instead of Lisbon", "rome"),
        ("Instead of Lisbon, we're going to Porto", "porto"),
        ("We cancelled our trip to Denver, flying to Austin instead", "austin"),
    ],
)
def test_a_trip_changed_gives_the_new_place(text: str, place: str) -> None:
    got = _facts(text)
    assert len(got) == 1 and got[0][1:] == ("plan.destination", place), got


def test_a_clause_after_the_trip_is_read_on_its_own() -> None:
    got = _facts("I'm flying to Denver next week and my sister lives in Boulder")
    assert got[0] == ("I'm flying to Denver next week", "plan.destination", "denver"), got
    assert ("sister.residence", "boulder") in [(s, v) for _, s, v in got], got


@pytest.mark.parametrize(
    "text",
    [
        "I'm going to Costco tomorrow",
        "I'm going to the gym next week",
        "I'd love to go to Japan someday",
        "If we go to Rome, I'll call you",
        "Are you flying to Denver next week?",
        "My boss is flying to Tokyo next week",
        "We're not going to Denver after all",
        "I'm going to Mom's next weekend",
        "I'm going to cook pasta tonight",
        "Maybe we're flying to Boston in June",
    ],
)
def test_no_plan_slot_for_errands_wishes_questions_others_or_a_plan_only_dropped(text: str) -> None:
    assert "plan.destination" not in _slots(text), _facts(text)


def _active_after(db: str, turns: list[str]) -> list[str]:
    from memcli import Memory

    t0 = datetime(2026, 10, 1, 9, tzinfo=UTC)
    with Memory(db=db, user="ana") as m:
        for n, text in enumerate(turns):
            m.capture(text, at=(t0 + timedelta(days=n)).isoformat())
            m.drain()
        return sorted(i.statement for i in m.list())


@pytest.mark.parametrize(
    "change",
    [
        "I'm not going to Denver anymore, I'm going to Chicago instead",
        "Change of plans: I'm flying to Seattle instead",
        "我不去丹佛了，改去芝加哥",
    ],
)
def test_a_change_in_either_language_ends_the_english_plan(db: str, embedder, change: str) -> None:  # noqa: ANN001
    assert _active_after(db, ["I'm flying to Denver next week", change]) == [change]


@pytest.mark.parametrize("other", ["We're going to Lisbon in March", "My sister is flying to Boston next week"])
def test_another_trip_ends_nothing(db: str, embedder, other: str) -> None:  # noqa: ANN001
    assert "I'm flying to Denver next week" in _active_after(db, ["I'm flying to Denver next week", other])
