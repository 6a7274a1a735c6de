"""Round 13 readings of the question (no model): a person named by a name is the question's
subject, and a long message's question sentence loses its lead-in."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("question", "name"), [
    ("老孟住在哪个区", "老孟"), ("阿岚是做什么的", "阿岚"), ("小滕对什么过敏", "小滕"),
    ("老师住在哪里", None), ("小时候我住在哪", None), ("我妈妈住在哪", None),
    ("Where does Wanda live?", "wanda"), ("When is Omar's birthday?", "omar"), ("How old is Bea?", "bea"),
    ("What instrument does the neighbour from Derby play?", None), ("Where do I live?", None),
    ("Where does my sister Kim live?", None), ("老孟和小滕谁年纪大", None), ("Is Wanda older than Omar?", None),
])
def test_a_person_named_by_a_name(question: str, name: str | None) -> None:
    from memcli.read.mismatch import asked_name

    assert asked_name(question, []) == name


def test_a_named_question_is_not_answered_by_the_user_nor_by_someone_else() -> None:
    from memcli.read.answer import subject_feature

    assert subject_feature("老孟住在哪个区", ["residence"], "residence", "我住在苏州工业园区") == -1
    assert subject_feature("老孟住在哪个区", ["residence"], "mother.residence", "我妈妈住在无锡") == -1
    assert subject_feature("老孟住在哪个区", ["residence"], "person:老孟.like", "老孟喜欢下象棋") == 1
    assert subject_feature("Where does Wanda live?", ["residence"], "residence", "I live in Hull") == -1
    assert subject_feature("Where does Wanda live?", ["residence"], "coworker.job",
                           "My coworker Wanda is an architect") == 1


@pytest.mark.parametrize(("text", "focus"), [
    ("雨下了一整天。对了，顺便问一下，我表哥在哪工作？", "我表哥在哪工作？"),
    ("雨下了一整天。话说，那个做木工的邻居，叫什么？", "那个做木工的邻居，叫什么？"),
    ("It poured all day. Oh, by the way, where does my cousin work?", "where does my cousin work?"),
    ("It poured all day. So, what's my cousin's job?", "what's my cousin's job?"),
    ("我表哥在哪工作", "我表哥在哪工作"),
])
def test_a_long_message_is_read_by_its_question_without_the_lead_in(text: str, focus: str) -> None:
    from memcli.slot_query import question_focus

    assert question_focus(text) == focus
