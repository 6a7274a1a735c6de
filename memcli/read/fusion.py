"""Fusion of the legs: weighted Reciprocal Rank Fusion or score fusion, then salience and recency.

Source: Reciprocal Rank Fusion, Cormack, Clarke & Büttcher 2009 (SIGIR), ``k = 60``.

For a memory ``d`` and the legs ``L`` that ran, with 1-based ranks::

    rrf(d)      = Σ_L  w_L(lang) / (k + rank_L(d))          (legs where d is absent add 0)
    rrf_norm(d) = rrf(d) / Σ_L w_L(lang) / (k + 1)          in [0, 1]; 1 = first in every leg
    final(d)    = rrf_norm(d) · (1 − w_s + w_s·salience) · (1 − w_r + w_r·recency)
    recency     = 0.5 ** (days since last confirmation / recency_half_life_days)

Leg weights are language-aware (``settings.weight_dense_zh`` etc.), chosen by
:func:`memcli.text.lang_of` of the query, and fitted per model on the goldset with ``rrf_k``
and the fusion method (``settings.fusion``: ``rrf`` above, or ``score``, see
:func:`score_fuse`) by :mod:`memcli.fusion_fit` (``memcli calibrate``): an equal-weight RRF of
a strong and a weak leg lands between them (DESIGN.md).

The third leg, ``slot`` (:mod:`memcli.read.slot_leg`), ranks the memories whose slot the
query asks about (我住在哪 → ``residence``); it runs only when such a slot is detected and
found something.

Relevance floor (:func:`passes_floor`): KNN always returns neighbours and RRF only sees
ranks, so a dense-only hit (no lexical or slot match) with cosine below ``settings.min_cosine`` is
dropped (``settings.min_cosine_zh`` when the query or the memory is Chinese: the model puts
unrelated Chinese sentences at cosine 0.5-0.77), and every hit with ``final < min_score`` (``settings.min_score``, or
``search --min-score``) is dropped. Every constant is reported by :func:`constants`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from memcli.settings import Settings
from memcli.timeutil import days_between

__all__ = ["Fused", "constants", "final_score", "fuse", "leg_weights", "min_cosine_for", "passes_floor", "recency",
           "rrf_fuse", "score_fuse"]

LEGS = ("dense", "lexical", "slot")


def leg_weights(settings: Settings, lang: str) -> dict[str, float]:
    """RRF weight of each leg for a query language (``"zh"`` or ``"en"``); the slot leg's
    weight (``weight_slot``) is the same in both languages."""
    if lang == "zh":
        return {"dense": settings.weight_dense_zh, "lexical": settings.weight_lexical_zh, "slot": settings.weight_slot}
    return {"dense": settings.weight_dense_en, "lexical": settings.weight_lexical_en, "slot": settings.weight_slot}


@dataclass
class Fused:
    """One fused candidate: its 1-based rank in each leg that found it, and RRF scores."""

    id: int
    ranks: dict[str, int] = field(default_factory=dict)
    rrf: float = 0.0
    rrf_norm: float = 0.0


def rrf_fuse(rankings: Mapping[str, Sequence[int]], weights: Mapping[str, float], k: int) -> list[Fused]:
    """Weighted RRF of ranked id lists (best first). Returns candidates by ``rrf`` desc, id desc.

    ``rankings`` holds only the legs that ran (an empty list counts as ran, found nothing);
    the normaliser sums the weights of those legs. Duplicate ids within a leg keep the best rank.
    """
    if k < 1:
        raise ValueError("k must be >= 1")
    out: dict[int, Fused] = {}
    for leg, ids in rankings.items():
        w = float(weights.get(leg, 0.0))
        for rank, item_id in enumerate(ids, start=1):
            f = out.setdefault(item_id, Fused(item_id))
            if leg in f.ranks:
                continue
            f.ranks[leg] = rank
            f.rrf += w / (k + rank)
    top = sum(float(weights.get(leg, 0.0)) for leg in rankings) / (k + 1)
    for f in out.values():
        f.rrf_norm = f.rrf / top if top > 0 else 0.0
    return sorted(out.values(), key=lambda f: (-f.rrf, -f.id))


def score_fuse(rankings: Mapping[str, Sequence[int]], cosines: Mapping[int, float],
               weights: Mapping[str, float], k: int) -> list[Fused]:
    """Score fusion: the dense leg's cosine plus a rank bonus from each other leg (``fusion =
    "score"``)::

        s(d)      = w_d · max(0, cos(d)) + Σ_{L ≠ dense} w_L · (k + 1) / (k + rank_L(d))
        s_norm(d) = s(d) / Σ_{legs that ran} w_L

    A memory another leg found but the dense leg did not rank gets the lowest cosine the dense
    leg returned (it is below all of them). Unlike RRF it keeps how sure the dense leg is: a
    clear paraphrase (cosine 0.9) is not overtaken by a weak keyword match. The raw and
    normalised scores go in ``Fused.rrf`` / ``Fused.rrf_norm``. Returns by score desc, id desc.
    """
    if k < 1:
        raise ValueError("k must be >= 1")
    out: dict[int, Fused] = {}
    for leg, ids in rankings.items():
        for rank, item_id in enumerate(ids, start=1):
            f = out.setdefault(item_id, Fused(item_id))
            f.ranks.setdefault(leg, rank)
    w = {leg: float(weights.get(leg, 0.0)) for leg in rankings}
    dense_ids = rankings.get("dense", [])
    floor = min((cosines[i] for i in dense_ids if i in cosines), default=0.0)
    top = sum(w.values())
    for f in out.values():
        v = w["dense"] * max(0.0, cosines.get(f.id, floor)) if "dense" in rankings else 0.0
        for leg, rank in f.ranks.items():
            if leg != "dense":
                v += w[leg] * (k + 1) / (k + rank)
        f.rrf = v
        f.rrf_norm = min(1.0, v / top) if top > 0 else 0.0
    return sorted(out.values(), key=lambda f: (-f.rrf, -f.id))


def fuse(settings: Settings, rankings: Mapping[str, Sequence[int]], cosines: Mapping[int, float],
         lang: str) -> list[Fused]:
    """The configured fusion (``settings.fusion``: ``rrf`` or ``score``) for a query language."""
    w = leg_weights(settings, lang)
    if settings.fusion == "score":
        return score_fuse(rankings, cosines, w, settings.rrf_k)
    return rrf_fuse(rankings, w, settings.rrf_k)


def recency(last_confirmed_at: datetime, now: datetime, half_life_days: float) -> float:
    """0.5 ** (age in days / half-life), in (0, 1]; a future time counts as age 0."""
    age = max(0.0, days_between(last_confirmed_at, now))
    return 0.5 ** (age / half_life_days)


def final_score(rrf_norm: float, salience: float, recency_value: float, settings: Settings) -> float:
    """``rrf_norm · (1 − w_s + w_s·salience) · (1 − w_r + w_r·recency)``, clipped to [0, 1]."""
    ws = min(1.0, settings.weight_salience)
    wr = min(1.0, settings.weight_recency)
    v = rrf_norm * (1 - ws + ws * salience) * (1 - wr + wr * recency_value)
    return max(0.0, min(1.0, v))


def passes_floor(f: Fused, cosine: float | None, final: float, *, min_cosine: float, min_score: float) -> bool:
    """The relevance floor: a dense-only hit needs ``cosine >= min_cosine``; every hit needs
    ``final >= min_score``. A hit of the slot leg (the query asks about its slot) is not
    dense-only."""
    if "lexical" not in f.ranks and "slot" not in f.ranks and (cosine is None or cosine < min_cosine):
        return False
    return final >= min_score


def min_cosine_for(settings: Settings, query_lang: str, statement_lang: str) -> float:
    """The dense-only cosine floor: ``min_cosine_zh`` if either side is Chinese, else ``min_cosine``."""
    return settings.min_cosine_zh if "zh" in (query_lang, statement_lang) else settings.min_cosine


def constants(settings: Settings, lang: str, min_score: float) -> dict[str, Any]:
    """Every constant the ranking used, for ``--json`` / ``--explain``."""
    w = leg_weights(settings, lang)
    return {
        "lang": lang, "fusion": settings.fusion, "rrf_k": settings.rrf_k, "weight_dense": w["dense"],
        "weight_lexical": w["lexical"], "weight_slot": w["slot"],
        "weight_salience": settings.weight_salience, "weight_recency": settings.weight_recency,
        "recency_half_life_days": settings.recency_half_life_days, "min_cosine": settings.min_cosine,
        "min_cosine_zh": settings.min_cosine_zh, "fitted_for": settings.calibrated_model,
        "min_score": min_score, "candidates_per_leg": settings.candidates_per_leg,
        "formula": "final = fused_norm * (1 - ws + ws*salience) * (1 - wr + wr*recency); fused_norm = "
                   + ("(wd*max(0, cos) + sum_other_legs w*(k+1)/(k+rank)) / sum_legs w" if settings.fusion == "score"
                      else "sum_leg w/(k+rank) / (sum_leg w/(k+1))"),
    }
