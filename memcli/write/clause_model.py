"""The fitted clause model: P(a clause unit states a durable fact about the user's world).

A two-class softmax (logistic) regression over ``[embedding, signals]`` — the unit's
embedding by the write-path model (USE: 512-d) and the rule signals of
:func:`memcli.write.clauses.signals` — fitted by :mod:`memcli.clause_fit` on labelled clause
units (the goldset's extraction cases and ``goldset/clauses.jsonl``) with grouped
cross-validation. Weights are package data (``clause_weights.json`` beside this module,
``model → params``), refit by ``python -m memcli.clause_fit --write`` or
``memcli calibrate --write``; the same :func:`~memcli.write.fitted.softmax_proba` serves the
judge, this model and their fits.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from memcli.errors import ConfigError
from memcli.settings import Settings, canonical_model
from memcli.weights import read_weights
from memcli.write.clauses import SIGNALS
from memcli.write.fitted import softmax_proba

__all__ = ["ClauseModel", "load_clause_weights", "shipped_clause_weights"]

WEIGHTS_FILE = Path(__file__).with_name("clause_weights.json")


def shipped_clause_weights() -> dict[str, dict[str, Any]]:
    """The shipped weights, model → params."""
    return read_weights(str(WEIGHTS_FILE), "clause weights", missing_ok=True)


def load_clause_weights(settings: Settings) -> dict[str, Any] | None:
    """Weights fitted for ``settings.model`` over the current :data:`SIGNALS`, or None (the
    extractor then keeps the rules' facts only)."""
    params = shipped_clause_weights().get(canonical_model(settings.model))
    return params if params is not None and tuple(params.get("signals", ())) == SIGNALS else None


class ClauseModel:
    """Scores clause units; ``params`` as written by :func:`memcli.clause_fit.fit_clauses`
    (``mean``, ``scale``, ``weights`` (d, 2), ``bias`` (2), ``threshold`` per language, ``dim``)."""

    def __init__(self, params: dict[str, Any]) -> None:
        self.mean = np.asarray(params["mean"], dtype=np.float64)
        self.scale = np.asarray(params["scale"], dtype=np.float64)
        self.weights = np.asarray(params["weights"], dtype=np.float64)
        self.bias = np.asarray(params["bias"], dtype=np.float64)
        self.threshold = {k: float(v) for k, v in params["threshold"].items()}
        self.dim = int(params["dim"])

    def proba(self, vectors: np.ndarray, sig: np.ndarray) -> np.ndarray:
        """P(fact) per unit: ``vectors`` (n, dim) float32 L2-normalised, ``sig`` (n, len(SIGNALS)) → (n,)."""
        if len(vectors) == 0:
            return np.zeros(0)
        if vectors.shape[1] != self.dim:
            raise ConfigError(f"clause weights were fitted for {self.dim}-d vectors, got {vectors.shape[1]}-d")
        x = np.hstack([vectors.astype(np.float64), sig.astype(np.float64)])
        return softmax_proba(x, self.mean, self.scale, self.weights, self.bias)[:, 1]
