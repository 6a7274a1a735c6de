"""The two search indexes on PostgreSQL: pgvector HNSW (dense) and a tsvector GIN (lexical).

Dense. ``memory_vec`` mirrors vec0: the embedding with the validity flags. Its HNSW cosine
index is partial on ``active`` rows, so an ANN scan never spends its candidates on retired
memories. pgvector 0.6.2 has no iterative scan: an HNSW scan yields at most
``hnsw.ef_search`` rows *before* the ``user_id`` filter, so on a table shared by many users it
can return fewer than k of one user's rows. :func:`knn` therefore raises ``ef_search`` with k
and, whenever fewer than k rows come back, runs the exact scan over the user's active rows
(B-tree on ``user_id``), which returns ``min(k, n)`` — never fewer because of a post-filter.
"As of T" searches are always exact (the partial index holds active rows only).

Lexical. ``memory_fts.tokens`` holds the same jieba ``cut_for_search`` tokens as SQLite's
FTS5, as lexemes (``array_to_tsvector``: no parser; English words stemmed by
:func:`memcli.text.fts_terms` in Python, on both sides, as on SQLite). The query is an OR of quoted
lexemes (:func:`tsquery_text`), so user text is never tsquery syntax. Rank: ``ts_rank`` with
normalisation 1 (divided by 1 + log of the memory's length: shorter memories first, as BM25's
length term does; there is no IDF), negated so that lower is better like FTS5's ``bm25()``.
ILIKE variants cover what tokens miss (a Latin one only where a word starts: :func:`like_term`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from memcli.db import schema as s
from memcli.db.postgres.migrations import vec_table_ddl
from memcli.db.predicates import escape_like, starts_a_word
from memcli.errors import ModelMismatchError
from memcli.timeutil import iso

if TYPE_CHECKING:
    import numpy as np

    from memcli.db.postgres.connect import PgStore

__all__ = ["EF_SEARCH_MAX", "active_rows",
           "ensure_vec_table", "escape_like", "flags", "fts_lexemes", "fts_search", "index_fts",
           "index_vector", "knn", "like_scores", "like_search", "like_term", "refresh_flags", "score_sql",
           "slot_search", "tsquery_text", "unindex"]

EF_SEARCH_MIN = 40       # pgvector's default
EF_SEARCH_MAX = 1000     # pgvector's cap
MAX_LEXEME_BYTES = 2046  # tsvector: a lexeme must be shorter than 2 KiB
MAX_QUERY_TOKENS = 64    # distinct tokens in one tsquery (as the FTS5 leg)
VEC_LOCK = 0x76656331    # advisory lock: one process creates the vector table


def ensure_vec_table(store: PgStore, dim: int, model: str) -> None:
    """Create the vector table for ``dim`` if missing and record the model in meta.

    Raises:
        ModelMismatchError: the table exists with another dimension.
    """
    if getattr(store, "_vec_dim", None) == dim:
        return
    existing = store.meta_get("embed_dim")
    if existing is not None and int(existing) != dim and store.table_exists(s.VEC):
        raise ModelMismatchError(
            f"vector table has dimension {existing} but model {model!r} gives {dim}; run `memcli reembed`")
    if existing is not None and int(existing) == dim and store.table_exists(s.VEC):
        store._vec_dim = dim  # forgotten again if the enclosing transaction rolls back (PgStore.tx)
        return
    with store.tx():
        store.x("SELECT pg_advisory_xact_lock(%s)", (VEC_LOCK,))
        if not store.table_exists(s.VEC):
            store.x(vec_table_ddl(dim), ())
        store.meta_set("embed_dim", str(dim))
        if store.meta_get("embed_model") is None:
            store.meta_set("embed_model", model)


def fts_lexemes(tokens: Sequence[str], limit: int | None = None) -> list[str]:
    """Distinct non-empty tokens that fit a tsvector lexeme, first seen first (at most ``limit``)."""
    out: list[str] = []
    for t in tokens:
        if t and t not in out and len(t.encode("utf-8", "surrogatepass")) <= MAX_LEXEME_BYTES:
            out.append(t)
            if limit is not None and len(out) >= limit:
                break
    return out


def tsquery_text(tokens: Sequence[str]) -> str:
    """A tsquery that ORs the tokens' index forms (:func:`memcli.text.fts_terms`: English words
    stemmed, as the lexemes are written) as quoted lexemes (``'`` doubled, ``\\`` escaped); "" for none."""
    from memcli.text import fts_terms

    return " | ".join("'" + t.replace("\\", "\\\\").replace("'", "''") + "'"
                      for t in fts_lexemes(fts_terms(tokens), MAX_QUERY_TOKENS))


def index_fts(store: PgStore, user_id: str, item_id: int, tokens: Sequence[str]) -> None:
    """Insert or replace an item's lexemes."""
    store.x(f"""INSERT INTO {s.FTS}(user_id, item_id, tokens) VALUES (%s, %s, array_to_tsvector(%s::text[]))
                ON CONFLICT (user_id, item_id) DO UPDATE SET tokens = excluded.tokens""",
            (user_id, item_id, fts_lexemes(tokens)))


def index_vector(store: PgStore, item: dict[str, Any], vector: np.ndarray) -> None:
    """Insert or replace the item's vector (float32, L2-normalised) with its validity flags."""
    f = flags(item)
    with store.joined_tx():
        store.use_vectors()
        store.x(f"""INSERT INTO {s.VEC}(user_id, item_id, active, current, valid_from, invalid_at, embedding)
                    VALUES (%s, %s, %s, %s, %s, %s, %s)
                    ON CONFLICT (user_id, item_id) DO UPDATE SET active = excluded.active,
                        current = excluded.current, valid_from = excluded.valid_from,
                        invalid_at = excluded.invalid_at, embedding = excluded.embedding""",
                (item["user_id"], item["id"], f["active"], f["current"], item["valid_from"],
                 item["invalid_at"], vector))


def flags(item: dict[str, Any]) -> dict[str, bool]:
    """The validity mirror of an item row: ``active`` (neither invalid nor expired) and
    ``current`` (not replaced by a newer version; :func:`memcli.db.index.is_current`)."""
    from memcli.db.index import is_current

    return {"active": item["invalid_at"] is None and item["expired_at"] is None, "current": is_current(item)}


def refresh_flags(store: PgStore, item: dict[str, Any]) -> None:
    """Re-mirror an item row's validity into the vector table."""
    if not store.table_exists(s.VEC):
        return
    f = flags(item)
    store.x(f"""UPDATE {s.VEC} SET active = %s, current = %s, valid_from = %s, invalid_at = %s
                WHERE user_id = %s AND item_id = %s""",
            (f["active"], f["current"], item["valid_from"], item["invalid_at"], item["user_id"], item["id"]))


def unindex(store: PgStore, user_id: str, item_id: int) -> None:
    """Remove an item from both indexes (purge; the foreign keys would cascade too)."""
    store.x(f"DELETE FROM {s.FTS} WHERE user_id = %s AND item_id = %s", (user_id, item_id))
    if store.table_exists(s.VEC):
        store.x(f"DELETE FROM {s.VEC} WHERE user_id = %s AND item_id = %s", (user_id, item_id))


def _ef_search(k: int) -> int:
    return max(EF_SEARCH_MIN, min(EF_SEARCH_MAX, 4 * int(k)))


def knn(store: PgStore, user: str, vector: np.ndarray, k: int, *,
        as_of: datetime | None = None) -> list[tuple[int, float]]:
    """The ``k`` nearest active (or believed-at-``as_of``) vectors of ``user``: ``(item_id,
    cosine similarity)``, nearest first; ``min(k, n)`` rows for a user with ``n`` such rows."""
    if not store.table_exists(s.VEC):
        return []
    k = max(1, int(k))
    with store.joined_tx():  # one connection: the vector type, SET LOCAL, the ANN scan and its fallback
        store.use_vectors()
        if as_of is not None:
            t = iso(as_of)
            return _rows(store.q(  # ``current`` follows memcli.db.index.is_current
                f"""WITH c AS MATERIALIZED (SELECT item_id, embedding FROM {s.VEC} WHERE user_id = %s AND current
                    AND valid_from <= %s AND (invalid_at IS NULL OR invalid_at > %s))
                    SELECT item_id, embedding <=> %s AS distance FROM c ORDER BY distance, item_id LIMIT %s""",
                (user, t, t, vector, k)))
        store.x("SELECT set_config('hnsw.ef_search', %s, true)", (str(_ef_search(k)),))
        rows = store.q(f"""SELECT item_id, embedding <=> %s AS distance FROM {s.VEC}
                           WHERE user_id = %s AND active ORDER BY embedding <=> %s LIMIT %s""",
                       (vector, user, vector, k))
        if len(rows) < k:  # the ANN scan ran out of candidates before the user filter: exact scan
            exact = store.q(f"""WITH c AS MATERIALIZED (SELECT item_id, embedding FROM {s.VEC}
                                                        WHERE user_id = %s AND active)
                                SELECT item_id, embedding <=> %s AS distance FROM c
                                ORDER BY distance, item_id LIMIT %s""", (user, vector, k))
            if len(exact) > len(rows):
                rows = exact
    return _rows(rows)


def _rows(rows: list[dict[str, Any]]) -> list[tuple[int, float]]:
    return [(int(r["item_id"]), 1.0 - float(r["distance"])) for r in rows]


def vector_of(store: PgStore, item_id: int) -> np.ndarray | None:
    """The stored embedding of one item (float32 (dim,)), or None."""
    import numpy as np

    if not store.table_exists(s.VEC):
        return None
    with store.joined_tx():
        store.use_vectors()
        v = store.scalar(f"SELECT embedding FROM {s.VEC} WHERE item_id = %s", (item_id,))
    if v is None:
        return None
    return np.asarray(v.to_numpy() if hasattr(v, "to_numpy") else v, dtype=np.float32)


FORGOTTEN = "forgotten by the user"  # memcli.db.items.FORGOTTEN


def active_rows(alias: str, as_of: datetime | None) -> tuple[str, list[Any]]:
    """Public name of :func:`_active` (the store's ``list_items(as_of=…)``)."""
    return _active(alias, as_of)


def _active(alias: str, as_of: datetime | None) -> tuple[str, list[Any]]:
    """Active rows, or rows believed true at world time ``as_of``: held at T and not replaced by
    a newer version (a forgotten memory counts by its world-time interval), as on SQLite."""
    if as_of is None:
        return f"({alias}.invalid_at IS NULL AND {alias}.expired_at IS NULL)", []
    t, p = iso(as_of), f"{alias}."
    current = (f"({p}expired_at IS NULL OR ({p}invalid_reason = '{FORGOTTEN}' AND {p}invalid_at IS NOT NULL "
               f"AND {p}expired_at >= {p}invalid_at))")
    return f"({current} AND {p}valid_from <= %s AND ({p}invalid_at IS NULL OR {p}invalid_at > %s))", [t, t]


def _kept(alias: str, as_of: datetime | None) -> tuple[str, list[Any]]:
    """:func:`_active`'s rows and the ended ones never replaced nor forgotten (``expired_at`` unset; as of T: told by
    T), as SQLite's :func:`memcli.db.predicates.kept_sql`."""
    if as_of is None:
        return f"({alias}.expired_at IS NULL)", []
    cond, at = _active(alias, as_of)
    return f"({cond} OR ({alias}.expired_at IS NULL AND {alias}.valid_from <= %s))", [*at, iso(as_of)]


def fts_search(store: PgStore, user: str, tokens: Sequence[str], *, limit: int,
               as_of: datetime | None = None, ended: bool = False) -> list[tuple[int, float]]:
    """Full-text matches of one user's active (or as-of) items: ``(id, -ts_rank)``, best first. ``ended``: also the
    ended items never replaced nor forgotten (:func:`_kept`)."""
    query = tsquery_text(tokens)
    if not query:
        return []
    cond, at = (_kept if ended else _active)("i", as_of)
    rows = store.q(
        f"""SELECT f.item_id AS id, -ts_rank(f.tokens, q.q, 1) AS rank FROM {s.FTS} f
            CROSS JOIN (SELECT %s::tsquery AS q) q
            JOIN {s.ITEMS} i ON i.user_id = f.user_id AND i.id = f.item_id
            WHERE f.user_id = %s AND f.tokens @@ q.q AND {cond}
            ORDER BY rank, id DESC LIMIT %s""", (query, user, *at, int(limit)))
    return [(int(r["id"]), float(r["rank"])) for r in rows]


def like_term(column: str, variant: str) -> tuple[str, tuple[str, ...]]:
    """``(SQL, its parameters)`` true when ``column`` holds ``variant``, as SQLite's
    :func:`memcli.db.predicates.like_term`: a variant that starts with a Latin letter matches only
    where a word starts (a case-insensitive regex with a non-letter, non-digit or the start before
    it, run only where ``ILIKE '%v%'`` holds: ``CASE`` is lazy); any other ``ILIKE '%v%'``."""
    like = f"%{escape_like(variant)}%"
    if starts_a_word(variant):
        body = "".join(c if c.isalnum() else "\\" + c for c in variant)  # ARE: \ + non-alphanumeric = that char
        return (f"(CASE WHEN {column} ILIKE %s ESCAPE '\\' THEN {column} ~* %s ELSE false END)",
                (like, f"(^|[^a-zA-Z0-9]){body}"))
    return f"({column} ILIKE %s ESCAPE '\\')", (like,)


def score_sql(variants: Sequence[str], column: str = "i.statement") -> tuple[str, list[Any]]:
    """The LIKE score of ``column`` (summed length of the variants it holds) and its parameters."""
    terms = [like_term(column, v) for v in variants]
    score = " + ".join(f"{sql}::int * %s" for sql, _ in terms)
    return score, [x for (_, params), v in zip(terms, variants, strict=True) for x in (*params, len(v))]




def like_search(store: PgStore, user: str, variants: Sequence[str], *, min_score: int, limit: int,
                as_of: datetime | None = None) -> list[tuple[int, int]]:
    """ILIKE variants (unescaped substrings): rows ``(id, score)`` where score is the summed
    length of the variants the statement contains, ``>= min_score``, best first."""
    variants = [v for v in variants if v]
    if not variants:
        return []
    score, params = score_sql(variants)
    cond, at = _active("i", as_of)
    rows = store.q(
        f"""SELECT id, like_score FROM (SELECT i.id AS id, ({score}) AS like_score FROM {s.ITEMS} i
            WHERE i.user_id = %s AND {cond}) m WHERE like_score >= %s
            ORDER BY like_score DESC, id DESC LIMIT %s""", (*params, user, *at, int(min_score), int(limit)))
    return [(int(r["id"]), int(r["like_score"])) for r in rows]


def like_scores(store: PgStore, user: str, variants: Sequence[str], ids: Sequence[int]) -> dict[int, int]:
    """The ILIKE score of each of ``ids`` (``user``'s items)."""
    variants = [v for v in variants if v]
    if not variants or not ids:
        return {}
    score, params = score_sql(variants)
    return {int(r["id"]): int(r["sc"]) for r in store.q(
        f"SELECT i.id AS id, ({score}) AS sc FROM {s.ITEMS} i WHERE i.user_id = %s AND i.id = ANY(%s)",
        (*params, user, [int(i) for i in ids]))}


def slot_search(store: PgStore, user: str, keys: Sequence[str], *, limit: int,
                as_of: datetime | None = None) -> list[int]:
    """Ids of ``user``'s active (or as-of) items whose slot is one of ``keys`` or under one
    (``allergy`` → ``allergy.peanut``): by key order, then newest valid time, then newest id.
    Candidates come from index ranges over ``(user_id, slot COLLATE "C")``: ``[key, key || '/')``."""
    keys = [k for k in keys if k]
    if not keys:
        return []
    cond, at = _active("i", as_of)
    rows = store.q(
        f"""SELECT i.id, min(k.n) AS rank, i.valid_from FROM {s.ITEMS} i
            JOIN unnest(%s::text[]) WITH ORDINALITY AS k(key, n)
              ON i.slot COLLATE "C" >= k.key AND i.slot COLLATE "C" < k.key || '/'
                 AND (i.slot = k.key OR left(i.slot, length(k.key) + 1) = k.key || '.')
            WHERE i.user_id = %s AND {cond}
            GROUP BY i.id, i.valid_from ORDER BY rank, i.valid_from DESC, i.id DESC LIMIT %s""",
        (keys, user, *at, int(limit)))
    return [int(r["id"]) for r in rows]
