"""Round 24: English facts told the way friends tell news. A preface before the news ("Guess what - …",
"Big news: …", "Something fun happened since we last talked - …") is an opener of its own, so the news is
scored alone (read with it, the clause model put the fact under its threshold); "I went on a trip" is an
experience, not a clause about the talk (only "we talked about…", "I told you…" are); a sentence a rule fact
says half of is kept whole ("This lake is where I learned to swim and it's still my favourite spot", not its
first clause alone). Own sentences; the real default model."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from memcli.write.clauses import Unit, is_chatter, units
from memcli.write.extract import Utterance
from memcli.write.fitted_extract import FittedExtractor

AT = datetime(2026, 11, 9, 9, tzinfo=UTC)


def _said(fitted_extractor: FittedExtractor, text: str) -> list[str]:
    return [c.statement for c in fitted_extractor.extract(Utterance(1, "u", "user", text, AT))]


@pytest.mark.parametrize("text, preface, news", [
    ("Guess what - we adopted a three-legged greyhound!", "Guess what -", "we adopted a three-legged greyhound!"),
    ("Big news: I passed my welding certification.", "Big news:", "I passed my welding certification."),
    ("Something wild happened since we last talked - I joined a rowing club in Ghent.",
     "Something wild happened since we last talked -", "I joined a rowing club in Ghent."),
    ("Just wanted to give you a heads-up on what's been going on- I started night classes in Arabic.",
     "Just wanted to give you a heads-up on what's been going on-", "I started night classes in Arabic."),
    ("Things have been hectic lately - I switched teams at the hospital.", "Things have been hectic lately -",
     "I switched teams at the hospital."),
    ("You won't believe it, Omar - my sister opened a bakery in Porto!", "You won't believe it, Omar -",
     "my sister opened a bakery in Porto!"),
])
def test_a_news_preface_is_an_opener_of_its_own(text, preface, news):
    got = units(text)
    assert [u.text for u in got] == [preface, news]
    assert is_chatter(got[0]) and not is_chatter(got[1])


@pytest.mark.parametrize("text", [
    "Good news travels fast in a small village.",  # the news is what the sentence is about, no preface
    "The good news is that my knee healed.",
    "I wanted to tell you about my new job at the library.",  # no mark after it: a statement of its own
    "Update the app before Friday.",
])
def test_news_words_without_a_preface_mark_are_read_whole(text):
    assert [u.text for u in units(text)] == [text]


@pytest.mark.parametrize("text, words", [
    ("Guess what - I bought a secondhand sailboat last month!", {"sailboat"}),
    ("Something exciting happened since we last talked - I got into a pottery residency in Kyoto!",
     {"pottery", "residency", "kyoto"}),
    ("Some big news: my brother and I are opening a bike repair shop.", {"bike", "repair", "shop"}),
])
def test_the_news_after_a_preface_is_kept(fitted_extractor, text, words):
    got = _said(fitted_extractor, text)
    assert words <= set(re.findall(r"[a-z]+", " ".join(got).casefold())), got
    assert not any(s.casefold().startswith(("guess", "something", "some big")) for s in got), got


@pytest.mark.parametrize("text, chatter", [
    ("I went on a canoe trip down the Wye with my cousins.", False),  # an experience of the speaker's
    ("We went on a road trip along the coast of Maine.", False),
    ("I talked to my landlord about the broken boiler.", False),
    ("We talked about this yesterday.", True),  # the talk itself
    ("I talked to you about my sister's wedding.", True),
    ("I went on and on about my garden.", True),
])
def test_going_on_a_trip_is_no_clause_about_the_talk(text, chatter):
    assert is_chatter(Unit(text, "en")) is chatter


def test_a_trip_one_went_on_is_kept(fitted_extractor):
    got = _said(fitted_extractor, "I went on a canoe trip down the Wye with my cousins.")
    assert any("canoe trip" in s for s in got), got


@pytest.mark.parametrize("text, rule_part, whole", [
    ("This old quarry is where I learned to dive and it's still my favourite swimming spot.",
     "This old quarry is where I learned to dive",
     "This old quarry is where I learned to dive and it's still my favourite swimming spot"),
    ("Gardening and birdwatching mean a lot to me, so I spend every Sunday at the allotment.",
     "I spend every Sunday at the allotment",
     "Gardening and birdwatching mean a lot to me, so I spend every Sunday at the allotment"),
])
def test_a_sentence_a_rule_fact_says_half_of_is_kept_whole(fitted_extractor, text, rule_part, whole):
    got = _said(fitted_extractor, text)
    assert whole in got and rule_part not in got, got


@pytest.mark.parametrize("text, facts", [
    # each clause its own fact: the rules say them all, nothing is left to read whole
    ("My brother lives in Cardiff and he works as a paramedic.",
     {"My brother lives in Cardiff", "My brother works as a paramedic"}),
    ("I adopted a tabby last spring and she sleeps on my desk.", {"I adopted a tabby", "My tabby sleeps on my desk"}),
])
def test_clauses_the_rules_say_one_by_one_stay_apart(fitted_extractor, text, facts):
    assert set(_said(fitted_extractor, text)) == facts


def _said_after(fitted_extractor: FittedExtractor, before: str, text: str) -> list[str]:
    return [c.statement for c in fitted_extractor.extract(Utterance(2, "u", "user", text, AT, context=(before,)))]


def test_pets_one_has_several_of_are_whom_they_means():
    from memcli.write.rules.coref import resolve
    from memcli.write.rules.coref_mentions import en_mentions

    assert [(m.phrase, m.plural) for m in en_mentions("Our two cats hate the vacuum")] == [("my cats", True)]
    assert resolve("Their names are Pesto and Olive.", ["I have two cats at home."]).text == \
        "My cats' names are Pesto and Olive."
    # a plural person and plural pets in the same turn: no guess
    assert resolve("They love the beach.", ["My parents visited with my two dogs."]) is None
    # one pet is no "they"
    assert resolve("They love the beach.", ["I have a dog."]) is None


@pytest.mark.parametrize("before, text, statement, slot", [
    ("I have two cats at home.", "Their names are Pesto and Olive.", "My cats' names are Pesto and Olive",
     "thing:cat.name"),
    ("We adopted three rescue dogs last year.", "They're called Rolo, Fig and Bean.",
     "My rescue dogs are called Rolo, Fig and Bean", "thing:dog.name"),
])
def test_the_names_of_pets_one_has_several_of_are_kept(fitted_extractor, before, text, statement, slot):
    got = fitted_extractor.extract(Utterance(2, "u", "user", text, AT, context=(before,)))
    assert (statement, slot) in [(c.statement, c.slot) for c in got], got


def test_a_clause_about_them_is_scored_as_whom_they_mean(fitted_extractor):
    """The clause model reads "My tortoises eat…", not "They eat…" (whose subject it cannot know)."""
    got = _said_after(fitted_extractor, "I have three turtles.",
                      "They eat a mix of leafy greens, berries, and crickets.")
    assert "My turtles eat a mix of leafy greens, berries, and crickets" in got, got


def test_an_it_is_not_read_as_a_pet_in_the_units(fitted_extractor):
    """The rules may read "it" as the pet named the turn before; the scored unit keeps its "it" (an "it" is as
    often no thing: "It would be lovely to…"), so a kept clause is never "My neighbour's dog would be lovely…"."""
    got = _said_after(fitted_extractor, "I walked my neighbour's dog this morning.",
                      "It would be lovely to have a garden big enough for a dog.")
    assert not any(s.startswith("My neighbour's dog") for s in got), got


@pytest.mark.parametrize("text, kept", [
    ("On a brighter note, my nephew got into the conservatory in Lyon.", "My nephew got into the conservatory in Lyon"),
    ("In other news, I adopted a tabby kitten called Pico.", "I adopted a tabby kitten called Pico"),
    ("Speaking of which, I started rowing again on Saturdays.", "I started rowing again on Saturdays"),
    ("Funnily enough, I never learned to whistle.", "I never learned to whistle"),
])
def test_a_discourse_lead_in_is_no_part_of_what_is_kept(text: str, kept: str):
    from memcli.write.clauses import clean

    assert clean(Unit(text, "en")) == kept


def test_a_note_that_is_a_thing_stays_in_the_statement():
    from memcli.write.clauses import clean

    assert clean(Unit("On the note she left I wrote my phone number", "en")).startswith("On the note")
