"""memcli.primed: the caches a drain's look-ahead process fills for the writer (values handed back by
name, returned on the first call instead of computed)."""

from __future__ import annotations

import pickle

import pytest

from memcli import primed

CALLS: list[str] = []


@primed.primable(maxsize=64)
def shout(text: str) -> str:
    CALLS.append(text)
    return text.upper() + "!"


@pytest.fixture(autouse=True)
def _clean() -> None:
    shout.cache_clear()
    CALLS.clear()
    primed.take()
    yield
    primed.recording(False)
    primed.take()


def test_what_is_computed_while_recording_is_handed_back_by_name_and_then_forgotten() -> None:
    shout("quiet")
    assert primed.take() == {}  # not recording: nothing noted
    primed.recording(True)
    shout("hello")
    shout("hello")  # a cache hit: noted once
    got = primed.take()
    assert got == {f"{__name__}.shout": [(("hello",), "HELLO!")]}
    assert primed.take() == {}
    assert pickle.loads(pickle.dumps(got)) == got  # it crosses a process boundary


def test_a_primed_value_is_returned_without_computing_it_once_then_cached() -> None:
    primed.prime({f"{__name__}.shout": [(("tea",), "TEA!")], "no.such.function": [(("x",), 1)]})
    before = primed.counts()[f"{__name__}.shout"]
    assert shout("tea") == "TEA!"
    assert shout("tea") == "TEA!"
    assert CALLS == []
    after = primed.counts()[f"{__name__}.shout"]
    assert {k: after[k] - before[k] for k in after} == {"primed": 0, "used": 1, "computed": 0}
    assert shout("coffee") == "COFFEE!"
    assert CALLS == ["coffee"]


def test_keyword_calls_compute_and_primed_values_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    assert shout(text="milk") == "MILK!"
    assert CALLS == ["milk"]
    monkeypatch.setattr(primed, "PRIMED_MAX", 2)
    primed.prime({f"{__name__}.shout": [((w,), w) for w in ("a", "b", "c")]})
    assert [shout(w) for w in ("a", "b", "c")] == ["A!", "b", "c"]  # the oldest was dropped: computed
    assert CALLS == ["milk", "a"]


def test_two_primable_functions_of_one_name_are_refused() -> None:
    with pytest.raises(ValueError, match="two primable functions"):
        primed.primable(maxsize=4)(shout.__wrapped__.__wrapped__)


def _task(i: int, user: str, text: str):  # noqa: ANN202
    from datetime import UTC, datetime

    from memcli.write.outbox import Task

    return Task(id=i, source_id=i, user=user, attempts=0, owner="t", role="user", content=text,
                occurred_at=datetime(2026, 1, 1, tzinfo=UTC))


def test_the_look_ahead_guesses_the_pairs_a_decision_will_judge_among_the_users_earlier_candidates(embedder) -> None:
    """memcli.write.precompute: the judge's pair features of a candidate against the same user's earlier ones (near
    by cosine or of the same slot) are computed in the look-ahead and handed back; another user's never; none
    while the writer waits for the batch (its candidates are still remembered for later pairs)."""
    from memcli.settings import Settings
    from memcli.write.extract import RuleExtractor, Utterance
    from memcli.write.judge import facts_of
    from memcli.write.pair_features import pair_core
    from memcli.write.precompute import Precompute

    texts = [("ann", "My favourite colour is teal"), ("bob", "My favourite colour is amber"),
             ("ann", "My favourite colour is now crimson"), ("ann", "I have a dog named Pepper")]
    tasks = [_task(i, u, x) for i, (u, x) in enumerate(texts)]
    ex = RuleExtractor()
    extracted = [ex.extract(Utterance(k.source_id, k.user, k.role, k.content, k.occurred_at)) for k in tasks]
    assert [len(c) for c in extracted] == [1, 1, 1, 2]  # the dog's name, and owning a dog
    vectors = embedder.embed([c.statement for got in extracted for c in got])
    pair_core.cache_clear()
    primed.recording(True)
    Precompute(Settings()).pairs(tasks, extracted, vectors, lambda: True)  # the writer waits: no pairs
    assert "memcli.write.pair_features._pair_core" not in primed.take()
    precompute = Precompute(Settings())
    precompute.pairs(tasks[:1], extracted[:1], vectors[:1], lambda: False)
    precompute.pairs(tasks[1:], extracted[1:], vectors[1:], lambda: False)  # the next batch: ann's first is remembered
    noted = primed.take().get("memcli.write.pair_features._pair_core", [])
    pairs = {(new.statement, old.statement) for (new, old), _ in noted}
    assert ("My favourite colour is now crimson", "My favourite colour is teal") in pairs
    assert not any("amber" in a or "amber" in b for a, b in pairs)  # bob's colour is not ann's memory
    f = facts_of(extracted[2][0].statement, extracted[2][0].slot)
    assert any(new == f for (new, _), _ in noted)
