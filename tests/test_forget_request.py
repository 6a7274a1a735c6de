"""A request to forget, said in chat, is no episode (round 20's new-user trial).

Kept as an episode, the turn served the very words the user asked to have forgotten in later blocks; since
round 42 the drain also forgets the memory the request clearly names (:mod:`memcli.write.told_forget`).
Real store, real default model; sentences written for these tests."""

from __future__ import annotations

import pytest

from memcli import Memory
from memcli.write.chatter import is_chatter


@pytest.mark.parametrize("text", [
    "forget that my cousin's husband is called Bram, I mixed it up", "Please forget my old gym schedule",
    "Could you forget what I told you about my landlord?", "Don't remember that I said I dislike opera",
    "Stop remembering my commute times, my mistake", "忘掉我外甥的学校吧", "别记我家的门牌号", "把我表哥的生日删掉吧",
    "我记错了，忘了吧", "不好意思我说错了",
])
def test_a_request_to_forget_is_chatter(text: str) -> None:
    assert is_chatter(text)


@pytest.mark.parametrize("text", [
    "I forgot my gloves on the bus", "I always forget my umbrella", "我忘记带钥匙了", "忘了带伞，淋湿了",
    "Forget that, I live in Bristol now",  # the request, then a fact of its own
    "Forget-me-nots are my favourite flowers", "I mixed up the dates of my cousin's wedding",
    "My aunt forgets birthdays all the time",
])
def test_forgetting_told_as_a_fact_is_not(text: str) -> None:
    assert not is_chatter(text)


@pytest.mark.parametrize("fact, asked, query", [
    ("My cousin's husband is called Bram", "forget that my cousin's husband is called Bram, I mixed it up",
     "Who is Bram?"),
    ("我外甥在实验小学上学", "忘掉我外甥的学校吧", "我外甥在哪上学？"),
])
def test_the_words_to_forget_never_come_back_as_an_episode(db: str, fact: str, asked: str, query: str) -> None:
    with Memory(db=db, user="alice") as m:
        m.capture(fact, at="2026-10-01T09:00:00+00:00")
        m.capture(asked, at="2026-10-02T09:00:00+00:00")
        assert m.drain().dead == 0
        assert [e["text"] for e in m.episodes()] == []
        assert m.list() == []  # round 42: the drain acts on the request (memcli.write.told_forget)
        [item] = m.list(include_all=True)
        assert (item.statement, item.status) == (fact, "forgotten")
        assert m.context(query).text == ""
