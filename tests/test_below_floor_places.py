"""A hit below the answerability point never takes one of ``limit``'s places from a hit over it
(memcli.read.episodes.merge): real store, real default model, sentences of our own."""

from __future__ import annotations

import pytest

from memcli import Memory

TURNS = ["my flat costs 640 pounds a month, bills on top",
         "ugh is it normal that my landlord never answers emails?",
         "can you help me plan a budget, money is tight this month",
         "lol i spent way too much on takeaway this week",
         "my dog Biscuit is a beagle"]


@pytest.fixture(scope="module")
def mem(tmp_path_factory):
    with Memory(user="u", db=str(tmp_path_factory.mktemp("places") / "m.db")) as m:
        for t in TURNS:
            m.capture(t, session="s")
        m.drain()
        yield m


def test_one_place_goes_to_the_memory_that_answers(mem):
    """limit=1: a sigh about spending scores above the fact but is below the point; the fact is shown."""
    hits = mem.search("how much is my rent?", limit=1)
    # (the turn may stand for the memory drawn from it: the same words)
    assert [(h.statement.casefold(), h.below_floor) for h in hits] == [
        ("my flat costs 640 pounds a month, bills on top", False)]
    block = mem.context("how much is my rent?", limit=1)
    assert [h["statement"] for h in block.hits] == ["My flat costs 640 pounds a month, bills on top"]


def test_places_left_go_to_the_best_below_the_point_in_score_order(mem):
    hits = mem.search("how much is my rent?", limit=3)
    assert len(hits) == 3
    assert [h.below_floor for h in hits].count(False) == 1
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
