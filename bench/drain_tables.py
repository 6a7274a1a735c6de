"""Every table of a drained store, one line per row, for comparing two trees' drains (round 38, issue 24).

Captures ``bench_drain.py``'s workload (same seed) of ``n`` utterances into a fresh store, drains it with the
memcli on ``PYTHONPATH`` (look-ahead on, as a drain runs) and writes every table — the vec0 and FTS5 shadow tables
and ``sqlite_sequence`` included, the virtual tables themselves left out (their rows are the shadow tables') — in
rowid order to ``out``: blobs as their SHA-256, clock readings of today and lease owners masked (they differ from
run to run). A change that claims "every stored row identical" is checked by dumping the store drained by each tree
in one sitting and comparing the files::

    MEMCLI_CONFIG=/dev/null PYTHONPATH=/path/main python /path/main/bench/drain_tables.py 1000 /tmp/a.txt
    MEMCLI_CONFIG=/dev/null PYTHONPATH=. python bench/drain_tables.py 1000 /tmp/b.txt
    cmp /tmp/a.txt /tmp/b.txt && echo identical

Rounds 34–37 made the same check with a script of their own in ``/tmp``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def dump(db: str, out: Path) -> dict[str, int]:
    """Write every non-virtual table of ``db`` to ``out`` (see the module docstring); returns rows per table."""
    import apsw

    today = time.strftime("%Y-%m-%d", time.gmtime())
    conn = apsw.Connection(db, flags=apsw.SQLITE_OPEN_READONLY)
    names = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                        "AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name")]
    counts = {}
    with out.open("w", encoding="utf-8") as f:
        for name in names:
            cur = conn.cursor()
            try:
                cur.execute(f'SELECT * FROM "{name}" ORDER BY rowid')
            except apsw.SQLError:  # a table without rowid
                cur.execute(f'SELECT * FROM "{name}"')
            try:
                cols = [d[0] for d in cur.getdescription()]
            except apsw.ExecutionCompleteError:  # no row
                cols = []
            rows = list(cur)
            counts[name] = len(rows)
            f.write(f"== {name} {len(rows)}\n")
            for r in rows:
                f.write(json.dumps({c: hashlib.sha256(bytes(v)).hexdigest() if isinstance(v, bytes | memoryview)
                                    else "owner" if c == "lease_owner" and v is not None
                                    else "now" if isinstance(v, str) and v.startswith(today) else v
                                    for c, v in zip(cols, r, strict=True)}, ensure_ascii=False) + "\n")
    conn.close()
    return counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("n", type=int, help="utterances captured and drained")
    ap.add_argument("out", type=Path, help="the dump's file")
    args = ap.parse_args()
    os.environ.setdefault("MEMCLI_CONFIG", os.devnull)
    from bench_drain import capture_workload, workload

    import memcli
    from memcli.admin import Admin

    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "drained.db")
        capture_workload(db, workload(args.n))
        with Admin(db=db) as adm:
            s = adm.drain()
        counts = dump(db, args.out)
    print(f"memcli {Path(memcli.__file__).parent}: drained {s.done} of {args.n}; {len(counts)} tables, "
          f"{sum(counts.values())} rows -> {args.out}")


if __name__ == "__main__":
    main()
