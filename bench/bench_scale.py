"""Scale benchmark: one table for 1k / 10k / 100k / 1M memories of one user and 1M across 10k users.

Per size, all in the same run: DB bytes per memory (db + wal after a checkpoint), bulk index
rate (item row + FTS5 jieba tokens + vec0 row, the statements ``memcli.db.items.insert_item``
runs, batched), warm in-process ``Memory.search`` p50/p95 for dense-only, lexical-only and hybrid
(query encoding included), the dense leg alone (in-process vector cache, and vec0's KNN with the
cache off), the numpy brute-force floor over the same float32 matrix, their ratio, and recall@10
of the cached KNN against vec0's exact KNN, and where the hybrid time goes (lexical, encoder
wait, dense, fusion + rows). Then the cold CLI: ``capture`` and ``--help`` process wall (p50), and
``context`` cold wall beside the same steps timed one by one in a cold process (interpreter,
imports, open, encoder load, query), for every single-user size from 10k. Last, 500 users × 4
memories through the real import path: db + wal bytes, each user's own memory found.

Data: realistic mixed Chinese/English statements (the templates of bench_search.py, cycled past
their ~110k distinct combinations), tokenised once per distinct statement. Vectors are synthetic
(no encoding of 1M sentences): unit vectors around 2,000 random cluster centres, in the default
model's dimension, so KNN cost is what it would be; queries are real query encodings.

Run (the 1M rows need ~6 GB of RAM and ~3 GB of disk for each temporary database; pass ``--dir``
for a roomy folder; the 1M rows are not part of CI)::

    PYTHONPATH=. .venv/bin/python bench/bench_scale.py                    # 1k, 10k, 100k (~5 min)
    PYTHONPATH=. .venv/bin/python bench/bench_scale.py --sizes 1000,10000,100000,1000000 \\
        --multi-user 1000000:10000 --dir /tmp                             # the whole table (12 min here)

Prints markdown tables; writes bench/out/bench_scale.json. ``MEMCLI_VECTOR_CACHE_MB`` bounds the
cache (default 2048: enough for 1M × 512-d).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
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
from bench_search import QUERIES, statements  # noqa: E402

PY = sys.executable


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, int(round(p / 100 * (len(xs) - 1)))))]


def synth_vectors(n: int, dim: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    centres = rng.standard_normal((2000, dim)).astype(np.float32)
    out = np.empty((n, dim), np.float32)
    step = 100_000
    for a in range(0, n, step):
        b = min(n, a + step)
        v = centres[rng.integers(0, len(centres), b - a)] + rng.normal(0, 0.6, (b - a, dim)).astype(np.float32)
        out[a:b] = v / np.linalg.norm(v, axis=1, keepdims=True)
    return out


def build(path: Path, n: int, users: int, dim: int, model: str) -> tuple[dict[str, np.ndarray], float]:
    """n memories spread evenly over ``users`` users, inserted user by user; returns each user's
    matrix and the bulk rate (memories/s)."""
    from memcli.db import index
    from memcli.db import schema as s
    from memcli.db.bounded import user_token
    from memcli.db.connect import Store
    from memcli.text import normalize, search_tokens
    from memcli.timeutil import FAR_FUTURE_EPOCH, iso, to_epoch

    rng = random.Random(n + users)
    distinct = statements(min(n, 120_000), rng)
    toks = {}
    vecs = synth_vectors(n, dim, seed=n + users)
    per = n // users
    mats: dict[str, np.ndarray] = {}
    t0 = datetime(2024, 1, 1, tzinfo=UTC)
    store = Store(path)
    start = time.perf_counter()
    index.ensure_vec_table(store, dim, model)
    batch = 20_000
    for a in range(0, n, batch):
        b = min(n, a + batch)
        rows, fts, vec = [], [], []
        for i in range(a, b):
            text = distinct[i % len(distinct)]
            if text not in toks:
                toks[text] = " ".join(search_tokens(text))
            user = f"user{i // per:05d}" if users > 1 else "bench"
            vf = t0 + timedelta(minutes=3 * i)
            rows.append((i + 1, user, text, normalize(text), rng.uniform(0.3, 0.9), iso(vf), iso(vf), iso(vf), model))
            fts.append((i + 1, toks[text], user, user_token(user)))
            vec.append((i + 1, user, to_epoch(vf), FAR_FUTURE_EPOCH, vecs[i].tobytes()))
        with store.tx():
            store.conn.executemany(
                f"INSERT INTO {s.ITEMS}(id, user_id, statement, normalized, kind, salience, confidence, origin, "
                "valid_from, recorded_at, last_confirmed_at, embed_model) "
                "VALUES (?, ?, ?, ?, 'other', ?, 0.9, 'import', ?, ?, ?, ?)", rows)
            store.conn.executemany(f"INSERT INTO {s.FTS}(rowid, tokens, user_id, user_key) VALUES (?, ?, ?, ?)",
                                   fts)
            store.conn.executemany(f"INSERT INTO {s.VEC}(item_id, user_id, active, current, valid_from, invalid_at, "
                                   "embedding) VALUES (?, ?, 1, 1, ?, ?, ?)", vec)
        print(f"  inserted {b:,}/{n:,}", file=sys.stderr, flush=True)
    rate = n / (time.perf_counter() - start)
    store.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    store.close()
    for u in range(min(users, 50)):
        mats[f"user{u:05d}" if users > 1 else "bench"] = vecs[u * per:(u + 1) * per]
    return mats, rate


def query_embedder(model: str):  # noqa: ANN201
    """The encoder the read path picks in a long-lived process: the ONNX export when it exists
    (``memcli warm``), so the bench does not load torch (which would then serve the queries)."""
    from memcli.embed import get_embedder
    from memcli.embed import onnx as ox

    if ox.is_exported(model):
        return ox.get_onnx_embedder(model)
    return get_embedder(model)


def warm_figures(db: Path, mats: dict[str, np.ndarray], reps: int, cache: bool, with_legs: bool = True) -> dict:
    """Warm in-process figures; for many users, the query cycles over users."""
    os.environ["MEMCLI_VECTOR_CACHE_MB"] = "4096" if cache else "0"
    from memcli import Memory
    from memcli.read.dense import dense_leg

    users = list(mats)
    mems = {u: Memory(db=str(db), user=u) for u in users}
    res: dict = {}
    try:
        first = mems[users[0]]
        for q in QUERIES[:3]:
            first.search(q)  # loads the encoder, jieba, and (second call) the user's vector cache
        for u in users:
            mems[u].search(QUERIES[0])
            mems[u].search(QUERIES[1])
        for name, legs in (("dense", ("dense",)), ("lexical", ("lexical",)), ("hybrid", ("dense", "lexical")))[
                :3 if with_legs else 0]:
            xs, parts, beside = [], {}, 0
            for r in range(reps):
                for j, q in enumerate(QUERIES):
                    m = mems[users[(j + r) % len(users)]]
                    t = time.perf_counter()
                    hits = m.search(q, limit=5, legs=legs)
                    xs.append((time.perf_counter() - t) * 1000)
                    beside += hits.info.dense_concurrent
                    for key, ms in hits.info.timings_ms.items():
                        parts.setdefault(key, []).append(ms)
            res[name] = {"p50": pct(xs, 50), "p95": pct(xs, 95), "dense_beside_lexical": beside / len(xs),
                         "parts_p50": {key: round(pct(v, 50), 2) for key, v in parts.items()},
                         "parts_p95": {key: round(pct(v, 95), 2) for key, v in parts.items()}}
        emb = query_embedder(first.settings.model)
        qv = emb.embed(QUERIES)
        t = time.perf_counter()
        emb.embed([QUERIES[0]])
        res["encode_ms"] = (time.perf_counter() - t) * 1000
        knn, floor = [], []
        k = first.settings.candidates_per_leg
        for r in range(reps):
            for j, v in enumerate(qv):
                u = users[(j + r) % len(users)]
                t = time.perf_counter()
                dense_leg(mems[u].store, u, v, limit=k)
                knn.append((time.perf_counter() - t) * 1000)
                t = time.perf_counter()
                sims = mats[u] @ v
                top = np.argpartition(-sims, min(k, len(sims) - 1))[:k]
                top[np.argsort(-sims[top])]
                floor.append((time.perf_counter() - t) * 1000)
        res["knn"] = {"p50": pct(knn, 50), "p95": pct(knn, 95)}
        res["numpy"] = {"p50": pct(floor, 50), "p95": pct(floor, 95)}
        if cache:  # recall@10 of the cached KNN against vec0's exact KNN
            from memcli.db.search import knn_sql

            hit = tot = 0
            for j, v in enumerate(qv):
                m = mems[users[j % len(users)]]
                got = [h.id for h in dense_leg(m.store, m.user, v, limit=10)]
                exact = [r["item_id"] for r in m.store.q(knn_sql(), [v.astype(np.float32).tobytes(), 10, m.user])]
                hit += len(set(got) & set(exact))
                tot += len(exact)
            res["recall10"] = hit / max(tot, 1)
            res["cached_users"] = sum(bool(m.store.vector_cache.users) for m in mems.values())
    finally:
        for m in mems.values():
            m.close()
    return res


def _wall(args: list[str], env: dict, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        r = subprocess.run([PY, *args], capture_output=True, text=True, env=env, timeout=300)
        out.append((time.perf_counter() - t) * 1000)
        if r.returncode != 0:
            raise SystemExit(f"{args} failed: {r.stderr[-400:]}")
    return out


BREAKDOWN = """
import json, sys, time
t0 = time.perf_counter()
import memcli.cli.entry  # the Typer app with its commands, as `memcli context` imports them
from memcli import Memory
from memcli.embed import get_embedder
t1 = time.perf_counter()
m = Memory(db=sys.argv[1], user=sys.argv[2])
t2 = time.perf_counter()
get_embedder(m.settings.model).embed_query("x")  # the encoder `context` loads on its thread
t3 = time.perf_counter()
res = m.context(sys.argv[3], budget_ms=60000)
t4 = time.perf_counter()
print(json.dumps({"imports": (t1 - t0) * 1000, "open": (t2 - t1) * 1000, "encoder": (t3 - t2) * 1000,
                  "query": (t4 - t3) * 1000, "hits": len(res.hits)}))
"""


def cold_figures(db: Path, runs: int, user: str, cli: bool) -> dict:
    """Cold processes: ``context`` wall (median of ``runs``) and, in separate processes, the same
    steps one after another with their times (interpreter, imports, open, encoder load, query);
    with ``cli`` also ``capture`` / ``--help`` / ``import memcli.cli``."""
    env = {**os.environ, "MEMCLI_DB": str(db), "MEMCLI_USER": user, "PYTHONPATH": str(ROOT)}
    env.pop("MEMCLI_VECTOR_CACHE_MB", None)
    res = {"interpreter": statistics.median(_wall(["-c", "pass"], env, runs))}
    if cli:
        res |= {"import_cli": statistics.median(_wall(["-c", "import memcli.cli"], env, runs)),
                "capture": statistics.median(_wall(["-m", "memcli", "capture", "--no-drain", "我咖啡不加糖"], env,
                                                   runs)),
                "help": statistics.median(_wall(["-m", "memcli", "--help"], env, runs))}
    walls, inner, degraded, parts = [], [], 0, []
    for i in range(runs):
        q = QUERIES[(i * 7) % len(QUERIES)]
        t = time.perf_counter()
        r = subprocess.run([PY, "-m", "memcli", "context", "--format", "json", q],
                           capture_output=True, text=True, env=env, timeout=300)
        walls.append((time.perf_counter() - t) * 1000)
        if r.returncode == 0 and r.stdout.strip():
            out = json.loads(r.stdout)
            inner.append(out["elapsed_ms"])
            degraded += bool(out.get("degraded"))
        t = time.perf_counter()
        r = subprocess.run([PY, "-c", BREAKDOWN, str(db), user, q], capture_output=True, text=True, env=env,
                           timeout=300)
        wall = (time.perf_counter() - t) * 1000
        if r.returncode == 0:
            d = json.loads(r.stdout.strip().splitlines()[-1])
            d["wall"] = wall
            parts.append(d)
    res["context"] = statistics.median(walls)
    res["context_inside"] = statistics.median(inner) if inner else None
    res["context_degraded"] = f"{degraded}/{len(inner)}"
    res["breakdown"] = {k: statistics.median(p[k] for p in parts) for k in ("wall", "imports", "open", "encoder",
                                                                               "query")} if parts else {}
    return res


def small_users_figure(tmp: Path, users: int, per: int) -> dict:
    """``users`` × ``per`` memories through ``Memory.import_records`` (real model): db + wal bytes,
    and whether every 25th user's own memory comes first (tests/test_scale_layout.py asserts both)."""
    from memcli import Memory
    from memcli.records import MemoryRecord

    path = tmp / "small_users.db"
    pets = ["cat", "dog", "parrot", "rabbit", "hamster", "turtle", "goldfish", "pony"]
    t = time.perf_counter()
    for u in range(users):
        recs = [MemoryRecord(text=f"My {pets[u % 8]} is called Nemo{u}x"),
                MemoryRecord(text=f"I work as a tester in city number {u}"),
                MemoryRecord(text=f"My favourite dish is recipe {u} with rice"),
                MemoryRecord(text=f"I was born in {1950 + u % 60}")][:per]
        with Memory(db=str(path), user=f"user{u:04d}") as m:
            m.import_records(recs)
    secs = time.perf_counter() - t
    with Memory(db=str(path), user="user0000") as m:
        m.store.conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
    size = sum(Path(str(path) + x).stat().st_size for x in ("", "-wal") if Path(str(path) + x).exists())
    found = tried = 0
    for u in range(0, users, 25):
        with Memory(db=str(path), user=f"user{u:04d}") as m:
            hits = m.search(f"what is my {pets[u % 8]} called? Nemo{u}x", limit=4)
            tried += 1
            found += bool(hits) and hits[0].statement == f"My {pets[u % 8]} is called Nemo{u}x"
    for x in ("", "-wal", "-shm"):
        Path(str(path) + x).unlink(missing_ok=True)
    return {"users": users, "per": per, "bytes": size, "mb": size / 1e6, "bytes_per_user": size / users,
            "import_s": secs, "own_found": f"{found}/{tried}"}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="1000,10000,100000", help="memories of one user")
    ap.add_argument("--multi-user", "--multi", dest="multi", default="",
                    help="N:USERS[,N:USERS], e.g. 1000000:10000 (N memories spread over USERS users)")
    ap.add_argument("--small-users", default="500:4", help="USERS:PER through the real import path ('' to skip)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--cold-runs", type=int, default=5)
    ap.add_argument("--dir", default=None, help="folder for the databases (default: a temporary one)")
    a = ap.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from memcli.settings import load_settings

    model = load_settings().model
    dim = int(query_embedder(model).dim)
    plan = [(int(x), 1) for x in a.sizes.split(",") if x]
    for spec in filter(None, a.multi.split(",")):
        n, u = spec.split(":")
        plan.append((int(n), int(u)))
    results = []
    with tempfile.TemporaryDirectory(dir=a.dir) as tmp:
        for n, users in plan:
            print(f"# {n:,} memories, {users:,} user(s)", file=sys.stderr, flush=True)
            db = Path(tmp) / f"scale_{n}_{users}.db"
            mats, rate = build(db, n, users, dim, model)
            size = sum(Path(str(db) + x).stat().st_size for x in ("", "-wal") if Path(str(db) + x).exists())
            row = {"n": n, "users": users, "bytes_per_memory": size / n, "db_mb": size / 1e6, "rate": rate,
                   "cached": warm_figures(db, mats, a.reps, cache=True)}
            row["vec0"] = warm_figures(db, mats, 1, cache=False, with_legs=n <= 100_000)
            if users == 1 and n >= 10_000 and a.cold_runs:
                row["cold"] = cold_figures(db, a.cold_runs, "bench", cli=not any("cold" in r for r in results))
            results.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
            for x in ("", "-wal", "-shm"):
                Path(str(db) + x).unlink(missing_ok=True)
        small = None
        if a.small_users:
            su, per = (int(x) for x in a.small_users.split(":"))
            small = small_users_figure(Path(tmp), su, per)
            print(json.dumps(small), file=sys.stderr, flush=True)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bench_scale.json").write_text(json.dumps({"when": datetime.now(UTC).isoformat(), "model": model,
                                                      "dim": dim, "loadavg": os.getloadavg(), "results": results,
                                                      "small_users": small}, indent=2))
    print(table(results, dim, small))


def table(results: list[dict], dim: int, small: dict | None = None) -> str:
    f = "{:.1f}".format
    lines = ["| memories (users) | bytes/memory | insert/s | dense p50/p95 | lexical p50/p95 | hybrid p50/p95 | "
             "numpy floor p50 | hybrid p95 / floor | KNN cached / vec0 p50 | recall@10 |",
             "|---|---:|---:|---|---|---|---:|---:|---|---:|"]
    for r in results:
        c, v = r["cached"], r["vec0"]
        lines.append(
            f"| {r['n']:,} ({r['users']:,}) | {r['bytes_per_memory']:,.0f} | {r['rate']:,.0f} | "
            f"{f(c['dense']['p50'])}/{f(c['dense']['p95'])} | {f(c['lexical']['p50'])}/{f(c['lexical']['p95'])} | "
            f"{f(c['hybrid']['p50'])}/{f(c['hybrid']['p95'])} | {c['numpy']['p50']:.2f} | "
            f"{c['hybrid']['p95'] / max(c['numpy']['p50'], 1e-3):.1f}x | {f(c['knn']['p50'])} / {f(v['knn']['p50'])} | "
            f"{c.get('recall10', float('nan')):.3f} |")
    lines.append(f"\nms; {dim}-d; warm = long-lived process (query encoding included in dense/hybrid). "
                 "vec0 = the same KNN with the cache off (MEMCLI_VECTOR_CACHE_MB=0).")
    lines += ["\nWhere the hybrid time goes (p50 / p95 ms; the KNN runs beside the lexical leg when the user's "
              "vectors are cached, `dense after lexical` is the wait for it once the lexical leg is done):\n",
              "| memories (users) | lexical | encoder wait | dense after lexical | fusion + rows | total | "
              "KNN beside lexical |", "|---|---|---|---|---|---|---:|"]
    for r in results:
        h = r["cached"]["hybrid"]
        p50, p95 = h["parts_p50"], h["parts_p95"]
        cell = [f"{f(p50.get(k, 0))} / {f(p95.get(k, 0))}" for k in ("lexical", "encode_wait", "dense_knn",
                                                                       "fuse_rank", "total")]
        lines.append(f"| {r['n']:,} ({r['users']:,}) | {' | '.join(cell)} | {h['dense_beside_lexical']:.0%} |")
    cold = [r for r in results if "cold" in r]
    if cold:
        c0 = cold[0]["cold"]
        if "capture" in c0:
            lines.append(f"\nCold CLI, median wall ms: interpreter (`python -c pass`) {f(c0['interpreter'])}, "
                         f"`import memcli.cli` {f(c0['import_cli'])}, `capture` {f(c0['capture'])}, "
                         f"`--help` {f(c0['help'])}.")
        lines += ["\nCold `memcli context` (median wall ms; the breakdown runs the same steps one after another "
                  "in a separate cold process: interpreter, imports, open the store, load the encoder, the query "
                  "with the encoder loaded):\n",
                  "| memories | `context` wall | its own elapsed | lexical only | breakdown wall | interpreter | "
                  "imports | open | encoder load | query |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for r in cold:
            c, b = r["cold"], r["cold"].get("breakdown") or {}
            lines.append(f"| {r['n']:,} | {f(c['context'])} | {f(c['context_inside'] or 0)} | "
                         f"{c['context_degraded']} | {f(b.get('wall', 0))} | {f(c['interpreter'])} | "
                         f"{f(b.get('imports', 0))} | {f(b.get('open', 0))} | {f(b.get('encoder', 0))} | "
                         f"{f(b.get('query', 0))} |")
    if small:
        lines.append(f"\n{small['users']} users × {small['per']} memories (real import path and model): "
                     f"{small['mb']:.2f} MB db + wal ({small['bytes_per_user'] / 1024:.1f} KB per user), "
                     f"own memory first for {small['own_found']} users checked.")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
