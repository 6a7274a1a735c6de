"""Read-path benchmark: search latency at 1k / 10k / 100k memories, context against its budget.

For one user holding N generated, realistic, mixed Chinese/English memories (LoCoMo
``observation`` facts from ../shared/data, plus templated first-person facts in both
languages), it reports, all measured in the same run:

- warm in-process ``retrieve()`` p50/p95 (ms) for dense-only, lexical-only and hybrid
  (query encoding included, with the in-process sentence-transformers model);
- the dense leg's sqlite-vec KNN alone vs a numpy brute-force cosine top-k over the same
  (N, 384) float32 matrix held in memory, as a ratio;
- cold CLI wall time of ``memcli search`` and ``memcli context`` (fresh processes, ONNX
  query encoder, no torch import), median of a few runs;
- warm in-process ``build_context`` p50/p99/max vs its 800 ms budget, and how many cold CLI
  ``context`` calls fell back to lexical only or dropped the block.

Vectors: only up to ``--pool`` distinct statements are embedded with the real model; the
other statements reuse the vector of a random embedded one plus small Gaussian noise
(re-normalised): KNN cost does not depend on the vectors' meaning. Rows are inserted with
the same statements ``memcli.db.items.insert_item`` runs (item row, FTS5 jieba tokens, vec0
row with its validity flags), batched with ``executemany`` in one transaction.

Run (about 5-10 minutes on 2 cores)::

    . .venv/bin/activate
    python bench/bench_search.py                      # 1k, 10k, 100k
    python bench/bench_search.py --sizes 1000 --cold-runs 2

Prints a markdown table; writes bench/out/bench_search.json.
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
DATA = ROOT.parent / "shared" / "data"
OUT = ROOT / "bench" / "out"

QUERIES = ["咖啡", "我妈妈的生日是哪天", "喜欢什么运动", "住在哪里", "猫", "过敏", "Python开发", "周末做什么",
           "3月5号", "明天下午开会吗",
           "coffee", "where does my sister live", "favorite sport", "allergic", "what pets do I have",
           "birthday", "painting", "weekend plans", "Lyon", "what is the weather tomorrow"]

ZH_WHO = ["我", "我妈妈", "我爸爸", "我姐姐", "我弟弟", "我老婆", "我老公", "我女儿", "我儿子", "我同事", "我朋友小王",
          "我室友", "我奶奶", "我表哥"]
ZH_WHAT = ["喜欢喝{x}", "不喜欢吃{x}", "对{x}过敏", "每周三去{x}", "住在{x}", "在{x}工作", "养了一只{x}",
           "最近在学{x}", "周末常去{x}", "早餐一般吃{x}"]
ZH_X = ["咖啡", "绿茶", "乌龙茶", "花生", "海鲜", "牛奶", "芒果", "游泳馆", "健身房", "图书馆", "上海", "北京", "杭州",
        "成都", "深圳", "腾讯", "银行", "医院", "猫", "狗", "兔子", "Python开发", "吉他", "日语", "钢琴", "公园",
        "书店", "豆浆油条", "包子", "燕麦粥", "咖啡馆", "羽毛球馆", "菜市场", "画画", "瑜伽", "爬山", "滑雪", "钓鱼"]
ZH_WHEN = ["", "从2019年起", "从去年开始", "自从3月5号以后", "这几年", "小时候就", "最近", "一直", "从上个月起",
           "每年夏天"]
EN_WHO = ["I", "My mother", "My father", "My sister", "My brother", "My wife", "My husband", "My daughter", "My son",
          "My colleague Sam", "My friend Alex", "My roommate", "My grandma", "My cousin"]
EN_WHAT = [("like {x}", "likes {x}"), ("don't eat {x}", "doesn't eat {x}"),
           ("am allergic to {x}", "is allergic to {x}"), ("go to {x} on Wednesdays", "goes to {x} on Wednesdays"),
           ("live in {x}", "lives in {x}"), ("work at {x}", "works at {x}"), ("have a {x}", "has a {x}"),
           ("am learning {x}", "is learning {x}"), ("usually eat {x} for breakfast", "usually eats {x} for breakfast"),
           ("enjoy {x} on weekends", "enjoys {x} on weekends")]
EN_X = ["coffee", "green tea", "peanuts", "seafood", "milk", "mangoes", "the gym", "the library", "Lyon", "Paris",
        "Berlin", "Toronto", "a bank", "the hospital", "cat", "dog", "rabbit", "Python", "guitar", "Japanese",
        "piano", "the park", "oatmeal", "painting", "yoga", "hiking", "skiing", "fishing", "chess", "jazz",
        "sushi", "a bakery", "Madrid", "tennis", "pottery", "French", "a startup", "hamster", "the pool", "cheese"]
EN_WHEN = ["", " since 2019", " since last year", " these days", " since childhood", " lately", " every summer",
           " since March", " again", " for years"]


def _en(who: str, what: tuple[str, str], x: str, when: str) -> str:
    return f"{who} {what[0 if who == 'I' else 1].format(x=x)}{when}"


def statements(n: int, rng: random.Random) -> list[str]:
    """n distinct realistic statements, about half Chinese, half English."""
    out: list[str] = []
    seen: set[str] = set()
    loco = []
    try:
        d = json.loads((DATA / "locomo" / "locomo10.json").read_text(encoding="utf-8"))
        for conv in d:
            for sess in conv.get("observation", {}).values():
                for facts in sess.values():
                    loco += [f[0] for f in facts if isinstance(f, list) and f and isinstance(f[0], str)]
    except (OSError, ValueError):
        pass
    rng.shuffle(loco)
    for s in loco[: n // 10]:
        if s not in seen:
            seen.add(s)
            out.append(s)
    zh = [w + wh + t.format(x=x) for w in ZH_WHO for t in ZH_WHAT for x in ZH_X for wh in ZH_WHEN]
    en = [_en(w, t, x, wh) for w in EN_WHO for t in EN_WHAT for x in EN_X for wh in EN_WHEN]
    rng.shuffle(zh)
    rng.shuffle(en)
    for a, b in zip(zh, en, strict=False):
        for s in (a, b):
            if len(out) >= n:
                return out
            if s not in seen:
                seen.add(s)
                out.append(s)
    return out


def build_db(path: Path, n: int, pool: int, embedder, rng: random.Random) -> np.ndarray:
    from memcli.db import index
    from memcli.db import schema as s
    from memcli.db.bounded import user_token
    from memcli.db.connect import Store
    from memcli.embed import vec_to_blob
    from memcli.models import Kind
    from memcli.settings import DEFAULT_MODEL
    from memcli.text import normalize, search_tokens
    from memcli.timeutil import FAR_FUTURE_EPOCH, iso, to_epoch

    texts = statements(n, rng)
    k = min(pool, len(texts))
    base = embedder.embed(texts[:k], batch_size=64)
    vecs = np.empty((len(texts), base.shape[1]), dtype=np.float32)
    vecs[:k] = base
    if len(texts) > k:
        idx = np.asarray([rng.randrange(k) for _ in range(len(texts) - k)])
        noise = np.random.default_rng(7).normal(0, 0.03, (len(texts) - k, base.shape[1])).astype(np.float32)
        v = base[idx] + noise
        vecs[k:] = v / np.linalg.norm(v, axis=1, keepdims=True)
    store = Store(path)
    kinds = list(Kind)
    t0 = datetime(2025, 1, 1, tzinfo=UTC)
    with store.tx():  # bulk: the same rows insert_item writes (item, FTS5 tokens, vec0 + flags)
        index.ensure_vec_table(store, int(vecs.shape[1]), DEFAULT_MODEL)
        rows, fts, vec = [], [], []
        for i, (t, v) in enumerate(zip(texts, vecs, strict=True), start=1):
            vf = t0 + timedelta(minutes=7 * i)
            rows.append((i, t, normalize(t), str(kinds[i % len(kinds)]), rng.uniform(0.3, 0.9), iso(vf), iso(vf),
                         iso(vf), DEFAULT_MODEL))
            fts.append((i, " ".join(search_tokens(t)), "bench", user_token("bench")))
            vec.append((i, to_epoch(vf), FAR_FUTURE_EPOCH, vec_to_blob(v)))
        store.conn.executemany(
            f"INSERT INTO {s.ITEMS}(id, user_id, statement, normalized, kind, salience, confidence, origin, "
            "valid_from, recorded_at, last_confirmed_at, embed_model) "
            "VALUES (?, 'bench', ?, ?, ?, ?, 0.9, 'import', ?, ?, ?, ?)", rows)
        store.conn.executemany(f"INSERT INTO {s.FTS}(rowid, tokens, user_id, user_key) VALUES (?, ?, ?, ?)",
                                   fts)
        store.conn.executemany(f"INSERT INTO {s.VEC}(item_id, user_id, active, current, valid_from, invalid_at, "
                               "embedding) VALUES (?, 'bench', 1, 1, ?, ?, ?)", vec)
    store.close()
    return vecs


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, max(0, int(round(p / 100 * (len(xs) - 1)))))]


def timed(fn, reps: int) -> list[float]:
    out = []
    for _ in range(reps):
        for q in QUERIES:
            t = time.perf_counter()
            fn(q)
            out.append((time.perf_counter() - t) * 1000)
    return out


def cold(db: Path, args: list[str], runs: int) -> tuple[list[float], list[dict]]:
    walls, outs = [], []
    env = {**os.environ, "MEMCLI_DB": str(db), "MEMCLI_USER": "bench"}
    for i in range(runs):
        q = QUERIES[(i * 7) % len(QUERIES)]
        t = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "memcli", *args, q], capture_output=True, text=True, env=env,
                           timeout=300)
        walls.append((time.perf_counter() - t) * 1000)
        if r.returncode != 0:
            raise SystemExit(f"cold {args} failed: {r.stderr[-400:]}")
        if "--format" in args:
            outs.append(json.loads(r.stdout))
    return walls, outs


def run_size(n: int, a, embedder, tmp: Path) -> dict:
    from memcli import Memory
    from memcli.read.dense import dense_leg

    rng = random.Random(n)
    db = tmp / f"bench_{n}.db"
    t = time.perf_counter()
    vecs = build_db(db, n, a.pool, embedder, rng)
    build_s = time.perf_counter() - t
    res: dict = {"n": n, "build_s": round(build_s, 1)}
    with Memory(db=str(db), user="bench") as mem:
        for q in QUERIES[:3]:  # warm caches, jieba, model
            mem.search(q)
        for name, legs in (("dense", ("dense",)), ("lexical", ("lexical",)), ("hybrid", ("dense", "lexical"))):
            xs = timed(lambda q, legs=legs: mem.search(q, limit=5, legs=legs), a.reps)
            res[name] = {"p50": pct(xs, 50), "p95": pct(xs, 95)}
        qv = embedder.embed(QUERIES)
        knn, brute = [], []
        for _ in range(a.reps):
            for v in qv:
                t = time.perf_counter()
                dense_leg(mem.store, mem.user, v, limit=mem.settings.candidates_per_leg)
                knn.append((time.perf_counter() - t) * 1000)
                t = time.perf_counter()
                sims = vecs @ v
                top = np.argpartition(-sims, 50)[:50]
                top[np.argsort(-sims[top])]
                brute.append((time.perf_counter() - t) * 1000)
        res["knn"] = {"p50": pct(knn, 50), "p95": pct(knn, 95)}
        res["numpy"] = {"p50": pct(brute, 50), "p95": pct(brute, 95)}
        ctx = []
        fell = 0
        for _ in range(a.reps):
            for q in QUERIES:
                r = mem.context(q, budget_ms=800)
                ctx.append(r.elapsed_ms)
                fell += bool(r.reason and r.reason.startswith("budget"))
        res["context_warm"] = {"p50": pct(ctx, 50), "p99": pct(ctx, 99), "max": max(ctx), "over_budget": fell,
                               "calls": len(ctx)}
    if a.cold_runs:
        w, _ = cold(db, ["search", "--limit", "5"], a.cold_runs)
        res["cold_search"] = {"median": statistics.median(w), "max": max(w)}
        w, outs = cold(db, ["context", "--format", "json"], a.cold_runs)
        inner = [o["elapsed_ms"] for o in outs]
        res["cold_context"] = {"median": statistics.median(w), "max": max(w),
                               "in_budget_p50": statistics.median(inner), "in_budget_max": max(inner),
                               "lexical_only": sum(bool(o["degraded"]) for o in outs),
                               "dropped": sum(bool(o["reason"] and o["reason"].startswith("budget")) for o in outs),
                               "runs": len(outs)}
    db.unlink(missing_ok=True)
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="1000,10000,100000")
    ap.add_argument("--pool", type=int, default=2000, help="statements embedded with the real model")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--cold-runs", type=int, default=5)
    a = ap.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from memcli.embed import get_embedder
    from memcli.settings import DEFAULT_MODEL
    from memcli.warm import warm

    warm(DEFAULT_MODEL)  # the ONNX export + jieba table the cold CLI uses (cached; no-op when present)
    embedder = get_embedder(DEFAULT_MODEL)
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in [int(x) for x in a.sizes.split(",")]:
            print(f"# {n} memories ...", file=sys.stderr, flush=True)
            results.append(run_size(n, a, embedder, Path(tmp)))
            print(json.dumps(results[-1]), file=sys.stderr, flush=True)
    OUT.mkdir(parents=True, exist_ok=True)
    load = os.getloadavg()
    (OUT / "bench_search.json").write_text(json.dumps({"when": datetime.now(UTC).isoformat(), "queries": QUERIES,
                                                       "loadavg": load, "cpus": os.cpu_count(),
                                                       "results": results}, indent=2, ensure_ascii=False))
    f = "{:.1f}".format
    print("| memories | dense p50/p95 | lexical p50/p95 | hybrid p50/p95 | vec0 KNN p50 | numpy p50 | KNN/numpy "
          "| cold search | cold context | context in-budget p50/max (cold) | warm context p50/p99/max | "
          "cold lexical-only / dropped |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        cs, cc = r.get("cold_search", {}), r.get("cold_context", {})
        ratio = r["knn"]["p50"] / max(r["numpy"]["p50"], 1e-6)
        print(f"| {r['n']:,} | {f(r['dense']['p50'])}/{f(r['dense']['p95'])} | "
              f"{f(r['lexical']['p50'])}/{f(r['lexical']['p95'])} | {f(r['hybrid']['p50'])}/{f(r['hybrid']['p95'])} | "
              f"{f(r['knn']['p50'])} | {f(r['numpy']['p50'])} | {ratio:.1f}x | "
              f"{f(cs.get('median', 0))} | {f(cc.get('median', 0))} | "
              f"{f(cc.get('in_budget_p50', 0))}/{f(cc.get('in_budget_max', 0))} | "
              f"{f(r['context_warm']['p50'])}/{f(r['context_warm']['p99'])}/{f(r['context_warm']['max'])} | "
              f"{cc.get('lexical_only', 0)}/{cc.get('dropped', 0)} of {cc.get('runs', 0)} |")
    print("\nAll times in ms; context budget 800 ms. KNN/numpy: sqlite-vec brute force vs numpy brute force. "
          f"Load average at the end: {load[0]:.1f} on {os.cpu_count()} CPUs (other work on the machine inflates it).")


if __name__ == "__main__":
    main()
