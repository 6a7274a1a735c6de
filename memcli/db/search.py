"""SQLite search SQL: sqlite-vec ``vec0`` KNN, FTS5 BM25 and LIKE variants (builders + runners).

Dense: filtering happens *inside* the KNN (``user_id`` is the partition key; ``active``,
``current``, ``valid_from``, ``invalid_at`` are vec0 metadata columns), never in a join
after it: a join after a KNN silently returns fewer than k rows. sqlite-vec 0.1.9 is brute
force within the partition; ``k`` is capped at 4096.

Lexical: the FTS5 index holds jieba ``cut_for_search`` tokens (space-joined, unicode61);
every query token is double-quoted with inner ``"`` doubled and the tokens are OR-joined
(:func:`fts_query`), so user text such as ``multi-agent``, ``a:b``, ``"x``, ``NEAR(``,
``AND`` never reaches FTS5 as syntax. LIKE patterns escape ``%``, ``_`` and the escape
character (:func:`escape_like`).

SQL builders (``*_sql``) are separate from the runners, so the SQL can be tested as text.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.timeutil import iso, to_epoch

if TYPE_CHECKING:
    import numpy as np

__all__ = ["K_MAX", "MAX_QUERY_TOKENS", "as_of_sql", "escape_like", "fts_query", "fts_search", "fts_sql", "knn",
           "knn_sql", "like_search", "like_sql", "neighbors", "vector_of"]

K_MAX = 4096  # sqlite-vec's cap on k
MAX_QUERY_TOKENS = 64  # distinct tokens sent to FTS5 (a 10,000-char query stays cheap)


def as_of_sql(alias: str = "") -> str:
    """SQL predicate (one ``?`` for T, ISO text, twice) for "believed true at world time T"."""
    p = f"{alias}." if alias else ""
    return f"({p}expired_at IS NULL AND {p}valid_from <= ? AND ({p}invalid_at IS NULL OR {p}invalid_at > ?))"


def _active_sql(alias: str, as_of: bool) -> str:
    if as_of:
        return as_of_sql(alias)
    return f"({alias}.invalid_at IS NULL AND {alias}.expired_at IS NULL)"


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
    """``(item_id, cosine)`` nearest first; [] when no vector table exists yet."""
    if not store.table_exists(s.VEC):
        return []
    params: list[Any] = [_blob(vector), max(1, min(int(k), K_MAX)), user]
    if as_of is not None:
        t = to_epoch(as_of)
        params += [t, t]
    return [(int(r["item_id"]), 1.0 - float(r["distance"])) for r in store.q(knn_sql(as_of=as_of is not None), params)]


def neighbors(store: Store, user: str, vector: np.ndarray, k: int) -> list[dict[str, Any]]:
    """Active KNN joined with the item rows (the join is after a KNN that already filtered)."""
    if not store.table_exists(s.VEC):
        return []
    rows = store.q(
        f"""SELECT v.item_id AS id, v.distance, i.statement, i.slot, i.valid_from, i.origin, i.confidence
            FROM (SELECT item_id, distance FROM {s.VEC}
                  WHERE embedding MATCH ? AND k = ? AND user_id = ? AND active = 1) v
            JOIN {s.ITEMS} i ON i.id = v.item_id ORDER BY v.distance""",
        (_blob(vector), max(1, min(int(k), K_MAX)), user))
    for r in rows:
        r["cosine"] = 1.0 - float(r.pop("distance"))
    return rows


def vector_of(store: Store, item_id: int) -> np.ndarray | None:
    """The stored float32 vector of one item, or None."""
    if not store.table_exists(s.VEC):
        return None
    blob = store.scalar(f"SELECT embedding FROM {s.VEC} WHERE item_id = ?", (item_id,))
    if blob is None:
        return None
    import numpy as np

    return np.frombuffer(blob, dtype="<f4")


# -- lexical ---------------------------------------------------------------------------------
def fts_query(tokens: Sequence[str]) -> str:
    """FTS5 MATCH expression: each distinct token double-quoted (``"`` doubled), OR-joined.

    Returns "" for no tokens. At most :data:`MAX_QUERY_TOKENS` tokens, first seen first.
    """
    seen: list[str] = []
    for t in tokens:
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
               as_of: datetime | None = None) -> list[tuple[int, float]]:
    """``(item_id, bm25)`` best (lowest) first; [] for no tokens."""
    match = fts_query(tokens)
    if not match:
        return []
    at = [iso(as_of), iso(as_of)] if as_of else []
    rows = store.q(fts_sql(as_of=as_of is not None), [match, user, user, *at, int(limit)])
    return [(int(r["id"]), float(r["bm25"])) for r in rows]


def escape_like(text: str) -> str:
    r"""Escape ``\``, ``%`` and ``_`` for ``LIKE ... ESCAPE '\'``."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def like_sql(n_variants: int, *, as_of: bool = False) -> str:
    """SQL for the LIKE variants. Params: (v1, len1, ..., vN, lenN, user, [T, T], min_score, limit).

    Rows: ``id``, ``like_score`` (summed length of the variants the statement contains).
    Case-insensitive for ASCII (SQLite LIKE), exact for other scripts.
    """
    if n_variants < 1:
        raise ValueError("n_variants must be >= 1")
    score = " + ".join(["(i.statement LIKE ? ESCAPE '\\') * ?"] * n_variants)
    return (f"SELECT id, like_score FROM (SELECT i.id AS id, ({score}) AS like_score FROM {s.ITEMS} i "
            f"WHERE i.user_id = ? AND {_active_sql('i', as_of)}) WHERE like_score >= ? "
            "ORDER BY like_score DESC, id DESC LIMIT ?")


def like_search(store: Store, user: str, variants: Sequence[str], *, min_score: int, limit: int,
                as_of: datetime | None = None) -> list[tuple[int, int]]:
    """``(item_id, like_score)`` best first; [] for no variants."""
    if not variants:
        return []
    params: list[object] = []
    for v in variants:
        params += [f"%{escape_like(v)}%", len(v)]
    at = [iso(as_of), iso(as_of)] if as_of else []
    rows = store.q(like_sql(len(variants), as_of=as_of is not None), [*params, user, *at, int(min_score), int(limit)])
    return [(int(r["id"]), int(r["like_score"])) for r in rows]

