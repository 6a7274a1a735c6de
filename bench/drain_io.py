"""The drain writer's commits: CPU beside wall, the WAL frames each writes, and the tables those frames are of
(round 46, issue 24).

Drains the workload of ``bench_drain.py`` (same seed, same sizes) once, look-ahead on, and prints: the commits of
the drain (count, the writer thread's CPU in them, their wall time), the WAL frames they wrote (pages, per commit
and in all) and the checkpoints run. ``--no-checkpoint``: the writer's connection checkpoints never (a WAL hook that
does nothing replaces SQLite's automatic one), so what a commit costs without the checkpoints' copies and syncs is
seen, and the WAL, emptied when the drain starts, holds every frame of the drain: they are then counted per table and
index (``dbstat``). Without it the hook does what SQLite's automatic checkpoint does (a passive checkpoint
once the WAL holds ``--checkpoint-every`` frames, else the connection's ``wal_autocheckpoint``), timed apart. Nothing
the drain decides or writes changes (the figures' counts are printed to compare with ``bench_drain.py``'s). Use
it beside ``drain_sql.py``::

    MEMCLI_CONFIG=/dev/null PYTHONPATH=. python bench/drain_io.py 10000
    MEMCLI_CONFIG=/dev/null PYTHONPATH=. python bench/drain_io.py 10000 --no-checkpoint --top 25
    MEMCLI_CONFIG=/dev/null PYTHONPATH=. python bench/drain_io.py 10000 --checkpoint-every 10000 --cache-mib 64

``--cache-mib``: the writer's SQLite page cache for the drain (default SQLite's 2 MiB).
"""

from __future__ import annotations

import argparse
import collections
import struct
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))


class _Timed:
    """The writer's connection with its ``COMMIT`` statements timed (thread CPU and wall); everything else passes."""

    def __init__(self, conn: Any) -> None:
        object.__setattr__(self, "_conn", conn)
        object.__setattr__(self, "stats", {"n": 0, "cpu": 0.0, "wall": 0.0})

    def __getattr__(self, name: str) -> Any:
        return getattr(self._conn, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self._conn, name, value)

    def execute(self, sql: str, *args: Any, **kw: Any) -> Any:
        if sql != "COMMIT":
            return self._conn.execute(sql, *args, **kw)
        t, c = time.perf_counter(), time.thread_time()
        try:
            return self._conn.execute(sql, *args, **kw)
        finally:
            self.stats["n"] += 1
            self.stats["cpu"] += time.thread_time() - c
            self.stats["wall"] += time.perf_counter() - t


def _frames_by_table(conn: Any, wal: Path, top: int) -> None:
    """The WAL's frames (32-byte header, then per frame a 24-byte header whose first 4 bytes are the page number)
    counted per table or index owning the page (``dbstat``)."""
    data = wal.read_bytes()
    size = struct.unpack(">I", data[8:12])[0]
    frames: collections.Counter[int] = collections.Counter()
    off = 32
    while off + 24 + size <= len(data):
        frames[struct.unpack(">I", data[off:off + 4])[0]] += 1
        off += 24 + size
    owner = {int(r["pageno"]): str(r["name"]) for r in conn.execute("SELECT name, pageno FROM dbstat")}
    by: collections.Counter[str] = collections.Counter()
    pages: collections.Counter[str] = collections.Counter()
    for page, n in frames.items():
        name = owner.get(page, "(free or new since)")
        by[name] += n
        pages[name] += 1
    total = sum(frames.values())
    print(f"WAL after the drain: {total} frames of {size} bytes ({total * size / 1e6:.0f} MB), "
          f"{len(frames)} distinct pages")
    print("  frames  share   pages  table or index")
    for name, n in by.most_common(top):
        print(f"{n:8d} {100 * n / total:5.1f}% {pages[name]:7d}  {name}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="utterances captured and drained")
    ap.add_argument("--no-checkpoint", action="store_true", help="the writer never checkpoints (frames per table)")
    ap.add_argument("--checkpoint-every", type=int, default=0,
                    help="frames in the WAL that start a checkpoint (default: PRAGMA wal_autocheckpoint, 1000)")
    ap.add_argument("--cache-mib", type=int, default=0, help="the writer's page cache (default: SQLite's, 2 MiB)")
    ap.add_argument("--top", type=int, default=20, help="tables listed (with --no-checkpoint)")
    args = ap.parse_args()

    import bench_drain

    from memcli.admin import Admin

    recs = bench_drain.workload(args.n)
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "b.db"
        bench_drain.capture_workload(str(db), recs)
        mem = Admin(db=str(db))
        store = mem.store
        conn = store.conn
        if args.cache_mib:
            conn.execute(f"PRAGMA cache_size = {-1024 * args.cache_mib}")
        conn.wal_checkpoint(mode=3)  # TRUNCATE: the WAL starts empty, so it holds the drain's frames only
        frames = [int(next(iter(conn.execute("PRAGMA wal_autocheckpoint").fetchone().values())))]
        wal = {"every": 0, "frames": 0, "last": 0, "commits": 0, "checkpoints": 0, "ck_wall": 0.0}

        def hook(_conn: Any, _db: str, pages: int) -> int:
            wal["frames"] += pages - wal["last"] if pages >= wal["last"] else pages
            wal["last"] = pages
            wal["commits"] += 1
            wal["every"] = args.checkpoint_every or frames[0]
            if not args.no_checkpoint and pages >= wal["every"]:  # what SQLite's own hook does
                t = time.perf_counter()
                conn.wal_checkpoint()
                wal["ck_wall"] += time.perf_counter() - t
                wal["checkpoints"] += 1
            return 0

        conn.set_wal_hook(hook)
        timed = _Timed(conn)
        store.conn = timed
        t, c = time.perf_counter(), time.thread_time()
        s = mem.drain()
        wall, cpu = time.perf_counter() - t, time.thread_time() - c
        store.conn = conn
        st = timed.stats
        print(f"{args.n} utterances: done {s.done}, added {s.added}, reinforced {s.reinforced}, updated {s.updated}, "
              f"conflicted {s.conflicted}; wall {wall:.1f} s, writer thread CPU {cpu:.2f} s")
        cks = "none (--no-checkpoint)" if args.no_checkpoint else \
            f"{wal['checkpoints']} (every {wal['every']} frames), wall {wal['ck_wall']:.2f} s (inside the commits)"
        print(f"commits {st['n']}: CPU {st['cpu']:.2f} s, wall {st['wall']:.2f} s "
              f"({1e3 * st['wall'] / max(st['n'], 1):.1f} ms each); WAL frames written {wal['frames']} "
              f"({wal['frames'] / max(wal['commits'], 1):.0f} a commit); checkpoints {cks}")
        if args.no_checkpoint:
            _frames_by_table(conn, Path(str(db) + "-wal"), args.top)
        conn.set_wal_hook(None)
        mem.close()


if __name__ == "__main__":
    main()
