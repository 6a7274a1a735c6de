"""The drain's judge calls recorded once and replayed (issue 24, round 44): what the fitted judge costs the writer,
and the same calls' verdicts, on any tree.

``--record FILE`` drains the workload of ``bench_drain.py`` (same seed, same sizes) once and pickles every
``FittedJudge.judge_many`` call the writer made (each candidate with the memories it was shown). ``FILE`` alone then
replays them in this process, CPU seconds (``time.process_time``), best of ``--passes``:

- ``cold``: every call as the drain made it, the pair caches emptied first (the per-statement readings warm, as in a
  drain, where the look-ahead or an earlier pair read them): what the writer pays for the pairs of a 10k drain;
- ``warm``: the same calls again, every pair seen (what a repeated pair costs);
- ``one call``: every candidate of the drain in one ``judge_many`` call, pair caches emptied (the upper bound of
  deciding a whole drain at once), and whether its verdicts are those of the calls as made.

The verdicts of the calls as made are written beside ``FILE`` (``FILE.verdicts``, one line each): compare two trees'
with ``cmp``. Run from the tree to measure::

    MEMCLI_CONFIG=/dev/null PYTHONPATH=. MEMCLI_MEMORYBANK=../shared/data/memorybank \\
        python bench/judge_replay.py 10000 --record /tmp/calls.pkl
    MEMCLI_CONFIG=/dev/null PYTHONPATH=. python bench/judge_replay.py 0 /tmp/calls.pkl
"""

from __future__ import annotations

import argparse
import gc
import pickle
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def _clear_pairs() -> None:
    """Empty every per-pair cache of the judge's features (the per-statement ones stay warm)."""
    from memcli.write import pair_features as pf

    for name in ("_pair_core", "_static_row"):
        f = getattr(pf, name, None)
        if f is not None and hasattr(f, "cache_clear"):
            f.cache_clear()


def record(n: int, path: str) -> None:
    import bench_drain as bd

    from memcli.admin import Admin
    from memcli.write import fitted

    calls: list = []
    judge_many = fitted.FittedJudge.judge_many

    def recorded(self, asked):  # noqa: ANN001, ANN202
        calls.append([(cand, list(nbs)) for cand, nbs in asked])
        return judge_many(self, asked)

    fitted.FittedJudge.judge_many = recorded
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.db")
        bd.capture_workload(db, bd.workload(n))
        mem = Admin(db=db)
        s = mem.drain()
        mem.close()
    with open(path, "wb") as f:
        pickle.dump(calls, f)
    print(f"{n} utterances: {s.candidates} candidates, {len(calls)} judge calls, "
          f"{sum(len(nbs) for c in calls for _, nbs in c)} rows -> {path}")


def replay(path: str, passes: int) -> None:
    from memcli.settings import load_settings
    from memcli.write.fitted import FittedJudge

    with open(path, "rb") as f:
        calls = pickle.load(f)
    judge = FittedJudge(load_settings())
    verdicts = [v for call in calls for v in judge.judge_many(call)]  # per-statement readings warm from here on
    with open(path + ".verdicts", "w") as f:
        for v in verdicts:
            f.write(f"{v.decision.value}\t{v.target_id}\t{v.reason}\n")
    gc.collect()

    def timed(run) -> float:  # noqa: ANN001
        best = float("inf")
        for _ in range(passes):
            _clear_pairs()
            t = time.process_time()
            run()
            best = min(best, time.process_time() - t)
        return best

    cold = timed(lambda: [judge.judge_many(call) for call in calls])
    warm = float("inf")
    for _ in range(passes):
        t = time.process_time()
        for call in calls:
            judge.judge_many(call)
        warm = min(warm, time.process_time() - t)
    flat = [x for call in calls for x in call]
    once = timed(lambda: judge.judge_many(flat))
    assert [v for call in calls for v in judge.judge_many(call)] == verdicts
    same = judge.judge_many(flat) == verdicts  # one stack of all: other floats by ~1e-15, the same verdicts?
    rows = sum(len(nbs) for _, nbs in flat)
    print(f"{len(calls)} calls, {len(flat)} candidates, {rows} rows: cold {cold:.3f} s ({1e6 * cold / rows:.1f} us a "
          f"row), warm {warm:.3f} s ({1e6 * warm / rows:.1f} us), one call {once:.3f} s (CPU, best of {passes}); "
          f"one call's verdicts {'the same' if same else 'DIFFER'}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="utterances captured and drained (--record)")
    ap.add_argument("file")
    ap.add_argument("--record", action="store_true", help="drain and record the judge calls into FILE")
    ap.add_argument("--passes", type=int, default=3)
    args = ap.parse_args()
    if args.record:
        record(args.n, args.file)
    else:
        replay(args.file, args.passes)


if __name__ == "__main__":
    main()
