"""Round 32: a statement of the user's that names a relation ("I live with my husband Dev") tells who that
relation is only beside who they are — never beside the relation's taste, habit or health. The fitted judge had
read a negated taste of the spouse (我爱人不喜欢热闹) as contradicting the user's living with the named spouse and
ended the fact that holds the spouse's name (CONFLICT, p 0.98): a true fact hidden. Own sentences, real stores,
the real default model."""

from __future__ import annotations

import pytest
from _stores import say_daily

START = "2026-04-06T09:00:00+00:00"

PAIRS = [
    ["我和爱人周慧在一起生活", "我爱人不喜欢热闹"],
    ["我跟老伴儿孙玉梅两个人住", "老伴儿不太爱逛街"],
    ["I live with my husband Dev in a flat by the river", "My husband doesn't like crowds"],
    ["我跟老伴儿孙玉梅住在一起", "老伴儿每天早上不去公园"],
]


@pytest.mark.parametrize("turns", PAIRS, ids=["zh-爱人", "zh-老伴儿", "en-husband", "zh-habit"])
def test_the_relations_taste_ends_nothing_the_user_told(mem, turns) -> None:
    say_daily(mem, turns, START)
    items = mem.list(include_all=True)
    assert sorted(it.statement for it in items if it.status == "active") == sorted(turns), [
        (it.status, it.statement, it.invalid_reason) for it in items]


def test_who_the_relation_is_still_replaces_who_they_were(mem) -> None:
    """The exception stays for identity: a new doctor named ends the old one's name."""
    say_daily(mem, ["My doctor is Dr. Hollis", "I have a new doctor now, Dr. Varga"], START)
    active = [it.statement for it in mem.list() if it.status == "active"]
    assert "My doctor is Dr. Hollis" not in active, active
