"""Stored facts that answer the question but the answerability gate kept out of context's block (round 30's
months of chat): a Chinese offer of food or drink put to the user with no subject (能来杯奶茶吗 with
我不喝奶茶 stored), an English question naming someone the user named ("where is priya moving?" after
"my old flatmate Priya …"), and a car named by its make is a car (kind +1).
Unrelated questions keep an empty block. Real store, real default model; sentences written for these tests."""

from __future__ import annotations

import pytest
from _stores import told

from memcli.read.meal import is_meal

drinker = told("drinker", ["我不喝可乐，喝了就失眠", "我对榴莲过敏，吃一口就起疹子", "我在一家书店上班",
                           "我每周六上午去游泳"])
driver = told("driver", ["Last month I swapped my old Astra for a second-hand Octavia, a grey one",
                         "My old flatmate Nadia works at the museum shop", "Nadia's relocating to Glasgow in June",
                         "My son Theo plays the trumpet", "I teach chemistry at a sixth form college"])


@pytest.mark.parametrize(("question", "fact"), [("能来杯可乐吗", "我不喝可乐，喝了就失眠"),
                                                ("零食买点榴莲干怎么样", "我对榴莲过敏，吃一口就起疹子"),
                                                ("能喝瓶可乐解解渴吗", "我不喝可乐，喝了就失眠")])
def test_an_offer_of_food_or_drink_brings_what_the_user_cannot_have(drinker, question: str, fact: str):
    assert is_meal(question)
    shown = [h["statement"] for h in drinker.context(question).hits][:3]
    assert fact in shown, (question, shown)
    assert "我每周六上午去游泳" not in shown


@pytest.mark.parametrize("question", ["熊猫能吃竹子吗", "买个手机怎么样", "给我老公做点虾吃行吗", "小狗能喝牛奶吗",
                                      "来点音乐怎么样"])
def test_an_offer_for_someone_else_or_of_no_food_is_no_meal_question(question: str):
    assert not is_meal(question)


def test_a_person_the_user_named_grounds_the_question(driver):
    shown = [h["statement"] for h in driver.context("where is nadia relocating to?").hits]
    assert any("Glasgow" in s for s in shown), shown


def test_a_car_named_by_its_make_is_a_car():
    from memcli.read.kinds import kind_feature

    assert kind_feature("what car do i drive?", "Last month I swapped my old Astra for a second-hand Octavia") == 1
    assert kind_feature("我开什么车", "我开的是五菱宏光") == 1


@pytest.mark.parametrize("question", ["what is the capital of scotland?", "how do trumpets make sound?",
                                      "which car is the safest to buy?", "西安有哪些好玩的景点"])
def test_unrelated_questions_keep_an_empty_block(driver, drinker, question: str):
    mem = drinker if not question.isascii() else driver
    res = mem.context(question)
    assert not res.text, (question, [h["statement"] for h in res.hits])
