"""What the drain writer's decide stage is asked, per candidate (round 37): judge calls and rows, pair features
computed, KNN queries and the rows they scan, and how many KNN queries each user has in a claimed batch.

Drains the workload of ``bench_drain.py`` (same seed, same sizes) once, counting in the writer process, and prints
the counts per candidate. ``--replay`` then times, in this process, the judge on the recorded calls again: each
call as the drain made it, all of them in one ``judge_many`` call (what deciding a claimed batch at once would
do), and the pair features of every recorded pair with the per-statement caches warm and the pair cache empty
(what the drain pays for the pairs it has not seen). Counting only: the decisions are the drain's own; compare
two trees in the same sitting::

    MEMCLI_CONFIG=/dev/null PYTHONPATH=. python bench/decide_calls.py 10000
    MEMCLI_CONFIG=/dev/null PYTHONPATH=. python bench/decide_calls.py 10000 --replay
"""

from __future__ import annotations

import argparse
import collections
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="utterances captured and drained")
    ap.add_argument("--replay", action="store_true", help="time the recorded judge calls again (see above)")
    args = ap.parse_args()

    import bench_drain as bd

    from memcli.db import write_knn
    from memcli.write import decide as dmod
    from memcli.write import fitted, worker
    from memcli.write import pair_features as pf

    c: collections.Counter = collections.Counter()
    per_user: collections.Counter = collections.Counter()  # (batch, user) -> KNN queries
    batch = [0]
    recorded: list = []

    judge_many = fitted.FittedJudge.judge_many

    def counted_judge(self, asked):  # noqa: ANN001, ANN202
        c["judge calls"] += 1
        c["judge calls from " + sys._getframe(1).f_code.co_name] += 1
        c["candidates judged"] += len(asked)
        c["rows judged"] += sum(len(nbs) for _, nbs in asked)
        if args.replay:
            recorded.append([(cand, list(nbs)) for cand, nbs in asked])
        return judge_many(self, asked)

    knn = write_knn.Entry.knn

    def counted_knn(self, q, k, conn=None):  # noqa: ANN001, ANN202
        c[f"KNN queries (k={k})"] += 1
        c["KNN rows scanned"] += self.n
        c["KNN live rows scanned"] += int(self.live[: self.n].sum())
        if k == 5:  # (the decision's own: settings.decide_neighbors; an entry is one user's)
            per_user[(batch[0], self.ids[0] if self.n else -1)] += 1
        return knn(self, q, k, conn)

    decide = dmod.decide

    def counted_decide(*a, **kw):  # noqa: ANN002, ANN003, ANN202
        plan = decide(*a, **kw)
        c["candidates"] += 1
        c[f"plan {plan.decision.value} {plan.level.value} {plan.judge or '-'}"] += 1
        return plan

    process = worker.MemoryCaptureWorker._process_batch

    def counted_batch(self, *a, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
        batch[0] += 1
        return process(self, *a, **kw)

    fitted.FittedJudge.judge_many = counted_judge
    write_knn.Entry.knn = counted_knn
    dmod.decide = counted_decide
    worker.MemoryCaptureWorker._process_batch = counted_batch

    from memcli.admin import Admin

    recs = bd.workload(args.n)
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.db")
        bd.capture_workload(db, recs)
        mem = Admin(db=db)
        t = time.process_time()
        s = mem.drain()
        cpu = time.process_time() - t
        mem.close()
    info = pf.pair_cache_info()
    n = c["candidates"] or 1
    print(f"{args.n} utterances, {c['candidates']} candidates, {batch[0]} batches; added {s.added} reinforced "
          f"{s.reinforced} updated {s.updated} conflicted {s.conflicted}; writer CPU {cpu:.1f} s (counting on)")
    for key in sorted(k for k in c if k != "candidates"):
        print(f"{c[key]:9d}  {c[key] / n:6.3f} per candidate  {key}")
    print(f"{info.misses:9d}  {info.misses / n:6.3f} per candidate  pair features computed (cache hits {info.hits})")
    hist, mean = collections.Counter(per_user.values()), sum(per_user.values()) / max(1, len(per_user))
    print("the decision's KNN queries (k=5) of one user in one batch: "
          + ", ".join(f"{q}: {hist[q]}" for q in sorted(hist)) + f" (mean {mean:.2f})")
    if not args.replay:
        return
    fitted.FittedJudge.judge_many = judge_many
    from memcli.settings import load_settings
    from memcli.write.judge import facts_of

    judge = fitted.FittedJudge(load_settings())
    for call in recorded:  # per-statement readings and pair features warm
        judge.judge_many(call)
    t = time.process_time()
    each = [v for call in recorded for v in judge.judge_many(call)]
    t_each = time.process_time() - t
    t = time.process_time()
    once = judge.judge_many([x for call in recorded for x in call])
    t_once = time.process_time() - t
    assert each == once
    rows = [(facts_of(cand.statement, cand.slot), facts_of(nb.statement, nb.slot), nb.cosine)
            for call in recorded for cand, nbs in call for nb in nbs]
    pf.pair_cache_clear()
    t = time.process_time()
    for new, old, cos in rows:
        pf.feature_list(new, old, cos)
    t_pairs = time.process_time() - t
    print(f"judge replayed, pair features cached: {len(recorded)} calls one by one {t_each:.2f} s, in one call "
          f"{t_once:.2f} s; pair features of {len(rows)} rows, pair cache empty: {t_pairs:.2f} s "
          f"({1e6 * t_pairs / max(1, pf.pair_cache_info().misses):.0f} us a pair computed)")


if __name__ == "__main__":
    main()
