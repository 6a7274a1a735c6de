"""The second development set (goldset/dev2) rebuilds byte for byte, keeps its minimum size and shares
no pair or utterance with the first goldset (no model, no timing)."""

from __future__ import annotations

import collections
import json
import subprocess
import sys
from pathlib import Path

DEV2 = Path(__file__).resolve().parent.parent / "goldset" / "dev2"
FILES = ("decisions.jsonl", "extraction.jsonl")


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_rebuild_is_byte_identical(tmp_path):
    proc = subprocess.run([sys.executable, str(DEV2 / "build_dev2.py"), "--out", str(tmp_path)],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    for name in FILES:
        assert (tmp_path / name).read_bytes() == (DEV2 / name).read_bytes(), name


def test_bad_out_dir_is_one_line_error(tmp_path):
    missing = tmp_path / "nope"
    proc = subprocess.run([sys.executable, str(DEV2 / "build_dev2.py"), "--out", str(missing)],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2
    assert proc.stderr.strip().count("\n") == 0 and "not a directory" in proc.stderr
    assert not missing.exists()


def test_decision_counts_and_fields():
    rows = _rows(DEV2 / "decisions.jsonl")
    assert len(rows) >= 240
    keys = ["id", "stored", "incoming", "label", "stored_at", "incoming_at", "lang", "category"]
    assert all(list(r) == keys for r in rows)
    assert len({r["id"] for r in rows}) == len(rows)
    langs = collections.Counter(r["lang"] for r in rows)
    assert langs["zh"] >= 120 and langs["en"] >= 120
    labels = collections.Counter(r["label"] for r in rows)
    assert set(labels) == {"ADD", "NOOP", "UPDATE", "CONFLICT"}
    share = {k: v / len(rows) for k, v in labels.items()}
    assert 0.2 <= share["NOOP"] <= 0.3 and 0.25 <= share["CONFLICT"] <= 0.35
    assert 0.12 <= share["UPDATE"] <= 0.18 and 0.25 <= share["ADD"] <= 0.35
    for r in rows:
        assert "2025-01-01" <= r["stored_at"] < r["incoming_at"] <= "2026-12-31", r["id"]
        assert r["stored"] != r["incoming"], r["id"]


def test_extraction_counts_and_fields():
    rows = _rows(DEV2 / "extraction.jsonl")
    assert len(rows) >= 120
    langs = collections.Counter(r["lang"] for r in rows)
    assert langs["zh"] >= 60 and langs["en"] >= 60
    kinds = {"preference", "relationship", "identity", "habit", "health", "other"}
    silent = [r for r in rows if not r["expected"]]
    assert all(r["category"].startswith("none:") for r in silent)
    assert 0.25 <= len(silent) / len(rows) <= 0.35
    assert {r["role"] for r in rows} == {"user", "assistant"}
    assert all(not r["expected"] for r in rows if r["role"] == "assistant")
    for r in rows:
        for f in r["expected"]:
            assert f["kind"] in kinds and f["statement"] and f["slot"], r["id"]
            if "valid_from" in f:
                assert "at" in r, r["id"]
    assert sum(len(r["expected"]) > 1 for r in rows) >= 10


def test_no_pair_or_utterance_repeats_the_first_goldset():
    goldset = DEV2.parent
    pairs = {(r["stored"], r["incoming"]) for r in _rows(goldset / "decisions.jsonl")}
    pairs |= {(b, a) for a, b in pairs}
    utterances = {r["utterance"] for r in _rows(goldset / "extraction.jsonl")}
    assert [r["id"] for r in _rows(DEV2 / "decisions.jsonl") if (r["stored"], r["incoming"]) in pairs] == []
    assert [r["id"] for r in _rows(DEV2 / "extraction.jsonl") if r["utterance"] in utterances] == []
