"""Fit the decision judge on labelled pairs: multinomial logistic regression over pair features.

The offline decision between ADD / NOOP / UPDATE / CONFLICT for a candidate and a stored
memory is a classifier over :func:`memcli.write.pair_features.pair_features` — the cosine
similarity, the lexical overlaps and every rule check of :mod:`memcli.write.judge` as a flag.
It is fitted here (softmax regression, L2-regularised, features standardised; numpy only) on
``goldset/decisions.jsonl`` and checked by grouped k-fold cross-validation: all pairs that share
a stored statement fall in the same fold, so a held-out fold holds facts the fit never saw.

Two acceptance floors make the fitted judge cautious in the direction the design asks for
(when unsure, ADD — two active facts are recoverable, a lost one is not):

- ``min_prob[c]``: a pair is decided ``c`` (NOOP / UPDATE / CONFLICT) only when the
  probability of ``c`` is the largest and at least ``min_prob[c]``; else ADD;
- the NOOP floor is raised above every CONFLICT/UPDATE pair of the fit that would otherwise
  be merged (no contradiction or refinement is reinforced away), plus ``margin``.

The result is model-specific (the cosine feature is): :func:`fit_judge` returns the weights
with the model name; ``bench/refit_profiles.py --write`` stores the shipped ones in
``memcli/write/judge_weights.json``, ``memcli calibrate --write`` a user's in the config folder.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from memcli.eval.formats import DecisionPair
from memcli.settings import Settings
from memcli.write.fitted import softmax_proba
from memcli.write.pair_features import LABELS

__all__ = ["LABELS", "fit_judge", "fit_softmax", "pair_matrix", "predict_proba"]

#: L2 strength (on standardised features, per pair), loss weight of CONFLICT/UPDATE pairs and
#: the gradient-descent schedule (L2 and RISKY_WEIGHT chosen by grouped 5-fold CV accuracy on the
#: shipped goldset; issue 21's 1183 pairs, USE: L2 0.3 / 1 / 3 x weight 2 → CV 0.878 / 0.876 / 0.872,
#: weight 1 → 0.870 / 0.867 / 0.862; see docs/decisions.md)
L2 = 0.3
RISKY_WEIGHT = 2.0
ITERATIONS = 1500
STEP = 0.5
#: probability floors of the non-ADD classes before the NOOP floor is raised (see module doc).
#: CONFLICT/UPDATE hide a memory, so they must be clearly the likeliest: on the shipped goldset
#: (grouped 5-fold CV) floors of 0.45 / 0.55 / 0.65 give accuracy 0.872 / 0.869 / 0.871 but
#: hide 28 / 21 / 12 ADD pairs — the highest floor, since a hidden fact is the costlier error
#: Hiding a memory whose strong slot differs (like.香菜 / like.粤菜) needs p >= 0.9 (same CV accuracy,
#: one hidden ADD pair fewer); with one strong slot only (residence / event.…) 0.65 — a stricter
#: floor there (0.8 / 0.9) costs 0.8 / 1.5 points of CV accuracy and spares no ADD pair.
#: The guard reading two subjects (我每天早上喝咖啡 / 我咖啡不加糖: thing:咖啡 vs me) needs 0.9 too:
#: 162 of 173 such goldset pairs are ADD; CV accuracy 0.876 → 0.875.
#: Nothing in common (no content unit, no slot, < 10% character pairs): 0.9 as well (CV 0.875 →
#: 0.871, one hidden ADD pair fewer; these are the pairs where the classifier extrapolates).
BASE_MIN_PROB = {"NOOP": 0.5, "UPDATE": 0.65, "CONFLICT": 0.65, "other_slot": 0.9, "mixed_slot": 0.65,
                 "other_subject": 0.9, "nothing_shared": 0.9, "sure_one_fact": 0.15, "one_fact_hide": 0.5}
#: Where the judge is sure the two are one fact (p(ADD) < 0.15) an UPDATE/CONFLICT needs only 0.5 (it
#: outweighs the rest) instead of 0.65, the stricter floors untouched (issue 21: grouped CV 0.911 → 0.917,
#: the same 15 ADD pairs hidden, no CONFLICT/UPDATE merged more; p(ADD) < 0.05 / 0.25: CV 0.914 / 0.917).
NOOP_MARGIN = 0.02
#: the hard guard's floor (:func:`memcli.write.judge.hard_guard`): CONFLICT/UPDATE between statements
#: without a shared strong slot and content overlap under HIDE_OVERLAP need a cosine at or above the
#: HIDE_QUANTILE quantile of the cosines of such goldset CONFLICT/UPDATE pairs (fitted per model). The
#: lowest one is no bound at all: on the 1183-pair goldset a few true contradictions that share no word
#: (an Arsenal fan / supports Chelsea) sit at USE cosine 0.31-0.37, among unrelated chat (0.2-0.45);
#: the 10% quantile (USE ≈ 0.40) gives up 5 of those 50 pairs (stored beside, not hidden) and stops
#: the UPDATE p=0.99 at overlap 0.11 / cosine 0.32 between two chat turns the property test met.
HIDE_OVERLAP = 0.15
HIDE_QUANTILE = 0.1


def fit_hide_floor(x: np.ndarray, y: np.ndarray) -> dict[str, float]:
    """The hard guard's floor ``{"hide_overlap", "hide_cosine"}`` from feature rows ``x`` (n, d) and
    labels ``y`` (n,): the :data:`HIDE_QUANTILE` quantile of the cosines of the CONFLICT/UPDATE pairs
    that have no shared strong slot and content overlap under :data:`HIDE_OVERLAP` (none such: the
    lowest cosine of all pairs)."""
    from memcli.write.pair_features import FEATURES

    risky = np.isin(y, (LABELS.index("UPDATE"), LABELS.index("CONFLICT")))
    bare = risky & (x[:, FEATURES.index("same_strong_slot")] == 0) & (x[:, FEATURES.index("jaccard")] < HIDE_OVERLAP)
    if not bare.any():
        return {"hide_overlap": HIDE_OVERLAP, "hide_cosine": round(float(x[:, FEATURES.index("cos")].min()), 4)}
    return {"hide_overlap": HIDE_OVERLAP,
            "hide_cosine": round(float(np.quantile(x[bare, FEATURES.index("cos")], HIDE_QUANTILE)), 4)}


def pair_matrix(pairs: Sequence[DecisionPair], cos: np.ndarray) -> np.ndarray:
    """Feature matrix (n, len(FEATURES)) of ``pairs`` (incoming vs stored) given their cosines.

    Slots are what ``remember``/``import`` fill in (the rules), as in the write path.
    """
    from memcli.write.judge import facts_of
    from memcli.write.pair_features import pair_features

    rows = [pair_features(facts_of(p.incoming), facts_of(p.stored), float(c)) for p, c in zip(pairs, cos, strict=True)]
    return np.vstack(rows)


def fit_softmax(x: np.ndarray, y: np.ndarray, l2: float = L2, iterations: int = ITERATIONS,
                risky_weight: float = RISKY_WEIGHT) -> dict[str, Any]:
    """Softmax regression by full-batch gradient descent on standardised ``x``.

    ``x``: (n, d) float; ``y``: (n,) int class index into :data:`LABELS`; ``risky_weight``:
    loss weight of CONFLICT/UPDATE pairs (> 1 pushes them away from NOOP and ADD). Returns
    ``{"mean", "scale", "weights" (d, 4), "bias" (4)}`` as lists (JSON-able).
    """
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = (x - mean) / scale
    n, d = z.shape
    w, b = np.zeros((d, len(LABELS))), np.zeros(len(LABELS))
    onehot = np.eye(len(LABELS))[y]
    sw = np.where(y >= 2, risky_weight, 1.0)[:, None]
    sw = sw / sw.mean()
    ones, zeros = np.ones(d), np.zeros(d)
    for _ in range(iterations):
        g = (softmax_proba(z, zeros, ones, w, b) - onehot) * sw
        w -= STEP * (z.T @ g / n + l2 * w / n)
        b -= STEP * g.mean(axis=0)
    return {"mean": mean.round(6).tolist(), "scale": scale.round(6).tolist(), "weights": w.round(6).tolist(),
            "bias": b.round(6).tolist()}


def predict_proba(params: dict[str, Any], x: np.ndarray) -> np.ndarray:
    """Class probabilities (n, 4) in :data:`LABELS` order for feature rows ``x`` (n, d)."""
    return softmax_proba(x, np.asarray(params["mean"]), np.asarray(params["scale"]), np.asarray(params["weights"]),
                         np.asarray(params["bias"]))


def decide_rows(prob: np.ndarray, x: np.ndarray, min_prob: dict[str, float]) -> np.ndarray:
    """Class index per row; see :func:`memcli.write.row_classes.decide_classes`."""
    from memcli.write.row_classes import decide_classes

    return decide_classes(prob, x, min_prob)


def choose_min_prob(prob: np.ndarray, y: np.ndarray, x: np.ndarray) -> dict[str, float]:
    """Floors: :data:`BASE_MIN_PROB`, the NOOP one raised above every CONFLICT/UPDATE pair the
    fit would otherwise merge (its NOOP probability + :data:`NOOP_MARGIN`, at most 0.99)."""
    floors = {**BASE_MIN_PROB, **fit_hide_floor(x, y)}
    for _ in range(len(y)):  # raise until no CONFLICT/UPDATE pair of the fit is decided NOOP
        pred = decide_rows(prob, x, floors)
        risky = np.isin(y, (LABELS.index("UPDATE"), LABELS.index("CONFLICT"))) & (pred == 1)
        if not risky.any() or floors["NOOP"] >= 0.99:
            break
        floors["NOOP"] = round(min(0.99, float(prob[risky, 1].max()) + NOOP_MARGIN), 4)
    return floors


def _group_folds(groups: Sequence[str], k: int, seed: int = 11) -> np.ndarray:
    """Fold index per pair; pairs with the same group (stored statement) share a fold."""
    rng = np.random.default_rng(seed)
    uniq = sorted(set(groups))
    order = rng.permutation(len(uniq))
    fold_of = {uniq[j]: i % k for i, j in enumerate(order)}
    return np.array([fold_of[g] for g in groups])


def _score(y: np.ndarray, pred: np.ndarray, langs: Sequence[str]) -> dict[str, Any]:
    conf = {g: {p: int(np.sum((y == i) & (pred == j))) for j, p in enumerate(LABELS)} for i, g in enumerate(LABELS)}
    lang = np.asarray(langs)
    return {"n": int(len(y)), "accuracy": round(float(np.mean(y == pred)), 4) if len(y) else None,
            "confusion": conf,
            "risky_as_noop": int(np.sum(np.isin(y, (2, 3)) & (pred == 1))),
            "by_lang": {lg: round(float(np.mean(y[lang == lg] == pred[lang == lg])), 4)
                        for lg in sorted(set(langs)) if lg}}


def fit_judge(settings: Settings, pairs: Sequence[DecisionPair], cos: np.ndarray, *, folds: int = 5,
              l2: float = L2, risky_weight: float = RISKY_WEIGHT,
              progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Fit the judge on ``pairs`` with cosines ``cos`` (n,) under ``settings.model``.

    Returns a JSON-able dict: ``params`` (what :class:`memcli.write.fitted.FittedJudge` loads:
    model, features, mean, scale, weights, bias, min_prob, pairs), ``cv`` (held-out accuracy,
    confusion, risky_as_noop = CONFLICT/UPDATE pairs merged, per language; each fold fitted
    with its own floors) and ``fit`` (the same on all pairs with the final weights).
    """
    from memcli.write.pair_features import FEATURES

    x = pair_matrix(pairs, cos)
    if progress:
        progress(len(pairs))
    y = np.array([LABELS.index(str(p.label)) for p in pairs])
    langs = [p.lang or "" for p in pairs]
    fold = _group_folds([p.stored for p in pairs], folds)
    pred = np.zeros(len(y), dtype=int)
    for k in range(folds):
        tr, te = fold != k, fold == k
        params = fit_softmax(x[tr], y[tr], l2, risky_weight=risky_weight)
        floors = choose_min_prob(predict_proba(params, x[tr]), y[tr], x[tr])
        pred[te] = decide_rows(predict_proba(params, x[te]), x[te], floors)
    params = fit_softmax(x, y, l2, risky_weight=risky_weight)
    prob = predict_proba(params, x)
    floors = choose_min_prob(prob, y, x)
    params.update({"model": settings.model, "features": list(FEATURES), "labels": list(LABELS),
                   "min_prob": floors, "pairs": len(pairs), "l2": l2})
    return {"params": params, "cv": {"folds": folds, **_score(y, pred, langs)},
            "fit": _score(y, decide_rows(prob, x, floors), langs)}


def render_weights(weights: dict[str, dict[str, Any]]) -> str:
    """Text of ``memcli/write/judge_weights.json`` holding ``weights`` (model → params)."""
    import json

    return json.dumps(weights, indent=1, sort_keys=True) + "\n"
