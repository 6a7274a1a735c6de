"""An exact, in-process copy of one user's vectors for long-lived processes (MCP server, Python API).

sqlite-vec's brute-force KNN costs ~9× a numpy scan of the same matrix (62.7 vs 6.9 ms at
100k). A :class:`~memcli.db.connect.Store` that serves the same user a second time loads that
user's vectors once, straight from vec0's shadow tables (one ``SELECT`` over the partition's
chunks: validity bitmap, rowids, the float32 block and the four integer metadata blocks of
sqlite-vec 0.1.9, each length-checked), and answers KNN with one float32 matrix-vector
product. Results are the same as vec0's (exact cosine over the same rows and the same
active / as-of filter); nothing is approximated.

Invalidation, across processes: every vector write (:mod:`memcli.db.index`) appends
``(user_id, item_id)`` to ``memcli_vec_log`` in the writer's transaction. Before each search
the cache reads the log's last ``seq`` (one indexed row); if it moved, it re-reads only the
rows logged for this user since its own ``seq`` (point lookups into vec0) and patches them in
place. A full reload happens when the log was pruned past the cache (it keeps the last
:data:`LOG_KEEP` writes), when the table was rebuilt or re-created (``vec_layout_epoch`` in
meta), or when more than :data:`PATCH_MAX` rows changed. Inside an open transaction the cache
is bypassed (it could otherwise keep rows that are then rolled back).

Memory: float32, ``n × dim × 4`` bytes per user (100k × 384: 154 MB), bounded per store by
``MEMCLI_VECTOR_CACHE_MB`` (default 2048; ``0`` turns the cache off), least recently used
user evicted first. Users below :data:`MIN_VECTORS` vectors are not cached (vec0 answers
them in well under a millisecond) and a user is loaded on the second search, never the first,
so a one-shot CLI process never pays the load.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from memcli.db import schema as s

if TYPE_CHECKING:
    import numpy as np

    from memcli.db.sql import SQL as Store  # the connection's shape (no import cycle)

__all__ = ["LOG", "LOG_KEEP", "Scan", "UserVectors", "VectorCache", "log_change", "m0003_vector_change_log"]

LOG = "memcli_vec_log"
LOG_KEEP = 50_000  # log rows kept; a cache further behind reloads in full
PATCH_MAX = 2_000  # more changed rows than this: reload instead of patching
MIN_VECTORS = 2_048  # smaller partitions: vec0 is already fast, no copy kept
DEFAULT_BUDGET_MB = 2048
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


def log_change(store: Store, user_id: str, item_id: int) -> None:
    """Record that ``item_id``'s vector or flags changed (same transaction as the change)."""
    seq = store.x(f"INSERT INTO {LOG}(user_id, item_id) VALUES (?, ?)", (user_id, item_id))
    if seq % 1000 == 0:
        store.x(f"DELETE FROM {LOG} WHERE seq <= ?", (seq - LOG_KEEP,))


def _budget_bytes() -> int:
    try:
        return int(float(os.environ.get("MEMCLI_VECTOR_CACHE_MB", DEFAULT_BUDGET_MB)) * 1024 * 1024)
    except ValueError:
        return DEFAULT_BUDGET_MB * 1024 * 1024


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
        self.row = {int(i): r for r, i in enumerate(ids.tolist())}
        self.live = np.ones(self.n, dtype=bool)

    @property
    def nbytes(self) -> int:
        return int(self.mat.nbytes + self.ids.nbytes + sum(a.nbytes for a in self.flags.values()))

    def _grow(self) -> None:
        import numpy as np

        cap = max(16, int(len(self.ids) * 1.5))
        self.mat = np.concatenate([self.mat, np.zeros((cap - len(self.ids), self.dim), np.float32)])
        self.ids = np.concatenate([self.ids, np.zeros(cap - len(self.ids), np.int64)])
        self.live = np.concatenate([self.live, np.zeros(cap - len(self.live), bool)])
        self.flags = {k: np.concatenate([v, np.zeros(cap - len(v), np.int64)]) for k, v in self.flags.items()}

    def put(self, item_id: int, vec: np.ndarray | None, flags: dict[str, int] | None) -> None:
        """Insert, replace (vector and flags) or, with ``vec=None``, remove one row."""
        r = self.row.get(item_id)
        if vec is None:
            if r is not None:
                self.live[r] = False
            return
        if r is None:
            if self.n == len(self.ids):
                self._grow()
            r = self.n
            self.n += 1
            self.row[item_id] = r
            self.ids[r] = item_id
        self.mat[r] = vec
        self.live[r] = True
        for k in _META:
            self.flags[k][r] = int(flags[k]) if flags else 0

    def knn(self, q: np.ndarray, k: int, as_of: int | None) -> list[tuple[int, float]]:
        """Exact top-k by cosine (vectors are L2-normalised) among active / believed-at rows."""
        import numpy as np

        return self.top(self.mat[: self.n] @ q.astype(np.float32, copy=False), k, as_of)

    def top(self, scores: np.ndarray, k: int, as_of: int | None) -> list[tuple[int, float]]:
        """The best ``k`` of ``scores`` (one per row, changed in place) among active (or, with
        ``as_of`` epoch seconds, believed-at) rows: ``(item_id, cosine)``, ties lower id first."""
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
            return []
        top = np.argpartition(-scores, k - 1)[:k] if k < n else np.arange(n)
        top = top[np.lexsort((self.ids[top], -scores[top]))][:k]
        return [(int(self.ids[i]), float(scores[i])) for i in top]


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
        import threading

        self.uv, self.k, self.as_of, self.n = uv, k, as_of, uv.n
        self.q: np.ndarray | None = None
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
        import numpy as np

        vecdot = getattr(np, "vecdot", None)  # numpy >= 2.0
        mat, q, out = self.uv.mat, self.q, self.scores
        while not self.failed:
            a = next(self._next) * self.CHUNK
            if a >= self.n:
                return
            b = min(self.n, a + self.CHUNK)
            try:
                if vecdot is not None:
                    vecdot(mat[a:b], q, out=out[a:b])
                else:
                    np.einsum("ij,j->i", mat[a:b], q, out=out[a:b])
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
        if self.failed or self.scores is None:
            return None
        return self.uv.top(self.scores, self.k, self.as_of)


class VectorCache:
    """Per-store LRU of :class:`UserVectors`, kept exact by the change log."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.users: OrderedDict[str, UserVectors] = OrderedDict()
        self.uses: dict[str, int] = {}
        self.small: dict[str, int] = {}  # user -> log seq at which it was found too small
        self.broken = False

    # -- state of the database -------------------------------------------------------------
    def _head(self) -> tuple[int, int, str | None]:
        row = self.store.one(f"SELECT (SELECT max(seq) FROM {LOG}) AS hi, (SELECT min(seq) FROM {LOG}) AS lo, "
                             f"(SELECT value FROM {s.META} WHERE key = 'vec_layout_epoch') AS epoch")
        assert row is not None
        return int(row["hi"] or 0), int(row["lo"] or 0), row["epoch"]

    def knn(self, user: str, q: np.ndarray, k: int, as_of: int | None) -> list[tuple[int, float]] | None:
        """Cached exact KNN, or None: the caller runs vec0's KNN instead."""
        uv = self.ready(user, int(q.shape[-1]), may_load=True)
        return None if uv is None else uv.knn(q, k, as_of)

    def ready(self, user: str, dim: int | None, *, may_load: bool) -> UserVectors | None:
        """The user's copy, brought up to date with the change log (this connection's thread), or
        None: not cached. ``may_load``: count this as a search and load the copy on the second
        one (False: only an already loaded copy is returned, no search is counted). ``dim``:
        the query's dimension (None: not known yet; the caller checks ``UserVectors.dim``)."""
        store = self.store
        if self.broken or not store.conn.get_autocommit() or not store.table_exists(LOG):
            return None
        budget = _budget_bytes()
        if budget <= 0:
            return None
        hi, lo, epoch = self._head()
        uv = self.users.get(user)
        if uv is not None and (uv.epoch != epoch or (dim is not None and uv.dim != dim)):
            uv = self._drop(user)
        if uv is not None and hi != uv.seq:
            if lo > uv.seq + 1 or not self._patch(uv, user, hi):
                uv = self._drop(user)
        if uv is None:
            if not may_load or dim is None:
                return None
            self.uses[user] = self.uses.get(user, 0) + 1
            if self.uses[user] < 2 or self.small.get(user) == hi:
                return None
            try:
                uv = self._load(user, dim, hi, epoch)
            except (ValueError, KeyError):  # an unexpected shadow layout: never guess, use vec0
                self.broken = True
                return None
            if uv is None:
                self.small[user] = hi
                return None
            if uv.nbytes > budget:
                return None
            self.users[user] = uv
            while sum(u.nbytes for u in self.users.values()) > budget and len(self.users) > 1:
                self.users.popitem(last=False)
        self.users.move_to_end(user)
        return uv

    def _drop(self, user: str) -> None:
        self.users.pop(user, None)
        return None

    def _patch(self, uv: UserVectors, user: str, hi: int) -> bool:
        import numpy as np

        changed = [int(r["item_id"]) for r in self.store.q(
            f"SELECT DISTINCT item_id FROM {LOG} WHERE user_id = ? AND seq > ? AND seq <= ?", (user, uv.seq, hi))]
        if len(changed) > PATCH_MAX:
            return False
        for item_id in changed:
            row = self.store.one(f"SELECT user_id, active, current, valid_from, invalid_at, embedding "
                                 f"FROM {s.VEC} WHERE item_id = ?", (item_id,))
            if row is None or row["user_id"] != user:
                uv.put(item_id, None, None)
            else:
                uv.put(item_id, np.frombuffer(row["embedding"], dtype=np.float32), row)
        uv.seq = hi
        return True

    def _load(self, user: str, dim: int, seq: int, epoch: str | None) -> UserVectors | None:
        """All of one user's vec0 rows from the shadow tables, or None below MIN_VECTORS.

        sqlite-vec declares the shadow tables' key as ``rowid PRIMARY KEY`` (a column without
        type, with a unique index): joined to the INTEGER ``chunk_id`` as is, the comparison's
        affinity keeps SQLite off that index and every chunk scanned every other table
        (quadratic: minutes at 1M vectors); ``+c.chunk_id`` carries no affinity, so each join is
        an index lookup (2.2 s for 125k chunks)."""
        import numpy as np

        v = s.VEC
        head = self.store.one(f"SELECT count(*) AS n, coalesce(sum(size), 0) AS slots FROM {v}_chunks "
                              "WHERE partition00 = ?", (user,))
        assert head is not None  # an aggregate always gives one row
        n_chunks, slots = int(head["n"]), int(head["slots"])
        if slots < MIN_VECTORS:
            return None
        # filled chunk by chunk while the rows stream in: one copy of the vectors, not three
        mat = np.empty((slots, dim), np.float32)
        ids = np.empty(slots, np.int64)
        valid = np.zeros(slots, bool)
        meta = np.empty((len(_META), slots), np.int64)
        pos = seen = 0
        for r in self.store.conn.execute(
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
        if int(valid.sum()) < MIN_VECTORS:
            return None
        if not valid.all():
            mat, ids, meta = mat[valid], ids[valid], meta[:, valid]
        return UserVectors(dim, ids, mat, {k: meta[j] for j, k in enumerate(_META)}, seq, epoch)
