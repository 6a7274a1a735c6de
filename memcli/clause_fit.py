"""Fit the clause model (:mod:`memcli.write.clause_model`) on labelled clause units.

Training rows (written by this project, never taken from a benchmark):

- every clause unit (:func:`memcli.write.clauses.units`) of the user utterances of
  ``goldset/extraction.jsonl``: a fact when an expected statement's content units
  (:func:`~memcli.write.rules.match.content_units`) are mostly (≥ 0.6) in it, else not;
  grouped by case id;
- every ``goldset/clauses*.jsonl``: ``{"text", "lang", "label": "fact"|"not", "group"}``.

Chatter is left out (questions, greetings, thanks, requests: the extractor never scores them,
they are no fact by rule).

Method: a two-class softmax regression over ``[embedding, signals]`` standardised, full-batch
gradient descent with L2; ``k``-fold cross-validation grouped by ``group`` (one utterance's
units share a fold), the fold of a group a stable hash of it (adding a case moves no other
case's fold), repeated over :data:`REPEATS` hash salts. A threshold per language is chosen on
the out-of-fold probabilities of all repeats pooled: the lowest that keeps the share of that
language's non-fact units kept at or under ``max_fp`` (:data:`MAX_FP`: 0.05 Chinese, 0.10
English). Reported: out-of-fold precision / recall / non-fact kept per language (repeats
pooled), and the same on the fit.

Run: ``python -m memcli.clause_fit`` (report) or ``--write`` (write
``memcli/write/clause_weights.json`` for the configured model).
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from memcli.settings import Settings, canonical_model
from memcli.write.clauses import SIGNALS, Unit, model_text, signals, units
from memcli.write.fitted import softmax_proba

__all__ = ["ClauseRow", "fit_clauses", "load_rows", "main"]

GOLDSET = Path(__file__).resolve().parent.parent / "goldset"
L2, STEP, ITERATIONS = 8.0, 0.5, 600
#: the share of a language's non-fact units the threshold may keep out of fold. English chat packs a
#: fact and a feeling into one sentence ("We adopted a cat last week and she's a handful"), so its
#: facts score lower: at 0.10 instead of 0.05 the out-of-fold English recall rises 0.943 → 0.969 for
#: precision 0.979 → 0.958, and the LoCoMo speakers' memories answer 0.219 → 0.232
#: (``memcli eval locomo-e2e``); the strict goldset figures are unchanged (docs/extraction.md).
#: Those 0.05 / 0.10 were met on one draw of the folds (thresholds 0.94 / 0.50); over ten hash-salted
#: draws pooled the same thresholds keep 6.8% / 11.2% — the point every downstream figure was measured
#: at — and 0.05 / 0.10 would move them to 0.969 / 0.578 (zh recall out of fold 0.856 → 0.811, and
#: round 17 saw 0.964 cost MemDaily 11 stored facts). So the targets now name that measured point.
MAX_FP: dict[str, float] = {"zh": 0.07, "en": 0.11}
#: grouped CVs run, one per hash salt; the threshold is chosen on their out-of-fold probabilities pooled.
#: One draw alone puts the English threshold anywhere in 0.50 – 0.76 (sd 0.078 over 50 salts), ten
#: pooled in 0.53 – 0.58 (sd 0.017); Chinese sd 0.012 → 0.005 (docs/extraction.md)
REPEATS = 10


@dataclass(frozen=True)
class ClauseRow:
    """One labelled unit: its text, language, label (1 fact, 0 not) and CV group."""

    text: str
    lang: str
    label: int
    group: str


def _covered(unit: str, expected: Sequence[str]) -> bool:
    from memcli.write.rules.match import content_units

    cu = content_units(unit)
    for e in expected:
        ce = content_units(e)
        if ce and cu and max(len(ce & cu) / len(ce), len(ce & cu) / len(cu)) >= 0.6:
            return True  # the unit holds most of the fact, or is mostly part of it
    return False


def load_rows(folder: Path = GOLDSET) -> list[ClauseRow]:
    """The labelled units of ``folder`` (see the module doc)."""
    rows: list[ClauseRow] = []
    path = folder / "extraction.jsonl"
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if not line.strip():
                continue
            case = json.loads(line)
            if case.get("role", "user") != "user":
                continue
            expected = [e["statement"] for e in case.get("expected", [])]
            for u in units(case["utterance"]):
                rows.append(ClauseRow(u.text, u.lang, int(_covered(u.text, expected)), f"x:{case['id']}"))
    for path in sorted(folder.glob("clauses*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                r = json.loads(line)
                rows.append(ClauseRow(r["text"], r.get("lang") or ("zh" if any("\u4e00" <= c <= "\u9fff" for c in
                                                                               r["text"]) else "en"),
                                      int(r["label"] == "fact"), f"c:{r.get('group', r['text'])}"))
    return [r for r in rows if not _asked(r)]  # the extractor never scores chatter (no fact by rule)


def _asked(r: ClauseRow) -> bool:
    from memcli.write.clauses import is_chatter

    return is_chatter(Unit(r.text, r.lang))


def _matrix(rows: Sequence[ClauseRow], vectors: np.ndarray) -> np.ndarray:
    sig = np.vstack([signals(Unit(r.text, r.lang)) for r in rows])
    return np.hstack([vectors.astype(np.float64), sig.astype(np.float64)])


def _fit(x: np.ndarray, y: np.ndarray, l2: float = L2) -> dict[str, Any]:
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-9] = 1.0
    z = (x - mean) / scale
    n, d = z.shape
    w, b = np.zeros((d, 2)), np.zeros(2)
    onehot = np.eye(2)[y]
    for _ in range(ITERATIONS):
        s = z @ w + b
        e = np.exp(s - s.max(axis=1, keepdims=True))
        g = e / e.sum(axis=1, keepdims=True) - onehot
        w -= STEP * (z.T @ g / n + l2 * w / n)
        b -= STEP * g.mean(axis=0)
    return {"mean": mean, "scale": scale, "weights": w, "bias": b}


def _proba(p: dict[str, Any], x: np.ndarray) -> np.ndarray:
    return softmax_proba(x, p["mean"], p["scale"], p["weights"], p["bias"])[:, 1]


def _fit_many(x: np.ndarray, y: np.ndarray, train: np.ndarray, l2: float = L2) -> np.ndarray:
    """Fact probabilities of every row under each of ``train``'s (f, n) boolean masks: fit ``f``
    is :func:`_fit` on the rows ``train[f]`` (standardised on those rows). Returns (f, n).

    All fits run in one gradient descent, two matrix products per step for all of them: the
    two-class softmax from zero weights keeps its class columns opposite (``w0 = -w1``), so
    each fit is one logistic column ``v = w1 - w0`` (twice the step on the data term), and its
    standardisation is folded into the column (``z @ v = x @ (v / scale) - (mean / scale) @ v``).
    """
    m = train.astype(np.float64).T  # (n, f)
    cnt = m.sum(axis=0)
    mean = (x.T @ m) / cnt  # (d, f)
    var = ((x * x).T @ m) / cnt - mean * mean
    scale = np.sqrt(np.clip(var, 0.0, None))
    scale[scale < 1e-9] = 1.0
    v = np.zeros_like(mean)
    c = np.zeros(m.shape[1])
    yy = y.astype(np.float64)[:, None]
    for _ in range(ITERATIONS):
        a = v / scale
        s = x @ a + (c - (mean * a).sum(axis=0))
        g = (1.0 / (1.0 + np.exp(-s)) - yy) * m  # (n, f), zero outside each fit's rows
        gs = g.sum(axis=0)
        grad = ((x.T @ g) - mean * gs) / scale / cnt
        v -= STEP * (2.0 * grad + l2 * v / cnt)
        c -= STEP * 2.0 * gs / cnt
    a = v / scale
    return (1.0 / (1.0 + np.exp(-(x @ a + (c - (mean * a).sum(axis=0)))))).T


def _folds(groups: Sequence[str], k: int, salt: int = 0) -> np.ndarray:
    """Fold index per row: a stable hash of ``salt`` and the row's group, modulo ``k``. A group's
    fold depends on nothing else, so adding or removing a group moves that group only."""
    return np.array([int.from_bytes(hashlib.blake2b(f"{salt}:{g}".encode(), digest_size=8).digest(), "big") % k
                     for g in groups])


def _threshold(prob: np.ndarray, y: np.ndarray, max_fp: float) -> float:
    """The lowest threshold (≥ 0.5) keeping ≤ ``max_fp`` of the non-fact units."""
    neg = np.sort(prob[y == 0])
    if not len(neg):
        return 0.5
    return min(0.99, max(0.5, float(neg[min(len(neg) - 1, int(np.floor(len(neg) * (1 - max_fp))))]) + 1e-6))


def _score(prob: np.ndarray, y: np.ndarray, langs: np.ndarray, t: dict[str, float]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for lang in ("zh", "en"):
        m = langs == lang
        keep = prob[m] >= t[lang]
        yy = y[m]
        tp = int((keep & (yy == 1)).sum())
        out[lang] = {"units": int(m.sum()), "facts": int((yy == 1).sum()),
                     "recall": round(tp / max(1, int((yy == 1).sum())), 4),
                     "precision": round(tp / max(1, int(keep.sum())), 4),
                     "nonfact_kept": round(int((keep & (yy == 0)).sum()) / max(1, int((yy == 0).sum())), 4)}
    return out


def _per_row(score: dict[str, Any], repeats: int) -> dict[str, Any]:
    """``score`` of the pooled repeats with its counts per row again (rates unchanged)."""
    return {lang: {**v, "units": v["units"] // repeats, "facts": v["facts"] // repeats} for lang, v in score.items()}


def fit_clauses(settings: Settings, rows: Sequence[ClauseRow], vectors: np.ndarray, *, folds: int = 5,
                max_fp: dict[str, float] | None = None, repeats: int = REPEATS) -> dict[str, Any]:
    """Fit and cross-validate. ``vectors``: (len(rows), dim) embeddings of the rows'
    :func:`~memcli.write.clauses.model_text` by
    ``settings.model``; ``max_fp``: per language, the out-of-fold share of non-fact units the
    threshold may keep (default :data:`MAX_FP`), counted over the out-of-fold probabilities of
    ``repeats`` grouped ``folds``-fold CVs pooled (one per hash salt, :func:`_folds`). Returns
    ``{"params": JSON-able weights for clause_weights.json, "cv": out-of-fold scores per language
    (all repeats pooled), "fit": in-sample scores, "threshold", "thresholds_by_salt"}``."""
    x = _matrix(rows, vectors)
    y = np.array([r.label for r in rows])
    langs = np.array([r.lang for r in rows])
    groups = [r.group for r in rows]
    fold = np.array([_folds(groups, folds, salt) for salt in range(repeats)])  # (repeats, n)
    prob = _fit_many(x, y, np.array([f != k for f in fold for k in range(folds)])).reshape(repeats, folds, -1)
    oof = np.take_along_axis(prob, fold[:, None, :], axis=1)[:, 0, :]  # (repeats, n): each row held out
    max_fp = {**MAX_FP, **(max_fp or {})}
    by_salt = [{lang: round(_threshold(o[langs == lang], y[langs == lang], max_fp[lang]), 4) for lang in ("zh", "en")}
               for o in oof]
    pooled_y, pooled_langs = np.tile(y, repeats), np.tile(langs, repeats)
    t = {lang: round(_threshold(oof.ravel()[pooled_langs == lang], pooled_y[pooled_langs == lang], max_fp[lang]), 4)
         for lang in ("zh", "en")}
    p = _fit(x, y)
    params = {"model": canonical_model(settings.model), "signals": list(SIGNALS), "dim": int(vectors.shape[1]),
              "threshold": t, "rows": len(rows), "max_fp": max_fp,
              **{k: np.asarray(v).round(6).tolist() for k, v in p.items()}}
    return {"params": params, "cv": _per_row(_score(oof.ravel(), pooled_y, pooled_langs, t), repeats),
            "fit": _score(_proba(p, x), y, langs, t), "threshold": t, "thresholds_by_salt": by_salt}


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m memcli.clause_fit [--write]``: fit on the goldset, print the report."""
    from memcli.embed import load_embedder
    from memcli.write.clause_model import WEIGHTS_FILE

    args = list(sys.argv[1:] if argv is None else argv)
    settings = Settings()
    rows = load_rows()
    emb = load_embedder(settings.model, settings.embed_backend)
    vectors = emb.embed([model_text(r.text) for r in rows], batch_size=settings.embed_batch_size)
    rep = fit_clauses(settings, rows, vectors)
    by_salt = {lang: [b[lang] for b in rep["thresholds_by_salt"]] for lang in ("zh", "en")}
    print(json.dumps({"rows": len(rows), "threshold": rep["threshold"], "thresholds_by_salt": by_salt,
                      "cv": rep["cv"], "fit": rep["fit"]}, indent=1))
    if "--write" in args:
        have = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8")) if WEIGHTS_FILE.exists() else {}
        have[rep["params"]["model"]] = rep["params"]
        WEIGHTS_FILE.write_text(json.dumps(have, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {WEIGHTS_FILE}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
