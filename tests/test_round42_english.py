"""Round 42: English told in passing — endings, chatter, habits cut down, feelings, news that may change a fact.

- An ending told as leaving ("I left <employer>", "I've left the choir", "I'm done with the gym", "I quit the
  clinic") ends the job, membership or habit it names, in valid time, and a later "where do I work?" does not answer
  the ended job (memcli.write.rules.en_stops, en_words._LIFE, memcli.write.linked_change).
- A remark on a thing of one occasion ("This tea is far too sweet today", "The curry last night was amazing") is no
  standing preference; a liking ("I love spicy food") and an opinion of a named or own thing still are
  (memcli.write.rules.en_one_off).
- A habit cut down or a give-up going on ("I've been cutting back on chocolate", "I'm trying to give up crisps") is
  stored as the habit now; an attempt ends nothing (memcli.write.rules.en_stops, memcli.write.give_up_told).
- A feeling said alone keeps what it is about from the sentence before it (memcli.write.rules.en_carry).
- ``context`` on a message that tells keeps the one-value fact its words of change may replace (moving → the home,
  switching jobs → the job) and still drops unrelated facts (memcli.read.told_change).

Own sentences, one real store (default model) for the file: each behaviour its own user, drained once.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memcli import Memory
from memcli.read.told_change import changed_attributes, kept_by_change
from memcli.write.rules import extract_matches
from memcli.write.rules.en_one_off import one_off_thing
from tests._stores import users_told_daily

BUDGET = 120_000  # a loaded machine must not change what is asserted
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
#: per user: the turns, captured a day apart from START (the first ones stored before what ends or changes them)
TURNS = {
    "job": ["I work at Brightwater Labs as a chemist.", "I left Brightwater Labs last week."],
    "clinic": ["I work as a receptionist at the Oakfield dental clinic.", "I quit the clinic a few days ago."],
    "choir": ["I sing with the town choir every Thursday evening.", "I've left the choir."],
    "gym": ["I go to the climbing gym twice a week.", "I'm done with the gym."],
    "chatter": ["This tea is far too sweet today.", "The curry last night was amazing.",
                "That show on Friday was so dull.", "I love spicy food.", "The bakery on Quay Street is really good."],
    "cut": ["I love crisps.", "I drink four cans of cola a day.", "I've been cutting back on chocolate.",
            "I'm trying to give up crisps.", "I'm drinking less cola these days."],
    "feel": ["My piano recital was this afternoon. I was so anxious.", "My viva was this morning. I was so nervous.",
             "I had my first driving lesson on Monday. Honestly I was terrified."],
    "told": ["I live in Norwich.", "I work as a dental hygienist.", "I'm allergic to wasps.", "I play the cello."],
}


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory, embedder) -> dict[str, Memory]:  # noqa: ARG001 - loaded once
    db = str(tmp_path_factory.mktemp("en42") / "m.db")
    out = users_told_daily(db, TURNS, START)
    yield out
    for m in out.values():
        m.close()


def _items(m: Memory) -> list:
    return m.list(include_all=True)


def _active(m: Memory) -> list[str]:
    return [it.statement for it in m.list() if it.status == "active"]


# -- 1. an ending told as leaving ends the fact it names --------------------------------------------------------------
@pytest.mark.parametrize(("user", "ended"), [("job", "work at Brightwater Labs"),
                                             ("clinic", "receptionist at the Oakfield"),
                                             ("choir", "town choir every Thursday"),
                                             ("gym", "climbing gym twice a week")])
def test_a_leaving_told_ends_what_it_names(stores: dict[str, Memory], user: str, ended: str) -> None:
    items = [it for it in _items(stores[user]) if ended in it.statement]
    assert items and all(it.status != "active" for it in items), [(i.statement, i.status) for i in items]
    said = START + timedelta(days=1)
    assert all(it.invalid_at is not None and it.invalid_at <= said for it in items)  # world time, not deleted


def test_the_ending_is_no_habit_and_no_stale_job(stores: dict[str, Memory]) -> None:
    clinic = [it for it in _items(stores["clinic"]) if "quit the clinic" in it.statement]
    assert clinic and all(it.kind != "habit" for it in clinic)  # a job left, not a habit stopped
    assert not any("work at Brightwater" in s for s in _active(stores["job"]))
    shown = [h["statement"] for h in stores["clinic"].context("Where do I work?", budget_ms=BUDGET).hits]
    assert shown and not any("receptionist" in s for s in shown), shown  # the leaving, not the ended job
    hits = stores["job"].context("Where do I work?", budget_ms=BUDGET).hits
    assert not any("work at Brightwater" in h["statement"] for h in hits if h["episode_id"] is None)
    # (still shown: the turn itself, dated; since round 43 the occupation told with the workplace ends with it)


def test_leaving_words_read_by_the_rules() -> None:
    assert [m.slot for m in extract_matches("I left Ravensworth last month.")] == ["event.left_ravensworth"]
    assert [m.slot for m in extract_matches("I'm done with the rowing club.")] == ["habit.row"]
    assert extract_matches("I'm done with the washing up.") == []  # a task finished, no stop
    assert extract_matches("I left my umbrella on the bus.") == []


# -- 2. a remark on one occasion is no standing preference ------------------------------------------------------------
def test_a_remark_on_one_occasion_is_no_preference(stores: dict[str, Memory]) -> None:
    prefs = {it.statement for it in stores["chatter"].list() if it.kind == "preference"}
    assert "I love spicy food" in prefs
    assert "The bakery on Quay Street is really good" in prefs  # a named, standing thing
    assert not any(w in s for s in prefs for w in ("tea", "curry", "show"))


@pytest.mark.parametrize(("phrase", "ago", "today", "one_off"), [
    ("This tea", None, True, True), ("Those boots", ("day", 2), False, True), ("The curry", ("day", 1), False, True),
    ("This tea", None, False, False), ("That film", None, False, False), ("Those boots", None, False, False),
    ("The curry", None, False, False), ("The Rivoli Cinema", ("day", 1), False, False),
    ("That Dune sequel", None, False, False), ("My flat", None, False, False)])
def test_one_off_thing(phrase: str, ago: tuple[str, int] | None, today: bool, one_off: bool) -> None:
    assert one_off_thing(phrase, ago, today) is one_off


# -- 3. a habit cut down or a give-up going on ------------------------------------------------------------------------
def test_a_habit_cut_down_is_stored_and_an_attempt_ends_nothing(stores: dict[str, Memory]) -> None:
    active = _active(stores["cut"])
    for said in ("I've been cutting back on chocolate", "I'm trying to give up crisps",
                 "I'm drinking less cola these days"):
        assert any(said in s for s in active), active
    assert "I love crisps" in active  # trying to give them up: the liking still holds
    habits = {it.slot for it in stores["cut"].list() if it.kind == "habit"}
    assert {"habit.chocolat", "habit.crisp"} <= habits
    cola = [it for it in _items(stores["cut"]) if "four cans of cola" in it.statement]
    assert cola and all(it.status != "active" for it in cola)  # drinking less: the old amount no longer holds


# -- 4. a feeling keeps what it is about ------------------------------------------------------------------------------
def test_a_feeling_keeps_its_object(stores: dict[str, Memory]) -> None:
    active = _active(stores["feel"])
    for feeling, about in (("anxious", "piano recital"), ("nervous", "viva"), ("terrified", "driving lesson")):
        assert all(about in s for s in active if feeling in s), active  # no feeling of nothing
    assert any("nervous" in s for s in active) and any("terrified" in s for s in active), active  # model; rules


# -- 5. news that may change a one-value fact keeps it in the block ---------------------------------------------------
@pytest.mark.parametrize(("message", "kept", "dropped"), [
    ("I'm thinking of moving to Bristol next year.", "I live in Norwich", "wasps"),
    ("I might switch jobs and retrain as a nurse.", "I work as a dental hygienist", "wasps"),
    ("We're relocating to Leeds in the spring.", "I live in Norwich", "cello")])
def test_news_of_a_change_keeps_the_fact_it_may_replace(stores: dict[str, Memory], message: str, kept: str,
                                                        dropped: str) -> None:
    shown = [h["statement"] for h in stores["told"].context(message, budget_ms=BUDGET).hits]
    assert kept in shown and not any(dropped in s for s in shown), shown


def test_words_of_change() -> None:
    assert changed_attributes("I'm thinking of moving to Bristol") == {"residence"}
    assert changed_attributes("I'm moving the piano tomorrow") == frozenset()
    assert changed_attributes("We got engaged!") == {"partner"}
    assert kept_by_change("I've gone vegan", "diet") and not kept_by_change("I've gone vegan", "allergy.wasp")
    assert kept_by_change("We're getting married in June", "fiancee.name")
    assert not kept_by_change("My brother is moving to Cork", "brother.residence")  # the user's own facts only
