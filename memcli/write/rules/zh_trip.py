"""A clause that continues a trip told before it (round 41): 去新疆的机票订好了，5月1号出发.

Chat tells a trip, then when it starts or ends in a clause of its own — a time and a verb of leaving or coming back
(5月1号出发, 十月初出发, 明年六月回来, 周五到) and nothing else. Read alone that clause says only a date: "我5月1号
出发" was stored and where to was lost. It is part of the clause before it, whatever that clause says of the trip
(去新疆的机票订好了, 我报名了一个去日本的旅行团, 我儿子去英国读书了): the two are one memory, said as told; when the
clause before gave no fact, the place it goes to (去/到/飞/回 + a place) is the trip's ``plan.destination``.
Pure functions of the clause's text.
"""

from __future__ import annotations

import re

from memcli.write.rules.zh_plan import _WHEN

__all__ = ["continues_trip", "trip_place"]

#: a time, then leaving or coming back (就/要/会/才 before it), nothing else: 5月1号出发, 明年六月回来, 周五就到了
_GO = re.compile(r"^(?:我们|我)?(?P<when>[^，,。我你他她]{1,12}?)(?:就|要|会|才|再|准备|一起)*"
                 r"(?:出发|动身|启程|起飞|飞过去|回来|回国|返回|返程|回去|到|抵达|走)(?:了|啦|哈)?$")
#: where the trip goes: 去/到/飞(往)/回/前往 + a place (before 的, a trip word, or the clause's end)
_PLACE = re.compile(r"(?:去|到|飞往?|回|前往)(?P<place>[^，,。我你他她的了]{2,8}?)"
                    r"(?=的|旅游|旅行|玩|出差|读书|留学|度假|过年|探亲|看|参加|$|[，,。])")


def continues_trip(clause: str) -> bool:
    """``clause`` only says when a trip leaves or comes back (5月1号出发, 下周三出发, 明年六月回来)."""
    m = _GO.match(clause.strip("，,。！! "))
    return m is not None and bool(_WHEN.search(m.group("when")))


def trip_place(clause: str) -> str | None:
    """The place ``clause`` goes to (去新疆的机票订好了 → 新疆), or None."""
    m = _PLACE.search(clause)
    return m.group("place") if m else None
