"""English chat as friends talk (issue 19, LoCoMo-like turns): statements are spans of what was
said, cleaned; vocatives and openers are talk; a told event stays history; a remark spread over
several memories stays findable as an episode. Pure functions: no model."""

from __future__ import annotations

from memcli.write.change_rules import told_event_kept
from memcli.write.chatter import uncovered
from memcli.write.clauses import Unit, clean, is_chatter
from memcli.write.garbled import garbled as _garbled
from memcli.write.garbled import words as _words
from memcli.write.pair_facts import facts_of
from memcli.write.rules.en import _expand, subject_of


def test_has_been_is_not_is_been():
    assert _expand("School's been crazy busy lately") == "School has been crazy busy lately"
    assert _expand("My family's got a cabin") == "My family has got a cabin"
    assert _expand("Anna's a nurse") == "Anna is a nurse"


def test_an_i_before_a_clause_with_its_own_subject_is_garbled():
    said = [_words("School's been crazy busy lately")]
    assert _garbled(_words("I school has been crazy busy lately"), said)
    assert not _garbled(_words("I switched to Hoka"), [_words("Switched to Hoka last week")])


def test_a_gerund_that_opens_a_sentence_is_no_person():
    assert subject_of("Gardening's such a good way to unwind") != "person:gardening"


def test_a_vocative_is_not_part_of_the_statement():
    assert clean(Unit("I'm doing fine, Sam.", "en")) == "I'm doing fine"
    assert clean(Unit("I live in Paris, France", "en")) == "I live in Paris, France"
    assert clean(Unit("It was a gift from my grandma in my home country, Norway", "en")).endswith("Norway")


def test_an_opener_alone_is_chatter():
    assert is_chatter(Unit("Yep, Sam!", "en"))
    assert is_chatter(Unit("Wow, thanks so much!", "en"))
    assert not is_chatter(Unit("We adopted a puppy", "en"))


def test_a_told_event_is_history():
    old = facts_of("Last Friday I went to a pottery workshop and it was great")
    assert told_event_kept(facts_of("I just joined a new hiking club last Tuesday"), old)
    assert told_event_kept(facts_of("Last Friday I went to a pottery workshop with my aunt"), old) is None  # retold
    assert told_event_kept(facts_of("I joined a hiking club"), facts_of("I need glasses to see")) is None
    assert told_event_kept(facts_of("I moved to Denver"), facts_of("I live in Chicago")) is None


def test_an_english_remark_spread_over_memories_stays_an_episode():
    turn = "We went camping at the lake last week. The kids caught three fish and loved the campfire."
    assert uncovered(turn, ["We went camping at the lake", "The kids caught three fish and loved the campfire"])
    assert not uncovered("I live in Chicago with my wife", ["I live in Chicago with my wife"])
    assert not uncovered("我住在杭州，我老婆是老师", ["我住在杭州", "我老婆是老师"])  # Chinese: as before


def test_a_pronoun_names_the_pet_just_named_never_we_his():
    """The new-user trial's "We adopted a puppy, his name is Rex" became "We his name is Rex": a clause
    opening with his/her (or he/she) never takes the subject of the clause before."""
    from memcli.write.rules.en import extract_matches

    got = [(m.statement, m.slot) for m in extract_matches("We got a puppy, his name is Biscuit")]
    assert got == [("We got a puppy", "owns.puppy"), ("My puppy's name is Biscuit", "thing:puppy.name")]
    assert all(not m.statement.startswith("I his") for m in extract_matches("I love hiking, his trail runs are long"))
