"""A question what the asker should eat or drink reads as asking their allergies, diet and likings
(round 29's month of Chinese chat: 给我推荐一家川菜馆 and 今晚吃火锅怎么样 got no block while 我现在不吃辣了 /
我对花生过敏 / 我现在不吃火锅了 were stored). A question about something else's food keeps an empty block.
Real store, real default model."""

from __future__ import annotations

import pytest
from _stores import told

from memcli.read.meal import asker_meal, is_meal, meal_keys

eater = told("eater", ["我对腰果过敏", "我最近开始不吃羊肉了", "我在无锡一家医院当药剂师", "我每周四晚上打羽毛球"])


@pytest.mark.parametrize("question", ["周末吃什么好", "今晚吃涮羊肉怎么样", "帮我推荐一家湘菜馆", "明天中午我们吃点啥"])
def test_a_meal_question_brings_the_allergy_or_the_diet(eater, question: str):
    res = eater.context(question)
    shown = [h["statement"] for h in res.hits][:3]
    assert res.text and ({"我对腰果过敏", "我最近开始不吃羊肉了"} & set(shown)), (question, shown)
    assert "我每周四晚上打羽毛球" not in shown


@pytest.mark.parametrize("question", ["考拉吃什么", "羊肉汤怎么做", "腰果是什么植物的种子", "推荐几部纪录片"])
def test_a_question_about_other_food_or_a_task_gets_no_block(eater, question: str):
    assert not is_meal(question)
    res = eater.context(question)
    assert not res.text, (question, [h["statement"] for h in res.hits])


def test_the_readings_keep_other_subjects_alone():
    assert meal_keys("晚饭喝点什么", ["like"]) == ["like", "allergy", "diet"]
    assert meal_keys("他中午吃什么", []) == [] and meal_keys("小猫吃什么", []) == []
    assert meal_keys("我晚上一般喝什么", []) == []  # a routine recalled, not a choice to make
    assert asker_meal("今晚吃烤鱼怎么样") == "今晚我吃烤鱼怎么样"
    assert asker_meal("我们今晚吃烤鱼怎么样") == "我们今晚吃烤鱼怎么样" and asker_meal("熊猫吃什么") == "熊猫吃什么"
