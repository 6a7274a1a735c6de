"""Vector files benchmark: what a cold process pays for a big user's dense leg, and the int8 shortlist.

On one database of N memories of one user (built as ``bench_scale.py`` builds it: real
statements, synthetic clustered vectors in the default model's dimension), all in the same run:

- **copy**: loading the user's vectors out of vec0's shadow tables (what every new process paid
  before the files) beside writing the vector files whole (once per database; the writer then
  extends them after each commit) and mapping them (what a new process pays now);
- **KNN** p50 / p95 ms over the mapped float32 copy, the mapped int8 shortlist re-scored in float32
  (one thread, and p50 of the two-thread scan a hybrid search runs), and the numpy floor (one
  float32 matrix-vector product and a top-k over an in-memory matrix),
  with recall@10 of each against exact KNN, for real query encodings and for queries near stored
  vectors (perturbed copies: the hard case for a shortlist, many close scores);
- **cold CLI**: wall of ``memcli search`` and ``memcli context`` in new processes with the files
  and without them (``MEMCLI_VECTOR_FILES=0``: vec0's KNN, as before), and how many ``context``
  runs kept the dense leg (not "lexical only").

Run::

    PYTHONPATH=. .venv/bin/python bench/bench_vector_files.py --n 100000
    PYTHONPATH=. .venv/bin/python bench/bench_vector_files.py --db /tmp/s300k.db --matrix /tmp/s300k.npy

``--db`` reuses a database made by an earlier run (``--keep``) and ``--matrix`` its vectors (``.npy``).
Writes bench/out/bench_vector_files.json.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
sys.path.insert(0, str(ROOT / "bench"))
from bench_scale import build, pct, query_embedder  # noqa: E402
from bench_search import QUERIES  # noqa: E402

PY = sys.executable


def _timed(fn, reps: int) -> tuple[list[float], list]:  # noqa: ANN001
    ms, out = [], []
    for _ in range(reps):
        t = time.perf_counter()
        out.append(fn())
        ms.append((time.perf_counter() - t) * 1000)
    return ms, out


def _floor(mat: np.ndarray, q: np.ndarray, k: int) -> list[int]:
    sims = mat @ q
    top = np.argpartition(-sims, k)[:k]
    return [int(i) + 1 for i in top[np.argsort(-sims[top])]]  # item ids are row + 1 in the bench build


def _two_threads(uv, q: np.ndarray, k: int) -> list:  # noqa: ANN001
    """The scan as a hybrid search runs it: one thread starts it, the caller's thread joins in."""
    import threading

    from memcli.db.vector_copy import Scan

    scan = Scan(uv, k, None)
    th = threading.Thread(target=scan.start, args=(q,))
    th.start()
    out = scan.result()
    th.join()
    return out or []


def knn_figures(db: Path, mat: np.ndarray, qs: np.ndarray, k: int) -> dict:
    from memcli.db import vector_file
    from memcli.db.sqlite import SQLiteStore
    from memcli.db.vector_cache import load_user

    res: dict = {}
    with SQLiteStore(db) as st:
        hi = int(st.scalar("SELECT coalesce(max(seq), 0) FROM memcli_vec_log"))
        t = time.perf_counter()
        uv = load_user(st, "bench", mat.shape[1], hi, None)
        res["load_shadow_s"] = time.perf_counter() - t
        del uv
        shutil.rmtree(vector_file.folder_of(st), ignore_errors=True)
        t = time.perf_counter()
        assert vector_file.sync(st, "bench", build=True)
        res["build_files_s"] = time.perf_counter() - t
        t = time.perf_counter()
        mapped = vector_file.open_user(st, "bench", mat.shape[1])
        res["map_ms"] = (time.perf_counter() - t) * 1000
        assert mapped is not None
        for name, env in (("float32", str(10**12)), ("int8", "0")):
            os.environ["MEMCLI_INT8_MIN_VECTORS"] = env
            assert mapped.quantised == (name == "int8")
            for qname, qset in qs.items():
                ms, got = _timed(lambda it=iter(qset): mapped.knn(next(it), k, None), len(qset))
                exact = [_floor(mat, q, 10) for q in qset]
                rec = np.mean([len({i for i, _ in g[:10]} & set(e)) / 10 for g, e in zip(got, exact, strict=True)])
                two, _ = _timed(lambda it=iter(qset): _two_threads(mapped, next(it), k), len(qset))
                res[f"{name}_{qname}"] = {"p50": pct(ms, 50), "p95": pct(ms, 95), "recall10": float(rec),
                                          "scan2_p50": pct(two, 50), "scan2_p95": pct(two, 95)}
        os.environ.pop("MEMCLI_INT8_MIN_VECTORS", None)
    for qname, qset in qs.items():
        ms, _ = _timed(lambda it=iter(qset): _floor(mat, next(it), k), len(qset))
        res[f"numpy_{qname}"] = {"p50": pct(ms, 50), "p95": pct(ms, 95)}
    return res


def cold_figures(db: Path, runs: int) -> dict:
    env = {**os.environ, "MEMCLI_DB": str(db), "MEMCLI_USER": "bench", "PYTHONPATH": str(ROOT)}
    out: dict = {}
    for label, extra in (("files", {}), ("vec0", {"MEMCLI_VECTOR_FILES": "0"})):
        e = {**env, **extra}
        for cmd in ("search", "context"):
            walls, cpus, dense = [], [], 0
            for i in range(runs):
                q = QUERIES[(i * 7) % len(QUERIES)]
                args = [PY, "-m", "memcli", cmd, q] + (["--json"] if cmd == "search" else ["--format", "json"])
                t, c = time.perf_counter(), os.times()
                r = subprocess.run(args, capture_output=True, text=True, env=e, timeout=600)
                walls.append((time.perf_counter() - t) * 1000)
                d = os.times()  # the process's CPU time (user + system): less noisy than wall on a busy machine
                cpus.append((d.children_user - c.children_user + d.children_system - c.children_system) * 1000)
                if r.returncode != 0:
                    raise SystemExit(f"{cmd} failed: {r.stderr[-400:]}")
                if cmd == "context" and r.stdout.strip():
                    dense += not json.loads(r.stdout).get("degraded")
            out[f"{cmd}_{label}"] = statistics.median(walls)
            out[f"{cmd}_{label}_cpu"] = statistics.median(cpus)
            if cmd == "context":
                out[f"context_{label}_dense"] = f"{dense}/{runs}"
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=100_000)
    ap.add_argument("--db", default=None, help="an existing bench database (one user, 'bench')")
    ap.add_argument("--matrix", default=None, help="its vectors (.npy), row i = item i + 1")
    ap.add_argument("--queries", type=int, default=40)
    ap.add_argument("--cold-runs", type=int, default=5)
    ap.add_argument("--keep", action="store_true", help="keep the database built (prints its path)")
    a = ap.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from memcli.settings import load_settings

    model = load_settings().model
    emb = query_embedder(model)
    tmp = Path(tempfile.mkdtemp(prefix="bench_vf_"))
    try:
        if a.db:
            db, mat = Path(a.db), np.load(a.matrix)
        else:
            db = tmp / f"vf_{a.n}.db"
            os.environ["MEMCLI_VECTOR_FILES"] = "0"  # built without files: the run writes them itself
            mats, _ = build(db, a.n, 1, int(emb.dim), model)
            os.environ.pop("MEMCLI_VECTOR_FILES")
            mat = mats["bench"]
        rng = np.random.default_rng(7)
        real = emb.embed(list(QUERIES))[: a.queries].astype(np.float32)
        near = mat[rng.integers(0, len(mat), a.queries)] + rng.normal(0, 0.02, (a.queries, mat.shape[1]))
        near = (near / np.linalg.norm(near, axis=1, keepdims=True)).astype(np.float32)
        k = load_settings().candidates_per_leg
        res = {"n": len(mat), "dim": int(mat.shape[1]), "k": k, "when": datetime.now(UTC).isoformat(),
               "loadavg": os.getloadavg()}
        res["knn"] = knn_figures(db, mat, {"real": real, "near": near}, k)
        res["cold"] = cold_figures(db, a.cold_runs) if a.cold_runs else {}
        res["loadavg_end"] = os.getloadavg()
    finally:
        if a.keep and not a.db:
            print(f"kept {tmp}", file=sys.stderr)
        elif not a.db:
            shutil.rmtree(tmp, ignore_errors=True)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "bench_vector_files.json").write_text(json.dumps(res, indent=2))
    print(table(res))


def table(r: dict) -> str:
    kn, c = r["knn"], r["cold"]
    f = "{:.1f}".format
    lines = [f"{r['n']:,} memories of one user, {r['dim']}-d, k = {r['k']} (load average {r['loadavg'][0]:.1f} "
             f"→ {r['loadavg_end'][0]:.1f})\n",
             f"Copy: shadow-table load {kn['load_shadow_s']:.2f} s (every new process, before); files written "
             f"whole {kn['build_files_s']:.2f} s (once); map {f(kn['map_ms'])} ms (every new process, now).\n",
             "| queries | float32 map p50/p95 | int8 + rescore p50/p95 | 2-thread scan float32 / int8 p50 | "
             "numpy floor p50/p95 | recall@10 float32 | recall@10 int8 |", "|---|---|---|---|---|---:|---:|"]
    for q in ("real", "near"):
        a, b, n = kn[f"float32_{q}"], kn[f"int8_{q}"], kn[f"numpy_{q}"]
        lines.append(f"| {q} | {f(a['p50'])}/{f(a['p95'])} | {f(b['p50'])}/{f(b['p95'])} | "
                     f"{f(a['scan2_p50'])} / {f(b['scan2_p50'])} | {f(n['p50'])}/{f(n['p95'])} "
                     f"| {a['recall10']:.3f} | {b['recall10']:.3f} |")
    if c:
        lines += ["\nCold CLI, median wall ms and CPU ms (user + system) of a new process each:\n",
                  "| | files | vec0 (no files) |", "|---|---:|---:|",
                  *(f"| `{cmd}` wall / CPU | {f(c[f'{cmd}_files'])} / {f(c.get(f'{cmd}_files_cpu', 0))} | "
                    f"{f(c[f'{cmd}_vec0'])} / {f(c.get(f'{cmd}_vec0_cpu', 0))} |" for cmd in ("search", "context")),
                  f"| `context` dense leg kept | {c['context_files_dense']} | {c['context_vec0_dense']} |"]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
