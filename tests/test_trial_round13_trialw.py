"""Round 13's fresh-user write-path findings, each as its kind (real store, real default model):

1. a Chinese conjunction splits a clause only where it is a word of its own: 不过 in 不过敏 (不 + 过敏) is
   no "but", so 我爸爸对花生不过敏 stays whole (its "no" kept), and a clause's leading conjunction
   (但, 不过, 而且…) is no part of its statement (但我老婆… → 我老婆…, a relative's fact);
2. a past value told beside the current one in the same turn (以前…现在…, "used to … now …") is no
   active memory: it is stored already ended (invalid_at = the time it was said); a past fact alone
   in a turn is kept as before.
"""

from __future__ import annotations

import pytest

from memcli import Memory
from memcli.write.rules import extract_matches
from memcli.write.rules.zh_conj import lead_conjunction, split_at_conjunctions


def _drain(m: Memory, *texts: str) -> None:
    for n, t in enumerate(texts):
        m.capture(t, at=f"2026-06-0{n + 1}T09:00:00Z")
    m.drain()


def _active(m: Memory) -> list[str]:
    return sorted(i.statement for i in m.list())


# -- 1. a conjunction is a word, not characters ------------------------------------------------------
@pytest.mark.parametrize(("clause", "pieces"), [
    ("我对芒果不过敏", ["我对芒果不过敏"]),                      # 不 + 过敏
    ("我喜欢游泳不过我妹妹不喜欢", ["我喜欢游泳", "我妹妹不喜欢"]),  # 不过 as a word
    ("我在不同时期学过钢琴", ["我在不同时期学过钢琴"]),            # 不同 + 时期, no 同时
    ("我妈妈会做饭而且她做得很好", ["我妈妈会做饭", "她做得很好"]),
])
def test_a_clause_splits_only_at_a_conjunction_word(clause, pieces):
    assert split_at_conjunctions(clause) == pieces


def test_a_leading_conjunction_is_a_word_of_its_own():
    assert lead_conjunction("但我姐姐喜欢爬山") == 1
    assert lead_conjunction("不过我舅舅住在昆明") == 2
    assert lead_conjunction("不过敏的人很多") == 0
    assert lead_conjunction("但愿如此") == 0


def test_a_negated_allergy_keeps_its_no_and_the_slot_of_the_allergy():
    got = {(m.statement, m.slot) for m in extract_matches("我女儿对鸡蛋不过敏，不过她对牛奶过敏")}
    assert got == {("我女儿对鸡蛋不过敏", "daughter.allergy.鸡蛋"), ("我女儿对牛奶过敏", "daughter.allergy.牛奶")}


@pytest.mark.parametrize(("said", "expected"), [
    ("我爸爸对花生不过敏，但他对海鲜过敏", ["我爸爸对花生不过敏", "我爸爸对海鲜过敏"]),
    ("我妈妈对青霉素不过敏，不过她对头孢过敏", ["我妈妈对头孢过敏", "我妈妈对青霉素不过敏"]),
    ("我不吃辣，但我老婆很喜欢吃辣", ["我不吃辣", "我老婆很喜欢吃辣"]),
    ("我不喝咖啡，不过我老公每天都喝", ["我不喝咖啡", "我老公每天都喝"]),
])
def test_no_fragment_and_no_leading_conjunction_is_stored(db: str, embedder, said, expected):
    with Memory(db=db, user="alice") as m:
        _drain(m, said)
        assert _active(m) == sorted(expected)
        for item in m.list():
            assert not item.statement.startswith(("但", "不过", "可是", "而且"))
            if item.statement.startswith(("我老婆", "我老公")):
                assert item.kind == "relationship", item


# -- 2. a past value beside the current one ----------------------------------------------------------
@pytest.mark.parametrize(("said", "current", "past"), [
    ("我哥哥以前住在广州，现在搬到深圳了", "我哥哥现在搬到深圳了", "我哥哥以前住在广州"),
    ("我姐姐之前住在南京，现在住在苏州", "我姐姐现在住在苏州", "我姐姐之前住在南京"),
    ("My brother used to live in Boston but now lives in Denver",
     "My brother used to live in Boston but now lives in Denver", "My brother used to live in Boston"),
    ("My aunt used to live in Ohio, and now she lives in Texas", "My aunt lives in Texas",
     "My aunt used to live in Ohio"),
])
def test_a_past_value_told_with_the_current_one_is_stored_ended(db: str, embedder, said, current, past):
    with Memory(db=db, user="alice") as m:
        _drain(m, said)
        active = _active(m)
        assert current in active and past not in active, active
        ended = [i for i in m.list(include_all=True) if i.statement == past]
        assert len(ended) == 1 and ended[0].status == "invalid"
        assert ended[0].invalid_at == ended[0].valid_from  # ended when told: history, never current


@pytest.mark.parametrize("said", ["我以前住在广州", "I used to live in Boston"])
def test_a_past_fact_alone_is_kept_as_before(db: str, embedder, said):
    with Memory(db=db, user="alice") as m:
        _drain(m, said)
        assert _active(m) == [said]
