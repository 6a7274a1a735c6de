"""Round 45, read path: a question naming someone the user told about by name alone, and loose requests' misses.

- "Where does <name> live?" after "<name> said he lives in …" (no my, no relation, no slot) was read as a question
  about the world and gated out (:mod:`memcli.read.told_name`, ``subject_names``); a world question sharing a
  proper noun with a stored fact stays silent.
- Loose requests (:mod:`memcli.read.domain_request`): 去 / 订哪家 + a place (food), a shopping festival (things
  wanted, or a gift for the one named), a request for a named pet or person the store tells of, in both languages.
- The suggest/recommend words are one definition (:mod:`memcli.read.suggest_words`) read by both readers.

One real store (default model, ``remember``), own sentences.
"""

from __future__ import annotations

import pytest

from memcli import Memory
from memcli.read.domain_request import request_domains
from memcli.read.told_name import request_names_zh, subject_names, tells_of

FACTS = ["Oskar said he lives in Graz", "慧敏住在厦门", "国栋说他在银行上班",
         "Lake Como was freezing when I swam there", "I have a hamster named Nibbles", "Nibbles is two years old",
         "我养了一只兔子叫雪球", "雪球很怕冷",
         "德华今年三十岁", "德华喜欢摄影", "我想买一个电动牙刷", "I want a new rain jacket", "我不吃香菜",
         "我对磺胺过敏", "I drive a Skoda"]
BUDGET = 120_000


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory, embedder) -> Memory:  # noqa: ARG001 - the model, loaded once
    m = Memory(db=str(tmp_path_factory.mktemp("r45") / "m.db"), user="u1")
    for text in FACTS:
        m.remember(text, at="2026-10-01")
    yield m
    m.close()


def _block(mem: Memory, message: str) -> str:
    return mem.context(message, budget_ms=BUDGET).text


@pytest.mark.parametrize(("question", "want"), [
    ("Where does Oskar live?", "Graz"), ("慧敏住在哪里", "厦门"), ("国栋在哪上班", "银行"),
])
def test_a_named_person_told_about_is_answered(mem: Memory, question: str, want: str) -> None:
    assert want in _block(mem, question)


@pytest.mark.parametrize("question", ["How deep is Lake Como?", "Where does the Prime Minister live?",
                                      "双十一是几月几号", "What would Ana enjoy?"])
def test_world_questions_sharing_a_word_stay_silent(mem: Memory, question: str) -> None:
    assert _block(mem, question) == ""


@pytest.mark.parametrize(("message", "want", "avoid"), [
    ("周六去哪家饭店吃", ["香菜"], ["磺胺", "Skoda"]),
    ("双十一买点什么", ["电动牙刷"], ["香菜", "Skoda"]),
    ("What should I buy on Cyber Monday?", ["rain jacket"], ["Skoda"]),
    ("What toys would Nibbles like?", ["hamster", "two years"], []),
    ("给雪球买个什么窝好", ["兔子", "怕冷"], ["磺胺"]),
    ("德华生日送什么好", ["摄影", "三十岁"], ["Skoda", "电动牙刷"]),
])
def test_request_gets_its_facts(mem: Memory, message: str, want: list[str], avoid: list[str]) -> None:
    text = _block(mem, message)
    assert [w for w in want if w not in text] == [], text
    assert [a for a in avoid if a in text] == [], text


@pytest.mark.parametrize(("statement", "question", "names"), [
    ("Oskar said he lives in Graz", "Where does Oskar live?", {"oskar"}),
    ("Oskar said he lives in Graz", "Oskar's job?", {"oskar"}),
    ("Mount Fuji was foggy when we climbed it", "How tall is Mount Fuji?", set()),
    ("Yesterday was long", "What happened Yesterday?", set()),
    ("慧敏住在厦门", "慧敏住在哪里", {"慧敏"}),
    ("长城脚下风很大", "长城有多长", set()),  # a place is no one told about (round 46: memcli.org_names)
    ("富士山很美", "富士有多高", set()),  # a piece of a longer word the statement opens with
    ("咖啡让我睡不着", "咖啡有什么好处", set()),  # a kind of thing, no one told about
    ("今天好累", "今天天气怎么样", set()),
])
def test_subject_names(statement: str, question: str, names: set[str]) -> None:
    assert subject_names(statement, question) == names


def test_request_names_and_whom_they_tell_of() -> None:
    assert request_names_zh("给雪球买个什么窝好") == ("雪球",)
    assert request_names_zh("德华生日送什么好") == ("德华",)
    assert request_names_zh("今晚吃什么") == ()
    assert tells_of("我养了一只兔子叫雪球", "雪球") and tells_of("Nibbles is two years old", "nibbles")
    assert not tells_of("I like nibbles with my drink", "nibbles")
    req = request_domains("双十一买什么")
    assert req is not None and set(req.domains) == {"shopping"} and req.names == ()
    assert request_domains("Where does Joanna get her ideas for the characters?") is None  # a recall


def test_the_suggest_words_are_read_by_both_readers() -> None:
    from memcli.read import domain_request, time_intent
    from memcli.read.suggest_words import ASK_EN, ASK_ZH

    for w in ASK_ZH.split("|"):
        assert time_intent.suggestion_asked(f"你{w}一下") and domain_request._CHOICE_ZH.search(f"你{w}一下")
    for w in ASK_EN.split("|"):
        assert time_intent.suggestion_asked(f"{w} a place") and domain_request._CHOICE_EN.search(f"{w} a place")
