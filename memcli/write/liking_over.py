"""A liking given up in general ends the stored liking of a kind of it.

我特别喜欢吃辣的川菜 (``like.辣的川菜``) then 我现在不太能吃辣了 (``like.辣``, negative): the later turn says the
user no longer takes spicy food, so the spicy Sichuan dishes go with it — but the two slots differ, the judge
saw two facts and both stayed active (round 21's trial). "I really like sweet desserts" then "I don't eat
sweet things anymore" the same. :func:`broader_liking_over` reads it: the new statement a negated liking of
the user, the stored one a positive liking whose object is the new object with more said of it — in Chinese
the stored object opens with the new one before 的 (辣的川菜 ⊃ 辣) or ends with it (a Chinese compound's head comes
last: 红酒 is a kind of 酒, 鲈鱼 of 鱼), in English every content word of the new
object (but the general nouns food / things / stuff) is a word of the stored one. The decision
(:func:`memcli.write.decide._linked_change`) makes it a CONFLICT. Pure functions over :class:`Facts`.
"""

from __future__ import annotations

import re

from memcli.slots import split_slot
from memcli.write.rules.match import Facts

__all__ = ["broader_liking_over", "is_liking_given_up"]

_ZH_VERB = re.compile(r"^(?:吃|喝|玩|看|听|用|穿)")
#: nouns that name no kind of their own: "spicy food" is the spicy, "sweet things" the sweet
_EN_GENERAL = frozenset("food foods thing things stuff dish dishes drink drinks meal meals".split())
_EN_WORD = re.compile(r"[a-z]+")


def _object(f: Facts) -> str | None:
    if not f.slot or f.subject != "me":
        return None
    _, attr, obj = split_slot(f.slot)
    return obj if attr == "like" and obj else None


def is_liking_given_up(new: Facts) -> bool:
    """``new`` is a negated liking of the user (我不太能吃辣了, "I don't eat sweet things anymore")."""
    return not new.positive and _object(new) is not None


def broader_liking_over(new: Facts, old: Facts) -> str | None:
    """Why the negated liking ``new`` ends the stored positive liking ``old`` of a kind of its object (see
    the module doc); None when it does not (another object, the same polarity, not both the user's likings)."""
    a, b = _object(new), _object(old)
    if a is None or b is None or new.positive or not old.positive:
        return None
    if any("\u4e00" <= ch <= "\u9fff" for ch in a + b):
        x, y = _ZH_VERB.sub("", a).removesuffix("的"), _ZH_VERB.sub("", b)
        if x and y != x and (y.startswith(x + "的") or y.startswith(x) and len(x) >= 2 or y.endswith(x)):
            return f"a liking given up ({x}) ends the liking of a kind of it ({y})"
        return None
    x = {w for w in _EN_WORD.findall(a) if w not in _EN_GENERAL}
    y = set(_EN_WORD.findall(b))
    if x and x < y:
        return f"a liking given up ({' '.join(sorted(x))}) ends the liking of a kind of it ({b})"
    return None
