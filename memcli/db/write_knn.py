"""The write path's KNN without a vec0 scan per candidate: each user's active vectors kept as a
numpy matrix beside the writer's connection, current through every vector write it makes.

The drain asks for the nearest active memories of a user once or twice per candidate
(:func:`memcli.db.search.neighbors`). vec0 answers each by reading every 8-slot chunk of the
user's partition (~0.4 ms at ~400 memories, ~18 of 64 s of a 10k drain's SQL). Here the user's
rows are read once (:func:`memcli.db.vector_copy.load_user`, from the shadow tables) and each
vector write through :mod:`memcli.db.index` patches the copy in place (the change log's
:func:`~memcli.db.vector_copy.log_change` passes the new vector and flags along).

**Same answer as vec0, bit for bit.** sqlite-vec's cosine distance is a sequential float32
accumulation of ``a·b``, ``a·a`` and ``b·b`` and ``1 - dot / (sqrt(aa) · sqrt(bb))`` in double,
returned as float32 (``distance_cosine_float``, sqlite-vec 0.1.9). :func:`distances` repeats it
(``np.cumsum`` in float32 is the same sequential sum) for a shortlist: every row whose BLAS
cosine is within :data:`MARGIN` of the k-th best (the two sums differ by ≤ ~3e-5 for unit
vectors of 512 dims). Given the connection, the shortlist's distances are sqlite-vec's own
``vec_distance_cosine`` (the function vec0's KNN calls; one statement, ~2.5x faster than the
sequential sums in numpy, which are latency-bound), :func:`distances` else. The shortlist is
ordered by that exact distance; when two of the first k + 1 are equal (vec0's order among equal
distances is its own), or a distance is not finite, the question goes to vec0 instead.
``tests/test_write_knn.py`` compares both on real stores.

**Kept current, or not used.** An entry records the change log's last ``seq`` for its user and
the ``vec_layout_epoch`` it was read at. Each write transaction and each rollback (savepoint or
whole) starts a new generation (:attr:`memcli.db.connect.Store.tx_gen`); outside a transaction
every use is a new generation. An entry is checked against the database (one indexed read: the
user's last logged ``seq``, the epoch) at its first use or write in a generation, and dropped
when another process wrote the user meanwhile or a rollback undid a change it holds; within one
generation nobody else can write, so the writes it is told of keep it exact. A change logged
without telling this module (:func:`~memcli.db.vector_copy.log_change` called outside
:mod:`memcli.db.index`) drops every entry. A user is loaded on its second KNN in a process, so a
one-shot ``add`` pays vec0's single scan, not a load. Entries count against
``MEMCLI_VECTOR_CACHE_MB`` (least recently used dropped first).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from memcli.db import schema as s
from memcli.db.vector_copy import WRITE_KNN_ATTR

if TYPE_CHECKING:
    import numpy as np

    from memcli.db.sql import SQL as Store

__all__ = ["MARGIN", "Entry", "WriteKnn", "check_users", "distances", "knn_of", "note", "stored_vector"]

#: BLAS-cosine slack of the shortlist re-scored exactly (the two sums differ by ≤ ~3e-5)
MARGIN = 1e-3
#: a norm at or below this (or not finite) may make a cosine's quotient 0/0 or x/0: :meth:`Entry.knn` checks then
_TINY = 1e-15


def distances(mat: np.ndarray, sq: np.ndarray, q: np.ndarray) -> np.ndarray:
    """sqlite-vec's cosine distance (float32) of each row of ``mat`` (m × dim) to ``q``, bit for
    bit: ``sq`` are the rows' sequential float32 ``Σ a²`` (:func:`_sq`). Call it inside
    ``np.errstate(divide="ignore", invalid="ignore")``: a zero row divides by zero (:meth:`Entry.knn` does)."""
    import numpy as np

    return _cosine(mat, sq, q, np.float64(_seqsum((q * q).ravel())))


def _seqsum(v: np.ndarray) -> np.float32:
    """``Σ v`` of a float32 vector summed in order, in float32 (``np.cumsum(v, dtype=float32)[-1]``
    without its wrapper: the same additions)."""
    import numpy as np

    return np.add.accumulate(v, dtype=np.float32)[-1]


def _cosine(mat: np.ndarray, sq: np.ndarray, q: np.ndarray, qq: np.float64) -> np.ndarray:
    """:func:`distances` with the query's sequential ``Σ q²`` given (``qq``, as float64)."""
    import numpy as np

    dot = np.add.accumulate(mat * q, axis=1, dtype=np.float32)[:, -1].astype(np.float64)
    return (1.0 - dot / (np.sqrt(sq.astype(np.float64)) * np.sqrt(qq))).astype(np.float32)


#: the shortlists whose distances are asked of sqlite-vec (:func:`_vec_cosine`); a longer one: numpy
SQL_ROWS = 64
_COSINE_SQL: dict[int, str] = {}


def _vec_cosine(conn: Any, mat: np.ndarray, q: np.ndarray) -> np.ndarray | None:
    """sqlite-vec's cosine distance (float32) of each row of ``mat`` (r × dim, r ≤ :data:`SQL_ROWS`) to
    ``q``: vec0's own computation, in one statement on ``conn``; None: a distance is not a number (a zero
    vector) or the function failed (the caller then uses :func:`distances`)."""
    import apsw
    import numpy as np

    r = len(mat)
    sql = _COSINE_SQL.get(r)
    if sql is None:
        sql = _COSINE_SQL[r] = "SELECT " + ", ".join(f"vec_distance_cosine(?1, ?{j + 2})" for j in range(r))
    cur = conn.cursor()
    cur.row_trace = None  # a tuple, not the connection's dict
    try:
        got = next(cur.execute(sql, (q.tobytes(), *[row.tobytes() for row in mat])))
    except (apsw.Error, StopIteration):
        return None
    if any(v is None for v in got):  # NaN comes back as NULL
        return None
    return np.array(got, dtype=np.float32)


def _sq(mat: np.ndarray) -> np.ndarray:
    import numpy as np

    return np.add.accumulate(mat * mat, axis=1, dtype=np.float32)[:, -1]


class Entry:
    """One user's active vectors: ``mat`` (capacity × dim, first ``n`` rows used), ``ids``,
    ``sq`` (Σ a² per row, sequential float32), ``norm`` (float32 L2 norms, for the shortlist)
    and ``live`` (active and present)."""

    def __init__(self, ids: np.ndarray, mat: np.ndarray, active: np.ndarray, seq: int, epoch: str | None,
                 gen: int) -> None:
        import numpy as np

        self.n = len(ids)
        self.ids = np.ascontiguousarray(ids, dtype=np.int64)
        self.mat = np.ascontiguousarray(mat, dtype=np.float32)
        self.live = np.asarray(active, dtype=bool).copy()
        self.sq = _sq(self.mat) if self.n else np.zeros(0, np.float32)
        self.norm = np.sqrt(self.sq)
        #: every norm finite and above _TINY (a cosine of such rows and a query of such a norm is a number)
        self.clean = bool(((self.norm > _TINY) & (self.norm < np.inf)).all())
        self.row = {int(i): r for r, i in enumerate(self.ids.tolist())}
        self.seq, self.epoch, self.gen = seq, epoch, gen
        #: the store's entries this one is counted in (its growth changes their total): set by WriteKnn.add
        self.owner: WriteKnn | None = None

    @property
    def nbytes(self) -> int:
        return int(self.mat.nbytes + self.ids.nbytes + self.sq.nbytes * 2 + self.live.nbytes)

    def _grow(self) -> None:
        import numpy as np

        before = self.nbytes
        cap = max(16, int(len(self.ids) * 1.5))
        extra = cap - len(self.ids)
        self.mat = np.concatenate([self.mat, np.zeros((extra, self.mat.shape[1]), np.float32)])
        self.ids = np.concatenate([self.ids, np.zeros(extra, np.int64)])
        self.live = np.concatenate([self.live, np.zeros(extra, bool)])
        self.sq = np.concatenate([self.sq, np.zeros(extra, np.float32)])
        self.norm = np.concatenate([self.norm, np.zeros(extra, np.float32)])
        if self.owner is not None:
            self.owner.total += self.nbytes - before

    def put(self, item_id: int, vec: np.ndarray | None, active: bool | None) -> None:
        """A new or replaced vector (``vec``), new flags only (``vec=None, active``), or the row
        removed (both None)."""
        import numpy as np

        r = self.row.get(item_id)
        if vec is None:
            if r is not None:
                self.live[r] = bool(active)
            return
        if r is None:
            if self.n == len(self.ids):
                self._grow()
            r = self.n
            self.n += 1
            self.row[item_id] = r
            self.ids[r] = item_id
        row = self.mat[r]
        row[:] = vec
        self.sq[r] = sq = _seqsum(row * row)  # _sq of the one row
        self.norm[r] = nr = np.sqrt(sq)
        if not _TINY < nr < np.inf:
            self.clean = False
        self.live[r] = bool(active)

    def drop_row(self, item_id: int) -> None:
        """The item's vector was deleted: its row is never live again nor found by id."""
        r = self.row.pop(item_id, None)
        if r is not None:
            self.live[r] = False

    def knn(self, q: np.ndarray, k: int, conn: Any = None) -> list[tuple[int, float]] | None:
        """``(item_id, distance)`` of the ``k`` nearest live rows, as vec0 orders them, or None
        (a tie among the first k + 1, or a distance that is not a number: ask vec0). ``conn``: a
        connection with sqlite-vec loaded, which computes the shortlist's exact distances
        (:func:`_vec_cosine`); None: numpy does (:func:`distances`)."""
        import numpy as np

        q = np.asarray(q, dtype=np.float32)
        n = self.n
        live = self.live[:n]
        count = int(np.count_nonzero(live))
        if count == 0:
            return []
        flat = q.ravel()
        qn = math.sqrt(float(flat.dot(flat)))  # np.linalg.norm's value: float32 Σ q², its sqrt rounded to float32 below
        if not qn > 0.0:
            return None
        if self.clean and _TINY < qn < math.inf:
            # every norm and the query's finite and above _TINY: each quotient is a number and none divides by
            # zero (round 35: the errstate and the NaN scan cost ~10 us a call, a fifth of the KNN)
            d, rows = self._near(self._approx(q, qn, live), q, flat, live, count, k, conn)
        else:
            with np.errstate(divide="ignore", invalid="ignore"):
                approx = self._approx(q, qn, live)
                if np.isnan(approx).any():  # a zero vector among the live rows: vec0's answer, not a guess
                    return None
                d, rows = self._near(approx, q, flat, live, count, k, conn)
        if not np.isfinite(d).all():
            return None
        order = np.argsort(d, kind="stable")
        top = d[order[: k + 1]]
        if len(top) > 1 and bool((top[1:] == top[:-1]).any()):
            return None
        first = order[:k]
        return list(zip(self.ids[rows[first]].tolist(), d[first].tolist(), strict=True))

    def _approx(self, q: np.ndarray, qn: float, live: np.ndarray) -> np.ndarray:
        """The BLAS cosine of each of the first ``n`` rows to ``q`` (norm ``qn``), rows not live at -inf."""
        import numpy as np

        # one single-threaded product over the matrix, no copy of it (BLAS's threaded matrix-vector
        # product spins on this shared 2-core machine: 2,000 rows took 10 ms instead of 0.1)
        n = self.n
        vecdot = getattr(np, "vecdot", None) or (lambda x, y: np.einsum("ij,j->i", x, y))
        approx = vecdot(self.mat[:n], q) / (self.norm[:n] * np.float32(qn))
        approx[~live] = -np.inf
        return approx

    def _near(self, approx: np.ndarray, q: np.ndarray, flat: np.ndarray, live: np.ndarray, count: int, k: int,
              conn: Any) -> tuple[np.ndarray, np.ndarray]:
        """The shortlist (every row within :data:`MARGIN` of the ``k``-th best ``approx``) and its exact
        distances, as (distances, rows) (:meth:`knn`)."""
        import numpy as np

        n = self.n
        if count > k:
            kth = np.partition(approx, n - k)[n - k]
            rows = np.flatnonzero(approx >= kth - MARGIN)  # the rows not live are -inf
        else:
            rows = np.flatnonzero(live)
        short = self.mat[rows]
        d = _vec_cosine(conn, short, flat) if conn is not None and len(rows) <= SQL_ROWS else None
        if d is None:
            with np.errstate(divide="ignore", invalid="ignore"):
                d = _cosine(short, self.sq[rows], q, np.float64(_seqsum(flat * flat)))
        return d, rows


class WriteKnn:
    """Per-store entries (user → :class:`Entry`), least recently used first, and ``total``: their
    :attr:`Entry.nbytes` summed, kept up to date as entries come, grow and go (round 43: the sum was
    taken over every cached user at each load, a cost growing with the number of users)."""

    def __init__(self) -> None:
        self.users: OrderedDict[str, Entry] = OrderedDict()
        self.asked: dict[str, int] = {}
        self.broken = False
        self.total = 0

    def add(self, user: str, e: Entry) -> None:
        self.drop(user)
        self.users[user], e.owner = e, self
        self.total += e.nbytes

    def drop(self, user: str) -> None:
        if (e := self.users.pop(user, None)) is not None:
            self.total -= e.nbytes
            e.owner = None

    def evict(self, budget: int) -> None:
        """Drop the least recently used entries while ``total`` exceeds ``budget`` bytes (one is always kept)."""
        while self.total > budget and len(self.users) > 1:
            self.drop(next(iter(self.users)))


def _held(store: Store) -> WriteKnn | None:
    """The store's KNN copies, or None (none made yet)."""
    return store.__dict__.get(WRITE_KNN_ATTR)


def _state(store: Store) -> WriteKnn:
    st = _held(store)
    if st is None:
        st = store.__dict__[WRITE_KNN_ATTR] = WriteKnn()
    return st


def _head(store: Store, user: str, below: int | None = None) -> tuple[int, str | None]:
    """The user's last logged ``seq`` (below ``below``, if given) and the layout epoch."""
    from memcli.db.vector_copy import LOG

    cut = "" if below is None else " AND seq < ?"
    params: tuple[Any, ...] = (user,) if below is None else (user, below)
    row = store.one(f"SELECT (SELECT max(seq) FROM {LOG} WHERE user_id = ?{cut}) AS hi, "
                    f"(SELECT value FROM {s.META} WHERE key = 'vec_layout_epoch') AS epoch", params)
    assert row is not None
    return int(row["hi"] or 0), row["epoch"]


def _gen(store: Store) -> int | None:
    """This write transaction's generation; None outside one (every use checks the database)."""
    return None if store.conn.get_autocommit() else store.tx_gen


def _entry(store: Store, user: str, dim: int) -> Entry | None:
    """The user's entry, checked against the database in this generation, loaded on the second
    ask; None: vec0 answers."""
    from memcli.db.vector_cache import _budget_bytes
    from memcli.db.vector_copy import LOG, load_user  # a function-level import: they never import this module

    st = _state(store)
    budget = _budget_bytes()
    if st.broken or budget <= 0 or not store.table_exists(LOG):
        return None
    gen = _gen(store)
    e = st.users.get(user)
    if e is not None and (gen is None or e.gen != gen):
        if (e.seq, e.epoch) == _head(store, user) and e.mat.shape[1] == dim:
            e.gen = gen if gen is not None else -1
        else:
            st.drop(user)
            e = None
    if e is None:
        st.asked[user] = st.asked.get(user, 0) + 1
        if st.asked[user] < 2:
            return None
        seq, epoch = _head(store, user)
        try:
            uv = load_user(store, user, dim, seq, epoch, min_vectors=0)
        except (ValueError, KeyError):  # an unexpected shadow layout: never guess, use vec0
            st.broken = True
            return None
        if uv is None:
            return None
        if uv.dim != dim or uv.mat.shape[1] != dim:
            return None
        e = Entry(uv.ids[: uv.n], uv.mat[: uv.n], uv.flags["active"][: uv.n] == 1, seq, epoch,
                  gen if gen is not None else -1)
        if e.nbytes > budget:
            return None
        st.add(user, e)
        st.evict(budget)  # on a load only
    st.users.move_to_end(user)
    return e


def check_users(store: Store, users: Sequence[str], dim: int) -> None:
    """The check :func:`_entry` makes of a user's entry at its first use in a write transaction's
    generation, made for all ``users`` in one statement: an entry of ``dim`` columns whose change-log
    ``seq`` and layout epoch are the database's is current in this generation (its next uses read
    nothing); any other is left to :func:`_entry`, which checks and drops it. Outside a write
    transaction: nothing (every use checks)."""
    from memcli.db.vector_copy import LOG

    st, gen = _held(store), _gen(store)
    if st is None or gen is None:
        return
    todo = [u for u in dict.fromkeys(users) if (e := st.users.get(u)) is not None and e.gen != gen
            and e.mat.shape[1] == dim]
    if not todo or not store.table_exists(LOG):
        return
    rows = store.q(f"WITH k(u) AS (VALUES {', '.join(['(?)'] * len(todo))}) "
                   f"SELECT u, (SELECT max(seq) FROM {LOG} WHERE user_id = k.u) AS hi, "
                   f"(SELECT value FROM {s.META} WHERE key = 'vec_layout_epoch') AS epoch FROM k", todo)
    for r in rows:
        e = st.users[r["u"]]
        if (e.seq, e.epoch) == (int(r["hi"] or 0), r["epoch"]):
            e.gen = gen


def knn_of(store: Store, user: str, vector: np.ndarray, k: int) -> list[tuple[int, float]] | None:
    """``(item_id, distance)`` of ``user``'s ``k`` nearest active vectors, exactly as vec0's KNN
    returns them, or None: ask vec0."""
    e = _entry(store, user, int(vector.shape[-1]))
    return None if e is None else e.knn(vector, k, store.conn)


def stored_vector(store: Store, item_id: int) -> np.ndarray | None:
    """The stored vector of ``item_id`` (a copy), when a user's entry checked in this write transaction's
    generation holds its row: every vec0 row of the user, active or not, is there as stored, float for float
    (a deleted one leaves: :meth:`Entry.drop_row`); None: read the table."""
    st, gen = _held(store), _gen(store)
    if st is None or gen is None:
        return None
    for e in st.users.values():
        r = e.row.get(item_id)
        if r is not None:
            return e.mat[r].copy() if e.gen == gen else None
    return None


def note(store: Store, user: str, item_id: int, seq: int, change: tuple[Any, ...] | None) -> None:
    """A vector write logged at ``seq``: ``("put", vector, active)``, ``("flags", active)``,
    ``("drop",)``, or None (not known here: the user's entry is dropped)."""
    st = _held(store)
    if st is None:
        return
    e = st.users.get(user)
    if e is None:
        return
    gen = _gen(store)
    if change is not None and (gen is None or e.gen != gen):  # checked before this change
        if (e.seq, e.epoch) == _head(store, user, below=seq):
            e.gen = gen if gen is not None else -1
        else:
            change = None
    if change is None or (change[0] != "put" and item_id not in e.row):
        st.drop(user)
        return
    if change[0] == "put":
        if change[1].shape[-1] != e.mat.shape[1]:
            st.drop(user)
            return
        e.put(item_id, change[1], bool(change[2]))
    elif change[0] == "flags":
        e.put(item_id, None, bool(change[1]))
    else:
        e.drop_row(item_id)
    e.seq = seq
