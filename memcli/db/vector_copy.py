"""One user's vectors as the exact scan wants them: the copy (:class:`UserVectors`), the scan that
any thread may help with (:class:`Scan`), its load from vec0's shadow tables (:func:`load_user`)
and the change log that keeps every copy exact (:func:`log_change`).

Used by the in-process cache (:mod:`memcli.db.vector_cache`) and the vector files beside the
database (:mod:`memcli.db.vector_file`); see those modules for when a copy is made and kept.
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Any

from memcli.db import schema as s
from memcli.db.waiting_rows import waiting_in, written_at_once

if TYPE_CHECKING:
    import numpy as np

    from memcli.db.sql import SQL as Store  # the connection's shape (no import cycle)

__all__ = ["LOG", "LOG_INSERT", "LOG_KEEP", "PATCH_MAX", "WRITE_KNN_ATTR", "Scan", "UserVectors", "int8_min",
           "load_user", "log_change", "m0003_vector_change_log", "quantise"]

LOG = "memcli_vec_log"
LOG_KEEP = 50_000  # log rows kept; a cache further behind reloads in full
PATCH_MAX = 2_000  # more changed rows than this: reload instead of patching
SHORTLIST_FACTOR = 8  # int8 scoring keeps max(8 × k, SHORTLIST_MIN) rows for the exact re-score
SHORTLIST_MIN = 400
#: users with at least this many vectors (in files) are scored in int8 first: the float32 scan was
#: as fast or faster in every same-run measurement here (1M: 530 vs 645 ms p50, load 17), so int8
#: is for users whose float32 map (4 GB at 2M × 512-d) would not stay in the page cache
DEFAULT_INT8_MIN = 2_000_000
DEFAULT_MIN_VECTORS = 2_048  # smaller partitions: vec0 is already fast, no copy kept
I8_BLOCK = 2048  # int8 rows widened to float32 at a time (4 MB at 512-d)
_local = threading.local()  # each scanning thread's float32 buffer
_META = ("active", "current", "valid_from", "invalid_at")  # vec0 metadata columns 00..03, in order


def m0003_vector_change_log(conn: Any) -> None:
    """Migration: the vector change log that keeps in-process vector caches exact."""
    conn.execute(f"""
    CREATE TABLE IF NOT EXISTS {LOG} (
        seq     INTEGER PRIMARY KEY AUTOINCREMENT,   -- never reused, even after pruning
        user_id TEXT NOT NULL,
        item_id INTEGER NOT NULL
    );
    CREATE INDEX IF NOT EXISTS ix_vec_log_user ON {LOG}(user_id, seq);
    """)


#: the store attribute holding the writer's KNN copies (:mod:`memcli.db.write_knn`)
WRITE_KNN_ATTR = "_write_knn"


#: a change log row with the ``seq`` the writer gave it (round 37: the drain's rows wait, :mod:`memcli.db.vec_pending`)
LOG_INSERT = f"INSERT INTO {LOG}(seq, user_id, item_id) VALUES (?, ?, ?)"


def log_change(store: Store, user_id: str, item_id: int, *, noted: bool = False) -> int:
    """Record that ``item_id``'s vector or flags changed (same transaction as the change); the
    user's vector files follow after the commit (:meth:`memcli.db.connect.Store.tx`). Returns the
    log's ``seq``. ``noted``: the caller tells the writer's KNN copies of the change itself
    (:func:`memcli.db.write_knn.note`); otherwise they are all dropped."""
    if not noted:
        getattr(store, "__dict__", {}).pop(WRITE_KNN_ATTR, None)
    dirty = getattr(store, "vec_dirty", None)
    if dirty is not None:
        dirty.add(user_id)
    if (pend := waiting_in(store, LOG)) is not None:  # the drain: the row waits for the batch's one insert of them
        seq = pend.next_key(LOG, "seq")
        pend.add(LOG, seq, (seq, user_id, item_id))
    else:
        seq = store.x(f"INSERT INTO {LOG}(user_id, item_id) VALUES (?, ?)", (user_id, item_id))
        written_at_once(store, LOG)  # a row written now (outside a transaction): its seq is SQLite's
    if seq % 1000 == 0:
        store.x(f"DELETE FROM {LOG} WHERE seq <= ?", (seq - LOG_KEEP,))
    return seq


def int8_min() -> int:
    """Rows from which a mapped copy is scored in int8 and re-scored in float32
    (``MEMCLI_INT8_MIN_VECTORS``, default :data:`DEFAULT_INT8_MIN`; ``0``: always)."""
    try:
        return int(os.environ.get("MEMCLI_INT8_MIN_VECTORS", DEFAULT_INT8_MIN))
    except ValueError:
        return DEFAULT_INT8_MIN


def quantise(mat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """int8 rows of ``mat`` (n, dim) float32, each scaled to its peak: ``round(v * 127 / max|v|)``,
    and the per-row scale ``max|v| / 127`` (float32 (n,)) that brings them back."""
    import numpy as np

    peak = np.abs(mat).max(axis=1) if len(mat) else np.zeros(0, np.float32)
    peak = np.where(peak > 0, peak, 1.0).astype(np.float32)
    q = np.rint(mat * (127.0 / peak)[:, None]).astype(np.int8)
    return q, (peak / 127.0).astype(np.float32)


class UserVectors:
    """One user's vectors: a float32 matrix with spare capacity, ids, flags, item id → row."""

    def __init__(self, dim: int, ids: np.ndarray, mat: np.ndarray, flags: dict[str, np.ndarray],
                 seq: int, epoch: str | None) -> None:
        import numpy as np

        self.dim, self.seq, self.epoch = dim, seq, epoch
        self.n = len(ids)
        self.ids = ids
        self.mat = mat
        self.flags = flags
        self._row: dict[int, int] | None = None  # item id -> row, built on the first patch
        self.live = np.ones(self.n, dtype=bool)
        #: the int8 copy and its per-row scale (files only, :mod:`memcli.db.vector_file`)
        self.i8: np.ndarray | None = None
        self.inv: np.ndarray | None = None
        self.mapped = False  # vectors are read-only maps of the user's files

    @property
    def row(self) -> dict[int, int]:
        if self._row is None:
            self._row = {int(i): r for r, i in enumerate(self.ids[: self.n].tolist())}
        return self._row

    @property
    def quantised(self) -> bool:
        """Scores come from the int8 copy, re-scored in float32 (users of at least :func:`int8_min` rows)."""
        return self.i8 is not None and len(self.i8) == self.n and self.n >= int8_min()

    @property
    def nbytes(self) -> int:
        """Bytes of private memory (a mapped copy's vectors live in the shared page cache)."""
        own = sum(a.nbytes for a in self.flags.values()) + self.live.nbytes
        return int(own if self.mapped else own + self.mat.nbytes + self.ids.nbytes)

    def _grow(self) -> None:
        import numpy as np

        self.i8 = self.inv = None  # rows beyond the files: exact float32 scoring from here on
        self.mapped = False

        cap = max(16, int(len(self.ids) * 1.5))
        self.mat = np.concatenate([self.mat, np.zeros((cap - len(self.ids), self.dim), np.float32)])
        self.ids = np.concatenate([self.ids, np.zeros(cap - len(self.ids), np.int64)])
        self.live = np.concatenate([self.live, np.zeros(cap - len(self.live), bool)])
        self.flags = {k: np.concatenate([v, np.zeros(cap - len(v), np.int64)]) for k, v in self.flags.items()}

    def put(self, item_id: int, vec: np.ndarray | None, flags: dict[str, int] | None) -> None:
        """Insert, replace (vector and flags) or, with ``vec=None``, remove one row."""
        import numpy as np

        r = self.row.get(item_id)
        if vec is None:
            if r is not None:
                self.live[r] = False
            return
        if r is not None and self.mapped and not np.array_equal(self.mat[r], vec):
            self.live[r] = False  # the mapped vector cannot change: the new one goes in a new row
            r = None
        if r is None:
            if self.n == len(self.ids) or self.mapped:
                self._grow()
            r = self.n
            self.n += 1
            self.row[item_id] = r  # the newest row of an id wins
            self.ids[r] = item_id
        self.mat[r] = vec
        self.live[r] = True
        for k in _META:
            self.flags[k][r] = int(flags[k]) if flags else 0

    def knn(self, q: np.ndarray, k: int, as_of: int | None) -> list[tuple[int, float]]:
        """Top-k by cosine (vectors are L2-normalised) among active / believed-at rows: exact, or
        for a :attr:`quantised` copy an int8 shortlist re-scored exactly (:meth:`finish`)."""
        import numpy as np

        q = q.astype(np.float32, copy=False)
        if not self.quantised:  # one BLAS matrix-vector product, as the numpy floor
            return self.top(self.mat[: self.n] @ q, k, as_of)
        scores = np.empty(self.n, np.float32)
        prep = self.prepare(q)
        for a in range(0, self.n, Scan.CHUNK):
            self.score(prep, a, min(self.n, a + Scan.CHUNK), scores)
        return self.finish(scores, q, k, as_of)

    def prepare(self, q: np.ndarray) -> tuple[np.ndarray, float]:
        """The query as the scoring wants it: float32 (the int8 rows are scored against it as is)."""
        return q, 1.0

    def score(self, prep: tuple[np.ndarray, float], a: int, b: int, out: np.ndarray) -> None:
        """Scores of rows ``a:b`` into ``out[a:b]``: cosines, or for a :attr:`quantised` copy
        ``(int8 row · q) × scale``, the cosine to within the rows' rounding (the query is not
        quantised). The int8 rows go through a small float32 buffer (:data:`I8_BLOCK` rows, this
        thread's) into the same single-threaded dot product: a quarter of the bytes read (200k ×
        512-d, one thread, same run: 76-95 ms against 140 ms for numpy's int8 ``einsum``)."""
        import numpy as np

        qv, _ = prep
        vecdot = getattr(np, "vecdot", None) or (lambda x, y, out: np.einsum("ij,j->i", x, y, out=out))
        if not self.quantised:  # numpy >= 2.0: vecdot; else einsum
            vecdot(self.mat[a:b], qv, out=out[a:b])
            return
        assert self.i8 is not None and self.inv is not None
        buf = getattr(_local, "buf", None)
        if buf is None or buf.shape[1] != self.dim:
            buf = _local.buf = np.empty((I8_BLOCK, self.dim), np.float32)
        for lo in range(a, b, I8_BLOCK):
            hi = min(b, lo + I8_BLOCK)
            np.copyto(buf[:hi - lo], self.i8[lo:hi], casting="unsafe")
            vecdot(buf[:hi - lo], qv, out=out[lo:hi])
        np.multiply(out[a:b], self.inv[a:b], out=out[a:b])

    def finish(self, scores: np.ndarray, q: np.ndarray, k: int, as_of: int | None) -> list[tuple[int, float]]:
        """The top ``k`` from :meth:`score`'s output. A quantised copy keeps the best
        ``max(SHORTLIST_FACTOR × k, SHORTLIST_MIN)`` by int8 score and re-scores them exactly
        in float32, so the cosines returned are exact and only the shortlist is approximate."""
        import numpy as np

        if not self.quantised:
            return self.top(scores, k, as_of)
        rows = self.top_rows(scores, max(SHORTLIST_FACTOR * k, SHORTLIST_MIN), as_of)
        exact = np.empty(len(rows), np.float32)
        np.einsum("ij,j->i", self.mat[rows], q.astype(np.float32, copy=False), out=exact)  # no BLAS threads
        best = np.lexsort((self.ids[rows], -exact))[:k]
        return [(int(self.ids[rows[i]]), float(exact[i])) for i in best]

    def top(self, scores: np.ndarray, k: int, as_of: int | None) -> list[tuple[int, float]]:
        """The best ``k`` of ``scores`` (one per row, changed in place) among active (or, with
        ``as_of`` epoch seconds, believed-at) rows: ``(item_id, cosine)``, ties lower id first."""
        return [(int(self.ids[i]), float(scores[i])) for i in self.top_rows(scores, k, as_of)]

    def top_rows(self, scores: np.ndarray, k: int, as_of: int | None) -> np.ndarray:
        """The rows of :meth:`top`, best first (int64 (≤ k,))."""
        import numpy as np

        n = len(scores)
        f = {key: v[:n] for key, v in self.flags.items()}
        mask = self.live[:n].copy()
        if as_of is None:
            mask &= f["active"] == 1
        else:
            mask &= (f["current"] == 1) & (f["valid_from"] <= as_of) & (f["invalid_at"] > as_of)
        scores[~mask] = -np.inf
        k = min(k, int(mask.sum()))
        if k <= 0:
            return np.zeros(0, np.int64)
        top = np.argpartition(-scores, k - 1)[:k] if k < n else np.arange(n)
        return top[np.lexsort((self.ids[top], -scores[top]))][:k]


class Scan:
    """One exact KNN over a :class:`UserVectors`, in chunks of rows that any thread may take.

    The encoder's thread calls :meth:`start` with the query vector and scores chunks; the thread
    that ran the lexical leg meanwhile calls :meth:`result`, scores what is left beside it and
    picks the top ``k``. Each chunk is numpy's single-threaded dot product (the GIL is released
    inside it): a multi-threaded BLAS product beside another busy thread oversubscribes the
    cores — its threads spin — and slows both legs (2 cores, 100k × 512-d: 27 ms for the two
    together against 16.5 ms). No connection is used, so the copy was synced before (on the
    store's thread). Same rows and cosines as :meth:`UserVectors.knn`.
    """

    CHUNK = 8192  # rows per chunk (16 MB at 512-d)

    def __init__(self, uv: UserVectors, k: int, as_of: int | None) -> None:
        import itertools

        self.uv, self.k, self.as_of, self.n = uv, k, as_of, uv.n
        self.q: np.ndarray | None = None
        self.prep: tuple[np.ndarray, float] = (self.q, 1.0)  # type: ignore[assignment]
        self.scores: np.ndarray | None = None
        self.failed = False
        self._next = itertools.count()  # next() is atomic under the GIL
        self._left = -(-self.n // self.CHUNK)
        self._lock = threading.Lock()
        self._started = threading.Event()
        self._done = threading.Event()

    def start(self, q: np.ndarray) -> None:
        """Begin with the query vector (float32 (dim,)); score chunks until none is left to take."""
        import numpy as np

        try:
            if q.shape[-1] != self.uv.dim:
                raise ValueError("the query vector's dimension is not the copy's")
            self.q = q.astype(np.float32, copy=False)
            self.prep = self.uv.prepare(self.q)
            self.scores = np.empty(self.n, np.float32)
        except BaseException:
            self.failed = True
            self._done.set()
            raise
        finally:
            self._started.set()
        if self._left == 0:
            self._done.set()
        self._work()

    def abandon(self) -> None:
        """No vector will come (the encoder failed): :meth:`result` gives None."""
        self.failed = True
        self._started.set()
        self._done.set()

    def _work(self) -> None:
        out = self.scores
        while not self.failed:
            a = next(self._next) * self.CHUNK
            if a >= self.n:
                return
            b = min(self.n, a + self.CHUNK)
            try:
                self.uv.score(self.prep, a, b, out)
            except BaseException:
                self.failed = True
                self._done.set()
                raise
            with self._lock:
                self._left -= 1
                if self._left == 0:
                    self._done.set()

    def result(self, timeout_s: float | None = None) -> list[tuple[int, float]] | None:
        """Help with the chunks left, wait for the rest; the top ``k`` — or None when it failed
        or did not start within ``timeout_s`` (the caller then runs the KNN itself)."""
        if not self._started.wait(timeout_s):
            return None
        if not self.failed:
            self._work()
        self._done.wait()
        if self.failed or self.scores is None or self.q is None:
            return None
        return self.uv.finish(self.scores, self.q, self.k, self.as_of)


def load_user(store: Store, user: str, dim: int, seq: int, epoch: str | None, *,
          min_vectors: int | None = None) -> UserVectors | None:
    """All of one user's vec0 rows from the shadow tables, or None below ``min_vectors``
    (default :data:`DEFAULT_MIN_VECTORS`).

    sqlite-vec declares the shadow tables' key as ``rowid PRIMARY KEY`` (a column without
    type, with a unique index): joined to the INTEGER ``chunk_id`` as is, the comparison's
    affinity keeps SQLite off that index and every chunk scanned every other table
    (quadratic: minutes at 1M vectors); ``+c.chunk_id`` carries no affinity, so each join is
    an index lookup (2.2 s for 125k chunks)."""
    import numpy as np

    v = s.VEC
    head = store.one(f"SELECT count(*) AS n, coalesce(sum(size), 0) AS slots FROM {v}_chunks "
                          "WHERE partition00 = ?", (user,))
    assert head is not None  # an aggregate always gives one row
    n_chunks, slots = int(head["n"]), int(head["slots"])
    least = DEFAULT_MIN_VECTORS if min_vectors is None else min_vectors
    if slots < least:
        return None
    # filled chunk by chunk while the rows stream in: one copy of the vectors, not three
    mat = np.empty((slots, dim), np.float32)
    ids = np.empty(slots, np.int64)
    valid = np.zeros(slots, bool)
    meta = np.empty((len(_META), slots), np.int64)
    pos = seen = 0
    for r in store.conn.execute(
            f"SELECT c.size AS size, c.validity AS validity, c.rowids AS rowids, x.vectors AS vectors, "
            f"m0.data AS m0, m1.data AS m1, m2.data AS m2, m3.data AS m3 FROM {v}_chunks c "
            f"JOIN {v}_vector_chunks00 x ON x.rowid = +c.chunk_id "
            f"JOIN {v}_metadatachunks00 m0 ON m0.rowid = +c.chunk_id "
            f"JOIN {v}_metadatachunks01 m1 ON m1.rowid = +c.chunk_id "
            f"JOIN {v}_metadatachunks02 m2 ON m2.rowid = +c.chunk_id "
            f"JOIN {v}_metadatachunks03 m3 ON m3.rowid = +c.chunk_id "
            "WHERE c.partition00 = ? ORDER BY c.chunk_id", (user,)):
        size = int(r["size"])
        if (pos + size > slots or len(r["validity"]) * 8 < size or len(r["rowids"]) != size * 8
                or len(r["vectors"]) != size * dim * 4 or any(len(r[f"m{j}"]) != size * 8 for j in range(4))):
            raise ValueError("unexpected vec0 chunk layout")
        end = pos + size
        valid[pos:end] = np.unpackbits(np.frombuffer(r["validity"], np.uint8), bitorder="little")[:size]
        ids[pos:end] = np.frombuffer(r["rowids"], np.int64)
        mat[pos:end] = np.frombuffer(r["vectors"], np.float32).reshape(size, dim)
        for j in range(len(_META)):
            meta[j, pos:end] = np.frombuffer(r[f"m{j}"], np.int64)
        pos, seen = end, seen + 1
    if seen != n_chunks or pos != slots:
        raise ValueError("vec0 shadow tables out of step")
    if int(valid.sum()) < least:
        return None
    if not valid.all():
        mat, ids, meta = mat[valid], ids[valid], meta[:, valid]
    return UserVectors(dim, ids, mat, {k: meta[j] for j, k in enumerate(_META)}, seq, epoch)
