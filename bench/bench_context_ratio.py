"""How many relevant and irrelevant hits the context block keeps at each ``context_min_ratio``.

For every query of goldset/retrieval.jsonl (each case loaded into its own temporary store
through ``remember``), the top 10 of ``search`` are split by the ratio of their score to the
best hit's: kept (>= ratio x best, or found by the lexical or slot leg too) or left out.
Printed per ratio: relevant hits kept of all relevant hits in the top 10, and other hits kept
of all others. The default
(``settings.context_min_ratio``) is the largest ratio on the grid that keeps every relevant
hit. Model: the configured one (``MEMCLI_MODEL``). Usage::

    python bench/bench_context_ratio.py
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
GRID = (0.0, 0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6)


def main() -> None:
    from memcli import Memory
    from memcli.settings import load_settings

    text = (ROOT / "goldset" / "retrieval.jsonl").read_text(encoding="utf-8")
    cases = [json.loads(line) for line in text.splitlines() if line.strip()]
    rows: list[list[tuple[float, bool, bool]]] = []
    with tempfile.TemporaryDirectory(prefix="memcli-ratio-") as tmp:
        for c in cases:
            with Memory(db=str(Path(tmp) / f"{c['user']}.db"), user=c["user"]) as m:
                ref = {m.remember(x["text"], at=x["at"], allow_future=True).item_id: x["ref"] for x in c["memories"]}
                for q in c["queries"]:
                    rel = set(q["relevant"])
                    rows.append([(h.score, ref.get(h.id) in rel, set(h.legs) == {"dense"})
                                 for h in m.search(q["query"], limit=10)])
    st = load_settings()
    print(f"model {st.model}; {len(rows)} queries; default context_min_ratio {st.context_min_ratio}")
    print("| ratio | relevant kept | others kept |\n|---:|---:|---:|")
    for r in GRID:
        kr = tr = ko = to = 0
        for hs in rows:
            top = max((s for s, _, _ in hs), default=0.0)
            for s, rel, dense_only in hs:
                keep = s >= r * top or not dense_only
                if rel:
                    tr, kr = tr + 1, kr + keep
                else:
                    to, ko = to + 1, ko + keep
        print(f"| {r:.2f} | {kr} / {tr} | {ko} / {to} |")


if __name__ == "__main__":
    main()
