"""The drain writer's SQL by kind: statements per utterance and the writer thread's CPU in each kind (round 34).

Drains the workload of ``bench_drain.py`` (same seed, same sizes) once and prints, per statement text (spaces
collapsed, parameter lists shortened): how many ran (apsw's ``exec_trace``: an ``executemany`` counts each row) and
the CPU the writer's thread spent in ``Store.q`` / ``Store.x`` / the batched inserts for it (thread time:
what the machine's load inflates least; SQLite's own profile timer counts wall milliseconds). The capture before
the drain is not counted, nor the CPU of the statements run on the connection outside ``Store.q`` / ``Store.x``
(BEGIN, SAVEPOINT, RELEASE, COMMIT, the writer KNN's ``vec_distance_cosine``: counted, 0 ms).
Use it to compare two trees in the same sitting, alternating them::

    MEMCLI_CONFIG=/dev/null PYTHONPATH=. python bench/drain_sql.py 3000
    MEMCLI_CONFIG=/dev/null PYTHONPATH=. python bench/drain_sql.py 10000 --top 40
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def _kind(sql: str) -> str:
    sql = re.sub(r"\s+", " ", sql.strip())
    sql = re.sub(r"\(\?(, ?\?)*\)", "(?..)", sql)
    return re.sub(r"IN \([^)]*\)", "IN (..)", sql)[:110]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="utterances captured and drained")
    ap.add_argument("--top", type=int, default=25, help="statement kinds listed")
    args = ap.parse_args()

    import bench_drain

    from memcli.admin import Admin
    from memcli.db import connect, vec_pending

    count: collections.Counter[str] = collections.Counter()
    cpu: collections.Counter[str] = collections.Counter()
    on = [False]
    calls = [0]  # Store.q / Store.x calls and batched inserts (one executemany: one call), while the drain runs
    tt = time.thread_time_ns

    def timed(name: str, fn, many: bool = False):  # noqa: ANN001, ANN202
        def run(self, sql, params=()):  # noqa: ANN001, ANN202
            if not on[0]:
                return fn(self, sql, params)
            calls[0] += 1
            t = tt()
            try:
                return fn(self, sql, params)
            finally:
                cpu[("MANY " if many else "") + _kind(sql)] += tt() - t
        run.__name__ = name
        return run

    connect.Store.q = timed("q", connect.Store.q)
    connect.Store.x = timed("x", connect.Store.x)
    vec_pending.Pending._run = timed("_run", vec_pending.Pending._run, many=True)

    recs = bench_drain.workload(args.n)
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "b.db")
        bench_drain.capture_workload(db, recs)
        mem = Admin(db=db)

        def trace(_cursor, sql: str, _bindings) -> bool:  # noqa: ANN001
            count[_kind(sql)] += 1
            return True

        mem.store.conn.exec_trace = trace
        on[0] = True
        t, c0 = time.perf_counter(), os.times()
        s = mem.drain()
        wall, c1 = time.perf_counter() - t, os.times()
        on[0] = False
        mem.store.conn.exec_trace = None
        mem.close()
    n = args.n
    total = sum(count.values())
    print(f"{n} utterances: done {s.done}, added {s.added}, reinforced {s.reinforced}, updated {s.updated}, "
          f"conflicted {s.conflicted}, episodes {s.episodes}; wall {wall:.1f} s, this process's CPU "
          f"{c1.user + c1.system - c0.user - c0.system:.2f} s (traced)")
    print(f"statements {total} ({total / n:.2f} per utterance); writer thread CPU in them "
          f"{sum(cpu.values()) / 1e9:.2f} s; calls from Python {calls[0]} ({calls[0] / n:.2f} per utterance: "
          "an executemany one call)")
    print("   count  /utt   CPU ms  us each  statement")
    for k, v in count.most_common(args.top):
        ms = (cpu.get(k, 0) + cpu.get("MANY " + k, 0)) / 1e6
        print(f"{v:8d} {v / n:5.2f} {ms:8.1f} {1e3 * ms / v:8.1f}  {k}")


if __name__ == "__main__":
    main()
