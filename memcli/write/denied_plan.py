"""A value denied in contrast ends the stored fact that affirms it, of the same subject and attribute (round 39).

"I have a dog, not a cat" after "I have a cat", 我的车不是白色的，是黑色的 after 我的车是白色的: the sentence affirms X
and denies Y, with no correction's opener (:func:`memcli.write.correction.contrast_denied`; the extractor keeps the
affirmed half and carries the denied value as ``denies``). The judge read two facts (``owns.dog`` / ``owns.cat``;
another colour) and both stayed active. The user said Y is not so: the stored fact that affirms Y of the same
subject and the same attribute (``owns``, ``residence``, the thing's slot) ends — a CONFLICT, the older belief ends
in world time. A fact about something else stays: another person's ("My sister has a cat"), another attribute's
("I love cats" beside "I have a dog, not a cat"), one that already says X, or a "no" (我的车不是白色的 stored).
Stricter than a correction's ``corrects`` (:mod:`memcli.write.correction_plan`), which an opener owns.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import numpy as np

from memcli.db.store import MemoryStore
from memcli.models import Candidate, Decision, Level
from memcli.settings import Settings
from memcli.slots import split_slot
from memcli.write.correction import contrast_denied, says_denied
from memcli.write.decide_range import Plan, _cosine_to, neighbors_of
from memcli.write.pair_facts import facts_of
from memcli.write.rules import Facts

__all__ = ["denied_ends", "denied_kept", "denied_of", "denied_plan"]


def denied_of(cand: Candidate) -> list[str]:
    """The values ``cand`` denies in contrast: carried by the extractor (``denies``: the statement keeps only the
    affirmed half), else read from the statement itself (``remember`` keeps the words: "I have a parrot, not a
    hamster"); empty: none."""
    denied = (cand.metadata or {}).get("denies")
    if isinstance(denied, list) and denied:
        return [str(d) for d in denied]
    return contrast_denied(cand.statement) if "corrects" not in (cand.metadata or {}) else []


def denied_kept(new: Facts, old: Facts, denied: list[str]) -> str | None:
    """Why ``old`` stays beside ``new``, which denies ``denied`` in contrast, whatever the judge said (None: it may
    end): ``old`` is about another subject or another attribute, so the statement's only "no" — on the denied value
    of its own attribute — does not reach it ("I love hamsters" beside "I have a parrot, not a hamster": the fitted
    judge read a polarity flip, CONFLICT p 1.00)."""
    if not denied or not new.slot or not old.slot:
        return None
    if old.subject != new.subject or split_slot(new.slot)[1] != split_slot(old.slot)[1]:
        return f"a value denied in contrast ({', '.join(denied)}) of {new.slot}: no fact of {old.slot} ends"
    return None


def denied_ends(new: Facts, old: Facts, denied: list[str]) -> str | None:
    """Why ``new`` (said with the ``denied`` values in contrast) ends ``old``; None: ``old`` is about another
    subject or attribute, is a "no", says no denied value, or already says ``new``'s value."""
    if not (new.slot and old.slot and old.positive) or old.subject != new.subject:  # (new's "no" may be the
        # denied half itself, as ``remember`` keeps it)
        return None
    if split_slot(new.slot)[1] != split_slot(old.slot)[1]:
        return None  # "I love cats" beside "I have a dog, not a cat": another attribute
    if new.value and says_denied([new.value], old.statement, (), ()):
        return None  # the stored fact says the affirmed value too
    said = [d for d in denied if says_denied([d.removesuffix("的") or d], old.statement, (), ())]
    if not said:
        return None
    return f"a value denied in contrast ({', '.join(said)}): the fact that affirms it ends"


def denied_plan(store: MemoryStore, settings: Settings, user: str, cand: Candidate, vector: np.ndarray | None,
                plan: Plan, exclude: Collection[int] = ()) -> Plan | None:
    """CONFLICT with the stored fact ``cand``'s denied value ends (see the module doc), when the decision so far is
    ``plan`` (an ADD); None: ``cand`` denies nothing, or no stored fact affirms it of the same subject and
    attribute."""
    denied = denied_of(cand)
    if not denied:
        return None
    new = facts_of(cand.statement, cand.slot)
    if not new.slot:
        return None
    rows: list[dict[str, Any]] = list(store.active_in_slot(user, new.slot))
    ids = [nb.id for nb in neighbors_of(store, user, vector, settings.decide_neighbors)]
    rows += store.items_by_ids(user, ids) if ids else []
    for row in rows:
        if row["id"] in exclude or row["invalid_at"] is not None or row["expired_at"] is not None:
            continue
        if why := denied_ends(new, facts_of(row["statement"], row["slot"]), denied):
            return Plan(Decision.CONFLICT, Level.JUDGE, row, _cosine_to(store, row["id"], vector, ()),
                        f"{why}; {plan.reason}", "correction")
    return None
