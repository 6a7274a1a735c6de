"""SQLite vs PostgreSQL in one run, on the same machine: capture, drain, warm hybrid search.

For each backend (a fresh SQLite file; a fresh schema on a private PostgreSQL 16 + pgvector
0.6.2 server started from the PyPI package ``pgserver``, or ``--pg-url``):

- **capture**: ``Memory.capture`` in-process, one utterance per call (two inserts, one
  transaction), p50/p99 in ms;
- **drain**: ``--drain`` captured utterances of 20 users (bench_drain's workload: templated
  facts in both languages plus real user turns), then 1 and then 4 ``python -m memcli drain``
  processes started together on a fresh database; throughput = tasks completed per second
  between the first and the last completion (read from the outbox), so interpreter start-up
  and each worker's encoder load are excluded (``per_s_with_load`` in the JSON includes them);
- **search**: one user holding N memories (bench_search's statements; ``--pool`` of them
  embedded with the real model, the rest reuse one of those vectors plus small noise),
  inserted through the store interface (``insert_item``: row, full-text, vector), then warm
  in-process hybrid ``Memory.search(q, limit=5)`` over 20 queries × ``--reps``, p50/p95 ms.

Run (a few minutes on 2 cores)::

    . .venv/bin/activate
    python bench/bench_pg.py                          # capture 500, drain 400, search at 10k
    python bench/bench_pg.py --sizes 10000,100000     # and at 100k (PostgreSQL HNSW build is slow)

Prints a markdown table; writes bench/out/bench_pg.json.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
sys.path.insert(0, str(ROOT / "bench"))

from bench_drain import capture_workload, workload  # noqa: E402
from bench_search import QUERIES, pct, statements  # noqa: E402


class Backends:
    """Fresh databases: SQLite files in a temp folder; PostgreSQL schemas on one server."""

    def __init__(self, tmp: Path, pg_url: str | None) -> None:
        self.tmp, self.n = tmp, 0
        self.srv = None
        if pg_url is None:
            import pgserver

            self.srv = pgserver.get_server(str(tmp / "pg"), cleanup_mode="stop")
            pg_url = self.srv.get_uri()
        self.pg_base = pg_url

    def fresh(self, backend: str) -> str:
        self.n += 1
        if backend == "sqlite":
            return str(self.tmp / f"bench{self.n}.db")
        from urllib.parse import quote

        import psycopg

        name = f"bench_{os.getpid()}_{self.n}"
        with psycopg.connect(self.pg_base, autocommit=True) as c:
            c.execute("CREATE EXTENSION IF NOT EXISTS vector")
            c.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
            c.execute(f"CREATE SCHEMA {name}")
        sep = "&" if "?" in self.pg_base else "?"
        return f"{self.pg_base}{sep}options={quote(f'-csearch_path={name},public', safe='')}"

    def close(self) -> None:
        if self.srv is not None:
            self.srv.cleanup()


def bench_capture(db: str, n: int) -> dict:
    from memcli import Memory

    xs = []
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    with Memory(db=db, user="bench") as m:
        m.capture("warm up", key="w")
        for i in range(n):
            t = time.perf_counter()
            m.capture(f"I had coffee with Sam at {i % 24}h, cup #{i}", at=t0 + timedelta(minutes=i), key=f"c{i}",
                      allow_future=True)
            xs.append((time.perf_counter() - t) * 1000)
    return {"p50": pct(xs, 50), "p99": pct(xs, 99), "n": n}


def bench_drain(db: str, n: int, workers: int) -> dict:
    from memcli import Memory

    capture_workload(db, workload(n))
    env = {**os.environ, "MEMCLI_DB": db, "TOKENIZERS_PARALLELISM": "false", "OMP_NUM_THREADS": "1"}
    env.pop("MEMCLI_USER", None)
    procs = [subprocess.Popen([sys.executable, "-m", "memcli", "drain", "--json"], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(workers)]
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=1800)
        if p.returncode != 0:
            raise SystemExit(f"drain failed: {err[-500:]}")
        outs.append(json.loads(out))
    done = sum(o["done"] for o in outs)
    slowest = max(o["seconds"]["total"] for o in outs)
    # steady state: first to last completion, from the outbox (excludes each worker's encoder load)
    from memcli.timeutil import from_iso

    with Memory(db=db, user="bench") as m:
        r = m.store.q("SELECT min(updated_at) AS a, max(updated_at) AS b, count(*) AS n "
                      "FROM memory_capture_outbox WHERE status = 'done'")[0]
    span = (from_iso(r["b"]) - from_iso(r["a"])).total_seconds() if r["n"] > 1 else 0.0
    return {"workers": workers, "done": done, "tasks": n, "slowest_s": round(slowest, 2),
            "per_s": round((r["n"] - 1) / span, 1) if span else None,
            "per_s_with_load": round(done / slowest, 1) if slowest else None,
            "per_worker_done": [o["done"] for o in outs]}


def seed(db: str, n: int, pool: int, embedder, rng: random.Random) -> float:
    from memcli import Memory
    from memcli.models import Candidate, Kind
    from memcli.settings import DEFAULT_MODEL

    texts = statements(n, rng)
    k = min(pool, len(texts))
    base = embedder.embed(texts[:k], batch_size=64)
    vecs = np.empty((len(texts), base.shape[1]), dtype=np.float32)
    vecs[:k] = base
    if len(texts) > k:
        idx = np.asarray([rng.randrange(k) for _ in range(len(texts) - k)])
        v = base[idx] + np.random.default_rng(7).normal(0, 0.03, (len(texts) - k, base.shape[1])).astype(np.float32)
        vecs[k:] = v / np.linalg.norm(v, axis=1, keepdims=True)
    kinds = list(Kind)
    t0 = datetime(2025, 1, 1, tzinfo=UTC)
    t = time.perf_counter()
    with Memory(db=db, user="bench") as mem:
        st = mem.store
        for lo in range(0, len(texts), 1000):  # one transaction per 1,000 rows
            with st.tx():
                for i in range(lo, min(lo + 1000, len(texts))):
                    vf = t0 + timedelta(minutes=7 * i)
                    cand = Candidate(statement=texts[i], kind=kinds[i % len(kinds)], salience=rng.uniform(0.3, 0.9),
                                     valid_from=vf)
                    st.insert_item(user_id="bench", candidate=cand, origin="import", confidence=0.9,
                                   vector=vecs[i], model=DEFAULT_MODEL)
    return time.perf_counter() - t


def bench_search(db: str, n: int, pool: int, reps: int, embedder) -> dict:
    from memcli import Memory

    build_s = seed(db, n, pool, embedder, random.Random(n))
    xs = []
    with Memory(db=db, user="bench") as mem:
        mem._embedder = embedder
        for q in QUERIES[:3]:
            mem.search(q)
        for _ in range(reps):
            for q in QUERIES:
                t = time.perf_counter()
                mem.search(q, limit=5)
                xs.append((time.perf_counter() - t) * 1000)
    return {"n": n, "build_s": round(build_s, 1), "p50": pct(xs, 50), "p95": pct(xs, 95)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--capture", type=int, default=500)
    ap.add_argument("--drain", type=int, default=400)
    ap.add_argument("--sizes", default="10000")
    ap.add_argument("--pool", type=int, default=2000)
    ap.add_argument("--reps", type=int, default=2)
    ap.add_argument("--pg-url", default=None, help="an existing server (default: start pgserver in a temp folder)")
    ap.add_argument("--backends", default="sqlite,postgresql")
    a = ap.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("MEMCLI_CONFIG", os.devnull)
    from memcli.embed import load_embedder
    from memcli.settings import DEFAULT_MODEL
    from memcli.warm import warm

    warm(DEFAULT_MODEL)  # the ONNX export the drain workers and the query encoder use
    embedder = load_embedder(DEFAULT_MODEL, "auto")
    results: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as tmp:
        b = Backends(Path(tmp), a.pg_url)
        try:
            for be in a.backends.split(","):
                r: dict = {}
                print(f"# {be}: capture", file=sys.stderr, flush=True)
                r["capture"] = bench_capture(b.fresh(be), a.capture)
                for w in (1, 4):
                    print(f"# {be}: drain x{w}", file=sys.stderr, flush=True)
                    r[f"drain{w}"] = bench_drain(b.fresh(be), a.drain, w)
                r["search"] = []
                for n in [int(x) for x in a.sizes.split(",") if x]:
                    print(f"# {be}: search at {n}", file=sys.stderr, flush=True)
                    r["search"].append(bench_search(b.fresh(be), n, a.pool, a.reps, embedder))
                results[be] = r
                print(json.dumps(r), file=sys.stderr, flush=True)
        finally:
            b.close()
    load = os.getloadavg()
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bench_pg.json").write_text(json.dumps({"when": datetime.now(UTC).isoformat(), "args": vars(a),
                                                   "loadavg": load, "results": results}, indent=2))
    f = "{:.2f}".format
    sizes = [s["n"] for s in next(iter(results.values()))["search"]]
    print("| backend | capture p50 / p99 ms | drain 1 worker utt/s | drain 4 workers utt/s | "
          + " | ".join(f"hybrid search p50 / p95 ms at {n:,}" for n in sizes) + " |")
    print("|---|---|---|---|" + "---|" * len(sizes))
    for be, r in results.items():
        print(f"| {be} | {f(r['capture']['p50'])} / {f(r['capture']['p99'])} | {r['drain1']['per_s']} | "
              f"{r['drain4']['per_s']} | " + " | ".join(f"{f(s['p50'])} / {f(s['p95'])}" for s in r["search"]) + " |")
    print(f"\n{a.capture} captures; {a.drain} utterances of 20 users per drain run; search: one user, 20 queries x "
          f"{a.reps}, warm, limit 5. Load average at the end: {load[0]:.1f} on {os.cpu_count()} CPUs.")


if __name__ == "__main__":
    main()
