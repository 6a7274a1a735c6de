"""The lexical leg: FTS5 BM25 over jieba tokens, plus LIKE variants for what tokens miss.

Full-text side: the index holds jieba ``cut_for_search`` tokens, so the query is tokenised
the same way (:func:`memcli.read.tokens.query_tokens`, stopwords dropped) and handed to the
store (:meth:`~memcli.db.store.MemoryStore.fts_search`), which quotes every token so user text
such as ``multi-agent``, ``a:b``, ``"x``, ``NEAR(``, ``AND`` never reaches FTS5 as syntax
(:func:`memcli.db.search.fts_query`). Ranking: ``bm25()`` (lower is better; Robertson & Zaragoza).

LIKE side (:func:`like_variants`): substring patterns over ``memory_items.statement`` for
what tokenisation misses — a 2-character Chinese word cut differently in the memory (加糖 in
不加糖 → 不/加糖, or 糖 alone), mixed Chinese/Latin runs (``Python开发``), digit runs
(``2024``, ``3月5号``), partial Latin words (``coff`` → coffee) and an English word's other forms (its stem:
``experiment`` of experimentation finds experimenting); the store escapes ``%``,
``_`` and the escape character. Each match scores the summed length of the variants it contains;
LIKE-only hits must match at least ``min(2, longest variant)`` characters, so one common
character (不) alone never pulls a memory in.

The leg's ranking is: FTS hits by BM25, then LIKE-only hits by LIKE score. The SQL (and its
builders, testable as text) is in :mod:`memcli.db.search`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from memcli.db.store import MemoryStore
from memcli.relazy import NON_ASCII, holding, lazy
from memcli.text import word_form

__all__ = ["LexicalHit", "like_variants", "lexical_leg", "MAX_LIKE_VARIANTS", "MIN_STEM_VARIANT"]

MAX_LIKE_VARIANTS = 12
MAX_VARIANT_CHARS = 32
#: the fewest letters of an English word's stem added as a LIKE variant of its own (a shorter one, do of doing,
#: starts too many words)
MIN_STEM_VARIANT = 4

_CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_HAS_CJK = re.compile(f"[{_CJK}]")
_LATIN = re.compile(r"[A-Za-z]+")
_CJK_TAIL = lazy(f"[{_CJK}]{{1,2}}$", gate=NON_ASCII)
_CJK_HEAD = lazy(f"[{_CJK}]{{1,2}}", gate=NON_ASCII)
_DIGIT_CHAIN = lazy(f"[0-9]+(?:[{_CJK}][0-9]+)*[{_CJK}]?", gate=holding(*"0123456789"))  # ~2 ms to compile


@dataclass(frozen=True)
class LexicalHit:
    """One lexical candidate: item id, BM25 (None for LIKE-only hits) and LIKE score."""

    id: int
    bm25: float | None
    like_score: int


def like_variants(query: str, tokens: list[str]) -> list[str]:
    """Substrings to look for with LIKE (unescaped), longest first, at most MAX_LIKE_VARIANTS.

    - Chinese tokens of any length (糖, 加糖) and digit runs of 2+ (2024);
    - Latin tokens of 3+ characters, matched as substrings (partial words);
    - an English word's Snowball stem of :data:`MIN_STEM_VARIANT`+ letters (:func:`memcli.text.word_form`) when
      it differs from the word, so the word's other forms match where a word starts (round 37: experimentation →
      experiment finds "experimenting", paintings → paint finds "painted"; the full-text side meets only the forms
      of one stem, and Snowball gives experimenting the stem experi);
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
            if len(stem := word_form(t.casefold())) >= MIN_STEM_VARIANT:  # round 37: experimentation → experiment
                add(stem)
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


def lexical_leg(store: MemoryStore, user: str, query: str, tokens: list[str], *, limit: int,
                as_of: datetime | None = None) -> list[LexicalHit]:
    """Run full text + LIKE for one user; return the leg's ranking, best first (at most ``limit``).

    ``tokens``: the query's search tokens, stopwords dropped. Empty tokens and no variants
    → []. ``as_of``: rows believed true at that world time instead of active rows.
    """
    hits = [LexicalHit(i, bm25, 0) for i, bm25 in store.fts_search(user, tokens, limit=limit, as_of=as_of)]
    seen = {h.id for h in hits}
    variants = like_variants(query, tokens)
    if variants:  # the store bounds the scan (SQLite: the FTS candidates by id + the newest rows)
        floor = min(2, max(len(v) for v in variants))
        like = dict(store.like_search(user, variants, min_score=floor, limit=limit, as_of=as_of))
        scores = store.like_scores(user, variants, list(seen))
        hits = [LexicalHit(h.id, h.bm25, scores.get(h.id, 0)) for h in hits]
        hits += [LexicalHit(i, None, sc) for i, sc in like.items() if i not in seen]
    return hits[:limit]
