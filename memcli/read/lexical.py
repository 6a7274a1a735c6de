"""The lexical leg: FTS5 BM25 over jieba tokens, plus LIKE variants for what tokens miss.

FTS5 side: the index holds jieba ``cut_for_search`` tokens (space-joined, unicode61), so the
query is tokenised the same way (:func:`memcli.read.tokens.query_tokens`, stopwords dropped),
every token is double-quoted with inner ``"`` doubled and the tokens are OR-joined
(:func:`fts_query`). User text such as ``multi-agent``, ``a:b``, ``"x``, ``NEAR(``, ``AND``
never reaches FTS5 as syntax. Ranking: ``bm25()`` (lower is better; Robertson & Zaragoza).

LIKE side (:func:`like_variants`): substring patterns over ``memory_items.statement`` for
what tokenisation misses — a 2-character Chinese word cut differently in the memory (加糖 in
不加糖 → 不/加糖, or 糖 alone), mixed Chinese/Latin runs (``Python开发``), digit runs
(``2024``, ``3月5号``) and partial Latin words (``coff`` → coffee). ``%``, ``_`` and the escape
character are escaped. Each match scores the summed length of the variants it contains;
LIKE-only hits must match at least ``min(2, longest variant)`` characters, so one common
character (不) alone never pulls a memory in.

The leg's ranking is: FTS hits by BM25, then LIKE-only hits by LIKE score. SQL builders
(``*_sql``) are separate from the runners, so the SQL can be tested as text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from memcli.db import bounded
from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.governance.validity import as_of_sql
from memcli.timeutil import iso

__all__ = ["LexicalHit", "fts_query", "fts_sql", "like_sql", "like_variants", "escape_like", "lexical_leg",
           "MAX_QUERY_TOKENS", "MAX_LIKE_VARIANTS"]

MAX_QUERY_TOKENS = 64  # distinct tokens sent to FTS5 (a 10,000-char query stays cheap)
MAX_LIKE_VARIANTS = 12
MAX_VARIANT_CHARS = 32

_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_HAS_CJK = re.compile(f"[{_CJK}]")
_LATIN = re.compile(r"[A-Za-z]+")
_CJK_TAIL = re.compile(f"[{_CJK}]{{1,2}}$")
_CJK_HEAD = re.compile(f"[{_CJK}]{{1,2}}")
_DIGIT_CHAIN = re.compile(f"[0-9]+(?:[{_CJK}][0-9]+)*[{_CJK}]?")


@dataclass(frozen=True)
class LexicalHit:
    """One lexical candidate: item id, BM25 (None for LIKE-only hits) and LIKE score."""

    id: int
    bm25: float | None
    like_score: int


def fts_query(tokens: list[str]) -> str:
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


def _active_sql(alias: str, as_of: bool) -> str:
    if as_of:
        return as_of_sql(alias)
    return f"({alias}.invalid_at IS NULL AND {alias}.expired_at IS NULL)"


def fts_sql(*, as_of: bool = False) -> str:
    """SQL for the FTS5 leg. Params: (match, user, user, [T, T if as_of], limit).

    Rows: ``id``, ``bm25`` (lower = better). Active (or believed-at-T) rows of one user only;
    the join is safe here because MATCH returns every match (no k cap), the limit comes after.
    """
    return (f"SELECT {s.FTS}.rowid AS id, bm25({s.FTS}) AS bm25 FROM {s.FTS} "
            f"JOIN {s.ITEMS} i ON i.id = {s.FTS}.rowid "
            f"WHERE {s.FTS} MATCH ? AND {s.FTS}.user_id = ? AND i.user_id = ? AND {_active_sql('i', as_of)} "
            "ORDER BY bm25, id DESC LIMIT ?")


def escape_like(text: str) -> str:
    r"""Escape ``\``, ``%`` and ``_`` for ``LIKE ... ESCAPE '\'``."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def like_variants(query: str, tokens: list[str]) -> list[str]:
    """Substrings to look for with LIKE (unescaped), longest first, at most MAX_LIKE_VARIANTS.

    - Chinese tokens of any length (糖, 加糖) and digit runs of 2+ (2024);
    - Latin tokens of 3+ characters, matched as substrings (partial words);
    - a Latin word with up to 2 adjacent Chinese characters on either side (Python开发, 学Python);
    - digit chains with Chinese units (2024, 3月5号, 1949年).
    """
    out: list[str] = []

    def add(v: str) -> None:
        v = v.strip().casefold()
        if v and len(v) <= MAX_VARIANT_CHARS and v not in out:
            out.append(v)

    for t in tokens:
        if _HAS_CJK.search(t) or (t.isdigit() and len(t) >= 2) or (len(t) >= 3 and any(c.isalpha() for c in t)):
            add(t)
    for m in _LATIN.finditer(query):  # Python开发 / 学Python: the Latin word with its Chinese neighbours
        pre = _CJK_TAIL.search(query, 0, m.start())
        post = _CJK_HEAD.match(query, m.end())
        if pre:
            add(pre.group(0) + m.group(0))
        if post:
            add(m.group(0) + post.group(0))
    for d in _DIGIT_CHAIN.findall(query):  # 2024, 3月5号, 1949年
        if len(d) >= 2:
            add(d)
    out.sort(key=len, reverse=True)
    return out[:MAX_LIKE_VARIANTS]


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


def lexical_leg(store: Store, user: str, query: str, tokens: list[str], *, limit: int,
                as_of: datetime | None = None) -> list[LexicalHit]:
    """Run FTS5 + LIKE for one user; return the leg's ranking, best first (at most ``limit``).

    ``tokens``: the query's search tokens, stopwords dropped. Empty tokens and no variants
    → []. ``as_of``: rows believed true at that world time instead of active rows.
    """
    at = [iso(as_of), iso(as_of)] if as_of else []
    hits: list[LexicalHit] = []
    seen: set[int] = set()
    match = fts_query(tokens)
    if match:  # bounded: FTS5 ranks alone, then only its top rows are checked for activity
        for i, b in bounded.fts_top(store, user, match, limit=limit, at=at):
            hits.append(LexicalHit(i, b, 0))
            seen.add(i)
    variants = like_variants(query, tokens)
    if variants:  # bounded: the FTS candidates by id + the user's newest LIKE_SCAN_CAP rows
        patterns = [(f"%{escape_like(v)}%", len(v)) for v in variants]
        floor = min(2, max(len(v) for v in variants))
        like = dict(bounded.like_window(store, user, patterns, min_score=floor, limit=limit, at=at))
        scores = bounded.like_scores(store, user, patterns, list(seen))
        hits = [LexicalHit(h.id, h.bm25, scores.get(h.id, 0)) for h in hits]
        hits += [LexicalHit(i, None, sc) for i, sc in like.items() if i not in seen]
    return hits[:limit]
