"""SQLite search SQL: sqlite-vec ``vec0`` KNN, FTS5 BM25 and LIKE variants (builders + runners).

Dense: filtering happens *inside* the KNN (``user_id`` is the partition key; ``active``,
``current``, ``valid_from``, ``invalid_at`` are vec0 metadata columns), never in a join
after it: a join after a KNN silently returns fewer than k rows. sqlite-vec 0.1.9 is brute
force within the partition; ``k`` is capped at 4096.

Lexical: the FTS5 index holds jieba ``cut_for_search`` tokens (space-joined, unicode61);
every query token is double-quoted with inner ``"`` doubled and the tokens are OR-joined
(:func:`fts_query`), so user text such as ``multi-agent``, ``a:b``, ``"x``, ``NEAR(``,
``AND`` never reaches FTS5 as syntax. LIKE patterns escape ``%``, ``_`` and the escape
character (:func:`escape_like`); a variant that starts with a Latin letter matches only where a
word starts (:func:`memcli.db.predicates.like_term`).

SQL builders (``*_sql``) are separate from the runners, so the SQL can be tested as text.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memcli.db import bounded
from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.db.predicates import active_sql, as_of_sql, escape_like, like_term
from memcli.timeutil import iso, to_epoch

if TYPE_CHECKING:
    import numpy as np

    from memcli.db.vector_cache import Scan

__all__ = ["K_MAX", "MAX_QUERY_TOKENS", "as_of_sql", "escape_like", "fts_query", "fts_search",
           "fts_sql", "knn", "knn_detached", "knn_sql", "like_scores", "like_search", "like_sql", "like_terms",
           "neighbors", "neighbors_many",
           "slot_search", "slot_sql", "vector_of"]

K_MAX = 4096  # sqlite-vec's cap on k
MAX_QUERY_TOKENS = 64  # distinct tokens sent to FTS5 (a 10,000-char query stays cheap)


_active_sql = active_sql


# -- dense -----------------------------------------------------------------------------------
def knn_sql(*, as_of: bool = False) -> str:
    """SQL for the KNN. Params: (query blob, k, user, [T, T if as_of]). Rows: item_id, distance.

    Active rows: ``active = 1``. As of T (epoch seconds): ``current = 1 AND valid_from <= ?
    AND invalid_at > ?`` (invalid_at holds FAR_FUTURE_EPOCH for "still holds").
    """
    cond = "current = 1 AND valid_from <= ? AND invalid_at > ?" if as_of else "active = 1"
    return (f"SELECT item_id, distance FROM {s.VEC} WHERE embedding MATCH ? AND k = ? "
            f"AND user_id = ? AND {cond} ORDER BY distance")


def _blob(vector: np.ndarray) -> bytes:
    import numpy as np

    return np.asarray(vector, dtype="<f4").tobytes()


def knn(store: Store, user: str, vector: np.ndarray, k: int, *,
        as_of: datetime | None = None) -> list[tuple[int, float]]:
    """``(item_id, cosine)`` nearest first; [] when no vector table exists yet. A big user's
    vectors may be answered exactly from the in-process copy (:mod:`memcli.db.vector_cache`)."""
    if not store.table_exists(s.VEC):
        return []
    k = max(1, min(int(k), K_MAX))
    t = to_epoch(as_of) if as_of is not None else None
    cached = store.vector_cache.knn(user, vector, k, t)  # exact; None: not cached (yet)
    if cached is not None:
        return [(int(i), float(c)) for i, c in cached]
    params: list[Any] = [_blob(vector), k, user]
    if t is not None:
        params += [t, t]
    return [(int(r["item_id"]), 1.0 - float(r["distance"])) for r in store.q(knn_sql(as_of=as_of is not None), params)]


def knn_detached(store: Store, user: str, k: int, *, as_of: datetime | None = None) -> Scan | None:
    """:func:`knn` as a job that uses no connection, so other threads can run it beside the
    lexical leg (:class:`memcli.db.vector_cache.Scan`: ``start(vector)`` on the encoder's
    thread, ``result()`` on this one) — or None: call :func:`knn` on this thread.

    Only a user whose vectors are already in the in-process copy gets one; the copy is brought
    up to date here, on this thread. The job's result is :func:`knn`'s, or None when it cannot
    answer (another dimension: then :func:`knn` reports the mismatch)."""
    if not store.table_exists(s.VEC):
        return None
    uv = store.vector_cache.ready(user, None, may_load=False)
    if uv is None:
        return None
    from memcli.db.vector_cache import Scan

    return Scan(uv, max(1, min(int(k), K_MAX)), to_epoch(as_of) if as_of is not None else None)


def neighbors(store: Store, user: str, vector: np.ndarray, k: int) -> list[dict[str, Any]]:
    """Active KNN joined with the item rows (the join is after a KNN that already filtered)."""
    if not store.table_exists(s.VEC):
        return []
    from memcli.db.write_knn import knn_of

    near = knn_of(store, user, vector, max(1, min(int(k), K_MAX)))  # vec0's answer, without its scan
    if near is not None:
        return _rows_of(store, near, _items_of(store, [i for i, _ in near], (user,)) if near else None)
    return _vec0_neighbors(store, user, vector, k)


def _vec0_neighbors(store: Store, user: str, vector: np.ndarray, k: int) -> list[dict[str, Any]]:
    """:func:`neighbors` by vec0's KNN (the writer's copy cannot answer)."""
    rows = store.q(
        f"""SELECT v.item_id AS id, v.distance, i.statement, i.slot, i.valid_from, i.origin, i.confidence
            FROM (SELECT item_id, distance FROM {s.VEC}
                  WHERE embedding MATCH ? AND k = ? AND user_id = ? AND active = 1) v
            JOIN {s.ITEMS} i ON i.id = v.item_id ORDER BY v.distance""",
        (_blob(vector), max(1, min(int(k), K_MAX)), user))
    for r in rows:
        r["cosine"] = 1.0 - float(r.pop("distance"))
    return rows


def neighbors_many(store: Store, queries: Sequence[tuple[str, np.ndarray]], k: int) -> list[list[dict[str, Any]]]:
    """:func:`neighbors` of each (user, vector) of ``queries``, in order, read together inside a write
    transaction: the users' KNN copies checked in one statement (:func:`memcli.db.write_knn.check_users`)
    and the rows of every neighbour found in one; a query the copy cannot answer asks vec0 alone."""
    if not queries or not store.table_exists(s.VEC):
        return [[] for _ in queries]
    from memcli.db.write_knn import check_users, knn_of

    k = max(1, min(int(k), K_MAX))
    check_users(store, [u for u, _ in queries], int(queries[0][1].shape[-1]))
    nears = [knn_of(store, user, vector, k) for user, vector in queries]
    ids = sorted({i for near in nears if near for i, _ in near})
    got = _items_of(store, ids, [u for (u, _), near in zip(queries, nears, strict=True) if near])
    return [_vec0_neighbors(store, user, vector, k) if near is None else _rows_of(store, near, got)
            for (user, vector), near in zip(queries, nears, strict=True)]


def _items_of(store: Store, ids: Sequence[int], users: Sequence[str] = ()) -> dict[int, dict[str, Any]]:
    """id → the columns a neighbour shows, of the items among ``ids`` (one statement per 900 ids);
    from the drain's copy of the active rows of ``users`` when it holds them all
    (:mod:`memcli.db.active_rows`: its rows themselves, every column; read them, change none)."""
    rows = getattr(store, "active_rows", None)
    if rows is not None and users and (held := rows.columns_of(ids, users)) is not None:
        from memcli.db import active_rows

        if active_rows.CHECK:
            active_rows.checked({i: {k: r[k] for k in active_rows.NEIGHBOR_COLUMNS} for i, r in held.items()},
                                lambda: _items_of(store, ids), ordered=False)
        return held
    got: dict[int, dict[str, Any]] = {}
    for at in range(0, len(ids), 900):
        part = ids[at:at + 900]
        got.update((r["id"], r) for r in store.q(
            f"SELECT id, statement, slot, valid_from, origin, confidence FROM {s.ITEMS} "
            f"WHERE id IN ({','.join('?' * len(part))})", part))
    return got


def _rows_of(store: Store, near: list[tuple[int, float]],
             got: dict[int, dict[str, Any]] | None = None) -> list[dict[str, Any]]:
    """:func:`neighbors`' rows for ``(item_id, distance)`` nearest first (one statement; none when
    ``got`` already holds the rows: :func:`neighbors_many`)."""
    if not near:
        return []
    if got is None:
        got = _items_of(store, [i for i, _ in near])
    out = []
    for item_id, dist in near:
        r = got.get(item_id)
        if r is not None:  # the join after vec0's KNN drops a vector without its item row, too
            out.append({"id": r["id"], "statement": r["statement"], "slot": r["slot"], "valid_from": r["valid_from"],
                        "origin": r["origin"], "confidence": r["confidence"], "cosine": 1.0 - float(dist)})
    return out


def vector_of(store: Store, item_id: int) -> np.ndarray | None:
    """The stored float32 vector of one item, or None (inside the drain's write transaction, the writer's KNN
    copy's row when it holds one: :func:`memcli.db.write_knn.stored_vector`)."""
    from memcli.db.write_knn import stored_vector

    if not store.table_exists(s.VEC):
        return None
    pend = getattr(store, "vec_pending", None)  # the drain's vector rows waiting for its batch's insert
    if pend is None:
        blob = store.scalar(f"SELECT embedding FROM {s.VEC} WHERE item_id = ?", (item_id,))
    elif (row := pend.get(s.VEC, item_id)) is not None:
        blob = row[-1]
    elif (held := stored_vector(store, int(item_id))) is not None:
        return held
    else:
        with pend.direct():  # not waiting: the table has it (or nothing)
            blob = store.scalar(f"SELECT embedding FROM {s.VEC} WHERE item_id = ?", (item_id,))
    if blob is None:
        return None
    import numpy as np

    return np.frombuffer(blob, dtype="<f4")


# -- lexical ---------------------------------------------------------------------------------
def fts_query(tokens: Sequence[str]) -> str:
    """FTS5 MATCH expression: each distinct term double-quoted (``"`` doubled), OR-joined. The
    terms are the tokens' index forms (:func:`memcli.text.fts_terms`: English words stemmed, as
    the FTS column holds them).

    Returns "" for no tokens. At most :data:`MAX_QUERY_TOKENS` terms, first seen first.
    """
    from memcli.text import fts_terms

    seen: list[str] = []
    for t in fts_terms(tokens):
        if t and t not in seen:
            seen.append(t)
        if len(seen) >= MAX_QUERY_TOKENS:
            break
    return " OR ".join('"' + t.replace('"', '""') + '"' for t in seen)


def fts_sql(*, as_of: bool = False) -> str:
    """SQL for the FTS5 leg. Params: (match, user, user, [T, T if as_of], limit).

    Rows: ``id``, ``bm25`` (lower = better). Active (or believed-at-T) rows of one user only;
    the join is safe here because MATCH returns every match (no k cap), the limit comes after.
    """
    return (f"SELECT {s.FTS}.rowid AS id, bm25({s.FTS}) AS bm25 FROM {s.FTS} "
            f"JOIN {s.ITEMS} i ON i.id = {s.FTS}.rowid "
            f"WHERE {s.FTS} MATCH ? AND {s.FTS}.user_id = ? AND i.user_id = ? AND {_active_sql('i', as_of)} "
            "ORDER BY bm25, id DESC LIMIT ?")


def fts_search(store: Store, user: str, tokens: Sequence[str], *, limit: int,
               as_of: datetime | None = None, ended: bool = False) -> list[tuple[int, float]]:
    """``(item_id, bm25)`` best (lowest) first; [] for no tokens. Bounded
    (:func:`memcli.db.bounded.fts_top`): the same result as :func:`fts_sql` up to
    ``FTS_RANK_CAP`` matches of the user. ``ended``: also the rows whose world time ended, never
    replaced nor forgotten (:func:`memcli.db.predicates.kept_sql`)."""
    match = fts_query(tokens)
    if not match:
        return []
    at = [iso(as_of)] * (3 if ended else 2) if as_of else []
    return bounded.fts_top(store, user, match, limit=int(limit), at=at, ended=ended)


def like_sql(variants: int | Sequence[str], *, as_of: bool = False) -> str:
    """SQL for the LIKE variants (the full scan; the read path runs :func:`memcli.db.bounded.like_window`).
    Params: (p1…, len1, ..., pN…, lenN, user, [T, T], min_score, limit), ``p…`` the parameters of
    :func:`~memcli.db.predicates.like_term`; an int: that many plain ``LIKE '%v%'`` terms.

    Rows: ``id``, ``like_score`` (summed length of the variants the statement contains).
    Case-insensitive for ASCII (SQLite LIKE), exact for other scripts; a variant that starts with
    a Latin letter matches where a word starts.
    """
    n = variants if isinstance(variants, int) else len(variants)
    if n < 1:
        raise ValueError("n_variants must be >= 1")
    sqls = (["(i.statement LIKE ? ESCAPE '\\')"] * n if isinstance(variants, int)
            else [like_term("i.statement", v)[0] for v in variants])
    score = " + ".join(f"{sql} * ?" for sql in sqls)
    return (f"SELECT id, like_score FROM (SELECT i.id AS id, ({score}) AS like_score FROM {s.ITEMS} i "
            f"WHERE i.user_id = ? AND {_active_sql('i', as_of)}) WHERE like_score >= ? "
            "ORDER BY like_score DESC, id DESC LIMIT ?")


def like_search(store: Store, user: str, variants: Sequence[str], *, min_score: int, limit: int,
                as_of: datetime | None = None) -> list[tuple[int, int]]:
    """``(item_id, like_score)`` best first; [] for no variants. Bounded
    (:func:`memcli.db.bounded.like_window`): the user's newest ``LIKE_SCAN_CAP`` rows."""
    if not variants:
        return []
    at = [iso(as_of), iso(as_of)] if as_of else []
    return bounded.like_window(store, user, like_terms(variants), min_score=int(min_score), limit=int(limit), at=at)


def like_terms(variants: Sequence[str], column: str = "i.statement") -> list[tuple[str, tuple[str, ...], int]]:
    """``(SQL, its parameters, len(v))`` of each variant over ``column`` (:func:`~memcli.db.predicates.like_term`)."""
    return [(*like_term(column, v), len(v)) for v in variants]


def like_scores(store: Store, user: str, variants: Sequence[str], ids: Sequence[int]) -> dict[int, int]:
    """LIKE score of the given item ids of ``user``."""
    return bounded.like_scores(store, user, like_terms(variants), list(ids))


# -- slots -----------------------------------------------------------------------------------
def slot_sql(n_keys: int, *, as_of: bool = False) -> str:
    """SQL for the slot leg. Params: ((user, key, key + "/") per key, [T, T if as_of], (key,
    key-LIKE-prefix) per key, the same again for the ranking CASE, limit).

    Rows: ``id``; ranked by the position of the matching key, then newest valid time. The
    candidates come from index ranges over ``(user_id, slot)`` (``key <= slot < key + "/"``,
    one per key): a LIKE or an OR of slots would scan all of the user's rows (~40 ms at 100k).
    """
    if n_keys < 1:
        raise ValueError("n_keys must be >= 1")
    near = " UNION ALL ".join([f"SELECT id FROM {s.ITEMS} WHERE user_id = ? AND slot >= ? AND slot < ?"] * n_keys)
    match = " OR ".join(["(i.slot = ? OR i.slot LIKE ? ESCAPE '\\')"] * n_keys)
    rank = " ".join(["WHEN i.slot = ? OR i.slot LIKE ? ESCAPE '\\' THEN " + str(n) for n in range(n_keys)])
    return (f"SELECT i.id AS id FROM {s.ITEMS} i WHERE i.id IN ({near}) AND {_active_sql('i', as_of)} AND ({match}) "
            f"ORDER BY CASE {rank} ELSE {n_keys} END, i.valid_from DESC, i.id DESC LIMIT ?")


def slot_search(store: Store, user: str, keys: Sequence[str], *, limit: int,
                as_of: datetime | None = None) -> list[int]:
    """Ids of the user's memories whose slot is one of ``keys`` (or under one), best first."""
    if not keys:
        return []
    pairs: list[object] = []
    ranges: list[object] = []
    for k in keys:
        pairs += [k, escape_like(k) + ".%"]
        ranges += [user, k, k + "/"]
    at = [iso(as_of), iso(as_of)] if as_of else []
    rows = store.q(slot_sql(len(keys), as_of=as_of is not None), [*ranges, *at, *pairs, *pairs, int(limit)])
    return [int(r["id"]) for r in rows]

