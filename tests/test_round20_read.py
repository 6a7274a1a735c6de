"""Round 20's read path: a question asking for a secret has no answer (memcli keeps none), and a question
naming a relative reaches a turn about them told only as an episode. Own sentences; real store and model."""

from __future__ import annotations

import pytest
from _stores import told

from memcli.sensitive import asks_secret
from memcli.tools import call_tool

secrets_store = told(
    "secrets_store",
    [
        "I bank with Monzo and I have a joint account with my husband",
        "我在建设银行办了一张储蓄卡",
        "Our wifi router is a TP-Link that sits on the bookshelf",
        "The bakery gave me a voucher for a free croissant next week",
    ],
)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("我的储蓄卡密码是多少", "password"),
        ("What's my debit card PIN?", "pin"),
        ("what is the wifi password", "password"),
        ("wifi密码？", "password"),
        ("What's my bank account number?", "account_number"),
        ("你知道我的身份证号吗", "id_number"),
        ("Which bank am I with?", None),
        ("我在哪家银行办的卡", None),
        ("Where did I write the wifi password down?", None),
        ("What did I pin to the fridge?", None),
        ("帮我生成一个随机密码", None),
    ],
)
def test_a_question_asking_for_a_secret_is_read_by_the_redactions_names(question: str, kind: str | None):
    assert asks_secret(question) == kind


@pytest.mark.parametrize("question", ["我的储蓄卡密码是多少", "What's my debit card PIN?", "what is the wifi password"])
def test_a_secret_is_never_answered_however_near_a_stored_fact(secrets_store, question: str):
    res = secrets_store.context(question)
    assert res.text == "" and "asks for a secret" in (res.reason or ""), (res.text, res.reason)
    hits = secrets_store.search(question)
    assert hits and all(h.below_floor and h.p_relevant == 0 for h in hits)  # search lists them, marked
    assert hits.info.asks_secret in ("password", "pin")
    tool = call_tool(secrets_store, "search", {"query": question})
    assert tool["memories"] == [] and tool["left_out"] >= 1


@pytest.mark.parametrize(
    ("question", "words"),
    [("Which bank am I with?", "Monzo"), ("我在哪家银行办的卡", "建设银行"), ("What router do we have?", "TP-Link")],
)
def test_a_fact_about_the_same_thing_stays_findable(secrets_store, question: str, words: str):
    res = secrets_store.context(question)
    assert words in res.text, (res.text, res.reason)


episode_store = told(
    "episode_store",
    [
        "陪婆婆去复查了，医生说恢复得还行，就是还得继续吃药",
        "Took my mother-in-law to her follow-up, the doctor says the swelling is going down slowly",
        "Grandpa called, he's still grumbling about the new hearing aid",
        "I went to the post office this morning",
        "I love hiking on weekends",
    ],
)


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("我婆婆怎么样了", "复查"),
        ("How's my mother-in-law doing?", "follow-up"),
        ("How's my grandpa?", "hearing aid"),
        ("我爷爷最近怎么样", "hearing aid"),
    ],
)
def test_a_relative_told_about_only_in_a_turn_is_reached_by_naming_them(episode_store, question: str, words: str):
    res = episode_store.context(question)
    assert words in res.text, (res.text, res.reason)


@pytest.mark.parametrize("question", ["How's my dad doing?", "我爸爸最近怎么样", "珠穆朗玛峰有多高"])
def test_a_turn_about_another_relative_is_no_answer(episode_store, question: str):
    res = episode_store.context(question)
    assert not any(w in res.text for w in ("复查", "follow-up", "hearing aid")), res.text
