"""Build ``goldset/clauses.jsonl``: clauses labelled ``fact`` / ``not`` for the clause classifier.

Run from the repo root:  python goldset/src/build_clauses.py

Line format: ``{"id", "text", "lang", "label", "kind", "group"}``. ``label`` is ``fact`` (a
durable fact about the user's world) or ``not`` (greeting, thanks, question, request, plan,
passing feeling, chatter, opinion about the world, hypothetical); ``kind`` says which; ``group``
is the cross-validation group (clauses written together or from one frame share it, so a
grouped fold never tests on the frame it was fitted on). Written by hand (``clauses_zh.py``,
``clauses_en.py``, ``clauses_reported.py``, ``clauses_experience.py``); deterministic: a rerun rewrites
the file byte for byte.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
ROOT = HERE.parents[1]

import clauses_en  # noqa: E402
import clauses_experience  # noqa: E402
import clauses_reported  # noqa: E402
import clauses_zh  # noqa: E402


def build() -> list[dict]:
    """All rows, Chinese first; a text repeated within one language is kept once."""
    rows: list[dict] = []
    for lang, mod in (("zh", clauses_zh), ("en", clauses_en)):
        seen: set[str] = set()
        # (the reported-speech and passing-state kinds are appended after each language's first lists: no id moves)
        for r in [*mod.clauses(), *clauses_reported.clauses(lang), *clauses_experience.clauses(lang)]:
            if r["text"] in seen:
                continue
            seen.add(r["text"])
            rows.append({"id": f"c-{lang}-{len([x for x in rows if x['lang'] == lang]) + 1:04d}",
                         "text": r["text"], "lang": lang, "label": r["label"], "kind": r["kind"],
                         "group": r["group"]})
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "goldset" / "clauses.jsonl")
    out = ap.parse_args().out
    rows = build()
    with out.open("w", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r, ensure_ascii=False) + "\n")
    counts = Counter((r["lang"], r["label"]) for r in rows)
    print(f"{len(rows)} clauses -> {out}: " + ", ".join(f"{k[0]} {k[1]} {v}" for k, v in sorted(counts.items())))


if __name__ == "__main__":
    main()
