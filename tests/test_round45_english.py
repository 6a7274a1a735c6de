"""Round 45: the English write path — plans, things kept, calendar dates told.

- A plan of the user's said after an opener ("Anyway, I'm going to …") or weighed with the time it is for ("we're
  considering relocating to … next year") is kept in the user's words, never as a fact true now: where the user lives
  stays the home told; a wish, a condition or a plan weighed with no time stays unstored
  (memcli.write.told_shapes_en).
- A thing the user keeps is owned ("I keep a tortoise", "we keep goats on the allotment": ``owns.<thing>``), so a
  later sale or gift ends it; keep of a habit or a state owns nothing (memcli.write.rules.en_kept).
- A calendar date told with its year ("In 2017 I moved to …", "on 14 February 2022", "in August 2020") is when the
  fact began (valid_from), its words kept; a home told with a past year is ended by the home told after it, and a
  home told with a year before the stored home's is history, stored already invalid (memcli.write.rules.en_told_date,
  memcli.write.earlier_place).

Own sentences, one real store (default model) for the file, drained once.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli import Memory
from memcli.write.rules.en_coord import distribute
from memcli.write.rules.en_kept import kept_thing, without_place
from memcli.write.rules.en_told_date import front_to_end, told_date
from memcli.write.told_shapes import only_wished, told_by_shape

BUDGET = 120_000  # a loaded machine must not change what is asserted
ASK = "2026-06-12T09:00:00+00:00"
TURNS = [
    "In 2017 I moved to Dundee for university.",
    "Long day. Anyway, I'm going to take up archery in September.",
    "Honestly I'm planning to sell my flat in the autumn.",
    "We're considering relocating to Galway next year, the rents are lower there.",
    "I'm thinking about repainting the hallway.",
    "If I won the lottery I'd buy a vineyard.",
    "I wish I could whistle.",
    "I live in Cork now.",
    "Back in 2012 I lived in Perth.",
    "I keep a tortoise and we keep goats on the allotment.",
    "I have a canoe.",
    "We have three hens in the back yard and I've got a moped and a trailer.",
    "I keep forgetting my keys and I have a suggestion for the menu.",
    "I joined Brightwell Labs on 14 February 2022.",
    "We got engaged in August 2020.",
    "I sold the canoe to a neighbour.",
]


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory, embedder) -> Memory:  # noqa: ARG001 - loaded once
    m = Memory(db=str(tmp_path_factory.mktemp("en45") / "m.db"), user="u45")
    for n, text in enumerate(TURNS):
        m.capture(text, at=f"2026-06-10T09:{n:02d}:00+00:00")
    s = m.drain()
    assert s.dead == 0 and s.retried == 0, s.errors
    yield m
    m.close()


def _rows(mem: Memory) -> list:
    return mem.list(include_all=True)


def _one(mem: Memory, words: str):
    found = [r for r in _rows(mem) if words in r.statement]
    assert len(found) == 1, [r.statement for r in _rows(mem)]
    return found[0]


def _day(t) -> str:
    return (t if isinstance(t, datetime) else datetime.fromisoformat(str(t).replace("Z", "+00:00"))) \
        .astimezone(UTC).date().isoformat()


# -- 1. plans ---------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("clause", "kept"), [
    ("Anyway, I'm going to take up archery in September.", True),  # an opener before a plan
    ("Also we're planning to adopt a greyhound", True),
    ("We're considering relocating to Galway next year", True),  # weighed, with its time
    ("I'm seriously thinking of retraining as a plumber in the spring", True),
    ("I'm thinking about repainting the hallway", False),  # weighed with no time: a hedge
    ("Are you thinking of moving next year?", False),
    ("We're not considering moving next year", False),
])
def test_a_plan_kept_by_its_shape(clause: str, kept: bool) -> None:
    assert told_by_shape(clause, "en") is kept
    assert only_wished(clause, "en") is (clause.startswith("I'm thinking about"))


def test_plans_are_stored_as_said_and_never_answer_where_i_live(mem: Memory) -> None:
    for words in ("take up archery in September", "planning to sell my flat in the autumn",
                  "considering relocating to Galway next year"):
        row = _one(mem, words)
        assert row.slot is None or not row.slot.startswith("residence"), row.slot
        assert _day(row.valid_from) == "2026-06-10"  # said then: nothing of it holds before
    statements = " ".join(r.statement for r in _rows(mem))
    for unstored in ("hallway", "vineyard", "whistle"):
        assert unstored not in statements
    home = mem.context("Where do I live?", budget_ms=BUDGET, as_of=ASK)
    lines = [h["statement"] for h in home.hits]
    assert any("Cork" in s for s in lines) and not any("Galway" in s for s in lines), lines
    plan = mem.context("Are we planning to relocate?", budget_ms=BUDGET, as_of=ASK)
    assert any("Galway" in h["statement"] for h in plan.hits), plan.hits


# -- 2. things kept ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("predicate", "thing"), [
    ("keep a tortoise", "tortoise"), ("keep two ferrets in the shed", "ferrets"), ("keep bees", "bees"),
    ("have kept pigeons for years", "pigeons"),
    ("keep forgetting my keys", None), ("keep a close eye on it", None), ("keep fit", None), ("keep a diary", None),
    ("keep in touch", None), ("keep things tidy", None),
])
def test_what_is_kept(predicate: str, thing: str | None) -> None:
    assert kept_thing(predicate) == thing


@pytest.mark.parametrize(("had", "thing"), [
    ("hens in the back yard", "hens"), ("a kayak at home", "a kayak"), ("cabin in the hills", "cabin"),
    ("house in Spain", "house in Spain"), ("pain in the neck", "pain in the neck"), ("in the garden", "in the garden"),
])
def test_where_a_thing_is_kept_is_not_what_it_is(had: str, thing: str) -> None:
    assert without_place(had) == thing


def test_two_things_had_are_said_as_two() -> None:
    assert distribute("I've got a moped and a trailer") == ["I've got a moped", "I've got a trailer"]
    assert distribute("We keep two geese and a pony") == ["We keep two geese", "We keep a pony"]


def test_a_thing_kept_is_owned_and_a_sale_ends_the_thing_had(mem: Memory) -> None:
    slots = {r.slot: r for r in _rows(mem) if r.slot}
    for thing in ("tortoise", "goat", "hen", "moped", "trailer"):
        assert slots[f"owns.{thing}"].invalid_at is None, sorted(slots)
    assert slots["owns.canoe"].status != "active"  # "I sold the canoe …" (ended, or retired by the sale's words)
    assert not any(s.startswith("owns.") and ("suggestion" in s or "key" in s or "forget" in s) for s in slots)


# -- 3. calendar dates told -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("words", "start"), [
    ("in 2017", ("on_date", 20170101)), ("back in 2009,", ("on_date", 20090101)),
    ("in August 2020", ("on_date", 20200801)), ("on 14 February 2022", ("on_date", 20220214)),
    ("on the 2nd of May 2021", ("on_date", 20210502)), ("on October 9, 2019", ("on_date", 20191009)),
    ("in the autumn of 2016", ("on_date", 20160901)), ("in early 2018", ("on_date", 20180101)),
    ("in the 1990s", None), ("in 20 minutes", None), ("since 2019", None),
])
def test_a_told_date(words: str, start: tuple[str, int] | None) -> None:
    assert told_date(words) == start


def test_a_fronted_date_is_said_last() -> None:
    c = "Back in 2009, I lived in Perth"
    assert front_to_end(c, 0, len("Back in 2009, ")) == "I lived in Perth back in 2009"
    c = "I lived in Perth back in 2009"
    assert front_to_end(c, 17, len(c)) == c  # not first: as it is


def test_a_told_date_is_when_the_fact_began(mem: Memory) -> None:
    dundee = _one(mem, "Dundee")
    assert dundee.slot == "residence" and "2017" in dundee.statement
    assert _day(dundee.valid_from) == "2017-01-01"
    assert dundee.invalid_at is not None  # the home told after it ("I live in Cork now") ends it
    cork = _one(mem, "Cork")
    assert cork.slot == "residence" and cork.invalid_at is None
    perth = _one(mem, "Perth")  # an earlier home told after the present one: history, stored already invalid
    assert perth.slot == "residence" and _day(perth.valid_from) == "2012-01-01" and perth.invalid_at is not None
    assert _day(_one(mem, "Brightwell").valid_from) == "2022-02-14"
    assert _day(_one(mem, "engaged").valid_from) == "2020-08-01"
