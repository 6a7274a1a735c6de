"""What the default rule extractor keeps from real conversations written by others.

Runs :class:`memcli.write.extract.RuleExtractor` over every user turn (``query``) of
MemoryBank-SiliconFriend (``../shared/data/memorybank``: 15 Chinese and 15 English users'
daily chats, read by path; nothing of it is copied into memcli) and prints:

- counts per language: turns, turns with a candidate, candidates, candidates by kind and by
  slot attribute (the last part of the slot's subject.attribute, keyed objects folded);
- a reproducible random sample (``--seed``) of candidates and of turns that gave nothing,
  one per line, numbered, for labelling by hand (durable fact / not; missed fact / rightly
  silent). The labels and their figures are recorded in the commit notes, not here.

Run (from the repo root)::

    python bench/real_extraction.py                       # counts + 40 candidates + 30 silent turns per language
    python bench/real_extraction.py --seed 2 --cands 40 --silent 30
    python bench/real_extraction.py --json > out.json     # counts only, machine-readable
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

#: the data beside the checkout (../shared), or beside a worktree's parent (../../shared)
DATA = next((p for p in (Path(__file__).resolve().parents[i] / "shared" / "data" / "memorybank" for i in (2, 3))
             if p.exists()), Path(__file__).resolve().parents[2] / "shared" / "data" / "memorybank")
FILES = {"zh": "memory_bank_cn.json", "en": "memory_bank_en.json"}


def user_turns(lang: str) -> list[tuple[str, str, str]]:
    """(user, date, text) of every user turn of one language, in file order."""
    p = DATA / FILES[lang]
    if not p.exists():
        sys.exit(f"error: {p} not found (MemoryBank data)")
    out = []
    for user, person in json.loads(p.read_text(encoding="utf-8")).items():
        for date, turns in person.get("history", {}).items():
            out += [(user, date, t["query"]) for t in turns if t.get("query")]
    return out


def attribute_of(slot: str | None) -> str:
    """The attribute part of a slot, keyed objects dropped (``mother.like.猫`` → ``like``)."""
    from memcli import slots

    if not slot:
        return "-"
    return slots.split_slot(slot)[1]


def subject_kind(slot: str | None) -> str:
    from memcli import slots

    if not slot:
        return "-"
    s = slots.split_slot(slot)[0]
    if s == slots.ME:
        return "me"
    return s.split(":", 1)[0] + ":" if ":" in s else "relation"


def run(lang: str, extractor) -> tuple[dict, list, list]:  # noqa: ANN001
    from memcli.write.extract import Utterance

    turns = user_turns(lang)
    cands, silent = [], []
    kinds: Counter = Counter()
    attrs: Counter = Counter()
    subjects: Counter = Counter()
    t0 = time.perf_counter()
    with_cand = 0
    for i, (user, date, text) in enumerate(turns):
        at = datetime.fromisoformat(date).replace(hour=12, tzinfo=UTC)
        got = extractor.extract(Utterance(i, user, "user", text, at))
        if got:
            with_cand += 1
        else:
            silent.append(text)
        for c in got:
            cands.append((text, c))
            kinds[c.kind.value] += 1
            attrs[attribute_of(c.slot)] += 1
            subjects[subject_kind(c.slot)] += 1
    secs = time.perf_counter() - t0
    counts = {"turns": len(turns), "turns_with_candidate": with_cand, "candidates": len(cands),
              "turns_per_s": round(len(turns) / secs, 1), "by_kind": dict(kinds.most_common()),
              "by_subject": dict(subjects.most_common()), "by_attribute": dict(attrs.most_common(25))}
    return counts, cands, silent


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cands", type=int, default=40, help="candidates sampled per language")
    ap.add_argument("--silent", type=int, default=30, help="silent turns sampled per language")
    ap.add_argument("--lang", choices=("zh", "en", "both"), default="both")
    ap.add_argument("--json", action="store_true", help="counts only, as JSON")
    a = ap.parse_args(argv)
    from memcli.write.extract import RuleExtractor

    ex = RuleExtractor()
    report = {}
    for lang in (("zh", "en") if a.lang == "both" else (a.lang,)):
        counts, cands, silent = run(lang, ex)
        report[lang] = counts
        if a.json:
            continue
        print(f"## {lang}: {json.dumps(counts, ensure_ascii=False)}")
        rng = random.Random(f"{a.seed}-{lang}")
        print(f"### {lang} candidates (seed {a.seed}): statement | slot | kind <- turn")
        for n, (text, c) in enumerate(rng.sample(cands, min(a.cands, len(cands))), 1):
            print(f"C{lang}{n:02d}\t{c.statement}\t{c.slot}\t{c.kind.value}\t<- {text[:160]}")
        print(f"### {lang} silent turns (seed {a.seed})")
        for n, text in enumerate(rng.sample(silent, min(a.silent, len(silent))), 1):
            print(f"S{lang}{n:02d}\t{text[:220]}")
    if a.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
