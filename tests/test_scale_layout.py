"""vec0 layout at scale: 8-slot chunks, the resumable in-place rebuild (killed with SIGKILL and
resumed), and many users in one file staying small with each user's memory still found."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import apsw
import numpy as np
import pytest

from memcli.db import index
from memcli.db import schema as s
from memcli.db import vector_layout as vl
from memcli.db.connect import Store
from memcli.timeutil import FAR_FUTURE_EPOCH

ROOT = Path(__file__).resolve().parents[1]
DIM = 16
OLD_LAYOUT = (f"CREATE VIRTUAL TABLE {s.VEC} USING vec0(item_id INTEGER PRIMARY KEY, user_id TEXT PARTITION KEY, "
              "active INTEGER, current INTEGER, valid_from INTEGER, invalid_at INTEGER, "
              f"embedding float[{DIM}] distance_metric=cosine)")  # sqlite-vec's default: 1,024-slot chunks


def _vec_rows(st: Store) -> dict[int, tuple]:
    return {r["item_id"]: (r["user_id"], r["active"], r["current"], r["valid_from"], r["invalid_at"], r["embedding"])
            for r in st.q(f"SELECT item_id, user_id, active, current, valid_from, invalid_at, embedding FROM {s.VEC}")}


def _knn(st: Store, q: np.ndarray, user: str, k: int = 10) -> list[int]:
    return [r["item_id"] for r in st.q(
        f"SELECT item_id, distance FROM {s.VEC} WHERE embedding MATCH ? AND k = ? AND user_id = ? AND active = 1 "
        "ORDER BY distance", (q.astype(np.float32).tobytes(), k, user))]


def _old_layout_db(path: Path, n: int, users: int = 7, seed: int = 0) -> None:
    """A migrated store whose vec0 table is in the old layout (as every database before this change)."""
    rng = np.random.default_rng(seed)
    with Store(path) as st:
        st.x(OLD_LAYOUT)
        with st.tx():
            for i in range(1, n + 1):
                v = rng.standard_normal(DIM).astype(np.float32)
                v /= np.linalg.norm(v)
                st.x(f"INSERT INTO {s.VEC} VALUES (?, ?, ?, 1, ?, ?, ?)",
                     (i, f"u{i % users}", int(i % 5 != 0), i, FAR_FUTURE_EPOCH, v.tobytes()))


def test_new_table_has_small_chunks_and_partition_index(tmp_path: Path) -> None:
    with Store(tmp_path / "m.db") as st:
        index.ensure_vec_table(st, 384, "m")
        sql = st.scalar("SELECT sql FROM sqlite_master WHERE name = ?", (s.VEC,))
        assert "chunk_size=8" in sql
        assert st.table_exists("ix_vec_chunks_partition")
        names = [r["name"] for r in st.q(f"SELECT name FROM {s.MIGRATIONS}")]
        assert "m0002_vec0_small_chunks" in names and "m0003_vector_change_log" in names


def test_open_rebuilds_an_old_table_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    _old_layout_db(path, 300)
    raw = apsw.Connection(str(path))
    assert vl.needs_rebuild(raw)
    raw.close()
    rng = np.random.default_rng(9)
    queries = [rng.standard_normal(DIM) for _ in range(5)]
    with Store(path) as st:  # the open itself rebuilds (nothing pending afterwards)
        assert "chunk_size=8" in st.scalar("SELECT sql FROM sqlite_master WHERE name = ?", (s.VEC,))
        assert not st.table_exists(vl.REBUILD)
        assert st.meta_get(vl.CURSOR_KEY) is None
        assert len(_vec_rows(st)) == 300
        for q in queries:  # exact and inside the partition: only u3's active rows
            ids = _knn(st, q, "u3")
            assert len(ids) == 10 and all(i % 7 == 3 and i % 5 != 0 for i in ids)


def test_rebuild_killed_midway_resumes_and_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    n = 3000
    _old_layout_db(path, n)
    raw = apsw.Connection(str(path))
    raw.enable_load_extension(True)
    from memcli.db.open_checks import sqlite_vec_path

    raw.load_extension(sqlite_vec_path())
    before = {r[0]: tuple(r[1:]) for r in raw.execute(
        f"SELECT item_id, user_id, active, current, valid_from, invalid_at, embedding FROM {s.VEC}")}
    rng = np.random.default_rng(3)
    queries = [(rng.standard_normal(DIM).astype(np.float32), f"u{u}") for u in range(7)]
    knn_before = [[r[0] for r in raw.execute(
        f"SELECT item_id, distance FROM {s.VEC} WHERE embedding MATCH ? AND k = 10 AND user_id = ? AND active = 1 "
        "ORDER BY distance", (q.tobytes(), u))] for q, u in queries]
    raw.close()

    child = textwrap.dedent(f"""
        import sys, time, apsw
        from memcli.db.open_checks import sqlite_vec_path
        from memcli.db import vector_layout as vl
        c = apsw.Connection({str(path)!r}); c.set_busy_timeout(5000)
        c.enable_load_extension(True); c.load_extension(sqlite_vec_path())
        def progress(done, total):
            print(done, total, flush=True); time.sleep(0.2)
        vl.resume_rebuild(c, batch=100, progress=progress)
        print("finished", flush=True)
    """)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE, text=True, env=env)
    assert proc.stdout is not None
    lines = [proc.stdout.readline() for _ in range(3)]
    os.kill(proc.pid, signal.SIGKILL)  # mid-way, possibly inside the next batch's transaction
    proc.wait()
    assert all(line.split()[1] == str(n) for line in lines), lines

    raw = apsw.Connection(str(path))
    cursor = int(raw.execute(f"SELECT value FROM {s.META} WHERE key = ?", (vl.CURSOR_KEY,)).fetchone()[0])
    assert 300 <= cursor < n  # three batches committed, the rest not
    raw.enable_load_extension(True)
    raw.load_extension(sqlite_vec_path())
    assert vl.resume_rebuild(raw) == n - cursor  # goes on from the cursor, not from zero
    raw.close()
    with Store(path) as st:
        assert not st.table_exists(vl.REBUILD)
        assert "chunk_size=8" in st.scalar("SELECT sql FROM sqlite_master WHERE name = ?", (s.VEC,))
        after = {k: tuple(v) for k, v in _vec_rows(st).items()}
        assert after == before
        assert [_knn(st, q, u) for q, u in queries] == knn_before


def test_writes_during_a_pending_rebuild_reach_the_new_table(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    _old_layout_db(path, 500)

    class Stop(Exception):
        pass

    def stop(done: int, total: int) -> None:
        raise Stop

    raw = apsw.Connection(str(path))
    raw.enable_load_extension(True)
    from memcli.db.open_checks import sqlite_vec_path

    raw.load_extension(sqlite_vec_path())
    with pytest.raises(Stop):
        vl.resume_rebuild(raw, batch=200, progress=stop)  # one batch copied (ids 1..200), then "killed"
    raw.close()
    # A Store open would finish the rebuild; write through the index functions on a raw store
    # object instead, as another process would while this one is between two batches.
    st = Store.__new__(Store)
    st.path, st.conn = path, apsw.Connection(str(path))
    st.conn.row_trace = lambda c, r: {d[0]: v for d, v in zip(c.get_description(), r, strict=True)}
    st.conn.enable_load_extension(True)
    st.conn.load_extension(sqlite_vec_path())
    assert st.table_exists(vl.REBUILD) and st.meta_get(vl.CURSOR_KEY) == "200"
    v = np.ones(DIM, np.float32) / np.sqrt(DIM)
    item = {"id": 10, "user_id": "u3", "invalid_at": None, "expired_at": None, "valid_from": "2026-01-01T00:00:00Z"}
    with st.tx():
        index.index_vector(st, item, v)  # an already-copied row: replaced in both tables
        index.refresh_flags(st, {**item, "id": 20, "user_id": "u6", "invalid_at": "2026-02-01T00:00:00Z"})
        index.unindex(st, 30)
        index.unindex(st, 400)  # not copied yet: the copy will simply not find it
    st.conn.close()
    with Store(path) as done:
        rows = _vec_rows(done)
        assert len(rows) == 498
        assert rows[10][0] == "u3" and np.allclose(np.frombuffer(rows[10][5], np.float32), v)
        assert rows[20][1] == 0 and rows[20][2] == 1
        assert 30 not in rows and 400 not in rows


class _TemplateEmbedder:
    """The real model's vectors, computed once per sentence *template* (digits dropped), so 2,000
    statements cost 11 encodings: every user holds the same vectors as every other, which is
    what makes a leak across partitions visible."""

    def __init__(self, real) -> None:  # noqa: ANN001
        self.real, self.name, self.dim, self.cache = real, real.name, real.dim, {}

    def _one(self, text: str) -> np.ndarray:
        key = re.sub(r"[0-9]+", "", text)
        if key not in self.cache:
            self.cache[key] = self.real.embed_batch([key])[0]
        return self.cache[key]

    def embed(self, texts, batch_size: int = 64, progress=None) -> np.ndarray:  # noqa: ANN001
        return np.stack([self._one(t) for t in texts])

    def embed_batch(self, texts) -> np.ndarray:  # noqa: ANN001
        return self.embed(texts)

    def embed_one(self, text: str) -> np.ndarray:
        return self._one(text)


def test_500_users_with_4_memories_stay_small_and_each_finds_its_own(tmp_path: Path, embedder) -> None:
    from memcli import Memory
    from memcli.records import MemoryRecord

    path = tmp_path / "many.db"
    pets = ["cat", "dog", "parrot", "rabbit", "hamster", "turtle", "goldfish", "pony"]
    emb = _TemplateEmbedder(embedder)
    for u in range(500):
        recs = [MemoryRecord(text=f"My {pets[u % 8]} is called Nemo{u}x"),
                MemoryRecord(text=f"I work as a tester in city number {u}"),
                MemoryRecord(text=f"My favourite dish is recipe {u} with rice"),
                MemoryRecord(text=f"I was born in {1950 + u % 60}")]
        with Memory(db=str(path), user=f"user{u:03d}") as m:
            m._embedder = emb
            m.import_records(recs)
    with Store(path) as st:
        size = st.size_bytes() - Path(str(path) + "-shm").stat().st_size  # db + wal
        assert st.scalar(f"SELECT count(*) FROM {s.VEC}") == 2000
    assert size <= 25 * 1024 * 1024, f"{size / 1e6:.1f} MB for 500 users x 4 memories"
    for u in range(0, 500, 25):  # each user's own memory first, and nothing of another user's
        with Memory(db=str(path), user=f"user{u:03d}") as m:
            own = {it.id for it in m.list()}
            legs = ("dense", "lexical") if u % 100 == 0 else ("lexical",)  # the query encoder is slow on busy cores
            hits = m.search(f"what is my {pets[u % 8]} called? Nemo{u}x", limit=4, legs=legs)
            assert hits and hits[0].statement == f"My {pets[u % 8]} is called Nemo{u}x"
            assert {h.id for h in hits} <= own
            dense = m.search(f"what is my {pets[u % 8]} called?", limit=4, legs=("dense",)) if u % 100 == 0 else []
            assert all(h.id in own for h in dense) and (u % 100 or dense[0].statement.startswith(f"My {pets[u % 8]}"))
