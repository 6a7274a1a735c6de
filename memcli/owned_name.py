"""The name of a thing of the user's, asked ("What's my dog's name?", 我的猫叫什么名字), is not the user's own
``name``. Round 31: read as ``name``, such a question met "My name is Priya" through the slot leg, and with no pet
of that kind stored the user's own name came back as the answer. The question asks no key of the user's then; the
thing's name is told in many shapes (我养了一只橘猫，名字叫年糕: ``owns.橘猫``; "My dog's name is Rex":
``thing:dog.name``), which the other legs find. A pure function of the question text, for
:func:`memcli.slot_query.query_slots`."""

from __future__ import annotations

import re

__all__ = ["owned_name"]

#: my X's name (X one word: dog, cat, car, boat; a relation is read before this, as the question's subject)
_EN = re.compile(r"\bmy ([a-z][a-z-]{1,20})'s (?:full |real |first |last |nick)?name\b")
#: 我的X叫什么 / 我家的X的名字 (X one to four characters; not 我的名字 itself)
_ZH = re.compile(r"我(?:们家|家)?的?([\u4e00-\u9fff]{1,4}?)(?:的名字|叫什么|叫啥|名字叫)")
_NOT_THING = re.compile(r"名|姓|号|网|英文|中文|全")


def owned_name(t: str, keys: list[str]) -> list[str]:
    """``keys`` (a question's slot keys, the user's own: no subject) without ``name`` when ``t`` (the casefolded
    question, ' for ’) asks the name of a thing of the user's (see the module doc); ``keys`` as they are
    otherwise."""
    if "name" not in keys:
        return keys
    m = _EN.search(t) or _ZH.search(t)
    if m is None or _NOT_THING.search(m.group(1)) or m.group(1) in ("own", "user"):
        return keys
    return [k for k in keys if k != "name"]
