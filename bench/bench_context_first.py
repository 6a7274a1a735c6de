"""A library process's first ``Memory.context`` call: does it answer, and how long does the caller wait?

Run (from the repo root, after ``./scripts/setup``; the store of ``bench_context_load.py``, built by it)::

    PYTHONPATH=. .venv/bin/python bench/bench_context_first.py --db /tmp/ctxload_1000.db --runs 8 \\
        --after 0,1 --loads 0,2 before=/tmp/before after=.

Each run starts one new process per tree (``NAME=DIR``, trees in turns, the order flipped every run): it opens
``Memory(db, "bench")``, waits ``--after`` seconds (an agent waiting for its user's first message; 0: at once),
then makes ONE ``context`` call of a question the store answers (the default 800 ms budget). ``N`` busy loops
(``while 1: pass``) run beside for each ``--loads`` value. Per tree and cell: calls with no block, with a
lexical-only block, the p50 and max of ``elapsed_ms`` and of the caller's own wall time around the call. Prints
markdown.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from busy import busy_loops  # (bench/, the script's own directory)

PY = sys.executable
QUESTIONS = ["where does my sister live", "我对什么过敏", "what am I allergic to", "我妈妈住在哪里"]

FIRST = r"""
import json, sys, time
from memcli.memory import Memory
with Memory(sys.argv[1], "bench") as mem:
    time.sleep(float(sys.argv[3]))
    t = time.monotonic()
    res = mem.context(sys.argv[2], fmt="json")
    wall = (time.monotonic() - t) * 1000
print(json.dumps({"hits": len(res.hits), "reason": res.reason, "degraded": res.degraded,
                  "elapsed_ms": res.elapsed_ms, "wall_ms": round(wall, 1)}))
"""


def one(tree: Path, db: str, q: str, after: float) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree), "MEMCLI_CONFIG": os.devnull}
    r = subprocess.run([PY, "-c", FIRST, db, q, str(after)], capture_output=True, text=True, env=env, timeout=300,
                       cwd=tree)  # (python -c puts the working directory first on the path)
    if r.returncode != 0:
        raise SystemExit(r.stderr[-400:])
    return json.loads(r.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--runs", type=int, default=8)
    ap.add_argument("--after", default="0,1")
    ap.add_argument("--loads", default="0,2")
    ap.add_argument("trees", nargs="+", help="NAME=DIR, each a tree holding memcli/")
    a = ap.parse_args()
    trees = [(name, Path(d).resolve()) for name, d in (t.split("=", 1) for t in a.trees)]
    cells = []
    for load in map(int, a.loads.split(",")):
        with busy_loops(load):
            for after in map(float, a.after.split(",")):
                rows: dict[str, list[dict]] = {name: [] for name, _ in trees}
                for i in range(a.runs):
                    for name, tree in (trees if i % 2 == 0 else trees[::-1]):
                        rows[name].append(one(tree, a.db, QUESTIONS[i % len(QUESTIONS)], after))
                for name, rs in rows.items():
                    c = {"tree": name, "load": load, "after": after, "calls": len(rs),
                         "empty": sum(not r["hits"] for r in rs), "lexical_only": sum(bool(r["degraded"]) for r in rs),
                         "elapsed_p50": statistics.median(r["elapsed_ms"] for r in rs),
                         "wall_p50": statistics.median(r["wall_ms"] for r in rs),
                         "wall_max": max(r["wall_ms"] for r in rs), "loadavg": round(os.getloadavg()[0], 1)}
                    cells.append(c)
                    print(json.dumps(c), flush=True)
    print("\n| tree | busy loops | first call after open | no block / calls | lexical only | elapsed p50 ms "
          "| caller's wall p50 / max ms | load avg |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for c in cells:
        print(f"| {c['tree']} | {c['load']} | {c['after']:g} s | {c['empty']}/{c['calls']} | {c['lexical_only']} | "
              f"{c['elapsed_p50']:.0f} | {c['wall_p50']:.0f} / {c['wall_max']:.0f} | {c['loadavg']} |")


if __name__ == "__main__":
    main()
