"""Round 33: the decision's per-pair work made cheaper, its answers unchanged.

The fitted judge's pair features and the guards now test "each side names something the other lacks" by set
inclusion and count ``|a - b|`` as ``|a| - |a ∩ b|`` instead of building the differences; a ``Facts`` keeps its hash;
the quantities are compared without a set per pair; ``deed_plan`` reads no row for a turn that tells no deed. Here the
features are checked against the sets written out, the readers on new sentences of our own (none from a data set),
and ``deed_plan`` on a real store with the real default model.
"""

from __future__ import annotations

import math
import pickle
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

from memcli import Memory
from memcli.models import Candidate, Decision, Level
from memcli.write.change_rules import numbers_clash
from memcli.write.decide_range import Plan
from memcli.write.deed_change import deed_plan
from memcli.write.judge import content_units, entity_units, facts_of, guard
from memcli.write.pair_features import FEATURES, _ranks, feature_list, rank_changed
from memcli.write.pair_names import names_changed, names_of, relations_changed
from memcli.write.quantities import quantity_changed, quantity_kept
from memcli.write.value_types import name_tokens
from tests._stores import say_all

# (new, old): a number, a rank, a name, a relation, a seat, a restatement with a word more, in both languages
PAIRS = [
    ("I cycle 12 km to the office", "I cycle 8 km to the office"),
    ("I cycle twelve km to work", "I cycle 12 km to work"),
    ("我每天游泳一千米", "我每天游泳两千米"),
    ("My nephew is in fifth grade", "My nephew is in sixth grade"),
    ("我侄子上初中了", "我侄子在上小学"),
    ("I take vitamin B12 every morning", "I take vitamin K every morning"),
    ("我开的是一辆比亚迪", "我开的是一辆吉利"),
    ("I like the aisle seat on trains", "I like the window seat on trains"),
    ("我喜欢靠窗的座位", "我喜欢靠过道的座位"),
    ("Nadia is my cousin", "Nadia is my niece"),
    ("I love jazz", "I love jazz a lot"),
    ("我姐姐住在苏州", "我姐姐住在苏州工业园区"),
]
_AT = {name: i for i, name in enumerate(FEATURES)}


def _lacks(a: frozenset, b: frozenset) -> bool:
    """Each side has something the other lacks, written out with the sets."""
    return bool(a - b) and bool(b - a)


@pytest.mark.parametrize(("new", "old"), PAIRS)
def test_counted_features_equal_the_sets_written_out(new: str, old: str):
    fn, fo = facts_of(new), facts_of(old)
    row = feature_list(fn, fo, 0.8)
    a, b = content_units(new), content_units(old)
    ea, eb = entity_units(new), entity_units(old)
    assert row[_AT["new_only"]] == math.log1p(len(a - b))
    assert row[_AT["old_only"]] == math.log1p(len(b - a))
    assert row[_AT["entity_new_only"]] == float(bool(ea - eb))
    assert row[_AT["entity_old_only"]] == float(bool(eb - ea))
    assert row[_AT["entity_changed"]] == float(_lacks(ea, eb))
    assert row[_AT["entity_shared"]] == float(bool(ea & eb))
    assert row[_AT["name_tokens_changed"]] == float(_lacks(name_tokens(new), name_tokens(old)))
    assert row[_AT["names_changed"]] == float(_lacks(names_of(new), names_of(old)))
    assert row[_AT["rank_changed"]] == float(_lacks(_ranks(new), _ranks(old)))
    inter = len(a & b)
    swap = bool(a - b) and bool(b - a) and inter / min(len(a), len(b)) >= 0.5 and max(len(a - b), len(b - a)) <= 2
    assert row[_AT["swap"]] == float(swap)


def test_the_readers_on_new_sentences():
    # a measured amount: another value on one side, the same one spelled two ways
    assert quantity_changed("I cycle 12 km to the office", "I cycle 8 km to the office")
    assert not quantity_kept("I cycle 12 km to the office", "I cycle 8 km to the office")
    assert quantity_kept("I cycle twelve km to work", "I cycle 12 km to work")
    assert not quantity_changed("I cycle twelve km to work", "I cycle 12 km to work")
    assert quantity_changed("我每天游泳一千米", "我每天游泳两千米")
    assert not quantity_changed("I love jazz", "I cycle 8 km to the office")  # one side measures nothing
    assert not quantity_kept("I love jazz", "I cycle 8 km to the office")
    # a rank each, a name each, a relation each
    assert rank_changed("My nephew is in fifth grade", "My nephew is in sixth grade")
    assert rank_changed("我侄子上初中了", "我侄子在上小学")
    assert not rank_changed("My nephew is in fifth grade", "My nephew loves fifth grade maths")
    assert names_changed("I take vitamin B12 every morning", "I take vitamin K every morning")
    assert not names_changed("I love jazz", "I love jazz a lot")
    assert relations_changed("Nadia is my cousin", "Nadia is my niece")
    assert not relations_changed("Nadia is my cousin", "Nadia is my cousin from Lyon")
    assert not relations_changed("I love jazz", "Nadia is my niece")  # one side names no relation
    # the same numbers never clash; another one, or the same ones in another order, as before
    assert not numbers_clash((3,), (3,))
    assert not numbers_clash((3, 5), (5, 3))
    assert numbers_clash((3,), (4,))
    assert not numbers_clash((3,), (3, 4))  # a number added refines


def test_the_guard_reads_content_each_side_lacks():
    assert guard(facts_of("My nephew is in fifth grade"), facts_of("My nephew is in sixth grade")) == \
        "different content"
    assert guard(facts_of("我开的是一辆比亚迪"), facts_of("我开的是一辆吉利")) == "different content"
    assert guard(facts_of("I cycle 12 km to the office"), facts_of("I cycle 8 km to the office")) == \
        "number/date changed"
    assert guard(facts_of("I cycle twelve km to work"), facts_of("I cycle 12 km to work")) is None


def test_a_facts_hash_is_its_fields_hash_and_stays_in_this_process():
    f = facts_of("我姐姐住在苏州")
    fields = (f.statement, f.slot, f.value, f.positive, f.numbers, f.kind, f.subject)
    assert hash(f) == hash(fields) == hash(f)  # (the second call answers from the object)
    g = pickle.loads(pickle.dumps(f))
    assert "_hash" not in g.__dict__  # a str's hash differs from process to process: never pickled
    assert g == f and hash(g) == hash(f)
    h = replace(f, slot="sister.workplace")
    assert h != f and hash(h) == hash((h.statement, "sister.workplace", h.value, h.positive, h.numbers, h.kind,
                                        h.subject))
    assert {f: 1}[g] == 1


class _Counted:
    """The real store, each read counted (what ``deed_plan`` asks of it)."""

    def __init__(self, store: Any) -> None:
        self._store, self.reads = store, 0

    def __getattr__(self, name: str) -> Any:
        got = getattr(self._store, name)
        if not callable(got):
            return got

        def read(*args: Any, **kw: Any) -> Any:
            self.reads += 1
            return got(*args, **kw)

        return read


def test_deed_plan_reads_nothing_for_a_turn_telling_no_deed(tmp_path, embedder):
    m = Memory(db=str(tmp_path / "deed.db"), user="ines")
    try:
        say_all(m, ["I'm trading in my old Renault Clio next month", "I play the cello in a string quartet"])
        at = datetime(2026, 7, 1, 9, tzinfo=UTC)
        plan = Plan(Decision.ADD, Level.JUDGE, None, None, "no stored memory is surely the same fact")
        quiet = Candidate(statement="I practise the cello every evening", valid_from=at)
        store = _Counted(m.store)
        assert deed_plan(store, m.settings, "ines", quiet, embedder.embed_one(quiet.statement), plan, ()) is None
        assert store.reads == 0
        bought = Candidate(statement="We bought a used Mazda 2", valid_from=at)
        got = deed_plan(store, m.settings, "ines", bought, embedder.embed_one(bought.statement), plan, ())
        assert got is not None and got.decision == Decision.CONFLICT and got.judge == "deed"
        assert got.target["statement"] == "I'm trading in my old Renault Clio next month"
        assert store.reads > 0
    finally:
        m.close()
