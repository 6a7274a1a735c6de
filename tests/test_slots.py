"""The slot vocabulary (memcli.slots): a leaf module shared by extraction and the read path."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from memcli import slots


@pytest.mark.parametrize(("question", "slot"), [
    ("我住在哪", "residence"), ("where do I live", "residence"), ("我妈妈生日是哪天", "mother.birthday"),
    ("When is my mom's birthday?", "mother.birthday"), ("what's my job", "job"), ("我对什么过敏", "allergy"),
    ("我小姨多高", "maternal_aunt.height"), ("Where does my older sister work?", "elder_sister.workplace"),
])
def test_query_slots_find_the_attribute_a_question_asks_about(question: str, slot: str) -> None:
    assert slots.query_slots(question)[0] == slot


def test_split_slot_and_functional() -> None:
    assert slots.split_slot("like.川菜") == ("me", "like", "川菜")
    assert slots.split_slot("wife.elder_brother.workplace") == ("wife.elder_brother", "workplace", None)
    assert slots.is_functional("residence") and slots.is_functional("person:赵敏.birthday")
    assert not slots.is_functional("like.川菜")  # keyed: many values side by side
    assert not slots.is_functional("friend.residence")  # "my friend" may be another friend


def test_distinct_relatives_keep_distinct_keys() -> None:
    keys = [slots.relation_zh(w) for w in ("表哥", "表妹", "堂哥", "舅舅", "叔叔", "小姨", "姑姑")]
    assert len(set(keys)) == len(keys)
    assert slots.relation_en("older sister") == slots.relation_zh("姐姐") == "elder_sister"


def test_slots_is_a_leaf_module() -> None:
    tree = ast.parse(Path(slots.__file__).read_text(encoding="utf-8"))
    imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)] + \
        [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in imported if m and m.startswith("memcli")]
