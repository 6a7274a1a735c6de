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

Vector files (:mod:`memcli.db.vector_file`): when the user's files beside the database match
it, the copy is a read-only map of them, taken on the *first* search (no load: a one-shot CLI
process gets it too), and only its flags are private memory. Above :func:`int8_min` rows a
mapped copy is scored on its int8 rows first and the shortlist re-scored exactly in float32
(:meth:`UserVectors.finish`). A loaded copy writes the files as it loads, for the next process.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from memcli.db import schema as s

if TYPE_CHECKING:
    import numpy as np

    from memcli.db.sql import SQL as Store  # the connection's shape (no import cycle)

__all__ = ["LOG", "LOG_KEEP", "Scan", "UserVectors", "VectorCache", "int8_min", "load_user", "log_change",
           "m0003_vector_change_log"]

LOG = "memcli_vec_log"
LOG_KEEP = 50_000  # log rows kept; a cache further behind reloads in full
PATCH_MAX = 2_000  # more changed rows than this: reload instead of patching
MIN_VECTORS = 2_048  # smaller partitions: vec0 is already fast, no copy kept
DEFAULT_BUDGET_MB = 2048
SHORTLIST_FACTOR = 8  # int8 scoring keeps max(8 × k, SHORTLIST_MIN) rows for the exact re-score
SHORTLIST_MIN = 400
DEFAULT_INT8_MIN = 1_000_000  # users with at least this many vectors (in files) are scored in int8 first
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
    """Record that ``item_id``'s vector or flags changed (same transaction as the change); the
    user's vector files follow after the commit (:meth:`memcli.db.connect.Store.tx`)."""
    dirty = getattr(store, "vec_dirty", None)
    if dirty is not None:
        dirty.add(user_id)
    seq = store.x(f"INSERT INTO {LOG}(user_id, item_id) VALUES (?, ?)", (user_id, item_id))
    if seq % 1000 == 0:
        store.x(f"DELETE FROM {LOG} WHERE seq <= ?", (seq - LOG_KEEP,))


def int8_min() -> int:
    """Rows from which a mapped copy is scored in int8 and re-scored in float32
    (``MEMCLI_INT8_MIN_VECTORS``, default :data:`DEFAULT_INT8_MIN`; ``0``: always)."""
    try:
        return int(os.environ.get("MEMCLI_INT8_MIN_VECTORS", DEFAULT_INT8_MIN))
    except ValueError:
        return DEFAULT_INT8_MIN


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
        scores = np.empty(self.n, np.float32)
        prep = self.prepare(q)
        for a in range(0, self.n, Scan.CHUNK):
            self.score(prep, a, min(self.n, a + Scan.CHUNK), scores)
        return self.finish(scores, q, k, as_of)

    def prepare(self, q: np.ndarray) -> tuple[np.ndarray, float]:
        """The query as the scoring wants it: float32, or int8 with its scale (quantised copy)."""
        import numpy as np

        if not self.quantised:
            return q, 1.0
        peak = float(np.abs(q).max()) or 1.0
        return np.rint(q * (127.0 / peak)).astype(np.int8), peak / 127.0

    def score(self, prep: tuple[np.ndarray, float], a: int, b: int, out: np.ndarray) -> None:
        """Scores of rows ``a:b`` into ``out[a:b]``: cosines, or their int8 approximation."""
        import numpy as np

        qv, qscale = prep
        if self.quantised:
            assert self.i8 is not None and self.inv is not None
            acc = np.einsum("ij,j->i", self.i8[a:b], qv, dtype=np.int32)
            np.multiply(acc, self.inv[a:b] * np.float32(qscale), out=out[a:b], casting="unsafe")
            return
        vecdot = getattr(np, "vecdot", None)  # numpy >= 2.0
        if vecdot is not None:
            vecdot(self.mat[a:b], qv, out=out[a:b])
        else:
            np.einsum("ij,j->i", self.mat[a:b], qv, out=out[a:b])

    def finish(self, scores: np.ndarray, q: np.ndarray, k: int, as_of: int | None) -> list[tuple[int, float]]:
        """The top ``k`` from :meth:`score`'s output. A quantised copy keeps the best
        ``max(SHORTLIST_FACTOR × k, SHORTLIST_MIN)`` by int8 score and re-scores them exactly
        in float32, so the cosines returned are exact and only the shortlist is approximate."""
        import numpy as np

        if not self.quantised:
            return self.top(scores, k, as_of)
        short = self.top(scores, max(SHORTLIST_FACTOR * k, SHORTLIST_MIN), as_of)
        if not short:
            return []
        rows = np.fromiter((self.row_of(i) for i, _ in short), np.int64, len(short))
        exact = np.full(self.n, -np.inf, np.float32)
        exact[rows] = self.mat[rows] @ q.astype(np.float32, copy=False)
        return self.top(exact, k, as_of)

    def row_of(self, item_id: int) -> int:
        """The row of ``item_id`` (the newest one, after a patch appended it again)."""
        import numpy as np

        if self._row is not None:
            return self._row[item_id]
        hit = np.flatnonzero(self.ids[: self.n] == item_id)
        return int(hit[-1])

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


class VectorCache:
    """Per-store LRU of :class:`UserVectors`, kept exact by the change log."""

    def __init__(self, store: Store, *, files_only: bool = False) -> None:
        self.store = store
        #: use only the user's vector files, never load a copy (the context builder's reader)
        self.files_only = files_only
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
        None: not cached. The user's vector files (:mod:`memcli.db.vector_file`) are mapped at
        once when they exist and match the database; otherwise ``may_load`` counts this as a
        search and loads the copy on the second one — writing the files as it does, so the next
        process maps them (False: no search is counted, nothing is loaded). ``dim``: the query's
        dimension (None: not known yet; the caller checks ``UserVectors.dim``)."""
        from memcli.db import vector_file

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
            fresh = None
            if uv.mapped and self._changed(user, uv.seq, hi):  # the files follow; map them again
                fresh = vector_file.open_user(store, user, uv.dim)
            if fresh is not None:
                uv = self.users[user] = fresh
            elif lo > uv.seq + 1 or not self._patch(uv, user, hi):
                uv = self._drop(user)
        if uv is None:
            uv = vector_file.open_user(store, user, dim)  # a cheap map: no second-search rule
            if uv is not None:
                self.users[user] = uv
        if uv is None:
            if not may_load or dim is None or self.files_only:
                return None
            self.uses[user] = self.uses.get(user, 0) + 1
            if self.uses[user] < 2 or self.small.get(user) == hi:
                return None
            if vector_file.sync(store, user, build=True):
                uv = vector_file.open_user(store, user, dim, may_sync=False)
            try:
                uv = uv or self._load(user, dim, hi, epoch)
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

    def _changed(self, user: str, seq: int, hi: int) -> bool:
        return self.store.one(f"SELECT 1 AS x FROM {LOG} WHERE user_id = ? AND seq > ? AND seq <= ? LIMIT 1",
                              (user, seq, hi)) is not None

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
        return load_user(self.store, user, dim, seq, epoch)


def load_user(store: Store, user: str, dim: int, seq: int, epoch: str | None, *,
          min_vectors: int | None = None) -> UserVectors | None:
    """All of one user's vec0 rows from the shadow tables, or None below ``min_vectors``
    (default :data:`MIN_VECTORS`).

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
    least = MIN_VECTORS if min_vectors is None else min_vectors
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
