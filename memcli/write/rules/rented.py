"""A home rented in a place is where one lives, in either language (round 40).

"I rent a flat in Cardiff near the castle" was keyed ``fact.rent``, "We're renting a cottage in Kendal" was no fact,
我在苏州租了一套房子 none either and 我租房住在西安 ``fact.住``: none of them the ``residence``, so a move told later
("we moved to Dundee", 我搬到无锡了) ended nothing and "Where did I live before?" found only the new town. Renting,
leasing or subletting a *dwelling* (a flat, a house, a studio, a room; 房子, 公寓, 单间) in a place is living there:
:func:`en_rented_place` and :func:`zh_rented_place` give the place, which the rules key as the residence. Renting a
car, a bike or a storage unit is not (no dwelling word); neither is letting a home out (rent out, 出租, 租出去) nor a
holiday let (every summer, for the holidays, 度假, 民宿). Pure functions of one lower-cased predicate; no model.
"""

from __future__ import annotations

import re

__all__ = ["DWELLING", "en_rented_place", "zh_rented_place"]

#: what is lived in: the head noun after "rent a … "
DWELLING = (r"(?:flat|flats|apartment|apartments|house|home|studio|room|bedsit|condo|condominium|cottage|bungalow|"
                r"townhouse|loft|maisonette|place|duplex|basement|annex|annexe|semi|terrace|one-bed|two-bed|"
                r"one-bedroom|two-bedroom|three-bedroom)")
_EN_RENT = re.compile(
    r"^(?:rents?|rented|(?:am|is|are|was|were|'m|'re) (?:renting|leasing|subletting)|(?:have|has) (?:rented|been "
    r"renting|leased|been leasing)|leases?|leased|sublets?|subletting|renting|leasing)"
    r" (?!out\b)(?:a |an |the |my |our |this |one )?(?:(?!in\b|on\b|at\b|near\b|out\b)[a-z0-9'\-]+ ){0,3}?"
    rf"{DWELLING} (?:(?:just |right )?(?:in|on|at|near|outside|close to) )(?P<place>.+?)[.!]*$", re.I)
#: a let that is no home: a holiday or a weekend, a home let out
_EN_NOT_HOME = re.compile(r"\b(?:every|each|summer|summers|holidays?|vacation|weekends?|for (?:a|the|one|two|three) "
                          r"(?:week|weeks|night|nights|days?)|trip|airbnb|out)\b", re.I)


def en_rented_place(predicate: str) -> str | None:
    """The place a home is rented in (``cardiff near the castle`` of "rent a flat in Cardiff near the castle";
    ``leeds`` of "are renting a house in Leeds"), or None: no dwelling rented, a holiday let, a home let out.
    ``predicate``: the clause after its subject, as the English rules read it (lower case)."""
    m = _EN_RENT.match(predicate.strip())
    if m is None or _EN_NOT_HOME.search(m["place"]) or re.search(r"\bout\b", predicate, re.I):
        return None
    return m["place"].strip(" ,")


_ZH_DWELLING = r"(?:房子|房间|公寓|单间|屋子|一居室|两居室|二居室|三居室|[一二两三]室一厅|套房|小房子|老房子|房)"
_ZH_MEASURE = r"(?:了)?(?:一|两)?(?:套|间|个|栋|处|座)?(?:小|大|新|老|旧)?"
_ZH_RENT = (
    re.compile(rf"^(?:现在|目前|一直)?在(?P<place>[\u4e00-\u9fffA-Za-z]{{2,12}}?)(?<!出)租{_ZH_MEASURE}{_ZH_DWELLING}"
               r"(?:子)?(?:住|来住|住着)?(?:了|呢)?$"),
    re.compile(rf"^(?<!出)租{_ZH_MEASURE}{_ZH_DWELLING}(?:子)?(?:住在|住|在)(?P<place>[\u4e00-\u9fffA-Za-z]{{2,12}}?)"
               r"(?:住)?(?:了|呢)?$"),
    re.compile(r"^租住在(?P<place>[\u4e00-\u9fffA-Za-z]{2,12}?)(?:了|呢)?$"))
#: a let that is no home: a holiday, a weekend, a guesthouse, a home let out
_ZH_NOT_HOME = re.compile(r"出租|租出去|度假|旅游|旅行|民宿|周末|暑假|寒假|几天|一晚|酒店")


def zh_rented_place(predicate: str) -> str | None:
    """The place a home is rented in (宁波 of 在宁波租了个房子, 合肥 of 租房住在合肥, 武汉 of 在武汉租房住), or
    None: no dwelling rented, a holiday let, a home let out. ``predicate``: the clause after its subject."""
    q = predicate.strip().rstrip("。！!")
    if _ZH_NOT_HOME.search(q):
        return None
    for rx in _ZH_RENT:
        if m := rx.match(q):
            return m["place"]
    return None
