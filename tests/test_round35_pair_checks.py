"""Round 35: different_things (memcli/write/value_types.py) returns at once when neither statement names a thing's
attribute, reading each statement's shape once (_thing_slot) instead of per pair. Its answers must be the ones of
the check as it was (generic_slot read in full for both statements), for every ordered pair of statements of our
own: named things' attributes, a named thing without its attribute, plain facts."""

from __future__ import annotations

import itertools
import re

import pytest

from memcli.text import to_simplified
from memcli.write.clauses import generic_slot
from memcli.write.judge import facts_of
from memcli.write.value_types import _named_attr, different_things, types_apart

STATEMENTS = [
    "星光合唱团的排练时间是周四晚上", "晨曦读书会的排练时间是周六上午", "星光合唱团的指挥是李老师",
    "我下个月要参加星光合唱团", "青禾设计大赛的截止日期是十月底", "青禾设计大赛的报名费是两百元",
    "蓝湾音乐节的截止日期是九月初", "杭州青年创业论坛的时长是两天", "杭州青年摄影展的时长是一周",
    "我每天早上跑步", "我平时爱泡一壶普洱", "The deadline of the Harbour Film Prize is in May", "I walk my dog at six",
]


def _reference(new: str, old: str) -> str | None:
    """different_things as round 34 wrote it: generic_slot of both statements, the thing test per pair."""
    from memcli.write.rules.match import mixed_content_units
    from memcli.write.value_types import _ZH_PLACES

    a, b = generic_slot(new), generic_slot(old)
    one = _named_attr(new) if a and a[0].startswith("thing:") else None
    other = _named_attr(old) if b and b[0].startswith("thing:") else None
    if (one is None) != (other is None):
        named, said = (one, old) if one else (other, new)
        if named not in to_simplified(said):
            return f"the {named} of a named thing is not what the other statement says"
    if a is None or b is None or not (a[0].startswith("thing:") and b[0].startswith("thing:")):
        return None
    (sa, _, aa), (sb, _, ab) = a[0].rpartition("."), b[0].rpartition(".")
    na, nb = sa[len("thing:"):], sb[len("thing:"):]
    if na == nb and aa != ab and one and other:
        return f"two attributes of {na} ({ab} / {aa})"
    if (aa != ab and not (one and other)) or na in nb or nb in na:
        return None
    ua, ub = (mixed_content_units(re.sub("|".join(_ZH_PLACES), "", n)) for n in (na, nb))
    if len(ua) < 2 or len(ub) < 2 or len(ua & ub) * 2 >= min(len(ua), len(ub)):
        return None
    if aa != ab:
        return f"two different things and attributes ({nb}.{ab} / {na}.{aa})"
    return f"the {aa} of two different things ({nb} / {na})"


def test_every_pair_gets_the_answer_of_the_full_check() -> None:
    told = 0
    for new, old in itertools.permutations(STATEMENTS, 2):
        got = different_things(new, old)
        assert got == _reference(new, old), (new, old)
        told += got is not None
    assert 40 <= told < 13 * 12  # named things' pairs are told apart, plain facts are not


@pytest.mark.parametrize(("new", "old", "why"), [
    ("晨曦读书会的排练时间是周六上午", "星光合唱团的排练时间是周四晚上", "the 排练时间 of two different things"),
    ("星光合唱团的指挥是李老师", "星光合唱团的排练时间是周四晚上", "two attributes of 星光合唱团"),
    ("我下个月要参加星光合唱团", "星光合唱团的指挥是李老师", "the 指挥 of a named thing is not what"),
    ("我每天早上跑步", "我平时爱泡一壶普洱", None),
])
def test_named_things_apart_and_plain_facts_not(new: str, old: str, why: str | None) -> None:
    got = different_things(new, old)
    assert (got is None) if why is None else got.startswith(why)
    # the guard's reading of the pair says the same (types_apart asks different_things)
    apart = types_apart(facts_of(new), facts_of(old))
    assert (apart is None) if why is None else apart == got
