"""The shipped goldset: sizes, balance, coverage, formats, and reproducible builders."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from memcli.eval.formats import default_goldset_dir, load_cases, load_pairs

GOLD = default_goldset_dir()
ROOT = GOLD.parent


def test_decision_pairs_size_balance_and_coverage() -> None:
    pairs = load_pairs(GOLD / "decisions.jsonl")
    assert len(pairs) >= 400
    langs = Counter(p.lang for p in pairs)
    assert set(langs) == {"zh", "en"}
    assert 0.4 <= langs["zh"] / len(pairs) <= 0.6
    labels = Counter(str(p.label) for p in pairs)
    assert all(labels[lb] >= 50 for lb in ("ADD", "NOOP", "UPDATE", "CONFLICT")), labels
    cats = {p.category for p in pairs}
    for need in ("paraphrase", "negation", "number", "date", "refinement", "unrelated", "similar_topic",
                 "other_person"):
        assert need in cats
    # the same attribute of different people is ADD, in both languages
    assert any(p.stored.startswith("我妈妈") and p.incoming.startswith("我爸爸") and str(p.label) == "ADD"
               for p in pairs)
    assert any(p.stored.startswith("My sister") and p.incoming.startswith("My brother") and str(p.label) == "ADD"
               for p in pairs)
    ids = [p.id for p in pairs]
    assert len(set(ids)) == len(ids)


def test_label_follows_category() -> None:
    expected = {"paraphrase": "NOOP", "exact": "NOOP", "stsb_paraphrase": "NOOP", "negation": "CONFLICT",
                "number": "CONFLICT", "date": "CONFLICT", "value": "CONFLICT", "refinement": "UPDATE",
                "unrelated": "ADD", "similar_topic": "ADD", "other_person": "ADD", "stsb_unrelated": "ADD"}
    for p in load_pairs(GOLD / "decisions.jsonl"):
        assert str(p.label) == expected[p.category], p


def test_decisions_builder_reproduces_the_committed_file(tmp_path: Path) -> None:
    stsb = ROOT.parent / "shared" / "data" / "stsb_zh" / "STS-B.train.data"
    if not stsb.exists():
        pytest.skip("shared STS-B data not present")
    out = tmp_path / "d.jsonl"
    subprocess.run([sys.executable, str(GOLD / "src" / "build_decisions.py"), "--stsb", str(stsb), "--out", str(out)],
                   check=True, capture_output=True)
    assert out.read_bytes() == (GOLD / "decisions.jsonl").read_bytes()


def test_extraction_cases() -> None:
    rows = [json.loads(line) for line in (GOLD / "extraction.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(rows) >= 60
    assert {r["lang"] for r in rows} == {"zh", "en"}
    kinds = {"preference", "relationship", "identity", "habit", "health", "other"}
    for r in rows:
        for c in r["expected"]:
            assert c["kind"] in kinds and c["statement"].strip()
    nones = Counter(r["category"] for r in rows if not r["expected"])
    for need in ("none:calendar", "none:chatter", "none:question", "none:assistant"):
        assert nones[need] >= 2
    assert any(r["utterance"] == "明天下午三点开会" and r["expected"] == [] for r in rows)


def test_retrieval_cases() -> None:
    cases = load_cases(GOLD / "retrieval.jsonl")
    queries = [q for c in cases for q in c.queries]
    assert len(queries) >= 60
    tags = Counter(t for q in queries for t in q.tags)
    assert tags["zh2"] >= 10 and tags["no_overlap"] >= 10
    assert all(len(q.query) == 2 for q in queries if "zh2" in q.tags)
