"""Starting again after giving up (round 46): "I'm drinking coffee again", "I'm back on coffee", 我又开始吃肉了.

A trial's user quit coffee, then said "ok I'm back on coffee, one cup a day, can't live without it": the clause
model read no fact in it (an "again" and a chatty tail: a passing remark), and "I quit coffee" stayed the current
fact. Another started a vegetarian diet ("I've started a vegetarian diet, 不吃肉了") and a week later said
我又开始吃肉了: the judge ended 我不吃肉了, but the diet stayed active beside the meat — the block said both.

- :func:`resumed_thing`: the thing a restart names, in either language ("again", "back on", 又 / 重新 with a verb
  of taking or a food or drink), or None.
- :func:`resumed_clause`: the restart's clause as a statement ("I'm back on coffee"), for a turn the extractor
  read nothing from (:meth:`memcli.write.extract.MemoryExtractionService.extract_batch`).
- :func:`resumed_ends`: a stored fact the restart ends: a give-up of the same thing (:func:`memcli.write.given_up.
  give_up_of`), or a diet that rules the thing out (vegetarian / 素食 / 吃素 beside meat or fish, vegan beside
  dairy too, teetotal / 戒酒 beside alcohol) — the user's own, present.
- :func:`resumed_plan`: the decision — a CONFLICT with the first such active memory (:mod:`memcli.write.decide`);
  :func:`resumed_ended_with`: the others end with it (:func:`memcli.write.dated_change.ended_with`).

Pure functions over text, and reads of the user's active memories.
"""

from __future__ import annotations

import re
from typing import Any

from memcli.models import Candidate, Decision, Kind, Level
from memcli.text import to_simplified
from memcli.write.decide_range import Plan
from memcli.write.given_up import give_up_of
from memcli.write.judge import facts_of
from memcli.write.liking_over import KINDS

__all__ = ["resumed_candidate", "resumed_clause", "resumed_ended_with", "resumed_ends", "resumed_plan", "resumed_thing"]

_TAKE_EN = r"(?:drinking|eating|smoking|having|vaping|taking)"
_THING_EN = r"(?P<thing>[a-z][a-z'-]*(?:\s+(?!again\b)[a-z][a-z'-]*)?)"
#: the user's restart in English: "I'm drinking coffee again", "I'm back on coffee", "I'm eating meat again",
#: "back to eating meat", "I started smoking again", "I drink beer again"
_EN = re.compile(
    r"\b(?P<clause>(?:i'm|i am|i've been|im)\s+(?:(?:back\s+on|back\s+to(?:\s+" + _TAKE_EN + r")?)\s+" + _THING_EN
    + r"|" + _TAKE_EN + r"\s+" + _THING_EN.replace("thing", "thing2") + r"\s+again)"
    + r"|i\s+(?:started|began|(?:have\s+)?restarted)\s+" + _TAKE_EN + r"\s+" + _THING_EN.replace("thing", "thing3")
    + r"\s+again"
    + r"|i\s+(?:drink|eat|smoke|have)\s+" + _THING_EN.replace("thing", "thing4") + r"\s+again"
    + r"|i(?:'m|\s+am|\s+started|\s+began)\s+(?P<thing5>smoking|drinking)\s+again)\b",
    re.I,
)
#: the user's restart in Chinese: 我又开始吃肉了, 我又喝咖啡了, 我重新开始抽烟了
_ZH = re.compile(r"(?P<clause>我(?:现在)?(?:又|重新)(?:开始)?(?:吃|喝|抽)(?P<thing>[\u4e00-\u9fff]{1,4}?)了)")
#: a diet that rules a kind out, and the kinds it rules out
_DIETS = ((re.compile(r"\bvegan\b|纯素", re.I), ("meat", "fish", "seafood", "dairy")),
          (re.compile(r"\bvegetarian\b|素食|吃素|不吃肉", re.I), ("meat", "fish", "seafood")),
          (re.compile(r"\b(?:teetotal|sober)\b|戒酒|不喝酒", re.I), ("alcohol",)))
#: a kind by its name in either language, or the taking it is ("drinking" again: alcohol)
_GENERAL = {"meat": "meat", "肉": "meat", "fish": "fish", "鱼": "fish", "alcohol": "alcohol", "booze": "alcohol",
            "drinking": "alcohol", "酒": "alcohol", "seafood": "seafood", "海鲜": "seafood", "dairy": "dairy",
            "smoking": "smoking", "cigarettes": "smoking", "烟": "smoking", "香烟": "smoking", "甜": "sweet",
            "辣": "spicy"}
#: the diet's end told in the old statement already ("I gave up being vegetarian"): not a diet held
_DIET_OVER = re.compile(r"\b(?:gave up|quit|stopped|no longer|not)\b|不再|放弃", re.I)


def _match(statement: str) -> re.Match[str] | None:
    t = to_simplified(statement)
    return _ZH.search(t) or _EN.search(t)


def resumed_thing(statement: str) -> str | None:
    """The thing ``statement`` tells the user took up again (coffee of "I'm back on coffee", 肉 of 我又开始吃肉了), or
    None."""
    m = _match(statement)
    if m is None:
        return None
    thing = next(v for k, v in m.groupdict().items() if k.startswith("thing") and v)
    return re.sub(r"^(?:the|a|an|some|my)\s+", "", thing.strip(), flags=re.I)


def resumed_clause(text: str) -> str | None:
    """The restart's clause of ``text`` as a statement ("ok I'm back on coffee, one cup a day, can't live without
    it" → "I'm back on coffee"), or None: no restart told."""
    m = _match(text)
    if m is None or m.group("clause") not in to_simplified(text) and not m.group("clause").isascii():
        return None
    clause = m.group("clause").strip()
    return clause[:1].upper() + clause[1:] if clause.isascii() else clause


def _kinds_of(thing: str) -> set[str]:
    """The kinds ``thing`` is (meat for steak or meat itself, 肉 for 牛排 or 肉)."""
    t = thing.casefold()
    out = {_GENERAL[t]} if t in _GENERAL else set()
    return out | {_GENERAL.get(k, k) for k, foods in KINDS.items() if t in foods or t.removesuffix("s") in foods
                  or any(f in t for f in foods if not f.isascii())}


def resumed_ends(statement: str, old_statement: str, old_slot: str | None) -> str | None:
    """Why the restart ``statement`` ends the stored ``old_statement`` (see the module doc); None: it does not."""
    thing = resumed_thing(statement)
    if thing is None:
        return None
    old = facts_of(old_statement, old_slot)
    if old.subject not in ("me", "") and not old.subject.startswith("thing:"):
        return None  # another person's give-up or diet
    given = give_up_of(old)
    if given is not None and (given.casefold() == thing.casefold() or given in thing or thing in given
                              or _kinds_of(given) & _kinds_of(thing)):
        return f"taken up again ({thing}): the give-up ({given}) ends"
    kinds = _kinds_of(thing)
    for diet, ruled in _DIETS:
        if diet.search(to_simplified(old_statement)) and kinds & set(ruled) and not (
                _DIET_OVER.search(old_statement) and given is None and "不吃肉" not in old_statement):
            return f"taken up again ({thing}): the diet that rules it out ends"
    return None


def resumed_plan(store: Any, user: str, cand: Candidate, plan: Plan, exclude: Any = ()) -> Plan | None:
    """CONFLICT with the first active memory of ``user`` the restart ``cand`` ends (:func:`resumed_ends`), or None."""
    if resumed_thing(cand.statement) is None:
        return None
    rows = [plan.target] if plan.target is not None else []
    rows += [r for r in store.list_items(user, limit=500) if plan.target is None or r["id"] != plan.target["id"]]
    for r in rows:
        if r["id"] in exclude or r["invalid_at"] is not None or r["expired_at"] is not None:
            continue
        if why := resumed_ends(cand.statement, r["statement"], r["slot"]):
            return Plan(Decision.CONFLICT, Level.JUDGE, r, plan.cosine if r is plan.target else None,
                        f"{why}; {plan.judge or plan.level.value} said {plan.decision.value}", "resumed")
    return None


def resumed_ended_with(store: Any, user: str, cand: Candidate, old: dict[str, Any]) -> list[dict[str, Any]]:
    """The other active memories the restart ``cand`` ends with ``old`` (a give-up and the diet it told)."""
    if resumed_thing(cand.statement) is None:
        return []
    return [r for r in store.list_items(user, limit=500) if r["id"] != old["id"] and r["invalid_at"] is None
            and r["expired_at"] is None and resumed_ends(cand.statement, r["statement"], r["slot"])]


def resumed_candidate(text: str, said: Any) -> Candidate | None:
    """A candidate for the restart ``text`` tells (:func:`resumed_clause`), valid from ``said``, or None."""
    clause = resumed_clause(text)
    if clause is None:
        return None
    thing = resumed_thing(clause) or ""
    return Candidate(statement=clause, kind=Kind.HABIT, slot=f"like.{thing.replace(' ', '_')}" if thing else None,
                     salience=0.6, confidence=0.7, valid_from=said)
