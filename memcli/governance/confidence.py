"""One confidence field in [0, 1], four separate rules. None overwrites another's meaning.

1. **Initial trust by source** (:func:`initial`): an explicit ``remember``/``import`` starts at
   ``confidence_explicit`` (0.95); an extracted fact at most ``confidence_extracted`` (0.7);
   a user correction at 1.0.
2. **Decay** (:func:`effective`): computed at read time from the days since
   ``last_confirmed_at``, never written back: ``c * max(floor, 0.5 ** (days / half_life))``.
   A reinforcement (NOOP) raises the stored value toward 1 (``c + step * (1 - c)``) and
   resets the clock.
3. **Conflict adjudication** (:func:`adjudicate`): when two beliefs about one slot collide,
   the one with the later valid time wins, *unless* the stored one was set by the user
   (origin ``correction`` or ``explicit``) and the incoming one is only an extracted guess with
   lower confidence: then the guess is stored already invalid, with the reason.
4. **User correction forces 1.0** (:data:`CORRECTED`).
"""

from __future__ import annotations

from datetime import datetime

from memcli.models import Origin
from memcli.settings import Settings
from memcli.timeutil import days_between

__all__ = ["CORRECTED", "adjudicate", "effective", "initial", "label", "reinforced"]

CORRECTED = 1.0  # rule 4


def initial(origin: Origin | str, settings: Settings, proposed: float | None = None) -> float:
    """Rule 1: initial confidence for a new item from ``origin``."""
    origin = Origin(origin)
    if origin is Origin.CORRECTION:
        return CORRECTED
    if origin in (Origin.EXPLICIT, Origin.IMPORT):
        return settings.confidence_explicit if proposed is None else min(1.0, max(0.0, proposed))
    cap = settings.confidence_extracted
    return cap if proposed is None else min(cap, max(0.0, proposed))


def effective(confidence: float, last_confirmed_at: datetime, now: datetime, settings: Settings) -> float:
    """Rule 2: decayed confidence at ``now`` (no write). Half-life in days; floor as a share."""
    days = max(0.0, days_between(last_confirmed_at, now))
    factor = max(settings.confidence_floor, 0.5 ** (days / settings.confidence_half_life_days))
    return round(confidence * factor, 4)


def reinforced(confidence: float, settings: Settings) -> float:
    """Rule 2's counterpart: a NOOP (re-stated fact) moves confidence toward 1."""
    return round(min(1.0, confidence + settings.confidence_reinforce_step * (1.0 - confidence)), 4)


def adjudicate(stored_origin: str, stored_confidence: float, stored_valid_from: datetime,
               incoming_origin: str, incoming_confidence: float, incoming_valid_from: datetime) -> str:
    """Rule 3: who wins a CONFLICT. Returns ``"incoming"`` or ``"stored"``.

    The later valid time wins, except that a user-set belief (correction, or explicit with
    higher confidence) is never overturned by a lower-confidence extracted guess.
    """
    user_set = stored_origin in (Origin.CORRECTION, Origin.EXPLICIT, Origin.IMPORT)
    if (user_set and incoming_origin == Origin.EXTRACTED and incoming_confidence < stored_confidence):
        return "stored"
    return "incoming" if incoming_valid_from >= stored_valid_from else "stored"


def label(effective_confidence: float, lang: str = "zh") -> str:
    """Human label for the context block: 很确定/比较确定/不太确定 (sure/fairly sure/unsure)."""
    if effective_confidence >= 0.85:
        return "很确定" if lang == "zh" else "sure"
    if effective_confidence >= 0.6:
        return "比较确定" if lang == "zh" else "fairly sure"
    return "不太确定" if lang == "zh" else "unsure"
