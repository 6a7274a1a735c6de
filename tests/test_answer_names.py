"""Round 18: a question naming someone or something of the user's by the name the user gave is about
the user, not the world, and finds its memory — a relative's full name said after the relation word
(我表哥赵磊…, 赵磊在哪上班), a two-character name given with 叫 (我的狗叫球球, 球球几岁了), and a name jieba
glues to the verb after it (孙悦教什么: one token 孙悦教). Real SQLite stores, the real default model; the
names and sentences are this file's own."""

from __future__ import annotations

import pytest
from _stores import told

from memcli.read.mismatch import names_after_relation, names_given
from memcli.read.tokens import with_glued_names

AT = "2026-05-01T09:00:00+08:00"
FACTS = ["我表哥赵磊在一家银行上班", "我的狗叫球球", "球球今年五岁了", "我老婆孙悦是小学语文老师", "我周末常去爬泰山"]


def test_the_reading_of_names() -> None:
    assert "赵磊" in names_after_relation("我表哥赵磊在一家银行上班")
    assert "周末" not in names_after_relation("我妈妈周末喜欢做饭")  # 周末: a dictionary word, no name
    assert names_given("我的狗叫球球", "球球几岁了") == {"球球"}
    assert names_given("我的狗叫球球", "狗几岁了") == set()  # the question must name it
    assert with_glued_names(["孙悦教"]) == ["孙悦教", "孙悦"]
    assert with_glued_names(["数学课", "王建国"]) == ["数学课", "王建国"]  # dictionary words stay as cut


zh = told("zh", FACTS, AT)


@pytest.mark.parametrize(
    ("question", "fact"),
    [
        ("赵磊在哪上班？", "我表哥赵磊在一家银行上班"),
        ("球球几岁了？", "球球今年五岁了"),
        ("孙悦教什么？", "我老婆孙悦是小学语文老师"),
    ],
)
def test_a_question_naming_someone_of_the_user_finds_them(zh, question: str, fact: str) -> None:
    block = zh.context(question, budget_ms=60000).text
    assert fact in block, block


@pytest.mark.parametrize("question", ["泰山有多高？", "银行几点下班？"])
def test_a_general_question_stays_empty(zh, question: str) -> None:
    assert zh.context(question, budget_ms=60000).text == "", question
