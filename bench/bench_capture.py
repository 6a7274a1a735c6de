"""Capture latency: in-process (p50/p99) and as a CLI process (wall time), with baselines
measured in the same run.

Run (from the repo root, after ``./scripts/setup``)::

    . .venv/bin/activate && python bench/bench_capture.py            # 2,000 captures, 20 CLI runs
    python bench/bench_capture.py --n 5000 --runs 30                 # more samples

Prints a markdown table and writes ``bench/out/capture.json``.

What is measured (all on a fresh database in a temporary folder, WAL, synchronous=NORMAL):

- ``Memory.capture`` in-process: one call per distinct utterance (validation, idempotency
  lookup, source + outbox insert in one ``BEGIN IMMEDIATE`` transaction), per-call wall time.
- baseline, raw apsw: the same two INSERTs in ``BEGIN IMMEDIATE … COMMIT`` on the same schema
  through a bare apsw connection — the floor any SQLite capture pays.
- ``python -m memcli capture TEXT``: a new process per run, wall time until it exits.
- ``python -c "import memcli.cli"``: the import share of that process time.
- baseline, ``python -c pass``: the bare interpreter start on this machine.

The three process commands alternate run by run, so load from other processes falls on
all of them alike; compare ratios, not absolute times, across machines.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

OUT = Path(__file__).resolve().parent / "out"


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by nearest rank."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


def summary(name: str, samples_s: list[float]) -> dict:
    ms = [x * 1000 for x in samples_s]
    return {"name": name, "n": len(ms), "p50_ms": statistics.median(ms), "p99_ms": pct(ms, 0.99),
            "mean_ms": statistics.fmean(ms), "min_ms": min(ms)}


def bench_in_process(folder: Path, n: int) -> dict:
    from memcli import Memory

    mem = Memory(db=str(folder / "inproc.db"), user="alice")
    for i in range(20):  # warm-up: first statements compile, pages load
        mem.capture(f"warm-up {i}", key=f"w{i}")
    times = []
    for i in range(n):
        text = f"我咖啡不加糖 / I take my coffee without sugar #{i}"
        t0 = time.perf_counter()
        mem.capture(text, session="bench")
        times.append(time.perf_counter() - t0)
    depth = mem.stats()["outbox"]["pending"]
    mem.close()
    assert depth == n + 20, depth
    return summary("Memory.capture (in-process)", times)


def bench_raw_apsw(folder: Path, n: int) -> dict:
    import apsw

    from memcli.db.connect import Store

    db = folder / "raw.db"
    Store(db).close()  # the same schema, migrated
    conn = apsw.Connection(str(db))
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=NORMAL")
    now = "2026-01-01T00:00:00.000000+00:00"
    times = []
    for i in range(n + 20):
        t0 = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("INSERT INTO memory_sources(user_id, role, session_id, content, occurred_at, recorded_at) "
                     "VALUES ('alice', 'user', 'bench', ?, ?, ?)", (f"I take my coffee without sugar #{i}", now, now))
        sid = conn.last_insert_rowid()
        conn.execute("INSERT INTO memory_capture_outbox(source_id, user_id, idempotency_key, status, attempts, "
                     "next_attempt_at, created_at, updated_at) VALUES (?, 'alice', ?, 'pending', 0, ?, ?, ?)",
                     (sid, f"k{i}", now, now, now))
        conn.execute("COMMIT")
        if i >= 20:
            times.append(time.perf_counter() - t0)
    conn.close()
    return summary("baseline: raw apsw two-row insert", times)


def wall(cmd: list[str], runs: int, env: dict[str, str], cwd: Path) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        out.append(time.perf_counter() - t0)
    return out


def bench_processes(folder: Path, runs: int) -> list[dict]:
    """Process wall times; the three commands alternate run by run so that load from other
    processes on the machine falls on all of them alike."""
    env = {**os.environ, "MEMCLI_DB": str(folder / "cli.db"), "MEMCLI_USER": "alice",
           "MEMCLI_CONFIG": str(folder / "none.toml")}
    py = sys.executable
    subprocess.run([py, "-m", "memcli", "capture", "warm-up"], check=True, env=env, cwd=folder,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # creates the db, warms the page cache
    base, imports, cli = [], [], []
    for i in range(runs):
        base += wall([py, "-c", "pass"], 1, env, folder)
        imports += wall([py, "-c", "import memcli.cli"], 1, env, folder)
        cli += wall([py, "-m", "memcli", "capture", f"我咖啡不加糖 #{i}"], 1, env, folder)
    return [summary("baseline: python -c pass (process)", base),
            summary("python -c 'import memcli.cli' (process, imports only)", imports),
            summary("python -m memcli capture (process)", cli)]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=2000, help="in-process captures")
    ap.add_argument("--runs", type=int, default=20, help="CLI process runs")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="memcli-bench-") as tmp:
        folder = Path(tmp)
        rows = [bench_raw_apsw(folder, args.n), bench_in_process(folder, args.n)]
        rows += bench_processes(folder, args.runs)
    rows[1]["ratio_p50_vs_baseline"] = rows[1]["p50_ms"] / rows[0]["p50_ms"]
    for r in rows[3:]:
        r["ratio_p50_vs_baseline"] = r["p50_ms"] / rows[2]["p50_ms"]
        r["overhead_p50_ms"] = r["p50_ms"] - rows[2]["p50_ms"]

    import apsw

    result = {
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "when_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "machine": {"python": platform.python_version(), "sqlite": apsw.sqlite_lib_version(),
                    "cpus": os.cpu_count(), "platform": platform.platform(),
                    "load_avg_1m_at_end": os.getloadavg()[0]},
        "rows": rows,
    }
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "capture.json").write_text(json.dumps(result, indent=2), encoding="utf-8")

    print(f"capture latency — `{result['command']}` ({result['when_utc']}, python {platform.python_version()}, "
          f"SQLite {apsw.sqlite_lib_version()}, {os.cpu_count()} CPUs)\n")
    print("| measure | n | p50 ms | p99 ms | mean ms | p50 vs baseline |")
    print("|---|---:|---:|---:|---:|---:|")
    for r in rows:
        ratio = f"{r['ratio_p50_vs_baseline']:.2f}×" if "ratio_p50_vs_baseline" in r else "1 (baseline)"
        print(f"| {r['name']} | {r['n']} | {r['p50_ms']:.3f} | {r['p99_ms']:.3f} | {r['mean_ms']:.3f} | {ratio} |")
    print(f"\nCLI process overhead over a bare interpreter (p50): {rows[4]['overhead_p50_ms']:.0f} ms, of which "
          f"imports {rows[3]['overhead_p50_ms']:.0f} ms. Load average at the end: {os.getloadavg()[0]:.1f} "
          f"(other processes share the CPUs). JSON: {OUT / 'capture.json'}")


if __name__ == "__main__":
    main()
