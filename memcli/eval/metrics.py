"""Ranking and classification metrics (pure functions, no model, no store).

Sources: recall@k and MRR as in Manning, Raghavan & Schütze, *Introduction to Information
Retrieval* (2008), ch. 8; MRR = mean over queries of 1 / rank of the first relevant result
(0 when none is retrieved).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

__all__ = ["aggregate", "classification_report", "rank_metrics"]

KS = (1, 5, 10)


def rank_metrics(ranked: Sequence[Iterable[str]], relevant: set[str], ks: Sequence[int] = KS) -> dict[str, float]:
    """Metrics of one ranked list against its relevant ids.

    Args:
        ranked: result i (0-based rank) covers the ids ``ranked[i]`` (a memory may cover
            several evidence ids, e.g. LoCoMo dia_ids; a goldset memory covers its own ref).
        relevant: the relevant ids (non-empty).

    Returns ``recall@k`` (share of relevant ids covered by the top k, in [0, 1]), ``hit@k``
    (1.0 if any relevant id is in the top k) for each k, and ``mrr`` (1 / rank of the first
    result covering a relevant id, 0 if none).
    """
    if not relevant:
        raise ValueError("relevant must not be empty")
    out: dict[str, float] = {}
    seen: set[str] = set()
    first = 0
    covered_at: list[int] = []
    for i, ids in enumerate(ranked, start=1):
        new = set(ids) & relevant
        if new and not first:
            first = i
        seen |= new
        covered_at.append(len(seen))
    for k in ks:
        n = covered_at[min(k, len(covered_at)) - 1] if covered_at else 0
        out[f"recall@{k}"] = n / len(relevant)
        out[f"hit@{k}"] = 1.0 if first and first <= k else 0.0
    out["mrr"] = 1.0 / first if first else 0.0
    return out


def aggregate(rows: Iterable[dict[str, float]]) -> dict[str, float]:
    """Mean of each metric over queries, plus ``n`` (the number of queries)."""
    rows = list(rows)
    if not rows:
        return {"n": 0}
    keys = rows[0].keys()
    return {"n": len(rows), **{k: sum(r[k] for r in rows) / len(rows) for k in keys}}


def classification_report(gold: Sequence[str], pred: Sequence[str], labels: Sequence[str]) -> dict[str, Any]:
    """Confusion matrix ``confusion[gold][pred]``, per-class precision/recall/F1, accuracy.

    Predictions outside ``labels`` get their own column. Precision is None when a class was
    never predicted; recall None when it never occurs.
    """
    cols = list(labels) + sorted({p for p in pred} - set(labels))
    conf = {g: {p: 0 for p in cols} for g in labels}
    for g, p in zip(gold, pred, strict=True):
        conf.setdefault(g, {c: 0 for c in cols})[p] += 1
    per = {}
    for c in labels:
        tp = conf[c][c]
        predicted = sum(conf[g][c] for g in conf)
        actual = sum(conf[c].values())
        prec = tp / predicted if predicted else None
        rec = tp / actual if actual else None
        f1 = 2 * prec * rec / (prec + rec) if prec and rec else (0.0 if prec is not None and rec is not None else None)
        per[c] = {"precision": prec, "recall": rec, "f1": f1, "support": actual, "predicted": predicted}
    n = len(gold)
    return {"labels": list(labels), "columns": cols, "confusion": conf, "per_class": per,
            "accuracy": sum(1 for g, p in zip(gold, pred, strict=True) if g == p) / n if n else None, "n": n}
