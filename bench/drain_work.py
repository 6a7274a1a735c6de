"""The drain's work counted, not timed (round 43, issue 24): SQL statements and rows written per candidate by its
decision, per turn and per batch; the model's calls and the texts in each; the judge's pairs.

Drains the workload of ``bench_drain.py`` (same seed, same sizes; ``MEMCLI_MEMORYBANK`` as there) once, look-ahead
on, as a drain runs. In the writer it counts, through apsw's ``exec_trace`` (an ``executemany`` counts each row),
every statement and, per table, the rows each ``INSERT`` / ``UPDATE`` / ``DELETE`` reaches for; and it charges
each statement and each row the batch keeps waiting (:mod:`memcli.db.vec_pending`, written by one ``executemany``
per table before the commit) to what asked for it: one candidate's decision and its writes (by decision), the
turn's episode row, the rest of a task (its savepoint, a told "forget"), or the batch (its claim, leases, prefetch
reads, the waiting rows' flush, the commit). In the look-ahead process it counts the model's calls (each call of
the wrapped model: the texts the memo did not hold) and their texts and characters, and the thread CPU they took
(that one figure depends on the machine and its load). These counts do not depend on
the machine or its load; compare two trees by running both::

    MEMCLI_CONFIG=/dev/null PYTHONPATH=. python bench/drain_work.py 10000
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

_WRITE = re.compile(r"^\s*(INSERT(?: OR \w+)? INTO|UPDATE|DELETE FROM|REPLACE INTO)\s+(\w+)", re.I)


def _table_of(sql: str) -> tuple[str, str] | None:
    m = _WRITE.match(sql)
    if m is None:
        return None
    verb = m.group(1).split()[0].upper()
    return ("INSERT" if verb == "REPLACE" else verb), m.group(2)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="utterances captured and drained")
    args = ap.parse_args()

    import bench_drain as bd

    from memcli.admin import Admin
    from memcli.db import sqlite as sqlite_mod
    from memcli.db import vec_pending
    from memcli.embed import use as use_mod
    from memcli.write import pair_features as pf
    from memcli.write import worker

    phase = ["batch"]
    stmts: collections.Counter = collections.Counter()  # phase -> statements run at once
    rows: collections.Counter = collections.Counter()  # (phase, verb table) -> rows asked for (at once or waiting)
    written: collections.Counter = collections.Counter()  # "verb table" -> rows the statements reached for
    units: collections.Counter = collections.Counter()  # phase -> candidates / turns / tasks / batches
    flushing = [False]

    def trace(_cursor, sql: str, _bindings) -> bool:  # noqa: ANN001
        if flushing[0]:  # a waiting row reaching its table: counted where it was asked for
            got = _table_of(sql)
            if got is not None:
                written[" ".join(got)] += 1
                stmts["(flushed rows)"] += 1
            return True
        stmts[phase[0]] += 1
        got = _table_of(sql)
        if got is not None:
            written[" ".join(got)] += 1
            rows[(phase[0], " ".join(got))] += 1
        return True

    run = vec_pending.Pending._run

    def counted_run(self, sql, many):  # noqa: ANN001, ANN202
        flushing[0] = True
        try:
            return run(self, sql, many)
        finally:
            flushing[0] = False

    def waiting(verb: str):  # noqa: ANN202
        def wrap(fn):  # noqa: ANN001, ANN202
            def counted(self, table, *a, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
                t = self.tables[table]
                rows[(phase[0], f"{'UPDATE' if ' ' in table else verb} {t.name} (waiting)")] += 1
                return fn(self, table, *a, **kw)
            return counted
        return wrap

    vec_pending.Pending._run = counted_run
    vec_pending.Pending.add = waiting("INSERT")(vec_pending.Pending.add)
    vec_pending.Pending.append = waiting("INSERT")(vec_pending.Pending.append)
    patch = vec_pending.Pending.patch

    def counted_patch(self, table, key, values):  # noqa: ANN001, ANN202
        ok = patch(self, table, key, values)
        if ok:
            rows[(phase[0], f"UPDATE {self.tables[table].name} (a waiting row changed)")] += 1
        return ok

    vec_pending.Pending.patch = counted_patch

    decide = worker.decide_and_apply

    def counted_decide(*a, **kw):  # noqa: ANN002, ANN003, ANN202
        was, phase[0] = phase[0], "candidate"
        mark = dict(stmts), {k: v for k, v in rows.items() if k[0] == "candidate"}
        try:
            res = decide(*a, **kw)
        finally:
            phase[0] = was
        kind = f"candidate {res.decision.value}"
        stmts[kind] += stmts["candidate"] - mark[0].get("candidate", 0)
        for k, v in list(rows.items()):
            if k[0] == "candidate":
                rows[(kind, k[1])] += v - mark[1].get(k, 0)
        units[kind] += 1
        return res

    worker.decide_and_apply = counted_decide
    record = sqlite_mod.SQLiteStore.record_episode

    def counted_record(self, *a, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
        was, phase[0] = phase[0], "turn's episode row"
        units["turn's episode row"] += 1
        try:
            return record(self, *a, **kw)
        finally:
            phase[0] = was

    sqlite_mod.SQLiteStore.record_episode = counted_record
    write_task = worker.MemoryCaptureWorker._write_task

    def counted_task(self, *a, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
        was, phase[0] = phase[0], "task (rest)"
        units["task (rest)"] += 1
        try:
            return write_task(self, *a, **kw)
        finally:
            phase[0] = was

    worker.MemoryCaptureWorker._write_task = counted_task
    process = worker.MemoryCaptureWorker._process_batch

    def counted_batch(self, *a, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
        units["batch"] += 1
        return process(self, *a, **kw)

    worker.MemoryCaptureWorker._process_batch = counted_batch

    model_log = Path(tempfile.mkdtemp()) / "model.txt"
    embed_batch = use_mod.UseEmbedder.embed_batch

    def counted_embed(self, texts):  # noqa: ANN001, ANN202
        t = time.thread_time_ns()
        try:
            return embed_batch(self, texts)
        finally:
            with model_log.open("a") as f:
                f.write(f"{os.getpid()} {len(texts)} {sum(len(x) for x in texts)} {time.thread_time_ns() - t}\n")

    use_mod.UseEmbedder.embed_batch = counted_embed

    recs = bd.workload(args.n)
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "b.db")
        bd.capture_workload(db, recs)
        model_log.write_text("")  # the capture's calls are not the drain's
        mem = Admin(db=db)
        mem.store.conn.exec_trace = trace
        s = mem.drain()
        mem.store.conn.exec_trace = None
        mem.close()
    calls = [tuple(int(x) for x in line.split()) for line in model_log.read_text().splitlines()]
    me = os.getpid()
    cands = sum(v for k, v in units.items() if k.startswith("candidate "))
    print(f"{args.n} utterances, {cands} candidates, {units['batch']} batches, {units['task (rest)']} turns: added "
          f"{s.added} reinforced {s.reinforced} updated {s.updated} conflicted {s.conflicted}, episodes {s.episodes}")
    total = sum(v for k, v in stmts.items() if not k.startswith("candidate ") and k != "(flushed rows)")
    flushed = stmts["(flushed rows)"]
    print(f"statements run at once {total} ({total / max(1, cands):.2f} a candidate), plus {flushed} rows of the "
          "waiting rows' executemany (one statement each per table and flush)")
    order = sorted((k for k in units if k.startswith("candidate ")), key=lambda k: -units[k])
    order += ["turn's episode row", "task (rest)", "batch"]
    for kind in order:
        u = units[kind] or 1
        print(f"\n{kind}: {units[kind]}; statements at once {stmts[kind]} ({stmts[kind] / u:.2f} each)")
        for (p, what), v in sorted(rows.items(), key=lambda kv: -kv[1]):
            if p == kind and v:
                print(f"  {v:8d}  {v / u:6.3f} each  {what}")
    print("\nrows written per table (at once and flushed), per candidate:")
    for what, v in sorted(written.items(), key=lambda kv: -kv[1]):
        print(f"  {v:8d}  {v / max(1, cands):6.3f}  {what}")
    mine = [c for c in calls if c[0] == me]
    ahead = [c for c in calls if c[0] != me]
    for who, cs in (("look-ahead", ahead), ("writer", mine)):
        if cs:
            texts = sorted(c[1] for c in cs)
            print(f"model calls in the {who}: {len(cs)}, texts {sum(texts)} (median {texts[len(texts) // 2]} a "
                  f"call, {sum(1 for t in texts if t == 1)} calls of one text), characters {sum(c[2] for c in cs)}; "
                  f"thread CPU {sum(c[3] for c in cs) / 1e9:.2f} s ({sum(c[3] for c in cs) / 1e3 / sum(texts):.0f} us "
                  "a text)")
    info = pf.pair_cache_info()
    print(f"pair features computed {info.misses} ({info.misses / max(1, cands):.3f} a candidate), cache hits "
          f"{info.hits}")


if __name__ == "__main__":
    main()
