"""Round 33: English told in chat, kept for a later question (LoCoMo misses, own sentences; the real default model).

- A background clause cut from the end of a kept statement ("… when I was nine") took the clause coordinated after
  it with it ("…, and it stands for courage"): that clause stays (`rules/en_tail.trim_tail`).
- A name left alone of an opener ("Ravi, can you believe it? …" → "Ravi") was kept as a memory: one English word
  states nothing (`FittedExtractor._candidate`); nor does an I the rules put before one word said alone ("So
  uplifting." → "I uplifting": `garbled.garbled`, dropped in `FittedExtractor._faithful`).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _stores import drained

from memcli.write.extract import Utterance
from memcli.write.fitted_extract import FittedExtractor
from memcli.write.rules.en_tail import trim_tail

AT = datetime(2026, 10, 3, 18, tzinfo=UTC)


def _said(fx: FittedExtractor, text: str) -> list[str]:
    return [c.statement for c in fx.extract(Utterance(1, "u", "user", text, AT))]


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


@pytest.mark.parametrize("text, fact", [
    ("Ravi, can you believe it? I finally bought a kayak!", "I finally bought a kayak"),
    ("Milo, can you believe it? I passed my driving test.", "I passed my driving test"),
])
def test_a_name_left_alone_of_an_opener_is_no_memory(fitted_extractor, text, fact):
    got = _said(fitted_extractor, text)
    assert fact in got, got
    assert all(len(s.split()) >= 2 for s in got), got  # "Ravi" / "Milo" was kept as a memory of its own


def test_a_real_store_keeps_the_clause_and_no_lone_name(db: str):
    active, ended = drained(db, ["My aunt gave me this compass when I was nine, and it stands for finding my way.",
                                 "Ravi, can you believe it? I finally bought a kayak!"], user="ann", start=AT)
    assert any("stands for finding my way" in s for s in active), active
    assert "I finally bought a kayak" in active and "Ravi" not in active, active
    assert not ended, ended


@pytest.mark.parametrize("text, kept", [
    ("I love this poem. So uplifting.", "I love this poem"),
    ("Hey Pia! I just went to a pottery market in Kyoto - so cool!", "I just went to a pottery market in Kyoto"),
])
def test_an_i_put_before_a_lone_word_is_no_memory(fitted_extractor, text, kept):
    got = _said(fitted_extractor, text)
    assert any(s.startswith(kept) for s in got), got
    assert not any(s in ("I uplifting", "I cool") for s in got), got  # "So uplifting." read as "I uplifting"


def test_a_two_word_deed_said_as_such_stays(fitted_extractor):
    assert "I graduated" in _said(fitted_extractor, "Graduated last week!")
