"""A home or an age is ended only by a statement that tells a home or an age (round 47, zh and en).

Round 47's trial: "I live in Portland with my partner Sam" was ended (fitted judge CONFLICT p=0.82, most weight on
``change_marker`` and ``names_changed``) by "…I signed up for the Portland half marathon in October", and the new
home "we're in the new place in Beaverton" by "we switched the kids to a new pediatrician, closer to the new house"
— the user was left with no home at all. An event held in a city, a thing near the house, a trip, a doctor: none
of them says the home changed. So a stored home — a ``residence`` slot (anyone's: my mom lives in Tucson), or a
statement that tells one (live in, moved to, we're in the new place, 住在, 搬到) — is kept beside an incoming
statement that tells no home: no ``residence`` slot and no word of living, moving or an address. A statement
that does (we moved to Y, our new address is …, 搬到了Y) is left to the judge and the move rules as before.

The same trial ended "Ruby just turned 4" (``person:ruby.age``) by "Ruby started preschool this week" (CONFLICT
p=1.00 on ``change_marker``): an age is ended only by a statement that tells an age (turned, years old, is 5,
a birthday, 岁) — another deed of the same child is another fact.

Pure functions of text.
"""

from __future__ import annotations

import re

from memcli.text import lang_of, to_simplified
from memcli.write.rules.match import Facts

__all__ = ["age_kept", "home_kept", "tells_age", "tells_home"]

_EN_HOME = re.compile(
    r"\b(?:live[sd]?|living|move[sd]?|moving|relocat\w+|settled|resid\w+|address|based in|hometown|"
    r"home (?:is|now)|(?:back|get|got|went|go|going|came|come|coming) home|"
    r"(?:we|i|they|he|she)(?:'re|'m| are| am| is|'s)? (?:now |finally |all |officially )*(?:in|into) "
    r"(?:the|our|my|a|their|his|her) (?:new |own )?(?:place|house|home|flat|apartment|condo|digs)|"
    r"(?:bought|buying|rent(?:ed|ing)?|sold|selling|lease[sd]?) (?:a|the|our|my) (?:new )?(?:house|home|flat|"
    r"apartment|condo|place))\b", re.I)
_ZH_HOME = re.compile(r"住|搬|定居|安家|落户|户口|地址|老家|回家|新家在|家在|[买租]了?(?:房|套房|公寓)")
#: a stored statement that is a home (narrower than a word of home: "I love living alone" is no home of a place)
_EN_IS_HOME = re.compile(r"\b(?:live[sd]?|living) (?:in|at|on|near)\b|\bmoved? (?:to|into|back to)\b|"
                         r"\b(?:we|i)(?:'re|'m| are| am) (?:now |finally |all )*in (?:the|our|my) new "
                         r"(?:place|house|home|flat|apartment|condo)\b", re.I)
_ZH_IS_HOME = re.compile(r"住在|搬到|搬去|定居在|新家在|家住")


def tells_home(statement: str, slot: str | None) -> bool:
    """Whether ``statement`` (either script; ``slot``: its slot or None) tells where someone lives: a ``residence``
    slot, or a word of living, moving, settling or an address (live in, moved to, we're in the new place, 住在,
    搬到, 新家在)."""
    if slot and slot.rsplit(".", 1)[-1] == "residence":
        return True
    zh = lang_of(statement) == "zh"
    return bool((_ZH_HOME if zh else _EN_HOME).search(to_simplified(statement) if zh else statement))


def home_kept(new: Facts, old: Facts) -> str | None:
    """Why a CONFLICT / UPDATE of the stored ``old`` by the incoming ``new`` is no change of home (None: it may
    be one): ``old`` tells where someone lives and ``new`` tells no home at all — "signed up for the Leeds 10k",
    "a dentist closer to the new flat", 报名了杭州马拉松 beside 我住在杭州."""
    zh = lang_of(old.statement) == "zh"
    home = (old.slot or "").rsplit(".", 1)[-1] == "residence" or bool(
        (_ZH_IS_HOME if zh else _EN_IS_HOME).search(to_simplified(old.statement) if zh else old.statement))
    if not home or not old.positive or tells_home(new.statement, new.slot):
        return None
    return "a home is ended only by a statement of where someone lives; this one tells none"


_EN_AGE = re.compile(r"\bturn(?:ed|s|ing)?\b|\b(?:age|aged|ages|old|birthday|bday)\b|"
                     r"\b(?:is|'s|was|are|'re|were|am|'m) (?:\w+ )?\d{1,3}\b(?! ?(?:%|percent|am|pm|minutes?|hours?))|"
                     r"\b(?:is|'s|was|are|'re|were|am|'m) (?:about |almost |nearly |only |just )?(?:one|two|three|"
                     r"four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|"
                     r"eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)\b", re.I)
_ZH_AGE = re.compile(r"岁|年龄|年纪|生日|周年")


def tells_age(statement: str, slot: str | None) -> bool:
    """Whether ``statement`` (either script; ``slot``: its slot or None) tells someone's age: an ``age`` slot, or
    turned / years old / is 5 / a birthday / 岁 / 生日."""
    if slot and slot.rsplit(".", 1)[-1] == "age":
        return True
    zh = lang_of(statement) == "zh"
    return bool((_ZH_AGE if zh else _EN_AGE).search(to_simplified(statement) if zh else statement))


def age_kept(new: Facts, old: Facts) -> str | None:
    """Why a CONFLICT / UPDATE of a stored age (``old``: an ``age`` slot) by ``new`` is no other age (None: it may
    be one): ``new`` tells no age — "Ivy started school this week" beside "Ivy just turned 5"."""
    if not old.slot or old.slot.rsplit(".", 1)[-1] != "age" or tells_age(new.statement, new.slot):
        return None
    return "an age is ended only by a statement of an age; this one tells none"
