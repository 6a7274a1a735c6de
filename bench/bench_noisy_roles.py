"""MemDaily-style check of issue 20: a person named by another fact, wrapped in chatter.

Reads MemDaily JSON files by path (default: ../shared/data/memdaily-dev/06_noisy_roles.json;
nothing of them is copied here). Per trial: a fresh store, every message captured at its time and
drained through the real write path (rules extractor, decisions), then the trial's question:

- ``answered@3``: the answer text is in one of the first three ``search`` hits;
- ``answered@3 gated``: the same over the hits ``context`` keeps (answerability on);
- ``empty``: share of questions whose context block is empty (all have an answer here).

It is a rough stand-in for ``memcli eval memdaily`` (another branch): the answer must appear
verbatim in a stored statement. Measure only — never fit on these files::

    PYTHONPATH=. .venv/bin/python bench/bench_noisy_roles.py [FILE...] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DEFAULT = ROOT.parent.parent / "shared" / "data" / "memdaily-dev" / "06_noisy_roles.json"
_TIME = re.compile(r"(\d{4})年(\d{2})月(\d{2})日\D*(\d{2}):(\d{2})")


def iso(t: str) -> str:
    m = _TIME.search(t)
    if not m:
        raise SystemExit(f"unreadable time {t!r}")
    y, mo, d, h, mi = m.groups()
    return f"{y}-{mo}-{d}T{h}:{mi}:00+08:00"


def run(path: Path, limit: int | None) -> dict:
    from memcli import Memory
    from memcli.governance.confidence import label

    trials = json.loads(path.read_text(encoding="utf-8"))[:limit]
    n = ans = ans_gated = empty = 0
    labels: dict[str, int] = {}
    t0 = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="memcli-noisy-") as tmp:
        for i, trial in enumerate(trials):
            with Memory(db=str(Path(tmp) / f"t{i}.db"), user="u") as mem:
                for msg in trial["message_list"]:
                    mem.capture(msg["message"], at=iso(msg["time"]))
                mem.drain()
                for item in mem.list():
                    lb = label(item.effective_confidence)
                    labels[lb] = labels.get(lb, 0) + 1
                for q in trial["question_list"]:
                    answer = str(q["answer"]).strip()
                    hits = mem.search(q["question"], limit=3)
                    ctx = mem.context(q["question"], limit=3)
                    n += 1
                    ans += any(answer in h.statement for h in hits)
                    ans_gated += any(answer in h["statement"] for h in ctx.hits[:3])
                    empty += not ctx.text
    total = sum(labels.values()) or 1
    return {"file": path.name, "questions": n, "answered@3": round(ans / n, 3),
            "answered@3_gated": round(ans_gated / n, 3), "empty_context": round(empty / n, 3),
            "labels": {k: round(v / total, 3) for k, v in sorted(labels.items())}, "items": total,
            "seconds": round(time.monotonic() - t0, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path, default=[DEFAULT])
    ap.add_argument("--limit", type=int, default=None, help="first N trials of each file")
    a = ap.parse_args()
    for f in a.files:
        print(json.dumps(run(f, a.limit), ensure_ascii=False))


if __name__ == "__main__":
    main()
