"""Calibrate the decision thresholds on the goldset: cosine similarity → NOOP / ADD / judge.

The write path decides a candidate against its nearest stored memory in three levels
(exact → vector → judge). At the vector level two thresholds on the cosine similarity of the
pair decide without a judge: ``cosine >= dedup_upper`` → NOOP (reinforce) and
``cosine < dedup_lower`` → ADD. Everything between is the *gray zone*, sent to the judge.

Embeddings are nearly blind to negation, numbers and dates (我喜欢猫 / 我不喜欢猫 score like
a paraphrase), so the rule fitted here is: **no CONFLICT or UPDATE pair is ever decided by
cosine alone** — the upper threshold sits above every CONFLICT/UPDATE cosine, the lower one
below all of them — and among what cosine does decide, the precision of NOOP and of ADD is
at least the target. Within those constraints the thresholds are as wide as possible (the
smallest gray zone, i.e. the fewest judge / LLM calls).

The fit is checked by stratified k-fold cross-validation (fit on k-1 folds, measure on the
held-out fold): the report gives per-class precision and recall of the cosine decision, the
gray-zone share and the count of CONFLICT/UPDATE pairs that the held-out thresholds would
have decided by cosine (should be 0). The thresholds returned are fitted on all pairs.

Thresholds are model-specific: ``--write`` stores them with ``calibrated_model``, and
:func:`memcli.settings.calibration_warning` (re-exported here) tells when the configured model is another one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from memcli.errors import BadInputError
from memcli.settings import Settings, calibration_warning  # noqa: F401 (calibration_warning re-exported)

if TYPE_CHECKING:
    import numpy as np

    from memcli.eval.formats import DecisionPair  # the goldset's reader: only `calibrate` needs it

__all__ = ["Thresholds", "calibrate", "calibration_warning", "choose_thresholds", "pair_cosines",
           "score_thresholds"]

DEFAULT_MARGIN = 0.05
RISKY = ("CONFLICT", "UPDATE")  # never decided by cosine alone
LABELS = ("NOOP", "ADD", "UPDATE", "CONFLICT")


@dataclass(frozen=True)
class Thresholds:
    """``upper``: cosine >= upper → NOOP; ``lower``: cosine < lower → ADD (cosine in [-1, 1])."""

    upper: float
    lower: float


def pair_cosines(pairs: Sequence[DecisionPair], embedder: Any, batch_size: int = 64,
                 progress: Callable[[int], None] | None = None) -> np.ndarray:
    """Cosine similarity of each pair (stored, incoming): float array (n,), in [-1, 1].

    Each distinct text is embedded once (vectors are L2-normalised, so cosine = dot product).
    """
    import numpy as np

    texts = sorted({p.stored for p in pairs} | {p.incoming for p in pairs})
    index = {t: i for i, t in enumerate(texts)}
    vecs = embedder.embed(texts, batch_size=batch_size, progress=progress)
    a = vecs[[index[p.stored] for p in pairs]]
    b = vecs[[index[p.incoming] for p in pairs]]
    return np.clip(np.einsum("ij,ij->i", a, b), -1.0, 1.0).astype(np.float64)


def pair_routes(pairs: Sequence[DecisionPair]) -> tuple[np.ndarray, np.ndarray]:
    """How the write path routes each pair before and at the cosine level (no model, no store):

    ``rule[i]``: decided without cosine thresholds — the same normalised statement (exact
    NOOP), an explicit slot comparison (:func:`memcli.write.judge.compare_slot`) or another
    subject (ADD; strictly only when the cosine is at or above ``lower``, else ADD by cosine
    anyway — the outcome is the same); ``guarded[i]``:
    :func:`memcli.write.judge.guard` objects (another subject, a polarity flip, a changed
    number/date, ...), so even a cosine above ``upper`` goes to the judge, never to NOOP.
    """
    import numpy as np

    from memcli.text import normalize
    from memcli.write.judge import compare_slot, guard, other_person
    from memcli.write.rules import analyze

    rule, guarded = np.zeros(len(pairs), dtype=bool), np.zeros(len(pairs), dtype=bool)
    for i, p in enumerate(pairs):
        if normalize(p.stored) == normalize(p.incoming):
            rule[i] = True
            continue
        new, old = analyze(p.incoming), analyze(p.stored)  # the slots remember/import fill in (enrich)
        if new.slot and compare_slot(new, old):
            rule[i] = True
            continue
        rule[i] = other_person(new, old)  # decided ADD by the subject rule, before the judge
        guarded[i] = guard(new, old) is not None
    return rule, guarded


def choose_thresholds(cos: np.ndarray, labels: Sequence[str], target_precision: float,
                      margin: float = 0.0, rule: np.ndarray | None = None,
                      guarded: np.ndarray | None = None) -> Thresholds:
    """Fit (upper, lower) on labelled cosines; see the module docstring for the rule.

    Only pairs that reach the cosine level count (``rule`` marks those decided before it, see
    :func:`pair_routes`); ``guarded`` pairs never become NOOP by cosine, so they do not bound
    ``upper`` (unless no CONFLICT/UPDATE pair is unguarded: then all bound it). upper: the
    smallest cut at least ``margin`` above every unguarded CONFLICT/UPDATE cosine where the share
    of NOOP among unguarded pairs at or above it is >= ``target_precision`` (1.0001 — NOOP never
    by cosine — if none). lower: the largest cut at least ``margin`` below every CONFLICT/UPDATE
    cosine where the share of ADD among pairs below it is >=
    ``target_precision`` (-1.0001 — ADD never by cosine — if none). Cuts lie halfway between
    neighbouring observed cosines, or exactly ``margin`` from the nearest CONFLICT/UPDATE cosine.
    """
    import numpy as np

    lab = np.asarray(labels)
    level = np.ones(len(lab), dtype=bool) if rule is None else ~np.asarray(rule, dtype=bool)
    free = level & (np.ones(len(lab), dtype=bool) if guarded is None else ~np.asarray(guarded, dtype=bool))
    risky = np.isin(lab, RISKY)
    # the guards leave few CONFLICT/UPDATE pairs unguarded; with none among the fitting pairs
    # there is no evidence where NOOP becomes safe, so every CONFLICT/UPDATE pair bounds it
    bound = risky & free if (risky & free).any() else risky & level
    hi_r = float(cos[bound].max()) if bound.any() else -np.inf
    lo_r = float(cos[risky & level].min()) if (risky & level).any() else np.inf
    u = np.unique(cos[level]) if level.any() else np.array([0.0])
    cuts = np.concatenate([(u[:-1] + u[1:]) / 2, [u[0] - 1e-6, u[-1] + 1e-6, hi_r + margin, lo_r - margin]])
    cuts = np.unique(cuts[np.isfinite(cuts)])
    is_noop, is_add = lab == "NOOP", lab == "ADD"
    upper = 1.0001
    for cut in cuts[(cuts > hi_r) & (cuts >= hi_r + margin)]:  # ascending: widest NOOP region first
        sel = free & (cos >= cut)
        if sel.any() and is_noop[sel].mean() >= target_precision:
            upper = float(cut)
            break
    lower = -1.0001
    for cut in cuts[(cuts < lo_r) & (cuts <= lo_r - margin)][::-1]:  # descending: widest ADD region first
        sel = level & (cos < cut)
        if sel.any() and is_add[sel].mean() >= target_precision:
            lower = float(cut)
            break
    lower = min(lower, upper)
    # 4 decimals, rounded away from the CONFLICT/UPDATE cosines (never across one)
    return Thresholds(upper=math.ceil(upper * 1e4) / 1e4 if upper <= 1 else upper,
                      lower=math.floor(lower * 1e4) / 1e4 if lower >= -1 else lower)


OUTCOMES = ("NOOP", "ADD", "JUDGE", "RULE")


def score_thresholds(cos: np.ndarray, labels: Sequence[str], th: Thresholds, rule: np.ndarray | None = None,
                     guarded: np.ndarray | None = None) -> dict[str, Any]:
    """What the cosine level decides at ``th``: counts, per-class precision/recall, gray share.

    ``counts[label][outcome]`` with outcome NOOP (cos >= upper, not guarded), ADD (cos < lower),
    JUDGE (the gray zone, and guarded pairs above upper) or RULE (decided before the cosine
    level: exact statement or slot comparison). ``gray_share`` = JUDGE / all pairs.
    ``risky_by_cosine``: CONFLICT/UPDATE pairs decided by cosine (the rule says 0).
    """
    import numpy as np

    lab = np.asarray(labels)
    n = len(lab)
    rule = np.zeros(n, dtype=bool) if rule is None else np.asarray(rule, dtype=bool)
    guarded = np.zeros(n, dtype=bool) if guarded is None else np.asarray(guarded, dtype=bool)
    out = np.where(rule, "RULE", np.where((cos >= th.upper) & ~guarded, "NOOP",
                                          np.where(cos < th.lower, "ADD", "JUDGE")))
    counts = {lb: {o: int(np.sum((lab == lb) & (out == o))) for o in OUTCOMES} for lb in LABELS}
    per_class = {}
    for c in ("NOOP", "ADD"):
        decided = int(np.sum(out == c))
        right = int(np.sum((out == c) & (lab == c)))
        total = int(np.sum(lab == c))
        per_class[c] = {"decided": decided, "correct": right, "precision": right / decided if decided else None,
                        "recall": right / total if total else None}
    return {
        "n": n,
        "counts": counts,
        "per_class": per_class,
        "gray_share": float(np.mean(out == "JUDGE")) if n else 0.0,
        "rule_share": float(np.mean(out == "RULE")) if n else 0.0,
        "risky_by_cosine": int(np.sum(np.isin(lab, RISKY) & np.isin(out, ("NOOP", "ADD")))),
        "conflict_as_noop": int(np.sum((lab == "CONFLICT") & (out == "NOOP"))),
    }


def _folds(labels: Sequence[str], k: int, seed: int = 7) -> list[np.ndarray]:
    """Stratified folds: indices of each label shuffled (fixed seed) and dealt round-robin."""
    import numpy as np

    rng = random.Random(seed)
    buckets: list[list[int]] = [[] for _ in range(k)]
    turn = 0
    for lb in LABELS:
        idx = [i for i, x in enumerate(labels) if x == lb]
        rng.shuffle(idx)
        for i in idx:
            buckets[turn % k].append(i)
            turn += 1
    return [np.array(sorted(b), dtype=int) for b in buckets]


def _merge(scores: list[dict[str, Any]]) -> dict[str, Any]:
    counts = {lb: {o: sum(s["counts"][lb][o] for s in scores) for o in OUTCOMES} for lb in LABELS}
    n = sum(s["n"] for s in scores)
    per_class = {}
    for c in ("NOOP", "ADD"):
        decided = sum(counts[lb][c] for lb in LABELS)
        right = counts[c][c]
        total = sum(counts[c].values())
        per_class[c] = {"decided": decided, "correct": right, "precision": right / decided if decided else None,
                        "recall": right / total if total else None}
    return {"n": n, "counts": counts, "per_class": per_class,
            "gray_share": sum(counts[lb]["JUDGE"] for lb in LABELS) / n if n else 0.0,
            "rule_share": sum(counts[lb]["RULE"] for lb in LABELS) / n if n else 0.0,
            "risky_by_cosine": sum(s["risky_by_cosine"] for s in scores),
            "conflict_as_noop": sum(s["conflict_as_noop"] for s in scores)}


def histogram(cos: np.ndarray, labels: Sequence[str], bins: int = 20) -> dict[str, Any]:
    """Counts of cosine by label in ``bins`` equal bins over [min(0, min cos), 1]."""
    import numpy as np

    lo = min(0.0, float(np.floor(cos.min() * 10) / 10)) if len(cos) else 0.0
    edges = np.linspace(lo, 1.0, bins + 1)
    lab = np.asarray(labels)
    return {"edges": [round(float(e), 4) for e in edges],
            "counts": {lb: np.histogram(cos[lab == lb], bins=edges)[0].astype(int).tolist() for lb in LABELS}}


def calibrate(settings: Settings, goldset: str | Path | None = None, *, target_precision: float = 0.95,
              folds: int = 5, margin: float = DEFAULT_MARGIN, embedder: Any = None,
              progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Fit the dedup thresholds on the goldset's decision pairs and cross-validate them.

    Args:
        settings: the model (``settings.model``) and batch size are taken from here.
        goldset: a goldset folder holding ``decisions.jsonl``, or a pairs file (default: the
            repo's goldset).
        target_precision: minimum precision of NOOP-by-cosine and ADD-by-cosine, in (0, 1].
        folds: k of the stratified k-fold cross-validation (>= 2).
        margin: cosine distance kept between each cut and the nearest CONFLICT/UPDATE cosine of
            the fitting pairs, in [0, 1) (default 0.05: the smallest that leaves no held-out
            CONFLICT/UPDATE pair decided by cosine on the shipped goldset).
        embedder: an :class:`~memcli.embed.Embedder` (default: ``get_embedder(settings.model)``).

    Returns a JSON-able dict: ``thresholds`` {upper, lower}, ``model``, ``fit`` (scores on all
    pairs), ``cv`` (held-out scores summed over folds, and each fold's thresholds),
    ``by_lang`` (fit scores per language, and the thresholds that language alone would get),
    ``histogram``, ``current`` (scores of the thresholds
    in the settings now), ``judge`` (the fitted decision judge, :func:`memcli.judge_fit.fit_judge`:
    ``params`` to load, ``cv`` and ``fit`` accuracy and confusion).

    Raises:
        BadInputError: no goldset / malformed pairs / bad parameters.
        ModelUnavailableError: the model cannot be loaded.
    """
    import numpy as np

    if not 0 < target_precision <= 1:
        raise BadInputError(f"--target-precision must be in (0, 1], got {target_precision}")
    if not 0 <= margin < 1:
        raise BadInputError(f"--margin must be in [0, 1), got {margin}")
    from memcli.eval.formats import default_goldset_dir, load_pairs

    path = Path(goldset) if goldset is not None else default_goldset_dir()
    if path.is_dir():
        path = path / "decisions.jsonl"
    if not path.exists():
        raise BadInputError(f"no goldset at {path}; pass --goldset DIR (a folder with decisions.jsonl) or a "
                            "pairs file (one decision pair a line)")
    pairs = load_pairs(path)
    labels = [str(p.label) for p in pairs]
    if folds < 2 or folds > len(pairs):
        raise BadInputError(f"--folds must be between 2 and the number of pairs ({len(pairs)}), got {folds}")
    if embedder is None:
        from memcli.embed import get_embedder

        embedder = get_embedder(settings.model)
    cos = pair_cosines(pairs, embedder, batch_size=settings.embed_batch_size, progress=progress)
    rule, guarded = pair_routes(pairs)
    th = choose_thresholds(cos, labels, target_precision, margin, rule, guarded)
    cv_scores, fold_th = [], []
    for test in _folds(labels, folds):
        train = np.setdiff1d(np.arange(len(pairs)), test)
        t = choose_thresholds(cos[train], [labels[i] for i in train], target_precision, margin, rule[train],
                              guarded[train])
        fold_th.append({"upper": t.upper, "lower": t.lower, "n_test": int(len(test))})
        cv_scores.append(score_thresholds(cos[test], [labels[i] for i in test], t, rule[test], guarded[test]))
    langs = sorted({p.lang for p in pairs if p.lang})
    by_lang = {}
    for lg in langs:
        idx = np.array([i for i, p in enumerate(pairs) if p.lang == lg])
        sub = [labels[i] for i in idx]
        own = choose_thresholds(cos[idx], sub, target_precision, margin, rule[idx], guarded[idx])
        by_lang[lg] = {**score_thresholds(cos[idx], sub, th, rule[idx], guarded[idx]),
                       "own_thresholds": {"upper": own.upper, "lower": own.lower,
                                          "gray_share": score_thresholds(cos[idx], sub, own, rule[idx],
                                                                         guarded[idx])["gray_share"]}}
    risky = cos[np.isin(labels, RISKY) & ~rule]
    from memcli.judge_fit import fit_judge

    judge = fit_judge(settings, pairs, cos, folds=folds)
    return {
        "model": settings.model,
        "goldset": str(path),
        "pairs": len(pairs),
        "label_counts": {lb: labels.count(lb) for lb in LABELS},
        "target_precision": target_precision,
        "margin": margin,
        "folds": folds,
        "thresholds": {"upper": th.upper, "lower": th.lower},
        "risky_cosine_range": [float(risky.min()), float(risky.max())] if len(risky) else None,
        "routes": {"rule": int(rule.sum()), "guarded": int(guarded.sum()), "cosine_level": int((~rule).sum())},
        "fit": score_thresholds(cos, labels, th, rule, guarded),
        "cv": {**_merge(cv_scores), "fold_thresholds": fold_th},
        "by_lang": by_lang,
        "current": {"upper": settings.dedup_upper, "lower": settings.dedup_lower,
                    "calibrated_model": settings.calibrated_model,
                    **score_thresholds(cos, labels, Thresholds(settings.dedup_upper, settings.dedup_lower), rule,
                                       guarded)},
        "histogram": histogram(cos, labels),
        "judge": judge,
    }
