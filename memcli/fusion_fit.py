"""Fit the fusion constants on the goldset's retrieval cases: leg weights per query language,
``rrf_k``, and the two dense-only relevance floors (``min_cosine``, ``min_cosine_zh``).

Why fitted: an equal-weight RRF of a strong and a weak leg lands between them (DESIGN.md:
all-MiniLM-L6-v2 + BM25 in Chinese was worse than BM25 alone), and the best weights depend on
the model and on the language. The fit runs the real retrieval once per query — every
temporary store loaded as ``memcli eval retrieval`` loads it — with both legs, no floor and
every candidate kept, and records each candidate's rank in each leg, cosine, salience and
recency. Any setting of the constants is then scored offline through the same functions the
read path uses (:func:`memcli.read.fusion.rrf_fuse`, ``final_score``, ``passes_floor``), so
a grid search costs milliseconds and gives exactly what ``retrieve`` would return.

- **Floors** first. KNN always returns neighbours; a dense-only hit (no lexical match) with
  cosine below the floor is dropped. Rule: the floor keeps ``keep`` (default 95%) of the
  relevant dense-only candidates of the fitting queries: the ``1 - keep`` quantile of their
  cosines, rounded down to 0.01. ``min_cosine_zh`` is fitted on the pairs where the query or
  the memory is Chinese, ``min_cosine`` on the English-only ones.
- **Weights and k** then, with those floors: ``w_lexical = 1`` and ``w_dense`` on a grid
  (0 = lexical only ... 10), ``rrf_k`` on a grid shared by both languages; the objective is the
  mean over queries of (recall@5 + recall@10 + MRR) / 3. Ties (common: with USE the dense leg
  alone already finds nearly every goldset memory) go as :func:`_grid` orders: score fusion,
  small k, the largest lexical weight that costs nothing on the fitting queries. LoCoMo is
  never fitted on; ``memcli eval retrieval --locomo auto`` checks the result there.
- **Cross-validation** (k folds over the queries of each language, fixed seed): fit on k-1
  folds, score the held-out fold with hybrid (fitted), dense-only and lexical-only; the report
  gives those held-out figures next to the fit on all queries, whose values are the defaults.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from memcli.errors import BadInputError
from memcli.settings import Settings

__all__ = ["Candidate", "QueryObs", "collect", "fit_fusion", "score"]

W_GRID = (0.0, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0, 1.4, 2.0, 3.0, 5.0, 10.0)  # RRF: w_dense, w_lexical = 1
WL_GRID = (0.0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5, 0.7, 1.0)  # score fusion: w_lexical, w_dense = 1
K_GRID = (1, 2, 5, 10, 20, 30, 60, 100)
LANGS = ("zh", "en")


@dataclass
class Candidate:
    id: int
    keys: list[str]
    dense_rank: int | None
    lexical_rank: int | None
    cosine: float | None
    salience: float
    recency: float
    zh: bool  # the query or the memory is Chinese: min_cosine_zh applies


@dataclass
class QueryObs:
    query: str
    lang: str
    relevant: set[str]
    tags: list[str] = field(default_factory=list)
    cands: list[Candidate] = field(default_factory=list)


def collect(settings: Settings, cases: Sequence[Any], progress: Callable[[int], None] | None = None
            ) -> list[QueryObs]:
    """Run every query of the goldset's retrieval cases once and record its candidates."""
    from memcli.eval.retrieval import EvalMemory, EvalQuery

    groups = [(c.user, [EvalMemory(m.text, m.at, [m.ref]) for m in c.memories],
               [EvalQuery(q.query, set(q.relevant), {}, list(q.tags)) for q in c.queries]) for c in cases]
    return collect_groups(settings, groups, progress)


def collect_groups(settings: Settings, groups: Sequence[tuple[str, Sequence[Any], Sequence[Any]]],
                   progress: Callable[[int], None] | None = None) -> list[QueryObs]:
    """Each group (user, EvalMemory list, EvalQuery list) in a fresh temporary store; every
    query run once with both legs, no floor and all candidates kept (``2 x candidates_per_leg``)."""
    import tempfile

    from memcli.eval.retrieval import cached_embedder, load_store, open_eval_memory
    from memcli.text import lang_of

    st = settings.model_copy(update={"min_cosine": -2.0, "min_cosine_zh": -2.0, "min_score": 0.0,
                                     "weight_dense_en": 1.0, "weight_lexical_en": 1.0,
                                     "weight_dense_zh": 1.0, "weight_lexical_zh": 1.0})
    emb = cached_embedder(st, [m.text for g in groups for m in g[1]], [q.query for g in groups for q in g[2]])
    out: list[QueryObs] = []
    with tempfile.TemporaryDirectory(prefix="memcli-fit-") as tmp:
        for n, (user, memories, queries) in enumerate(groups):
            with open_eval_memory(st, Path(tmp) / f"case-{n}.db", user, emb) as mem:
                keys_of = load_store(mem, memories)
                for q in queries:
                    qlang = lang_of(q.query)
                    hits = mem.search(q.query, limit=2 * st.candidates_per_leg, legs=("dense", "lexical"), explain=True)
                    obs = QueryObs(q.query, qlang, set(q.relevant), list(q.tags))
                    for h in hits:
                        ex = h.explain
                        obs.cands.append(Candidate(h.id, keys_of.get(h.id, []), ex.dense_rank, ex.lexical_rank,
                                                   ex.cosine, ex.salience, ex.recency,
                                                   "zh" in (qlang, lang_of(h.statement))))
                    out.append(obs)
                    if progress:
                        progress(1)
    return out


def score(obs: QueryObs, settings: Settings, legs: Sequence[str] = ("dense", "lexical"),
          w: tuple[float, float] | None = None, k: int | None = None,
          floors: tuple[float, float] | None = None, method: str | None = None) -> dict[str, float]:
    """rank_metrics of one query as ``retrieve`` would rank it with these constants
    (``w`` = (dense, lexical), ``floors`` = (min_cosine, min_cosine_zh), ``method`` = rrf |
    score; default: the settings')."""
    from memcli.eval.metrics import rank_metrics
    from memcli.read import fusion

    if w is None:
        lw = fusion.leg_weights(settings, obs.lang)
        w = (lw["dense"], lw["lexical"])
    k = settings.rrf_k if k is None else k
    floors = (settings.min_cosine, settings.min_cosine_zh) if floors is None else floors
    method = settings.fusion if method is None else method
    by_id = {c.id: c for c in obs.cands}
    rankings: dict[str, list[int]] = {}
    if "dense" in legs:
        rankings["dense"] = [c.id for c in sorted((c for c in obs.cands if c.dense_rank), key=lambda c: c.dense_rank)]
    if "lexical" in legs:
        rankings["lexical"] = [c.id for c in sorted((c for c in obs.cands if c.lexical_rank),
                                                    key=lambda c: c.lexical_rank)]
    weights = {"dense": w[0], "lexical": w[1]}
    if method == "score":
        cos = {c.id: c.cosine for c in obs.cands if c.dense_rank and c.cosine is not None}
        fused = fusion.score_fuse(rankings, cos, weights, k)
    else:
        fused = fusion.rrf_fuse(rankings, weights, k)
    scored = []
    for f in fused:
        c = by_id[f.id]
        final = fusion.final_score(f.rrf_norm, c.salience, c.recency, settings)
        if fusion.passes_floor(f, c.cosine, final, min_cosine=floors[1] if c.zh else floors[0],
                               min_score=settings.min_score):
            scored.append((final, f.id))
    scored.sort(key=lambda x: (-x[0], -x[1]))
    return rank_metrics([by_id[i].keys for _, i in scored[:10]], obs.relevant)


def _objective(m: dict[str, float]) -> float:
    return (m["recall@5"] + m["recall@10"] + m["mrr"]) / 3


def _mean(rows: list[dict[str, float]]) -> dict[str, float]:
    from memcli.eval.metrics import aggregate

    return aggregate(rows)


def fit_floors(obs: Sequence[QueryObs], keep: float) -> dict[str, float]:
    """(min_cosine, min_cosine_zh): the ``1 - keep`` quantile of the relevant dense-only cosines."""
    import numpy as np

    out = {}
    for name, zh in (("min_cosine", False), ("min_cosine_zh", True)):
        cos = [c.cosine for o in obs for c in o.cands
               if c.zh == zh and c.lexical_rank is None and c.cosine is not None and set(c.keys) & o.relevant]
        out[name] = math.floor(float(np.quantile(cos, 1 - keep)) * 100) / 100 if cos else -1.0
    return out


def _grid() -> list[tuple[str, int, tuple[float, float]]]:
    """(method, k, (w_dense, w_lexical)) in tie-break order: score fusion before RRF; within
    score fusion the smallest k (the sharpest bonus: BM25's first hits count most, where it is
    surest) and the largest lexical weight first — when the fitting queries cannot tell, keep
    as much of the leg that does not depend on the model as they allow; within RRF k nearest
    60 and weights nearest 1:1 first."""
    out = []
    for k in sorted(K_GRID):
        out += [("score", k, (1.0, wl)) for wl in sorted(WL_GRID, reverse=True)]
    for k in sorted(K_GRID, key=lambda x: (abs(math.log(x / 60)), x)):
        pairs = [(wd, 1.0) for wd in W_GRID] + [(1.0, 0.0)]
        pairs.sort(key=lambda p: (abs(math.log((p[0] + 1e-3) / (p[1] + 1e-3))), p))
        out += [("rrf", k, p) for p in pairs]
    return out


def _consts(st: Settings) -> dict[str, Any]:
    """The fusion constants of ``st`` as :meth:`memcli.fusion_batch.Batch.metrics` takes them."""
    return {"method": st.fusion, "k": st.rrf_k, "floors": (st.min_cosine, st.min_cosine_zh),
            "w": {"zh": (st.weight_dense_zh, st.weight_lexical_zh), "en": (st.weight_dense_en, st.weight_lexical_en)},
            "weight_salience": st.weight_salience, "weight_recency": st.weight_recency, "min_score": st.min_score}


class _Fitter:
    """The grid search over one :class:`~memcli.fusion_batch.Batch`; each grid point's per-query
    objective is computed once per floors and reused by every fold."""

    def __init__(self, batch: Any, settings: Settings) -> None:
        self.batch, self.settings = batch, settings
        self.cache: dict[tuple[Any, ...], Any] = {}

    def objective(self, method: str, k: int, p: tuple[float, float], floors: tuple[float, float]) -> Any:
        key = (method, k, p, floors)
        if key not in self.cache:
            st = self.settings
            m = self.batch.metrics(legs=("dense", "lexical"), method=method, k=k, w={"zh": p, "en": p},
                                   floors=floors, weight_salience=st.weight_salience,
                                   weight_recency=st.weight_recency, min_score=st.min_score)
            self.cache[key] = (m["recall@5"] + m["recall@10"] + m["mrr"]) / 3
        return self.cache[key]

    def fit(self, idx: Any, floors: tuple[float, float]) -> tuple[str, int, dict[str, tuple[float, float]], float]:
        import numpy as np

        by_lang = {lg: idx[self.batch.lang[idx] == lg] for lg in LANGS}
        grid = _grid()
        best: tuple[float, str, int, dict[str, tuple[float, float]]] | None = None
        for method, k in dict.fromkeys((m, kk) for m, kk, _ in grid):
            pairs = [p for m, kk, p in grid if (m, kk) == (method, k)]
            chosen, total = {}, 0.0
            for lg in LANGS:
                sel = by_lang[lg]
                if not len(sel):
                    chosen[lg] = pairs[0]
                    continue
                vals = [float(np.sum(self.objective(method, k, p, floors)[sel])) for p in pairs]
                top = max(range(len(pairs)), key=lambda i: (round(vals[i], 9), -i))
                chosen[lg] = pairs[top]
                total += vals[top]
            if best is None or total > best[0] + 1e-9:
                best = (total, method, k, chosen)
        assert best is not None
        return best[1], best[2], best[3], best[0] / max(1, len(idx))


def fit_weights(obs: Sequence[QueryObs], settings: Settings, floors: tuple[float, float]
                ) -> tuple[str, int, dict[str, tuple[float, float]], float]:
    """Best (method, rrf_k, {lang: (w_dense, w_lexical)}, objective) on ``obs`` over the grid;
    method and k are shared by both languages, the weights are per language."""
    import numpy as np

    from memcli.fusion_batch import Batch

    return _Fitter(Batch(obs), settings).fit(np.arange(len(obs)), floors)


def _apply(settings: Settings, method: str, k: int, w: dict[str, tuple[float, float]],
           floors: dict[str, float]) -> Settings:
    return settings.model_copy(update={
        "fusion": method, "rrf_k": k, "weight_dense_zh": w["zh"][0], "weight_lexical_zh": w["zh"][1],
        "weight_dense_en": w["en"][0], "weight_lexical_en": w["en"][1], **floors})


MODES = {"hybrid": ("dense", "lexical"), "dense": ("dense",), "lexical": ("lexical",)}


def _per_query(batch: Any, st: Settings) -> dict[str, dict[str, Any]]:
    """Per-query metrics of each mode under the constants of ``st``."""
    return {mode: batch.metrics(legs=legs, **_consts(st)) for mode, legs in MODES.items()}


def _summary(per: dict[str, dict[str, Any]], batch: Any, idx: Any = None) -> dict[str, Any]:
    """{"overall": {mode: means}, "by_lang": {lang: {mode: means}}} over ``idx`` (default all)."""
    import numpy as np

    from memcli.fusion_batch import mean

    idx = np.arange(batch.n) if idx is None else idx
    return {"overall": {m: mean(v, idx) for m, v in per.items()},
            "by_lang": {lg: {m: mean(v, idx[batch.lang[idx] == lg]) for m, v in per.items()}
                        for lg in LANGS if np.any(batch.lang[idx] == lg)}}


def _folds(obs: Sequence[QueryObs], folds: int, seed: int) -> list[list[int]]:
    """Stratified by language, round robin after a seeded shuffle."""
    rng = random.Random(seed)
    buckets: list[list[int]] = [[] for _ in range(folds)]
    turn = 0
    for lg in sorted({o.lang for o in obs}):
        idx = [i for i, o in enumerate(obs) if o.lang == lg]
        rng.shuffle(idx)
        for i in idx:
            buckets[turn % folds].append(i)
            turn += 1
    return buckets


def cross_validate(settings: Settings, obs: Sequence[QueryObs], *, folds: int = 5, keep: float = 0.95,
                   seed: int = 7, batch: Any = None, fitter: Any = None) -> dict[str, Any]:
    """Out-of-fold figures: each fold's queries ranked with the constants fitted on the other folds.

    Returns ``{"per_query": {mode: {metric: array (n,)}}, "fold_values": [...]}``; modes hybrid,
    dense, lexical (the legs alone still use their fold's floors)."""
    import numpy as np

    from memcli.fusion_batch import Batch

    batch = batch or Batch(obs)
    fitter = fitter or _Fitter(batch, settings)
    oof: dict[str, dict[str, Any]] = {}
    fold_values = []
    for b in _folds(obs, folds, seed):
        test = np.array(sorted(b), dtype=int)
        train = np.array(sorted(set(range(len(obs))) - set(b)), dtype=int)
        fl = fit_floors([obs[i] for i in train], keep)
        fm, fk, fw, _ = fitter.fit(train, (fl["min_cosine"], fl["min_cosine_zh"]))
        per = _per_query(batch, _apply(settings, fm, fk, fw, fl))
        for mode, metrics in per.items():
            dst = oof.setdefault(mode, {m: np.zeros(len(obs)) for m in metrics})
            for m, v in metrics.items():
                dst[m][test] = v[test]
        fold_values.append({"fusion": fm, "rrf_k": fk, "weights": {lg: list(v) for lg, v in fw.items()}, **fl,
                            "n_test": len(b)})
    return {"per_query": oof, "fold_values": fold_values}


def fit_fusion(settings: Settings, obs: Sequence[QueryObs], *, folds: int = 5, keep: float = 0.95,
               seed: int = 7) -> dict[str, Any]:
    """Fit on all queries and cross-validate; see the module docstring. JSON-able report:
    ``values`` (the settings to store), ``fit`` / ``cv`` (hybrid, dense, lexical; overall
    and ``by_lang``), ``baseline`` (equal weights, k = 60, same floors), ``folds``."""
    import numpy as np

    from memcli.fusion_batch import Batch

    if not 0 < keep <= 1:
        raise BadInputError(f"--keep must be in (0, 1], got {keep}")
    if len(obs) < folds or folds < 2:
        raise BadInputError(f"fusion fit needs at least {max(2, folds)} retrieval queries (got {len(obs)})")
    batch = Batch(obs)
    fitter = _Fitter(batch, settings)
    floors = fit_floors(obs, keep)
    method, k, w, _ = fitter.fit(np.arange(len(obs)), (floors["min_cosine"], floors["min_cosine_zh"]))
    fitted = _apply(settings, method, k, w, floors)
    cv = cross_validate(settings, obs, folds=folds, keep=keep, seed=seed, batch=batch, fitter=fitter)
    base = settings.model_copy(update={"fusion": "rrf", "rrf_k": 60, "weight_dense_zh": 1.0, "weight_lexical_zh": 1.0,
                                       "weight_dense_en": 1.0, "weight_lexical_en": 1.0, **floors})
    base_sum = _summary({"hybrid": batch.metrics(legs=("dense", "lexical"), **_consts(base))}, batch)
    values = {"fusion": method, "rrf_k": k, "weight_dense_zh": w["zh"][0], "weight_lexical_zh": w["zh"][1],
              "weight_dense_en": w["en"][0], "weight_lexical_en": w["en"][1], **floors}
    return {
        "queries": len(obs), "by_lang_queries": {lg: sum(o.lang == lg for o in obs) for lg in LANGS},
        "objective": "mean of (recall@5 + recall@10 + mrr) / 3", "keep": keep, "folds": folds,
        "grid": {"rrf: w_dense (w_lexical = 1; also 1/0)": list(W_GRID),
                 "score: w_lexical (w_dense = 1)": list(WL_GRID), "k": list(K_GRID)},
        "values": values,
        "fit": _summary(_per_query(batch, fitted), batch),
        "cv": {**_summary(cv["per_query"], batch), "fold_values": cv["fold_values"]},
        "baseline_equal_rrf60": {"overall": base_sum["overall"]["hybrid"],
                                 "by_lang": {lg: v["hybrid"] for lg, v in base_sum["by_lang"].items()}},
        "current": {"values": {key: getattr(settings, key) for key in values},
                    "overall": _summary(_per_query(batch, settings), batch)["overall"]},
    }


def out_of_fold(settings: Settings, cases: Sequence[Any], *, folds: int = 5, keep: float = 0.95, seed: int = 7,
                progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """``memcli eval retrieval`` on the goldset with hybrid scored out of fold: every query run once
    (:func:`collect`), then ranked with fusion constants fitted on the other folds' queries only.

    Returns ``{"cases", "queries", "memories", "model", "folds", "modes", "overall": {mode: {recall@1/5/10,
    hit@1/5/10, mrr, n}}, "by_lang", "by_tag", "fold_values"}``; modes ``hybrid`` (out of fold), ``dense``
    and ``lexical`` (each leg alone, its floor fitted out of fold) and ``hybrid_configured`` (the
    configured constants — in-sample when they were fitted on these same queries)."""
    import numpy as np

    from memcli.fusion_batch import Batch, mean

    obs = collect(settings, cases, progress=progress)
    if len(obs) < folds or folds < 2:
        raise BadInputError(f"cross-validation needs at least {max(2, folds)} retrieval queries (got {len(obs)})")
    batch = Batch(obs)
    cv = cross_validate(settings, obs, folds=folds, keep=keep, seed=seed, batch=batch)
    per = {**cv["per_query"], "hybrid_configured": _per_query(batch, settings)["hybrid"]}
    out = _summary(per, batch)
    tags = sorted({t for o in obs for t in o.tags})
    out["by_tag"] = {t: {m: mean(v, np.array([i for i, o in enumerate(obs) if t in o.tags])) for m, v in per.items()}
                     for t in tags}
    return {"cases": len(cases), "queries": len(obs), "memories": sum(len(c.memories) for c in cases),
            "model": settings.model, "folds": folds, "modes": list(per), **out, "fold_values": cv["fold_values"]}
