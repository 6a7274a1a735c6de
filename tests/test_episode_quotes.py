"""The user's own words in the context block (memcli.read.quotes): a memory is shown as the memory, a
turn's quote only for what its memories lack and only when the answerability gate admits it as it would
a memory; a fact kept only in a turn is still found. Real store, real default model."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli import Memory
from memcli.read.quotes import adds, for_block
from memcli.read.results import Hit

TURNS_EN = ["I'm a pescatarian, so I never eat beef or pork",
            "Good morning!",
            "On Saturday we hiked up Mount Tam and had sandwiches at the top with my old roommate Dev"]
TURNS_ZH = ["我姐姐在一家律所做秘书",
            "我们上个月去了厦门，在鼓浪屿住了一家叫海风的民宿，老板做的海鲜特别好吃",
            "今天地铁好挤啊",
            "我每天晚上睡前会看半小时书",
            "国庆我们去了桂林，在阳朔住了一家叫竹影的客栈，门口有一棵很大的榕树"]


def _hit(i: int, text: str, origin: str = "extracted", **kw) -> Hit:
    ids = {"episode_id": i} if origin == "episode" else {"id": i}
    return Hit(**ids, statement=text, kind="episode" if origin == "episode" else "other", effective_confidence=0.8,
               valid_from=datetime(2026, 1, 1, tzinfo=UTC), score=0.5, origin=origin, **kw)


def test_a_turn_adds_only_what_none_of_its_memories_holds():
    assert not adds("I'm a pescatarian, so I never eat beef or pork", ["I'm a pescatarian", "I never eat beef or pork"])
    assert adds("I'm a pescatarian, so I never eat beef or pork", ["I'm a pescatarian"])
    assert not adds("我对花粉过敏。", ["我对花粉过敏"])
    assert adds("我对花粉过敏，所以阳台上只种了几盆仙人掌", ["我对花粉过敏"])
    assert adds("My wife is pregnant, due in September.", ["My wife is pregnant, due"])  # one word: the month


def test_the_block_puts_back_the_memories_a_turn_stood_for():
    m1, m2 = _hit(1, "I'm a pescatarian"), _hit(2, "I never eat beef or pork")
    carried = _hit(7, "I'm a pescatarian, so I never eat beef or pork", "episode", memory_ids=[1, 2],
                   stands_for=[m1, m2], turn_memories=[1, 2])
    told_more = _hit(8, "I'm a pescatarian, and my sister Ana keeps bees", "episode", memory_ids=[1],
                     stands_for=[m1], turn_memories=[1])
    assert [(h.origin, h.key) for h in for_block([carried, _hit(3, "other")])] == [
        ("extracted", 1), ("extracted", 2), ("extracted", 3)]
    assert [(h.origin, h.key) for h in for_block([told_more])] == [("extracted", 1), ("episode", 8)]
    # a memory the gate leaves out carries nothing in the block: its turn's words stay
    gated = _hit(4, "We named the baby girl Ines", below_floor=True)
    turn = _hit(9, "They just had a baby girl, we named her Ines", "episode", memory_ids=[4], stands_for=[gated],
                turn_memories=[4])
    assert [(h.origin, h.key) for h in for_block([turn])] == [("extracted", 4), ("episode", 9)]
    # a memory of the turn that is not in the list carries nothing either: one word more (the diet) is told
    alone = _hit(10, "I'm a pescatarian, so I never eat beef or pork", "episode", turn_memories=[1, 2])
    assert [(h.origin, h.key) for h in for_block([alone, _hit(3, "other")])] == [("episode", 10), ("extracted", 3)]
    assert [(h.origin, h.key) for h in for_block([alone, m2])] == [("episode", 10), ("extracted", 2)]
    assert [(h.origin, h.key) for h in for_block([alone, m1, m2])] == [("extracted", 1), ("extracted", 2)]


def _store(db: str, turns: list[str]) -> Memory:
    m = Memory(db=db, user="quotes")
    for t in turns:
        m.capture(t)
    m.drain()
    return m


def _quotes_admitted(res) -> bool:
    """Every episode in the block has a p at or above the gate's point, as a memory must."""
    min_p = res.retrieval.get("answer_min_p")
    return all(h["p_relevant"] is not None and h["p_relevant"] >= min_p for h in res.hits if h["origin"] == "episode")


@pytest.mark.backends
def test_an_english_memory_is_shown_instead_of_the_turn_it_came_from(db: str, embedder):
    with _store(db, TURNS_EN) as m:
        assert any("pescatarian" in e["text"] for e in m.episodes())  # the turn is kept as an episode too
        res = m.context("Do I eat pork?", budget_ms=60000)
        lines = res.text.splitlines()
        fact = next(n for n, line in enumerate(lines) if "[" in line and "never eat beef or pork" in line)
        # the memory is in the block; the turn's words, if at all, only after it (what it adds: the diet's name)
        assert all(n > fact for n, line in enumerate(lines) if "you said" in line), res.text
        assert any(h["origin"] != "episode" for h in res.hits)
        assert _quotes_admitted(res)
        res = m.context("What did I eat on the hike?", budget_ms=60000)
        assert "sandwiches" in res.text and _quotes_admitted(res), res.text
        # search keeps one line per turn, naming the memories it stands for
        hits = m.search("Do I eat pork?", limit=5)
        assert any(h.origin == "episode" and h.memory_ids for h in hits) or all(h.origin != "episode" for h in hits)


@pytest.mark.backends
def test_an_unrelated_quote_stays_out_and_a_fact_only_in_a_turn_is_found(db: str, embedder):
    with _store(db, TURNS_ZH) as m:
        for q, want in (("我姐姐做什么工作？", "秘书"), ("我晚上睡前做什么？", "看半小时书")):
            res = m.context(q, budget_ms=60000)
            assert want in res.text and "说过" not in res.text, (q, res.text)
        res = m.context("我们在阳朔住的客栈叫什么？", budget_ms=60000)
        assert "竹影" in res.text, res.text  # no told fact is lost
        assert _quotes_admitted(res)
        assert any("竹影" in h.statement for h in m.search("我们在阳朔住的客栈叫什么？", limit=5))
