"""``context`` under CPU load: how often the block comes back empty though a block exists, and where the time goes.

Run (from the repo root, after ``./scripts/setup``)::

    PYTHONPATH=. .venv/bin/python bench/bench_context_load.py                        # 1k and 100k, 0/2/4 loops
    PYTHONPATH=. .venv/bin/python bench/bench_context_load.py --sizes 1000 --loads 0,2 --calls 10 \\
        before=/tmp/before after=.                                                      # two trees, in turns

Stores: ``n`` memories of one user (``bench``), the statements ``bench_scale.py`` writes, with their *real*
query-encoder vectors (not ``bench_scale``'s synthetic ones: the answerability gate reads real cosines),
built once into ``--dir`` and reused. Questions: :data:`QUESTIONS`; each store keeps those that get a block
with no time pressure (one call, ``budget_ms`` 60,000): every empty block counted below had a block to give.

For each store and each load (``N`` processes running ``while 1: pass`` beside the calls, started and ended by
this script), ``--calls`` calls each of:

- **cold CLI**: one ``python -m memcli context Q --format json`` process per call (the default 800 ms budget);
- **warm library**: one process, ``Memory(db, "bench")`` opened, ``--first-after`` seconds waited, then ``--calls``
  ``Memory.context`` calls (the first loads what the warm-up begun at open has not loaded yet inside its budget:
  it is reported apart as ``first``).

Several trees (``NAME=DIR``) take turns call by call (the warm processes: one after the other). Per tree and cell:
calls with an empty block and how many of those the time budget emptied, how many were lexical only, the p50 of
``elapsed_ms`` and of the result's ``timings_ms`` (retrieval, block) and of the retrieval's own steps.
Prints markdown; writes bench/out/bench_context_load.json (``--out``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
sys.path.insert(0, str(ROOT / "bench"))

from busy import busy_loops  # noqa: E402 - after the path is set

PY = sys.executable
#: questions the bench_scale statements answer (their templates: drinks, allergies, where relatives live, pets…)
QUESTIONS = ["我喜欢喝什么咖啡", "我对什么过敏", "我妈妈住在哪里", "我姐姐养了什么宠物", "我周末常去哪里",
             "where does my sister live", "what am I allergic to", "what do I drink in the morning",
             "what pets does my brother have", "where do I work"]

WARM = r"""
import json, sys, time
from memcli.memory import Memory
db, qs, calls, after = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
out = []
with Memory(db, "bench") as mem:
    time.sleep(after)  # an agent opens its Memory, then waits for the user's first message
    for i in range(calls):
        res = mem.context(qs[i % len(qs)], fmt="json")
        out.append({"hits": len(res.hits), "reason": res.reason, "degraded": res.degraded, "elapsed_ms": res.elapsed_ms,
                    "timings_ms": getattr(res, "timings_ms", {}) or {}, "steps": res.retrieval.get("timings_ms", {})})
print(json.dumps(out))
"""


def real_vectors(n: int, users: int):  # noqa: ANN201
    """bench_scale.synth_vectors' stand-in: the statements bench_scale.build writes, encoded by the default model."""
    from bench_scale import query_embedder
    from bench_search import statements

    from memcli.settings import load_settings

    def vectors(n_: int, dim: int, seed: int) -> np.ndarray:
        distinct = statements(min(n_, 120_000), random.Random(n + users))  # the same rng as build's
        enc = query_embedder(load_settings().model)
        emb = np.concatenate([enc.embed_batch(distinct[a:a + 256]) for a in range(0, len(distinct), 256)])
        return emb[np.arange(n_) % len(distinct)].astype(np.float32)

    return vectors


def store(dirname: Path, n: int) -> Path:
    import bench_scale
    from bench_scale import query_embedder

    from memcli.settings import load_settings

    path = dirname / f"ctxload_{n}.db"
    if not path.exists():
        model = load_settings().model
        bench_scale.synth_vectors = real_vectors(n, 1)
        bench_scale.build(path, n, 1, int(query_embedder(model).dim), model)
    return path


def env_for(db: Path, tree: Path) -> dict[str, str]:
    """The calls' environment: ``tree``'s memcli first on the path, bytecode written and read."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPATH": str(tree), "MEMCLI_DB": str(db), "MEMCLI_USER": "bench"}


def cli_call(env: dict[str, str], q: str, budget: int | None = None) -> dict:
    args = [PY, "-m", "memcli", "context", q, "--format", "json"] + ([] if budget is None else
                                                                     ["--budget-ms", str(budget)])
    t = time.perf_counter()
    r = subprocess.run(args, capture_output=True, text=True, env=env, cwd=env["PYTHONPATH"], timeout=600)
    if r.returncode != 0:
        raise SystemExit(r.stderr[-400:])
    d = json.loads(r.stdout)
    return {"hits": len(d["hits"]), "reason": d["reason"], "degraded": d["degraded"], "elapsed_ms": d["elapsed_ms"],
            "timings_ms": d.get("timings_ms") or {}, "steps": d["retrieval"].get("timings_ms", {}),
            "wall_ms": (time.perf_counter() - t) * 1000}


def warm_calls(env: dict[str, str], db: Path, qs: list[str], calls: int, after: float = 0.0) -> list[dict]:
    r = subprocess.run([PY, "-c", WARM, str(db), json.dumps(qs), str(calls), str(after)], capture_output=True,
                       text=True, env=env, cwd=env["PYTHONPATH"], timeout=1200)
    if r.returncode != 0:
        raise SystemExit(r.stderr[-400:])
    return json.loads(r.stdout)


def summary(rows: list[dict]) -> dict:
    med = statistics.median

    def p50(key: str, part: str) -> float | None:
        xs = [r[part][key] for r in rows if key in r[part]]
        return round(med(xs), 1) if xs else None

    steps = sorted({k for r in rows for k in r["steps"]})
    return {"calls": len(rows), "empty": sum(not r["hits"] for r in rows),
            "empty_budget": sum(not r["hits"] and (r["reason"] or "").startswith("budget") for r in rows),
            "lexical_only": sum(bool(r["degraded"]) for r in rows),
            "elapsed_p50": round(med(r["elapsed_ms"] for r in rows), 1),
            "elapsed_max": round(max(r["elapsed_ms"] for r in rows), 1),
            "timings_p50": {k: p50(k, "timings_ms") for k in ("retrieval", "block")},
            "steps_p50": {k: p50(k, "steps") for k in steps}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="1000,100000")
    ap.add_argument("--loads", default="0,2,4")
    ap.add_argument("--calls", type=int, default=20)
    ap.add_argument("--dir", default="/tmp")
    ap.add_argument("--modes", default="cli,warm")
    ap.add_argument("--out", default=str(OUT / "bench_context_load.json"))
    ap.add_argument("--first-after", type=float, default=0.0,
                    help="warm library: seconds between opening the Memory and its first call (an agent waiting for "
                         "the user's first message); 0: at once")
    ap.add_argument("trees", nargs="*", default=[f"this={ROOT}"],
                    help="NAME=DIR, each a tree holding memcli/ (git archive REV memcli | tar -x -C DIR): the trees "
                         "take turns call by call, so a changing load falls on each alike")
    a = ap.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # the busy loops end with this process
    os.environ["MEMCLI_CONFIG"] = os.devnull
    sys.path.insert(0, str(ROOT))
    trees = {name: Path(d).resolve() for name, d in (t.split("=", 1) for t in a.trees)}
    report: dict = {"trees": {k: str(v) for k, v in trees.items()}, "loadavg_start": os.getloadavg()[0], "cells": []}
    for n in map(int, a.sizes.split(",")):
        db = store(Path(a.dir), n)
        envs = {name: env_for(db, d) for name, d in trees.items()}
        first = next(iter(envs.values()))
        qs = [q for q in QUESTIONS if cli_call(first, q, budget=60_000)["hits"]]  # a block exists without pressure
        print(f"store {n:,}: {len(qs)} of {len(QUESTIONS)} questions get a block unhurried", flush=True)
        for load in map(int, a.loads.split(",")):
            with busy_loops(load):
                time.sleep(0.5 if load else 0)
                for mode in a.modes.split(","):
                    rows: dict[str, list[dict]] = {name: [] for name in trees}
                    if mode == "cli":
                        for i in range(a.calls):
                            for name, env in envs.items():
                                rows[name].append(cli_call(env, qs[i % len(qs)]))
                    else:
                        for name, env in envs.items():
                            rows[name] = warm_calls(env, db, qs, a.calls + 1, a.first_after)
                    for name, rs in rows.items():
                        cells = [("cli", rs)] if mode == "cli" else [("warm first", rs[:1]), ("warm", rs[1:])]
                        for m, part in cells:
                            s = {"tree": name, "n": n, "load": load, "mode": m, **summary(part),
                                 "loadavg": os.getloadavg()[0]}
                            report["cells"].append(s)
                            print(json.dumps(s), flush=True)
    print("\n| tree | memories | busy loops | mode | empty / calls | of which budget | lexical only "
          "| elapsed p50 / max ms | retrieval p50 | block p50 | load avg |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|")
    for c in report["cells"]:
        t = c["timings_p50"]
        print(f"| {c['tree']} | {c['n']:,} | {c['load']} | {c['mode']} | {c['empty']}/{c['calls']} | "
              f"{c['empty_budget']} | {c['lexical_only']} | {c['elapsed_p50']} / {c['elapsed_max']} | "
              f"{t['retrieval']} | {t['block']} | {c['loadavg']:.1f} |")
    Path(a.out).parent.mkdir(exist_ok=True)
    Path(a.out).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
