"""Crash safety: ``python -m memcli drain`` is SIGKILLed at random moments at least 20
times over a few hundred captured utterances, restarted each time.

After every kill: no event and no item link of a task that has not committed (a task's
results and its completion are one transaction). At the end: ``integrity_check`` ok, every
task done exactly once, and the items and per-source decisions equal those of an
uninterrupted run on a copy of the same captured input.

Settings of the workers: ``MEMCLI_LEASE_S=1`` so a killed worker's lease expires quickly and
the next worker reclaims it; ``MEMCLI_MAX_ATTEMPTS=1000`` because attempts count claims and
a task claimed by many killed workers would otherwise (by design) end ``dead``;
``MEMCLI_DRAIN_BATCH_SIZE=4`` so a kill lands inside a batch more often and a worker on a
fast, idle machine cannot empty the outbox between two kills.
"""

from __future__ import annotations

import random
import shutil
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
    outcome,
    scalar,
    uncommitted_traces,
    utterances,
    worker_env,
)

from memcli import Memory

N_UTTERANCES = {"sqlite": 400, "postgresql": 200}  # smaller on PostgreSQL: the same code path, CI time kept small
N_BATCH = 20000
MIN_KILLS = {"sqlite": 20, "postgresql": 8}


def _wait_claimed(db: Path | str, proc: subprocess.Popen, timeout_s: float) -> bool:
    """Wait until ``proc`` holds a lease (it is mid-work) or exits; True if it holds one."""
    conn = connect(db)
    try:
        end = time.monotonic() + timeout_s
        while time.monotonic() < end and proc.poll() is None:
            if scalar(conn, "SELECT count(*) FROM memory_capture_outbox WHERE status = 'processing' "
                            "AND lease_owner LIKE ?", (f"%:{proc.pid}:%",)):
                return True
            time.sleep(0.02)
        return False
    finally:
        conn.close()


def _ids(conn, sql: str) -> set[int]:  # noqa: ANN001
    return {int(r[0]) for r in conn.execute(sql).fetchall()}


def _wait_leases_expired(db: Path | str, timeout_s: float = 10.0) -> None:
    """Let killed workers' leases run out, so the next worker reclaims them first (in id order)."""
    conn = connect(db)
    try:
        end = time.monotonic() + timeout_s
        while time.monotonic() < end:
            left = scalar(conn, "SELECT count(*) FROM memory_capture_outbox WHERE status = 'processing' "
                                f"AND lease_until >= {conn.now_sql}")
            if not left:
                return
            time.sleep(0.05)
    finally:
        conn.close()


@pytest.mark.slow
@pytest.mark.backends
def test_sigkill_drain_repeatedly(db: str, backend: str, new_db, tmp_path: Path, embedder):
    ensure_fast_encoder()
    min_kills, n_utt = MIN_KILLS[backend], N_UTTERANCES[backend]
    ref = new_db("reference")
    lines = jsonl(utterances(n_utt, seed=11))
    with Memory(db=db, user="alice") as m:
        m.capture_jsonl(lines)
    if backend == "sqlite":
        shutil.copy(db, ref)  # closed cleanly: no -wal to copy
    else:  # the same captured input in another schema (ids and keys alike: captured the same way)
        with Memory(db=ref, user="alice") as m:
            m.capture_jsonl(lines)

    # SQLite's kills run the drain's look-ahead (a forked process preparing the next batch: off by default),
    # PostgreSQL's the default drain: both shapes are killed mid-task
    env = worker_env(tmp_path, lease_s=1, max_attempts=1000, drain_batch_size=4, db=db,
                     drain_ahead=int(backend == "sqlite"))
    rng = random.Random(20261130)
    kills = mid_task_kills = 0
    runs = 0
    while kills < min_kills:
        runs += 1
        assert runs < min_kills * 4, f"the workers finish before they can be killed {min_kills} times"
        _wait_leases_expired(db)
        proc = subprocess.Popen(memcli_cmd("drain", "--json"), env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        if rng.random() < 0.75:  # mostly mid-work: after its first claim, at a random moment
            claimed = _wait_claimed(db, proc, timeout_s=60)
            time.sleep(rng.uniform(0.0, 0.2))
        else:  # anywhere: startup, model load, claim, extraction...
            claimed = False
            time.sleep(rng.uniform(0.1, 1.2))
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
            kills += 1
            mid_task_kills += claimed
        proc.wait(timeout=30)
        err = proc.stderr.read().decode("utf-8", "replace")
        proc.stderr.close()
        assert "Traceback" not in err and "locked" not in err, err
        conn = connect(db)
        try:
            assert uncommitted_traces(conn) == {"events_of_unfinished_tasks": 0,
                                                "item_links_of_unfinished_tasks": 0,
                                                "items_without_source": 0}, f"after kill {kills}"
            if outbox_counts(conn)["done"] == n_utt:
                break
        finally:
            conn.close()
    assert kills >= min_kills, f"only {kills} kills landed before the outbox was empty"
    assert mid_task_kills >= min_kills // 4

    # Finish uninterrupted, and run the reference once on the untouched copy — with the default lease: a 1 s
    # lease on a loaded machine lapses while the look-ahead's claimed batches wait their turn, and the drain
    # ends by releasing them (pending, not done); the kills above are what the short lease is for
    _wait_leases_expired(db)
    finish = {**env, "MEMCLI_LEASE_S": "60"}
    for path in (db, ref):
        r = subprocess.run(memcli_cmd("--db", str(path), "drain", "--json"), env=finish, capture_output=True,
                           timeout=300)
        assert r.returncode == 0, r.stderr.decode("utf-8", "replace")

    conn, rconn = connect(db), connect(ref)
    try:
        assert conn.integrity_ok()
        assert outbox_counts(conn) == {"pending": 0, "processing": 0, "done": n_utt, "dead": 0}
        assert outbox_counts(rconn)["done"] == n_utt
        assert uncommitted_traces(conn)["items_without_source"] == 0
        got, want = outcome(conn), outcome(rconn)
        assert len(got["items"]) == len(want["items"]) > 20
        assert got["items"] == want["items"]
        assert got["events"] == want["events"]  # every task's decisions applied exactly once
        if backend == "sqlite":  # a batch's vector rows are written together before its commit: none lost or left over
            for c in (conn, rconn):
                assert _ids(c, "SELECT rowid FROM memory_vec_rowids") == _ids(
                    c, "SELECT id FROM memory_items WHERE embed_model IS NOT NULL") != set()
                assert _ids(c, "SELECT rowid FROM memory_episode_vec_rowids") == _ids(
                    c, "SELECT source_id FROM memory_episodes WHERE embed_model IS NOT NULL") != set()
        # A task killed mid-way was claimed again: attempts show the kills really hit tasks.
        reclaimed = scalar(conn, "SELECT count(*) FROM memory_capture_outbox WHERE attempts > 1")
        assert reclaimed > 0
        most = scalar(conn, "SELECT max(attempts) FROM memory_capture_outbox")
        print(f"\ncrash: {kills} SIGKILLs ({mid_task_kills} mid-task) over {runs} runs; {reclaimed} tasks "
              f"reclaimed after a kill (max attempts {most}); "
              f"{len(got['items'])} items, {len(got['events'])} decisions, equal to the uninterrupted run")
    finally:
        conn.close()
        rconn.close()


@pytest.mark.slow
def test_sigkill_capture_batch_is_all_or_nothing(tmp_path: Path):
    """``capture -`` of thousands of lines is one transaction: killed at random moments it
    leaves none of them or all of them, and never a source without its outbox task."""
    db = tmp_path / "cap.db"
    lines = jsonl(utterances(N_BATCH, seed=5))
    data = ("\n".join(lines) + "\n").encode("utf-8")
    env = worker_env(tmp_path, db=db, user="alice")
    t0 = time.monotonic()  # how long one uninterrupted run takes here, on a scratch database
    subprocess.run(memcli_cmd("--db", str(tmp_path / "probe.db"), "capture", "-"), env=env, input=data,
                   capture_output=True, timeout=300, check=True)
    whole_s = time.monotonic() - t0
    rng = random.Random(7)
    for _ in range(4):
        proc = subprocess.Popen(memcli_cmd("capture", "-"), env=env, stdin=subprocess.PIPE,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        proc.stdin.write(data)
        proc.stdin.close()
        time.sleep(rng.uniform(0.4, 0.97) * whole_s)  # the transaction is the later part of a run
        if proc.poll() is None:
            proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
        if db.exists():
            conn = connect(db)
            try:
                n = scalar(conn, "SELECT count(*) FROM memory_sources") if scalar(
                    conn, "SELECT count(*) FROM sqlite_master WHERE name = 'memory_sources'") else 0
                assert n in (0, N_BATCH), n
                if n:
                    assert scalar(conn, "SELECT count(*) FROM memory_capture_outbox") == N_BATCH
                assert scalar(conn, "PRAGMA integrity_check") == "ok"
            finally:
                conn.close()
    # A last, uninterrupted run completes (or finds every key already captured).
    r = subprocess.run(memcli_cmd("capture", "-", "--json"), env=env, input=data, capture_output=True, timeout=300)
    assert r.returncode == 0, r.stderr.decode("utf-8", "replace")
    conn = connect(db)
    try:
        assert scalar(conn, "SELECT count(*) FROM memory_sources") == N_BATCH
        assert scalar(conn, "SELECT count(*) FROM memory_capture_outbox") == N_BATCH
    finally:
        conn.close()
