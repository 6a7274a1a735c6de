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
from functools import lru_cache
from typing import TYPE_CHECKING

from memcli.db import schema as s
from memcli.db.vector_copy import (  # re-exported: the cache's vocabulary
    LOG,
    LOG_KEEP,
    PATCH_MAX,
    Scan,
    UserVectors,
    int8_min,
    load_user,
    log_change,
    m0003_vector_change_log,
)

if TYPE_CHECKING:
    import numpy as np

    from memcli.db.sql import SQL as Store  # the connection's shape (no import cycle)

__all__ = ["LOG", "LOG_KEEP", "PATCH_MAX", "Scan", "UserVectors", "VectorCache", "int8_min", "load_user",
           "log_change", "m0003_vector_change_log"]

MIN_VECTORS = 2_048  # smaller partitions: vec0 is already fast, no copy kept
DEFAULT_BUDGET_MB = 2048


def _budget_bytes() -> int:
    """``MEMCLI_VECTOR_CACHE_MB`` in bytes (read at every call: the drain's KNN copy asks once a candidate)."""
    return _budget_of(os.environ.get("MEMCLI_VECTOR_CACHE_MB"))


@lru_cache(maxsize=8)
def _budget_of(raw: str | None) -> int:
    try:
        return int(float(DEFAULT_BUDGET_MB if raw is None else raw) * 1024 * 1024)
    except ValueError:
        return DEFAULT_BUDGET_MB * 1024 * 1024


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
        return load_user(self.store, user, dim, seq, epoch, min_vectors=MIN_VECTORS)
