"""Issue 20, near misses: what a question asks that the store does not hold (``no_slot``,
``no_subject``, :mod:`memcli.read.missing`) — read with the write path's parser, one bounded
store lookup, fitted features of every hit of the question."""

from __future__ import annotations

import pytest

from memcli.read.answer import FEATURES
from memcli.read.missing import asked_subject
from tests.test_answerability import say_all

FACTS_ZH = ["我老公叫何子默", "我老公是牙医", "我养了一条狗，叫阿福", "我住在南京鼓楼区"]
FACTS_EN = ["My husband is called Arjun", "My husband is a pilot", "I live in Leeds"]


def _question_features(mem, question: str) -> tuple[float, float]:
    hits = mem.search(question, limit=5, explain=True)
    rows = [h.explain.answer_features for h in hits if h.explain and h.explain.answer_features]
    assert rows, question
    ns, nb = FEATURES.index("no_slot"), FEATURES.index("no_subject")
    assert len({(x[ns], x[nb]) for x in rows}) == 1  # a feature of the question: the same on every hit
    return rows[0][ns], rows[0][nb]


@pytest.mark.parametrize(("question", "expect"), [
    ("我爸爸住在哪里", (1.0, 1.0)),     # nobody stored as the father
    ("我老公住在哪里", (1.0, 0.0)),     # the husband is stored, his residence is not
    ("我老公叫什么名字", (0.0, 0.0)),   # stored
    ("我住在哪里", (0.0, 0.0)),
])
def test_a_zh_question_says_what_the_store_does_not_hold(mem, question: str, expect: tuple[float, float]) -> None:
    say_all(mem, FACTS_ZH)
    assert _question_features(mem, question) == expect


@pytest.mark.parametrize(("question", "expect"), [
    ("Where does my sister live?", (1.0, 1.0)),
    ("When is my husband's birthday?", (1.0, 0.0)),
    ("What's my husband's name?", (0.0, 0.0)),
])
def test_an_en_question_says_what_the_store_does_not_hold(mem, question: str, expect: tuple[float, float]) -> None:
    say_all(mem, FACTS_EN)
    assert _question_features(mem, question) == expect


def test_the_asked_subject_is_read_like_the_write_path_reads_it() -> None:
    assert asked_subject("我妈的弟弟多大了", []) == "maternal_uncle"  # a relative of a relative
    assert asked_subject("我老公做什么工作", ["husband.job"]) == "husband"
    assert asked_subject("我做什么工作", ["job"]) is None  # the user
    assert asked_subject("那个来自重庆的人叫什么名字", ["someone.name", "someone.hometown"]) is None
