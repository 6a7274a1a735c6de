"""Two things side by side: a Chinese comparison question is the user's when its hits name both; an English
alternative question ("Do I prefer tea or coffee?") offers two of a family.

``书房的椅子和办公室的椅子哪个更贵？``, ``植物园和动物园哪个门票便宜？``: no 我, no relation, its subject named first —
:func:`memcli.read.request.about_world` read it as a question about the world (长江和黄河哪个长), and every hit got
p = 0, though the user told both prices. When the words on each side of the 和 / 跟 / 与 / 还是 that joins the two
are each in a hit (a memory or a turn the question found), the two are things the user told of — theirs, as 我的
would say (round 31: comparisons of items and places). 长江和黄河哪个长 with nothing stored about either stays
the world's.

:func:`offers_alternatives` (round 44): an English yes/no question whose options are joined by "or" ("Do I prefer tea
or coffee?", "Is my sister in Lyon or Paris?", "Do I drive or take the bus to work?") asks which of them holds, and a
memory naming a third of the same family ("I cycle to the office") decides it as well as one naming either: *neither*
(:func:`memcli.read.kinds.kind_feature`).

Pure text: no store access, no model. Read path only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memcli.relazy import holding, lazy

__all__ = ["compared_things", "offers_alternatives"]

#: A 和 B 哪个 / 谁 … 更 / 比较 …: the two sides, the second up to the comparison word
_PAIR_ZH = lazy(r"^(?P<a>[^，,？?]{2,20}?)(?:和|跟|与|同|还是)(?P<b>[^，,？?]{2,20}?)"
                r"(?=哪|谁|相比|比起来|比较|更|，|,)", gate=holding("和", "跟", "与", "同", "还是"))
_ASKS = lazy(r"哪|谁|更|比较|最")
#: an English yes/no question (an auxiliary or modal first, or "which … ") with two options joined by "or" — not "or
#: not", "or so", "or something", "or anything", "or else", "or what" (a tag, not an option)
_ALTERNATIVE_EN = lazy(r"^(?:(?:do|does|did|is|are|was|were|am|have|has|had|can|could|would|will|should|which)\b[^?]*?"
                       r"|[^?]*,\s*(?:(?:the|a|an)\s+)?\w*?)"
                       r"\w\s+or\s+(?!not\b|so\b|something\b|anything\b|else\b|what\b|whatever\b)\w",
                       re.IGNORECASE)


def _side_words(side: str, tokens: Sequence[str]) -> list[str]:
    """The question's content tokens (2+ characters, not ASCII) inside one side of the pair."""
    return [t for t in tokens if len(t) >= 2 and not t.isascii() and t in side]


def compared_things(question: str, tokens: Sequence[str], statements: Sequence[str]) -> tuple[str, ...]:
    """The words naming the two things a Chinese comparison ``question`` (simplified) sets side by side, when a
    word of each side is in one of ``statements`` (the question's hits, memories or turns), else ``()``.
    ``tokens``: the question's content tokens (stopwords dropped). The words are read by
    :func:`memcli.read.request.names_someone` as things of the user's."""
    if question.isascii() or not _ASKS.search(question):
        return ()
    m = _PAIR_ZH.search(question.strip())
    if not m:
        return ()
    found = []
    for side in (m["a"], m["b"]):
        held = [w for w in _side_words(side, tokens) if any(w in s for s in statements)]
        if not held:
            return ()
        found.append(held[0])
    return tuple(found)


def offers_alternatives(question: str) -> bool:
    """``question`` (the question sentence) is an English yes/no or *which* question offering options joined by "or"
    ("Did I go to Rome or Milan last summer?"); False for Chinese and for a tag ("…, or not?")."""
    return question.isascii() and bool(_ALTERNATIVE_EN.search(question.strip()))
