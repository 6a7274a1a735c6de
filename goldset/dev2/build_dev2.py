"""Build the second development set (dev2) from the hand-written lists next to this script.

    python goldset/dev2/build_dev2.py            # → goldset/dev2/{decisions,extraction}.jsonl
    python goldset/dev2/build_dev2.py --out DIR  # the same files into DIR

Deterministic: the dates come from a generator seeded per pair id, so a rerun reproduces
the committed files byte for byte. A development set, not a blind one: it has been read and
tuned on (README.md). Pairs and cases that repeat one of the first goldset's are left out
(``DUPLICATES``; their ids are not reused), and the build fails if a new one appears.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import ho_cases_en  # noqa: E402
import ho_cases_zh  # noqa: E402
import ho_pairs_en  # noqa: E402
import ho_pairs_zh  # noqa: E402

LABELS = {
    "paraphrase": "NOOP", "number_words": "NOOP", "reordered": "NOOP", "colloquial": "NOOP",
    "rel_time_same": "NOOP",
    "value": "CONFLICT", "number": "CONFLICT", "date": "CONFLICT", "negation": "CONFLICT",
    "rel_time_diff": "CONFLICT",
    "refinement": "UPDATE",
    "other_person": "ADD", "changed_entity": "ADD", "diff_attribute": "ADD", "unrelated": "ADD",
}
#: ids dropped because the same pair (or utterance) is in goldset/decisions.jsonl or extraction.jsonl
DUPLICATES = frozenset({"ho-zh-042", "ho-zh-069", "ho-zh-117", "ho-en-055",
                        "hx-zh-004", "hx-zh-033", "hx-zh-053", "hx-zh-060", "hx-en-047"})
GOLDSET = HERE.parent
FIRST = dt.date(2025, 1, 1)
LAST = dt.date(2026, 12, 31)


def _dates(pair_id: str) -> tuple[str, str]:
    """stored_at in 2025-01-01 .. 2026-06-24, incoming 1–190 days later (never past 2026)."""
    rng = random.Random(pair_id)
    stored = FIRST + dt.timedelta(days=rng.randint(0, 539))
    incoming = min(stored + dt.timedelta(days=rng.randint(1, 190)), LAST)
    return stored.isoformat(), incoming.isoformat()


def decision_rows() -> list[dict]:
    rows = []
    for lang, pairs in (("zh", ho_pairs_zh.PAIRS), ("en", ho_pairs_en.PAIRS)):
        for n, entry in enumerate(pairs, 1):
            category, stored, incoming = entry[:3]
            pair_id = f"ho-{lang}-{n:03d}"
            if pair_id in DUPLICATES:
                continue
            stored_at, incoming_at = entry[3:5] if len(entry) == 5 else _dates(pair_id)
            if not stored_at < incoming_at:
                raise ValueError(f"{pair_id}: stored_at must be before incoming_at")
            rows.append({"id": pair_id, "stored": stored, "incoming": incoming, "label": LABELS[category],
                         "stored_at": stored_at, "incoming_at": incoming_at, "lang": lang,
                         "category": category})
    return rows


def extraction_rows() -> list[dict]:
    rows = []
    for lang, cases in (("zh", ho_cases_zh.CASES), ("en", ho_cases_en.CASES)):
        for n, c in enumerate(cases, 1):
            if f"hx-{lang}-{n:03d}" in DUPLICATES:
                continue
            row = {"id": f"hx-{lang}-{n:03d}", "utterance": c["utterance"], "role": c["role"], "lang": lang,
                   "category": c["category"]}
            if "at" in c:
                row["at"] = c["at"]
            row["expected"] = c["expected"]
            rows.append(row)
    return rows


def _jsonl(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()] if path.exists() else []


def overlap(decisions: list[dict], extraction: list[dict]) -> list[str]:
    """Ids of dev2 pairs (either order) or utterances that are also in the first goldset's files."""
    pairs = {(r["stored"], r["incoming"]) for r in _jsonl(GOLDSET / "decisions.jsonl")}
    pairs |= {(b, a) for a, b in pairs}
    utterances = {r["utterance"] for r in _jsonl(GOLDSET / "extraction.jsonl")}
    return ([r["id"] for r in decisions if (r["stored"], r["incoming"]) in pairs]
            + [r["id"] for r in extraction if r["utterance"] in utterances])


def _write(path: Path, rows: list[dict]) -> None:
    text = "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=HERE, help="output directory (default: this script's)")
    args = ap.parse_args(argv)
    if not args.out.is_dir():
        print(f"error: {args.out} is not a directory", file=sys.stderr)
        return 2
    decisions, extraction = decision_rows(), extraction_rows()
    ids = [r["id"] for r in decisions] + [r["id"] for r in extraction]
    if len(ids) != len(set(ids)):
        raise ValueError("duplicate ids")
    dup = overlap(decisions, extraction)
    if dup:
        print(f"error: also in the first goldset (add to DUPLICATES or reword): {', '.join(dup)}", file=sys.stderr)
        return 2
    _write(args.out / "decisions.jsonl", decisions)
    _write(args.out / "extraction.jsonl", extraction)
    print(f"{len(decisions)} pairs, {len(extraction)} cases → {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
