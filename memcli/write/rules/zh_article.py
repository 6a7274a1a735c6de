"""一 before a measure word after a copula is the article "a", no count (round 40): a leaf of the number reading.

我开的车是一辆本田 / 我是一名牙医 / 它是一只橘猫 say "is a Honda", "am a dentist", "is a ginger cat" — the way
English "is a" states no number (:func:`memcli.write.rules.match.numbers_of` reads "one", never "a"). Read as 1,
the classifier made such a statement look more specific than one without it (我骑的是捷安特 → 我骑的车是一辆美利达
was a refinement, UPDATE, for its "1") and clash with any statement that says a count. After 是 / 当 / 做 / 成为 /
作为 nothing is counted: what the subject is, is said. Where a count is what is said — 我有一个外孙 / 我有两个外孙,
我养了一只猫, 只有一个 — 一 stays the number 1, so a changed count still clashes.
"""

from __future__ import annotations

import re

__all__ = ["without_articles"]

#: a copula (是, 当, 做, 成为, 作为) and 一 before a measure word of things and what it measures
_ZH_IS_A = re.compile(r"(是|当了?|做了?|成为了?|作为|成了)一(?=[个只辆位条本台件双套间所张部名头匹棵朵把支颗栋座艘款]"
                      r"[\u4e00-\u9fffA-Za-z])")


def without_articles(text: str) -> str:
    """``text`` (simplified Chinese) with each 一 that is an article after a copula removed (我是一名牙医 →
    我是名牙医, 我的车是一辆本田 → 我的车是辆本田); a count (我有一个外孙) unchanged."""
    return _ZH_IS_A.sub(r"\1", text)
