"""Issue 15 §4: SIGINT / SIGTERM during a real ``python -m memcli drain`` subprocess: the task in
hand finishes, claimed-but-unstarted tasks are released at once, one line is printed, exit
130; the next drain takes the released tasks immediately (no lease wait)."""

from __future__ import annotations

import re
import signal
import subprocess
import time
from pathlib import Path

import pytest
from _procs import (
    connect,
    ensure_fast_encoder,
    jsonl,
    memcli_cmd,
    outbox_counts,
    scalar,
    uncommitted_traces,
    utterances,
    worker_env,
)

from memcli import Memory

N = 3000
LINE = re.compile(r"^interrupted: (\d+) done, (\d+) released$")


def _wait_done(db: Path, proc: subprocess.Popen, at_least: int, timeout_s: float = 120) -> None:
    conn = connect(db)
    try:
        end = time.monotonic() + timeout_s
        while time.monotonic() < end and proc.poll() is None:
            if (scalar(conn, "SELECT count(*) FROM memory_capture_outbox WHERE status = 'done'") or 0) >= at_least:
                return
            time.sleep(0.02)
        raise AssertionError("the drain finished or stalled before it could be interrupted")
    finally:
        conn.close()


@pytest.fixture
def queued(tmp_path: Path, embedder) -> Path:
    ensure_fast_encoder()
    db = tmp_path / "sig.db"
    with Memory(db=str(db), user="alice") as m:
        m.capture_jsonl(jsonl(utterances(N, seed=5)))
    return db


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_signal_finishes_the_task_releases_the_rest_and_exits_130(tmp_path: Path, queued: Path, sig) -> None:
    env = worker_env(tmp_path, drain_batch_size=16, lease_s=600, db=queued)
    proc = subprocess.Popen(memcli_cmd("drain", "--user", "alice"), env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    _wait_done(queued, proc, at_least=20)
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=120)
    lines = [ln for ln in err.decode("utf-8", "replace").splitlines() if ln.strip()]
    assert proc.returncode == 130, err
    assert "Traceback" not in err.decode() and len(lines) == 1, lines
    m = LINE.match(lines[-1])
    assert m, lines
    done, released = int(m.group(1)), int(m.group(2))
    conn = connect(queued)
    try:
        counts = outbox_counts(conn)
        assert counts["processing"] == 0  # nothing waits for a lease
        assert counts["done"] == done and 20 <= done < N and counts["pending"] == N - done
        assert 0 <= released <= 2 * 16  # the batch being written and the one claimed ahead (the look-ahead)
        assert scalar(conn, "SELECT count(*) FROM memory_capture_outbox WHERE status = 'pending' "
                            "AND attempts > 0") == 0  # a released claim gives its attempt back
        assert uncommitted_traces(conn) == {"events_of_unfinished_tasks": 0, "item_links_of_unfinished_tasks": 0,
                                            "items_without_source": 0}
        first_pending = scalar(conn, "SELECT min(id) FROM memory_capture_outbox WHERE status = 'pending'")
    finally:
        conn.close()
    # an immediate second drain takes the released tasks at once (oldest due first)
    with Memory(db=str(queued), user="alice") as mem:
        s = mem.drain(limit=4)
        assert s.claimed == 4 and s.done == 4 and min(s.done_ids) == first_pending


@pytest.mark.slow
def test_sigterm_while_idle_in_loop_is_prompt(tmp_path: Path, embedder) -> None:
    db = tmp_path / "idle.db"
    ensure_fast_encoder()
    with Memory(db=str(db), user="alice") as m:  # one task: its "done" row says the worker is up
        m.capture("我养了一只橘猫")
    env = worker_env(tmp_path, db=db)
    proc = subprocess.Popen(memcli_cmd("drain", "--loop", "--interval", "30", "--json"), env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    _wait_done(db, proc, at_least=1)  # started, drained the only task: next comes the idle wait
    t = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=20)
    assert time.monotonic() - t < 10  # the 30 s idle wait was cut short
    assert proc.returncode == 130
    assert err.decode().strip().splitlines()[-1] == "interrupted: 1 done, 0 released"
    import json

    summary = json.loads(out)
    assert summary["interrupted"] is True and summary["released"] == 0


@pytest.mark.parametrize("ahead", [False, True])
def test_library_stop_event_releases_claimed_tasks(tmp_path: Path, embedder, ahead: bool, monkeypatch) -> None:  # noqa: ANN001
    """The same contract in-process: a stop set mid-batch (here by the progress callback after
    the first task) finishes that task and gives the rest of the batch back — and, with the
    look-ahead (``drain_ahead``), the next batch it claimed before writing this one."""
    import threading

    from memcli.write import worker

    monkeypatch.setattr(worker.threading, "active_count", lambda: 1)  # (an idle thread left by another test)
    db = tmp_path / "lib.db"
    stop = threading.Event()
    with Memory(db=str(db), user="alice", drain_batch_size=10, drain_ahead=ahead) as mem:
        mem.capture_jsonl(jsonl(utterances(30, seed=3)))
        s = mem.drain(stop=stop, progress=lambda n: stop.set())
        assert (s.interrupted, s.done, s.released, s.claimed) == ((True, 1, 19, 20) if ahead else (True, 1, 9, 10))
        st = mem.stats()["outbox"]
        assert st == {"pending": 29, "processing": 0, "done": 1, "dead": 0}
        s2 = mem.drain()
        assert s2.done == 29 and not s2.interrupted
