"""The in-process vector cache answers exactly what vec0's KNN answers, and sees every write —
its own and another connection's (another process) — before the next search."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest

from memcli.db import index, vector_copy
from memcli.db import schema as s
from memcli.db import vector_cache as vc
from memcli.db.connect import Store

DIM = 24


@pytest.fixture(autouse=True)
def _small_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vc, "MIN_VECTORS", 50)


def _unit(rng: np.random.Generator) -> np.ndarray:
    v = rng.standard_normal(DIM).astype(np.float32)
    return v / np.linalg.norm(v)


def _item(i: int, user: str, *, invalid: str | None = None, expired: str | None = None,
          valid_from: str = "2026-01-01T00:00:00Z") -> dict:
    return {"id": i, "user_id": user, "invalid_at": invalid, "expired_at": expired, "valid_from": valid_from}


def _fill(st: Store, n: int, seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    index.ensure_vec_table(st, DIM, "test")
    with st.tx():
        for i in range(1, n + 1):
            user = "alice" if i % 3 else "bob"
            inv = "2026-03-01T00:00:00Z" if i % 7 == 0 else None
            exp = "2026-04-01T00:00:00Z" if i % 11 == 0 else None
            vf = f"2025-{1 + i % 12:02d}-01T00:00:00Z"
            index.index_vector(st, _item(i, user, invalid=inv, expired=exp, valid_from=vf), _unit(rng))


def _vec0(st: Store, user: str, q: np.ndarray, k: int, as_of: int | None = None) -> list[tuple[int, float]]:
    cond = "current = 1 AND valid_from <= ? AND invalid_at > ?" if as_of is not None else "active = 1"
    extra = [as_of, as_of] if as_of is not None else []
    return [(r["item_id"], 1.0 - r["distance"]) for r in st.q(
        f"SELECT item_id, distance FROM {s.VEC} WHERE embedding MATCH ? AND k = ? AND user_id = ? AND {cond} "
        "ORDER BY distance", [q.tobytes(), k, user, *extra])]


def _cached(st: Store, user: str, q: np.ndarray, k: int, as_of: int | None = None) -> list[tuple[int, float]]:
    for _ in range(3):  # the second use loads
        out = st.vector_cache.knn(user, q, k, as_of)
    assert out is not None, "not cached"
    return out


def _same(a: list[tuple[int, float]], b: list[tuple[int, float]]) -> None:
    assert [i for i, _ in a] == [i for i, _ in b]
    assert np.allclose([c for _, c in a], [c for _, c in b], atol=1e-5)


def test_cached_knn_equals_vec0_active_and_as_of(tmp_path: Path) -> None:
    rng = np.random.default_rng(1)
    with Store(tmp_path / "m.db") as st:
        _fill(st, 600)
        for _ in range(5):
            q = _unit(rng)
            _same(_cached(st, "alice", q, 10), _vec0(st, "alice", q, 10))
            _same(_cached(st, "bob", q, 25), _vec0(st, "bob", q, 25))
            t = 1748736000  # 2025-06-01
            _same(_cached(st, "alice", q, 10, t), _vec0(st, "alice", q, 10, t))
        q = _unit(rng)
        _same(_cached(st, "alice", q, 4096), _vec0(st, "alice", q, 4096))  # k above the user's rows
        assert st.vector_cache.knn("nobody", q, 5, None) is None  # an empty partition is never cached


def test_small_users_are_left_to_vec0(tmp_path: Path) -> None:
    with Store(tmp_path / "m.db") as st:
        _fill(st, 60)  # bob holds 20 vectors, below the threshold of 50
        q = _unit(np.random.default_rng(2))
        assert [st.vector_cache.knn("bob", q, 5, None) for _ in range(3)] == [None, None, None]


def test_writes_of_another_connection_are_seen(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    rng = np.random.default_rng(3)
    with Store(path) as reader, Store(path) as writer:
        _fill(writer, 300)
        q = _unit(rng)
        top = _cached(reader, "alice", q, 5)
        with writer.tx():  # a new nearest neighbour, the old nearest retired, the second purged
            index.index_vector(writer, _item(1000, "alice"), q)
            index.refresh_flags(writer, _item(top[0][0], "alice", invalid="2026-05-01T00:00:00Z"))
            index.unindex(writer, top[1][0])
            index.index_vector(writer, _item(1001, "bob"), q)  # another user's: never in alice's results
        got = reader.vector_cache.knn("alice", q, 5, None)
        assert got is not None and got[0][0] == 1000
        ids = [i for i, _ in got]
        assert top[0][0] not in ids and top[1][0] not in ids and 1001 not in ids
        _same(got, _vec0(reader, "alice", q, 5))
        with writer.tx():  # a replaced vector moves the row
            index.index_vector(writer, _item(1000, "alice"), -q)
        _same(reader.vector_cache.knn("alice", q, 5, None), _vec0(reader, "alice", q, 5))


def test_reload_after_log_pruned_or_table_recreated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "m.db"
    rng = np.random.default_rng(4)
    with Store(path) as reader, Store(path) as writer:
        _fill(writer, 300)
        q = _unit(rng)
        _cached(reader, "alice", q, 5)
        monkeypatch.setattr(vector_copy, "LOG_KEEP", 10)  # where the change log is written
        with writer.tx():  # enough writes for the log to prune past the reader's position
            for i in range(2000, 3005):
                index.index_vector(writer, _item(i, "bob"), _unit(rng))
            index.index_vector(writer, _item(5000, "alice"), q)
        assert writer.scalar(f"SELECT min(seq) FROM {vc.LOG}") > 300
        got = reader.vector_cache.knn("alice", q, 5, None)
        assert got is not None and got[0][0] == 5000
        _same(got, _vec0(reader, "alice", q, 5))
        writer.x(f"DROP TABLE {s.VEC}")  # as reembed does; the new table starts empty
        index.ensure_vec_table(writer, DIM, "test")
        with writer.tx():
            index.index_vector(writer, _item(7, "alice"), q)
        assert reader.vector_cache.knn("alice", q, 5, None) is None  # reloaded: 1 vector, below threshold
        assert [i for i, _ in _vec0(reader, "alice", q, 5)] == [7]


def test_inside_a_transaction_the_cache_steps_aside(tmp_path: Path) -> None:
    with Store(tmp_path / "m.db") as st:
        _fill(st, 300)
        q = _unit(np.random.default_rng(5))
        _cached(st, "alice", q, 5)
        with pytest.raises(RuntimeError), st.tx():  # written, seen inside, rolled back
            index.index_vector(st, _item(9000, "alice"), q)
            assert st.vector_cache.knn("alice", q, 5, None) is None
            raise RuntimeError("rollback")
        got = st.vector_cache.knn("alice", q, 5, None)
        assert got is not None and 9000 not in [i for i, _ in got]
        _same(got, _vec0(st, "alice", q, 5))
        with st.tx():
            index.index_vector(st, _item(9001, "alice"), q)
        got = st.vector_cache.knn("alice", q, 5, None)
        assert got is not None and got[0][0] == 9001


def test_detached_knn_is_the_cached_knn_and_runs_on_two_threads(tmp_path: Path, monkeypatch) -> None:
    import threading

    from memcli.db.search import knn_detached

    monkeypatch.setattr(vc.Scan, "CHUNK", 16)  # 200 of alice's rows: 13 chunks for two threads
    path = tmp_path / "m.db"
    rng = np.random.default_rng(6)
    with Store(path) as st, Store(path) as writer:
        _fill(writer, 300)
        q = _unit(rng)
        assert knn_detached(st, "alice", 5) is None  # nothing loaded yet, and no search counted:
        assert st.vector_cache.knn("alice", q, 5, None) is None  # this is the first search
        assert knn_detached(st, "alice", 5) is None
        assert st.vector_cache.knn("alice", q, 5, None) is not None  # the second one loads
        with writer.tx():  # a write after the load is patched in when the job is made
            index.index_vector(writer, _item(4000, "alice"), q)
        t = 1748736000
        for k, as_of, expected in ((5, None, _vec0(st, "alice", q, 5)), (10, t, _vec0(st, "alice", q, 10, t))):
            job = knn_detached(st, "alice", k, as_of=None if as_of is None else datetime.fromtimestamp(as_of, UTC))
            assert job is not None
            th = threading.Thread(target=job.start, args=(q,))
            th.start()
            got = job.result()  # this thread takes the chunks the other has not taken yet
            th.join()
            _same(got, expected)
        job = knn_detached(st, "alice", 5)
        job.start(q)
        assert job.result()[0][0] == 4000
        wrong = knn_detached(st, "alice", 5)
        with pytest.raises(ValueError):
            wrong.start(np.ones(DIM + 1, np.float32))  # another model's dimension
        assert wrong.result() is None  # the caller runs knn(), which reports the mismatch
        late = knn_detached(st, "alice", 5)
        assert late.result(timeout_s=0.01) is None  # never started (the encoder is late)
        gone = knn_detached(st, "alice", 5)
        gone.abandon()
        assert gone.result() is None
        assert knn_detached(st, "bob", 5) is None  # bob was never searched


def test_hybrid_search_with_the_knn_beside_the_lexical_leg_finds_the_same(tmp_path: Path, embedder,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from memcli import Memory

    monkeypatch.setattr(vc, "MIN_VECTORS", 3)
    with Memory(db=str(tmp_path / "m.db"), user="alice") as m:
        for text in ("我咖啡不加糖", "My sister lives in Lyon", "我对花生过敏", "I play tennis on Sundays",
                     "我妈妈的生日是3月5号"):
            m.remember(text)
        first = m.search("coffee sugar", limit=5)  # vec0; the second search loads the copy
        m.search("coffee sugar", limit=5)
        third = m.search("coffee sugar", limit=5)
        assert not first.info.dense_concurrent and third.info.dense_concurrent
        assert [(h.id, h.score) for h in third] == [(h.id, h.score) for h in first]
        assert not m.search("coffee sugar", legs=("dense",)).info.dense_concurrent  # alone: on this thread
