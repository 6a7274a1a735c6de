"""A fix from a month of English chat (sentences written for these tests), on a real store with the real default
model: a keyed fact is not superseded by another attribute's statement that drops its value
(memcli.write.change_rules.refinement_drops_value)."""

from __future__ import annotations

from memcli.write.change_rules import refinement_drops_value
from memcli.write.decide import _facts


def test_an_update_must_keep_the_keyed_value_it_refines() -> None:
    age = _facts("My dad is 70", "father.age")
    assert refinement_drops_value(_facts("My dad takes allopurinol with his tea", "father.fact.tak"), age)
    home = _facts("My dad lives in Norwich", "father.residence")
    assert refinement_drops_value(_facts("My favourite pie is the pork pie my dad makes", "favourite.pie"), home)
    # a statement that says the value, tells a change, or is of the same slot may still refine or end it
    assert refinement_drops_value(_facts("My dad lives in a bungalow in Norwich", "father.fact.liv"), home) is None
    assert refinement_drops_value(_facts("My dad moved to a care home", "father.fact.mov"), home) is None
    assert refinement_drops_value(_facts("My dad lives in Ely", "father.residence"), home) is None


def test_drain_keeps_the_age_beside_a_later_fact_of_the_same_person(mem) -> None:
    for text in ("my dad lives in Norwich", "my dad is 70", "my dad has gout, he takes allopurinol with his tea",
                 "my favourite pie is the pork pie my dad makes"):
        mem.capture(text, session="s")
    mem.drain()
    active = {m.statement for m in mem.list()}
    assert {"My dad is 70", "My dad lives in Norwich", "My dad takes allopurinol with his tea"} <= active
