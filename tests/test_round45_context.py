"""Round 45: a library process's warm-up gives way to ``capture`` and pays what the first calls pay once.

- ``capture`` (and ``context``) are online: while one is in flight the warm-up begun at open takes no new step
  (:func:`memcli.memory_warm.between_steps`), and its first steps are what a first capture pays once (modules, record
  validators, redaction patterns).
- The warm-up asks one question per language of the opening Memory's store
  (:meth:`memcli.read.context.MemoryContextBuilder.rehearse`): a first call afterwards compiles no pattern.

Speed is measured in bench/ (docs/benchmarks.md, round 45), not asserted here. Own sentences, one real store
(default model) for the file, one fresh process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from memcli import Memory, memory_warm

ROOT = Path(__file__).resolve().parents[1]
FACTS = ["My neighbour Ottilie repairs old clocks", "I grow chillies on the balcony", "我每周六上午去爬山"]

OPENED = """
import json, sys, time
import memcli.memory_warm as warm
steps, seen = [], []
wait = warm.between_steps
def logged():
    wait()
    steps.append((time.monotonic(), warm._in_flight[0]))
warm.between_steps = logged
import memcli.write.capture as wc
real = wc.capture
def capture(*a, **kw):
    seen.append(warm._in_flight[0])
    return real(*a, **kw)
wc.capture = capture
import memcli.read.context as rc
import threading
real_rehearse, rehearsed, looped = rc.MemoryContextBuilder.rehearse, [], threading.Event()
def rehearse(self, *args):  # after the capture loop below: a rehearsal it interrupts three times gives up (by
    looped.wait(60)  # design), and whether the earlier steps end before the loop does is the machine's race
    rehearsed.append(real_rehearse(self, *args))
    return rehearsed[-1]
rc.MemoryContextBuilder.rehearse = rehearse
from memcli import Memory
from memcli.models import CaptureResult
from memcli.write.capture import Utterance
with warm.online():  # a capture in flight from the warm-up's start: no step begins until it ends
    mem, other = Memory(sys.argv[1], user="u1"), Memory(sys.argv[1], user="u2")
    time.sleep(0.6)
    left = time.monotonic()
other.capture("I parked the van behind the bakery")
n, errors, end = 0, [], time.monotonic() + 0.3
while time.monotonic() < end:  # captures on the Memory the warm-up reads, its own connection, meanwhile
    try:
        mem.capture(f"note {n}: the kettle is descaled", session="s")
    except Exception as exc:
        errors.append(repr(exc))
    n += 1
    time.sleep(0.01)
looped.set()
warm._started[0].join(120)
from memcli import relazy
compiled = sum("_compiled" in p.__dict__ for _, p in list(relazy._MADE))
r = mem.context("Who repairs clocks?", budget_ms=60000, fmt="json")
zh = mem.context("我周六上午做什么", budget_ms=60000, fmt="json")
print(json.dumps({"rehearsed": rehearsed, "captured": n, "errors": errors, "seen": seen,
                  "steps": [[t - left, k] for t, k in steps], "in_flight": warm._in_flight[0],
                  "validators": [Utterance.__pydantic_complete__, CaptureResult.__pydantic_complete__],
                  "compiled_by_calls": sum("_compiled" in p.__dict__ for _, p in list(relazy._MADE)) - compiled,
                  "text": r.text, "zh": zh.text,
                  "other": [h["statement"] for h in r.hits + zh.hits if "van" in h["statement"]]}))
"""


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory, embedder) -> dict:  # noqa: ARG001 - the model, loaded once
    db = str(tmp_path_factory.mktemp("ctx45") / "m.db")
    with Memory(db=db, user="u1") as m:
        for text in FACTS:
            m.remember(text)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMCLI_CONFIG": str(tmp_path_factory.mktemp("cfg") / "none.toml")}
    p = subprocess.run([sys.executable, "-c", OPENED, db], capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_the_warm_up_takes_no_step_while_a_capture_is_in_flight(fresh: dict) -> None:
    steps = fresh["steps"]
    assert len(steps) >= 5 and all(n == 0 for _, n in steps)  # every step began with no capture in flight
    assert steps[0][0] >= 0  # the first one only once the capture that began with the process had ended
    assert set(fresh["seen"]) == {1} and fresh["in_flight"] == 0  # each capture runs inside online(), and leaves it
    assert fresh["validators"] == [True, True]  # built by the warm-up's first step, not by a first capture
    assert fresh["captured"] > 0 and fresh["errors"] == []  # captures on the Memory the warm-up reads, meanwhile


def test_after_the_warm_up_a_first_call_compiles_no_pattern_and_answers(fresh: dict) -> None:
    assert "Ottilie repairs old clocks" in fresh["text"] and "爬山" in fresh["zh"]
    assert fresh["rehearsed"][-1] is True and fresh["compiled_by_calls"] == 0
    assert fresh["other"] == []  # isolation: u2's capture is in no block of u1's


def test_online_holds_between_steps_until_the_last_call_ends() -> None:
    started, passed = threading.Event(), threading.Event()

    def step() -> None:
        started.set()
        memory_warm.between_steps()
        passed.set()

    with memory_warm.online(), memory_warm.online():  # two captures at once (two Memories of one process)
        t = threading.Thread(target=step)
        t.start()
        started.wait(5)
        time.sleep(0.05)
        assert not passed.is_set()
    t.join(5)
    assert passed.is_set() and memory_warm._in_flight == [0]
