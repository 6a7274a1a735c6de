"""Round 47: a relative's name told inside a memory that has since ended still names the relative.

- ``MemoryStore.fts_search(..., ended=True)`` also finds the memories whose world time ended (a move ends "I live
  in X with my husband Y") that were never replaced nor forgotten, on both backends; as of a time, those told by it.
- :func:`memcli.read.slot_leg.relative_names` reads the names of the current memories first, then of the ended
  ones (:mod:`memcli.read.kept_names`): "what's my mother-in-law's name?" reads "<partner>'s mother is called …"
  after the memory naming the partner ended; never a name whose relation a stored parting ended, and no second
  partner over the one a current memory names.

Our own sentences; real stores and the real default model.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from _stores import say_apart

from memcli import Memory
from memcli.read.slot_leg import relative_names

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
PARTNERS = {"husband", "wife", "partner", "girlfriend", "boyfriend", "spouse"}


def _ids(mem: Memory, words: list[str], **kw: object) -> set[int]:
    return {i for i, _ in mem.store.fts_search(mem.user, words, limit=20, **kw)}


@pytest.mark.backends
def test_the_ended_search_finds_an_ended_memory_never_a_forgotten_one(mem: Memory) -> None:
    say_apart(mem, ["I live in Cork with my husband Tadhg.", "We moved to Galway last week.",
                    "My husband Tadhg plays the fiddle on Fridays."], START)
    rows = {str(r["statement"]): r for r in mem.store.list_items(mem.user, include_all=True)}
    moved = next(r for s, r in rows.items() if "Cork" in s)
    fiddle = next(r for s, r in rows.items() if "fiddle" in s)
    assert moved["invalid_at"] is not None and moved["expired_at"] is None  # ended by the move, kept
    assert _ids(mem, ["husband"]) == {fiddle["id"]}  # current only, as before
    assert _ids(mem, ["husband"], ended=True) == {moved["id"], fiddle["id"]}
    # as of a day after it was told it was current; as of before it was told, not there at all
    told = START + timedelta(days=1)
    assert moved["id"] in _ids(mem, ["husband"], as_of=told, ended=True)
    assert moved["id"] in _ids(mem, ["husband"], as_of=told)
    assert not _ids(mem, ["husband"], as_of=START - timedelta(days=1), ended=True)
    # as of now, after the move: found only with ended
    now = START + timedelta(days=30)
    assert moved["id"] not in _ids(mem, ["husband"], as_of=now)
    assert moved["id"] in _ids(mem, ["husband"], as_of=now, ended=True)
    mem.forget(fiddle["id"])
    assert _ids(mem, ["husband"], ended=True) == {moved["id"]}  # a forgotten memory never comes back


def test_the_in_law_is_named_through_a_partner_named_in_an_ended_memory(mem: Memory) -> None:
    say_apart(mem, ["I live in Reno with my wife Odile.", "We moved to Sparks in May.",
                    "Odile's mother is called Bernadette."], START)
    assert [r["invalid_at"] is not None for r in mem.store.list_items(mem.user, include_all=True)
            if "wife Odile" in str(r["statement"])] == [True]  # the only memory naming her ended with the move
    assert relative_names(mem.store, mem.user, PARTNERS, limit=20) == {"odile": "wife"}
    assert "Bernadette" in (mem.context("What's my mother-in-law's name?").text or "")


def test_a_parting_ends_the_name_an_ended_memory_gave(mem: Memory) -> None:
    say_apart(mem, ["I live in Hull with my boyfriend Casimir.", "I moved to Lincoln last month."], START)
    assert relative_names(mem.store, mem.user, PARTNERS, limit=20) == {"casimir": "boyfriend"}
    say_apart(mem, ["Casimir and I broke up."], START + timedelta(days=9))
    assert relative_names(mem.store, mem.user, PARTNERS, limit=20) == {}


def test_the_partner_a_current_memory_names_is_the_only_partner(mem: Memory) -> None:
    say_apart(mem, ["I live in Derby with my wife Ilse.", "We moved to Leicester this spring.",
                    "My wife Rosalind collects old maps."], START)
    assert relative_names(mem.store, mem.user, PARTNERS, limit=20) == {"rosalind": "wife"}  # one wife at a time


def test_another_relative_of_an_ended_memory_comes_after_the_current_ones(mem: Memory) -> None:
    say_apart(mem, ["I live in Derby with my brother Piet.", "I moved to Leicester this spring.",
                    "My brother Anselm lives in Crewe."], START)
    got = relative_names(mem.store, mem.user, {"brother"}, limit=20)
    assert list(got.items()) == [("anselm", "brother"), ("piet", "brother")]  # two brothers, the current first


def test_of_two_partners_named_in_ended_memories_the_newer_one(mem: Memory) -> None:
    say_apart(mem, ["I live in Derby with my wife Ilse.", "I moved to Leicester this spring.",
                    "I live in Leicester with my wife Greta now.", "We moved to Nottingham last week."], START)
    assert relative_names(mem.store, mem.user, PARTNERS, limit=20) == {"greta": "wife"}
