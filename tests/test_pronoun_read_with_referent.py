"""An English clause that opens with a pronoun pointing back ("It's a long saga about…", "It was all to fund…") is
scored by the clause model also as it would be kept: after the sentence that names what the pronoun means
(:func:`memcli.write.rules.en_carry.with_referent`). Alone, "it" reads as no thing at all and the model put such
clauses far under its threshold; the fact it tells (what a book is about, what an event was for) was lost.
Either reading at the threshold keeps it. A pronoun with nothing named before it stays as it was.
Own sentences; the real default model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.write.extract import Utterance
from memcli.write.fitted_extract import FittedExtractor

AT = datetime(2026, 11, 9, 9, tzinfo=UTC)


def _said(fitted_extractor: FittedExtractor, text: str) -> list[str]:
    return [c.statement for c in fitted_extractor.extract(Utterance(1, "u", "user", text, AT))]


@pytest.mark.parametrize("text, told", [
    ("I organised a bake sale at my son's school. It was all to fund new library books.",
     "It was all to fund new library books"),
    ("We visited the old lighthouse on the coast. It made me want to learn more about sailing.",
     "It made me want to learn more about sailing"),
    ("I started pottery classes in March. It's been a great way to unwind after work.",
     "It's been a great way to unwind after work"),
])
def test_a_pronoun_clause_is_kept_with_what_it_means(fitted_extractor, text, told):
    got = _said(fitted_extractor, text)
    first = text.split(". ")[0]
    assert any(told in s and s.startswith(first) for s in got), got  # said after the sentence naming the thing


def test_the_time_cut_from_a_kept_clause_leaves_no_space_before_the_stop(fitted_extractor):
    got = _said(fitted_extractor,
                'I finally read "Dune" last month. It\'s a long saga about a desert planet and the spice trade.')
    assert got == ['I finally read "Dune". It\'s a long saga about a desert planet and the spice trade'], got


@pytest.mark.parametrize("text", [
    "That sounds nice. It's raining here again.",  # the sentence before is chatter: nothing named
    "It's so cold today.",  # opens the turn
])
def test_a_pronoun_with_nothing_named_before_it_is_not_kept(fitted_extractor, text):
    assert _said(fitted_extractor, text) == []
