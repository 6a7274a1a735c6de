"""One confidence field in [0, 1], four separate rules. None overwrites another's meaning.

1. **Initial trust by source and evidence** (:func:`initial`, :func:`extracted`): an explicit
   ``remember``/``import`` starts at ``confidence_explicit`` (0.95); an extracted fact stated
   plainly (我叫林晓梅, "my sister lives in Lyon") at ``confidence_extracted`` (0.8, "fairly
   sure"), a hedged one (好像/可能/大概, "I think"/"maybe"/"probably": :func:`is_hedged`) at
   ``confidence_hedged`` (0.45, "unsure"); a user correction at 1.0.
2. **Decay** (:func:`effective`): computed at read time from the days since
   ``last_confirmed_at``, never written back: ``c * max(floor, 0.5 ** (days / half_life))``;
   the half-life is ``confidence_half_life_days`` (730), or ``confidence_stable_half_life_days``
   (3650) for attributes that do not change (:data:`STABLE_ATTRIBUTES`: a name said two years ago
   is still the name).
   A reinforcement (NOOP) raises the stored value toward 1 (``c + step * (1 - c)``) and
   resets the clock.
3. **Conflict adjudication** (:func:`adjudicate`): when two beliefs about one slot collide,
   the one with the later valid time wins — where the stored valid time is only when the stored
   fact was said (no date told), a contradiction said later wins even with an earlier told date
   ("I live in Berlin", then 我上周搬到慕尼黑了) —, *unless* the stored one was set by the user
   (origin ``correction`` or ``explicit``) and the incoming one is only an extracted guess with
   lower confidence: then the guess is stored already invalid, with the reason. A change the user
   *tells* after setting it (a move, a new job: the statement tells a change, unhedged, said after
   the user-set fact's valid time) is new information, not a guess against it, and is judged by
   valid time like any other (round 39).
4. **User correction forces 1.0** (:data:`CORRECTED`).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING

from memcli.relazy import lazy
from memcli.settings import Settings
from memcli.timeutil import days_between

if TYPE_CHECKING:  # loaded by the write path's rules below: a read only decays (effective), no model module
    from memcli.models import Origin

__all__ = ["CORRECTED", "STABLE_ATTRIBUTES", "adjudicate", "effective", "extracted", "hedges", "initial", "is_hedged",
           "label", "reinforced"]

CORRECTED = 1.0  # rule 4
#: attributes whose value does not change with time (rule 2 decays them slowly)
STABLE_ATTRIBUTES = frozenset({"name", "birthday", "hometown", "blood_type", "zodiac"})
#: compiled on first use: only the write path (drain, remember) asks it; every read imports this module
_HEDGE = lazy(r"好像|似乎|貌似|可能|大概|也许|或许|应该是|估计|印象中|不太确定|不确定|记不清|听说|"
                    r"\b(?:i think|i guess|i believe|i suppose|maybe|probably|perhaps|possibly|might|not sure|"
                    r"i'm not sure|if i remember|supposedly|apparently|i heard)\b", re.IGNORECASE)


def is_hedged(text: str) -> bool:
    """True when ``text`` (an utterance or clause) hedges what it states: 好像/可能/大概/也许…,
    "I think", "maybe", "probably", "not sure"…"""
    return _HEDGE.search(text.replace("’", "'")) is not None


#: clauses of a turn: split at punctuation and at a contrast that opens a new one (but, 但是, 不过, 可是)
_CLAUSE = re.compile(r"[,，;；:：。.!！?？\n]+|\s+(?:but|though|although)\s+|但是|不过|可是|所以", re.IGNORECASE)
_UNIT_EN = re.compile(r"[a-z]{3,}")
_CJK = re.compile(r"[\u3400-\u9fff]")
#: words that carry no fact of their own: what is left of "I'm not sure if it's still true" or 好像是吧 is only a hedge
_FILLER_EN = frozenset("the and but that this it its was were are not sure say still true right correct correctly "
                       "exactly remember recall think guess believe suppose though anyway well yes yeah just actually "
                       "really honestly pretty very quite some something kind sort what for you".split())
_FILLER_ZH = frozenset("我你他她它们的了是在吧呢啊呀吗也都就很太还这那个有点一些说记得对")


def _units(text: str) -> frozenset[str]:
    """The content of a clause, its hedge words taken out: English words of 3+ letters that are no filler, Chinese
    characters that are no filler (a sketch of what it states, enough to say which clauses a statement came from)."""
    low = _HEDGE.sub(" ", text.replace("’", "'")).casefold()
    return frozenset([w for w in _UNIT_EN.findall(low) if w not in _FILLER_EN] +
                     [c for c in _CJK.findall(low) if c not in _FILLER_ZH])


def hedges(text: str, statement: str) -> bool:
    """Whether what the user said (``text``) hedges the fact ``statement`` was taken from: a clause of the turn that
    is only a hedge (\"…, I think\", \"Not sure if it's still true, but …\", 好像是吧) hedges all of it; otherwise a
    hedge counts in the clauses the statement came from (more than half of a clause's content in the statement), not
    in another clause of the same turn: \"Change of plans: I'm flying to Madrid in May, I think Rome was too pricey\"
    states the new plan plainly and hedges only why; 成都估计人太多，五一改去西安了 alike. A statement drawn from no
    clause (reworded) is hedged when the turn is (:func:`is_hedged`). Either text in any script."""
    if not is_hedged(text):
        return False
    said = _units(statement)
    drawn = False
    for clause in _CLAUSE.split(text):
        if not clause.strip():
            continue
        units = _units(clause)
        hedged = is_hedged(clause)
        if hedged and not units:
            return True  # a clause that only hedges ("I think", 好像是吧) hedges the turn
        if units and len(units & said) * 2 > len(units):
            drawn = True
            if hedged:
                return True
    return not drawn


def extracted(text: str, settings: Settings | None = None, statement: str | None = None) -> float:
    """Rule 1 for an extracted fact: ``confidence_extracted`` for a plain statement,
    ``confidence_hedged`` when ``text`` (what the user said) hedges it (:func:`is_hedged`) — with the fact's
    ``statement`` given, when it hedges that fact (:func:`hedges`: a hedge of another clause of the turn is not)."""
    plain = settings.confidence_extracted if settings else 0.8
    hedged = settings.confidence_hedged if settings else 0.45
    told = is_hedged(text) if statement is None else hedges(text, statement)
    return min(plain, hedged) if told else plain


def initial(origin: Origin | str, settings: Settings, proposed: float | None = None) -> float:
    """Rule 1: initial confidence for a new item from ``origin``."""
    from memcli.models import Origin

    origin = Origin(origin)
    if origin is Origin.CORRECTION:
        return CORRECTED
    if origin in (Origin.EXPLICIT, Origin.IMPORT):
        return settings.confidence_explicit if proposed is None else min(1.0, max(0.0, proposed))
    cap = settings.confidence_extracted
    return cap if proposed is None else min(cap, max(0.0, proposed))


def effective(confidence: float, last_confirmed_at: datetime, now: datetime, settings: Settings,
              slot: str | None = None) -> float:
    """Rule 2: decayed confidence at ``now`` (no write), in [0, 1]. Half-life in days
    (``confidence_stable_half_life_days`` when ``slot``'s attribute is in
    :data:`STABLE_ATTRIBUTES`); floor as a share."""
    days = max(0.0, days_between(last_confirmed_at, now))
    half = settings.confidence_half_life_days
    if slot:
        from memcli.slots import split_slot

        if split_slot(slot)[1] in STABLE_ATTRIBUTES:
            half = settings.confidence_stable_half_life_days
    factor = max(settings.confidence_floor, 0.5 ** (days / half))
    return round(confidence * factor, 4)


def reinforced(confidence: float, settings: Settings) -> float:
    """Rule 2's counterpart: a NOOP (re-stated fact) moves confidence toward 1."""
    return round(min(1.0, confidence + settings.confidence_reinforce_step * (1.0 - confidence)), 4)


def adjudicate(stored_origin: str, stored_confidence: float, stored_valid_from: datetime,
               incoming_origin: str, incoming_confidence: float, incoming_valid_from: datetime, *,
               stored_dated: bool = True, incoming_said_at: datetime | None = None,
               incoming_changed: bool = False) -> str:
    """Rule 3: who wins a CONFLICT. Returns ``"incoming"`` or ``"stored"``.

    The later valid time wins, except that a user-set belief (correction, or explicit with
    higher confidence) is never overturned by a lower-confidence extracted guess.

    ``stored_dated``: False when the stored valid time is only when the stored fact was said (its
    statement told no date): that fact held from some unknown earlier point, so an incoming fact
    *said* after it (``incoming_said_at`` later than ``stored_valid_from``) wins even when its told
    valid time is earlier (a move dated "last week" told after "I live in Berlin"). An incoming fact
    said earlier (a late-drained capture, imported history) or two told dates keep the valid-time order.

    ``incoming_changed``: the incoming statement tells a change (moved, a new job, 搬到, 换到 …; the caller
    reads it, unhedged). Said after the user-set belief's valid time, it is the user telling what happened
    since, and the user-set protection does not hold it back: the valid-time order decides. A contradiction
    that tells no change, or one said before the user set the fact, still loses to it.
    """
    from memcli.models import Origin

    user_set = stored_origin in (Origin.CORRECTION, Origin.EXPLICIT, Origin.IMPORT)
    told_after = incoming_said_at is not None and incoming_said_at > stored_valid_from
    if (user_set and incoming_origin == Origin.EXTRACTED and incoming_confidence < stored_confidence
            and not (incoming_changed and told_after)):
        return "stored"
    if incoming_valid_from >= stored_valid_from:
        return "incoming"
    return "incoming" if not stored_dated and told_after else "stored"


def label(effective_confidence: float, lang: str = "zh") -> str:
    """Human label for the context block: 很确定/比较确定/不太确定 (sure/fairly sure/unsure)."""
    if effective_confidence >= 0.85:
        return "很确定" if lang == "zh" else "sure"
    if effective_confidence >= 0.6:
        return "比较确定" if lang == "zh" else "fairly sure"
    return "不太确定" if lang == "zh" else "unsure"
