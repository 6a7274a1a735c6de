"""Cold ``memcli context`` processes: wall and CPU time per source tree, beside ``python -c pass``.

Run (from the repo root, after ``./scripts/setup``)::

    python bench/bench_cold_context.py --db /tmp/bench_vf_x/vf_100000.db --runs 9 \\
        before=/tmp/before after=.

Each ``NAME=DIR`` is a tree holding ``memcli/`` (``git archive <commit> memcli | tar -x -C DIR``);
the trees run alternately, one process each per round, with ``PYTHONPATH=DIR`` and the working
directory there, against the same database (user ``bench``: the one ``bench/bench_vector_files.py
--keep`` builds). Five queries (zh, en) in turn. Prints medians of wall and CPU ms (the child's
user + system time from ``os.times()``, 10 ms ticks), the fastest wall, how many runs kept the dense
leg, and the block's own ``elapsed_ms``. On a shared machine compare the trees of one run.

Bytecode: the ``memcli`` children run with ``PYTHONDONTWRITEBYTECODE`` removed from their
environment, and each tree first runs every query once untimed, so every timed process loads
``.pyc`` files as an installed memcli does. (Before round 17 the children inherited the caller's
environment; with ``PYTHONDONTWRITEBYTECODE=1`` set, as on this project's machines, every memcli
module was compiled from source in every timed process, ~140 ms of ``compile`` at 100k.)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

QUERIES = ["我喜欢喝什么咖啡", "what do I like to drink", "我妈妈住在哪里", "where does my sister live", "我对什么过敏"]


def one(args: list[str], env: dict[str, str], cwd: str) -> tuple[float, float, subprocess.CompletedProcess]:
    c0, t = os.times(), time.perf_counter()
    r = subprocess.run(args, capture_output=True, text=True, env=env, cwd=cwd, timeout=600)
    wall, c1 = (time.perf_counter() - t) * 1000, os.times()
    cpu = (c1.children_user - c0.children_user + c1.children_system - c0.children_system) * 1000
    return wall, cpu, r


def tree_env(tree: str, db: str) -> dict[str, str]:
    """The environment of a tree's ``memcli`` processes: this one's, the tree first on the path,
    the database and user set, and bytecode written and read (no ``PYTHONDONTWRITEBYTECODE``)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": os.path.abspath(tree), "MEMCLI_DB": db, "MEMCLI_USER": "bench"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--db", required=True)
    ap.add_argument("--runs", type=int, default=9)
    ap.add_argument("trees", nargs="+", help="NAME=DIR")
    a = ap.parse_args()
    trees = dict(t.split("=", 1) for t in a.trees)
    res = {k: {"wall": [], "cpu": [], "dense": 0, "block": []} for k in ["pass", *trees]}
    envs = {name: tree_env(trees[name], a.db) for name in trees}
    for name in trees:  # untimed, each query once: writes the tree's __pycache__ (and warms the page cache)
        for q in QUERIES:
            r = subprocess.run(
                [sys.executable, "-m", "memcli", "context", q, "--format", "json"],
                capture_output=True,
                text=True,
                env=envs[name],
                cwd=envs[name]["PYTHONPATH"],
                timeout=600,
            )
            if r.returncode != 0:
                raise SystemExit(f"{name}: {r.stderr[-400:]}")
    load = os.getloadavg()
    for i in range(a.runs):
        q = QUERIES[i % len(QUERIES)]
        for name in res:
            if name == "pass":
                wall, cpu, _ = one([sys.executable, "-c", "pass"], dict(os.environ), "/")
            else:
                env = envs[name]
                wall, cpu, r = one(
                    [sys.executable, "-m", "memcli", "context", q, "--format", "json"], env, env["PYTHONPATH"]
                )
                if r.returncode != 0:
                    raise SystemExit(f"{name}: {r.stderr[-400:]}")
                out = json.loads(r.stdout)
                res[name]["dense"] += "dense" in out["retrieval"].get("legs_run", [])  # {} past the budget
                res[name]["block"].append(out["elapsed_ms"])
            res[name]["wall"].append(wall)
            res[name]["cpu"].append(cpu)
    print(f"load average {load[0]:.1f} → {os.getloadavg()[0]:.1f}; {a.runs} runs per tree\n")
    print("| tree | wall p50 ms | wall min ms | CPU p50 ms | dense leg | block p50 ms |")
    print("|---|---:|---:|---:|---:|---:|")
    for k, v in res.items():
        extra = f"{v['dense']}/{a.runs} | {statistics.median(v['block']):.0f}" if k != "pass" else "— | —"
        med = statistics.median
        print(f"| {k} | {med(v['wall']):.0f} | {min(v['wall']):.0f} | {med(v['cpu']):.0f} | {extra} |")


if __name__ == "__main__":
    main()
