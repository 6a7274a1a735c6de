"""A question that names the user by the name they gave is about the user (round 18's trial: 林梅在哪工作
after 我叫林梅 got p=0.04 and no block). The read path reads the user's own name as the user (我 / I,
"Name's" as "my") before anything else reads the query; someone else with the same first name and a
surname of their own is left alone. Real store, real default model."""

from __future__ import annotations

import pytest
from _stores import told

from memcli.read.subject import asker_can, self_named

zh_user = told("zh_user", ["我叫孟雪", "我在苏州一家银行上班", "我喜欢游泳"])
en_user = told("en_user", ["My name is Priya Raman", "I work at a library in Bristol", "I love climbing"])


@pytest.mark.parametrize("question, said", [("孟雪在哪上班", "我在苏州一家银行上班"), ("孟雪喜欢什么", "我喜欢游泳")])
def test_a_chinese_question_naming_the_user_is_answered_from_her_memories(zh_user, question: str, said: str):
    res = zh_user.context(question)
    assert res.text and said in [h["statement"] for h in res.hits][:2]


@pytest.mark.parametrize(
    "question, said",
    [("Where does Priya work?", "I work at a library in Bristol"), ("What are Priya's hobbies?", "I love climbing")],
)
def test_an_english_question_naming_the_user_is_answered_from_her_memories(en_user, question: str, said: str):
    res = en_user.context(question)
    assert res.text and said in [h["statement"] for h in res.hits][:2]


def test_the_rewrite_reads_the_name_as_the_user_and_leaves_others_alone(en_user, zh_user):
    store = en_user.store
    assert self_named(store, "alice", "Where does Priya work?") == "Where do I work?"
    assert self_named(store, "alice", "What is Priya Raman's job?") == "What is my job?"
    assert self_named(store, "alice", "Who is Priya Kapoor?") == "Who is Priya Kapoor?"
    assert self_named(store, "nobody", "Where does Priya work?") == "Where does Priya work?"  # another user's name
    assert self_named(zh_user.store, "alice", "孟雪的妈妈住哪") == "我的妈妈住哪"


im_user = told("im_user", ["I'm Ravi Menon, a pharmacist from Cork", "My dog is called Pixel"])


def test_a_name_given_as_im_and_asked_beside_chinese_is_the_users(im_user):
    assert self_named(im_user.store, "alice", "Ravi的狗叫什么") == "我的狗叫什么"
    assert self_named(im_user.store, "alice", "What is Ravi's dog called?") == "What is my dog called?"
    res = im_user.context("Ravi的狗叫什么")
    assert "My dog is called Pixel" in [h["statement"] for h in res.hits][:2]


allergic = told("allergic", ["我对菠萝过敏", "我在苏州一家银行上班"])


def test_a_subjectless_can_i_eat_question_is_the_askers(allergic):
    assert asker_can("菠萝能吃吗") == "菠萝我能吃吗" and asker_can("这个能吃吗") == "这个能吃吗"
    assert asker_can("长江有多长") == "长江有多长"
    res = allergic.context("菠萝能吃吗")  # a health question: the allergy must reach the block
    assert [h["statement"] for h in res.hits][:1] == ["我对菠萝过敏"]
