"""A judgement said after a fact ("对虾过敏，很严重", "allergic to nuts, pretty severe") is how that fact
is, not a fact of its own: the new user's trial of round 18 got 我很严重 and 我挺贵的 stored as facts
about the user, and "allergic to it is bad" or "I love good" from English tails. The judgement stays in
the statement of the fact before it, never in a slot or a value. Own sentences; real store and model
for the end-to-end case."""

from __future__ import annotations

import pytest
from _stores import told

from memcli.write.rules.en import extract_matches as en_matches
from memcli.write.rules.zh import extract_matches as zh_matches
from memcli.write.rules.zh_carry import carried_subjects

#: (turn, the one statement it gives, its slot)
ZH = [
    ("我对虾过敏，很严重", "我对虾过敏，很严重", "allergy.虾"),
    ("我养了一只兔子，特别乖", "我养了一只兔子，特别乖", "owns.兔子"),
    ("我家附近开了一家书店，挺大的", "我家附近开了一家书店，挺大的", None),
]
#: a judgement of a thing in use (开着还行): of the thing, never 我开着还行
THING_IN_USE = ["我的电脑是前年买的联想，用着还行", "我的自行车是朋友送的，骑起来挺轻"]
EN = [
    ("I'm allergic to peanuts, pretty severe", "I'm allergic to peanuts, pretty severe", "allergy.peanut"),
    ("I'm allergic to dogs, it's really bad", "I'm allergic to dogs, it's really bad", "allergy.dog"),
    ("I love ramen, so good", "I love ramen, so good", "like.ramen"),
]


@pytest.mark.parametrize("turn, statement, slot", ZH)
def test_a_chinese_judgement_joins_the_fact_before_it(turn: str, statement: str, slot: str | None):
    got = zh_matches(turn)
    assert [m.statement for m in got] == [statement]
    assert slot is None or got[0].slot == slot


@pytest.mark.parametrize("turn, statement, slot", EN)
def test_an_english_judgement_stays_in_the_statement_and_out_of_the_slot(turn: str, statement: str, slot: str):
    got = en_matches(turn)
    assert [(m.statement, m.slot) for m in got] == [(statement, slot)]


@pytest.mark.parametrize("turn", THING_IN_USE)
def test_a_judgement_of_a_thing_in_use_is_no_fact_of_the_user(turn: str):
    assert not [m.statement for m in zh_matches(turn) if m.statement.startswith(("我用", "我骑", "我开"))]
    assert carried_subjects(turn.split("，"))[1] is None


def test_no_subject_is_carried_into_a_bare_judgement_but_a_liking_or_a_frequency_is_carried():
    assert carried_subjects(["我对虾过敏", "很严重"]) == [None, None]
    assert carried_subjects(["我舅舅是四川人", "特别能吃辣"]) == [None, "我舅舅"]
    assert carried_subjects(["我舅舅是四川人", "很少喝酒"]) == [None, "我舅舅"]


def test_a_season_or_a_year_is_no_part_of_what_is_owned():
    got = en_matches("I adopted a cat last autumn. She is very shy")
    assert [(m.statement, m.slot) for m in got][:1] == [("I adopted a cat", "owns.cat")]
    assert got[1].slot.startswith("thing:cat.")
    assert [m.slot for m in en_matches("I bought a piano in 2021")] == ["owns.piano"]


judged = told(
    "judged", ["我对虾过敏，很严重", "我家附近开了一家书店，挺大的", "I'm allergic to peanuts, pretty severe"]
)


def test_no_judgement_is_stored_as_a_fact_about_the_user(judged):
    said = {i.statement for i in judged.list()}
    assert "我对虾过敏，很严重" in said and "I'm allergic to peanuts, pretty severe" in said
    assert not [s for s in said if s in ("我很严重", "我挺大的") or s.startswith("我很") or s.startswith("我挺")]
