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

