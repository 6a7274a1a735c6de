"""A relative time is cut from an English statement (its date goes to the valid time) together with a focusing
adverb right before it, or an approximation before a counted one: "Just yesterday I joined…" was stored as "Just I
joined…", "… about five years ago; it's been…" as "… about; it's been…". A time cut from the sentence before a
kept pronoun sentence left a space before its stop ("… a scarf . It's made of…"). An adverb elsewhere in the
clause ("I only quit…") is the statement's own and stays. Own sentences; the real default model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.write.extract import Utterance
from memcli.write.fitted_extract import FittedExtractor

AT = datetime(2026, 11, 9, 9, tzinfo=UTC)


def _got(fitted_extractor: FittedExtractor, text: str) -> list[tuple[str, datetime | None]]:
    return [(c.statement, c.valid_from) for c in fitted_extractor.extract(Utterance(1, "u", "user", text, AT))]


@pytest.mark.parametrize("text, statement, day", [
    ("Just yesterday I joined a nearby choir.", "I joined a nearby choir", 8),
    ("Only last week we moved into a new flat in Leeds.", "We moved into a new flat in Leeds", None),
    ("I started playing the banjo about five years ago.", "I started playing the banjo", None),
])
def test_the_focus_adverb_goes_with_the_time(fitted_extractor, text, statement, day):
    got = _got(fitted_extractor, text)
    assert [s for s, _ in got] == [statement], got
    assert got[0][1] is not None and got[0][1] < AT  # the time read into the valid time, not lost
    if day is not None:
        assert got[0][1].day == day


def test_an_adverb_of_the_statement_stays(fitted_extractor):
    assert [s for s, _ in _got(fitted_extractor, "I only quit smoking two weeks ago.")] == ["I only quit smoking"]


def test_the_time_cut_from_a_kept_clause_leaves_no_space_before_the_stop(fitted_extractor):
    got = _got(fitted_extractor, "My aunt knitted me a scarf two weeks ago. It's made of alpaca wool from Peru.")
    assert [s for s, _ in got] == ["My aunt knitted me a scarf. It's made of alpaca wool from Peru"], got
