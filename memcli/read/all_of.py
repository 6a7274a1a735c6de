"""A question asking for all of a kind gets every current fact of that kind (round 46).

After three plans told on three days ("I'm going to…", "we plan to…", "next month I'll…"), "What are my plans?"
gave the one the dense leg ranked first: the others scored under the answerability point (each p read alone), or
under the dense floor (a plan shares no word with "plans"). Likewise "What pets do I have?" after a cat, a parrot
and a hamster, 我都去过哪些地方 after three places told.

:func:`asked_all` reads such a question — English "what are my X" / "what X do I have" / "which X have I visited" /
"list my X" with X plural, Chinese 哪些 / 哪几 X, 都…什么 X — and what its X is (:class:`AllOf`):

- ``plan``: plans, 计划, 打算, 安排 — a fact is one when it tells what the user means to do (:data:`_PLAN_EN`,
  :data:`_PLAN_ZH`: going to, plan to, 'll, 打算, 下个月…) and its date, if it has one, has not passed;
- ``trip``: countries, places, cities, 国家, 地方, 城市 asked with a verb of having been there (visited, been to,
  去过) — a fact is one when it tells the user went there (:data:`_BEEN`), not a plan to;
- ``kinds``: a kind or family of :mod:`memcli.read.kinds` (pets, cars, sports; 宠物, 车: :data:`_FAMILY_ZH`) — a
  fact is one when it names a thing of those kinds and is the user's: an animal or a vehicle had (:data:`_MINE`: my,
  have, adopted, 养, 我的), another kind done (:data:`_SELF`: I, we, 我: "I speak French");
- ``slots``: an attribute the slot vocabulary reads (hobbies, 爱好 → ``like``), and the slots of the hits the gate let
  through (去过哪些地方 → ``fact.去过``, "favourite.pastime"): the memories of those slots, no dislike ("I hate rainy
  days" under ``like``) and, for pastimes, no taste in food (:func:`memcli.read.domain_request.memory_domains`).

:func:`all_answers` (after the gate) lists them: the hits of the kind and the user's stored memories of it (the
newest :data:`SCAN` memories, or the slot's) are kept at the answerability point, first; for a ``plan``, ``trip`` or
``kinds`` question the hits of no such kind are put below it (no flood: only facts of the asked kind). At most
:data:`MAX_LISTED` facts (the block's token budget cuts further). A question whose kind holds nothing stored stays as
the gate left it.

Read path: regex, :mod:`memcli.read.kinds`, the slot vocabulary and the store's slot and list reads; no model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from memcli.en_plural import singular
from memcli.read.domain_request import memory_domains
from memcli.read.kinds import FAMILY, FAMILY_WORDS, kinds_of
from memcli.read.results import Hit, row_hit
from memcli.text import to_simplified

__all__ = ["MAX_LISTED", "SCAN", "AllOf", "all_answers", "asked_all", "of_kind"]

#: the user's newest memories read for the facts of a kind (a plan or a thing has no one slot)
SCAN = 200
#: at most this many facts of the kind listed
MAX_LISTED = 12

_FILLER_EN = r"(?:\s+(?:now|right now|at the moment|these days|currently|so far|at all))?\s*[?.!]*\s*$"
_ASK_EN = (
    re.compile(r"^(?:so |and |ok,? )?what (?:are|were) (?:all )?(?:of )?(?:my|our) (?P<noun>[a-z]+)" + _FILLER_EN),
    re.compile(r"^(?:so |and |ok,? )?(?:what|which) (?:kinds? of |sorts? of |types? of )?(?P<noun>[a-z]+) "
               r"(?:do|did|have|had|am|are|was|were|can|could) (?:i|we)(?: [a-z']+){0,3}" + _FILLER_EN),
    re.compile(r"^(?:can you |could you |please )?(?:list|name|tell me) (?:all )?(?:of )?(?:my|our) "
               r"(?P<noun>[a-z]+)" + _FILLER_EN),
)
#: plural-looking words that are no plural noun
_NOT_PLURAL = frozenset({"is", "was", "has", "does", "this", "us", "its", "yes", "less", "news", "plus", "always",
                         "series", "status", "class", "glass", "boss", "address", "business", "fitness", "stress"})
#: the user's own list (我有哪些…, 我都去过哪里, 我们家养了哪些…): 我 opens the clause, the list marker follows
_ASK_ZH = re.compile(r"(?:^|[，,。？?！!；;])\s*(?:那|那么|请问|你说)?我(?:们家?|家)?[^，,。？?！!]{0,6}?"
                     r"(?:哪(?:些|几[个种样家位只条门座项])(?P<noun>[\u4e00-\u9fff]{2})?(?P<rest>[^，,。？?！!]*)"
                     r"|都(?:有|[\u4e00-\u9fff]{1,2}过)什么(?P<noun2>[\u4e00-\u9fff]{2})?(?P<rest2>[^，,。？?！!]*)"
                     r"|都(?:有|[\u4e00-\u9fff]{1,2}过)哪(?:里|儿))")  # (都有 / 都去过: not 都在干什么, a routine)

_PLAN_WORDS = frozenset({"plans", "plan", "计划", "打算", "安排"})
#: places asked with a verb of having been there ("Which countries have I visited?", 我去过哪些城市)
_PLACE_WORDS = frozenset({"countries", "places", "cities", "towns", "states", "国家", "地方", "城市"})
_BEEN = re.compile(r"\b(?:visited|been(?: to)?|went to|gone to|travel+ed(?: to)?|flew to|toured|trips? to)\b"
                   r"|去过|去了|到过|玩过|旅游过|旅行过|游览过", re.I)
#: Chinese words of a family (kinds.py keeps them out of its fitted features; here they only name the kind asked)
_FAMILY_ZH = {"宠物": "animal", "动物": "animal", "车子": "vehicle", "车辆": "vehicle"}

#: what the user means to do (a plan told): English
_PLAN_EN = re.compile(r"\b(?:i|we)(?:'m| am|'re| are)? (?:going to|gonna|planning (?:to|on)|about to|hoping to)\b"
                      r"|\b(?:i|we) (?:plan|intend|hope|mean|aim) to\b|\b(?:i|we)(?:'ll| will| shall)\b"
                      r"|\bmy plan is\b", re.I)
_PLAN_ZH = re.compile(r"打算|计划|准备|(?<!不)要去|将要|想去|下个?(?:月|周|星期|礼拜)|明年|后年|等.{1,4}(?:了|后)就")
#: the nouns of pastimes: a liking of food or drink is none (:func:`memcli.read.domain_request.memory_domains`)
_PASTIMES = frozenset({"hobbies", "pastimes", "interests", "爱好", "兴趣"})
_DISLIKE = re.compile(r"\b(?:hate|hates|dislike|dislikes|can't stand|don't like|do not like|not a fan)\b|"
                      r"不喜欢|讨厌|不爱|受不了", re.I)
#: the user's own doing (a language spoken, a sport played)
_SELF = re.compile(r"\b(?:i|i'm|i've|i'd|we|we're|we've|my|our)\b|我", re.I)
#: the user's own (a pet kept, a car had), not a thing met or feared
_MINE = re.compile(r"\b(?:my|our|have|has|got|adopted|own|owns|keep|keeps|rescued|bought)\b|养|我的|我们的|我家|我有",
                   re.I)


@dataclass(frozen=True)
class AllOf:
    """What a question asking for all of a kind asks: ``plan`` (plans), ``trip`` (places been to), ``kinds`` (of
    :mod:`memcli.read.kinds`), ``slots`` (slot keys); none of them: the slots of the hits the gate let through."""

    noun: str
    plan: bool = False
    trip: bool = False
    kinds: frozenset[str] = frozenset()
    slots: tuple[str, ...] = ()


def asked_all(question: str) -> AllOf | None:
    """What ``question`` asks all of (module doc), or None when it asks no list."""
    from memcli.read.slot_leg import query_slot_keys

    q = to_simplified(question or "").strip()
    noun = None
    if q.isascii():
        low = re.sub(r"\s+", " ", q.casefold())
        m = next((m for rx in _ASK_EN if (m := rx.search(low))), None)
        if m is None or not m.group("noun").endswith("s") or m.group("noun") in _NOT_PLURAL:
            return None
        noun = m.group("noun")
        kinds = kinds_of(singular(noun)) | kinds_of(noun)
        family = FAMILY_WORDS.get(singular(noun))
    else:
        m = _ASK_ZH.search(q)
        if m is None or len(m.group("rest") or m.group("rest2") or "") > 6:
            return None
        noun = m.group("noun") or m.group("noun2") or ""
        kinds, family = (kinds_of(noun) if noun else frozenset()), _FAMILY_ZH.get(noun)
    if family:
        kinds = kinds | {k for k, f in FAMILY.items() if f == family}
    if noun in _PLAN_WORDS:
        return AllOf(noun, plan=True)
    if noun in _PLACE_WORDS and _BEEN.search(q):
        return AllOf(noun, trip=True)
    if kinds:
        return AllOf(noun, kinds=frozenset(kinds))
    # the attribute the noun itself names (hobbies, 爱好 → like), never one the verb alone reads: "which composers
    # do I enjoy" lists no other liking (only the answered slots below)
    return AllOf(noun, slots=tuple(query_slot_keys(noun) if noun else query_slot_keys(q)))


@lru_cache(maxsize=1)
def _theirs_en() -> re.Pattern[str]:
    """A relation of the user's as the subject of a having or a plan ("My husband has a parrot", "my sister's
    going to…"); "My brother gave me a hamster" is the user's."""
    from memcli.slots import EN_RELATIONS

    rel = "|".join(sorted((re.escape(w) for w in EN_RELATIONS if w.isascii() and len(w) >= 3), key=len, reverse=True))
    return re.compile(rf"\b(?:my|our) (?:{rel})s?(?:'s)? (?:(?!i\b|we\b)[a-z]+ ){{0,2}}?(?:has|have|owns?|keeps?|"
                      rf"got|adopted|bought|rescued|is going|are going|plans?|intends?|will)\b"
                      rf"|\b(?:{rel})s?(?:'ll|'s going)\b", re.I)


@lru_cache(maxsize=1)
def _relation_keys() -> frozenset[str]:
    from memcli.slots import EN_RELATIONS, GENERAL_RELATIONS, ZH_RELATIONS

    return frozenset({*EN_RELATIONS.values(), *ZH_RELATIONS.values(), *GENERAL_RELATIONS,
                      *(k for ks in GENERAL_RELATIONS.values() for k in ks)})


def _relation_slot(slot: str | None) -> bool:
    """A slot of a relation's or a named person's fact (``mother.owns.…``, ``person:tom.…``), not the user's."""
    head = str(slot or "").split(".", 1)[0]
    return head.startswith("person:") or head in _relation_keys()


@lru_cache(maxsize=1)
def _their_subject() -> re.Pattern[str]:
    """A statement opening with a relation of the user's, or a thing of theirs, as its subject ("My wife speaks
    Italian", "My older sister plays golf", "My mum's cat is called Tiger")."""
    from memcli.slots import EN_RELATIONS

    rel = "|".join(sorted((re.escape(w) for w in EN_RELATIONS if w.isascii() and len(w) >= 3), key=len, reverse=True))
    return re.compile(rf"^\W*(?:my|our) (?:[a-z]+ )?(?:{rel})s?(?:'s)?\b", re.I)


_USER_TOO = re.compile(r"\b(?:me|us|i|we|my own)\b", re.I)


def _theirs(text: str) -> bool:
    """Whether ``text`` tells another person's fact (their pet, their plan, their language), not the user's ("My
    brother gave me a hamster" is the user's: the user is in it too)."""
    from memcli.read.mismatch import relation_words

    if not text.isascii():
        return bool(relation_words()[2].search(text))
    if _theirs_en().search(text):
        return True
    m = _their_subject().search(text)
    return m is not None and not _USER_TOO.search(text, m.end())


def of_kind(asked: AllOf, statement: str, slot: str | None) -> bool:
    """Whether a fact (``statement``, its ``slot``) is one of what ``asked`` lists (module doc), and the user's own
    (no relation's slot or subject: "My husband has a parrot" is no pet of the user's); for ``slots`` (or the
    answered slots) by its slot: ``like`` holds ``like.jazz``."""
    text = to_simplified(statement)
    if _relation_slot(slot) or _theirs(text):
        return False
    if asked.plan:
        return bool(_PLAN_ZH.search(text) if not text.isascii() else _PLAN_EN.search(text))
    if asked.trip:  # been there, not meaning to go
        return bool(_BEEN.search(text)) and not (_PLAN_ZH.search(text) if not text.isascii() else _PLAN_EN.search(text))
    if asked.kinds:
        kept = any(FAMILY.get(k) in ("animal", "vehicle") for k in asked.kinds)  # a pet or a car is had
        return bool(kinds_of(text if not text.isascii() else text.casefold()) & asked.kinds) and (
            str(slot or "").startswith(("owns.", "thing:")) or bool((_MINE if kept else _SELF).search(text)))
    if _DISLIKE.search(text) or asked.noun in _PASTIMES and "activity" not in memory_domains(slot, text):
        return False  # a dislike is no liking, a taste in food no pastime
    return _in_slots(asked, slot)


def _in_slots(asked: AllOf, slot: str | None) -> bool:
    return bool(slot) and any(slot == k or str(slot).startswith(k + ".") for k in asked.slots)


def all_answers(store: Any, user: str, question: str, hits: list[Hit], point: float | None, limit: int, *,
                as_of: Any = None) -> list[Hit] | None:
    """For a question :func:`asked_all` reads, ``hits`` with every stored fact of the asked kind first at ``point``
    (the answerability point) and, for a plan or a kind of thing, the hits of no such kind below it; None when
    ``question`` asks no list, ``point`` is None (no gate) or nothing of the kind is found (the hits stay as the
    gate left them). At most ``max(limit, facts listed)`` hits, the facts at most :data:`MAX_LISTED`; the caller
    recounts ``below_floor``."""
    if point is None or (asked := asked_all(question)) is None:
        return None
    if not (asked.plan or asked.trip or asked.kinds):  # and the slots of the hits the gate let through (favourite.…)
        answered = tuple(h.slot for h in hits if not h.below_floor and h.slot and h.origin != "episode"
                         and not _relation_slot(h.slot))
        if not asked.slots and not answered:
            return None
        asked = AllOf(asked.noun, slots=tuple(dict.fromkeys([*asked.slots, *answered])))
    if asked.slots:
        ids = store.slot_search(user, list(asked.slots), limit=SCAN, as_of=as_of)
        rows = [r for r in (store.items_by_ids(user, ids) if ids else [])
                if of_kind(asked, str(r["statement"]), r.get("slot"))]
    else:
        rows = [r for r in store.list_items(user, limit=SCAN, as_of=as_of)
                if of_kind(asked, str(r["statement"]), r.get("slot")) and not (asked.plan and _passed(r, as_of))]
    if not rows:
        return None
    found = {h.id: h for h in hits if h.id is not None and h.origin != "episode"}
    ranked = sorted(rows, key=lambda r: (int(r["id"]) not in found, -(found[int(r["id"])].score if int(r["id"])
                                                                        in found else 0.0)))[:MAX_LISTED]
    ids = {int(r["id"]) for r in ranked}
    low = min((h.score for h in hits), default=1.0)
    first = [found.get(int(r["id"])) or row_hit(r, low, "all") for r in ranked]
    for h in first:  # (a leg of its own: the block's ratio cut spares it, as a slot leg's hit)
        h.p_relevant, h.below_floor, h.legs = max(h.p_relevant or 0.0, point), False, sorted({*h.legs, "all"})
    rest = [h for h in hits if h.id not in ids or h.origin == "episode"]
    for h in rest:  # no flood: a fact of another kind is no answer of this list (of a slot asked: a dislike, a taste;
        if (asked.plan or asked.trip or asked.kinds or _in_slots(asked, h.slot)) and not of_kind(
                asked, h.statement, h.slot) or (
                asked.plan and _passed({"event_when": h.event_when}, as_of)):  # a plan whose date passed)
            h.below_floor = True
    return (first + rest)[:max(limit, len(first))]


def _passed(row: dict[str, Any], as_of: Any) -> bool:
    """A plan whose date (its ``event_when``: a year, month or day) ended before today (or ``as_of``): not current."""
    from memcli.timeutil import event_day, now_utc

    day = event_day(row.get("event_when"))
    return day is not None and day[0] < (as_of or now_utc()).date().isoformat()[:len(day[0])]

