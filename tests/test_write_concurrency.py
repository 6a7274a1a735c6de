"""Crash and concurrency of the drain worker, with real processes (slow: each loads the model).

- two drains at once (the background drain of ``capture --drain`` and an explicit
  ``python -m memcli drain``) never extract a task twice;
- a process killed mid-task leaves no item and no event, and the task returns to pending
  when its lease expires, then drains normally.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from memcli.write import outbox

pytestmark = pytest.mark.slow

FACTS_EN = ["peanuts", "shellfish", "penicillin", "pollen", "latex", "gluten", "sesame", "dust mites", "bee stings",
            "soy", "cats", "mould", "lactose", "kiwis", "walnuts"]
# none the same thing as an English one: one allergy told in both languages is one memory (a NOOP)
FACTS_ZH = ["芒果", "鸡蛋", "酒精", "桃子", "菠萝", "荞麦", "羊毛", "香水", "蚊子", "牛肉", "苹果", "胡萝卜", "西红柿",
            "巧克力", "草莓"]


def wait_for(pred, timeout_s: float = 240.0, step_s: float = 0.5) -> None:
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if pred():
            return
        time.sleep(step_s)
    raise AssertionError("condition not reached in time")


def test_background_and_explicit_drains_never_extract_a_task_twice(mem, cli, monkeypatch, tmp_path: Path) -> None:
    from memcli.write.trigger import background_lock

    monkeypatch.setenv("MEMCLI_DRAIN_BATCH_SIZE", "3")
    texts = [f"I'm allergic to {x}" for x in FACTS_EN] + [f"我对{x}过敏" for x in FACTS_ZH]
    for t in texts[:-1]:
        mem.capture(t)
    db = str(mem.store.path)
    r = cli("--db", db, "--user", "alice", "capture", texts[-1], "--drain")  # background channel, returns at once
    assert r.exit_code == 0, r.stderr
    explicit = subprocess.run([sys.executable, "-m", "memcli", "--db", db, "drain", "--json"],
                              capture_output=True, text=True, timeout=300, env=os.environ.copy())
    assert explicit.returncode == 0, explicit.stderr

    def settled() -> bool:
        with background_lock(mem.settings) as free:
            if not free:
                return False
        return outbox.status(mem.store, "alice").counts["done"] == len(texts)

    wait_for(settled)
    per_source = mem.store.q("SELECT source_id, count(*) AS n FROM memory_events GROUP BY source_id")
    assert len(per_source) == len(texts) and all(r["n"] == 1 for r in per_source)  # each extracted once
    assert len(mem.list()) == len(texts)
    done_explicit = json.loads(explicit.stdout)["done_ids"]
    assert len(done_explicit) == len(set(done_explicit)) <= len(texts)


CRASH = textwrap.dedent("""
    import os, signal, sys
    import numpy as np
    from memcli import Memory
    from memcli.embed import Embedder
    from memcli.db import items

    original = items.record_event

    def record_then_die(*args, **kwargs):
        original(*args, **kwargs)      # the item and its event are written, uncommitted ...
        os.kill(os.getpid(), signal.SIGKILL)   # ... and the process dies mid-task

    class Fixed(Embedder):  # outbox mechanics only: nothing it embeds is ever committed
        name, dim = "fixed", 384

        def embed_batch(self, texts):
            return np.ones((len(texts), self.dim), dtype=np.float32) / np.sqrt(self.dim)

    items.record_event = record_then_die
    mem = Memory(db=sys.argv[1], user="alice", lease_s=1.0)
    mem._embedder = Fixed()  # spares this throwaway process the model load (no torch import)
    mem.drain()
""")


def test_killed_mid_task_leaves_nothing_and_the_task_returns_after_its_lease(mem) -> None:
    texts = ["我妈妈的生日是3月5号", "My sister lives in Lyon"]  # one batch: both claimed, the first kills
    tids = [mem.capture(t).outbox_id for t in texts]
    p = subprocess.run([sys.executable, "-c", CRASH, str(mem.store.path)], capture_output=True, timeout=300)
    assert p.returncode == -9  # SIGKILL
    assert mem.store.scalar("SELECT count(*) FROM memory_items") == 0
    assert mem.store.scalar("SELECT count(*) FROM memory_events") == 0
    rows = mem.store.q("SELECT status, attempts FROM memory_capture_outbox ORDER BY id")
    assert rows == [{"status": "processing", "attempts": 1}] * 2
    wait_for(lambda: outbox.status(mem.store, "alice").expired_leases == 2, timeout_s=10, step_s=0.2)
    assert outbox.reclaim_expired(mem.store) == 2
    assert {r["status"] for r in mem.store.q("SELECT status FROM memory_capture_outbox")} == {"pending"}
    s = mem.drain()
    assert (s.done, s.added) == (2, 2) and sorted(s.done_ids) == tids
    assert {i.statement for i in mem.list()} == set(texts)
    assert {r["attempts"] for r in mem.store.q("SELECT attempts FROM memory_capture_outbox")} == {2}
