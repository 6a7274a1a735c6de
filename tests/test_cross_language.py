"""A fact restated in the other language never hides the first one (issue 21, memcli/write/cross_lang.py):
on a real store with the real default model, through ``remember``, ``import`` and the drain.
The sentences are written for this test (not drawn from any data set)."""

from __future__ import annotations

from pathlib import Path

import pytest
from _xlang import check_drained, check_explicit, real_memory

from memcli.models import Origin

#: (stored, incoming, decision expected)
CASES = [
    ("My father lives in Shenzhen", "我爸爸住在深圳", "NOOP"),
    ("我住在北京", "I live in Beijing", "NOOP"),
    ("I have a dog named Rex", "我有一只狗叫Rex", "NOOP"),
    ("我的工作是老师", "I work as a teacher", "NOOP"),
    ("My uncle is called Peter", "我叔叔叫Peter", "NOOP"),
    ("我住在北京", "I live in Chaoyang, Beijing", "UPDATE"),
    ("My father lives in Shenzhen", "我爸爸住在北京", "CONFLICT"),
    ("我住在北京", "I moved to Chengdu", "CONFLICT"),
    ("I have a dog named Rex", "我有一只狗叫Bobby", "ADD"),
    ("I have a dog named Rex", "我有一只猫叫Rex", "ADD"),
    # a favourite is one value per category: another one in the other language replaces it, the same one
    # restates it, and the key (colour / 颜色) is never taken for the value (a trial's NOOP that hid the change)
    ("My favorite color is purple", "我最喜欢的颜色是橙色", "CONFLICT"),
    ("我最喜欢的颜色是紫色", "My favorite color is purple", "NOOP"),
    ("我最喜欢的颜色是紫色", "My favorite snack is popcorn", "ADD"),
    # a new name told in the other language replaces the old one; a person's two names are both kept
    ("My landlord is Mark Evans", "我的新房东叫赵磊", "CONFLICT"),
    ("我叫孙丽", "My name is Lily", "ADD"),
]


def test_remember_on_a_real_store_keeps_the_first_fact(tmp_path: Path, embedder) -> None:
    with real_memory(tmp_path, embedder) as mem:
        first = mem.remember("My father lives in Shenzhen")
        res = mem.remember("我爸爸住在深圳")
        assert str(res.decision) == "NOOP" and res.item_id == first.item_id, res
        assert res.judge == "cross-lang" and "Shenzhen" in res.reason and "深圳" in res.reason
        active = mem.list()
        assert [m.statement for m in active] == ["My father lives in Shenzhen"]
        assert active[0].confirmations == 2
        # a genuine change in the other language still contradicts it
        res = mem.remember("我爸爸住在北京")
        assert str(res.decision) == "CONFLICT", res
        assert [m.statement for m in mem.list()] == ["我爸爸住在北京"]


@pytest.mark.parametrize("origin", [Origin.EXPLICIT, Origin.IMPORT])
def test_remember_and_import_decide_each_case(tmp_path: Path, embedder, origin: Origin) -> None:
    check_explicit(tmp_path, CASES, "x", origin, embedder)


def test_drain_decides_as_remember(tmp_path: Path, embedder) -> None:
    check_drained(tmp_path, CASES, "x", embedder)


def test_only_a_multilingual_model_compares_values_across_languages() -> None:
    from memcli.write.cross_lang import _multilingual, restatement
    from memcli.write.judge import facts_of

    en, zh = facts_of("My father lives in Shenzhen", None), facts_of("我爸爸住在深圳", None)
    assert restatement(zh, en, "use-multilingual-v3")
    assert not _multilingual("all-MiniLM-L6-v2") and _multilingual("use-multilingual-v3")
    assert restatement(facts_of("我爸爸住在北京", None), en, "use-multilingual-v3") is None
    assert restatement(facts_of("My father lives in Beijing", None), en, "use-multilingual-v3") is None  # one language
