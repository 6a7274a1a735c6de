"""How often a Chinese question misses because of a typo (round 43): one store of the set's turns, each question asked
clean and with its typo; a question is answered when a memory (or the quoted turn) told by its answer turn is among the
first three lines of the block.

    python bench/typos/run_typos.py [bench/typos/round43_zh.json]

Prints, per half (dev / held), answered clean, answered with the typo, and the questions the typo alone lost.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from memcli import Memory


def main(path: str) -> None:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as d, Memory(db=f"{d}/m.db", user="typo") as mem:
        sources = [mem.capture(t, at=f"2026-0{1 + i // 10}-{1 + i % 10:02d}T09:00:00+08:00").source_id
                   for i, t in enumerate(data["turns"])]
        mem.drain()
        by_source: dict[int, set[int]] = {}
        for it in mem.list(include_all=False):
            for s in it.source_ids:
                by_source.setdefault(s, set()).add(it.id)
        mem.warm()

        def answered(q: str, turn: int) -> bool:
            hits = mem.context(q, budget_ms=30000).hits[:3]
            want = by_source.get(sources[turn], set())
            return any(h["id"] in want or sources[turn] in (h.get("memory_ids") or []) or
                       h.get("episode_id") == sources[turn] for h in hits)

        for half in ("dev", "held"):
            qs = data[half]
            clean = [answered(q["clean"], q["answer"]) for q in qs]
            typo = [answered(q["typo"], q["answer"]) for q in qs]
            lost = [q["typo"] for q, c, t in zip(qs, clean, typo, strict=True) if c and not t]
            print(f"{half}: {len(qs)} questions, answered clean {sum(clean)}, with the typo {sum(typo)}; "
                  f"lost to the typo {len(lost)}: {lost}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).with_name("round43_zh.json")))
