"""A pet's name or age, a child's school and a breakfast habit told in the other language (memcli/write/
cross_lang.py): a new value ends the old one as it does in one language, the same value restates it, and a
catch-all slot whose key is only a verb is no restatement. On a real store with the real default model,
through ``remember``, ``import`` and the drain; sentences written for this test (no data set's)."""

from __future__ import annotations

from pathlib import Path

import pytest
from _xlang import check_drained, check_explicit, real_memory

from memcli.models import Origin

#: (stored, incoming, decision expected)
CASES = [
    ("My goldfish is called Bubbles", "我的金鱼叫圆圆", "CONFLICT"),
    ("我的兔子叫雪球", "My rabbit's name is Clover", "CONFLICT"),
    ("我的乌龟叫Speedy", "My turtle's name is Speedy", "NOOP"),
    ("My turtle is ten years old", "我的乌龟十二岁了", "CONFLICT"),
    ("My hamster is two years old", "我的兔子三岁了", "ADD"),  # two animals: "two" is an age, not "two hamsters"
    ("My rabbit is two years old", "我的兔子三岁了", "CONFLICT"),
    ("我的猫四岁了", "My cat is four years old", "NOOP"),
    ("我女儿在小太阳幼儿园", "My daughter goes to Greenwood kindergarten now", "CONFLICT"),
    ("我的狗叫旺旺", "My other dog is called Buster", "ADD"),  # another one of a kind: both kept
    # one verb of a catch-all slot (drink / 喝) with other things drunk: never a restatement that hides it
    ("I drink apple juice every morning", "我每天早上喝豆浆", "ADD"),
]


@pytest.mark.parametrize("origin", [Origin.EXPLICIT, Origin.IMPORT])
def test_remember_and_import_decide_each_case(tmp_path: Path, embedder, origin: Origin) -> None:
    check_explicit(tmp_path, CASES, "t", origin, embedder)


def test_drain_decides_as_remember(tmp_path: Path, embedder) -> None:
    check_drained(tmp_path, CASES, "t", embedder)


def test_the_old_name_is_no_longer_active(tmp_path: Path, embedder) -> None:
    with real_memory(tmp_path, embedder) as mem:
        first = mem.remember("我的兔子叫雪球", at="2026-01-05T10:00:00+00:00")
        res = mem.remember("My rabbit's name is Clover", at="2026-02-05T10:00:00+00:00")
        assert str(res.decision) == "CONFLICT" and res.other_item_id == first.item_id, res
        assert res.judge == "cross-lang" and "Clover" in res.reason and "雪球" in res.reason
        assert [m.statement for m in mem.list()] == ["My rabbit's name is Clover"]
        old = mem.show(first.item_id)
        assert old.invalid_at is not None and old.invalid_at.isoformat().startswith("2026-02-05")


def test_numbers_and_thing_rules_in_isolation() -> None:
    from memcli.write.cross_lang import changed, restatement
    from memcli.write.judge import facts_of

    m = "use-multilingual-v3"
    en = facts_of("My turtle is ten years old", "thing:turtle.age")
    assert changed(facts_of("我的乌龟十二岁了", "thing:乌龟.age"), en, m) is not None
    assert changed(facts_of("我的乌龟十岁了", "thing:乌龟.age"), en, m) is None  # the same number
    # a thing's other one-valued slot may belong to another of several: not shown to be a change
    car_en, car_zh = facts_of("My car is blue", "thing:car.color"), facts_of("我的车是红色的", "thing:车.color")
    assert changed(car_zh, car_en, m) is None
    drink_en, drink_zh = facts_of("I drink apple juice every morning", None), facts_of("我每天早上喝豆浆", None)
    assert restatement(drink_zh, drink_en, m) is None
