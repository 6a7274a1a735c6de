"""LoCoMo end to end on a subset of its conversations (a develop / measure split).

    python bench/locomo_half.py /work/shared/data/locomo/locomo10.json --half dev  [--misses FILE]
    python bench/locomo_half.py /work/shared/data/locomo/locomo10.json --half held

``dev`` is conversations 0-4, ``held`` 5-9 (indices in the file, 0-based); ``--only 1,3`` picks
others. The chosen conversations are written to a temporary JSON file and run through
:func:`memcli.eval.locomo_e2e.eval_locomo_e2e` exactly as ``memcli eval locomo-e2e`` does
(memories alone, memories + episodes, raw turns). Prints the totals (overall and per category)
as JSON; ``--misses FILE`` writes the memories-alone misses as JSON lines — refused for the
held half, whose misses are not to be read.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from memcli.eval.locomo import load_locomo
from memcli.eval.locomo_e2e import eval_locomo_e2e
from memcli.settings import load_settings

HALVES = {"dev": range(0, 5), "held": range(5, 10)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path")
    ap.add_argument("--half", choices=sorted(HALVES))
    ap.add_argument("--only", help="comma-separated conversation indices instead of a half")
    ap.add_argument("--misses", help="write the memories-alone misses here (JSON lines; not for 'held')")
    a = ap.parse_args(argv)
    if bool(a.half) == bool(a.only):
        print("give exactly one of --half / --only", file=sys.stderr)
        return 2
    if a.misses and a.half == "held":
        print("--misses: the held half's misses are not to be read", file=sys.stderr)
        return 2
    data = load_locomo(a.path)
    idx = list(HALVES[a.half]) if a.half else [int(x) for x in a.only.split(",")]
    if any(i < 0 or i >= len(data) for i in idx):
        print(f"conversation index out of range 0..{len(data) - 1}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="memcli-locomo-half-") as tmp:
        sub = Path(tmp) / "subset.json"
        sub.write_text(json.dumps([data[i] for i in idx]), encoding="utf-8")
        out = eval_locomo_e2e(load_settings(), sub)
    misses = out.pop("misses")
    out["dataset"] = f"{a.path} [{','.join(map(str, idx))}]"
    print(json.dumps(out, ensure_ascii=False, indent=1))
    if a.misses:
        with open(a.misses, "w", encoding="utf-8") as f:
            for m in misses:
                f.write(json.dumps(m, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
