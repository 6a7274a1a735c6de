"""A person's facts after a death or a parting the user told (round 45): not the answer to "my wife", "my grandma".

"My wife is a teacher", then "We got divorced": the teacher is still the ex-wife's job, yet "what does my wife do?"
must not answer with it as the wife's; 我奶奶住在老家农村, then 我奶奶去世了: "where does my grandma live?" must not
answer with the village as where she lives now. The write path keeps both facts (the ex-wife still teaches; where
the grandmother lived stays history); the read path, asked about that person (:func:`memcli.read.person.asked_person`),
leaves out (``below_floor``) the hits of that person told before the ending (valid from before it, or stored
before it: "My wife is a teacher", then "We divorced last month", whose valid time is a month back):

- a **death** (died, passed away, 去世, 过世, 走了): the person's current states (where they live, their job, their
  workplace, what they are doing: the slot attributes of :data:`STATES`); the death itself, their name, their
  birthday stay;
- a **parting** from a partner (divorced, split up, broke up, 离婚, 分手): every fact of that partner told before it
  — the partner it names (my wife, 老公, "my partner": only the one called so), the one it names by name ("Anna and
  I …": a fact naming Anna), or for a divorce that names no one the wife's or husband's.

The ending is read from the user's active memories holding one of the words (one bounded LIKE over the newest rows,
only when a hit of the asked person is there to leave out). Read path only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from memcli.text import lang_of, to_simplified
from memcli.timeutil import maybe_time

__all__ = ["STATES", "ended_answers", "ending_of", "stored_endings"]

#: the slot attributes of a person's current state, which a death ends
STATES = frozenset({"residence", "job", "workplace", "employer", "occupation", "company", "school", "fact", "event",
                    "is", "owns", "like", "hobby", "plan"})
#: the partner relations a parting ends
PARTNERS = frozenset({"wife", "husband", "spouse", "partner", "girlfriend", "boyfriend", "fiance", "fiancee"})

_DEATH = re.compile(r"\b(?:died|passed away|passed on|is dead|was killed)\b|去世|过世|逝世|病逝|走了", re.I)
_PARTING = re.compile(r"\b(?:divorced?|divorcing|split up|broke up|separated|left me|ended (?:it|things))\b|离婚|"
                      r"离了婚|分手|分开了", re.I)
_DIVORCE = re.compile(r"\bdivorc|离婚|离了婚", re.I)
_PARTNER_WORD = re.compile(r"\b(?:wife|husband|spouse|partner|girlfriend|boyfriend|fianc[ée]e?)\b|老婆|老公|妻子|丈夫|"
                           r"媳妇|爱人|男朋友|女朋友|男友|女友|未婚夫|未婚妻", re.I)
_ZH_PARTNERS = {"老婆": "wife", "妻子": "wife", "媳妇": "wife", "老公": "husband", "丈夫": "husband", "爱人": "spouse",
                "男朋友": "boyfriend", "男友": "boyfriend", "女朋友": "girlfriend", "女友": "girlfriend",
                "未婚夫": "fiance", "未婚妻": "fiancee", "fiancé": "fiance", "fiancée": "fiancee"}
_NAMED_PARTNER = re.compile(r"^(?:me and )?([A-Z][a-z]+) and (?:I|me)\b")
_WORDS = ("died", "passed away", "passed on", "is dead", "was killed", "去世", "过世", "逝世", "病逝", "走了",
          "divorce", "split up", "broke up", "separated", "left me", "离婚", "离了婚", "分手", "分开了")


def ending_of(statement: str, slot: str | None) -> tuple[str, str] | None:
    """``("death", subject)`` or ``("parting", partner)`` when ``statement`` tells that a person died or that the
    user parted from a partner (the partner key it names, ``spouse`` for a divorce that names none, ``person:<name>``
    for "Anna and I split up"); None otherwise. ``subject``: :func:`memcli.read.person.memory_subject`."""
    from memcli.read.person import USER, memory_subject

    st = to_simplified(statement) if lang_of(statement) == "zh" else statement
    if _PARTING.search(st):
        m = _PARTNER_WORD.search(st)
        if m:  # "My wife and I divorced", 我和老婆离婚了, "my partner and I split up": that partner only
            word = m.group(0).casefold()
            return "parting", _ZH_PARTNERS.get(word, word)
        if n := _NAMED_PARTNER.match(st):  # "Anna and I got divorced": whoever was told as Anna
            return "parting", f"person:{n.group(1).casefold()}"
        return ("parting", "spouse") if _DIVORCE.search(st) else None
    if _DEATH.search(st):
        subject = memory_subject(slot, statement)
        return ("death", subject) if subject and subject != USER else None
    return None


def _parted(who: str, subject: str, statement: str) -> bool:
    """The parting from ``who`` (a partner key, ``spouse`` for a divorce that names no one, ``person:<name>``) ends a
    fact of ``subject`` (a partner key) whose text is ``statement``: the same partner, a divorce the wife's or
    husband's, a name the fact names too ("My wife Anna …" after "Anna and I got divorced")."""
    if who.startswith("person:"):
        from memcli.read.tokens import has_word

        return has_word(statement.casefold(), who[7:])
    return who == subject or (who == "spouse" and subject in ("wife", "husband", "spouse"))


def _attribute(slot: str | None) -> str | None:
    from memcli.slots import split_slot

    return split_slot(slot)[1] if slot else None


def stored_endings(store: Any, user: str, as_of: datetime | None) -> list[tuple[tuple[str, str], datetime, int]]:  # noqa: ANN401
    """The deaths and partings among ``user``'s active memories holding an ending's word: ((kind, who), valid from,
    id) (:func:`ending_of`; one bounded LIKE)."""
    found = store.like_search(user, list(_WORDS), min_score=1, limit=20, as_of=as_of)
    rows = store.items_by_ids(user, [i for i, _ in found]) if found else []
    out = []
    for r in rows:
        e = ending_of(str(r["statement"]), r["slot"])
        if e and (when := maybe_time(r["valid_from"])) is not None:
            out.append((e, when, r["id"]))
    return out


def ended_answers(store: Any, user: str, hits: Sequence[Any], asked: str | None,  # noqa: ANN401 - a Store
                  as_of: datetime | None = None) -> int:
    """Leave out the hits of ``asked`` (:func:`memcli.read.person.asked_person`, None: nothing to do) that a later
    death or parting ended (the module's rules), reading the endings from ``store``'s active memories of ``user``
    (as of ``as_of``). Returns how many hits it left out."""
    from memcli.read.ex_partner import ex_answers, ex_of
    from memcli.read.person import memory_subject, same_person

    if asked is None or asked.startswith("person:"):
        return 0
    if ex_of(asked):  # an ex asked: the partner's facts told before the last parting answer, no later one (r. 46)
        return ex_answers(hits, asked, stored_endings(store, user, as_of), memory_subject)
    mine = [(h, memory_subject(h.slot, h.statement)) for h in hits
            if h.origin != "episode" and h.statement and not h.below_floor]
    partner_asked = any(same_person(asked, p) for p in PARTNERS)
    mine = [(h, s) for h, s in mine if s and same_person(asked, s)]
    if not mine:
        return 0
    endings = stored_endings(store, user, as_of)
    changed = 0
    for h, subject in mine:
        told = maybe_time(h.valid_from)
        for (kind, who), when, rid in endings:
            if rid == h.id or told is None or (told >= when and h.id > rid):
                continue  # told before the ending: valid before it, or stored before it ("we divorced last month")
            if kind == "death" and same_person(who, subject) and _attribute(h.slot) in STATES:
                pass
            elif not (kind == "parting" and subject in PARTNERS and partner_asked
                      and _parted(who, subject, h.statement)):
                continue
            h.below_floor = True
            changed += 1
            break
    return changed
