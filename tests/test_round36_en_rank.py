"""Round 36: the English read path — an answer the store holds reaches the top of a question's hits. Own sentences,
real stores (the real pipeline), the real default model.

Two causes of an answering memory or turn left below others (LoCoMo, conversations 0-4, counted per question):

- a question asking which book, film or game: the user's memories about the kind ("Board games are our Friday
  thing") share the question's words and outrank the one that names it ("We played Azul until past midnight");
  the hits naming something now go above those that name nothing (memcli/read/asked_title.py, the value asked of
  round 32);
- the user's own turns that ask someone something ("Cool photo! Which climbing shoes do you use?"): a question's
  embedding is near another question's, so they ranked above the turn that answered; an English query's turn
  that is mostly a question now keeps 0.7 of its score (memcli.read.episodes.asks_back).

Both are English readings: a Chinese question asks no title here and its turns are ranked as before (the Chinese
side of the answerability was fitted without them; Chinese questions to someone are not kept as turns).
"""

from __future__ import annotations

from typing import Any

import pytest
from _stores import say_daily

from memcli.read.asked_title import asked_title
from memcli.read.asked_value import holds_value
from memcli.read.episodes import asks_back

START = "2026-03-01T10:00:00+00:00"


def _store(tmp_path_factory: Any, embedder: Any, name: str, turns: tuple[str, ...], *, episodes: bool) -> Any:
    from memcli import Memory

    m = Memory(db=str(tmp_path_factory.mktemp(name) / "m.db"), user=name, embedder=embedder, episodes=episodes)
    say_daily(m, turns, START)
    return m


# --- which book, film, game (memcli/read/asked_title.py) ---

GAMES = (
    "Board games are our big Friday night thing with the neighbours.",
    "I love strategy games with lots of planning and trading.",
    "Game night at our place is always loud and fun.",
    "My cousins taught me a new card game over the holidays.",
    "I've been playing games with my nephew on weekends.",
    "Last weekend we played Azul until well past midnight.",
    "I bought a second-hand piano last spring.",
    "My knee has been sore since the hike.",
)


@pytest.fixture(scope="module")
def games(tmp_path_factory: Any, embedder: Any) -> Any:
    m = _store(tmp_path_factory, embedder, "odile", GAMES, episodes=False)
    yield m
    m.close()


def test_the_game_named_reaches_the_top_of_a_which_game_question(games: Any) -> None:
    q = "Which game did I play with friends last weekend?"
    top = [h.statement for h in games.search(q, limit=5)]
    # main of round 35: five memories about games in general, the one naming it sixth
    assert any("Azul" in s for s in top[:2]), top
    # a question that asks no title ranks as before: the general memories of the kind come first
    top = [h.statement for h in games.search("Do I like playing games?", limit=3)]
    assert not any("Azul" in s for s in top), top


def test_asked_title_reads_a_kind_whose_members_are_named() -> None:
    for q in ("Which book did I finish on the train?",
              "What's my favourite band?", "what video game did we buy for Leo?", "Which two novels moved me most?",
              "What is Ana's favorite TV series?"):
        assert asked_title(q), q
    # round 37: "what kind of films" asks a genre, a common noun (tests/test_round37_word_forms.py)
    for q in ("What kind of films does my brother like?", "What did the team win?", "What did I play at the fair?",
              "What kind of cake did I bake?",
              "Where did we see the band?", "What does the show cost?", "Which dish did I cook?",
              "我最喜欢哪本书？", "我们上周看的是哪部movie？", "which movie我们看过？"):
        assert not asked_title(q), q


def test_holds_title_a_quote_or_a_name_not_the_questions_own() -> None:
    q = "Which film did Ravi recommend?"
    assert holds_value('We watched "Paper Moon" twice', "title", q)
    assert holds_value("Ravi and I saw it at the Odeon, a film by Varda", "title", q)
    assert not holds_value("Ravi recommends old films all the time", "title", q)  # Ravi is whom it is asked of
    assert not holds_value("I watched a film on Monday in March", "title", q)  # a day and a month name nothing
    assert not holds_value("I'm into films with long slow shots", "title", q)


# --- the user's turns that ask someone something (memcli.read.episodes.asks_back) ---

CLIMBING = (
    "Nice! What kind of climbing gym is it?",
    "Wow, that wall looks tough! How long have you been climbing?",
    "Cool photo! Which climbing shoes do you use?",
    "Haha, do you ever get scared up there on the high routes?",
    "Thanks! Honestly the overhang routes are my favourite, they leave me feeling strong and fearless.",
    "We're repainting the kitchen next month.",
    "My sister is training for a marathon.",
)


@pytest.fixture(scope="module")
def climbing(tmp_path_factory: Any, embedder: Any) -> Any:
    m = _store(tmp_path_factory, embedder, "imke", CLIMBING, episodes=True)
    yield m
    m.close()


def test_the_turn_that_answers_ranks_above_the_users_questions(climbing: Any) -> None:
    for q in ("What do I feel like on the high climbing routes?", "How does climbing make me feel?"):
        hits = climbing.search(q, limit=3)
        # main of round 35: "Cool photo! Which climbing shoes do you use?" first for both
        assert "fearless" in hits[0].statement, (q, [h.statement for h in hits])


def test_asks_back_is_a_turn_mostly_asking() -> None:
    assert asks_back("Oh nice! Which trail was that one?")
    assert asks_back("Is it far from the station?")
    assert not asks_back("I re-glazed the old teapot this week and it came out beautifully. Ever tried it?")
    assert not asks_back("I moved to Porto in May.")
    assert not asks_back("")
