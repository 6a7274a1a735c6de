"""Lexical search SQL whose cost is bounded at 100k–1M memories per user.

FTS5 (:func:`fts_top`): the query is ANDed with the user's own token in the indexed
``user_key`` column (:func:`user_match`), so FTS5 intersects posting lists instead of reading
the row of every match to compare ``user_id`` (the item check below compares it, exactly). The old
single statement joined every match to ``memory_items`` to keep active rows, then sorted:
71 ms for a two-token query at 100k (10k matches), of which BM25 itself is ~18 ms. Here the
FTS5 table ranks alone (``bm25`` over the user's matches, top ``m`` by ``bm25, rowid DESC``)
and only those ``m`` rows are checked against the item table; if fewer than ``limit`` survive
and FTS5 had more, ``m`` grows ×4 and it runs again. The result is the same as the join's:
the top ``limit`` active matches in the same order — up to :data:`FTS_RANK_CAP` matches. A
query with more matches for one user (a common token at 100k–1M memories) ranks only the newest
``FTS_RANK_CAP`` of them; older memories that only share a common word are left to the dense
leg. ``bm25()`` costs ~2-3 µs per ranked row (measured at 1M rows of one user: 34-49 ms for
20k rows, 17 ms for 5k, ~1-7 ms for 100 — the rest is its IDF walk), hence 5,000: no user of
the goldset or LoCoMo comes near it, so their results are unchanged.

LIKE variants (:func:`like_scores`, :func:`like_window`): the old statement scored every active
row of the user with up to 12 ``LIKE`` patterns (77 ms at 100k). Now LIKE scores (a) the FTS
candidates, by id, and (b) the user's newest :data:`LIKE_SCAN_CAP` active rows — the rows that
tokenisation missed are found there. A user with no more active rows than the cap gets the
same LIKE-only hits as before; beyond it, older memories are found by FTS5 and the dense leg,
not by substring. The cap is reported in ``--json`` output (``constants``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from memcli.db import schema as s

if TYPE_CHECKING:
    from memcli.db.sql import SQL as Store  # the connection's shape (no import cycle)

__all__ = ["FTS_OVERFETCH", "FTS_RANK_CAP", "LIKE_SCAN_CAP", "caps", "fts_rows", "fts_top", "like_params",
           "like_score_sql", "like_scores", "like_window", "user_dominates", "user_match", "user_token"]

FTS_OVERFETCH = 4
FTS_RANK_CAP = 5000
LIKE_SCAN_CAP = 5000
VOCAB = "memcli_fts_vocab"  # a TEMP fts5vocab table (per connection, nothing in the file)


@lru_cache(maxsize=4096)
def user_token(user_id: str) -> str:
    """The one FTS5 token that stands for a user in the indexed ``user_key`` column: ``u`` + 16
    hex digits of BLAKE2b (unicode61 would split an id such as ``a@b.c`` into several tokens). Kept per
    id (a drain asks it for every memory and episode it indexes, of a few users)."""
    import hashlib

    return "u" + hashlib.blake2b(str(user_id).encode("utf-8", "surrogatepass"), digest_size=8).hexdigest()


def user_match(user_id: str, match: str) -> str:
    """An FTS5 expression: the user's rows (doclist intersection, no row read) AND the query."""
    return f'user_key : "{user_token(user_id)}" AND tokens : ({match})'


def caps() -> dict[str, int]:
    """The bounds, for ``--json`` output (``info.constants``)."""
    return {"fts_rank_cap": FTS_RANK_CAP, "like_scan_cap": LIKE_SCAN_CAP}


def _active(alias: str, as_of: bool) -> str:
    if as_of:
        from memcli.db.predicates import as_of_sql

        return as_of_sql(alias)
    return f"({alias}.invalid_at IS NULL AND {alias}.expired_at IS NULL)"


def _varint(blob: bytes) -> int:
    """The first SQLite/FTS5 varint of ``blob`` (big-endian 7-bit groups; a 9th byte holds 8 bits)."""
    v = 0
    for i, b in enumerate(blob[:9]):
        if i == 8:
            return (v << 8) | b
        v = (v << 7) | (b & 0x7F)
        if not b & 0x80:
            return v
    raise ValueError("truncated varint")


def fts_rows(store: Store) -> int | None:
    """Rows in the FTS5 index, read from its averages record (``%_data`` rowid 1, first varint:
    FTS5 keeps it for BM25), or None when it cannot be read."""
    blob = store.scalar(f"SELECT block FROM {s.FTS}_data WHERE id = 1")
    try:
        return _varint(bytes(blob)) if blob is not None else 0
    except (TypeError, ValueError):
        return None


def user_dominates(store: Store, user: str) -> bool:
    """True when ``user`` holds at least half of the FTS5 rows (a file of one user, typically).

    Then the user's token is left out of the MATCH: FTS5's ``bm25()`` computes an IDF for every
    phrase of the query by walking each phrase's whole doclist, and the user's token matches
    every row of the user — 5-8 ms per query at 100k rows of one user, ~10× that at 1M. The
    scores are the same without it (the ``user_key`` column has weight 0; column sizes and the
    IDF of the query's tokens do not depend on the query), and the item check keeps the user's
    rows. The user's row count (an ``fts5vocab`` lookup, ~2 ms at 100k) is remembered while the
    index's row count stays the same."""
    total = fts_rows(store)
    if not total:
        return False
    memo = getattr(store, "_fts_user_rows", None)
    if memo is None:
        memo = store._fts_user_rows = {}  # type: ignore[attr-defined]
    known = memo.get(user)
    if known is None or known[0] != total:
        store.x(f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.{VOCAB} USING fts5vocab(main, {s.FTS}, 'row')")
        n = int(store.scalar(f"SELECT doc FROM temp.{VOCAB} WHERE term = ?", (user_token(user),)) or 0)
        if len(memo) > 1000:
            memo.clear()
        known = memo[user] = (total, n)
    return 2 * known[1] >= total


def fts_top(store: Store, user: str, match: str, *, limit: int, at: Sequence[str] = (),
            ended: bool = False) -> list[tuple[int, float]]:
    """``(id, bm25)`` of the user's best ``limit`` active (or believed-at, ``at`` = [T, T])
    FTS5 matches, best (lowest bm25) first, ties newest first. One statement ranks the newest
    ``FTS_RANK_CAP`` matches (FTS5 walks rowids newest first and stops there). ``ended``: also the
    ended rows never replaced (:func:`memcli.db.predicates.kept_sql`; ``at`` = [T, T, T])."""
    from memcli.db.predicates import kept_sql

    alive = kept_sql("i", bool(at)) if ended else _active("i", bool(at))
    m = max(int(limit) * FTS_OVERFETCH, 64)
    expr = f"tokens : ({match})" if user_dominates(store, user) else user_match(user, match)
    while True:
        rows = store.q(f"SELECT id, bm25 FROM (SELECT rowid AS id, bm25({s.FTS}, 1.0, 0.0, 0.0) AS bm25 "
                       f"FROM {s.FTS} WHERE {s.FTS} MATCH ? ORDER BY rowid DESC LIMIT ?) "
                       "ORDER BY bm25, id DESC LIMIT ?", (expr, FTS_RANK_CAP, m))
        if not rows:
            return []
        ids = [int(r["id"]) for r in rows]
        marks = ",".join("?" * len(ids))
        ok = {int(r["id"]) for r in store.q(
            f"SELECT i.id AS id FROM {s.ITEMS} i WHERE +i.user_id = ? AND i.id IN ({marks}) "
            f"AND {alive}", (user, *ids, *at))}
        kept = [(int(r["id"]), float(r["bm25"])) for r in rows if int(r["id"]) in ok]
        if len(kept) >= limit or len(rows) < m:
            return kept[:limit]
        m *= 4


#: ``(SQL, its parameters, len(v))`` of a LIKE variant (:func:`memcli.db.search.like_terms`)
Term = tuple[str, tuple[str, ...], int]


def like_score_sql(terms: Sequence[Term]) -> str:
    """The summed-length LIKE score of ``terms`` as one SQL expression (a ``?`` per length)."""
    return " + ".join(f"{sql} * ?" for sql, _, _ in terms)


def like_params(terms: Sequence[Term]) -> list[str | int]:
    """The parameters of :func:`like_score_sql`, in order: each term's own, then its length."""
    return [x for _, params, n in terms for x in (*params, n)]


def like_scores(store: Store, user: str, terms: Sequence[Term], ids: Sequence[int]) -> dict[int, int]:
    """LIKE score (summed length of the variants contained) of the given item ids. ``terms``:
    ``(SQL, its parameters, len(v))`` of each variant over ``i.statement``
    (:func:`memcli.db.predicates.like_term`)."""
    if not terms or not ids:
        return {}
    flat = like_params(terms)
    marks = ",".join("?" * len(ids))
    return {int(r["id"]): int(r["sc"]) for r in store.q(
        f"SELECT i.id AS id, ({like_score_sql(terms)}) AS sc FROM {s.ITEMS} i "
        f"WHERE +i.user_id = ? AND i.id IN ({marks})", (*flat, user, *ids))}


def like_window(store: Store, user: str, terms: Sequence[Term], *, min_score: int, limit: int,
                at: Sequence[str] = (), cap: int | None = None) -> list[tuple[int, int]]:
    """``(id, like_score)`` best first among the user's newest ``cap`` active (or, with ``at``,
    not-superseded) rows. ``terms``: as :func:`like_scores`."""
    if not terms:
        return []
    flat = like_params(terms)
    cap = LIKE_SCAN_CAP if cap is None else cap
    # active: the (user_id, invalid_at, expired_at) index walks the newest rows first
    window = (f"SELECT i.* FROM {s.ITEMS} i WHERE i.user_id = ? AND i.expired_at IS NULL "
              f"{'' if at else 'AND i.invalid_at IS NULL '}ORDER BY i.id DESC LIMIT ?")
    cond = f"WHERE {_active('i', True)}" if at else ""
    return [(int(r["id"]), int(r["sc"])) for r in store.q(
        f"SELECT id, sc FROM (SELECT i.id AS id, ({like_score_sql(terms)}) AS sc FROM ({window}) i {cond}) "
        "WHERE sc >= ? ORDER BY sc DESC, id DESC LIMIT ?", (*flat, user, cap, *at, min_score, limit))]
