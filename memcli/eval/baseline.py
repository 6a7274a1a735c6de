"""The plain raw-text baseline of the end-to-end evaluations: every utterance kept as it was
said, ranked by an equal-weight Reciprocal Rank Fusion of embedding cosine and BM25.

Nothing of memcli's read path is used (no salience, recency, floors, slot leg or leg weights),
so the figure says what storing everything and ranking it the textbook way gets on the same
questions, in the same run, with the same embedding model.

- dense leg: cosine of the query vector (``embed_queries``) with each text's vector
  (``embed``), both L2-normalised; every text is ranked.
- lexical leg: Okapi BM25 (k1 = 1.2, b = 0.75, idf = ln(1 + (N − df + 0.5) / (df + 0.5)))
  over the tokens of :func:`memcli.text.search_tokens` (jieba ``cut_for_search``, stopwords
  dropped; English words as they are written, not stemmed as the FTS index's terms are since
  issue 19: the baseline stays the plain one it was); only texts sharing a token are ranked.
- fusion: score(d) = Σ over legs 1 / (60 + rank(d)), rank 1-based; ties keep text order.

Sources: Robertson & Zaragoza 2009, "The Probabilistic Relevance Framework: BM25 and Beyond";
RRF, Cormack, Clarke & Büttcher 2009, k = 60.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = ["RRF_K", "bm25_scores", "rrf_rank"]

RRF_K = 60
K1, B = 1.2, 0.75


def bm25_scores(docs: Sequence[Sequence[str]], query: Sequence[str]) -> np.ndarray:
    """BM25 score of each tokenised doc for the tokenised query: float64 (n,), 0 where no
    query token occurs (the formula of the module docstring). Each distinct query token's term is added in the
    query's order, so the sums — and the ties of a ranking by them — do not depend on the process's hash seed."""
    n = len(docs)
    out = np.zeros(n)
    if not n or not query:
        return out
    lens = np.array([len(d) for d in docs], dtype=float)
    avg = float(lens.mean()) or 1.0
    df: Counter[str] = Counter(t for d in docs for t in set(d))
    tfs = [Counter(d) for d in docs]
    for tok in dict.fromkeys(query):  # not set(): its order, so the float sums, changed with PYTHONHASHSEED
        if not df[tok]:
            continue
        idf = math.log(1 + (n - df[tok] + 0.5) / (df[tok] + 0.5))
        for i, tf in enumerate(tfs):
            f = tf.get(tok, 0)
            if f:
                out[i] += idf * f * (K1 + 1) / (f + K1 * (1 - B + B * lens[i] / avg))
    return out


def rrf_rank(embedder: Any, texts: Sequence[str], queries: Sequence[str]) -> list[list[int]]:
    """For each query, the indices of ``texts`` best first by RRF(cosine, BM25).

    ``embedder``: any memcli :class:`~memcli.embed.Embedder` (``embed``, ``embed_queries``).
    Returns one list per query; a text found by neither leg is not listed (only possible
    when ``texts`` is empty — the dense leg ranks every text).
    """
    from memcli.text import search_tokens

    if not texts or not queries:
        return [[] for _ in queries]
    dv = np.asarray(embedder.embed(list(texts)), dtype=np.float32)
    qv = np.asarray(embedder.embed_queries(list(queries)), dtype=np.float32)
    toks = [search_tokens(t, drop_stopwords=True) for t in texts]
    out = []
    for qi, q in enumerate(queries):
        score = np.zeros(len(texts))
        cos = dv @ qv[qi]
        for rank, i in enumerate(np.argsort(-cos, kind="stable"), start=1):
            score[i] += 1 / (RRF_K + rank)
        bm = bm25_scores(toks, search_tokens(q, drop_stopwords=True))
        for rank, i in enumerate([int(i) for i in np.argsort(-bm, kind="stable") if bm[i] > 0], start=1):
            score[i] += 1 / (RRF_K + rank)
        out.append([int(i) for i in np.argsort(-score, kind="stable") if score[i] > 0])
    return out
