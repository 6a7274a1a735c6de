"""A relative's spouse is another person than the relative (round 20's trial: "What's my brother's name?"
was answered by "My brother's wife is called …" at p 0.99, and "What's my brother's wife's name?" got no
block at all). A slot subject ``brother.wife`` is read as the one relation it names (sister_in_law), so
it answers questions about the sister-in-law and never about the brother. Own sentences; real store and
model."""

from __future__ import annotations

import pytest
from _stores import told

from memcli.read.answer import subject_feature

in_laws = told(
    "in_laws",
    [
        "My brother Piotr is a chef",
        "My brother's wife is called Ilona",
        "我哥哥在杭州开出租车",
        "我哥哥的老婆叫周敏",
    ],
)


@pytest.mark.parametrize(
    ("question", "slot", "statement", "expected"),
    [
        ("What's my brother's wife's name?", "brother.wife.name", "My brother's wife is called Ilona", 1),
        ("What's my brother's name?", "brother.wife.name", "My brother's wife is called Ilona", -1),
        ("What's my brother's wife's name?", "brother.job", "My brother Piotr is a chef", -1),
        ("我嫂子叫什么", "elder_brother.wife.name", "我哥哥的老婆叫周敏", 1),
        ("我哥哥叫什么", "elder_brother.wife.name", "我哥哥的老婆叫周敏", -1),
        ("我哥哥的老婆叫什么", "elder_brother.workplace", "我哥哥在杭州开出租车", -1),
        ("我哥哥在哪工作", "elder_brother.workplace", "我哥哥在杭州开出租车", 1),
    ],
)
def test_a_relatives_spouse_is_another_subject(question: str, slot: str, statement: str, expected: int):
    assert subject_feature(question, [], slot, statement) == expected


@pytest.mark.parametrize(
    ("question", "wanted", "unwanted"),
    [
        ("What's my brother's wife's name?", "Ilona", "Piotr"),
        ("我嫂子叫什么名字", "周敏", "出租车"),
        ("What does my brother do for a living?", "chef", "Ilona"),
    ],
)
def test_the_block_holds_the_asked_person_and_not_their_spouse(in_laws, question: str, wanted: str, unwanted: str):
    block = in_laws.context(question).text
    assert wanted in block and unwanted not in block, block
