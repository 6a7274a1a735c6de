"""Checks that are one long child process each run beside the suite, not inside it.

A test marked ``@pytest.mark.background(*args)`` asserts on the output of ``python -m memcli ARGS``
(calibrate's full refit on the shipped goldset, the floors' evals): a real process with its own
config, database and data folders, sharing nothing with the tests but the session's cache folder.
Such a process needs no test before it, so it is started when the session starts — the marked
tests' processes one after another, in collection order, on a thread of the pytest process — and
the marked tests themselves run last, each reading its process's result (``background_run``). The
rest of the suite is serial on one core; the checks' processes use the other one.

Selecting tests (``-k``, a file, a node id) selects their processes: none starts for a test not run.
Each process is stopped when the session ends before it is read (``-x``, Ctrl-C).

When ``TESTS_CHECKS_DONE`` names a file, it is created once the session's checks have all ended (at
once when none was selected): ``scripts/test`` then starts its own work for the second core (the docs
build, the ``llm_real`` tests), so that at most two long processes share the two cores.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MARK = "background"
#: the file created when the checks have all ended (see the module's docstring)
DONE_ENV = "TESTS_CHECKS_DONE"
#: one process's limit (s); the in-suite runs this replaces had none (calibrate: 85 s of CPU, 13 min wall at load 16)
TIMEOUT_S = 3600.0


@dataclass
class Job:
    args: tuple[str, ...]
    done: threading.Event = field(default_factory=threading.Event)
    result: subprocess.CompletedProcess | None = None
    error: BaseException | None = None


def job_env(folder: Path, environ: dict[str, str]) -> dict[str, str]:
    """The child's environment: the caller's without its ``MEMCLI_*`` variables, a config file that
    does not exist, a database and XDG data/config folders of its own in ``folder``, no downloads
    (as ``memcli.eval.floors.measure`` and the suite's ``_isolated_env`` give); the cache folder kept."""
    env = {k: v for k, v in environ.items() if not k.startswith("MEMCLI_")}
    env.update({"MEMCLI_CONFIG": str(folder / "none.toml"), "MEMCLI_DB": str(folder / "job.db"),
                "XDG_DATA_HOME": str(folder / "xdg-data"), "XDG_CONFIG_HOME": str(folder / "xdg-config"),
                "HF_HUB_OFFLINE": "1"})
    return env


class Runner:
    """Runs the jobs one at a time on a daemon thread; ``result(nodeid)`` waits for one."""

    def __init__(self, jobs: dict[str, Job]) -> None:
        self.jobs = jobs
        self._environ = dict(os.environ)  # as the session starts: no test's monkeypatching reaches a child
        self._proc: subprocess.Popen | None = None
        self._lock = threading.Lock()  # a process is started or stopped, never both at once
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._tmp = tempfile.TemporaryDirectory(prefix="memcli-bg-")

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run_all, name="background-checks", daemon=True)
        self._thread.start()

    def _run_all(self) -> None:
        try:
            self._run_jobs()
        finally:
            checks_done(self._environ)

    def _run_jobs(self) -> None:
        for n, job in enumerate(self.jobs.values()):
            folder = Path(self._tmp.name) / f"job-{n}"
            folder.mkdir()
            try:
                # output to files whose descriptors close as soon as the child has them: a test that counts
                # this process's open descriptors (test_round36_ahead_balance) sees none of ours while it runs
                with self._lock, open(folder / "out", "wb") as out, open(folder / "err", "wb") as err:
                    if self._stop.is_set():
                        raise RuntimeError("the session ended before this check's process ran")
                    self._proc = subprocess.Popen([sys.executable, "-m", "memcli", *job.args], cwd=ROOT,
                                                  env=job_env(folder, self._environ), stdout=out, stderr=err,
                                                  stdin=subprocess.DEVNULL)
                code = self._proc.wait(timeout=TIMEOUT_S)
                job.result = subprocess.CompletedProcess(self._proc.args, code, *(
                    (folder / name).read_text(encoding="utf-8", errors="replace") for name in ("out", "err")))
            except BaseException as exc:  # noqa: BLE001 - handed to the test that reads it
                with self._lock:
                    if self._proc is not None and self._proc.poll() is None:
                        self._proc.kill()
                        self._proc.wait()
                job.error = exc
            finally:
                job.done.set()

    def result(self, nodeid: str) -> subprocess.CompletedProcess:
        job = self.jobs[nodeid]
        job.done.wait()
        if job.error is not None:
            raise job.error
        assert job.result is not None
        return job.result

    def close(self) -> None:
        with self._lock:
            self._stop.set()
            if self._proc is not None and self._proc.poll() is None:
                self._proc.kill()
        if self._thread is not None:
            self._thread.join(timeout=60)
        self._tmp.cleanup()


def checks_done(environ: dict[str, str]) -> None:
    """Create the file ``environ[DONE_ENV]`` names, if it names one (empty)."""
    if path := environ.get(DONE_ENV):
        Path(path).touch()


_JOBS = pytest.StashKey[dict]()


@pytest.hookimpl(trylast=True)  # after -k / -m have deselected
def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    marked = [it for it in items if it.get_closest_marker(MARK)]
    if not marked:
        return
    ids = {id(it) for it in marked}
    items[:] = [it for it in items if id(it) not in ids] + marked  # stable: the rest first, then these
    config.stash[_JOBS] = {it.nodeid: Job(tuple(it.get_closest_marker(MARK).args)) for it in marked}


@pytest.fixture(scope="session", autouse=True)
def _background_checks(request: pytest.FixtureRequest, _session_cache):  # noqa: ANN001
    """Starts the selected ``background`` tests' processes at the session's first test (after
    ``_session_cache`` set the shared cache folder they inherit); stops what is left at its end."""
    jobs = request.config.stash.get(_JOBS, {})
    if not jobs:
        checks_done(dict(os.environ))
        yield None
        return
    runner = Runner(jobs)
    runner.start()
    yield runner
    runner.close()


@pytest.fixture
def background_run(request: pytest.FixtureRequest, _background_checks) -> subprocess.CompletedProcess:  # noqa: ANN001
    """The finished ``python -m memcli ARGS`` of this test's ``background(*ARGS)`` mark: a
    CompletedProcess with ``returncode``, ``stdout`` and ``stderr`` (text)."""
    if _background_checks is None or request.node.nodeid not in _background_checks.jobs:
        pytest.fail("background_run is for tests marked background(*args)")
    return _background_checks.result(request.node.nodeid)
