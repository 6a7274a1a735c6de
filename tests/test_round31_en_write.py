"""Round 31: English decisions that hid or kept the wrong fact — a correction told as what someone reminded the
user of, a start at another workplace beside a job told with its workplace, a move of home beside who was the
user's flatmate / landlord / neighbour — and a context block that left out the user's car. Own sentences; real
stores, the real default model, a real drain."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _stores import drained

from memcli import Memory
from memcli.write.correction import denied_values, split_correction
from memcli.write.home_left import home_left
from memcli.write.workplace_moved import job_at, workplace_start

START = datetime(2026, 9, 7, 9, tzinfo=UTC)


# -- a correction told as hearsay ---------------------------------------------------------------------------
@pytest.mark.parametrize(("sentence", "statement", "denied"), [
    ("My husband reminded me the barbecue at the Lees' is actually on Sunday, not Saturday",
     "The barbecue at the Lees' is on Sunday", ["Saturday"]),
    ("Grandma corrected me: the reunion is in Cork, not Galway", "The reunion is in Cork", ["Galway"]),
    ("My coach told me that the final is actually on the 20th, not the 18th", "The final is on the 20th", ["18th"]),
    ("She reminded me the vet appointment is at 4, not 3", "The vet appointment is at 4", ["3"]),
])
def test_a_correction_someone_told_the_user_is_cut_as_one(sentence: str, statement: str, denied: list[str]):
    cut = split_correction(sentence, "en")
    assert cut is not None and cut[1] == statement, cut
    assert denied_values(sentence) == denied


@pytest.mark.parametrize("sentence", [
    "My boss said I should learn Go, not Rust",  # advice in contrast: no "actually", no reminder
    "My husband told me the barbecue is on Sunday",  # hearsay that denies nothing
    "I told my husband the barbecue is on Sunday, not Saturday",  # the user told someone else
])
def test_hearsay_that_corrects_nothing_of_the_users_is_no_correction(sentence: str):
    assert split_correction(sentence, "en") is None and denied_values(sentence) == []


def test_a_reminded_correction_ends_the_stored_date(db: str, embedder):
    told = "My husband reminded me the barbecue at the Lees' is actually on Sunday, not Saturday"
    active, ended = drained(db, ["We're having a barbecue at the Lees' on Saturday", told], user="ann", start=START)
    assert ended == {"We're having a barbecue at the Lees' on Saturday"}, (active, ended)
    assert active == {"The barbecue at the Lees' is on Sunday"}, active


# -- a start at another workplace -------------------------------------------------------------------------
def test_a_job_told_with_its_workplace_and_a_start_elsewhere_are_read_as_such():
    assert job_at("I'm a sound engineer at Abbey Road Studios") == ("I'm a sound engineer", "Abbey Road Studios")
    assert job_at("I work as a chef for Nando's") == ("I work as a chef", "Nando's")
    assert job_at("I'm a sound engineer in Leeds") is None  # a city, no workplace
    assert job_at("I'm no longer a chef at Nando's") is None
    assert job_at("I'm a volunteer at the food bank") is None  # helped at beside the job
    assert workplace_start("I started at Greenfield Primary", "workplace") == "Greenfield Primary"
    assert workplace_start("I've started at a new hospital", "event.started_new") == "a new hospital"
    assert workplace_start("I started at a new gym", "event.started_new") is None
    assert workplace_start("My daughter started at a new school", "daughter.event.started_new") is None


@pytest.mark.parametrize(("old", "new", "kept"), [
    ("I'm a physiotherapist at Riverside Clinic", "I started at Hillcrest Hospital last week", "I'm a physiotherapist"),
    ("I work as a paralegal at Dunn & Co", "I've started at a new firm", "I work as a paralegal"),
])
def test_a_start_at_another_workplace_ends_the_old_one_and_keeps_the_job(db: str, embedder, old: str, new: str,
                                                                         kept: str):
    active, ended = drained(db, [old, new], user="ann", start=START)
    assert ended == {old}, (active, ended)
    assert kept in active, active


@pytest.mark.parametrize(("old", "new"), [
    ("I'm a physiotherapist at Riverside Clinic", "My daughter started at a new school last week"),  # not the user's
    ("I'm a physiotherapist at Riverside Clinic", "I started at a new gym last week"),  # no workplace
    ("I'm a physiotherapist", "I started at Hillcrest Hospital last week"),  # no workplace told: the job holds
])
def test_a_start_that_moves_no_workplace_of_the_users_ends_nothing(db: str, embedder, old: str, new: str):
    active, ended = drained(db, [old, new], user="ann", start=START)
    assert not ended and old in active, (active, ended)


# -- a move of home ---------------------------------------------------------------------------------------
def test_only_a_memory_that_says_nothing_but_the_home_relation_ends():
    assert home_left("I moved out of the flat", "My housemate is called Priya")
    assert home_left("I moved to Bristol", "Mrs. Okafor is my landlady")
    assert home_left("We moved house", "My neighbour is Gareth")
    assert home_left("We moved house", "My housemate is called Priya") is None  # she may have moved with us
    assert home_left("We moved house", "My neighbour Gareth keeps bees") is None  # still true of Gareth
    assert home_left("I moved my dentist appointment", "My landlord is Mr. Hughes") is None
    assert home_left("I moved in with Priya", "My landlord is Mr. Hughes") is None


def test_a_move_of_home_ends_the_flatmate_and_landlord_but_keeps_what_is_still_true(db: str, embedder):
    active, ended = drained(db, ["My housemate is called Priya", "My landlord is Mr. Hughes",
                                 "My neighbour Gareth keeps bees", "I moved out of the flat in August"],
                            user="ann", start=START)
    assert ended == {"My housemate is called Priya", "My landlord is Mr. Hughes"}, (active, ended)
    assert "My neighbour Gareth keeps bees" in active, active


def test_a_move_made_together_keeps_the_flatmate(db: str, embedder):
    active, ended = drained(db, ["My housemate is called Priya", "We moved house last weekend"], user="ann",
                            start=START)
    assert not ended and "My housemate is called Priya" in active, (active, ended)


# -- read path: the user's car under the ratio cut ---------------------------------------------------------
def test_the_users_car_stays_in_the_block_beside_a_fresh_turn_that_says_car(db: str, embedder):
    m = Memory(db=db, user="ann")
    try:
        m.capture("I got a Kia Sportage in March.", at="2026-02-01T09:00:00Z")
        m.capture("Ugh, the car wash on Elm Street was packed today.", at="2026-08-30T09:00:00Z")
        m.capture("My sister lives in Boston.", at="2026-08-20T09:00:00Z")
        m.drain()
        res = m.context("what car do i have?")
        assert "Kia Sportage" in res.text, res.text
        assert res.dropped_below_ratio == 0
        assert "Boston" not in res.text  # the cut still leaves out what names no car
        assert not m.context("what is the capital of Peru?").text  # an unrelated question: still no block
    finally:
        m.close()
