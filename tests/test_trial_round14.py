"""Round 14's user trial, write path (sentences written for this test, none from a data set): a fact told
after an English lead-in that ends with a colon ("Sorry, I got that wrong: …") is stored; before, the whole
turn read as an apology and nothing was kept. Capture → drain on a real store with the default model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.write.clauses import units


def _drained(db: str, turns: list[str]) -> list[str]:
    from memcli import Memory

    m = Memory(db=db, user="kai")
    try:
        for n, turn in enumerate(turns):
            m.capture(turn, at=datetime(2025, 6, 1 + n, 9, tzinfo=UTC).isoformat())
            m.drain()
        return sorted(i.statement for i in m.list())
    finally:
        m.close()


@pytest.mark.parametrize(("text", "expected"), [
    ("Oops, I got that wrong: my niece lives in Porto", ["My niece lives in Porto"]),
    ("Sorry, I mixed things up earlier: my brother's birthday is May 9", ["My brother's birthday is May 9"]),
])
def test_a_fact_after_an_apology_and_a_colon_is_kept(tmp_path, text, expected):
    assert _drained(str(tmp_path / "m.db"), [text]) == expected


@pytest.mark.parametrize(("text", "pieces"), [
    ("Oops, I got that wrong: my niece lives in Porto", ["Oops, I got that wrong", "my niece lives in Porto"]),
    ("My favourite snacks: popcorn and grapes", ["My favourite snacks: popcorn and grapes"]),  # no fact alone after it
    ("The call is at 4:30", ["The call is at 4:30"]),  # a time, no colon of a lead-in
])
def test_a_colon_splits_only_a_lead_in_from_a_fact(text, pieces):
    assert [u.text for u in units(text)] == pieces
