"""Round 31: the user's own plans and appointments told in English with a definite subject and no I/my ("The
team meeting is on Monday", "The kids' swimming lessons start in September") were stored as nothing, or as a
clause with no slot: a later time for the same event had nothing to end. They are the user's ``event.scheduled``
now, a move or a correction ends the time stored, and world facts told the same way are no such event. Own
sentences; real stores, the real default model, a real drain."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _stores import drained

from memcli import Memory
from memcli.write.fragment import is_fragment
from memcli.write.rules.coref import resolve
from memcli.write.rules.en_events import event_time
from memcli.write.rules.en_the_event import the_event
from memcli.write.rules.event_mention import event_subject

START = datetime(2026, 9, 7, 9, tzinfo=UTC)


@pytest.mark.parametrize(("sentence", "slot", "value"), [
    ("The staff meeting is on Thursday", "event.scheduled", "meeting"),
    ("The orthodontist appointment is at 2 on Friday", "event.scheduled", "appointment"),
    ("The christening's on the 3rd of October", "event.scheduled", "christening"),
    ("Parents' evening is next Tuesday", "event.scheduled", "parents' evening"),
    ("The girls' ballet lessons start in January", "child.event.scheduled", "lessons"),
    ("The flat viewing is tomorrow at 6", "event.scheduled", "viewing"),
    ("The staff meeting is on Monday at 10 in the big room", "event.scheduled", "meeting"),
    ("The MOT test is booked for the 21st", "event.scheduled", "test"),
    ("The leaving party for Dana is this Friday", "event.scheduled", "party"),
    ("Sorry, the staff meeting is on Wednesday", "event.scheduled", "meeting"),
    ("Friday's rehearsal got pushed to Saturday", "event.rescheduled", "rehearsal"),
])
def test_an_event_of_the_user_told_with_the_is_its_time(sentence: str, slot: str, value: str):
    m = event_time(sentence)
    assert m is not None and (m.slot, m.value) == (slot, value), m


@pytest.mark.parametrize("sentence", [
    "The library is open on Sundays",  # no event: a place's hours
    "The referendum is in March",  # a public event
    "The tide comes in at 6",
    "The royal wedding is in April",  # a personal noun, a public event
    "The shareholders' meeting is on the 2nd",
    "The Fed meeting is on Wednesday",
    "The release date is in May",  # a date, no event
    "The Green Party conference is in September",  # no party of the user's
    "The piano lessons are on Mondays",  # a weekly habit, not a date
    "The staff meeting was on Thursday",  # past: no time to keep
    "The staff meeting is in room 12",  # a place
    "The staff meeting is on Teams",  # a way
    "The staff meeting is in the big room at 10",
    "The team lunch is every Friday at 1",
    "The staff meeting went well",
    "When is the staff meeting?",
])
def test_a_world_fact_or_no_time_is_no_event_of_the_user(sentence: str):
    assert the_event(sentence) is None
    m = event_time(sentence)
    assert m is None or not m.slot.endswith("event.scheduled"), m


def test_a_nouns_s_before_a_time_is_a_clause_and_an_event_is_what_it_means_next():
    assert not is_fragment("The christening's on the 3rd of October")
    assert is_fragment("The one near the station") and is_fragment("The kids' school")
    assert event_subject("The staff meeting is on Thursday") == "the staff meeting"
    assert event_subject("My interview is on the 9th") == "my interview"
    assert event_subject("The library is open on Sundays") is None
    r = resolve("It's actually on Wednesday, not Thursday", ("The staff meeting is on Thursday",))
    assert r is not None and r.text == "The staff meeting is actually on Wednesday, not Thursday"


@pytest.mark.parametrize(("told", "stored"), [
    (["The orthodontist appointment is at 2 on Friday"], "The orthodontist appointment is at 2 on Friday"),
    (["The christening's on the 3rd of October"], "The christening's on the 3rd of October"),
    (["Parents' evening is next Tuesday"], "Parents' evening is next Tuesday"),
    (["The girls' ballet lessons start in January"], "The girls' ballet lessons start in January"),
])
def test_the_event_is_stored(db: str, embedder, told: list[str], stored: str):
    active, ended = drained(db, told, user="kim", start=START)
    assert active == {stored} and not ended, (active, ended)


@pytest.mark.parametrize(("first", "second", "now"), [
    ("The staff meeting is on Thursday", "The staff meeting got moved to Friday",
     "The staff meeting got moved to Friday"),
    ("The staff meeting is on Thursday", "It's actually on Wednesday, not Thursday",
     "The staff meeting is actually on Wednesday"),
    ("The orthodontist appointment is at 2 on Friday", "The orthodontist appointment was moved to Monday",
     "The orthodontist appointment was moved to Monday"),
    ("The field trip is on the 10th", "The field trip got postponed until the 17th",
     "The field trip got postponed until the 17th"),
    ("The christening's on the 3rd of October", "The christening is on the 10th of October now",
     "The christening is on the 10th of October now"),
])
def test_a_new_time_for_the_event_ends_the_one_stored(db: str, embedder, first: str, second: str, now: str):
    active, ended = drained(db, [first, second], user="kim", start=START)
    assert ended == {first} and active == {now}, (active, ended)


def test_a_move_of_another_event_ends_nothing(db: str, embedder):
    active, ended = drained(db, ["The orthodontist appointment is at 2 on Friday",
                                 "The staff meeting got moved to Friday"], user="kim", start=START)
    assert not ended and active == {"The orthodontist appointment is at 2 on Friday",
                                    "The staff meeting got moved to Friday"}, (active, ended)


@pytest.mark.parametrize("sentence", [
    "The library is open on Sundays", "The referendum is in March", "The tide comes in at 6",
    "The piano lessons are on Mondays",
])
def test_a_world_fact_is_stored_as_no_event(db: str, embedder, sentence: str):
    m = Memory(db=db, user="kim")
    try:
        m.capture(sentence, at=START.isoformat())
        m.drain()
        assert not [i for i in m.list(include_all=True) if (i.slot or "").endswith("event.scheduled")]
    finally:
        m.close()


def test_the_stored_event_answers_when_it_is(mem):
    mem.capture("The staff meeting is on Thursday", at=START.isoformat())
    mem.drain()
    assert "Thursday" in mem.context("When is the staff meeting?").text
