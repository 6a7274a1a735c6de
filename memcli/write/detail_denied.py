"""A "no" about how a thing is had, not whether: a detail denied beside the habit it details (round 41).

我拿铁不加糖 ended 我每天早上喝一杯拿铁, "I take my tea without lemon" ended "I have a cup of black tea every
afternoon": the negation word made the pair a polarity flip, and the judge read a flip of the habit. But the "no" is
about an accompaniment or a manner — what goes in it, on it or with it (without X, with no X, has no X; 不加 / 不放 /
不戴 / 不带 / 不配 / 不蘸 / 不撒 X) — and X is nothing the stored fact says: the habit goes on, the detail is one more
fact (ADD). When the stored fact names X ("I take my tea with lemon", 我喝咖啡加奶) the "no" denies it and the judge's
word stands; so it does when the statement holds another negation or tells a change (不再, "no longer", 改).

:func:`detail_denied` says why such a pair is two facts. Pure functions over
:class:`~memcli.write.rules.Facts`; imports only leaves.
"""

from __future__ import annotations

import re

from memcli.text import lang_of, to_simplified
from memcli.write.pair_facts import content_units
from memcli.write.rules.match import Facts, expand_en, polarity_of
from memcli.write.unlinked import change_verb

__all__ = ["denied_detail", "detail_denied"]

#: an accompaniment denied: "without (any) lemon", "with no sugar", "has no salt" (the thing: one or two words)
_EN_DETAIL = re.compile(r"\b(?:without|with no|(?:has|have|had) no)\s+(?:any\s+|a\s+|an\s+|the\s+)?"
                        r"(?P<x>[a-z][a-z-]*(?:\s+(?!in\b|on\b|with\b|at\b|for\b|when\b|while\b|and\b|but\b|it\b)"
                        r"[a-z][a-z-]*)?)")
#: 不加糖, 没放葱, 不戴泳帽: a verb of putting in, on or with, denied, then the thing (up to its clause's end)
_ZH_DETAIL = re.compile(r"(?:不|没|没有|别)(?:加|放|搁|戴|带|配|蘸|撒|兑)(?P<x>[\u4e00-\u9fff]{1,4}?)"
                        r"(?:了|的|哦|啊|呢)?(?=[，。,.!！?？；;]|$)")


def denied_detail(statement: str) -> tuple[str, str] | None:
    """``(thing, rest)``: the accompaniment ``statement`` denies (lemon of "I take my tea without lemon", 糖 of
    我拿铁不加糖) and the statement without its denial; None when it denies none, or says another "no" besides."""
    zh = lang_of(statement) == "zh"
    text = to_simplified(statement) if zh else expand_en(statement)
    m = (_ZH_DETAIL if zh else _EN_DETAIL).search(text)
    if m is None:
        return None
    rest = text[:m.start()] + " " + text[m.end():]
    if not polarity_of(rest.strip() or "x"):
        return None  # another "no" besides the detail's
    return m["x"], rest


def detail_denied(new: Facts, old: Facts) -> str | None:
    """Why a CONFLICT or UPDATE of ``old`` (stored, positive) by ``new`` (incoming, with a negation) is two facts:
    ``new`` denies only an accompaniment or manner of the thing ``old`` tells (see the module doc), names that thing
    outside its "no", and ``old`` says nothing of what is denied. A one-line reason, or None."""
    if new.positive or not old.positive or change_verb(new.statement):
        return None
    got = denied_detail(new.statement)
    if got is None:
        return None
    thing, rest = got
    old_text = to_simplified(old.statement) if lang_of(old.statement) == "zh" else expand_en(old.statement)
    if lang_of(thing) == "zh":
        if thing in old_text or any(thing[i:i + 2] in old_text for i in range(len(thing) - 1)):
            return None  # 我喝咖啡加奶 / 我喝咖啡不加奶: the stored fact names what is denied
    elif content_units(thing) & content_units(old_text):
        return None
    if not content_units(rest) & content_units(old_text):
        return None  # the denial is not said of the stored fact's thing: the judge's to weigh
    return f"a detail denied (no {thing}): how the stored fact's thing is had, not whether"
