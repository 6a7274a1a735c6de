"""The write path's KNN copy (:mod:`memcli.db.write_knn`) gives vec0's answer bit for bit: the same
neighbours in the same order with the same cosines, on a real store, through inserts, flag changes,
savepoint rollbacks and another connection's writes; and a drain decides the same with and without it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
from _procs import jsonl, utterances

from memcli import Memory
from memcli.admin import Admin
from memcli.db import index, search, write_knn
from memcli.db.sqlite import SQLiteStore

DIM = 64


def _vec0(store, user, q, k):  # noqa: ANN001, ANN202
    real = write_knn.knn_of
    write_knn.knn_of = lambda *a: None
    try:
        return search.neighbors(store, user, q, k)
    finally:
        write_knn.knn_of = real


def _item(store, user, statement):  # noqa: ANN001, ANN202
    t = "2026-01-01T00:00:00+00:00"
    iid = store.x("INSERT INTO memory_items(user_id, statement, normalized, kind, salience, confidence, origin, "
                  "valid_from, recorded_at, last_confirmed_at) VALUES (?, ?, ?, 'fact', 0.5, 0.9, 'user', ?, ?, ?)",
                  (user, statement, statement, t, t, t))
    return store.one("SELECT * FROM memory_items WHERE id = ?", (iid,))


def _unit(rng, n):  # noqa: ANN001, ANN202
    m = rng.standard_normal((n, DIM)).astype(np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


def _seeded(path, user, vecs):  # noqa: ANN001, ANN202
    """A real store holding one fact per vector for ``user``, indexed in vec0."""
    store = SQLiteStore(path)
    with store.tx():
        index.ensure_vec_table(store, DIM, "test-model")
        for i, v in enumerate(vecs):
            index.index_vector(store, _item(store, user, f"fact {i}"), v, fresh=True)
    return store


def _same(store, user, rng, k=5, queries=30):  # noqa: ANN001, ANN202
    used = 0
    for q in _unit(rng, queries):
        got = search.neighbors(store, user, q, k)
        assert got == _vec0(store, user, q, k)
        used += write_knn.knn_of(store, user, q, k) is not None
    return used


def test_same_neighbours_as_vec0_through_writes_and_rollbacks(tmp_path: Path):
    rng = np.random.default_rng(5)
    base = _unit(rng, 60)
    store = _seeded(tmp_path / "m.db", "ann", base)
    with store.tx():
        index.index_vector(store, _item(store, "bob", "other user"), base[0], fresh=True)
    for _ in range(2):  # loaded on the second ask
        search.neighbors(store, "ann", base[1], 5)
    assert _same(store, "ann", rng) == 30  # answered from the copy, identical to vec0
    with store.tx():
        assert _same(store, "ann", rng) == 30
        for i in range(5):  # new rows, one a copy of an old vector (an exact tie: vec0 answers that one)
            index.index_vector(store, _item(store, "ann", f"new {i}"), base[3] if i == 0 else _unit(rng, 1)[0],
                               fresh=True)
        item = store.one("SELECT * FROM memory_items WHERE statement = 'fact 7'")
        store.x("UPDATE memory_items SET invalid_at = '2026-02-01T00:00:00+00:00' WHERE id = ?", (item["id"],))
        index.refresh_flags(store, store.one("SELECT * FROM memory_items WHERE id = ?", (item["id"],)))
        assert _same(store, "ann", rng) >= 25  # a query near the tie goes to vec0
        assert item["id"] not in [r["id"] for r in search.neighbors(store, "ann", base[7], 5)]
        q3 = search.neighbors(store, "ann", base[3], 5)
        assert q3 == _vec0(store, "ann", base[3], 5) and write_knn.knn_of(store, "ann", base[3], 5) is None
        gv = _unit(rng, 1)[0]
        try:
            with store.tx():  # a savepoint whose writes are undone
                index.index_vector(store, _item(store, "ann", "gone"), gv, fresh=True)
                assert search.neighbors(store, "ann", gv, 1)[0]["statement"] == "gone"
                assert write_knn.knn_of(store, "ann", gv, 1) is not None
                raise RuntimeError
        except RuntimeError:
            pass
        assert search.neighbors(store, "ann", gv, 1)[0]["statement"] != "gone"
        assert _same(store, "ann", rng) >= 25
    other = SQLiteStore(tmp_path / "m.db")  # another writer: the copy notices and reloads
    with other.tx():
        ev = _unit(rng, 1)[0]
        index.index_vector(other, _item(other, "ann", "from elsewhere"), ev, fresh=True)
    assert search.neighbors(store, "ann", ev, 1)[0]["statement"] == "from elsewhere"
    assert _same(store, "ann", rng) >= 25
    from memcli.db.vector_copy import log_change

    with store.tx():  # a change logged without its vector: the copies are dropped, vec0 answers
        log_change(store, "ann", 1)
        assert write_knn.knn_of(store, "ann", ev, 5) is None
        assert search.neighbors(store, "ann", ev, 5) == _vec0(store, "ann", ev, 5)
    assert _same(store, "bob", rng) >= 29  # the first ask goes to vec0; a partition never leaks
    assert [r["statement"] for r in search.neighbors(store, "bob", base[1], 5)] == ["other user"]
    other.close()
    store.close()


def test_drain_decides_the_same_without_the_copy(tmp_path: Path, embedder, monkeypatch):
    recs = utterances(150, seed=13, user_count=2)
    answered: list[bool] = []
    real = write_knn.knn_of

    def counted(*a):  # noqa: ANN002, ANN202
        got = real(*a)
        answered.append(got is not None)
        return got

    def drain(db: Path) -> tuple[list[dict], list[dict]]:
        for u in range(2):
            with Memory(db=str(db), user=f"user{u}", embedder=embedder) as m:
                m.capture_jsonl(jsonl([r for r in recs if r["_user"] == f"user{u}"]))
        with Admin(db=str(db), embedder=embedder) as adm:
            assert adm.drain().done == len(recs)
            return (adm.store.q("SELECT user_id, item_id, other_item_id, action, level, cosine, judge, reason "
                                "FROM memory_events ORDER BY id"),
                    adm.store.q("SELECT id, user_id, statement, slot, invalid_at, expired_at IS NULL AS live, "
                                "confirmations "
                                "FROM memory_items ORDER BY id"))

    monkeypatch.setattr(write_knn, "knn_of", counted)
    with_copy = drain(tmp_path / "a.db")
    assert sum(answered) > 0.8 * len(answered) > 20  # most KNNs came from the copy
    monkeypatch.setattr(write_knn, "knn_of", lambda *a: None)
    without = drain(tmp_path / "b.db")
    assert without[0] == with_copy[0]
    for a, b in zip(without[1], with_copy[1], strict=True):
        assert a == b


def test_no_copy_when_the_vector_budget_is_zero(tmp_path: Path, monkeypatch):
    rng = np.random.default_rng(9)
    vecs = _unit(rng, 12)
    store = _seeded(tmp_path / "z.db", "cy", vecs)
    monkeypatch.setenv("MEMCLI_VECTOR_CACHE_MB", "0")
    for _ in range(3):
        assert write_knn.knn_of(store, "cy", vecs[0], 3) is None
    assert search.neighbors(store, "cy", vecs[0], 3)[0]["statement"] == "fact 0"
    monkeypatch.delenv("MEMCLI_VECTOR_CACHE_MB")
    assert write_knn.knn_of(store, "cy", vecs[0], 3) is None  # the first ask: vec0; the second loads
    assert write_knn.knn_of(store, "cy", vecs[0], 3)[0][0] == search.neighbors(store, "cy", vecs[0], 3)[0]["id"]
    store.close()


def test_neighbours_read_together_are_those_read_one_by_one(tmp_path: Path):
    """search.neighbors_many: the same rows as neighbors() query by query, in one write transaction, with
    copies checked in one statement — one current in this transaction is used without its check, one another
    writer moved on is reloaded, not used stale — a query of a user without a copy (vec0) and one of no rows."""
    rng = np.random.default_rng(11)
    base = _unit(rng, 40)
    store = _seeded(tmp_path / "m.db", "ann", base)
    with store.tx():
        for i in range(12):
            index.index_vector(store, _item(store, "bob", f"bob {i}"), _unit(rng, 1)[0], fresh=True)
    for user in ("ann", "bob"):
        for _ in range(2):  # copies loaded (on the second ask)
            search.neighbors(store, user, base[1], 5)
    other = SQLiteStore(tmp_path / "m.db")
    with other.tx():  # bob moves on elsewhere: his copy must not answer until reloaded
        index.index_vector(other, _item(other, "bob", "from elsewhere"), base[2], fresh=True)
    qs = [("ann", base[3]), ("bob", base[2]), ("ann", _unit(rng, 1)[0]), ("cat", base[4]), ("bob", base[5])]
    seen: list[str] = []

    def trace(cursor, sql: str, bindings) -> bool:  # noqa: ANN001
        seen.append(" ".join(sql.split()))
        return True

    with store.tx():
        store.conn.exec_trace = trace
        try:
            got = search.neighbors_many(store, qs, 5)
        finally:
            store.conn.exec_trace = None
        assert got == [search.neighbors(store, u, q, 5) for u, q in qs]
        assert got == [_vec0(store, u, q, 5) for u, q in qs]
    assert got[1][0]["statement"] == "from elsewhere" and got[3] == []
    assert sum(x.startswith("WITH k(u) AS (VALUES") for x in seen) == 1  # ann and bob checked together
    assert sum("FROM memory_items WHERE id IN" in x for x in seen) == 1  # every copy-answered row in one
    assert sum(x.startswith("SELECT (SELECT max(seq)") for x in seen) == 2  # bob's stale copy: checked, reloaded
    other.close()
    store.close()


def test_a_stored_vector_from_the_copy_is_the_tables_float_for_float(tmp_path: Path):
    """vector_of (the decisions' read of an older memory's vector) answers from the checked copy in a write
    transaction: the same float32 values as the vec0 row, active or not; a deleted vector and a read outside
    a write transaction go to the table."""
    rng = np.random.default_rng(9)
    base = _unit(rng, 20)
    store = _seeded(tmp_path / "v.db", "ann", base)
    ids = [r["id"] for r in store.q("SELECT id FROM memory_items ORDER BY id")]
    for _ in range(2):  # loaded on the second ask
        search.neighbors(store, "ann", base[1], 5)

    def table(i):  # noqa: ANN001, ANN202
        return np.frombuffer(store.scalar("SELECT embedding FROM memory_vec WHERE item_id = ?", (i,)), "<f4")

    assert write_knn.stored_vector(store, ids[0]) is None  # outside a write transaction
    with store.tx():
        search.neighbors(store, "ann", base[2], 5)  # the copy checked in this transaction
        fresh = _unit(rng, 1)[0].astype(np.float64)  # cast to float32 on the way in, as vec0 stores it
        new = _item(store, "ann", "new")
        index.index_vector(store, new, fresh, fresh=True)
        for i in [*ids, new["id"]]:
            got = write_knn.stored_vector(store, i)
            assert got is not None and got.dtype == np.float32 and got.tobytes() == table(i).tobytes()
        store.x("UPDATE memory_items SET invalid_at = '2026-02-01T00:00:00+00:00' WHERE id = ?", (ids[3],))
        index.refresh_flags(store, store.one("SELECT * FROM memory_items WHERE id = ?", (ids[3],)))
        assert write_knn.stored_vector(store, ids[3]).tobytes() == table(ids[3]).tobytes()  # inactive, still there
        index.unindex(store, ids[4])  # its vector deleted: the table answers (nothing)
        assert write_knn.stored_vector(store, ids[4]) is None and search.vector_of(store, ids[4]) is None
        assert search.vector_of(store, ids[5]).tobytes() == table(ids[5]).tobytes()
    store.close()


def test_sqlite_vec_and_numpy_give_the_same_distances_bit_for_bit(tmp_path: Path):
    """The shortlist's exact distances from sqlite-vec's vec_distance_cosine (the writer's connection) are
    numpy's sequential sums bit for bit, on unit and unnormalised rows of two widths; a zero row is no number
    to either (the KNN then asks vec0); and an Entry answers the same with and without the connection."""
    store = SQLiteStore(tmp_path / "d.db")
    rng = np.random.default_rng(21)
    for dim in (DIM, 512):
        for r in (1, 3, 9):
            mat = rng.standard_normal((r, dim)).astype(np.float32) * np.float32(rng.uniform(0.1, 5.0))
            for m in (mat, mat / np.linalg.norm(mat, axis=1, keepdims=True)):
                q = rng.standard_normal(dim).astype(np.float32)
                got = write_knn._vec_cosine(store.conn, m, q)
                want = write_knn.distances(m, write_knn._sq(m), q)
                assert got is not None and got.dtype == np.float32 and got.tobytes() == want.tobytes()
    zero = np.zeros((2, DIM), np.float32)
    zero[1] = _unit(rng, 1)[0]
    assert write_knn._vec_cosine(store.conn, zero, _unit(rng, 1)[0]) is None
    base = _unit(rng, 300)
    e = write_knn.Entry(np.arange(300), base, np.ones(300, bool), 0, None, 0)
    for q in _unit(rng, 40):
        assert e.knn(q, 8, store.conn) == e.knn(q, 8)
    store.close()


def test_the_entries_total_is_kept_as_they_come_grow_and_go() -> None:
    """Round 43: one counter kept up to date, not a sum over every cached user at each load; the same evictions."""
    rng = np.random.default_rng(43)
    st = write_knn.WriteKnn()

    def entry(n: int) -> write_knn.Entry:
        return write_knn.Entry(np.arange(1, n + 1), _unit(rng, n), np.ones(n, bool), seq=1, epoch=None, gen=-1)

    for user, n in (("a", 10), ("b", 40), ("c", 16)):
        st.add(user, entry(n))
    c = st.users["c"]
    for i in range(100, 120):  # past its capacity: it grows, and the total with it
        c.put(i, _unit(rng, 1)[0], True)
    assert c.n == 36 and st.total == sum(e.nbytes for e in st.users.values()) > 0
    st.add("b", entry(8))  # a user's entry replaced: the old one leaves the total
    assert st.total == sum(e.nbytes for e in st.users.values())
    st.users.move_to_end("a")
    budget = st.total - 1  # one byte short: the least recently used goes first (c, then b), never the last one
    st.evict(budget)
    assert list(st.users) == ["b", "a"] and st.total == sum(e.nbytes for e in st.users.values()) <= budget
    st.evict(0)
    assert list(st.users) == ["a"] and st.total == st.users["a"].nbytes
    st.drop("a")
    assert st.total == 0 and not st.users and c.owner is None
