"""Build ``goldset/noanswer_world.jsonl``: general-knowledge questions asked against personal
stores that share words with them, and questions about the user asked without 我 / "my"
(``noanswer_world_zh.py``, ``noanswer_world_en.py``; round 17, gate17). Held out: never fitted on
(``python bench/refit_answer.py --world`` scores the shipped gate on it).

Run from the repo root:  python goldset/src/build_noanswer_world.py

One store per line, the shape of ``noanswer.jsonl``. Tags: ``general`` plus its kind (geography,
science, history, howto, definition, arithmetic, coding), ``relevant: []``; ``answer`` + ``no_my``
for the questions about the user.
"""

from __future__ import annotations

import json
import sys
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

import noanswer_world_en  # noqa: E402
import noanswer_world_zh  # noqa: E402


def cases(mod, start: str) -> list[dict]:
    d0 = date.fromisoformat(start)
    out = []
    for s_i, st in enumerate(mod.STORES):
        mems = [{"ref": f"m{i}", "text": t, "at": (d0 + timedelta(days=9 * i + 4 * s_i)).isoformat()}
                for i, t in enumerate(st["facts"], start=1)]
        qs = [{"query": q, "relevant": [], "tags": ["general", kind]} for q, kind in st["general"]]
        qs += [{"query": q, "relevant": [f"m{r}" for r in rel], "tags": ["answer", "no_my"]} for q, rel in st["answer"]]
        out.append({"user": st["user"], "memories": mems, "queries": qs})
    return out


def main() -> None:
    out = ROOT / "goldset" / "noanswer_world.jsonl"
    all_cases = cases(noanswer_world_zh, "2025-04-01") + cases(noanswer_world_en, "2025-04-01")
    for c in all_cases:
        texts = [q["query"] for q in c["queries"]]
        assert len(set(texts)) == len(texts), c["user"]
    with out.open("w", encoding="utf-8") as fh:
        for c in all_cases:
            fh.write(json.dumps(c, ensure_ascii=False) + "\n")
    queries = [q for c in all_cases for q in c["queries"]]
    none = sum(not q["relevant"] for q in queries)
    print(f"{len(all_cases)} stores, {sum(len(c['memories']) for c in all_cases)} facts, {len(queries)} queries "
          f"({none} without an answer) -> {out}")


if __name__ == "__main__":
    main()
