"""A thing told with having one ("I have a dog named Momo", 我又养了一只狗叫旺财) may be a second one:
another name there never ends the stored one; a definite "my dog is called …" or a told rename may."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(("first", "second"), [
    ("I have a dog named Rex", "I have a dog named Momo"),
    ("I have a cat called Pumpkin", "We also adopted a cat called Olive"),
    ("我有一只狗叫豆豆", "我又养了一只狗叫旺财"),
])
def test_another_named_thing_is_added_beside_the_first(tmp_path, first, second):
    from memcli import Memory

    with Memory(db=str(tmp_path / "m.db"), user="kai") as m:
        a = m.remember(first, at="2026-01-10")
        b = m.remember(second, at="2026-01-12")
        active = {i.id for i in m.list()}
    assert b.decision == "ADD", b
    assert {a.item_id, b.item_id} <= active


def test_a_definite_name_still_changes_it(tmp_path):
    from memcli import Memory

    with Memory(db=str(tmp_path / "m.db"), user="kai") as m:
        a = m.remember("I have a dog named Rex", at="2026-01-10")
        b = m.remember("My dog is called Max", at="2026-01-12")
        active = {i.id for i in m.list()}
    assert b.decision == "CONFLICT" and b.other_item_id == a.item_id
    assert active == {b.item_id}
