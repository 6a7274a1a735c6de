"""English facts told right after a lead that states nothing: a reaction to what the other one said ("Way to go,
I also…", "Sorry to hear that, my grandfather…") or a turn to a new topic ("On another note, I…", "By the way, …").
Read with the lead in one clause unit, the clause model put the fact under its threshold; the lead is a unit of its
own and the fact is scored alone. An assessment of a thing it names ("That's my brother, he…") is no lead.
Own sentences; the real default model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.write.clauses import is_chatter, units
from memcli.write.extract import Utterance
from memcli.write.fitted_extract import FittedExtractor
from memcli.write.reaction import reaction_lead

AT = datetime(2026, 11, 9, 9, tzinfo=UTC)


def _said(fitted_extractor: FittedExtractor, text: str) -> list[str]:
    return [c.statement for c in fitted_extractor.extract(Utterance(1, "u", "user", text, AT))]


@pytest.mark.parametrize("text, lead, fact", [
    ("On another note, I just finished a small wooden box for my neighbour.", "On another note,",
     "I just finished a small wooden box for my neighbour."),
    ("By the way, my uncle restores old Vespas in his barn.", "By the way,",
     "my uncle restores old Vespas in his barn."),
    ("In other news, we adopted a cat last month.", "In other news,", "we adopted a cat last month."),
    ("On a happier note - my sister got engaged to Tom.", "On a happier note -", "my sister got engaged to Tom."),
    ("Speaking of which, my dad retired from the railway.", "Speaking of which,",
     "my dad retired from the railway."),
])
def test_a_turn_to_a_new_topic_is_an_opener_of_its_own(text, lead, fact):
    got = units(text)
    assert [u.text for u in got] == [lead, fact]
    assert is_chatter(got[0]) and not is_chatter(got[1])


@pytest.mark.parametrize("text, lead, fact", [
    ("Way to go, I also finished my first marathon.", "Way to go,", "I also finished my first marathon."),
    ("Sorry to hear that, my grandfather had the same surgery in March.", "Sorry to hear that,",
     "my grandfather had the same surgery in March."),
    ("That's so cool - my daughter plays the cello too.", "That's so cool -", "my daughter plays the cello too."),
    ("Wow, sounds great, we moved into a bigger flat in May.", "sounds great,", "we moved into a bigger flat in May."),
])
def test_a_reaction_before_the_news_is_a_unit_of_its_own(text, lead, fact):
    got = [u.text for u in units(text)]
    assert got[-2:] == [lead, fact]


@pytest.mark.parametrize("text", [
    "That's my brother, he lives in Leeds.",  # names a thing: no reaction
    "That's Tom, my cousin from Cork.",
    "It sounds like fun, I might try it.",
    "That's great news for the whole team.",  # no news of the speaker's after it
    "That was hard, but the team pulled through.",
])
def test_no_reaction_lead(text):
    assert reaction_lead(text) == 0


@pytest.mark.parametrize("text", ["By the way, my cats.", "That's great, my cats."])
def test_a_lead_before_no_fact_of_its_own_is_read_whole(text):
    assert [u.text for u in units(text)] == [text]  # "my cats" alone would be kept as a fragment


@pytest.mark.parametrize("text, words", [
    ("On another note, I just finished a small wooden box for my neighbour.", {"wooden", "box", "neighbour"}),
    ("Way to go, I also finished my first marathon.", {"finished", "marathon"}),
    ("Sorry to hear that, my grandfather had the same surgery in March.", {"grandfather", "surgery"}),
    ("Good for you, we finally painted the kitchen yellow last weekend.", {"painted", "kitchen", "yellow"}),
])
def test_the_fact_after_a_lead_is_kept(fitted_extractor, text, words):
    said = _said(fitted_extractor, text)
    assert any(words <= set(s.casefold().split()) for s in said), said
    assert not any(s.casefold().startswith(("on another", "way to go", "sorry to", "good for")) for s in said), said
