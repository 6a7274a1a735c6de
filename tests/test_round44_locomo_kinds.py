"""Round 44: English told facts LoCoMo's first five conversations (the develop half) lost, each kind read in general.

- **The speaker's own deed dated in the past** ("Took a long weekend in Galway last month to see my cousin", "I got
  the idea from that trip to Scotland a few years ago - …": P 0.18 on main, lost): the clause model scored such
  LoCoMo clauses 0.002 – 0.49
  (a day's doing), so a later question about the trip or the class found nothing; kept now by its shape
  (memcli.write.rules.en_own_deed), its relative time read into the valid time as before. Not read: no past time,
  a time of today, a denial, a verb of thinking or feeling, a question, a condition.
- **A trip planned to a place named with "the"** ("I'm planning a trip to the Scottish Highlands"): the trip rule
  took a capitalised name only (memcli.write.rules.en_plan); "the" + a name now after a trip word or a later time.
- **A deed whose object is only a pronoun keeps its background clause** ("I framed this after I visited the
  lighthouse museum" stored "I framed this": memcli.write.rules.en_tail).
- **A statement before a dashed question that says "mine" / "me" / "us"**, and **"And thanks for asking," as an
  opener**: both made the whole sentence chatter (memcli.write.rules.en_tag_question, memcli.write.clauses).

Own sentences, one real store (default model) for the file: each behaviour its own user, drained once.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli import Memory
from memcli.write.rules.en_own_deed import en_own_deed
from memcli.write.rules.en_tail import trim_tail
from tests._stores import users_told_daily

START = datetime(2026, 6, 1, 9, 0, tzinfo=UTC)
TURNS = {
    "deeds": ["Hey Priya, hope the move went well! Took a long weekend in Galway last month to see my cousin.",
              "Thanks! I got the idea from that trip to Scotland a few years ago - I was amazed by the lochs."],
    "plans": ["I'm planning a trip to the Scottish Highlands. Any tips?"],
    "tail": ["Thanks, Dana! I framed this after I visited the lighthouse museum."],
    "openers": ["Yeah, that's a big step. And thanks for asking, they're fine- we adopted a second rabbit called "
                "Pudding too.",
                "Paddington has always been a favourite of mine - I mean, who doesn't love a bear in a hat?"],
}


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory, embedder) -> dict[str, Memory]:  # noqa: ARG001 - loaded once
    out = users_told_daily(str(tmp_path_factory.mktemp("loc44") / "m.db"), TURNS, START)
    yield out
    for m in out.values():
        m.close()


def _active(m: Memory) -> list[str]:
    return [it.statement for it in m.list() if it.status == "active"]


# -- 1. the speaker's own deed dated in the past --------------------------------------------------------------------
@pytest.mark.parametrize(("word", "day"), [("Galway", "2026-05"), ("Scotland", None)])
def test_a_dated_deed_of_the_speaker_is_kept(stores: dict[str, Memory], word: str, day: str | None) -> None:
    held = [it for it in stores["deeds"].list() if it.status == "active" and word in it.statement]
    assert held, _active(stores["deeds"])
    if day:  # the relative time is read into the valid time ("last month" of a turn said on 1 June)
        assert held[0].valid_from.isoformat().startswith(day), held[0].valid_from
        assert "last month" not in held[0].statement


@pytest.mark.parametrize(("clause", "kept"), [
    ("I took a long weekend in Galway last month", True),
    ("Last spring we drove the whole coast road", True),
    ("My partner and I repainted the hallway a couple of weeks ago", True),
    ("I went to the gym this morning", False),  # a time of today: a passing doing
    ("I watched the match last night", False),  # the day before: a passing doing too
    ("I didn't go to the concert last week", False),
    ("I thought about the offer last week", False),  # thinking is no deed
    ("I baked bread", False),  # no time said: left to the clause model
    ("Did I book the ferry last week?", False),
    ("If I sold the car last year", False),
    ("She ran a marathon last month", False),  # not the speaker's
])
def test_the_dated_deed_shape(clause: str, kept: bool) -> None:
    assert en_own_deed(clause) is kept


# -- 2. a trip planned to "the" + a name ----------------------------------------------------------------------------
def test_a_trip_to_a_place_named_with_the(stores: dict[str, Memory]) -> None:
    trips = [it for it in stores["plans"].list() if it.slot == "plan.destination"]
    assert [it.statement for it in trips] == ["I'm planning a trip to the Scottish Highlands"], _active(stores["plans"])


def test_the_place_with_the_needs_a_trip() -> None:
    from memcli.write.rules import analyze

    assert analyze("I'm planning a trip to the Lake District").slot == "plan.destination"
    assert analyze("I'm driving to the Apple Store").slot != "plan.destination"  # an errand, no trip word or time


# -- 3. a deed of "this" keeps what it came from ----------------------------------------------------------------------
def test_a_pronoun_deed_keeps_its_background(stores: dict[str, Memory]) -> None:
    assert any("lighthouse museum" in s for s in _active(stores["tail"])), _active(stores["tail"])
    assert trim_tail("My aunt gave me this scarf when I was twelve") == "My aunt gave me this scarf"  # as before


# -- 4. statements chatter hid ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("word", ["Pudding", "Paddington"])
def test_a_statement_beside_chatter_is_read(stores: dict[str, Memory], word: str) -> None:
    assert any(word in s for s in _active(stores["openers"])), _active(stores["openers"])
    assert not any("?" in s or s.lower().startswith("and thanks") for s in _active(stores["openers"]))
