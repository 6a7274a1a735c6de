"""tests/_background.py's signal to scripts/test: the file ``TESTS_CHECKS_DONE`` names is created once the
session's checks have all ended, and only then (scripts/test starts the docs build and the llm_real tests on it)."""

from __future__ import annotations

from pathlib import Path

from _background import DONE_ENV, Job, Runner


def test_the_done_file_appears_when_the_last_check_has_ended(tmp_path: Path, monkeypatch) -> None:
    done = tmp_path / "checks-done"
    monkeypatch.setenv(DONE_ENV, str(done))
    jobs = {"a": Job(("--help",)), "b": Job(("no-such-command",))}
    runner = Runner(jobs)  # takes the environment as it is now, as the session's does at its start
    seen_before_last = []
    first = jobs["a"]
    runner.start()
    try:
        assert runner.result("a").returncode == 0
        seen_before_last.append(done.exists() and not jobs["b"].done.is_set())
        assert runner.result("b").returncode != 0  # a failed check is a check that ended
    finally:
        runner.close()  # joins the runner's thread
    assert first.result is not None and "Usage" in first.result.stdout
    assert seen_before_last == [False] and done.exists()

