"""Round 34: English recall — a stored memory that answers reaches the top of search and the block. Own sentences,
a real store (the real pipeline, episodes off: the memories alone), the real default model.

Two causes of an answering memory left below others (LoCoMo, conversations 0-4):

- a question naming a list-like slot ("enjoy": the user's likes) lifted every liked thing over the one memory that
  answers; a slot leg finding more than a few memories now lifts only those the question ties to
  (memcli.read.slot_leg.slot_focus);
- a question naming the day or month a thing was said ("What did I bake on 5 March, 2026?") ranked every memory of
  the kind alike, the answer rarely repeating the date; the hits said or dated outside it now go below those inside
  (memcli/read/said_when.py).
"""

from __future__ import annotations

from typing import Any

import pytest
from _stores import say_daily

from memcli.read.slot_leg import SLOT_LIST, slot_focus

START = "2026-03-01T10:00:00+00:00"
TURNS = (
    "Last month I finally took the twins to a glass-blowing class downtown. We each made a little blue vase, and "
    "mine came out lopsided.",
    "I make sourdough bread every Sunday morning.",
    "The twins started a coding class at school this term.",
    "I love hiking in the hills near our house.",
    "I love old jazz records.",
    "I love cooking Thai curries for friends.",
    "I love watching thunderstorms from the porch.",
    "I love the smell of fresh coffee.",
    "I'm a fan of both baroque composers like Vivaldi and Handel, as well as newer film scores.",
    "My sister teaches a ceramics class on Thursdays.",
    "We're planning a trip to the coast in August.",
    "I signed up for an evening class in Spanish.",
    "The twins turn eight in October.",
    "I make my own candles from beeswax.",
    "My back has been sore since I moved the couch.",
    "Work has been hectic with the end of the quarter.",
)


@pytest.fixture(scope="module")
def store(tmp_path_factory: Any, embedder: Any) -> Any:
    from memcli import Memory

    m = Memory(db=str(tmp_path_factory.mktemp("ines") / "m.db"), user="ines", embedder=embedder, episodes=False)
    say_daily(m, TURNS, START)
    yield m
    m.close()


def test_a_liked_thing_does_not_outrank_the_answer(store: Any) -> None:
    q = "Which composers do I enjoy listening to?"
    hits = store.search(q, limit=5)
    assert "like" in hits.info.slots
    assert "Vivaldi" in hits[0].statement
    block = [h["statement"] for h in store.context(q, limit=3).hits]
    assert block and "Vivaldi" in block[0], block
    assert not any("thunderstorms" in s or "coffee" in s for s in block), block


def test_slot_focus_keeps_a_few_and_the_tied_of_many() -> None:
    few = [7, 8, 9][:SLOT_LIST]
    assert slot_focus(few, set(), {7: 0.1, 8: 0.2, 9: 0.9}) == few  # one place lived, one job: all kept
    cos = {1: 0.5, 2: 0.1, 3: 0.45, 4: 0.2, 5: 0.3}
    assert slot_focus([5, 4, 3, 2, 1], {2}, cos) == [3, 2, 1]  # 0.45 >= 0.8 * 0.5; 2 found by the lexical leg
    assert slot_focus([5, 4, 3, 2, 1], set(), {}) == [5, 4, 3, 2, 1]  # no dense leg: as before
    assert slot_focus([5, 4, 3, 2], set(), {1: 0.6, 5: 0.1}) == []


# --- a day or month the question names (memcli/read/said_when.py) ---

BAKED = (
    "I tried baking focaccia but it came out flat.",
    "Baking with the kids is chaos but fun.",
    "I made a lemon tart for Sunday lunch.",
    "I love baking sourdough on weekends.",
    "I baked cinnamon rolls for my book club.",
    "My oven needs a new thermostat.",
)


@pytest.fixture(scope="module")
def baker(tmp_path_factory: Any, embedder: Any) -> Any:
    from datetime import datetime

    from _stores import say_apart

    from memcli import Memory

    m = Memory(db=str(tmp_path_factory.mktemp("orla") / "m.db"), user="orla", embedder=embedder, episodes=False)
    say_apart(m, BAKED, datetime.fromisoformat("2026-03-01T10:00:00+00:00"))  # the tart: 5 March
    yield m
    m.close()


@pytest.fixture(scope="module")
def baker_turns(tmp_path_factory: Any, embedder: Any) -> Any:
    from datetime import datetime

    from _stores import say_apart

    from memcli import Memory

    m = Memory(db=str(tmp_path_factory.mktemp("orla_ep") / "m.db"), user="orla", embedder=embedder, episodes=True)
    say_apart(m, BAKED, datetime.fromisoformat("2026-03-01T10:00:00+00:00"))
    yield m
    m.close()


@pytest.mark.parametrize("question", ["What did I bake on 5 March, 2026?", "What did I bake on March 5th, 2026?",
                                      "What did I bake on the 5th of March 2026?"])
def test_the_memory_said_on_the_day_asked_comes_first(baker: Any, question: str) -> None:
    hits = baker.search(question, limit=5)
    assert "lemon tart" in hits[0].statement, [h.statement for h in hits]


def test_with_episodes_the_turns_of_other_days_go_below_too(baker_turns: Any) -> None:
    hits = baker_turns.search("What did I bake on 5 March, 2026?", limit=5)
    assert "lemon tart" in hits[0].statement, [(h.origin, h.statement) for h in hits]
    assert all(h.score < hits[0].score for h in hits[1:] if h.origin == "episode")


def test_a_bound_or_a_whole_month_moves_nothing(baker: Any) -> None:
    for q in ("What did I bake before March 5, 2026?", "What did I bake in March 2026?"):
        assert "lemon tart" not in baker.search(q, limit=5)[0].statement, q


def test_asked_window_reads_one_day_or_one_month() -> None:
    from datetime import UTC, datetime

    from memcli.read.said_when import asked_window, in_window

    day = asked_window("What did Ana cook on 9 November, 2024?")
    assert day == (datetime(2024, 11, 8, 12, tzinfo=UTC), datetime(2024, 11, 10, 12, tzinfo=UTC))
    assert asked_window("What did Ana cook on November 9th, 2024?") == day
    assert asked_window("Which trip did Ana take in June 2023?") == (datetime(2023, 6, 1, tzinfo=UTC),
                                                                      datetime(2023, 7, 1, tzinfo=UTC))
    assert asked_window("What did Ana do in December 2023?")[1] == datetime(2024, 1, 1, tzinfo=UTC)
    assert asked_window("How many races had Ana won by July 10, 2022?") is None  # a bound, not the day
    assert asked_window("What changed between 2 May, 2024 and 9 May, 2024?") is None  # two days
    assert asked_window("What did Ana cook on 31 February, 2024?") is None  # no such day
    assert asked_window("What did Ana cook last week?") is None
    assert in_window({"valid_from": "2024-11-09T21:30:00+00:00", "event_when": None}, day)
    assert not in_window({"valid_from": "2024-11-11T08:00:00+00:00", "event_when": None}, day)
    assert in_window({"valid_from": "2024-10-01T08:00:00+00:00", "event_when": "2024-11-09"}, day)  # dated then
