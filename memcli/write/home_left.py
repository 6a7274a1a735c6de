"""A move out of the home ends who was the user's flatmate, landlord or neighbour there (round 31, English).

"My landlord is Mr. Patel" then "I moved house in May": the landlord is the home's; after the move he is no
longer the user's landlord, yet the two statements share no slot and few words, so "my landlord" stayed active
(a question about the landlord got the old one). The person still exists, and whatever else was told of them
stays true, so only a memory that says nothing but the relation ("My flatmate is called Tom", "Mr. Patel is my
landlord", :func:`relation_only`) ends; "My neighbour Linda has a cat" stays (Linda still has her cat).

Who moved matters: "I moved out" ends the flatmate, the landlord and the neighbours; "We moved house" may have
taken the flatmate along (we), so it ends the landlord and the neighbours only. A move that is no move of home
("I moved the meeting", "I moved on", "I moved in with Tom") ends nothing. Pure functions of text but
:func:`home_plan`, which reads the store.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from datetime import UTC
from typing import Any

import numpy as np

from memcli.models import Candidate, Decision, Level
from memcli.settings import Settings
from memcli.slots import join_slot
from memcli.write.decide_range import Plan, _cosine_to, neighbors_of

__all__ = ["HOME_RELATIONS", "home_ended_with", "home_left", "home_plan", "landlord_named", "landlord_of", "moved_out",
           "relation_only"]

#: the relations a home gives, as :func:`memcli.slots.relation_en` names them (flatmate / housemate → roommate)
HOME_RELATIONS = ("roommate", "landlord", "neighbour")
_REL = (r"(?:flat-?mate|room-?mate|house-?mate|landlord|landlady|neighbou?r)s?")
_NAME = r"(?:(?:Mr|Mrs|Ms|Miss|Dr)\.? )?[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,2}"
_RELATION_ONLY = re.compile(rf"^(?:(?:my|our) (?P<a>{_REL})(?:'s name)? (?:is|was|are) (?:called |named )?{_NAME}|"
                            rf"{_NAME} (?:is|was) (?:my|our) (?P<b>{_REL}))\s*[.!]?$", re.I)
_LANDLORD = r"(?i:landlord|landlady)"
_LL_NAME = r"(?:(?:Mr|Mrs|Ms|Miss|Dr)\.? )?[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,2}"
_LANDLORD_TOLD = re.compile(rf"^(?:(?i:my|our|the) {_LANDLORD},? (?P<a>{_LL_NAME})\b|(?P<b>{_LL_NAME}),? (?i:is|was) "
                            rf"(?i:my|our) {_LANDLORD}\b|(?i:my|our) {_LANDLORD}(?:'s name)? (?i:is|was) "
                            rf"(?:(?i:called|named) )?(?P<c>{_LL_NAME}))")
#: a move of home told by the user: moved out / house / home / away, to or into a new place or a named one
_MOVED = re.compile(r"^(?P<who>i|we)(?:'ve| have| just| finally| recently)* (?:moved|relocated)"
                    r"(?: (?:out|house|home|flats?|away|apartments?)\b|"
                    r" (?:to|into) (?:a |an |our |my )?(?:new|different|another|other)\b| to (?-i:[A-Z])|"
                    r" (?:in)?to (?:a|an|the|our|my) (?:[\w'-]+ ){0,3}(?:flat|house|home|apartment|place|cottage|"
                    r"bungalow|condo|rental|studio|maisonette|townhouse|terrace|semi)\b)", re.I)
#: the keys of the home handed back: the user has left it ("I handed the keys back to Mr. Lee"; round 32)
_KEYS = re.compile(r"\b(?P<who>i|we)(?:'ve| have| just| finally| officially)* (?:handed|gave|given|returned|turned|"
                   r"dropped off|posted)(?: back)? (?:the |our |my |all the )?(?:house |flat |apartment )?keys?"
                   r"(?: back)?\b", re.I)


def moved_out(statement: str) -> str | None:
    """"i" or "we" when ``statement`` tells the user (or their household) moved home ("I moved out of the flat",
    "We moved house last week", "I moved to Leeds"); None otherwise."""
    m = _MOVED.match(statement.strip()) or _KEYS.search(statement)
    return m.group("who").casefold() if m else None


def relation_only(statement: str) -> str | None:
    """The home relation a statement says and nothing else of ("My flatmate is called Tom" → "roommate",
    "Mr. Patel is my landlord" → "landlord"), or None."""
    m = _RELATION_ONLY.match(statement.strip())
    if m is None:
        return None
    rel = (m.group("a") or m.group("b")).casefold().replace("-", "").rstrip("s")
    return "landlord" if rel == "landlady" else "neighbour" if rel.startswith("neighbo") else \
        "landlord" if rel == "landlord" else "roommate"


def landlord_named(statement: str) -> str | None:
    """The name a statement gives the user's landlord ("Our landlord, Mr. Brandt, is friendly" → "Mr. Brandt")."""
    m = _LANDLORD_TOLD.match(statement.strip())
    return (m.group("a") or m.group("b") or m.group("c")) if m else None


def landlord_of(old: str) -> str | None:
    """"landlord" when ``old`` opens by naming the user's landlord ("Our landlord, Mr. Brandt, is slow with
    repairs"): a landlord is the home's, so what is told of him as the user's landlord ends with the home (round 32;
    a neighbour's cat does not)."""
    return "landlord" if landlord_named(old) else None


def home_left(new: str, old: str) -> str | None:
    """Why the move told in ``new`` ends ``old``, a memory that only says who was the user's flatmate, landlord
    or neighbour (see the module doc), or None."""
    if (who := moved_out(new)) is None or (rel := relation_only(old) or landlord_of(old)) is None:
        return None
    if who == "we" and rel == "roommate":
        return None  # (we moved: the flatmate may have come along)
    return f"moved home ({new}): the {rel} of the old home is no longer the user's"


def began_after(row: dict[str, Any], cand: Candidate) -> bool:
    """The stored ``row`` was told in a later year than the one ``cand`` tells (its date, ``event_when``: "in 2019",
    else its valid time): a deed told late ("we moved here in 2019") does not end it. Years only: a fact told a few
    weeks after a move it was told with ("I moved out in August") is the old home's all the same."""
    told = cand.event_when or cand.valid_from.astimezone(UTC).isoformat()
    return row["valid_from"][:4] > told[:4]


def home_plan(store: Any, settings: Settings, user: str, cand: Candidate, vector: np.ndarray | None, plan: Plan,
              exclude: Collection[int] = ()) -> Plan | None:
    """CONFLICT with the user's active memory that only says who was their flatmate, landlord or neighbour
    (the ``<relation>.name`` slots, else the nearest memories) when ``cand`` tells a move of home
    (:func:`home_left`); None: no move, or no such memory (``plan``, an ADD, stands). Reads only."""
    if moved_out(cand.statement) is None:
        return None
    rows = [r for rel in HOME_RELATIONS for r in store.active_in_slot(user, join_slot(rel, "name"))]
    ids = [nb.id for nb in neighbors_of(store, user, vector, settings.decide_neighbors)]
    rows += store.items_by_ids(user, ids) if ids else []
    for row in rows:
        if row["id"] in exclude or row["invalid_at"] is not None or row["expired_at"] is not None:
            continue
        if began_after(row, cand):
            continue  # (round 32: a move told late, "we moved here in 2019", keeps the landlord told since)
        if why := home_left(cand.statement, row["statement"]):
            return Plan(Decision.CONFLICT, Level.JUDGE, row, _cosine_to(store, row["id"], vector, ()),
                        f"{why}; {plan.reason}", "slot")
    return None


def home_ended_with(store: Any, user: str, cand: Candidate, old: dict[str, Any]) -> list[dict[str, Any]]:
    """The user's other active memories of a home relation (the ``<relation>.name`` slots) that the move told in
    ``cand`` ends with ``old`` (one move ends the flatmate and the landlord both); empty when ``cand`` ended
    ``old`` for another reason."""
    if home_left(cand.statement, old["statement"]) is None and not (
            moved_out(cand.statement) and (old["slot"] or "").endswith("residence")):
        return []  # (a move that ended the old residence ends the home's relations too; round 32)
    rows = [r for rel in HOME_RELATIONS for r in store.active_in_slot(user, join_slot(rel, "name"))]
    rows += [r for r in store.list_items(user) if landlord_of(r["statement"])]  # "Our landlord, X, is …" (round 32)
    seen: set[int] = set()
    return [r for r in rows if not (r["id"] in seen or seen.add(r["id"])) and r["id"] != old["id"]
            and r["invalid_at"] is None and r["expired_at"] is None
            and home_left(cand.statement, r["statement"])]
