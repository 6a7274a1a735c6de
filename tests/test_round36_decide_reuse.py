"""Round 36: less of the drain writer's decision work, every decision the same.

- The look-ahead process (memcli.write.precompute) also computes, for each candidate it extracts, three readings
  the judge's pairs ask of each new statement: the type of its value (``value_types._type_of``), the named thing's
  slot it states (``value_types._thing_slot``) and the foods and drinks it names (``value_types.food_drink_items``).
  The writer takes them instead of computing them.
- A drained batch's first candidate of a user (memcli.write.decide_range.prefetch) keeps the pool and the list
  ``_shown`` gave it; the decision takes them back instead of reading them again when it has nothing to exclude.

Sentences are our own (none from a data set); the store is real, with the real default model.
"""

from __future__ import annotations

from datetime import UTC, datetime
from types import SimpleNamespace

import pytest

from memcli import Memory, primed
from memcli.models import Candidate, Decision
from memcli.write import decide_range
from memcli.write.backends import get_judge
from memcli.write.decide import decide
from memcli.write.extract import enrich
from memcli.write.judge import facts_of
from memcli.write.precompute import texts
from memcli.write.value_types import _thing_slot, _type_of, food_drink_items, value_type
from tests._stores import say_all

AT = datetime(2026, 8, 3, 10, tzinfo=UTC)
#: a relative's home, a named thing's attribute (two), a relative's dislike, a place of one's own, a drink measured
SAID = ["My stepbrother lives in Valencia", "围棋社的活动时间是每周四晚上", "摄影课的老师是钱立",
        "我舅舅不吃羊肉", "我住在宁波的江北区", "I drink two mugs of cocoa before bed"]
READINGS = {"memcli.write.value_types._type_of": _type_of, "memcli.write.value_types._thing_slot": _thing_slot,
            "memcli.write.value_types.food_drink_items": food_drink_items}


@pytest.fixture(autouse=True)
def _clean() -> None:
    primed.recording(False)
    primed.take()
    yield
    primed.recording(False)
    primed.take()


def test_the_look_ahead_hands_the_writer_the_pair_readings_of_each_candidate() -> None:
    for f in READINGS.values():
        f.cache_clear()
    value_type.cache_clear()
    tasks = [SimpleNamespace(role="user", content=s) for s in SAID]
    primed.recording(True)
    texts(tasks, [[Candidate(statement=s, valid_from=AT)] for s in SAID], [(False, False, False)] * len(SAID))
    got = primed.take()
    primed.recording(False)
    for name, f in READINGS.items():
        if name.endswith("_type_of"):
            continue
        handed = dict(got[name])
        assert set(handed) >= {(s,) for s in SAID}, name
        assert all(handed[(s,)] == f.__wrapped__(s) for s in SAID), name  # the value the function gives
    things = dict(got["memcli.write.value_types._thing_slot"])
    foods = dict(got["memcli.write.value_types.food_drink_items"])
    types = dict(got["memcli.write.value_types._type_of"])
    for s in SAID:
        f = facts_of(enrich(Candidate(statement=s, valid_from=AT)).statement)
        if f.value:
            key = next(k for k in types if k[1] == f.statement)
            assert types[key] == _type_of.__wrapped__(*key)
    # what they read, spelled out: a place; two named things' attributes; a drink
    assert "place" in types.values()
    assert things[(SAID[1],)][0] == "thing:围棋社.活动时间" and things[(SAID[2],)][0] == "thing:摄影课.老师"
    assert things[(SAID[0],)] is None and things[(SAID[4],)] is None
    assert foods[(SAID[5],)] and not foods[(SAID[0],)]


def test_a_primed_reading_is_used_by_the_writer_instead_of_computed() -> None:
    name = "memcli.write.value_types._thing_slot"
    s = "羽毛球队的教练是孔亮"
    _thing_slot.cache_clear()
    want = _thing_slot.__wrapped__(s)
    before = primed.counts()[name]
    primed.prime({name: [((s,), want)]})
    assert _thing_slot(s) == want == ("thing:羽毛球队.教练", "孔亮")
    after = primed.counts()[name]
    assert after["used"] == before["used"] + 1 and after["computed"] == before["computed"]


def test_a_prefetched_pool_is_taken_back_and_decides_as_a_fresh_read(tmp_path, embedder, monkeypatch) -> None:
    with Memory(db=str(tmp_path / "m.db"), user="ines", embedder=embedder) as mem:
        say_all(mem, ["My stepbrother lives in Valencia", "My stepbrother works as a pharmacist",
                      "I go rowing on Sunday mornings"])
        judge = get_judge(mem.settings)
        cand = enrich(Candidate(statement="My stepbrother lives in Seville now", valid_from=AT))
        vec = embedder.embed_one(cand.statement)
        calls: list[object] = []
        real = decide_range._shown

        def counted(*a):  # noqa: ANN002, ANN202
            calls.append(a[-1])
            return real(*a)

        monkeypatch.setattr(decide_range, "_shown", counted)
        pre = decide_range.prefetch(mem.store, mem.settings, judge, [("ines", cand, vec)])[0]
        assert pre.seen is not None and len(calls) == 1 and pre.verdict is not None
        with_pre = decide(mem.store, mem.settings, "ines", cand, vec, judge, (), pre)
        assert len(calls) == 1  # the pool prefetch read, taken back
        alone = decide(mem.store, mem.settings, "ines", cand, vec, judge)
        assert len(calls) == 2
        assert with_pre == alone
        assert with_pre.decision == Decision.CONFLICT and "Valencia" in with_pre.target["statement"]
        # something to exclude (another clause of the same turn wrote it): the pool is read again, without it
        excluded = decide(mem.store, mem.settings, "ines", cand, vec, judge, {with_pre.target["id"]}, pre)
        assert len(calls) == 3 and calls[-1] == {with_pre.target["id"]}
        assert excluded.target is None or excluded.target["id"] != with_pre.target["id"]
