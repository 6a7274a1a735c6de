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


def test_a_sentence_opening_with_a_pronoun_is_said_after_the_one_it_points_back_to():
    from memcli.write.clauses import units
    from memcli.write.rules.en_carry import with_referent

    parts = units("Last month I built a bird feeder. It was made from an old crate.")
    assert with_referent(parts, parts[1]).text == "Last month I built a bird feeder. It was made from an old crate."
    assert with_referent(parts, parts[0]) == parts[0]  # no pronoun
    asked = units("Did you see my bird feeder? It was made from an old crate.")
    assert with_referent(asked, asked[1]) == asked[1]  # a question before: nothing named
    assert with_referent(parts[1:], parts[1]) == parts[1]  # it opens the utterance


def test_a_name_after_an_openers_comma_is_the_vocative_not_a_statement():
    from memcli.write.clauses import is_chatter, units
    from memcli.write.rules.en_carry import with_referent

    parts = units("Thanks, Priya. It meant a lot to me.")
    assert [u.text for u in parts] == ["Thanks, Priya.", "It meant a lot to me."]
    assert is_chatter(parts[0]) and is_chatter(units("Wow, Priya.")[0])
    assert with_referent(parts, parts[1]) == parts[1]  # the opener names no thing "it" could mean


@pytest.mark.parametrize("text, question", [
    ("When I turned twelve, my uncle signed me up for a chess club.", False),  # a time clause, then the main one
    ("When I was a kid we lived near the river", False),
    ("Was super anxious when I read my poem out loud", False),  # "was" where chat dropped its "I"
    ("When I get there, what should I bring?", True),
    ("When do I need to be there", True),  # an auxiliary after the wh-word
    ("Was it fun?", True),
    ("Was Dana at the party", True),  # a subject after "was"
    ("When is the concert", True),
])
def test_a_time_clause_or_a_dropped_i_is_no_question(text, question):
    from memcli.write.rules.en import is_question

    assert is_question(text) is question


def test_a_dropped_i_before_was_is_put_back():
    assert dropped_subject("Was really nervous before my recital") == ("", "I ")
    assert dropped_subject("Was it a good recital?") is None


def test_a_told_time_clause_is_kept_with_its_main_clause():
    """Scored as one statement by the fitted extractor: the time clause is not chatter any more."""
    from memcli.write.clauses import is_chatter, units

    parts = units("When I was nine, my grandpa taught me to fish.")
    assert len(parts) == 1 and not is_chatter(parts[0])
