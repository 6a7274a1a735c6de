"""A question about the user's animal by its kind, read with the name the user gave it (round 47).

我家猫叫年糕, and later 年糕只吃三文鱼味的猫粮: what the user told of the cat is told by its name, and a fact (or a turn
kept as an episode) about 年糕 shares no word with 我的猫吃什么 or "what does my cat eat?" — the kind is the
question's, the name the fact's. :func:`kind_named` puts the name after the kind the question names (我的猫年糕吃什么,
"what does my cat 年糕 eat?"), as :func:`memcli.read.subject.kin_named` puts a relation before a name: the lexical
and episode legs then find what was told by the name.

The kind: an animal (:data:`memcli.read.kinds.FAMILY`) the question names as the user's own (我的 / 我家 / 我们家 …,
my / our + a word of the kind); the name: of the user's active ``thing:<word>.name`` memories for the words of that
kind (ONE bounded slot query), the name each says (叫 / 名叫 / 名字是…, called / named / name is …), when they say
one name only. Unchanged: a question naming no owned animal, one asking the name itself, one already saying the name,
and a kind the user named two of (or none).
"""

from __future__ import annotations

import re
from datetime import datetime

from memcli.db.store import MemoryStore
from memcli.read.kinds import FAMILY, KINDS
from memcli.text import to_simplified

__all__ = ["kind_named"]

#: how many name memories of the kind are read
_NAMES_READ = 8
_ZH_CALLED = re.compile(r"(?:叫做?|名叫|名字(?:是|叫))\s*([A-Za-z][\w'-]{1,15}|[\u4e00-\u9fff]{1,4})")
_EN_CALLED = re.compile(r"\b(?:called|named|name is|name's)\s+([A-Z][\w'-]{1,15}|[\u4e00-\u9fff]{1,4})")
#: a question asking the name itself (我的猫叫什么, "what's my dog called"): the answer is the name memory
_ASKS_NAME = re.compile(r"叫什么|什么名字|叫啥|名字|\bname\b|\bcalled\b|\bnamed\b", re.I)


def _words(kind: str) -> list[str]:
    zh, en = KINDS[kind]
    return sorted({*zh.split(), *(w.strip() for w in en.split(",") if w.strip())}, key=len, reverse=True)


def kind_named(store: MemoryStore, user: str, text: str, *, as_of: datetime | None = None) -> str:
    """``text`` (a query) with the name the user gave the animal it names as theirs put right after the kind word
    (see the module doc); ``text`` unchanged otherwise."""
    if _ASKS_NAME.search(text):
        return text
    simplified = to_simplified(text)
    for kind in (k for k, f in FAMILY.items() if f == "animal" and k in KINDS):
        words = _words(kind)
        alt = "|".join(map(re.escape, words))
        m = re.search(rf"(?:我|我们)(?:的|家的?)({alt})", simplified) or \
            re.search(rf"\b(?:my|our)\s+({alt})(?:s|es)?\b", simplified, re.I)
        if m is None:
            continue
        keys = [f"thing:{w.casefold()}.name" for w in words]
        ids = store.slot_search(user, keys, limit=_NAMES_READ, as_of=as_of)
        names = set()
        for row in store.items_by_ids(user, ids):
            said = to_simplified(str(row["statement"]))
            if got := _ZH_CALLED.search(said) or _EN_CALLED.search(said):
                names.add(got.group(1))
        if len(names) != 1:
            return text
        name = names.pop()
        if name.casefold() in simplified.casefold():
            return text
        gap = " " if m.group(1).isascii() else ""
        return f"{text[:m.end()]}{gap}{name}{text[m.end():]}"
    return text
