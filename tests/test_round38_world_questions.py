"""Round 38: a question after a fact of the world's history or make-up gets no block, even when it shares a topic
word with a memory; a question about the user on the same topic keeps its block — own sentences, real SQLite
stores, the real default model.

"Who invented coffee?" over "I take my coffee with oat milk" printed the user's coffee: the world reading of round 17
let *who* through when a hit was about someone (the rules' ``coffee.milk`` key read as a person), as "Who invented the
violin?" over the daughter's violin lessons, and a thing named with "the" that a hit names ("the telephone").
``world_fact`` (memcli/read/world_fact.py) reads the predicate (invented, founded, wrote, made of, 发明, 起源, 的作者,
用什么做的…); a question with it that names nobody and nothing of the user's is grounded by no topic word.
"""

from __future__ import annotations

import pytest
from _stores import module_store

from memcli.read.answer import answer_subject
from memcli.read.question_subject import names_no_one
from memcli.read.world_fact import asks_world_fact

AT = "2026-03-02T10:00:00+08:00"
TURNS = (
    "I take my coffee with a splash of oat milk",
    "I bought a Gaggia espresso machine at a market in Bristol",
    "My son has been learning the cello since September",
    "I'm reading a lot of Ursula Le Guin this winter",
    "My wife works at Airbus in Toulouse",
    "I keep two tortoises in the back garden",
    "My brother built the shed at the bottom of our garden",
    "My sister wrote a children's book called Pebble Town",
    "我每天早上喝一杯乌龙茶",
    "我女儿在学钢琴",
    "我老公在比亚迪上班",
    "我很爱吃月饼",
    "我上个月去了一趟敦煌",
)

store = module_store("orla", TURNS, AT)


def _block(store, question: str) -> list[str]:
    res = store.context(question, limit=3)
    return [h["statement"] for h in res.hits] if res.text else []


@pytest.mark.parametrize(("question", "kind"), [
    ("Who invented coffee?", "origin"), ("Where did the cello originate?", "origin"),
    ("When was Airbus founded?", "fact"), ("What is oat milk made from?", "fact"),
    ("Who wrote A Wizard of Earthsea?", "fact"), ("How many strings does a cello have?", "fact"),
    ("咖啡是哪个国家发明的？", "origin"), ("乌龙茶起源于哪里", "origin"), ("月饼是用什么做的", "fact"),
    ("比亚迪的创始人是谁", "fact"), ("敦煌莫高窟是哪一年建成的", "fact"), ("钢琴是谁发明的", "origin"),
])
def test_the_predicate_of_history_or_make_up(question: str, kind: str) -> None:
    assert asks_world_fact(question) == kind


@pytest.mark.parametrize("question", [
    "How do I take my coffee?", "What does my wife do?", "我喝什么茶", "我女儿在学什么", "coffee", "咖啡",
    "Where did I buy my espresso machine?", "我上个月去了哪里",
])
def test_no_such_predicate(question: str) -> None:
    assert asks_world_fact(question) is None


def test_a_drink_key_named_by_its_object_is_the_users_own() -> None:
    assert names_no_one("coffee") and names_no_one("tea")  # coffee.sugar (我咖啡不加糖), tea.honey
    assert not any(names_no_one(s) for s in ("mother", "brother.wife", "maternal_uncle", "person:sam", "thing:dog",
                                             "me", "someone", "roommate"))
    assert answer_subject("coffee.milk") is None and answer_subject("sister.job") == "sister"


@pytest.mark.parametrize("question", [
    "Who invented coffee?",                      # the hit's coffee.milk key had read as someone: who among them
    "Who invented the cello?",                   # the son's cello: not who among the user's people
    "Where does coffee come from?",
    "When was Airbus founded?",
    "Who wrote A Wizard of Earthsea?",
    "How many strings does a cello have?",
    "What are tortoise shells made of?",
    "咖啡是哪个国家发明的？",
    "谁发明了钢琴",                               # opens on 谁: no subject dropped, an invention asked
    "钢琴是谁发明的",
    "比亚迪的创始人是谁",                          # the husband works there: not who among the user's people
    "乌龙茶起源于哪里",
    "月饼是用什么做的",
    "敦煌莫高窟是哪一年建成的",
])
def test_a_world_question_over_related_memories_gets_no_block(store, question: str) -> None:
    assert _block(store, question) == [], question


@pytest.mark.parametrize(("question", "answer"), [
    ("How do I take my coffee?", "oat milk"),
    ("Where did I buy my espresso machine?", "Gaggia"),
    ("What instrument is my son learning?", "cello"),
    ("Where does my wife work?", "Airbus"),
    ("Who built the shed?", "shed"),             # "the shed" a hit names: a thing of the user's, built by the brother
    ("Who wrote Pebble Town?", "Pebble Town"),   # a name the user gave: the sister's book
    ("我早上喝什么茶", "乌龙茶"),
    ("我女儿在学什么乐器", "钢琴"),
    ("我老公在哪上班", "比亚迪"),
    # (round 48: 上个月 is a window read at the clock's now; the trip told in March is no answer to it in December,
    # tests/test_round48_when.py; the question about the user's trips keeps its block)
    ("我去了哪里旅游", "敦煌"),
])
def test_a_question_about_the_user_keeps_its_block(store, question: str, answer: str) -> None:
    assert any(answer in s for s in _block(store, question)), (question, _block(store, question))


cross = module_store("ines", ("I take my coffee with a splash of oat milk",), AT)


def test_a_cross_language_question_about_the_user_keeps_its_block(cross) -> None:
    # coffee.milk had read as another person's fact and, sharing no word with 我喝咖啡吗, was vetoed (p 0)
    assert any("coffee" in s for s in _block(cross, "我喝咖啡吗")), _block(cross, "我喝咖啡吗")
    assert _block(cross, "咖啡是谁发明的") == []
