"""CPU per warm ``Memory.context`` call on a small store with episodes (the read path's own cost).

Run (from the repo root, after ``./scripts/setup``)::

    python bench/bench_warm_context.py                     # this tree, 50 rounds of 8 questions
    python bench/bench_warm_context.py --root ../main      # another tree (before/after, same store)
    python bench/bench_warm_context.py --store /tmp/s.db   # build the store once, reuse it (copied per run)

A store of 20 turns of one user (10 English, 10 Chinese; written for this script), drained with the
configured extractor: most turns become memories and several stay episodes too. Then each question
is asked once (warm-up: model, caches), and ``--rounds`` times more, timed: process CPU (user + system,
``os.times``, every thread: the query encoder's included) and wall time per call, in milliseconds.
Under load compare two trees in the same run, alternating (``--root``), and read the CPU figure.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

TURNS = [
    "I just got back from a week of hiking in the Dolomites with my cousin Priya.",
    "My sister Lena moved to Rotterdam last spring for her new job.",
    "Honestly the weather today is gloomy, I might just stay in and read.",
    "I've been learning to play the cello for about eight months now.",
    "My dog Biscuit is a three year old beagle who hates thunderstorms.",
    "We are planning a small dinner on Friday, I'll make mushroom risotto.",
    "My manager asked me to take over the billing migration project next quarter.",
    "I'm allergic to walnuts, so I always check the labels on granola.",
    "The dentist appointment got moved to the 14th at 9am.",
    "I think I left my umbrella on the tram again, typical.",
    "我妹妹在杭州的一家设计公司上班。",
    "周末我打算去爬山，顺便拍点秋天的照片。",
    "我每天早上都喝一杯黑咖啡，不加糖。",
    "我儿子下个月要参加钢琴比赛，他练得挺认真的。",
    "最近在读一本关于城市规划的书，挺有意思的。",
    "我上周把车送去保养了，换了刹车片。",
    "Our team retro is every other Thursday afternoon.",
    "I keep forgetting to water the basil on the balcony.",
    "My father turns seventy in November and we want to surprise him.",
    "我老婆不吃香菜，点外卖的时候要备注一下。",
]
QUESTIONS = [
    "When is the dentist appointment?", "What instrument am I learning?", "Where did I go hiking and with whom?",
    "What am I making for dinner on Friday?", "What should I remember about the umbrella?",
    "我妹妹在哪里工作？", "我周末打算干什么？", "我儿子要参加什么比赛？",
]


def build(db: str) -> dict:
    """The store: every turn captured 5 hours after the last, one drain. Returns its counts."""
    from memcli.admin import Admin
    from memcli.memory import Memory

    t0 = datetime(2026, 10, 1, 9, 0, tzinfo=UTC)
    with Memory(db, "bench") as mem:
        for k, text in enumerate(TURNS):
            mem.capture(text, at=t0 + timedelta(hours=5 * k), session="s1")
    with Admin(db) as adm:
        adm.drain()
    with Memory(db, "bench") as mem:
        return {"turns": len(TURNS), "memories": len(mem.list()), "episodes": len(mem.episodes())}


def timed(db: str, rounds: int) -> dict:
    """Warm-up, then ``rounds`` × every question through ``context``: ms per call."""
    from memcli.memory import Memory

    with Memory(db, "bench") as mem:
        with_episodes = sum("episode" in mem.search(q, limit=5).info.legs_run for q in QUESTIONS)
        for q in QUESTIONS:
            mem.context(q, budget_ms=60000)
        t, w = os.times(), time.perf_counter()
        for _ in range(rounds):
            for q in QUESTIONS:
                mem.context(q, budget_ms=60000)
        t2, w2 = os.times(), time.perf_counter()
    calls = rounds * len(QUESTIONS)
    return {"calls": calls, "questions_with_episodes": with_episodes,
            "cpu_ms_per_call": round((t2.user + t2.system - t.user - t.system) * 1000 / calls, 2),
            "wall_ms_per_call": round((w2 - w) * 1000 / calls, 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=str(Path(__file__).resolve().parents[1]), help="the memcli tree to time")
    ap.add_argument("--rounds", type=int, default=50, help="timed rounds of the 8 questions")
    ap.add_argument("--store", help="the store file: built when missing, else reused (a copy is timed)")
    a = ap.parse_args()
    os.environ["MEMCLI_CONFIG"] = os.devnull  # the shipped defaults, not this machine's config
    sys.path.insert(0, str(Path(a.root).resolve()))
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "warm.db")
        if a.store and Path(a.store).exists():
            shutil.copy(a.store, db)
            counts = {}
        else:
            counts = build(db)
            if a.store:
                shutil.copy(db, a.store)
        print(json.dumps({"root": a.root, **counts, **timed(db, a.rounds)}))


if __name__ == "__main__":
    main()
