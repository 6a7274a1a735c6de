"""Round 34: the decision step's per-candidate text checks computed by the drain's look-ahead, and a stop that reads
no rows when no prescriber's dose is near.

The look-ahead process (memcli.write.precompute) now also computes, for every candidate it extracts, the text checks
the decision step asks of every candidate (a cure told, an ending told, the brands named, a deed told); the writer
takes them instead of computing them. ``dose_plan`` reads the rows of the target and the neighbours for a stop
("I stopped taking …") only when one of them is a prescriber's statement giving a dose — the only rows a stop can
end. Sentences are our own (none from a data set); the stores are real, with the real default model.
"""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any

import pytest

from memcli import Memory, primed
from memcli.models import Candidate, Decision, Level
from memcli.write.cure import cure_told
from memcli.write.decide_range import Plan
from memcli.write.deed_change import _deed_told
from memcli.write.dose_change import dose_plan
from memcli.write.judge import facts_of
from memcli.write.linked_change import ending_told
from memcli.write.pair_features import _pair_core, feature_list
from memcli.write.precompute import texts
from memcli.write.rules.makes import _brands_in
from tests._stores import say_all

AT = datetime(2026, 7, 1, 9, tzinfo=UTC)
#: one turn of each kind the checks read: a cure, an ending, a brand bought, a plain fact, in both languages
SAID = ["My sprained wrist has healed completely", "我和男朋友上个月分手了", "We just bought a Skoda Octavia",
        "我最近在学做川菜", "I sold my old piano last week"]
CHECKS = {"memcli.write.cure.cure_told": cure_told, "memcli.write.linked_change.ending_told": ending_told,
          "memcli.write.rules.makes._brands_in": _brands_in}


@pytest.fixture(autouse=True)
def _clean() -> None:
    primed.recording(False)
    primed.take()
    yield
    primed.recording(False)
    primed.take()


def _tasks(said: list[str]) -> tuple[list[Any], list[list[Candidate]], list[tuple[bool, bool, bool]]]:
    tasks = [SimpleNamespace(role="user", content=s, occurred_at=AT) for s in said]  # (round 37: its time dates it)
    cands = [[Candidate(statement=s, valid_from=AT)] for s in said]
    return tasks, cands, [(False, False, False)] * len(said)


def test_the_look_ahead_hands_the_writer_each_candidates_text_checks() -> None:
    for f in (*CHECKS.values(), _deed_told):
        f.cache_clear()
    primed.recording(True)
    texts(*_tasks(SAID))
    got = primed.take()
    primed.recording(False)
    for name, f in CHECKS.items():
        handed = dict(got[name])
        assert set(handed) >= {(s,) for s in SAID}, name
        f.cache_clear()
        assert all(handed[(s,)] == f(s) for s in SAID), name  # the value the function gives, not a guess
    deeds = dict(got["memcli.write.deed_change._deed_told"])
    for s in SAID:
        f = facts_of(s)
        assert deeds[(f.statement, f.slot)] == _deed_told.__wrapped__(f.statement, f.slot)
    # what the checks read, spelled out: the cure, the parting, the brand, the sale; nothing of the cooking
    assert cure_told(SAID[0]) is not None and ending_told(SAID[1]) is not None
    assert dict(_brands_in(SAID[2])) and ending_told(SAID[4]) is not None
    assert cure_told(SAID[3]) is None and ending_told(SAID[3]) is None and not _brands_in(SAID[3])


def test_a_primed_check_is_used_by_the_writer_instead_of_computed() -> None:
    name = "memcli.write.cure.cure_told"
    s = "My tennis elbow finally got better after the physio"
    cure_told.cache_clear()
    want = cure_told.__wrapped__(s)
    cure_told.cache_clear()
    primed.prime({name: [((s,), want)]})
    before = primed.counts()[name]
    assert cure_told(s) == want
    after = primed.counts()[name]
    assert (after["used"] - before["used"], after["computed"] - before["computed"]) == (1, 0)


#: what the pair features and the hard guard read of one statement alone
READINGS = ("memcli.write.pair_facts.entity_units", "memcli.write.judge.fact_clauses",
            "memcli.write.change_rules.talk_only", "memcli.write.pair_features._bigrams",
            "memcli.write.pair_features._own", "memcli.write.pair_features._ranks",
            "memcli.write.pair_names.names_of", "memcli.write.pair_names.relations_of")
#: (stored, incoming): a rank, an amount of practice, a brand, a thing named, in both languages
PAIRS = [("My daughter is in third grade", "My daughter just started fourth grade"),
         ("我每周去健身房两次", "我现在每周去健身房四次"),
         ("My car is a grey Honda Civic", "My car is a blue Kia Rio now"),
         ("我的猫叫年糕，三岁了", "我的猫叫汤圆")]


def _rows() -> list[list[float]]:
    return [feature_list(facts_of(new), facts_of(old), 0.81) for old, new in PAIRS]


def test_a_pairs_features_from_readings_handed_over_equal_those_computed_here() -> None:
    from memcli.write import change_rules, judge, pair_facts, pair_features, pair_names

    fns = (pair_facts.entity_units, judge.fact_clauses, change_rules.talk_only, pair_features._bigrams,
           pair_features._own, pair_features._ranks, pair_names.names_of, pair_names.relations_of)

    def clear() -> None:
        for f in fns:
            f.cache_clear()
        _pair_core.cache_clear()

    clear()
    here = _rows()
    said = [s for pair in PAIRS for s in pair]
    clear()
    primed.recording(True)
    texts(*_tasks(said))
    handed = {k: v for k, v in primed.take().items() if k in READINGS}
    primed.recording(False)
    assert set(handed) == set(READINGS)
    assert all(set(dict(handed[name])) >= {(s,) for s in said} for name in READINGS)
    clear()
    primed.prime(handed)
    before = {name: primed.counts()[name] for name in READINGS}
    assert _rows() == here  # float for float
    used = {name: primed.counts()[name]["used"] - before[name]["used"] for name in READINGS}
    # every statement's entity units, bigrams, ranks and own readings came from the other process, none computed
    assert all(used[f"memcli.write.{name}"] == len(said) for name in (
        "pair_facts.entity_units", "pair_features._bigrams", "pair_features._own", "pair_features._ranks",
        "pair_names.names_of", "pair_names.relations_of")), used
    assert used["memcli.write.judge.fact_clauses"] > 0, used  # (asked of the pairs with no shared slot)


class _Counted:
    """The real store, each read counted by name."""

    def __init__(self, store: Any) -> None:
        self._store, self.reads = store, {}

    def __getattr__(self, name: str) -> Any:
        got = getattr(self._store, name)
        if not callable(got):
            return got

        def read(*args: Any, **kw: Any) -> Any:
            self.reads[name] = self.reads.get(name, 0) + 1
            return got(*args, **kw)

        return read


def _rows_read(store: _Counted) -> int:
    return sum(n for k, n in store.reads.items() if k != "neighbors")


def test_a_stop_reads_rows_only_beside_a_prescribers_dose(tmp_path, embedder) -> None:  # noqa: ANN001
    add = Plan(Decision.ADD, Level.JUDGE, None, None, "no stored memory is surely the same fact")
    own = Memory(db=str(tmp_path / "own.db"), user="tomas")
    try:  # the user's own dose and another habit: nothing a stop of a doctor's dose can end
        say_all(own, ["I take 25mg of lisinopril with breakfast", "I swim at the lido on Saturdays"])
        stop = Candidate(statement="I stopped taking the lisinopril", valid_from=AT)
        store = _Counted(own.store)
        assert dose_plan(store, own.settings, "tomas", stop, embedder.embed_one(stop.statement), add, ()) is None
        assert _rows_read(store) == 0, store.reads
    finally:
        own.close()
    set_by = Memory(db=str(tmp_path / "doctor.db"), user="tomas")
    try:  # a dose the doctor set: the stop ends it (its rows read)
        say_all(set_by, ["My doctor put me up to 50mg of lisinopril", "I swim at the lido on Saturdays"])
        stop = Candidate(statement="I stopped taking the lisinopril", valid_from=AT)
        store = _Counted(set_by.store)
        got = dose_plan(store, set_by.settings, "tomas", stop, embedder.embed_one(stop.statement), add, ())
        assert got is not None and got.decision == Decision.CONFLICT and got.judge == "dose"
        assert got.target["statement"] == "My doctor put me up to 50mg of lisinopril"
        assert _rows_read(store) > 0
        # a relative's stop never ends the user's dose: nothing read
        theirs = Candidate(statement="My brother stopped taking his lisinopril", valid_from=AT)
        store = _Counted(set_by.store)
        assert dose_plan(store, set_by.settings, "tomas", theirs, embedder.embed_one(theirs.statement), add, ()) \
            is None
        assert _rows_read(store) == 0, store.reads
    finally:
        set_by.close()
