"""An English question what the asker should eat reads as asking their diet and likings, as the Chinese
one does (enuser37's month of English chat: "can you suggest a dinner recipe for me tonight" got no block
while "I hate coriander" was stored). A question about other food, or a task on a dish already chosen,
keeps an empty block. Real store, real default model."""

from __future__ import annotations

import pytest
from _stores import told

from memcli.read.meal import is_meal, meal_keys

eater_en = told("eater_en", ["I really can't stand fennel, it tastes like liquorice to me",
                             "I'm vegan since last spring",
                          "I work as a bus driver in Leeds", "I go bouldering on Friday nights"])


@pytest.mark.parametrize("question", ["can you suggest a dinner recipe for me tonight", "what should I cook tonight?",
                                      "recommend a restaurant for my birthday", "any food I should avoid?"])
def test_a_meal_question_brings_the_diet_or_the_liking(eater_en, question: str):
    assert is_meal(question)
    res = eater_en.context(question, limit=3)
    shown = [h["statement"] for h in res.hits]
    assert res.text and any("vegan" in s or "fennel" in s for s in shown), (question, shown)
    assert not any("bouldering" in s or "bus driver" in s for s in shown), (question, shown)


@pytest.mark.parametrize("question", ["what do koalas eat", "how do I cook a haggis", "recommend a podcast about space",
                                      "what should I do tonight?"])
def test_other_food_or_no_meal_is_no_meal_question(question: str):
    assert not is_meal(question)
    assert meal_keys(question, []) == []
