"""The fusion of :mod:`memcli.read.fusion` for many queries at once (numpy), so a grid of fusion
constants can be fitted and cross-validated on hundreds of queries in seconds.

:class:`Batch` holds every query's recorded candidates (:class:`memcli.fusion_fit.QueryObs`) as
(queries, candidates) arrays; :meth:`Batch.metrics` ranks them under one setting of the constants
exactly as :func:`memcli.fusion_fit.score` does one query at a time (weighted RRF or score fusion,
salience and recency, the dense-only floor, top 10 by final score then id) and returns the
per-query metrics of :func:`memcli.eval.metrics.rank_metrics`. ``tests/test_fusion.py`` checks
that the two agree on real candidates.

Exact only when no candidate covers two relevant ids and no two candidates cover the same one
(true of the goldset, one ref per memory); :attr:`Batch.exact` says whether that holds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

__all__ = ["Batch"]

KS = (1, 5, 10)


class Batch:
    """Candidates of ``obs`` (a list of QueryObs) as arrays of shape (n queries, max candidates)."""

    def __init__(self, obs: Sequence[Any]) -> None:
        q, c = len(obs), max([len(o.cands) for o in obs] + [1])
        self.n = q
        self.lang = np.array([o.lang for o in obs])
        self.nrel = np.array([max(1, len(o.relevant)) for o in obs], dtype=float)
        self.dpos = np.zeros((q, c))  # 1-based position in the dense ranking, 0 = not found
        self.lpos = np.zeros((q, c))
        self.cos = np.full((q, c), np.nan)
        self.sal = np.zeros((q, c))
        self.rec = np.zeros((q, c))
        self.zh = np.zeros((q, c), dtype=bool)
        self.rel = np.zeros((q, c), dtype=bool)
        self.ids = np.full((q, c), -1, dtype=np.int64)
        exact = True
        for i, o in enumerate(obs):
            covered: list[str] = []
            for j, cand in enumerate(o.cands):
                self.ids[i, j] = cand.id
                self.cos[i, j] = np.nan if cand.cosine is None else cand.cosine
                self.sal[i, j], self.rec[i, j], self.zh[i, j] = cand.salience, cand.recency, cand.zh
                hit = set(cand.keys) & o.relevant
                self.rel[i, j] = bool(hit)
                covered += hit
            exact = exact and len(covered) == len(set(covered))
            for attr, pos in (("dense_rank", self.dpos), ("lexical_rank", self.lpos)):
                found = sorted((j for j, cand in enumerate(o.cands) if getattr(cand, attr)),
                               key=lambda j, a=attr, oo=o: getattr(oo.cands[j], a))
                for p, j in enumerate(found, start=1):
                    pos[i, j] = p
        self.exact = exact
        self.valid = self.ids >= 0

    def weights(self, w: dict[str, tuple[float, float]]) -> tuple[np.ndarray, np.ndarray]:
        """Per-query (w_dense, w_lexical) columns from ``{lang: (w_dense, w_lexical)}``."""
        wd = np.array([w.get(lg, (1.0, 1.0))[0] for lg in self.lang], dtype=float)[:, None]
        wl = np.array([w.get(lg, (1.0, 1.0))[1] for lg in self.lang], dtype=float)[:, None]
        return wd, wl

    def metrics(self, *, legs: Sequence[str], method: str, k: int, w: dict[str, tuple[float, float]],
                floors: tuple[float, float], weight_salience: float, weight_recency: float,
                min_score: float = 0.0) -> dict[str, np.ndarray]:
        """Per-query ``recall@k``, ``hit@k`` (k = 1, 5, 10) and ``mrr`` arrays (shape (n,)) with these
        constants: ``w`` per query language, ``floors`` = (min_cosine, min_cosine_zh)."""
        use_d, use_l = "dense" in legs, "lexical" in legs
        d, lx = self.dpos > 0, self.lpos > 0
        wd, wl = self.weights(w)
        found = self.valid & ((d & use_d) | (lx & use_l))
        with np.errstate(divide="ignore", invalid="ignore"):
            if method == "score":
                cosd = np.where(d & ~np.isnan(self.cos), self.cos, np.nan)
                has = ~np.all(np.isnan(cosd), axis=1)
                floor = np.where(has, np.nanmin(np.where(has[:, None], cosd, 0.0), axis=1), 0.0)[:, None]
                v = np.zeros_like(self.cos)
                if use_d:
                    v = v + wd * np.maximum(0.0, np.where(np.isnan(cosd), floor, cosd))
                if use_l:
                    v = v + np.where(lx, wl * (k + 1) / (k + self.lpos), 0.0)
                top = wd * use_d + wl * use_l
                norm = np.where(top > 0, np.minimum(1.0, v / top), 0.0)
            else:
                s = np.zeros_like(self.cos)
                if use_d:
                    s = s + np.where(d, wd / (k + self.dpos), 0.0)
                if use_l:
                    s = s + np.where(lx, wl / (k + self.lpos), 0.0)
                top = (wd * use_d + wl * use_l) / (k + 1)
                norm = np.where(top > 0, s / top, 0.0)
        ws, wr = min(1.0, weight_salience), min(1.0, weight_recency)
        final = np.clip(norm * (1 - ws + ws * self.sal) * (1 - wr + wr * self.rec), 0.0, 1.0)
        floor_c = np.where(self.zh, floors[1], floors[0])
        dense_only_low = ~(lx & use_l) & (np.isnan(self.cos) | (self.cos < floor_c))
        keep = found & ~dense_only_low & (final >= min_score)
        order = np.lexsort((-self.ids, -np.where(keep, final, -1.0)), axis=1)[:, :10]
        relk = np.take_along_axis(self.rel & keep, order, axis=1)
        out: dict[str, np.ndarray] = {}
        for kk in KS:
            out[f"recall@{kk}"] = relk[:, :kk].sum(axis=1) / self.nrel
            out[f"hit@{kk}"] = relk[:, :kk].any(axis=1).astype(float)
        first = np.argmax(relk, axis=1)
        out["mrr"] = np.where(relk.any(axis=1), 1.0 / (first + 1), 0.0)
        return out


def mean(m: dict[str, np.ndarray], idx: np.ndarray | None = None) -> dict[str, float]:
    """Mean of each per-query metric over ``idx`` (default: all), plus ``n``, as
    :func:`memcli.eval.metrics.aggregate` gives it."""
    sel = {k: (v if idx is None else v[idx]) for k, v in m.items()}
    n = len(next(iter(sel.values()))) if sel else 0
    if not n:
        return {"n": 0}
    order = ("recall@1", "hit@1", "recall@5", "hit@5", "recall@10", "hit@10", "mrr")
    return {"n": n, **{k: float(sel[k].mean()) for k in order}}
