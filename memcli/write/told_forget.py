"""A user's request, said in a turn, to forget a thing they told ("Please forget that my wife is vegetarian",
"forget that I love drawing horses", 忘掉我不喝咖啡这件事吧, 别记着我妈妈的生日了): the drain acts on it.

:func:`requested` reads the things a turn asks to have forgotten (the words after *forget (that)* / *don't
remember* / 忘掉 / 别记着 / 把…忘了吧, the admitted slip beside it left out: "…, I mixed it up", 我记错了); only a
turn that is chatter whole (:func:`memcli.write.chatter.is_chatter`: the request opens it, nothing told beside it)
and made no memory is read. :func:`forget_told` then invalidates the active memories each thing **clearly names**
— bitemporal, never deleted: ``invalid_at`` and ``expired_at`` set to when the drain acts, ``invalid_reason``
:data:`memcli.db.store.FORGOTTEN` ("forgotten by the user", as ``memcli forget`` sets), a ``FORGET`` event at
level ``told`` with the turn's source id and the cosine. Purging stays the explicit tool's (``memcli forget
--purge``).

A strong match only (:func:`matches`), among the user's :data:`NEAREST` nearest active memories by the default
model's cosine:

- **the same person**: the thing's slot subject (:func:`memcli.slots.slot_subject`, ``me`` for the user) is the
  memory's — "forget that my uncle plays golf" never forgets "I play golf" (cosine 0.81), nor 我妈妈的生日 the
  father's;
- and one of: **the same slot** at cosine >= :data:`SAME_SLOT` (``wife.diet``: "my wife is vegetarian" → "My wife
  is vegetarian", not "My wife is vegan" at 0.83); **the thing's attribute word in the memory** at cosine >=
  :data:`NAMED_ATTR` (别记着我妈妈的生日了 → 我妈妈的生日是…), or naming
  the memory's attribute and no value (忘掉我外甥的学校吧 → ``nephew.school``, :data:`memcli.slots.ATTRIBUTES`'
  nouns) at cosine >= :data:`NAMED_SLOT`; or **nearly the same words** at cosine >= :data:`SAME_WORDS`;
- never more than the thing names: of the memories that pass, those within :data:`BAND` of the best.

A request that matches nothing changes nothing; the drain's summary counts it (``forget_unmatched``) beside the
memories it forgot (``forgotten``). Assistant turns never forget (only a user turn is read).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from memcli.db.store import FORGOTTEN, MemoryStore, mark_forgotten
from memcli.models import Candidate
from memcli.slots import ATTRIBUTES, CATCH_ALL_ATTRIBUTES, slot_subject, split_slot
from memcli.text import to_simplified
from memcli.write.chatter import is_chatter, is_forget_request

if TYPE_CHECKING:
    from datetime import datetime

    from memcli.embed import Embedder

__all__ = ["BAND", "NAMED_ATTR", "NAMED_SLOT", "NEAREST", "SAME_SLOT", "SAME_WORDS", "forget_told", "matches",
           "requested"]

#: nearest active memories read per thing
NEAREST = 8
#: cosine at or above which a memory of the thing's own slot (and person) is the thing
SAME_SLOT = 0.85
#: cosine at or above which a memory of the same person whose slot's attribute the thing names, and no value of it,
#: is the thing (忘掉我外甥的学校吧 → 我外甥在…上学, ``nephew.school``, 0.63)
NAMED_SLOT = 0.55
#: cosine at or above which a memory of the same person holding the thing's attribute word is the thing
NAMED_ATTR = 0.75
#: cosine at or above which a memory of the same person is the thing whatever the slots
SAME_WORDS = 0.93
#: of the memories that pass, those within this cosine of the best are forgotten
BAND = 0.05

_EN = re.compile(r"^(?:(?:oh|ok|okay|actually|also|and|sorry|hey)\W+)*(?:please\s+)?"
                 r"(?:(?:can|could|would)\s+you\s+(?:please\s+)?)?"
                 r"(?:forget|unremember|(?:don't|do\s+not|stop)\s+(?:remember|remembering|keeping))\s+"
                 r"(?:about\s+)?(?:the\s+fact\s+|what\s+i\s+(?:said|told\s+you)\s+about\s+)?(?:that\s+)?"
                 r"(?P<thing>.+?)(?:\s+please)?\W*$", re.I)
_ZH_LEAD = r"^(?:请你?|你|麻烦你?|帮我|也|就)*"
_ZH_TAIL = r"(?:这件事情?|这个事情?|这事儿?|的事情?|这条|这一条|这个)?(?:了吧|吧|了|啦|哈)?[。！!～~]*$"
_ZH = re.compile(_ZH_LEAD + r"(?:忘掉|忘记|忘了|别再?记着?|不要再?记着?|不用再?记着?|删掉|删除)"
                 r"(?P<thing>.+?)" + _ZH_TAIL)
_ZH_BA = re.compile(_ZH_LEAD + r"把(?P<thing>.+?)" + r"(?:这件事情?|这个事情?|这事儿?|的事情?|这条|这个)?"
                    r"(?:给)?(?:忘掉|忘了|忘记|删掉|删除|去掉)(?:了吧|吧|了|啦)?[。！!～~]*$")
_CLAUSE = re.compile(r"[^,，;；。!！?？\n]+")
_AND_THAT = re.compile(r"\s+and\s+(?:also\s+)?that\s+|还有|以及", re.I)
_NO_THING = re.compile(r"^(?:it|that|this|everything|all|all of (?:it|that|this)|what i said"
                       r"|我说的话?|这些|那些|这个|那个|刚才的?|一切|所有|全部)\W*$", re.I)


def requested(text: str) -> list[str]:
    """The things a user turn asks to have forgotten, in its words ("my wife is vegetarian", 我不喝咖啡), or []:
    the turn is chatter whole and its first clause that is no chatter is such a request; a thing that names
    nothing ("forget it", 忘了吧, "forget everything") is none. Pure, no store."""
    if not text or not is_chatter(text):
        return []
    for m in _CLAUSE.finditer(text):
        clause = m.group(0).strip()
        if not clause or not is_forget_request(clause):
            continue
        low = to_simplified(clause)
        got = _EN.match(clause) or _ZH_BA.match(low) or _ZH.match(low)
        if got is None:
            continue
        things = [t.strip() for t in _AND_THAT.split(got.group("thing")) if t.strip()]
        return [t for t in things if not _NO_THING.match(t) and len(t) >= 2]
    return []


def _attr_word(slot: str | None) -> str | None:
    """The word a thing's slot names its attribute by when the rules read no attribute of their own
    (``mother.fact.生日`` → 生日), or None."""
    if not slot:
        return None
    _, attr, obj = split_slot(slot)
    word = obj if attr in CATCH_ALL_ATTRIBUTES else None
    return word if word and len(word) >= 2 else None


def _names_attribute(word: str, slot: str | None) -> bool:
    """``word`` is a noun the slot's attribute is named by (学校 → ``nephew.school``:
    :data:`memcli.slots.ATTRIBUTES`)."""
    if not slot:
        return False
    attr = split_slot(slot)[1]
    a = ATTRIBUTES.get(attr)
    return word.casefold() == attr or (a is not None and word.casefold() in (*a.zh_nouns, *a.en_nouns))


def matches(thing_slot: str | None, hits: list[tuple[dict[str, Any], float]]) -> list[tuple[dict[str, Any], float]]:
    """The memories (row, cosine) among ``hits`` (the nearest active ones) that the thing of slot ``thing_slot``
    clearly names: same person and same slot, attribute word or words (module doc), within :data:`BAND` of the
    best. Pure."""
    who = slot_subject(thing_slot)
    word = _attr_word(thing_slot)
    ok = []
    for row, cos in hits:
        if slot_subject(row["slot"]) != who:
            continue
        same_slot = thing_slot is not None and row["slot"] == thing_slot
        attribute = word is not None and _names_attribute(word, row["slot"])
        named = word is not None and word.casefold() in to_simplified(row["statement"]).casefold()
        if ((same_slot and cos >= SAME_SLOT) or (attribute and cos >= NAMED_SLOT) or (named and cos >= NAMED_ATTR)
                or cos >= SAME_WORDS):
            ok.append((row, cos))
    if not ok:
        return []
    best = max(c for _, c in ok)
    return [(r, c) for r, c in ok if c >= best - BAND]


def forget_told(store: MemoryStore, embedder: Embedder, user: str, text: str, source_id: int,
                now: datetime) -> tuple[int, int] | None:
    """Act on a user turn's request to forget (:func:`requested`): invalidate the memories each thing clearly
    names (:func:`matches`), inside the caller's transaction. Returns (memories forgotten, things that matched
    nothing), or None when the turn asks nothing of the kind."""
    from memcli.write.extract import enrich

    things = requested(text)
    if not things:
        return None
    vectors = embedder.embed_batch(things)
    forgotten, unmatched = 0, 0
    for thing, vec in zip(things, vectors, strict=True):
        slot = enrich(Candidate(statement=thing, valid_from=now)).slot
        near = store.knn(user, vec, NEAREST)
        rows = {r["id"]: r for r in store.items_by_ids(user, [i for i, _ in near])}
        hits = [(rows[i], float(c)) for i, c in near if i in rows]
        got = matches(slot, hits)
        unmatched += not got
        for row, cos in got:
            if row["invalid_reason"] == FORGOTTEN or row["expired_at"] is not None:
                continue
            mark_forgotten(store, user, row, now, level="told", source_id=source_id, cosine=round(cos, 4))
            forgotten += 1
    return forgotten, unmatched
