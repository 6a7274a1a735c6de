"""English chat that drops its subject ("Took a trip…") is read with the "I" it drops."""

import pytest

from memcli.write.clauses import Unit
from memcli.write.rules.en_carry import dropped_subject, with_en_subjects


@pytest.mark.parametrize("text, say", [
    ("Took my nephew to the aquarium on Sunday", "I "),
    ("Just finished knitting a scarf for my dad", "I "),
    ("Still working on the treehouse", "I'm "),
    ("Been learning to play the cello", "I've "),
    ("Moved to Denver last spring", "I "),
    ("So, signed up for a pottery course", "I "),
])
def test_a_told_deed_without_a_subject_is_the_speakers(text, say):
    assert dropped_subject(text)[1] == say


@pytest.mark.parametrize("text", [
    "I took my nephew to the aquarium",  # a subject of its own
    "Excited to see you next week",  # how one feels
    "Stressed about the exam",
    "Take a look at this",  # an imperative
    "Trying new recipes is fun",  # a gerund subject
    "Did you find a flat?",  # an auxiliary before its subject
    "Inspired me a lot",  # someone else did it to me
    "Just something small",
    "Loved",  # too little to be told
])
def test_no_subject_is_put_back_where_none_was_dropped(text):
    assert dropped_subject(text) is None


def test_units_are_said_with_the_subject():
    parts = [Unit("Hey Ana!", "en"), Unit("Finally got my driving licence.", "en"), Unit("我很好", "zh")]
    assert [u.text for u in with_en_subjects(parts)] == ["Hey Ana!", "I finally got my driving licence.", "我很好"]
