"""Round 35: the writer's KNN copy (memcli/db/write_knn.py) skips its errstate and NaN scan while every norm it holds
is a finite number above _TINY ("clean"). On a real store: the clean path answers as vec0 does; a copy holding a
zero vector is no longer clean and answers as before (None: vec0's answer when the zero row is live, the same
neighbours when it is not); and the clean path's answers are the guarded path's, query for query."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from memcli.db import index, search, write_knn
from memcli.db.sqlite import SQLiteStore

DIM = 48


def _unit(rng: np.random.Generator, n: int) -> np.ndarray:
    m = rng.standard_normal((n, DIM)).astype(np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


def _store(tmp_path: Path, vecs: np.ndarray) -> SQLiteStore:
    store = SQLiteStore(str(tmp_path / "k.db"))
    t = "2026-02-01T00:00:00+00:00"
    with store.tx():
        index.ensure_vec_table(store, DIM, "test-model")
        for i, v in enumerate(vecs):
            iid = store.x("INSERT INTO memory_items(user_id, statement, normalized, kind, salience, confidence, "
                          "origin, valid_from, recorded_at, last_confirmed_at) VALUES ('u', ?, ?, 'fact', 0.5, 0.9, "
                          "'user', ?, ?, ?)", (f"note {i}", f"note {i}", t, t, t))
            row = store.one("SELECT * FROM memory_items WHERE id = ?", (iid,))
            index.index_vector(store, row, v, fresh=True)
    return store


def _entry(store: SQLiteStore, vecs: np.ndarray) -> write_knn.Entry:
    ids = np.array([r["id"] for r in store.q("SELECT id FROM memory_items ORDER BY id")])
    return write_knn.Entry(ids, vecs, np.ones(len(ids), bool), 1, None, 1)


def _vec0(store: SQLiteStore, q: np.ndarray, k: int) -> list[tuple[int, float]]:
    real = write_knn.knn_of
    write_knn.knn_of = lambda *a: None
    try:
        return [(r["id"], round(1.0 - r["cosine"], 6)) for r in search.neighbors(store, "u", q, k)]
    finally:
        write_knn.knn_of = real


@pytest.mark.parametrize("k", [1, 5, 12])
def test_the_clean_path_answers_as_vec0_and_as_the_guarded_path(tmp_path: Path, k: int) -> None:
    rng = np.random.default_rng(35 + k)
    vecs = _unit(rng, 60)
    store = _store(tmp_path, vecs)
    e = _entry(store, vecs)
    assert e.clean
    answered = 0
    for q in _unit(rng, 25):
        fast = e.knn(q, k, store.conn)
        e.clean = False  # the same copy through the errstate and the NaN scan
        slow = e.knn(q, k, store.conn)
        e.clean = True
        assert fast == slow
        if fast is not None:
            answered += 1
            assert [(i, round(d, 6)) for i, d in fast] == _vec0(store, q, k)
    assert answered >= 20


def test_a_zero_vector_makes_the_copy_unclean_and_answers_as_before(tmp_path: Path) -> None:
    rng = np.random.default_rng(7)
    vecs = _unit(rng, 30)
    store = _store(tmp_path, vecs)
    e = _entry(store, vecs)
    q = _unit(rng, 1)[0]
    before = e.knn(q, 5, store.conn)
    assert before is not None and e.clean
    e.put(10_000, np.zeros(DIM, np.float32), False)  # a zero vector, not live: the others answer as before
    assert not e.clean
    assert e.knn(q, 5, store.conn) == before
    e.put(10_000, np.zeros(DIM, np.float32), True)  # live: its cosine is no number, vec0 answers
    assert e.knn(q, 5, store.conn) is None
    e.put(10_001, vecs[0] * 1e-20, True)  # a norm under _TINY: the copy stays unclean
    assert not e.clean
