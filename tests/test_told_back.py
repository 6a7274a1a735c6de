"""Round 26: English facts whose punctuation hid them. A fact asked back inside a question about the talk
("Did I tell you I bought a kayak?", "Have I mentioned that we moved to Bergen?") was read as a question
and lost; the dots of a name's initials ("Octavia E. Butler") cut the sentence and stored "…Octavia E".
Own sentences; the real default model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.write.clauses import is_chatter, units
from memcli.write.extract import Utterance
from memcli.write.fitted_extract import FittedExtractor
from memcli.write.rules.en import extract_matches
from memcli.write.rules.en_told import told_back

AT = datetime(2026, 12, 1, 9, tzinfo=UTC)


def _said(fitted_extractor: FittedExtractor, text: str) -> list[str]:
    return [c.statement for c in fitted_extractor.extract(Utterance(1, "u", "user", text, AT))]


@pytest.mark.parametrize("text, fact", [
    ("Did I tell you I bought a kayak?", "I bought a kayak."),
    ("Have I mentioned that we moved to Bergen last spring?", "We moved to Bergen last spring."),
    ("Oh, did I ever tell you my uncle keeps bees?", "My uncle keeps bees."),
    ("Did you know I'm left-handed?", "I'm left-handed."),
    ("Did you hear Farid just got his pilot's licence?", "Farid just got his pilot's licence."),
    ("Do you remember I said my cousin was moving to Quito?", "My cousin was moving to Quito."),
    ("Do you remember I broke my ankle skiing?", "I broke my ankle skiing."),
])
def test_a_fact_asked_back_is_the_fact(text, fact):
    assert told_back(text) == fact


@pytest.mark.parametrize("text", [
    "Did I tell you where I work?",  # asks what the listener knows: no clause told
    "Do you remember my old flat?",  # "remember" + a thing
    "Did I tell you I'm scared of something?",  # the value left open
    "Did you know octopuses have three hearts?",  # not the speaker's, nor a named person's
    "Did you remember to water the plants?",
    "Did I tell you about the concert?",
])
def test_a_question_that_tells_nothing_stays_one(text):
    assert told_back(text) == text
    assert all(is_chatter(u) for u in units(text))


@pytest.mark.parametrize("text, words", [
    ("Did I tell you I adopted a rescue greyhound?", {"adopted", "greyhound"}),
    ("Have I mentioned that I grew up on a farm near Ballarat?", {"grew", "Ballarat"}),
    ("Did you know I'm a twin? My brother lives in Perth.", {"twin"}),
])
def test_the_fact_asked_back_is_stored(fitted_extractor, text, words):
    got = _said(fitted_extractor, text)
    assert any(words <= set(s.replace("?", " ").replace(".", " ").split()) for s in got), got
    assert not any(s.rstrip().endswith("?") for s in got)


@pytest.mark.parametrize("text, name", [
    ("My favourite poet is Octavia E. Butler; I read her every summer.", "Octavia E. Butler"),
    ("We named the cat after J. R. R. Tolkien.", "J. R. R. Tolkien"),
    ("I interviewed Martin L. Gore for the school paper.", "Martin L. Gore"),
])
def test_initials_end_no_sentence(fitted_extractor, text, name):
    assert any(name in u.text for u in units(text))
    assert any(name in m.statement for m in extract_matches(text)) or \
        any(name in s for s in _said(fitted_extractor, text))


@pytest.mark.parametrize("text, n", [
    ("I finally got an A. My mom was thrilled.", 2),  # a grade, then a sentence of its own
    ("We went with plan B. The weather was awful.", 2),
    ("I asked Ruth. She said no.", 2),
])
def test_a_capital_and_a_dot_before_a_new_sentence_still_ends_it(text, n):
    assert len(units(text)) == n


@pytest.mark.parametrize("text, second", [
    ("Wen quit the choir and moved to Hobart.", "Wen moved to Hobart"),
    ("Biscuit finished obedience school and got a rosette.", "Biscuit got a rosette"),
    ("The neighbours sold their house and moved to Cork.", "The neighbours moved to Cork"),
    ("The plumber came round on Friday and fixed the boiler.", "The plumber fixed the boiler"),
])
def test_a_second_verb_is_the_named_subjects_not_the_users(fitted_extractor, text, second):
    """The subjectless clause after "and" is the first clause's subject's: never the user's ("I moved to Hobart"
    as the user's residence), nor an article's ("The fixed the boiler")."""
    assert not any(m.statement.startswith("I ") for m in extract_matches(text))
    got = _said(fitted_extractor, text)
    assert not any(s.startswith("I ") for s in got), got
    assert any(second in s for s in got) or text.rstrip(".") in got, got


def test_a_second_verb_after_the_users_own_clause_is_still_theirs():
    assert [m.statement for m in extract_matches("Got back from Crete and started a new job.")][:1] != []
    got = [m.statement for m in extract_matches("I sold my car and bought an e-bike.")]
    assert got and all(s.startswith("I ") for s in got), got


@pytest.mark.parametrize("text, words", [
    ("Since my shoulder healed, I've been swimming three times a week.", ("shoulder healed", "swimming")),
    ("Back when I lived in Utrecht, I cycled everywhere.", ("lived in Utrecht", "cycled everywhere")),
])
def test_a_leading_time_clause_is_kept_with_its_main_clause(fitted_extractor, text, words):
    got = _said(fitted_extractor, text)
    assert any(all(w in s for w in words) for s in got), got
    assert not any(s.startswith(("Since", "Back when")) and words[1] not in s for s in got), got


@pytest.mark.parametrize("first, again", [
    ("My brother just moved to Porto for a job at a tech startup", "My brother moved to Porto"),
    ("I just moved to Ghent for a job at a bike company", "I moved to Ghent"),
])
def test_a_move_told_again_contradicts_nothing(tmp_path, embedder, first, again):
    """A change told again with the same value (a fact asked back: "Remember I said I moved to Ghent?") is a
    restatement: the fuller first telling stays active (the fitted judge read the change word as a conflict)."""
    from memcli import Memory

    with Memory(db=str(tmp_path / "m.db"), user="u", embedder=embedder) as m:
        m.remember(first, at="2026-01-05")
        res = m.remember(again, at="2026-03-05")
        active = {it.statement for it in m.list()}
    assert res.decision.value in ("NOOP", "ADD"), res.reason
    assert first in active
