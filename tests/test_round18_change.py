"""Round 18's corrections and changes that left the old fact active (sentences written for this test, none
from a data set or a trial's store).

1. A correction told in one sentence ("Oops, I meant …, not the 8th", 不好意思我说错了，…不是两岁): the opener
   is a unit of its own, the denied half is dropped, and the memory that says the denied value ends.
2. A thing told by its name (球球今年是三岁) is the thing of the kind the user named (我的猫叫球球): one age.
3. A change of job told in one clause and the new job in the next ends the old job (换工作了，现在在…).
4. A promotion keeps the workplace the stored job names (the role changed, not the place).

The text functions are read directly; the decisions on a real store with the default model.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _stores import drained

from memcli.write.clauses import generic_slot, units
from memcli.write.correction import denied_values, split_correction
from memcli.write.job_change import promotion_kept
from memcli.write.rules import extract_matches


def _drained(db: str, turns: list[str], user: str = "cu") -> tuple[set[str], set[str]]:
    return drained(db, turns, user=user, start=datetime(2026, 3, 2, 9, tzinfo=UTC))


# -- 1. corrections ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "lang", "statement"),
    [
        ("Oops, I meant Kim's party is on March 15th, not the 8th", "en", "Kim's party is on March 15th"),
        ("Sorry, I meant my niece is seven, not six.", "en", "My niece is seven."),
        ("My bad, I meant the gym is on Elm Street", "en", "The gym is on Elm Street"),
        ("不好意思我说错了，球球今年是三岁不是两岁", "zh", "球球今年是三岁"),
        ("抱歉，我刚才打错了：我住在苏州，不是无锡", "zh", "我住在苏州"),
        ("更正一下，我女儿不是九岁，是十岁", "zh", "我女儿是十岁"),
        # negatives: no opener, or nothing said after it
        ("I like tea, not coffee", "en", None),
        ("I meant it", "en", None),
        ("我不是医生", "zh", None),
        ("我说错了", "zh", None),
    ],
)
def test_a_correction_is_cut_into_its_opener_and_the_statement(text: str, lang: str, statement: str | None) -> None:
    got = split_correction(text, lang)
    assert (got[1] if got else None) == statement


def test_the_clause_units_read_the_corrected_statement_alone() -> None:
    assert [u.text for u in units("Oops, I meant Kim's party is on March 15th, not the 8th")][
        -1
    ] == "Kim's party is on March 15th"
    assert [u.text for u in units("不好意思我说错了，球球今年是三岁不是两岁")][-1] == "球球今年是三岁"


@pytest.mark.parametrize(
    ("text", "denied"),
    [
        ("Oops, I meant Kim's party is on March 15th, not the 8th", ["8th"]),
        ("不好意思我说错了，球球今年是三岁不是两岁", ["两岁"]),
        ("更正一下，我女儿不是九岁，是十岁", ["九岁"]),
        ("I like tea, not coffee", []),  # no correction told
        ("我住在苏州，不是无锡", []),
    ],
)
def test_the_values_a_correction_denies(text: str, denied: list[str]) -> None:
    assert denied_values(text) == denied


def test_a_correction_ends_the_memory_that_says_the_denied_value(tmp_path) -> None:
    active, ended = _drained(
        str(tmp_path / "c.db"),
        [
            "My friend Kim is having her birthday party on March 8th",
            "Oops, I meant Kim's party is on March 15th, not the 8th",
        ],
    )
    assert "Kim's party is on March 15th" in active
    assert "My friend Kim is having her birthday party on March 8th" in ended


# -- 2. a thing told by its name ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("球球今年是三岁", "thing:球球.age"),
        ("球球现在有三岁了", "thing:球球.age"),
        ("我女儿今年是十岁", "daughter.age"),
    ],
)
def test_the_age_subject_is_read_without_its_time_word_and_copula(text: str, slot: str) -> None:
    assert generic_slot(text)[0] == slot


def test_a_named_pets_corrected_age_ends_its_old_age(tmp_path) -> None:
    turns = ["我家有只猫，叫球球，两岁了", "不好意思我说错了，球球今年是三岁不是两岁"]
    active, ended = _drained(str(tmp_path / "n.db"), turns)
    assert "球球今年是三岁" in active
    assert any("两岁" in s for s in ended) and not any("两岁" in s for s in active)


# -- 3. a change of job ----------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "slot"),
    [
        ("我在一家做外贸的公司当会计", "job"),
        ("我在成都一家做教育的公司当运营", "job"),
        ("我在医院当护士", "job"),
    ],
)
def test_a_role_after_a_workplace_that_has_a_verb_of_its_own(text: str, slot: str) -> None:
    assert [m.slot for m in extract_matches(text)] == [slot]


def test_a_change_of_job_told_before_the_new_job_ends_the_old_one(tmp_path) -> None:
    active, ended = _drained(
        str(tmp_path / "j.db"),
        [
            "我在成都一家做教育的公司当运营",
            "我前阵子换工作了，现在在广州一家医院做行政",
        ],
    )
    assert "我在成都一家做教育的公司当运营" in ended
    assert any("广州一家医院" in s for s in active)


# -- 4. a promotion --------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("new", "old", "kept"),
    [
        ("I got promoted to head chef last week", "I work as a chef at the Olive Tree restaurant in Bath", True),
        ("我去年升职了，我现在是大堂经理", "我在深圳一家银行当柜员", True),
        ("I got promoted to charge nurse", "I'm a nurse", False),  # no workplace stored: the role simply changes
        ("I got promoted and moved to the Leeds office", "I work as an analyst at Barclays", False),  # a place named
        ("I work as a chef at the Ivy now", "I work as a chef at the Olive Tree restaurant in Bath", False),
    ],
)
def test_a_promotion_keeps_the_workplace(new: str, old: str, kept: bool) -> None:
    assert (promotion_kept(new, old, None) is not None) is kept


def test_a_promotion_does_not_end_the_job_stored_with_its_workplace(tmp_path) -> None:
    active, _ = _drained(
        str(tmp_path / "p.db"),
        [
            "I work as a chef at the Olive Tree restaurant in Bath",
            "I got promoted to head chef last week",
        ],
    )
    assert "I work as a chef at the Olive Tree restaurant in Bath" in active
    assert any("head chef" in s for s in active)
