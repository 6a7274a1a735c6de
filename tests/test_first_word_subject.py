"""A capitalised first word is not evidence of a name (issue 21): every sentence starts with a
capital, so a food, colour or language there is read as a thing of the user's when the rest of the
clause is about the user, and as a person only on other evidence (a person's verb, a title, no
mention of the user). Sentences here are made up for the test, not taken from a goldset."""

from __future__ import annotations

import pytest

from memcli.write.judge import different_people, facts_of


@pytest.mark.parametrize("text", [
    "Papaya does not agree with me",
    "Purple is not a colour I wear",
    "Spanish is a language I am learning",
    "Broccoli's grown on me lately",
    "Tofu is something I never cook",
])
def test_a_thing_at_the_start_is_not_a_person(text: str) -> None:
    sub = facts_of(text).subject
    assert not sub.startswith("person:"), sub
    assert not different_people(facts_of(text), facts_of("I love cooking"))


@pytest.mark.parametrize(("text", "subject"), [
    ("Olivia does not like me", "person:olivia"),  # a person's verb
    ("Liam has three cats", "person:liam"),  # no mention of the user
    ("Olivia lives next to me", "person:olivia"),
    ("Dr Patel has been treating me", "person:dr patel"),  # a title
    ("Liam's birthday is the same as mine", "person:liam"),  # a possessive, not 's + participle
])
def test_a_name_at_the_start_stays_a_person(text: str, subject: str) -> None:
    assert facts_of(text).subject == subject


def test_a_relation_word_at_the_start_is_the_relation() -> None:
    assert facts_of("Grandpa was born in 1941").subject == "grandfather"
