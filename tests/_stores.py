"""Stores built by telling: facts captured at one time and drained by the real pipeline, as the
answerability tests (test_answerability.py, test_answer_world.py) build theirs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

AT = "2026-06-01T09:00:00+08:00"


def say_all(mem: Any, facts: Sequence[str], at: str = AT) -> None:
    """Capture each of ``facts`` at ``at`` and drain them; no task may be retried or dead."""
    for f in facts:
        mem.capture(f, at=at)
    s = mem.drain()
    assert s.dead == 0 and s.retried == 0, s.errors


def told(name: str, facts: Sequence[str], at: str = AT) -> Callable[..., Any]:
    """A fixture ``name``: the ``mem`` fixture's store after :func:`say_all` of ``facts``."""

    def store(mem: Any) -> Any:
        say_all(mem, facts, at)
        return mem

    return pytest.fixture(name=name)(store)
