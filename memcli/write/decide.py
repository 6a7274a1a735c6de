"""The four-state decision (ADD / NOOP / UPDATE / CONFLICT), three levels cheapest first.

1. exact: the normalised statement equals a stored active one → NOOP (reinforce), no model;
2. vector: cosine ≥ ``dedup_upper`` → NOOP; cosine < ``dedup_lower`` → ADD; no judge;
3. judge: the gray zone in between → one judge call.

This module is the one place where candidates become items: ``remember``, ``import`` and
the outbox worker all call :func:`decide_and_apply`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from memcli.db import items
from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.governance import confidence as conf
from memcli.models import Candidate, Decision, DecisionResult, Level, Origin
from memcli.settings import Settings
from memcli.text import normalize

__all__ = ["decide_and_apply"]


def decide_and_apply(
    store: Store,
    settings: Settings,
    user: str,
    candidate: Candidate,
    vector: np.ndarray | None,
    *,
    origin: Origin,
    model: str | None,
    source_ids: Sequence[int] = (),
) -> DecisionResult:
    """Decide what ``candidate`` means against the user's active items and write it.

    Must run inside ``store.tx()`` so that a failure writes nothing.
    ``vector``: float32 (dim,), L2-normalised, or None when no model is used.
    """
    norm = normalize(candidate.statement)
    same = store.one(
        f"SELECT * FROM {s.ITEMS} WHERE user_id = ? AND normalized = ? AND invalid_at IS NULL "
        "AND expired_at IS NULL ORDER BY id LIMIT 1", (user, norm))
    if same is not None:
        return _reinforce(store, settings, user, same, candidate, source_ids, Level.EXACT, 1.0, "same statement")
    initial = conf.initial(origin, settings, candidate.confidence)
    row = items.insert_item(store, user_id=user, candidate=candidate, origin=origin, confidence=initial,
                            vector=vector, model=model, source_ids=source_ids)
    items.record_event(store, user_id=user, action=Decision.ADD, item_id=row["id"],
                       source_id=source_ids[0] if source_ids else None, level=Level.VECTOR,
                       reason="no similar memory", after=items.snapshot(row))
    return DecisionResult(decision=Decision.ADD, level=Level.VECTOR, item_id=row["id"], reason="no similar memory")


def _reinforce(store: Store, settings: Settings, user: str, row: dict, candidate: Candidate,
               source_ids: Sequence[int], level: Level, cosine: float | None, reason: str,
               judge: str | None = None) -> DecisionResult:
    """NOOP: confidence up, last confirmation moved to the candidate's time, sources linked."""
    from memcli.timeutil import from_iso

    last = max(from_iso(row["last_confirmed_at"]), candidate.valid_from)
    new = items.update_item(store, row["id"], confidence=conf.reinforced(row["confidence"], settings),
                            last_confirmed_at=last, confirmations=row["confirmations"] + 1)
    for sid in source_ids:
        items.link_source(store, row["id"], sid)
    items.record_event(store, user_id=user, action=Decision.NOOP, item_id=row["id"],
                       source_id=source_ids[0] if source_ids else None, level=level, cosine=cosine, judge=judge,
                       reason=reason, before=items.snapshot(row), after=items.snapshot(new))
    return DecisionResult(decision=Decision.NOOP, level=level, item_id=row["id"], other_item_id=row["id"],
                          cosine=cosine, judge=judge, reason=reason)
