"""一 before a measure word is the article "a", no count (round 40): a leaf of the number reading.

一辆大众朗逸 / 一只橘猫 / 一个姐姐 say "a Volkswagen", "a ginger cat", "a sister" — the way English "a" is no number
and "one" is (:func:`memcli.write.rules.match.numbers_of`). Read as 1, the classifier made a statement look more
specific than one without it (我开的是比亚迪 → 我开的车是一辆大众朗逸 was a refinement, UPDATE, for its "1") and
clash with any other count. 一 stays a number when a count is what is said: after a count word (只有一个孩子, 就一辆,
一共, 唯一), in a question of how many, before a time or a measure (一年, 一次, 一米八, 一个月) and inside a
bigger numeral (十一个, 第一个).
"""

from __future__ import annotations

import re

__all__ = ["without_articles"]

#: 一 before a measure word of things (个只辆位条本台件…) followed by what is counted
_ZH_A = re.compile(r"(?<![\d零〇一二两三四五六七八九十百千万几第])一(?!个(?:月|星期|礼拜|小时|钟头|半|多))"
                   r"(?=[个只辆位条本台件双套间所张部名头匹棵朵把支颗栋座艘款][\u4e00-\u9fffA-Za-z])")
#: a count said as a count: 一 in it is the number
_ZH_COUNTED = re.compile(r"只有|只生了?|就一|仅|一共|总共|唯一|独生|才一|多少|几个")


def without_articles(text: str) -> str:
    """``text`` (simplified Chinese) with each 一 that is an article before a measure word removed
    (我有一只猫 → 我有只猫); unchanged when the text says a count (我只有一个孩子)."""
    return text if _ZH_COUNTED.search(text) else _ZH_A.sub("", text)
