"""Concurrency: 4 ``python -m memcli drain --loop`` processes and 1 capturing process over
2,000 utterances of two users, all at once on one database.

Afterwards: every task done, claimed exactly once (``attempts == 1``, no error recorded);
each source's decisions applied once (no two events for the same source and item); no two
active items of a user with the same normalised statement (no duplicate from racing
workers); no "database is locked" reaching any process; integrity_check ok.
Workers encode with the ONNX export of the same model (see tests/_procs.py).
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from _procs import connect, ensure_fast_encoder, memcli_cmd, outbox_counts, scalar, utterances, worker_env

from memcli import Memory

N_UTTERANCES = 2000
N_WORKERS = 4

CAPTURER = r"""
import json, sys
from memcli import Memory
records = [json.loads(line) for line in open(sys.argv[2], encoding="utf-8")]
mems = {}
for r in records:
    u = r.pop("_user")
    m = mems.get(u) or mems.setdefault(u, Memory(db=sys.argv[1], user=u))
    m.capture(r["text"], at=r["at"], key=r["key"])
for m in mems.values():
    m.close()
print("captured", len(records), flush=True)
"""


@pytest.mark.slow
def test_four_drains_and_a_capturer(tmp_path: Path, embedder):
    ensure_fast_encoder()
    db = tmp_path / "busy.db"
    Memory(db=str(db), user="user0").close()  # schema in place before the race
    data = tmp_path / "utterances.jsonl"
    data.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in utterances(N_UTTERANCES, seed=3,
                                                                                      user_count=2)),
                    encoding="utf-8")
    env = worker_env(tmp_path, db=db)
    workers = [subprocess.Popen(memcli_cmd("drain", "--loop", "--interval", "0.2", "--max-seconds", "600"),
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
               for _ in range(N_WORKERS)]
    capturer = subprocess.Popen([sys.executable, "-c", CAPTURER, str(db), str(data)], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        out, err = capturer.communicate(timeout=300)
        assert capturer.returncode == 0, err.decode("utf-8", "replace")
        assert out.decode().strip() == f"captured {N_UTTERANCES}"
        conn = connect(db)
        try:
            end = time.monotonic() + 300
            while outbox_counts(conn)["done"] + outbox_counts(conn)["dead"] < N_UTTERANCES:
                assert time.monotonic() < end, f"outbox not drained: {outbox_counts(conn)}"
                assert all(w.poll() is None for w in workers), "a worker stopped early"
                time.sleep(0.2)
        finally:
            conn.close()
    finally:
        for w in workers:
            if w.poll() is None:
                w.send_signal(signal.SIGINT)
        errs = []
        for w in workers:
            try:
                w.wait(timeout=60)
            except subprocess.TimeoutExpired:
                w.kill()
                w.wait()
            errs.append(w.stderr.read().decode("utf-8", "replace"))
            w.stderr.close()
        if capturer.poll() is None:
            capturer.kill()

    for e in errs:
        assert "locked" not in e and "Traceback" not in e, e
        # SIGINT stops a looping drain: one line (issue 15 §4), or nothing if it came before start-up
        assert e.strip() in ("", "memcli: interrupted") or re.fullmatch(r"interrupted: \d+ done, \d+ released",
                                                                        e.strip()), e
    conn = connect(db)
    try:
        assert scalar(conn, "PRAGMA integrity_check") == "ok"
        assert outbox_counts(conn) == {"pending": 0, "processing": 0, "done": N_UTTERANCES, "dead": 0}
        assert scalar(conn, "SELECT count(*) FROM memory_capture_outbox WHERE attempts != 1") == 0
        assert scalar(conn, "SELECT count(*) FROM memory_capture_outbox WHERE last_error IS NOT NULL") == 0
        assert scalar(conn, "SELECT count(DISTINCT lease_owner) FROM memory_capture_outbox") >= 2, \
            "the workers did not actually share the work"
        # each task's effects written once: one event per (source, memory, other memory) — a CONFLICT that
        # ends two stored statements of one fact (My cat is named Tom / 我的cat叫Tom) records one event for each
        assert scalar(conn, """SELECT count(*) FROM (SELECT source_id, item_id, other_item_id FROM memory_events
                               WHERE source_id IS NOT NULL GROUP BY 1, 2, 3 HAVING count(*) > 1)""") == 0
        assert scalar(conn, """SELECT count(*) FROM (SELECT user_id, normalized FROM memory_items
                               WHERE invalid_at IS NULL AND expired_at IS NULL GROUP BY 1, 2
                               HAVING count(*) > 1)""") == 0
        assert scalar(conn, "SELECT count(DISTINCT user_id) FROM memory_items") == 2
        assert scalar(conn, "SELECT count(*) FROM memory_events WHERE source_id IS NOT NULL") > N_UTTERANCES // 2
    finally:
        conn.close()
