"""The slot vocabulary (memcli.slots): a leaf module shared by extraction and the read path."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from memcli import slot_query, slots


@pytest.mark.parametrize(("question", "slot"), [
    ("我住在哪", "residence"), ("where do I live", "residence"), ("我妈妈生日是哪天", "mother.birthday"),
    ("When is my mom's birthday?", "mother.birthday"), ("what's my job", "job"), ("我对什么过敏", "allergy"),
    ("我小姨多高", "maternal_aunt.height"), ("Where does my older sister work?", "elder_sister.workplace"),
    # issue 20: the question's attribute read like the statement's
    ("我表妹是哪里的人啊", "cousin_younger_female.hometown"), ("他老家在哪", "hometown"),
    ("我的工作地点在哪", "workplace"),
    ("我在哪儿上班", "workplace"), ("What do I do?", "job"), ("What does my brother do for a living?", "brother.job"),
    ("我女儿多大了", "daughter.age"), ("How old is my grandmother?", "grandmother.age"),
    ("Where is my husband from?", "husband.hometown"), ("Where does my sister live?", "sister.residence"),
])
def test_query_slots_find_the_attribute_a_question_asks_about(question: str, slot: str) -> None:
    assert slot_query.query_slots(question)[0] == slot


@pytest.mark.parametrize(("question", "slot"), [
    # someone named by another fact, not by a relation: the attribute without a stored subject
    ("那个工作地是深圳的人，兴趣爱好是什么？", "someone.like"), ("那个来自重庆的人叫什么名字？", "someone.name"),
    ("What's the name of the person from Chicago?", "someone.name"), ("我老婆的工作单位", "wife.workplace"),
])
def test_query_slots_keep_every_attribute_a_question_names(question: str, slot: str) -> None:
    assert slot in slot_query.query_slots(question)


@pytest.mark.parametrize("question", ["我周日做什么运动", "我周三晚上干嘛", "What do I do on Wednesday evenings?",
                                      "Where does my sister live?"])
def test_a_verb_that_asks_about_something_else_is_not_the_job(question: str) -> None:
    assert not [k for k in slot_query.query_slots(question) if k.endswith(("job", "workplace"))]


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


def _memcli_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)] + \
        [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    return [m for m in imported if m and m.startswith("memcli")]


def test_slots_is_a_leaf_module() -> None:
    # memcli.relazy (regular expressions compiled on first use) and memcli.owned_name (a thing's name asked) are
    # allowed: leaves themselves
    assert set(_memcli_imports(Path(slots.__file__))) <= {"memcli.relazy"}
    # its question side (memcli.slot_query) reads only the vocabulary and those leaves
    assert set(_memcli_imports(Path(slot_query.__file__))) <= {"memcli.slots", "memcli.relazy", "memcli.owned_name"}
    assert not _memcli_imports(Path(slots.__file__).with_name("relazy.py"))
    assert not _memcli_imports(Path(slots.__file__).with_name("owned_name.py"))
