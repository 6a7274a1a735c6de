"""No sentence of the development set goldset/dev2 appears in memcli/ or tests/ (code, comments,
docstrings): a set whose lines are copied into rules and tests measures the copies.

A dev2 sentence counts when it is not also a line of the first goldset (those are fitted on in
the open) and is long enough to be its own (:data:`MIN_WEIGHT`: a CJK character weighs 2, any other
letter or digit 1, after normalisation) — "I smoke" or 我喜欢喝咖啡 are everyday phrases any test
may use, a sentence naming a person and a relation is not."""

from __future__ import annotations

import json
from pathlib import Path

from memcli.text import is_cjk_text, normalize

ROOT = Path(__file__).resolve().parents[1]
MIN_WEIGHT = 13


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _sentences(folder: Path) -> set[str]:
    out: set[str] = set()
    if (folder / "decisions.jsonl").exists():
        for r in _rows(folder / "decisions.jsonl"):
            out |= {r["stored"], r["incoming"]}
    if (folder / "extraction.jsonl").exists():
        for r in _rows(folder / "extraction.jsonl"):
            out.add(r["utterance"])
            for e in r["expected"]:
                out |= {e["statement"], *e.get("alt", [])}
    return out


def _weight(s: str) -> int:
    return sum(2 if is_cjk_text(ch) else 1 for ch in normalize(s))


def dev2_sentences() -> set[str]:
    own = _sentences(ROOT / "goldset" / "dev2") - _sentences(ROOT / "goldset")
    return {s.strip() for s in own if _weight(s) >= MIN_WEIGHT}


def test_the_check_sees_the_set():
    assert len(dev2_sentences()) > 300  # the set is there and most of its lines count


def test_no_dev2_sentence_in_code_or_tests():
    sents = dev2_sentences()
    found = []
    for folder in ("memcli", "tests"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix not in (".py", ".json", ".jsonl", ".md", ".txt", ".toml") or not path.is_file():
                continue
            text = path.read_text(encoding="utf-8")
            found += [f"{path.relative_to(ROOT)}: {s}" for s in sorted(sents) if s in text]
    assert found == []
