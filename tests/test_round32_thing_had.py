"""Round 32: the thing a statement says the speaker has is one noun phrase. "We bought X and Y named it Z" had been
read as having "X and Y named it Z", and its "it" resolved to that whole clause — a garbled memory that said the
name twice. Own sentences, a real store, the real default model."""

from __future__ import annotations

from _stores import say_daily

from memcli.write.rules.en_coord import antecedent


def test_a_thing_had_stops_before_a_clause_of_its_own() -> None:
    assert antecedent("x", ["We bought an old caravan and Nadia named it Biscuit"]) is None
    assert antecedent("x", ["I have a Moka pot"]) == "my Moka pot"
    assert antecedent("x", ["We adopted two kittens"]) == "our kittens"


def test_a_thing_bought_and_named_by_someone_is_stored_as_said(mem) -> None:
    say_daily(mem, ["We bought an old caravan and Nadia named it Biscuit",
                    "I bought a cheap ukulele and my nephew plays it every weekend"], "2026-05-04T09:00:00+00:00")
    said = [it.statement for it in mem.list()]
    assert not any(s.count("Biscuit") > 1 or "named our" in s for s in said), said
    assert any("Biscuit" in s for s in said), said
    assert any(s.startswith("My nephew plays my cheap ukulele") for s in said), said
