"""An English fragment that answers the other speaker's question by leaning on it ("The small one by the
harbour", "Juniper maybe", "Probably to help my uncle") holds no clause: as a memory it says nothing a later
reader can use, so it is no candidate. A reaction that drops its "I" ("Love it!") is a reaction. A predicate
that drops "I'm" ("Allergic to peanuts") and any clause stay. Own sentences; a real store and the real
default model for the drain."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli import Memory
from memcli.models import Candidate, Kind
from memcli.write.fragment import is_fragment
from memcli.write.guard import keep

AT = datetime(2026, 11, 2, 10, tzinfo=UTC)
FRAGMENTS = [
    "The small one by the harbour", "Juniper maybe", "Probably to help my uncle in Galway",
    "A green one, like my dad had", "Maybe a cabin in the mountains", "Definitely the seaside", "The blue one",
    "Perhaps next spring", "A nurse at the children's hospital",
]
CLAUSES = [
    "My cousin Nadia runs a bike shop in Cork", "A friend of mine owns a vineyard", "The twins started school",
    "The kids love it", "Probably moving to Tallinn next year", "Maybe I'll take up rowing", "Allergic to peanuts",
    "Big fan of jazz", "Vegetarian since 2019", "Yesterday, I went to Rome", "Sam plays the cello",
    "Love hiking in the fog", "The bakery opens at six", "我可能下个月搬家", "Two dogs and a parrot",
]


@pytest.mark.parametrize("text", FRAGMENTS)
def test_an_answer_with_no_clause_is_a_fragment(text: str):
    assert is_fragment(text)
    assert not keep(Candidate(statement=text, kind=Kind.OTHER, valid_from=AT))


@pytest.mark.parametrize("text", CLAUSES)
def test_a_clause_or_a_dropped_i_predicate_is_no_fragment(text: str):
    assert not is_fragment(text)
    assert keep(Candidate(statement=text, kind=Kind.OTHER, valid_from=AT))


@pytest.mark.parametrize("text", ["Love it", "Totally agree", "Love that idea"])
def test_a_reaction_that_drops_its_i_is_dropped(text: str):
    assert not keep(Candidate(statement=text, kind=Kind.PREFERENCE, valid_from=AT))


def test_a_drained_chat_keeps_no_fragment_answer(tmp_path, embedder):
    turns = [("assistant", "Which café do you like most?"), ("user", "The small one by the harbour."),
             ("assistant", "And what's your cat called?"), ("user", "Juniper maybe, still deciding."),
             ("assistant", "Where are you off to this weekend?"), ("user", "Probably to help my uncle in Galway."),
             ("user", "I teach violin to kids on Saturdays."), ("user", "Love it!"),
             ("user", "Allergic to peanuts since I was a child."),
             ("user", "My cousin Nadia runs a bike shop in Cork.")]
    with Memory(db=str(tmp_path / "m.db"), user="ines") as m:
        for n, (role, text) in enumerate(turns):
            m.capture(text, role=role, at=f"2026-11-02T10:{n:02d}:00Z", session="s1")
        assert m.drain().done == len(turns)
        assert sorted(it.statement for it in m.list()) == [  # round 43: a short reply is read with its question
            "Allergic to peanuts since I was a child", "I like the small café by the harbour most",
            "I teach violin to kids on Saturdays", "My cousin Nadia runs a bike shop in Cork"]
