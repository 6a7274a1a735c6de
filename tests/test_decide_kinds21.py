"""Issue 21, decisions: one attribute told in two wordings is read as one slot, a judge sure of one fact
may hide at a majority, an unspecified key is refined by a key naming its kind, and "once a week" is a
count of times. Parses are checked on the rules, decisions on a real store with the shipped judge."""

from __future__ import annotations

import numpy as np
import pytest

from memcli.models import Decision
from memcli.write.pair_facts import facts_of
from memcli.write.pair_features import FEATURES, LABELS, pair_features
from memcli.write.quantities import quantities
from memcli.write.row_classes import decide_classes
from memcli.write.value_types import value_type


@pytest.mark.parametrize(("statement", "slot", "value"), [
    ("我家在杭州", "residence", "杭州"),
    ("我们家在成都市", "residence", "成都市"),
    ("我弟弟在字节跳动上班", "younger_brother.workplace", "字节跳动"),
    ("我是B型血", "blood_type", "b型"),
    ("我研究生毕业于复旦大学", "education", "复旦大学"),
    ("我在读硕士", "education", "硕士"),
    ("I work in Manchester", "workplace", "manchester"),
    ("I earned my degree from Cornell", "education", "degre from cornell"),
    ("I'm an electrician by trade", "job", "electrician"),
])
def test_one_attribute_in_another_wording_is_read_as_its_slot(statement: str, slot: str, value: str) -> None:
    f = facts_of(statement)
    assert (f.slot, f.value) == (slot, value)


def test_what_is_not_a_place_or_an_organisation_keeps_no_slot() -> None:
    assert facts_of("我家在三楼").slot != "residence"  # a floor is no place name
    assert facts_of("我在热衷于做饭").slot != "workplace"


def test_a_model_number_names_with_its_brand() -> None:
    assert value_type(facts_of("I drive a Mazda 6")) == "name"


def test_once_and_twice_count_times() -> None:
    assert quantities("I swim twice a week") == frozenset({("time", 2.0)})
    assert quantities("I once lived in Rome") == frozenset()


def _row(new: str, old: str, cos: float = 0.8) -> np.ndarray:
    return pair_features(facts_of(new), facts_of(old), cos)[None, :]


def test_a_judge_sure_of_one_fact_hides_at_a_majority() -> None:
    x = _row("我是B型血", "我的血型是AB型")
    floors = {"NOOP": 0.55, "UPDATE": 0.65, "CONFLICT": 0.65, "hide_overlap": 0.15, "hide_cosine": 0.35}
    sure = np.array([[0.05, 0.40, 0.0, 0.55]])
    assert LABELS[int(decide_classes(sure, x, floors)[0])] == "ADD"  # the plain floor: 0.55 < 0.65
    floors |= {"sure_one_fact": 0.15, "one_fact_hide": 0.5}
    assert LABELS[int(decide_classes(sure, x, floors)[0])] == "CONFLICT"
    unsure = np.array([[0.30, 0.15, 0.0, 0.55]])  # keeping both is still likely: ADD
    assert LABELS[int(decide_classes(unsure, x, floors)[0])] == "ADD"


@pytest.mark.parametrize(("first", "second", "decision"), [
    ("我住在武汉", "我家在长沙", Decision.CONFLICT),
    ("我住在武汉", "我家在武汉", Decision.NOOP),
    ("我的血型是O型", "我是B型血", Decision.CONFLICT),
])
def test_decisions_on_a_real_store(mem, first: str, second: str, decision: Decision) -> None:
    mem.remember(first)
    assert mem.remember(second).decision == decision


def test_an_unspecified_key_is_refined_by_its_kind(mem) -> None:
    assert _row("我对虾类的海鲜过敏", "我对某种海鲜过敏")[0, FEATURES.index("family_refines")] == 1.0
    assert _row("我对虾类的海鲜过敏", "我对河鲜过敏")[0, FEATURES.index("family_refines")] == 0.0
    mem.remember("我对某种海鲜过敏")
    assert mem.remember("我对虾类的海鲜过敏").decision != Decision.NOOP  # a refinement is never a restatement
