"""The embedding models side by side, one run: quality on the goldset and speed on this machine.

For each model (default: ``use-multilingual-v3`` and ``multilingual-e5-small-q4``; add
``all-MiniLM-L6-v2`` with ``--models``), measured in the same process run:

- goldset retrieval (``memcli eval retrieval`` = :func:`memcli.eval.retrieval.eval_cases`, with
  the model's fitted fusion profile): hit@5 / recall@10 / MRR of hybrid, dense, lexical, per
  language and per tag;
- decisions: AUC of cosine separating NOOP from CONFLICT ∪ UPDATE, per language; and the
  calibration (:func:`memcli.calibrate.calibrate`): thresholds, held-out gray-zone share,
  held-out CONFLICT/UPDATE pairs decided by cosine;
- encode throughput: sentences/s at batch 64 over 1,024 goldset statements (warm, in process);
- cold start in fresh processes (median of ``--cold-runs``): model load, first vector; and cold
  ``memcli context`` on a 200-memory database: share of runs that return the block with the
  dense leg within the 800 ms budget (``elapsed_ms`` of the call; and process wall time), on a
  quiet machine and while ``--busy`` processes spin on both cores.

Run::

    python bench/bench_models.py                         # USE + e5, 10 cold runs each
    python bench/bench_models.py --models default e5 minilm --cold-runs 5

Prints markdown; writes bench/out/models.json.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = Path(__file__).resolve().parent / "out"
sys.path.insert(0, str(ROOT))

from busy import busy_loops  # noqa: E402 - after the path is set

COLD_LOAD = """
import time, sys
t0 = time.perf_counter()
from memcli.embed import get_embedder
e = get_embedder(sys.argv[1])
t1 = time.perf_counter()
e.embed_query("我妈妈的生日是几号")
t2 = time.perf_counter()
print(t1 - t0, t2 - t0)
"""


def auc(pos: list[float], neg: list[float]) -> float | None:
    """P(cos(NOOP) > cos(CONFLICT/UPDATE)), ties count half (Mann-Whitney)."""
    if not pos or not neg:
        return None
    wins = sum((p > n) + 0.5 * (p == n) for p in pos for n in neg)
    return wins / (len(pos) * len(neg))


def quality(model: str) -> dict:
    from memcli.calibrate import calibrate, pair_cosines
    from memcli.embed import get_embedder
    from memcli.eval.formats import default_goldset_dir, load_cases, load_pairs
    from memcli.eval.retrieval import eval_cases
    from memcli.settings import load_settings

    st = load_settings(model=model)
    gold = default_goldset_dir()
    ret = eval_cases(st, load_cases(gold / "retrieval.jsonl"))
    pairs = load_pairs(gold / "decisions.jsonl")
    cos = pair_cosines(pairs, get_embedder(model))
    aucs = {}
    for lg in ("zh", "en"):
        pos = [c for c, p in zip(cos, pairs, strict=True) if p.lang == lg and str(p.label) == "NOOP"]
        neg = [c for c, p in zip(cos, pairs, strict=True) if p.lang == lg and str(p.label) in ("CONFLICT", "UPDATE")]
        aucs[lg] = auc(pos, neg)
    cal = calibrate(st)
    return {"retrieval": {k: ret[k] for k in ("overall", "by_lang", "by_tag") if k in ret}, "auc": aucs,
            "calibration": {"thresholds": cal["thresholds"], "cv_gray_share": cal["cv"]["gray_share"],
                            "cv_risky_by_cosine": cal["cv"]["risky_by_cosine"]},
            "profile": {k: getattr(st, k) for k in ("fusion", "rrf_k", "weight_dense_zh", "weight_lexical_zh",
                                                    "weight_dense_en", "weight_lexical_en", "min_cosine",
                                                    "min_cosine_zh", "dedup_upper", "dedup_lower")}}


def throughput(model: str, n: int = 1024) -> float:
    from memcli.embed import get_embedder
    from memcli.eval.formats import default_goldset_dir, load_pairs

    texts = sorted({t for p in load_pairs(default_goldset_dir() / "decisions.jsonl") for t in (p.stored, p.incoming)})
    texts = (texts * (n // len(texts) + 1))[:n]
    emb = get_embedder(model)
    emb.embed(texts[:64])
    t = time.perf_counter()
    emb.embed(texts, batch_size=64)
    return n / (time.perf_counter() - t)


def make_db(model: str, path: Path) -> None:
    from memcli.eval.formats import default_goldset_dir, load_cases
    from memcli.memory import Memory

    stmts = [m.text for c in load_cases(default_goldset_dir() / "retrieval.jsonl") for m in c.memories]
    from memcli.eval.formats import load_pairs

    stmts += sorted({p.stored for p in load_pairs(default_goldset_dir() / "decisions.jsonl")})
    with Memory(db=str(path), user="bench", model=model) as mem:
        for s in stmts[:200]:
            mem.remember(s)


def cold_runs(model: str, db: Path, runs: int, env: dict) -> dict:
    loads, firsts, ctx_ok, elapsed, walls, dense = [], [], 0, [], [], 0
    for i in range(runs):
        r = subprocess.run([sys.executable, "-c", COLD_LOAD, model], capture_output=True, text=True, env=env,
                           check=True)
        a, b = map(float, r.stdout.split())
        loads.append(a)
        firsts.append(b)
        q = ["我妈妈的生日是几号", "what do I drink in the morning", "我住在哪里", "Which city is home?"][i % 4]
        t = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "memcli", "--db", str(db), "--user", "bench", "--model", model,
                            "context", q, "--format", "json"], capture_output=True, text=True, env=env)
        walls.append(time.perf_counter() - t)
        out = json.loads(r.stdout)
        has_dense = "dense" in ((out.get("retrieval") or {}).get("legs_run") or [])  # no block: no retrieval
        dense += has_dense
        elapsed.append(out["elapsed_ms"])
        ctx_ok += bool(out["text"]) and has_dense and out["elapsed_ms"] <= out["budget_ms"]
    return {"load_s": statistics.median(loads), "first_vector_s": statistics.median(firsts),
            "context_dense_in_budget": ctx_ok / runs, "context_dense": dense / runs,
            "context_elapsed_ms_median": statistics.median(elapsed), "context_elapsed_ms_max": max(elapsed),
            "context_wall_s_median": statistics.median(walls), "runs": runs}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--models", nargs="+", default=["use-multilingual-v3", "multilingual-e5-small-q4"])
    ap.add_argument("--cold-runs", type=int, default=10)
    ap.add_argument("--busy", type=int, default=2, help="spinning processes for the busy runs (0: skip)")
    ap.add_argument("--skip-quality", action="store_true")
    a = ap.parse_args()
    from memcli.settings import canonical_model
    from memcli.warm import warm

    res: dict = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0], "loadavg": os.getloadavg()},
                 "models": {}}
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory(prefix="memcli-bench-models-") as tmp:
        for m in a.models:
            m = canonical_model(m)
            r: dict = {}
            warm(m)  # what `memcli warm` prepares (USE: memory-mapped state; MiniLM: ONNX)
            if not a.skip_quality:
                r["quality"] = quality(m)
            r["encode_per_s_batch64"] = throughput(m)
            db = Path(tmp) / f"{m.replace('/', '_')}.db"
            make_db(m, db)
            r["cold_quiet"] = cold_runs(m, db, a.cold_runs, env)
            if a.busy:
                with busy_loops(a.busy):
                    r["cold_busy"] = cold_runs(m, db, a.cold_runs, env)
            res["models"][m] = r
    OUT.mkdir(exist_ok=True)
    (OUT / "models.json").write_text(json.dumps(res, indent=2, ensure_ascii=False), encoding="utf-8")
    print(report(res))


def report(res: dict) -> str:
    lines = ["| model | hit@5 hybrid / dense / lexical zh | en | AUC zh / en | gray zone (cv) | CONFL/UPD by cos | "
             "encode/s b64 | load s | first vector s | context dense ≤800 ms quiet / busy | ctx ms p50 quiet / busy |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for m, r in res["models"].items():
        q = r.get("quality")

        def h(lg: str, q: dict | None = q) -> str:
            if not q or lg not in q["retrieval"]["by_lang"]:
                return "–"
            d = q["retrieval"]["by_lang"][lg]
            return " / ".join(f"{d[k]['hit@5']:.3f}" for k in ("hybrid", "dense", "lexical"))

        au = "–" if not q else " / ".join("–" if q["auc"][lg] is None else f"{q['auc'][lg]:.2f}" for lg in ("zh", "en"))
        gz = "–" if not q else f"{100 * q['calibration']['cv_gray_share']:.1f}%"
        rk = "–" if not q else str(q["calibration"]["cv_risky_by_cosine"])
        cq, cb = r["cold_quiet"], r.get("cold_busy")
        busy_ok = f"{100 * cb['context_dense_in_budget']:.0f}%" if cb else "–"
        busy_ms = f"{cb['context_elapsed_ms_median']:.0f}" if cb else "–"
        lines.append(f"| {m} | {h('zh')} | {h('en')} | {au} | {gz} | {rk} | {r['encode_per_s_batch64']:.0f} | "
                     f"{cq['load_s']:.2f} | {cq['first_vector_s']:.2f} | "
                     f"{100 * cq['context_dense_in_budget']:.0f}% / {busy_ok} | "
                     f"{cq['context_elapsed_ms_median']:.0f} / {busy_ms} |")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
