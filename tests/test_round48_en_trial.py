"""Round 48 (fix48a): what a new English-speaking user told that the write path lost or stored wrong.

- A value told changed, again, with its new value is the attribute's statement, the value before ended; a change
  told with no value is no memory (:mod:`memcli.write.en_restated`).
- A schedule moved "from next week … instead", or "still every <day> but pushed to <hour>", ends the stored day or
  hour of that habit only (:mod:`memcli.write.rules.habit_moved`, :func:`memcli.write.event_change.rescheduled`).
- "<X>'s pushed it" is "has pushed" (:mod:`memcli.write.rules.en_has`).
- A heading before the user's clause ("Big news: …", "Easter plan: …"), a request agreed to, a count corrected in
  passing, a note-to-self tail, a word about trying the tool, "I call it <Name>", a baby's name told in a fragment.
- "I freelance as a X" is the job; a friend who quit ends no job of the user's; "I got the <Org> job" is a new job
  at <Org> (:mod:`memcli.write.rules.job_offer`).
- A month ahead in a present-progressive clause beside a past one is the next one; "starting <date ahead>" keeps
  the valid time of the turn.

Own sentences; real stores (SQLite, the default model).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.write.en_restated import restated
from memcli.write.extract import dated_clause
from memcli.write.pair_dates import when_of
from memcli.write.rules.en_words import expand_contractions
from memcli.write.rules.habit_moved import habit_moved, hours_of, kind_said
from memcli.write.rules.job_offer import new_job_told
from memcli.write.rules.job_verbs import en_job_verb
from tests._stores import active_and_ended, say_apart


@pytest.mark.parametrize(("said", "read"), [
    ("My email's changed, the new one is kit@fernmail.org.", "My email is kit@fernmail.org now."),
    ("Lost my old sim and the number's changed again, it's 555-0301 now. Annoying.",
     "Lost my old sim. My number is 555-0301 now. Annoying."),
    ("My landline changed btw.", ""),
    ("The gym is closing its Monday hall, so from next week yoga class is on Thursdays at 6pm instead.",
     "The gym is closing its Monday hall. My yoga class is on Thursdays at 6pm now."),
    ("Omar's session is still every Friday but he's moved it to 4pm now because of his new job.",
     "My session with Omar is every Friday at 4pm now. Omar has a new job."),
    ("Good news on the flat front: I signed the lease for the place in Hove.",
     "I signed the lease for the place in Hove."),
    ("Easter plan: I'm driving down to Devon to see my gran.", "For Easter, I'm driving down to Devon to see my gran."),
    ("Summer plans: I'm doing a ceramics course in Porto.", "For the summer, I'm doing a ceramics course in Porto."),
    ("Lena asked if I could cover her shifts until June, I said yes.",
     "I agreed to cover her shifts until June, as Lena asked."),
    ("I have three cats, well two cats and a rabbit.", "I have two cats and a rabbit."),
    ("Biscuit's flea treatment is due on the 9th, need to remember that.",
     "Biscuit's flea treatment is due on the 9th."),
    ("Hey! Testing this app so I stop losing track of birthdays. I teach cello.", "I teach cello."),
    ("My bike's a battered red Raleigh, I call it the Rocket.",
     "My bike's a battered red Raleigh, I call my bike the Rocket."),
    ("Sam and Jo had their baby on Tuesday! A little boy called Felix.",
     "Sam and Jo had their baby on Tuesday! Sam and Jo's baby boy is called Felix."),
])
def test_restated(said: str, read: str) -> None:
    assert restated(said) == read


@pytest.mark.parametrize("said", [
    "My plans changed, it's much better now.",  # no value after the change
    "The new lamp totally changed the mood of the room.",  # a change of something else, words after it
    "I have two kids, well, they're more like tiny bosses.",  # "well" before no count
    "Work stuff: I've been slammed all week.",  # a heading of neither news nor a plan
    "Change of plans: I'm taking the train to Leeds instead.",  # a change heads it, no occasion (merge of round 48)
    "New plan: we're renting a van.",
    "I'm trying to get fit so I can run a 10k.",  # trying, not the tool
    "From next week I'm cycling to work instead.",  # no habit on days
    "Tom asked if I could help him move, I said no.",
    "I have to remember my keys.",
])
def test_not_restated(said: str) -> None:
    assert restated(said) == said


@pytest.mark.parametrize(("said", "read"), [
    ("she's pushed it to 5pm now", "she has pushed it to 5pm now"),
    ("the number's changed again", "the number has changed again"),
    ("he's fixed the tap", "he has fixed the tap"),
    ("it's called the Rocket", "it is called the Rocket"),
    ("he's scared the dog bites", "he is scared the dog bites"),
    ("she's a nurse", "she is a nurse"),
])
def test_has_or_is(said: str, read: str) -> None:
    assert expand_contractions(said) == read


@pytest.mark.parametrize(("predicate", "job"), [
    ("freelance as a copywriter, mostly for charities", "copywriter"),
    ("freelances as a sound engineer for indie bands", "sound engineer"),
    ("freelance as well", None),
    ("freelance as much as I can", None),
])
def test_freelance_job(predicate: str, job: str | None) -> None:
    assert en_job_verb(predicate) == job


@pytest.mark.parametrize(("said", "read"), [
    ("I got the Halvard job! I start on June 2nd.", "I got a new job at Halvard. I start there on June 2nd."),
    ("Finally landed the job at Northwind Labs.", "I got a new job at Northwind Labs."),
    ("I got the job done in an hour.", "I got the job done in an hour."),
    ("I got the day-shift job at the clinic!", "I got the day-shift job at the clinic!"),  # no employer named
])
def test_job_got_by_its_employer(said: str, read: str) -> None:
    assert new_job_told(said) == read


def test_habit_moved_readings() -> None:
    assert habit_moved("My call with Omar is every Friday at 4pm now").value == "call"
    assert kind_said("My call with Omar is every Friday at 4pm now") == ("call", "Omar")
    assert kind_said("Class is Monday nights at the dance school") == ("class", None)
    assert hours_of("every Friday at 3, we go over drafts") == {(15, 0)}
    assert hours_of("on Thursdays at 10am") == {(10, 0)}
    assert habit_moved("My call with Omar is every Friday at 4pm") is None  # no change told


SEPT = datetime(2026, 9, 10, 9, tzinfo=UTC)


@pytest.mark.parametrize(("statement", "year", "month"), [
    ("Nina from book club is moving to Oslo in October, she got a job there", 2026, 10),
    ("Dan got a place on the course, starts in November", 2026, 11),
    ("I agreed to extend the lease to the end of February, as my landlord asked", 2027, 2),
    ("I moved to Leeds in March, and I love it", 2026, 3),
])
def test_month_by_its_own_clause(statement: str, year: int, month: int) -> None:
    w = when_of(statement, SEPT)
    assert w is not None and (w.year, w.month) == (year, month)


def test_starting_ahead_keeps_the_turn_time() -> None:
    said = datetime(2026, 10, 1, 9, tzinfo=UTC)
    statement = "I signed a six-month contract with Halvard, starting October 20th"
    assert dated_clause(statement, said) == (statement, said)
    assert dated_clause("I started at the bakery last month", said)[1] < said


@pytest.fixture(scope="module")
def told(tmp_path_factory, embedder):  # noqa: ANN001, ANN201
    from memcli import Memory

    m = Memory(db=str(tmp_path_factory.mktemp("r48a") / "m.db"), user="kit", embedder=embedder)
    say_apart(m, [
        "I'm Kit, I freelance as a copywriter, mostly for charities.",
        "My number changed btw, the new one is 555-0101. The old 555-0100 is dead.",
        "Been dancing for ten years. Class is Monday nights at the Riverside studio.",
        "My weekly call with my editor Omar is every Friday at 3, we go over drafts.",
        "My call with my sister Bea is every Sunday at 11.",
        "Jess from dancing got engaged to her boyfriend Raf last weekend!",
        "Coffee with Lou today. She finally quit the bank and she's retraining as a florist.",
        "I have three cats, well two cats and a rabbit: Mo is the rabbit.",
        "Sam and Jo had their baby on Tuesday! A little boy called Felix.",
        "The Riverside studio is dropping its Monday slot, so from next week dance class is on Thursdays at 6pm "
        "instead.",
        "Omar's call is still every Friday but he's pushed it to 5pm now because of his new job.",
        "Dropped my phone in the canal and the number's changed again, it's 555-0102 now.",
        "Big news on the work side: I signed a six-month contract with Halvard, a shipping firm.",
    ], datetime(2026, 9, 1, 9, tzinfo=UTC))
    yield active_and_ended(m)
    m.close()


def test_number_changed_twice(told) -> None:  # noqa: ANN001
    active, ended = told
    phones = [s for s, slot in active.items() if slot == "phone"]
    assert phones == ["My number is 555-0102 now"]
    assert "My number is 555-0101 now" in ended
    assert not any("changed" in s for s in active)  # no valueless row


def test_schedule_moves_end_the_day_and_hour_only(told) -> None:  # noqa: ANN001
    active, ended = told
    assert "My dance class is on Thursdays at 6pm now" in active
    assert "Class is Monday nights at the Riverside studio" in ended
    assert "My call with Omar is every Friday at 5pm now" in active
    assert any(s.startswith("My weekly call with my editor Omar") for s in ended)
    assert "My call with my sister Bea is every Sunday at 11" in active  # another person's call stays
    assert any(s.startswith("Jess from dancing got engaged") for s in active)  # the move ends no other row


def test_job_kept_and_corrections(told) -> None:  # noqa: ANN001
    active, _ = told
    assert active.get("I freelance as a copywriter, mostly for charities") == "job"  # Lou quitting ends it not
    assert not any("three cats" in s for s in active)
    assert any(s.startswith("I have two cats and a rabbit") for s in active)
    assert "Sam and Jo's baby boy is called Felix" in active
    assert any("Halvard" in s and s.startswith("I signed") for s in active)
