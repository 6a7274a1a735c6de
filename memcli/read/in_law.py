"""Kin by marriage asked by the role, told by the partner's name (round 47; query side only).

The user names the partner once ("my partner Sam", "my wife Ana") and then tells of the partner's family by the
partner's name: "Sam's mom is a retired teacher" (stored under ``person:sam.mother.job``), "Sam's mom's name is
Rosa" (under whatever slot the clause gave). A question asks by the role — "what's my mother-in-law's name?",
"what does my sister-in-law do?", 我婆婆… — and the slot leg asked ``mother_in_law.name``: no memory holds it.

:func:`in_law_ids` reads the role as the partner's kin (:func:`memcli.read.kin.composed_prefixes`:
``mother_in_law`` → ``spouse.mother``, ``partner.mother``…), the partner's name from the memories that give it
after the relation word (:func:`memcli.read.slot_leg.relative_names`, read by the caller), and returns the
memories about that kin of that name: under ``person:<name>.<kin>.<attribute>``, or saying "<Name>'s mom /
mother …" in their words (a name asked: only those that give one: "name", "called", "named"). Read path: the store
and leaves only.
"""

from __future__ import annotations

import re
from datetime import datetime

from memcli.db.store import MemoryStore

__all__ = ["in_law_aliases", "in_law_ids", "in_law_pairs", "partners"]

#: the partner's relation keys an in-law is composed over
_PARTNERS = frozenset({"spouse", "partner", "wife", "husband"})
#: a memory that gives a name
_GIVES_NAME = re.compile(r"\b(?:name|named|called|goes by)\b", re.I)


def in_law_pairs(keys: list[str]) -> dict[str, list[tuple[str, str]]]:
    """For each key of ``keys`` whose subject is kin by marriage through the partner (``mother_in_law.name``,
    ``wife_younger_sister.job``), that key → its (partner relation, kin relation) pairs: ``mother_in_law.name`` →
    ``[("husband", "mother"), ("partner", "mother"), …]``. Kin through a sibling (a brother's wife) is not here:
    named in the memories by the sibling, not the partner. {} when no key is one."""
    from memcli.read.kin import composed_prefixes
    from memcli.slots import ME, SOMEONE

    out: dict[str, list[tuple[str, str]]] = {}
    for k in keys:
        subject, dot, _ = k.partition(".")
        if not dot or subject in (ME, SOMEONE) or ":" in subject:
            continue
        pairs = [(o, i) for p in composed_prefixes(subject) if (o := p.split(".")[0]) in _PARTNERS
                 for i in p.split(".")[1:2]]
        if pairs:
            out[k] = pairs
    return out


def in_law_ids(store: MemoryStore, user: str, keys: list[str], found: list[int], names: dict[str, str], *,
               limit: int, as_of: datetime | None = None) -> list[int]:
    """Ids of the memories about the kin by marriage ``keys`` ask (:func:`in_law_pairs`), told by the partner's
    name (see the module doc), best first, not among ``found``; [] when no key asks one or no partner's name is
    told. ``names``: the partner's names (casefolded → relation key) the caller read for :func:`partners` of
    ``keys`` (:func:`memcli.read.slot_leg.relative_names`). At most one slot query and one full-text query for the
    names, each read once."""
    from memcli.slots import EN_RELATIONS, split_slot

    asked = in_law_pairs(keys)
    if not asked or not names:
        return []
    slot_keys, said = [], []
    for k, pairs in asked.items():
        rest = k.partition(".")[2]
        kin = {i for _, i in pairs}
        slot_keys += [f"person:{n}.{i}.{rest}" for n in names for i in sorted(kin)]
        words = [w for w, r in EN_RELATIONS.items() if r in kin and w.isascii() and " " not in w]
        if words:
            said.append((re.compile(rf"\b(?:{'|'.join(map(re.escape, names))})'s (?:{'|'.join(words)})\b", re.I),
                         split_slot(k)[1] == "name"))
    ids = [i for i in store.slot_search(user, list(dict.fromkeys(slot_keys)), limit=limit, as_of=as_of)
           if i not in found]
    if said:
        hits = [i for i, _ in store.fts_search(user, list(names), limit=limit, as_of=as_of)]
        for row in store.items_by_ids(user, [i for i in hits if i not in found and i not in ids]):
            st = str(row["statement"])
            if any(rx.search(st) and (not name or _GIVES_NAME.search(st)) for rx, name in said):
                ids.append(int(row["id"]))
    return ids


#: a thing-keyed subject that is a named person's relative as said ("thing:sam's mom": "Sam's mom's name is …")
_NAMED_KIN = re.compile(r"^(?:person|thing):([a-z][\w-]*)'s ([a-z-]+)$")


def partners(keys: list[str]) -> set[str]:
    """The partner's relation keys the kin by marriage ``keys`` ask is composed over (:func:`in_law_pairs`): whose
    names to read; empty when no key asks one."""
    return {o for ps in in_law_pairs(keys).values() for o, _ in ps}


def in_law_aliases(query_slots: list[str], heads: set[str], names: dict[str, str]) -> dict[str, str]:
    """For a question about kin by marriage (:func:`in_law_pairs`), each hit subject of ``heads`` that is the
    partner by name (``person:sam``, the user's "my partner Sam") → the partner's relation (``partner``), and each
    that is the partner's relative said by name ("thing:sam's mom") → that relation under the partner's
    (``partner.mother``): the hit's slot then reads as the in-law's (:func:`memcli.read.subject.aliased`,
    :func:`memcli.read.question_subject.composed`). ``names``: the partner's names (casefolded → relation key) read
    for :func:`partners` of ``query_slots``; {} when the question asks no in-law."""
    from memcli.slots import relation_en

    if not in_law_pairs(query_slots) or not heads or not names:
        return {}
    out: dict[str, str] = {}
    for h in heads:
        if h.startswith("person:") and h[7:] in names:
            out[h] = names[h[7:]]
        elif (m := _NAMED_KIN.match(h)) and m.group(1) in names and (kin := relation_en(m.group(2))):
            out[h] = f"{names[m.group(1)]}.{kin}"
    return out
