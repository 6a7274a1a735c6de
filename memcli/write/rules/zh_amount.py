"""A Chinese amount told changed, then its new value without its name (round 44): 房租涨了，现在每月5000.

Chat names the amount once, in the clause that tells it changed (房租涨了, 工资又涨了, 物业费降了), and gives
the new value in the next clause with no subject (现在每月5000). Read alone, that clause is the user's
(我现在每月5000: the rent lost, a slot of the number); read with the amount's name (房租现在每月5000) it is the
rent's new value, which a question about the rent finds and which ends the old one. Pure functions.
"""

from __future__ import annotations

import re

from memcli.write.rules.zh_conj import prepare

__all__ = ["AMOUNT_CHANGED", "amount_changed"]

#: a clause telling that an amount changed, by the amount's name alone (房租涨了, 我的工资又涨了, 物业费降了)
AMOUNT_CHANGED = re.compile(r"^(?:我(?:们家)?的?|家里的?)?(?P<thing>[\u4e00-\u9fff]{1,5}?)(?:又|也|都|终于|已经|刚)?"
                             r"(?:涨|降|变|减|加|提高|上调|下调|调整)(?:价|薪)?了")
#: a number told (5000, 一万, 两千块): the clause tells an amount
_AMOUNT = re.compile(r"\d|[一二两三四五六七八九十百千万]+(?:块|元|千|万|百)")


def amount_changed(before: str, clause: str) -> str | None:
    """The amount ``before`` tells changed (房租 of 房租涨了) when ``clause``, the clause after it, gives a number
    and no subject of its own (现在每月5000): whose the number is; None otherwise."""
    b, c = prepare(re.split(r"[，,]", before, maxsplit=1)[0]), prepare(re.split(r"[，,]", clause, maxsplit=1)[0])
    m = AMOUNT_CHANGED.match(b) if b else None
    if m is None or not c or not _AMOUNT.search(c) or re.search(r"[我你您他她它]", c) or AMOUNT_CHANGED.match(c):
        return None
    return m.group("thing")
