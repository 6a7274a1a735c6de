"""Round 33: a statement of the user's that names a relation (我和老婆两个人住, "I share a flat with my partner")
tells who that relation is only beside who they are: round 32 kept it beside the relation's taste, habit or health,
and it now stays beside any other fact of the relation's too (what they can or cannot do, what they did). The
fitted judge had ended the user's living with the spouse by the spouse's "cannot do heavy work" (a fact of kind
other). Who the relation is (a name, a new doctor) still replaces who they were. Own sentences, real stores, the
real default model."""

from __future__ import annotations

from datetime import datetime

import pytest
from _stores import say_apart

START = datetime.fromisoformat("2026-05-04T09:00:00+00:00")


PAIRS = [
    ["我和老婆两个人过日子", "老婆不会开车"],
    ["我跟老伴儿俩人过日子", "老伴儿不能提重东西"],
    ["我和爱人两个人过日子", "我爱人不能久站"],
    ["I share a flat with my partner Noor", "My partner can't lift anything heavy since the surgery"],
]


@pytest.mark.parametrize("turns", PAIRS, ids=["zh-老婆", "zh-老伴儿", "zh-爱人", "en-partner"])
def test_the_relations_other_facts_end_nothing_the_user_told(mem, turns) -> None:
    say_apart(mem, turns, START)
    items = mem.list(include_all=True)
    assert turns[0] in [it.statement for it in items] and all(it.status == "active" for it in items), [
        (it.status, it.statement, it.invalid_reason) for it in items]  # the relation's fact may be stored cut


def test_who_the_relation_is_still_replaces_who_they_were(mem) -> None:
    say_apart(mem, ["My dentist is Dr. Okafor", "I have a new dentist now, Dr. Lind"], START)
    active = [it.statement for it in mem.list() if it.status == "active"]
    assert "My dentist is Dr. Okafor" not in active, active
