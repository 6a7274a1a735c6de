"""Round 15's user trial (sentences written for this test, none from a data set or the trial's store).

Read side: a ``remember`` text of two facts was one memory with the first fact's slot, so a question
about the second fact found a hit holding "another attribute" and the answerability gate left it out;
now each fact is its own memory (:func:`memcli.write.split.fact_parts`). A ``has.<relation>`` slot
("I got a new boss") was read as a subject "has", another than the question's boss: vetoed.
Write side: a judgement of the conversation itself, a habit whose object is a bare pronoun and a
person's advice to the user are no preference, habit or relationship. Real stores, default model.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli import Memory
from memcli.read.answer import answer_subject, subject_feature
from memcli.write.split import fact_parts


@pytest.mark.parametrize(("text", "parts"), [
    ("I have a cat called Mochi and I'm allergic to peanuts", ["I have a cat called Mochi", "I'm allergic to peanuts"]),
    ("I like green tea but I hate coffee", ["I like green tea", "I hate coffee"]),
    ("我住在杭州。我在一家医院上班。", ["我住在杭州。", "我在一家医院上班。"]),
    ("我升职了，现在是销售经理", ["我升职了，现在是销售经理"]),  # one change, told in two clauses
    ("I no longer cook, I order in now", ["I no longer cook, I order in now"]),  # joined by a comma only
    ("I like tea and coffee", ["I like tea and coffee"]),  # one fact, two objects
    ("I'm allergic to peanuts, so never suggest satay", ["I'm allergic to peanuts, so never suggest satay"]),
    ("I live in Oslo and work at a bakery", ["I live in Oslo and work at a bakery"]),  # the second part has no subject
    ("我妈妈的生日是5月3号", ["我妈妈的生日是5月3号"]),
])
def test_fact_parts_cut_only_a_text_of_two_facts(text, parts):
    assert fact_parts(text) == parts


def test_two_facts_remembered_are_two_memories_and_each_question_gets_its_fact(tmp_path):
    m = Memory(db=str(tmp_path / "m.db"), user="ana")
    try:
        r = m.remember("I have a cat called Mochi and I'm allergic to peanuts")
        assert len(r.also) == 1
        items = {i.statement: (str(i.kind), i.slot) for i in m.list()}
        assert items == {"I have a cat called Mochi": ("other", "thing:cat.name"),  # read as the name (round 15)
                         "I'm allergic to peanuts": ("health", "allergy.peanut")}
        allergy = m.context("Am I allergic to anything?", budget_ms=5000).text
        assert "allergic to peanuts" in allergy and "Mochi" not in allergy
        assert "Mochi" in m.context("What's my cat's name?", budget_ms=5000).text
        # peanuts are a food (memcli/read/kinds.py): "food allergies" no longer reads as a kind no hit names
        assert "allergic to peanuts" in m.context("Do I have any food allergies?", budget_ms=5000).text
        assert "花生" not in allergy and "allergic to peanuts" in m.context("我对什么过敏？", budget_ms=5000).text
        one = m.remember("My favourite colour is teal", kind="preference")  # one fact: no also
        assert one.also == []
    finally:
        m.close()


def test_a_held_relation_is_about_that_relation():
    assert subject_feature("Who is my boss?", [], "has.boss", "I got a new boss") == 1
    assert subject_feature("Where does my sister live?", [], "has.boss", "I got a new boss") == -1
    assert answer_subject("has.boss") == "boss"


def test_who_is_my_boss_finds_a_boss_told_as_held_and_named_in_the_other_language(tmp_path):
    m = Memory(db=str(tmp_path / "m.db"), user="li")
    try:
        m.remember("I got a new boss")
        m.remember("我老板叫周涛")
        block = m.context("Who is my boss?", budget_ms=5000).text
        assert "I got a new boss" in block and "周涛" in block
    finally:
        m.close()


def _drained(db: str, turns: list[str]) -> list[tuple[str, str, str | None]]:
    m = Memory(db=db, user="kai")
    try:
        for n, turn in enumerate(turns):
            m.capture(turn, at=datetime(2025, 6, 1 + n, 9, tzinfo=UTC).isoformat())
            m.drain()
        return sorted((i.statement, str(i.kind), i.slot) for i in m.list())
    finally:
        m.close()


@pytest.mark.parametrize("text", [
    "lol that pun was awful", "your last answer was spot on", "this explanation is confusing",
    "I always mess it up", "I usually forget that", "我老是忘记这件事", "哈哈你这个笑话太冷了",
])
def test_chatter_about_the_conversation_and_pronoun_habits_are_no_memory(tmp_path, text):
    assert _drained(str(tmp_path / "m.db"), [text]) == []


@pytest.mark.parametrize("text", ["牙医叫我每天用牙线", "领导让我下周出差", "妈妈叫我早点睡"])
def test_a_persons_advice_is_no_relationship(tmp_path, text):
    got = _drained(str(tmp_path / "m.db"), [text])
    assert all(kind != "relationship" and not (slot or "").endswith(".name") for _, kind, slot in got), got


@pytest.mark.parametrize(("text", "kind", "slot"), [
    ("I always lose my glasses", "habit", "habit.glasses"),  # (round 38: glasses keep their s)
    ("我老是忘记关灯", "habit", "habit.关灯"),
    ("That film was wonderful", "preference", "thing:film.opinion.wonderful"),  # a thing of the user's world
])
def test_a_stated_habit_and_an_opinion_of_a_thing_stay(tmp_path, text, kind, slot):
    assert _drained(str(tmp_path / "m.db"), [text]) == [(text, kind, slot)]
