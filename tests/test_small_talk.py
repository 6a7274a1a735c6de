"""Small talk gets no memory block, a turn that only asked is never quoted, and a remark said laughing
about no one is chatter (never an episode). Sentences written for this test."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli import Memory
from memcli.read.quotes import gate
from memcli.read.request import asks_only, is_small_talk
from memcli.read.results import Hit
from memcli.write.chatter import is_chatter

TURNS = ["the bus was forty minutes late this morning lol",
         "下雨下了一整天哈哈哈",
         "Sounds perfect, thank you!",
         "whats the longest river in europe",
         "I'm allergic to walnuts",
         "我周末喜欢去爬山"]


@pytest.mark.parametrize("message, small", [
    ("Thanks, that's all for now.", True), ("thank you so much!", True), ("好的谢谢", True), ("哈哈哈好无聊", True),
    ("How are you doing today?", True), ("今天好累啊", True), ("ok cool", True),
    ("thanks! what am I allergic to?", False), ("谢谢，我周末喜欢做什么？", False), ("Any food allergies?", False),
    ("I'm bored, any ideas for the weekend?", False), ("", False), ("我好累，我妈妈住在哪？", False),
])
def test_small_talk_is_every_clause_a_greeting_thanks_or_sigh(message: str, small: bool):
    assert is_small_talk(message) is small


# one vocabulary (memcli/smalltalk.py) read by both paths: what one path calls a greeting, thanks or an
# acknowledgement the other does too; they differ only where written down (thanks inside a told clause, a sigh)
@pytest.mark.parametrize("said", ["下午好", "明天见小助手", "太感谢了", "麻烦你了", "对对对", "好啊，谢谢。",
                                  "嗯嗯，收到", "Morning!", "see ya", "Much appreciated", "oh I see", "Makes sense!",
                                  "hi there", "lol ok", "what's up buddy", "no worries, thanks again"])
def test_both_paths_read_one_list_of_greetings_thanks_and_acknowledgements(said: str):
    assert is_small_talk(said) and is_chatter(said)


@pytest.mark.parametrize("said, small, chatter", [
    ("thanks for the tip about the ferry", False, True),  # thanks count anywhere in a turn, not in a question
    ("今天好无聊啊", True, False),  # a sigh asks nothing of the store, but told, it is the user's day
    ("so bored", True, False),
])
def test_where_the_two_paths_differ_on_purpose(said: str, small: bool, chatter: bool):
    assert (is_small_talk(said), is_chatter(said)) == (small, chatter)

@pytest.mark.parametrize("turn, only", [
    ("whats the longest river in europe", True), ("What's the longest river in Europe?", True), ("湘江有多长？", True),
    ("I'm allergic to walnuts", False), ("My cousin had twins. Can you believe it?", False),
    ("The release is v2.1 now", False),
])
def test_a_turn_that_only_asks(turn: str, only: bool):
    assert asks_only(turn) is only


def test_a_question_turn_is_below_the_point_whatever_its_p():
    said = datetime(2026, 1, 1, tzinfo=UTC)
    asked, told = (Hit(id=i, statement=t, kind="episode", effective_confidence=0.0, valid_from=said, score=0.5,
                       origin="episode") for i, t in ((7, "whats the longest river in europe"),
                                                      (8, "we kayaked down the Danube in June")))
    gate([asked, told], [{-7: 0.9, -8: 0.9}], 0.5)
    assert (asked.p_relevant, asked.below_floor) == (0.9, True)
    assert (told.p_relevant, told.below_floor) == (0.9, False)


@pytest.mark.parametrize("turn, chatter", [
    ("the bus was forty minutes late this morning lol", True), ("下雨下了一整天哈哈哈", True),
    ("Sounds perfect, thank you!", True), ("whats the longest river in europe", True),
    ("lol my brother finally passed his driving test", False), ("我今天升职了哈哈哈", False),
    ("haha Priya moved to Oslo", False), ("the bus was forty minutes late this morning", False),
])
def test_laughing_remarks_acknowledgements_and_bare_questions_are_chatter(turn: str, chatter: bool):
    assert is_chatter(turn) is chatter


def test_small_talk_and_chit_chat_leave_the_block_empty(db: str, embedder):
    m = Memory(db=db, user="smalltalk")
    for t in TURNS:
        m.capture(t)
    m.drain()
    assert [e["text"] for e in m.episodes()] == []  # the chit-chat, thanks and the bare question are chatter
    for q in ("Thanks, that's all for now.", "哈哈哈好无聊", "How are you doing today?", "今天好累啊"):
        res = m.context(q, budget_ms=60000)
        assert res.text == "" and "small talk" in res.reason, (q, res.text)
    res = m.context("What am I allergic to?", budget_ms=60000)
    assert "walnuts" in res.text, res.text
    res = m.context("我周末喜欢做什么？", budget_ms=60000)
    assert "爬山" in res.text, res.text


def test_a_chatter_clause_is_read_alike_short_and_past_the_cached_length():
    """is_chatter_clause is cached for clauses up to 300 characters; a longer one is read the same way."""
    from memcli.write.chatter import is_chatter_clause

    assert is_chatter_clause("thank you so much") and is_chatter_clause("thank you so much")
    assert is_chatter_clause("谢谢你" * 120)  # 360 characters: not cached, still thanks
    assert not is_chatter_clause("I walked along the river " * 15)
    assert is_chatter_clause("I walked along the river", question_mark=True)  # a question: the flag is part of the key
    assert not is_chatter_clause("I walked along the river")


def test_an_addressed_name_leaves_alike_within_and_past_the_kept_length():
    """unaddressed keeps its last answers for turns up to 4,000 characters; a longer turn is read the same way."""
    from memcli.smalltalk import unaddressed

    turn = "Thanks, Mel! The pottery class was fun."
    assert unaddressed(turn) == unaddressed(turn) == "Thanks! The pottery class was fun."
    long = "We walked along the river and talked. " * 110 + turn
    assert len(long) > 4000 and unaddressed(long) == long[:-len(turn)] + "Thanks! The pottery class was fun."
