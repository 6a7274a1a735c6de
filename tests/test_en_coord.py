"""English statement shaping: coordination, a trailing background clause, "it" said as its thing,
"X and I" as one subject."""

import pytest

from memcli.write.rules.en_coord import antecedent, distribute, resolve_it
from memcli.write.rules.en_tail import trim_tail
from memcli.write.rules.en_words import split_clauses


@pytest.mark.parametrize("text, expect", [
    ("I sold my bike and bought a used car", ["I sold my bike", "I bought a used car"]),
    ("My niece is 9 and already fluent in Spanish", ["My niece is 9", "My niece is already fluent in Spanish"]),
    ("We have three goats and a donkey", ["We have three goats", "We have a donkey"]),
    ("I have a parrot named Kiwi", ["I have a parrot", "My parrot is named Kiwi"]),
    ("I have a neighbour named Omar", ["I have a neighbour named Omar"]),  # a person: one fact
    ("I love cats and dogs", ["I love cats and dogs"]),
    ("I moved here and she stayed", ["I moved here and she stayed"]),  # a new subject: not this rule
])
def test_distribute_repeats_the_subject_for_each_predicate(text, expect):
    assert distribute(text) == expect


@pytest.mark.parametrize("text, expect", [
    ("I learned to swim when I was six", "I learned to swim"),
    ("I moved to Leeds after I finished school", "I moved to Leeds"),
    ("My brother's email is bo@example.org if you need it", "My brother's email is bo@example.org"),
    ("I rent a flat in Camden, not far from the canal", "I rent a flat in Camden"),
    ("I swim", "I swim"),  # nothing trails
])
def test_trim_tail_drops_background_and_asides(text, expect):
    assert trim_tail(text) == expect


def test_x_and_i_is_one_subject():
    assert split_clauses("My sister and I run a bakery") == ["My sister and I run a bakery"]
    assert len(split_clauses("I run a bakery and I love it")) == 2


def test_it_is_said_as_the_thing_the_utterance_names():
    thing = antecedent("I bought a kayak and I take it out on weekends", ["I bought a kayak"])
    assert thing == "my kayak"
    assert resolve_it("I take it out on weekends", thing) == "I take my kayak out on weekends"
    assert antecedent("Sushi? I love it", []) == "sushi"
    assert antecedent("I love it", ["I love it"]) is None
