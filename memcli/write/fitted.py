"""The fitted judge: ADD / NOOP / UPDATE / CONFLICT by a classifier fitted on labelled pairs.

:class:`FittedJudge` scores the candidate against each stored memory it is shown with the
softmax regression of :mod:`memcli.judge_fit` over :func:`~memcli.write.pair_features.pair_features`
and returns the most probable non-ADD decision that clears its probability floor
(``min_prob``), else ADD ("when unsure, ADD"). It is the offline default whenever weights
fitted for the configured embedding model exist: shipped ones (``memcli/write/judge_weights.json``,
made by ``bench/refit_profiles.py --write``) or a user's (``judge_weights`` setting, written by
``memcli calibrate --write``). Every verdict's reason names the probability, what the rule checks found
(slot comparison, guard), the content overlap, the cosine and the features that weighed most,
e.g. ``fitted judge: CONFLICT p=1.00, same slot mother.birthday, number/date changed [305] →
[306]; number/date changed, content overlap 0.83, cosine 0.940 (most weight: slot:CONFLICT, cos)``.

Unlike the rule judge it is shown every stored memory the decision step considers (the same
slot at any cosine, and the neighbours at or above ``dedup_lower``), not only the gray zone.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from memcli.errors import ConfigError
from memcli.models import Candidate, Decision
from memcli.settings import Settings
from memcli.weights import fitted_params, read_weights
from memcli.write.judge import Judge, Neighbor, Verdict, align_subjects, compare_slot, content_units, facts_of, guard
from memcli.write.pair_features import FEATURES, LABELS, feature_rows
from memcli.write.row_classes import classes_of_stack, floors_of
from memcli.write.rules import Facts

__all__ = ["FittedJudge", "hide_floor", "load_weights", "shipped_weights", "softmax_proba"]



WEIGHTS_FILE = Path(__file__).with_name("judge_weights.json")


def shipped_weights() -> dict[str, dict[str, Any]]:
    """The shipped weights, model → params (``judge_weights.json`` beside this module)."""
    return read_weights(str(WEIGHTS_FILE), "judge weights")


def load_weights(settings: Settings) -> dict[str, Any] | None:
    """Fitted weights for ``settings.model``: the ``judge_weights`` file when set, else the
    shipped ones; None when there are none for this model (the rule judge is used then).

    Raises:
        ConfigError: the ``judge_weights`` file is unreadable, was fitted for other features, or
            for another model.
    """
    return fitted_params(settings.model, user_file=settings.judge_weights, shipped=WEIGHTS_FILE,
                         features=FEATURES, what="judge weights", shipped_missing_ok=False)


def hide_floor(settings: Settings, judge: Judge | None = None) -> dict[str, float]:
    """The hard guard's floor ``{"overlap", "cosine"}`` (:func:`memcli.write.judge.hard_guard`) for
    ``settings.model``: the fitted judge's (``judge``'s own, else the weights for the model), else
    content overlap :data:`~memcli.write.judge.MIN_HIDE_OVERLAP` below the model's ``dedup_lower``."""
    from memcli.write.judge import MIN_HIDE_OVERLAP

    mp = getattr(judge, "min_prob", None)
    if not (isinstance(mp, dict) and "hide_cosine" in mp):
        try:
            params = load_weights(settings)
        except ConfigError:
            params = None
        mp = params["min_prob"] if params else {}
    if "hide_cosine" in mp:
        return {"overlap": float(mp["hide_overlap"]), "cosine": float(mp["hide_cosine"])}
    return {"overlap": MIN_HIDE_OVERLAP, "cosine": float(settings.dedup_lower)}


def softmax_proba(x: np.ndarray, mean: np.ndarray, scale: np.ndarray, weights: np.ndarray,
                  bias: np.ndarray) -> np.ndarray:
    """Softmax regression: class probabilities (n, 4) of feature rows ``x`` (n, d) standardised by
    ``mean``/``scale`` (d,), with ``weights`` (d, 4) and ``bias`` (4,). The one implementation the
    judge and its fit (:mod:`memcli.judge_fit`) share."""
    s = ((np.atleast_2d(x) - mean) / scale) @ weights + bias
    s = s - s.max(axis=1, keepdims=True)
    e = np.exp(s)
    return e / e.sum(axis=1, keepdims=True)


def _argmin(values: Sequence[float]) -> int:
    """``np.argmin`` of a list: the first smallest, or the first NaN (numpy's rule)."""
    at = 0
    for i, v in enumerate(values):
        if v != v:  # NaN
            return i
        if v < values[at]:
            at = i
    return at


def _two_things(a: str, b: str) -> bool:
    """Two different things (``thing:X`` / ``thing:Y``): the subjects of two facts, never one."""
    return a != b and a.startswith("thing:") and b.startswith("thing:")


class FittedJudge(Judge):
    """Classifier judge over pair features; see the module docstring.

    Raises (constructor):
        ConfigError: no fitted weights for the configured model (use judge ``offline``).
    """

    name = "fitted"
    #: decide() shows this judge every considered memory, not only the gray zone
    whole_range = True

    def __init__(self, settings: Settings, params: dict[str, Any] | None = None) -> None:
        params = params if params is not None else load_weights(settings)
        if params is None:
            raise ConfigError(f"no fitted judge weights for model {settings.model!r}: run `memcli calibrate --write` "
                              "or set judge = offline")
        self.params = params
        self._mean = np.asarray(params["mean"])
        self._scale = np.asarray(params["scale"])
        self._w = np.asarray(params["weights"])
        self._b = np.asarray(params["bias"])
        self.min_prob = {k: float(v) for k, v in params["min_prob"].items()}

    def proba(self, x: np.ndarray) -> np.ndarray:
        """Class probabilities (n, 4), order ADD, NOOP, UPDATE, CONFLICT, for feature rows (n, d)."""
        return softmax_proba(x, self._mean, self._scale, self._w, self._b)

    def _why(self, row: np.ndarray, cls: int) -> str:
        """The two features that raised class ``cls`` most against ADD (standardised x · Δw)."""
        z = (row - self._mean) / self._scale
        push = z * (self._w[:, cls] - self._w[:, 0])
        top = [FEATURES[i] for i in np.argsort(-push)[:2] if push[i] > 0]
        return ", ".join(top) or "bias"

    def judge(self, candidate: Candidate, neighbors: Sequence[Neighbor]) -> Verdict:
        return self.judge_many([(candidate, neighbors)])[0]

    def judge_many(self, asked: Sequence[tuple[Candidate, Sequence[Neighbor]]]) -> list[Verdict]:
        """:meth:`judge` of each (candidate, neighbours): the feature rows of every pair stacked, one
        softmax and one set of floors for all (a drained batch's first candidates, :mod:`memcli.write.decide_range`)."""
        news = [facts_of(c.statement, c.slot) for c, _ in asked]
        olds = [[facts_of(nb.statement, nb.slot) for nb in nbs] for _, nbs in asked]
        pairs = [(new, old, nb.cosine) for new, os_, (_, nbs) in zip(news, olds, asked, strict=True)
                 for old, nb in zip(os_, nbs, strict=True)]
        if not pairs:
            return [Verdict(Decision.ADD, None, "fitted judge: nothing to compare with") for _ in asked]
        x = feature_rows(pairs)  # the rows of pair_features, stacked: each pair's checks once, the cosine's columns
        prob = self.proba(x)  # for the stack at once (round 44)
        pl = prob.tolist()
        chosen = classes_of_stack(x, pl, self.min_prob)  # the floors per row (memcli.write.row_classes)
        out, at = [], 0
        for new, os_, (_, nbs) in zip(news, olds, asked, strict=True):
            k = len(nbs)
            out.append(self._verdict(new, os_, nbs, x[at:at + k], pl[at:at + k], chosen[at:at + k]))
            at += k
        return out

    def _verdict(self, new: Facts, olds: Sequence[Facts], neighbors: Sequence[Neighbor], rows: np.ndarray,
                 prob: list[list[float]], chosen: list[int]) -> Verdict:
        """The verdict on one candidate (``new``) from its rows' probabilities and classes (lists, row by row)."""
        if not neighbors:
            return Verdict(Decision.ADD, None, "fitted judge: nothing to compare with")
        best: tuple[float, int, int] | None = None  # (p, neighbour index, class)
        for i, (cls, old) in enumerate(zip(chosen, olds, strict=True)):
            # two named things of the user's (读书会 / 交流会) are two subjects: one never refines the other
            if cls and not _two_things(new.subject, old.subject) and (best is None or prob[i][cls] > best[0]):
                best = (prob[i][cls], i, cls)
        if best is None:
            i = _argmin([p[0] for p in prob])
            k = 1 + _argmin([-q for q in prob[i][1:]])  # the likeliest class but ADD
            if prob[i][k] <= prob[i][0]:
                return Verdict(Decision.ADD, None, f"fitted judge: ADD, no stored memory is surely the same fact "
                               f"(nearest #{neighbors[i].id}: p(ADD)={prob[i][0]:.2f}, cosine "
                               f"{neighbors[i].cosine:.3f})")
            # (round 40) likelier than ADD, held back by its floor: "ADD … p(ADD)=0.04" said nothing of why
            floor = floors_of(rows[i], prob[i], self.min_prob)[k - 1]
            held = ("two named things, never one" if chosen[i] else "forbidden for this pair" if floor > 1
                    else f"under its floor {floor:.2f}")
            return Verdict(Decision.ADD, None, f"fitted judge: ADD, no likelier decision clears its floor (nearest "
                           f"#{neighbors[i].id}: {LABELS[k]} p={prob[i][k]:.2f} {held}, p(ADD)={prob[i][0]:.2f}, "
                           f"cosine {neighbors[i].cosine:.3f})")
        p, i, cls = best
        nb = neighbors[i]
        n2, old = align_subjects(new, olds[i])  # (facts_of(nb.statement, nb.slot), read once in judge_many)
        checks = [hit[1] if (hit := compare_slot(n2, old)) else None, guard(n2, old)]
        a, b = content_units(new.statement), content_units(old.statement)
        overlap = len(a & b) / len(a | b) if a | b else 0.0
        said = "; ".join(c for c in checks if c)
        return Verdict(Decision(LABELS[cls]), nb.id, f"fitted judge: {LABELS[cls]} p={p:.2f}"
                       + (f", {said}" if said else "") + f", content overlap {overlap:.2f}, cosine {nb.cosine:.3f} "
                       f"(most weight: {self._why(rows[i], cls)})")
