"""A thing told by its name (旺财今年六岁了, ``thing:旺财.age``) is the thing of its kind the user named
(我的狗叫旺财, ``thing:狗.name``): the fact goes under the kind's slot (``thing:狗.age``), so it meets the
age told before (我的狗五岁了) in the slot comparison — before, both ages stayed active.

A person told by their name (小明的生日是8月5号, "Clara's birthday is May 5th", ``person:clara.birthday``) is
the relative the user named (我儿子叫小明 ``son.name``, "My wife Clara is a nurse" ``wife.job``): the fact goes
under the relation's slot (``son.birthday``, ``wife.birthday``), so a correction by the name meets the value told
by the relation — before, both stayed active (round 21's trial). Round 46: a keyed fact of the named person too
("Tom loves jazz" ``person:tom.like.jazz`` → ``wife.brother.like.jazz``), not an event (see :func:`kind_slot`). One
subject for decisions, as the read path's :mod:`memcli.read.kin` makes one subject of a relation said in other words.

The named row is looked for among the candidate's nearest active memories (the decision reads them
anyway); a name that several stored names (or relations) hold, or none, leaves the slot as extracted.
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

from memcli import slots
from memcli.db.store import MemoryStore
from memcli.models import Candidate
from memcli.slots import join_slot, split_slot
from memcli.text import to_simplified
from memcli.write.decide_range import neighbors_of
from memcli.write.pair_names import relations_of

_KINDS_LOOKED_AT = 8
#: a relation of the user's as a statement says it: my / our + up to two words, 我(的) + up to four characters
_MINE = re.compile(r"\b(?:my|our) [a-z-]+(?: [a-z-]+)?|我的?[\u4e00-\u9fff]{1,4}", re.I)
#: the end of the hard guard's objection to a shared slot at a low cosine (memcli.write.judge.hard_guard):
#: a slot the name gave links the two facts, not their words, so the decision sets it aside
LOW_COSINE_GUARD = "a shared slot read from words the model finds unrelated"


def kind_slot(
    store: MemoryStore, user: str, cand: Candidate, vector: np.ndarray | None, nbs: list[Any] | None = None
) -> str | None:
    """``thing:<kind>.<attribute>`` when ``cand``'s slot is ``thing:<name>.<attribute>`` and exactly one
    active ``thing:<kind>.name`` memory among its neighbours says that name; ``<relation>.<attribute>`` when
    it is ``person:<name>.<attribute>`` (or a name read as a thing's, 朵朵) and the
    neighbours that say the name are all of one relative
    (``<relation>.…``, not the user's own nor a named person's); None otherwise."""
    if not cand.slot or not cand.slot.startswith(("thing:", "person:")):  # (豆豆 reads as a person's name)
        return None
    subject, attr, obj = split_slot(cand.slot)
    name = subject.partition(":")[2]
    if not attr or attr in ("name", "nickname") or not name or len(name) > 12:
        return None
    if obj is not None and attr == "event":
        return None  # a person's event stays the name's ("Greg left the company": an ending the user's own job met
    # as the boss's); a person's liking (Tom loves jazz: like.jazz) goes to the relative, and (round 47) a keyed
    # fact told by a pet's name (布丁特别怕放鞭炮, read as person:布丁.like.…) to the kind the name was given
    if nbs is None:
        nbs = neighbors_of(store, user, vector, _KINDS_LOOKED_AT)
    key = to_simplified(name).casefold()
    kinds, relations = set(), set()
    for nb in nbs:
        s = nb.slot or ""
        rel, nb_attr, _ = split_slot(s) if s else (slots.ME, "", None)
        if rel != slots.ME and not rel.startswith(("thing:", "person:")) and _names(nb.statement, key, nb_attr):
            relations.add(rel)  # 我儿子叫小明 / "My wife Clara is a nurse": the relative the name is
        if not (s.startswith("thing:") and s.endswith(".name")):
            continue
        kind = s[len("thing:") : -len(".name")]
        if kind and kind != name and key in to_simplified(nb.statement).casefold():
            kinds.add(kind)
    if len(kinds) + len(relations) != 1:
        return None
    if relations and any(split_slot(nb.slot)[0] == f"person:{key}" for nb in nbs if nb.slot):
        return None  # "My friend Emma…" stored by her name beside "My daughter Emma…": which Emma, not said (r. 46)
    if relations:
        rel = relations.pop()
        # "My friend Emma is a photographer" beside "My daughter Emma is six": another Emma (round 45) — a relation of
        # the user's said in it (my friend, 我同事), not any relation word (美玲在幼儿园当老师: 老师 is her job)
        told = relations_of(" ".join(_MINE.findall(to_simplified(cand.statement))))
        if told and not any(slots.same_relation(t, rel) for t in told):
            return None
        for nb in nbs:  # another relative of that relation named otherwise (Anna and 小美, two sisters): no guess
            r, a, _ = split_slot(nb.slot) if nb.slot else (slots.ME, "", None)
            if a == "name" and r != slots.ME and slots.same_relation(r, rel) and not _names(nb.statement, key, a):
                return None
        return join_slot(rel, attr) + (f".{obj}" if obj is not None else "")  # (round 46: keyed, events too)
    return join_slot(f"thing:{kinds.pop()}", attr) + (f".{obj}" if obj is not None else "")


def _names(statement: str, key: str, attr: str) -> bool:
    """Whether ``statement`` (a relative's memory, of attribute ``attr``) says the relative is called ``key``
    (casefolded, simplified): a name memory that holds it (我儿子叫小明, "My son is called Ollie"), or the
    name said right after the relation ("My wife Clara is a nurse", 我老公王磊是医生) — not a name said
    elsewhere in it ("My son loves Lego")."""
    text = to_simplified(statement).casefold()
    if key.isascii():
        if attr == "name":
            return re.search(rf"(?<![a-z]){re.escape(key)}(?![a-z])", text) is not None
        return re.search(rf"\b(?:my|our) (?:[a-z-]+ ){{1,3}}{re.escape(key)}(?![a-z])", text) is not None
    if attr == "name":
        return key in text
    return re.search(rf"我(?:的)?[\u4e00-\u9fff]{{1,4}}?{re.escape(key)}", text) is not None
