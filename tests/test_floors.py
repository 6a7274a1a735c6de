"""Quality floors in CI: every entry of goldset/floors.json runs its `memcli eval ...` command (a real
process, fixed seeds, default settings) and fails when a figure falls more than one point below
the floor recorded there. A new eval is one entry in the file, nothing here.

Re-record after an intended change: ``python -m memcli.eval.floors --write`` (docs/evaluation.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memcli.eval import floors as fl

DATA = fl.load()
ROOT = Path(__file__).resolve().parents[1]


def _missing_data(entry: dict) -> list[str]:
    """The data files an entry reads from beside the repo (``../shared/...``) that are not there."""
    return [a for a in entry["args"] if a.startswith("../") and not (ROOT / a).exists()]


def _entry(name: str):  # noqa: ANN202
    """The entry's test case: its eval runs beside the suite (``background``), unless its data is missing."""
    entry = DATA["evals"][name]
    return pytest.param(name, marks=() if _missing_data(entry) else pytest.mark.background(*entry["args"], "--json"))


@pytest.mark.parametrize("name", [_entry(n) for n in DATA["evals"]])
def test_figures_stay_above_their_floors(name: str, request: pytest.FixtureRequest) -> None:
    """``python -m memcli ARGS --json`` as :func:`memcli.eval.floors.measure` runs it (defaults only, a
    temporary database), started with the session (tests/_background.py)."""
    entry = DATA["evals"][name]
    if missing := _missing_data(entry):
        pytest.skip(f"data not beside the repo: {missing[0]}")
    run = request.getfixturevalue("background_run")
    assert run.returncode == 0, (run.stderr.strip().splitlines() or ["(no output)"])[-1]
    report = json.loads(run.stdout)
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


def test_measure_runs_the_eval_with_defaults_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``measure`` (``python -m memcli.eval.floors``; the entries above run the same command beside the
    suite): the caller's MEMCLI_* variables never reach the child, and a failing eval is its last line."""
    pairs = tmp_path / "pairs.jsonl"
    rows = [("I keep two cats at home", "My neighbour plays the cello every evening", "ADD"),
            ("我在银行上班", "我在银行工作", "NOOP")]
    pairs.write_text("".join(json.dumps({"stored": s, "incoming": i, "label": lb}, ensure_ascii=False) + "\n"
                             for s, i, lb in rows), encoding="utf-8")
    monkeypatch.setenv("MEMCLI_MODEL", "no-such-model")  # would fail the child if it were passed on
    report = fl.measure({"args": ["eval", "decisions", "--pairs", str(pairs)]})
    assert (report["pairs"], report["overall"]["n"]) == (2, 2)
    assert fl.lookup(report, "overall.per_class.ADD.support") == 1.0
    with pytest.raises(RuntimeError, match="exited 2: .*no such decision pair file"):
        fl.measure({"args": ["eval", "decisions", "--pairs", str(tmp_path / "none.jsonl")]})
