"""Four ``memcli --db DB drain`` processes started together over 3 users' 240 captured
utterances, on SQLite and on PostgreSQL (issue 13's done-when): every task done exactly once
(``attempts == 1``, no error), each source's decisions applied once, no duplicated active
statement of a user, and every user's memories only under that user."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from _procs import connect, ensure_fast_encoder, jsonl, memcli_cmd, outbox_counts, scalar, utterances, worker_env

from memcli import Memory

pytestmark = pytest.mark.backends

N_UTTERANCES = 240
N_USERS = 3
N_WORKERS = 4


@pytest.mark.slow
def test_four_drains_started_together_finish_every_task_once(db: str, tmp_path: Path, embedder):
    ensure_fast_encoder()
    recs = utterances(N_UTTERANCES, seed=5, user_count=N_USERS)
    for u in range(N_USERS):
        mine = [r for r in recs if r["_user"] == f"user{u}"]
        with Memory(db=db, user=f"user{u}") as m:
            m.capture_jsonl(jsonl(mine))
    env = worker_env(tmp_path, db=db, drain_batch_size=8)
    workers = [subprocess.Popen(memcli_cmd("--db", db, "drain", "--json"), env=env, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE) for _ in range(N_WORKERS)]
    errs = []
    for w in workers:
        _, err = w.communicate(timeout=300)
        errs.append((w.returncode, err.decode("utf-8", "replace")))
    for code, err in errs:
        assert code == 0 and "Traceback" not in err and "locked" not in err, err

    conn = connect(db)
    try:
        assert conn.integrity_ok()
        assert outbox_counts(conn) == {"pending": 0, "processing": 0, "done": N_UTTERANCES, "dead": 0}
        assert scalar(conn, "SELECT count(*) FROM memory_capture_outbox WHERE attempts != 1") == 0
        assert scalar(conn, "SELECT count(*) FROM memory_capture_outbox WHERE last_error IS NOT NULL") == 0
        # each task's effects written once: one event per (source, memory, other memory) — a CONFLICT that
        # ends two stored statements of one fact (My cat is named Tom / 我的cat叫Tom) records one event for each
        assert scalar(conn, """SELECT count(*) FROM (SELECT source_id, item_id, other_item_id FROM memory_events
                               WHERE source_id IS NOT NULL GROUP BY 1, 2, 3 HAVING count(*) > 1) d""") == 0
        assert scalar(conn, """SELECT count(*) FROM (SELECT user_id, normalized FROM memory_items
                               WHERE invalid_at IS NULL AND expired_at IS NULL GROUP BY 1, 2
                               HAVING count(*) > 1) d""") == 0
        assert scalar(conn, "SELECT count(DISTINCT user_id) FROM memory_items") == N_USERS
        # an item's sources belong to its user
        assert scalar(conn, """SELECT count(*) FROM memory_item_sources l JOIN memory_items i ON i.id = l.item_id
                               JOIN memory_sources s ON s.id = l.source_id WHERE i.user_id != s.user_id""") == 0
        assert scalar(conn, "SELECT count(*) FROM memory_events WHERE source_id IS NOT NULL") > N_UTTERANCES // 2
    finally:
        conn.close()
