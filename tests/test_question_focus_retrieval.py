"""A long message is searched by its question sentence (slots.question_focus), not its chatter:
the lexical leg's tokens and the dense leg's query vector come from that sentence, on real SQLite
stores with the real model (issue 20, the chatter-wrapped groups)."""

from __future__ import annotations

import pytest

from memcli.slot_query import question_focus

AT = "2026-06-01T09:00:00+08:00"

FACTS = ["我叫贺知远", "我住在绵阳涪城区靠近火车站的小区", "我妹妹在厦门当护士", "我喜欢下围棋", "我对花生过敏",
         "我老婆叫林初夏", "我的车是一辆白色的电动车", "我每周三晚上去游泳"]
CHATTER = "今天地铁里人特别多，挤得我喘不过气。晚饭点的外卖送错了，只好重新下单。对了，"


@pytest.fixture
def zh(mem):
    for f in FACTS:
        mem.capture(f, at=AT)
    s = mem.drain()
    assert s.dead == 0 and s.retried == 0, s.errors
    return mem


def test_the_chatter_words_are_not_searched(zh) -> None:
    question = CHATTER + "我妹妹在哪里工作？"
    assert question_focus(question) == "我妹妹在哪里工作？"  # the lead-in 对了 dropped too (round 13)
    hits = zh.search(question, limit=5)
    assert not {"地铁", "外卖", "晚饭"} & set(hits.info.tokens), hits.info.tokens
    assert "妹妹" in "".join(hits.info.tokens)


@pytest.mark.parametrize(("asked", "fact"), [("我对什么东西过敏？", "我对花生过敏"),
                                              ("我妹妹在哪里工作？", "我妹妹在厦门当护士"),
                                              ("我开的是什么车？", "我的车是一辆白色的电动车")])
def test_a_wrapped_question_ranks_its_fact_as_the_bare_question_does(zh, asked: str, fact: str) -> None:
    bare = zh.search(asked, limit=3, explain=True)
    wrapped = zh.search(CHATTER + asked, limit=3, explain=True)
    assert bare[0].statement == fact, [h.statement for h in bare]
    assert wrapped[0].statement == fact, [h.statement for h in wrapped]
    # the dense leg embeds the question sentence: the same cosine as the bare question's, not one the chatter dilutes
    assert wrapped[0].explain.answer_features[0] >= bare[0].explain.answer_features[0] - 0.1
