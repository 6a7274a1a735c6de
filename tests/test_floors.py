"""Quality floors in CI: every entry of goldset/floors.json runs its `memcli eval ...` command (a real
process, fixed seeds, default settings) and fails when a figure falls more than one point below
the floor recorded there. A new eval is one entry in the file, nothing here.

Re-record after an intended change: ``python -m memcli.eval.floors --write`` (docs/evaluation.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from memcli.eval import floors as fl

DATA = fl.load()
ROOT = Path(__file__).resolve().parents[1]


def _missing_data(entry: dict) -> list[str]:
    """The data files an entry reads from beside the repo (``../shared/...``) that are not there."""
    return [a for a in entry["args"] if a.startswith("../") and not (ROOT / a).exists()]


@pytest.mark.parametrize("name", list(DATA["evals"]))
def test_figures_stay_above_their_floors(name: str, embedder) -> None:  # embedder: warm caches once
    entry = DATA["evals"][name]
    if missing := _missing_data(entry):
        pytest.skip(f"data not beside the repo: {missing[0]}")
    report = fl.measure(entry)
    assert fl.check(entry["floors"], report, DATA["tolerance"]) == []


def test_check_catches_a_fall_of_more_than_one_point() -> None:
    floors = {"facts.recall": 0.90, "by_lang.zh.recall": 0.80}
    report = {"facts": {"recall": 0.891}, "by_lang": {"zh": {"recall": 0.789}}}
    assert fl.check(floors, report, 0.01) == [
        "by_lang.zh.recall: 0.7890 is below the floor 0.8000 by 1.1 points"]
    assert fl.check({"facts.missing": 0.5}, report, 0.01) == ["facts.missing: no 'missing' in the report"]
    assert fl.record({"a": {"b": 0.91779}}, ["a.b"]) == {"a.b": 0.917}


def test_every_entry_is_an_eval_with_floors() -> None:
    assert DATA["tolerance"] == 0.01
    for name, entry in DATA["evals"].items():
        assert entry["args"][0] == "eval" and entry["floors"], name
        assert all(0 < v <= 1 for v in entry["floors"].values()), name
