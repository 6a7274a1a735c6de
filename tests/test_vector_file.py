"""The per-user vector files: written by the writer after each commit, mapped by a cold process on
its first search, checked against the database before use, and always answering what vec0 answers."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np
import pytest

from memcli.db import index
from memcli.db import schema as s
from memcli.db import vector_cache as vc
from memcli.db import vector_file as vf
from memcli.db.sqlite import SQLiteStore

DIM = 32


@pytest.fixture(autouse=True)
def _small_thresholds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vf, "MIN_FILE_VECTORS", 40)
    monkeypatch.setattr(vc, "MIN_VECTORS", 40)
    monkeypatch.delenv("MEMCLI_VECTOR_FILES", raising=False)
    monkeypatch.delenv("MEMCLI_INT8_MIN_VECTORS", raising=False)


def _unit(rng: np.random.Generator, n: int | None = None) -> np.ndarray:
    v = rng.standard_normal((n or 1, DIM)).astype(np.float32)
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    return v if n else v[0]


def _item(i: int, user: str, *, invalid: str | None = None, valid_from: str = "2025-01-01T00:00:00Z") -> dict:
    return {"id": i, "user_id": user, "invalid_at": invalid, "expired_at": None, "valid_from": valid_from}


def _fill(st: SQLiteStore, ids: range, user: str = "alice", seed: int = 0) -> None:
    rng = np.random.default_rng(seed)
    index.ensure_vec_table(st, DIM, "test")
    with st.tx():
        for i in ids:
            inv = "2026-03-01T00:00:00Z" if i % 7 == 0 else None
            index.index_vector(st, _item(i, user, invalid=inv, valid_from=f"2025-{1 + i % 12:02d}-01T00:00:00Z"),
                               _unit(rng), fresh=True)


def _vec0(st: SQLiteStore, user: str, q: np.ndarray, k: int, as_of: int | None = None) -> list[tuple[int, float]]:
    cond = "current = 1 AND valid_from <= ? AND invalid_at > ?" if as_of is not None else "active = 1"
    extra = [as_of, as_of] if as_of is not None else []
    return [(r["item_id"], 1.0 - r["distance"]) for r in st.q(
        f"SELECT item_id, distance FROM {s.VEC} WHERE embedding MATCH ? AND k = ? AND user_id = ? AND {cond} "
        "ORDER BY distance", [q.tobytes(), k, user, *extra])]


def _same(a: list[tuple[int, float]] | None, b: list[tuple[int, float]]) -> None:
    assert a is not None, "not answered from the files"
    assert [i for i, _ in a] == [i for i, _ in b]
    assert np.allclose([c for _, c in a], [c for _, c in b], atol=1e-5)


def _first_search(db: Path, user: str, q: np.ndarray, k: int, as_of: int | None = None):  # noqa: ANN202
    """A new store (as a cold process has) answers its first search from the files, or None."""
    with SQLiteStore(db) as st:
        uv = st.vector_cache.ready(user, DIM, may_load=False)
        return None if uv is None else (uv.mapped, uv.knn(q, k, as_of), _vec0(st, user, q, k, as_of))


def test_the_writer_writes_the_files_and_a_cold_store_maps_them_on_its_first_search(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with SQLiteStore(db) as st:
        _fill(st, range(1, 301))
        _fill(st, range(1001, 1011), user="bob")  # 10 vectors: below the threshold, no files
        folder = vf.user_folder(st, "alice")
        assert folder is not None and (folder / "head").exists()
        assert not (vf.user_folder(st, "bob") / "head").exists()  # type: ignore[operator]
        h = vf.read_header(folder)
        assert h is not None and h.n == 300 and h.seq == 300  # bob's later writes need no change here
    rng = np.random.default_rng(5)
    for as_of in (None, 1748736000):  # 2025-06-01
        q = _unit(rng)
        got = _first_search(db, "alice", q, 10, as_of)
        assert got is not None and got[0] is True  # mapped, not loaded
        _same(got[1], got[2])
    assert _first_search(db, "bob", _unit(rng), 5) is None  # vec0 answers small users


def test_later_writes_extend_the_files_in_place_and_removed_vectors_leave_no_copy(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    rng = np.random.default_rng(9)
    with SQLiteStore(db) as st:
        _fill(st, range(1, 201))
        folder = vf.user_folder(st, "alice")
        before = vf.read_header(folder)
        _fill(st, range(201, 251), seed=3)  # new rows: appended
        with st.tx():  # a validity change (flags in place) and a purge-like removal
            index.refresh_flags(st, _item(10, "alice", invalid="2025-02-01T00:00:00Z"))
            index.unindex(st, 11)
        removed_row = 10  # item 11 was the 11th row written
        after = vf.read_header(folder)
        assert before is not None and after is not None
        assert after.n == 250 and after.seq > before.seq and after.gen == before.gen + 4  # two syncs, even
        f32 = np.fromfile(folder / "f32", "<f4").reshape(-1, DIM)
        assert not f32[removed_row].any()  # zeroed
        assert np.fromfile(folder / "ids", "<i8")[removed_row] == 11
    for _ in range(3):
        q = _unit(rng)
        got = _first_search(db, "alice", q, 250)
        assert got is not None
        _same(got[1], got[2])
        assert 11 not in [i for i, _ in got[1]] and 10 not in [i for i, _ in got[1]]


def test_a_store_whose_files_fell_behind_catches_them_up_before_mapping(tmp_path: Path, monkeypatch) -> None:
    db = tmp_path / "m.db"
    with SQLiteStore(db) as st:
        _fill(st, range(1, 201))
        with monkeypatch.context() as m:
            m.setattr(vf, "sync", lambda *a, **k: False)  # a writer that could not write the files
            _fill(st, range(201, 231), seed=4)
        assert vf.read_header(vf.user_folder(st, "alice")).n == 200
    got = _first_search(db, "alice", _unit(np.random.default_rng(2)), 230)
    assert got is not None and len(got[1]) == len(got[2])
    _same(got[1], got[2])


def test_files_of_another_database_or_a_torn_header_are_never_used(tmp_path: Path) -> None:
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    with SQLiteStore(a) as st:
        _fill(st, range(1, 201), seed=1)
    with SQLiteStore(b) as st:
        _fill(st, range(1, 201), seed=2)  # same ids, other vectors: the change log is alike too
        with st.tx():
            index.unindex(st, 5)  # ... but the last logged item differs
        fb = vf.user_folder(st, "alice")
    shutil.rmtree(fb)
    shutil.copytree(Path(str(a) + ".vectors") / fb.name, fb)  # a's files where b's belong
    q = _unit(np.random.default_rng(3))
    with SQLiteStore(b) as st:
        uv = st.vector_cache.ready("alice", DIM, may_load=False)
        assert uv is None or uv.knn(q, 10, None) == _vec0(st, "alice", q, 10)
        assert vf.open_user(st, "alice", DIM, may_sync=False) is None
    (fb / "head").write_bytes((fb / "head").read_bytes()[:-3] + b"xyz")  # torn / damaged
    with SQLiteStore(b) as st:
        assert vf.read_header(fb) is None and vf.open_user(st, "alice", DIM) is None
        assert vf.sync(st, "alice")  # the writer rebuilds them whole
        got = st.vector_cache.ready("alice", DIM, may_load=False)
        _same(got.knn(q, 10, None) if got else None, _vec0(st, "alice", q, 10))


def test_int8_shortlist_rescored_in_float32_keeps_recall_and_exact_cosines(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("MEMCLI_INT8_MIN_VECTORS", "0")
    db = tmp_path / "m.db"
    rng = np.random.default_rng(11)
    centres = _unit(rng, 40)
    vecs = centres[rng.integers(0, 40, 3000)] + rng.normal(0, 0.35, (3000, DIM)).astype(np.float32)
    vecs /= np.linalg.norm(vecs, axis=1, keepdims=True)
    with SQLiteStore(db) as st:
        index.ensure_vec_table(st, DIM, "test")
        with st.tx():
            for i, v in enumerate(vecs, start=1):
                index.index_vector(st, _item(i, "alice"), v, fresh=True)
    hit = 0
    with SQLiteStore(db) as st:
        uv = st.vector_cache.ready("alice", DIM, may_load=False)
        assert uv is not None and uv.quantised
        for _ in range(30):
            q = centres[rng.integers(0, 40)] + rng.normal(0, 0.3, DIM).astype(np.float32)
            q /= np.linalg.norm(q)
            got, exact = uv.knn(q, 10, None), _vec0(st, "alice", q, 10)
            assert uv.knn(q, 10, 1748736000) == got  # as of 2025-06-01 every row was believed: the same
            hit += len({i for i, _ in got} & {i for i, _ in exact})
            cos = {i: c for i, c in exact}
            assert all(abs(c - cos[i]) < 1e-5 for i, c in got if i in cos)  # re-scored: exact cosines
            scan = vc.Scan(uv, 10, None)  # the path the search takes beside the lexical leg
            scan.start(q)
            assert scan.result() == got
    assert hit / 300 >= 0.99


def test_the_context_reader_maps_files_but_never_loads(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    with SQLiteStore(db) as st:
        _fill(st, range(1, 201))
        reader = st.reader()
        try:
            assert reader.vector_cache.files_only
            uv = reader.vector_cache.ready("alice", DIM, may_load=True)
            assert uv is not None and uv.mapped
            shutil.rmtree(vf.folder_of(st))
            reader.vector_cache.users.clear()
            assert [reader.vector_cache.ready("alice", DIM, may_load=True) for _ in range(3)] == [None] * 3
        finally:
            reader.close()


def test_a_reader_never_waits_for_a_writer_holding_the_files(tmp_path: Path, monkeypatch) -> None:
    import fcntl
    import os

    db = tmp_path / "m.db"
    with SQLiteStore(db) as st:
        _fill(st, range(1, 201))
        with monkeypatch.context() as m:
            m.setattr(vf, "sync", lambda *a, **k: False)  # a writer that could not write the files
            _fill(st, range(201, 211), seed=6)  # the files are now behind
        folder = vf.user_folder(st, "alice")
    fd = os.open(str(folder) + ".lock", os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # a writer rebuilding them
        with SQLiteStore(db) as st:
            assert vf.open_user(st, "alice", DIM) is None  # returns at once instead of waiting
            q = _unit(np.random.default_rng(8))
            assert st.knn("alice", q, 5) == _vec0(st, "alice", q, 5)  # vec0 answers meanwhile
    finally:
        os.close(fd)
    with SQLiteStore(db) as st:
        uv = vf.open_user(st, "alice", DIM)  # the lock is free: caught up, then mapped
        assert uv is not None and uv.n == 210


def test_turning_the_files_off_removes_them_at_the_next_write(tmp_path: Path, monkeypatch) -> None:
    db = tmp_path / "m.db"
    with SQLiteStore(db) as st:
        _fill(st, range(1, 201))
        folder = vf.user_folder(st, "alice")
        assert (folder / "f32").exists()
        monkeypatch.setenv("MEMCLI_VECTOR_FILES", "0")
        with st.tx():
            index.unindex(st, 3)  # e.g. a purge: no stale copy of the vector may stay behind
        assert not folder.exists()


class Killed(BaseException):
    """The writer's process dies here (as SIGKILL would: nothing after it runs)."""


@pytest.mark.parametrize("writes_done", range(10))  # the append's 10 writes: odd header, 8 arrays, even header
def test_a_writer_killed_mid_append_leaves_files_the_check_refuses(tmp_path: Path, writes_done: int) -> None:
    import os
    import types

    db = tmp_path / "m.db"
    with SQLiteStore(db) as st:
        _fill(st, range(1, 201))
        left = [writes_done]

        def pwrite(fd: int, data: bytes, offset: int) -> int:
            if left[0] == 0:
                raise Killed
            left[0] -= 1
            return os.pwrite(fd, data, offset)

        real_os = vf.os
        vf.os = types.SimpleNamespace(**{**{k: getattr(os, k) for k in dir(os) if not k.startswith("__")},
                                         "pwrite": pwrite})
        try:
            with pytest.raises(Killed):
                _fill(st, range(201, 231), seed=4)  # committed; the files' update dies part-way
        finally:
            vf.os = real_os
        folder = vf.user_folder(st, "alice")
    q = _unit(np.random.default_rng(4))
    with SQLiteStore(db) as st:  # a cold process
        if writes_done:  # the header was marked "changing" (gen odd): refused, vec0 answers
            assert vf.read_header(folder).gen % 2 == 1
            assert vf.open_user(st, "alice", DIM) is None
        else:  # nothing written: the files are merely behind, caught up before use
            assert vf.open_user(st, "alice", DIM) is not None
        _same(st.knn("alice", q, 230), _vec0(st, "alice", q, 230))
        _fill(st, range(231, 236), seed=7)  # the next writer rebuilds them
        uv = vf.open_user(st, "alice", DIM, may_sync=False)
        assert uv is not None and uv.n == 235
        _same(uv.knn(q, 235, None), _vec0(st, "alice", q, 235))


def test_one_users_files_never_serve_another_users_query(tmp_path: Path) -> None:
    """Isolation: alice's files put where bob's belong (same database, same token, model and
    layout) are refused — the header names its user — and bob's search is his own."""
    db = tmp_path / "m.db"
    with SQLiteStore(db) as st:
        _fill(st, range(1, 201), user="alice", seed=1)
        _fill(st, range(1001, 1201), user="bob", seed=2)
        fa, fb = vf.user_folder(st, "alice"), vf.user_folder(st, "bob")
    shutil.rmtree(fb)
    shutil.copytree(fa, fb)
    q = _unit(np.random.default_rng(12))
    with SQLiteStore(db) as st:
        assert vf.read_header(fb).ident["user"] == "alice"
        assert vf.open_user(st, "bob", DIM, may_sync=False) is None
        got = st.knn("bob", q, 20)
        assert {i for i, _ in got} <= set(range(1001, 1201))
        _same(got, _vec0(st, "bob", q, 20))
