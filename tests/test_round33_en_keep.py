"""Round 33: English told in chat, kept for a later question (LoCoMo misses, own sentences; the real default model).

- A sentence that opens with a pronoun pointing back and describes the thing the sentence before names ("I finished
  my second novel. It's about exile, memory and a lighthouse keeper.") was scored alone, where it says nothing of
  whose thing it is (0.00 – 0.21): the description was lost. It is read as it would be stored, after its referent
  sentence, and the higher score kept (`rules/en_carry.referent_read`); a reaction ("It's so cute!") is not.
- A background clause cut from the end of a kept statement ("… when I was nine") took the clause coordinated after
  it with it ("…, and it stands for courage"): that clause stays (`rules/en_tail.trim_tail`).
- A name left alone of an opener ("Ravi, can you believe it? …" → "Ravi") was kept as a memory: one English word
  states nothing (`FittedExtractor._candidate`).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _stores import drained

from memcli import Memory
from memcli.write.clauses import Unit, units
from memcli.write.extract import Utterance
from memcli.write.fitted_extract import FittedExtractor
from memcli.write.rules.en_carry import referent_read
from memcli.write.rules.en_tail import trim_tail

AT = datetime(2026, 10, 3, 18, tzinfo=UTC)


def _said(fx: FittedExtractor, text: str) -> list[str]:
    return [c.statement for c in fx.extract(Utterance(1, "u", "user", text, AT))]


@pytest.mark.parametrize("text, words, referent", [
    ("I finished my second novel last month. It's about exile, memory and a lighthouse keeper.",
     ("exile", "lighthouse keeper"), "I finished my second novel"),  # (the relative time goes to valid_from)
    ("We adopted two hedgehogs from the rescue centre. They eat mealworms, boiled egg and a little cat food.",
     ("mealworms", "boiled egg"), "hedgehogs"),
    ("I framed an old poster for the hallway. It's a railway map of Scotland from the fifties.",
     ("railway map of Scotland",), "I framed an old poster"),
    ("I'm reading a thriller my uncle lent me. It follows a smuggler, a diver and a stolen violin.",
     ("smuggler", "stolen violin"), "thriller"),
])
def test_a_description_after_its_referent_is_kept_with_it(fitted_extractor, text, words, referent):
    got = _said(fitted_extractor, text)
    holding = [s for s in got if all(w in s for w in words)]
    assert holding, got
    assert referent in holding[0], got  # said with what it describes, not as a statement about "it"
    assert not any(s.startswith(("It", "They")) for s in got), got


@pytest.mark.parametrize("text", [
    "I baked a lemon cake for my neighbour. It's so good!",  # a reaction: no content words of its own
    "Thanks so much, Mel. It means a lot to me.",  # the sentence before is chatter
    "It's about time we talked about the budget.",  # opens the turn: nothing to point back to
])
def test_no_referent_read_without_a_description_or_a_referent(text):
    parts = units(text)
    last = parts[-1]
    assert referent_read(parts, last) is None


def test_a_referent_read_is_the_two_sentences_as_stored():
    parts = units("I started a herb garden on the balcony. It has basil, sage, chives and two kinds of mint.")
    got = referent_read(parts, parts[-1])
    assert got == Unit("I started a herb garden on the balcony. It has basil, sage, chives and two kinds of mint.",
                       "en")


def test_a_reaction_after_a_fact_stays_out_of_the_memory(fitted_extractor):
    got = _said(fitted_extractor, "I baked a lemon cake for my neighbour. It's so good!")
    assert not any("so good" in s for s in got), got


@pytest.mark.parametrize("statement, want", [
    ("My aunt gave me this compass when I was nine, and it stands for finding my way",
     "My aunt gave me this compass, and it stands for finding my way"),
    ("I keep a journal, especially when I travel, and it helps me remember the small things",
     "I keep a journal, and it helps me remember the small things"),
    ("My grandpa taught me chess when I was six", "My grandpa taught me chess"),  # the tail alone: cut as before
    ("I swim at the lido, not far from work, it opens at seven", "I swim at the lido"),  # no coordinated clause
])
def test_a_clause_coordinated_after_a_background_clause_stays(statement, want):
    assert trim_tail(statement) == want


def test_what_a_keepsake_stands_for_is_kept(fitted_extractor):
    got = _said(fitted_extractor, "My aunt gave me this compass when I was nine, and it stands for finding my way.")
    assert any("stands for finding my way" in s for s in got), got


def test_a_described_thing_is_found_in_a_real_store(db: str, embedder):
    active, _ = drained(db, ["I finished my second novel last month. It's about exile, memory and a lighthouse "
                             "keeper.", "My cousin runs a bike shop in Bristol."], user="ann", start=AT)
    assert any("lighthouse keeper" in s and "novel" in s for s in active), active
    m = Memory(db=db, user="ann")
    try:
        hits = m.search("What is my second novel about?", limit=3)
        assert hits and "lighthouse keeper" in hits[0].statement, [h.statement for h in hits]
    finally:
        m.close()


@pytest.mark.parametrize("text, fact", [
    ("Ravi, can you believe it? I finally bought a kayak!", "I finally bought a kayak"),
    ("Milo, can you believe it? I passed my driving test.", "I passed my driving test"),
])
def test_a_name_left_alone_of_an_opener_is_no_memory(fitted_extractor, text, fact):
    got = _said(fitted_extractor, text)
    assert fact in got, got
    assert all(len(s.split()) >= 2 for s in got), got  # "Ravi" / "Milo" was kept as a memory of its own
