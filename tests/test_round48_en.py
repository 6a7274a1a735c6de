"""Round 48: English kinds round 47 left.

- Two animals of a kind, each named, are two things: the second name ends no first one
  (:func:`memcli.write.another_one.another_named`); "what are my dogs called?" reads both; the death or rehoming of
  one, told by its name, ends only that one (:mod:`memcli.write.dated_change`, :mod:`memcli.write.thing_ended`).
- A relative's name told only in a memory since ended answers "what's my brother's name?", the line marked as no
  longer true (:mod:`memcli.read.ended_named`).
- A workplace joined or held with no role told ("I'm at X Corp now", "I joined X in March") is the workplace when
  the object is an organisation; a gym or club joined is no workplace (:func:`memcli.write.rules.en_started.
  org_joined`).
- A doing kept up for a time ("I've been doing yoga for six years") is the habit, valid from that long back; "how
  long have I done X?" reads a start told (:func:`memcli.write.rules.en_started.duration_told`,
  :func:`memcli.read.gaps.value_unheld`).
- A hope is a memory of kind ``goal`` (:mod:`memcli.write.rules.en_hope`), read for "what are my goals?", never for
  "have I run a marathon?" (:mod:`memcli.read.goal_asked`).

Our own sentences; real SQLite stores and the real default model.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _stores import say_apart

from memcli import Memory
from memcli.read.gaps import value_unheld
from memcli.read.goal_asked import asks_deed
from memcli.slot_query import query_slots
from memcli.write.another_one import another_named
from memcli.write.goal_apart import goal_apart
from memcli.write.rules import Facts, extract_matches
from memcli.write.thing_ended import having_ended

START = datetime(2026, 4, 6, 9, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str | None, str | None, str]]:
    return [(m.slot, m.value, m.kind) for m in extract_matches(text)]


def _block(mem: Memory, question: str) -> str:
    return mem.context(question, budget_ms=60_000).text or ""  # (a loaded machine: the whole read, not a cut one)


def _rows(mem: Memory) -> dict[str, dict]:
    return {str(r["statement"]): r for r in mem.store.list_items(mem.user, include_all=True)}


# -- two pets, each named ------------------------------------------------------------------------------------------
def _name(statement: str, value: str, kind: str = "dog") -> Facts:
    return Facts(statement=statement, slot=f"thing:{kind}.name", value=value, positive=True)


def test_a_second_name_of_a_kind_is_another_one() -> None:
    old = _name("My dog is named Pickle", "pickle")
    assert another_named(_name("We also have a dog named Bramble", "bramble"), old)
    assert another_named(_name("My other dog is called Bramble", "bramble"), old)
    assert another_named(_name("Our cat is called Sprout", "sprout", "cat"), old) is None  # another kind's slot


@pytest.mark.parametrize("text", [
    "We renamed the dog Bramble",
    "Actually the dog is named Bramble",
    "Sorry, my dog is called Bramble",
])
def test_a_renaming_or_a_correction_is_no_second_one(text: str) -> None:
    assert another_named(_name(text, "bramble"), _name("My dog is named Pickle", "pickle")) is None


def test_the_one_named_anew_is_no_second_one() -> None:
    assert another_named(_name("My dog is called Tansy", "tansy"), _name("My dog's called Nutmeg", "nutmeg")) is None


def test_a_name_spelled_again_is_no_second_one() -> None:
    assert another_named(_name("My dog is named Pickel", "pickel"), _name("My dog is named Pickle", "pickle")) is None


@pytest.mark.parametrize(("text", "ended"), [
    ("We had to rehome Bramble last month", True),
    ("We found Bramble a new home with my aunt", True),
    ("We might have to rehome Bramble", False),  # only feared
    ("Should we rehome Bramble?", False),
])
def test_a_rehoming_told_is_an_ending_of_having(text: str, ended: bool) -> None:
    assert (having_ended(text) is not None) is ended


def test_two_named_dogs_are_both_kept_and_one_rehomed_ends_only_that_one(mem: Memory) -> None:
    say_apart(mem, ["I have a dog named Pickle.", "We also have a dog named Bramble."], START)
    block = _block(mem, "What are my dogs called?")
    assert "Pickle" in block and "Bramble" in block
    say_apart(mem, ["We had to rehome Bramble, she kept chasing the neighbours' hens."], START + timedelta(days=5))
    rows = _rows(mem)
    assert rows["My dog is named Pickle"]["invalid_at"] is None
    assert next(r for s, r in rows.items() if "named Bramble" in s)["invalid_at"] is not None
    block = _block(mem, "What are my dogs called?")
    assert "Pickle" in block and "named Bramble" not in block


def test_a_named_dogs_death_ends_only_that_one(mem: Memory) -> None:
    say_apart(mem, ["I have a dog named Pickle.", "My other dog is called Bramble.", "Sadly Pickle died last night."],
              START)
    rows = _rows(mem)
    assert rows["My dog is named Pickle"]["invalid_at"] is not None
    assert next(r for s, r in rows.items() if "Bramble" in s)["invalid_at"] is None
    assert "Bramble" in _block(mem, "What's my dog called?")


# -- a relative's name told in a memory since ended ----------------------------------------------------------------
def test_a_brothers_name_in_an_ended_memory_answers_marked_as_ended(mem: Memory) -> None:
    say_apart(mem, ["I live in Whitby with my brother Lorcan.", "I moved to Harrogate last week."], START)
    assert next(r for s, r in _rows(mem).items() if "Lorcan" in s)["invalid_at"] is not None
    block = _block(mem, "What's my brother's name?")
    assert "Lorcan" in block and "no longer true" in block
    assert "Lorcan" not in _block(mem, "What's my sister's name?")


def test_a_current_memory_naming_the_relative_needs_no_ended_one(mem: Memory) -> None:
    say_apart(mem, ["I live in Whitby with my brother Lorcan.", "I moved to Harrogate last week.",
                    "My brother Lorcan teaches chemistry."], START)
    block = _block(mem, "What's my brother's name?")
    assert "Lorcan teaches chemistry" in block and "no longer true" not in block


def test_a_parting_keeps_the_ended_name_out(mem: Memory) -> None:
    say_apart(mem, ["I live in Whitby with my boyfriend Ferris.", "I moved to Harrogate last week.",
                    "Ferris and I broke up."], START)
    assert "no longer true" not in _block(mem, "What's my boyfriend's name?")


# -- a workplace joined with no role -------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "place"), [
    ("I'm at Quorvex Systems now.", "quorvex systems"),
    ("Now I'm with Tallbridge Insurance.", "tallbridge insurance"),
    ("I joined Brackwell Ltd in March.", "brackwell ltd"),
    ("I joined Ostrander in March.", "ostrander"),  # a bare name joined with its time
    ("Started at Fennick Health last spring.", "fennick health"),
])
def test_a_joining_with_no_role_is_the_workplace(text: str, place: str) -> None:
    got = extract_matches(text)
    assert [(m.slot, m.value) for m in got] == [("workplace", place)]


def test_a_joining_keeps_its_time() -> None:
    assert [m.ago for m in extract_matches("I joined Brackwell Ltd in March.")] == [("month_of", 3)]


@pytest.mark.parametrize("text", [
    "I joined Ironworks Fitness last month.",
    "I joined the Harbour Rowing Club in May.",
    "I joined the Saltmarsh Ramblers in March.",
    "I'm at Starbucks now.",  # a café one sits in
    "I'm at Heathrow now.",
    "I'm at Ostrander now.",  # a bare name held: no sign it is a company
])
def test_a_membership_or_a_place_is_no_workplace(text: str) -> None:
    assert all(m.slot != "workplace" for m in extract_matches(text))


def test_a_workplace_joined_answers_where_i_work(mem: Memory) -> None:
    say_apart(mem, ["I joined the Harbour Rowing Club in March.", "I'm at Quorvex Systems now."], START)
    block = _block(mem, "Where do I work?")
    assert "Quorvex" in block and "Rowing" not in block


# -- a doing kept up for a time ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "slot", "ago"), [
    ("I've been doing yoga for six years.", "habit.yoga", ("year", 6)),
    ("I've played the cello for twelve years.", "habit.cello", ("year", 12)),
    ("Been knitting for about ten years now.", "habit.knitting", ("year", 10)),
    ("I have been running for 8 months.", "habit.running", ("month", 8)),
])
def test_a_doing_kept_up_for_a_time_is_the_habit_from_then(text: str, slot: str, ago: tuple[str, int]) -> None:
    got = extract_matches(text)
    assert [(m.slot, m.kind, m.ago) for m in got] == [(slot, "habit", ago)]


@pytest.mark.parametrize("text", [
    "I've been living in Leeds for five years.",  # a home
    "I've been with Sam for six years.",  # a partner
    "I've been feeling tired for two weeks.",  # a state
    "I haven't played the cello for years.",
])
def test_no_doing_is_read_from_a_home_a_partner_a_state_or_a_denial(text: str) -> None:
    assert all(not (m.slot or "").startswith("habit.") for m in extract_matches(text))


def test_how_long_is_answered_by_a_start_told() -> None:
    assert value_unheld("How long have I done pottery?", "I started pottery") == 0.0
    assert value_unheld("How long have I done pottery?", "I like pottery") == 1.0
    assert value_unheld("How long is the drive to Leeds?", "I started pottery") == 1.0  # not the user's doing


def test_how_long_shows_since_when(mem: Memory) -> None:
    say_apart(mem, ["I've been doing yoga for six years.", "I started pottery five years ago."], START)
    rows = _rows(mem)
    yoga = next(r for s, r in rows.items() if "yoga" in s)
    assert yoga["valid_from"].startswith("2020-04")  # six years before it was said
    assert "2020" in _block(mem, "How long have I been doing yoga?")
    assert "2021" in _block(mem, "How long have I done pottery?")


# -- hopes ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "slot"), [
    ("Hoping to run a marathon next year.", "goal.run marathon"),
    ("I'd love to visit Patagonia next year.", "goal.visit patagonia"),
    ("My dream is to open a bakery.", "goal.open bakery"),
    ("Winning the county cup is my number one goal.", "goal.winning cup"),
    ("We're hoping to move to the coast by 2028.", "goal.move coast"),
])
def test_a_hope_is_a_goal(text: str, slot: str) -> None:
    assert _read(text) == [(slot, slot.partition(".")[2], "goal")]


@pytest.mark.parametrize("text", [
    "I'd love to hear your thoughts on this.",  # a request
    "Hoping you can help me with my CV.",
    "I was hoping to finish early.",  # a hope past
    "I'd like to book a table for two.",  # a request, no someday
    "I'd love to help out with the bake sale!",  # a reply, no time ahead
    "If I win the lottery I'd love to buy a boat.",
    "I want to learn Portuguese one day.",  # an idle wish, no time ahead: no memory (merge of round 48)
    "I'd love to live by the sea someday.",
])
def test_no_goal_from_a_request_a_past_hope_or_a_condition(text: str) -> None:
    assert all(m.kind != "goal" for m in extract_matches(text))


def test_goals_are_asked_by_the_goal_slot() -> None:
    assert "goal" in query_slots("What are my goals?")
    assert asks_deed("Have I run a marathon?") and asks_deed("When did I visit Patagonia?")
    assert not asks_deed("Did I say I wanted to visit Patagonia?") and not asks_deed("What are my goals?")


def test_a_hope_answers_my_goals_never_whether_i_did_it(mem: Memory) -> None:
    say_apart(mem, ["Hoping to run a marathon next year.", "I'd love to visit Patagonia next year."], START)
    assert {r["kind"] for r in _rows(mem).values()} == {"goal"}
    block = _block(mem, "What are my goals?")
    assert "marathon" in block and "Patagonia" in block and "(goal" in block
    for q in ("Have I run a marathon?", "Did I visit Patagonia?", "When did I run a marathon?"):
        assert "[fairly sure]" not in _block(mem, q), q


def test_a_hope_ends_no_fact_and_two_hopes_of_other_things_stand() -> None:
    assert goal_apart("goal", "goal.adopt child", "other", None)
    assert goal_apart("other", None, "goal", "goal.adopt child") is None  # a fact may end a hope ("New goal: …")
    assert goal_apart("goal", "goal.adopt child", "goal", "goal.open bakery")
    assert goal_apart("goal", "goal.open bakery", "goal", "goal.open bakery") is None  # the judge's
    assert goal_apart("habit", "habit.yoga", "other", None) is None


def test_a_hope_with_a_no_in_it_ends_nothing(mem: Memory) -> None:
    say_apart(mem, ["I'm looking into foster agencies these days.",
                    "I hope to build a family and give a home to kids who haven't had one."], START)
    assert all(r["invalid_at"] is None for r in _rows(mem).values())
