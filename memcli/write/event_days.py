"""Two events told of two different days are two facts (round 43's trial).

"Yesterday I had lunch with 3 friends" (said Nov 6) and "Yesterday I had lunch with 5 friends" (said Nov 13) share
every content word; the judge read another number as a changed value (CONFLICT, "number/date changed") and the first
lunch was hidden. An event told of a day — a deed in the past tense (had, visited, went; 去了, 吃了) — is no
one-value fact: what happened on Nov 5 still happened when something like it happens on Nov 12. A change of a
one-value attribute (a strong slot: residence, job) is the slot comparison's to weigh, and a retelling of the same
day (a correction: "sorry, it was 4 friends") keeps its day; so does an event told with a year or month in its
words (in 2015, last September, 去年): one event retold may correct its date.

:func:`other_day_event`: the reason, or None. Pure; imports only leaves.
"""

from __future__ import annotations

import re
from datetime import datetime

from memcli.reltime import EN_MONTHS
from memcli.text import lang_of, to_simplified
from memcli.write.change_rules import EN_TOLD_EVENT
from memcli.write.rules.match import Facts
from memcli.write.value_types import strong

__all__ = ["as_time", "other_day_event", "tells_event"]

#: a Chinese deed done (a verb then 了 / 过: 去了, 吃了一顿, 看过), not a change of state told with 了 (搬到…了, 不…了)
_ZH_DEED = re.compile(r"(?:去|吃|喝|看|买|玩|见|逛|参观|参加|爬|跑|游|骑|做|请|约|聚|打|踢|唱|拍|学)(?:了|过)")
_ZH_NOT_DEED = re.compile(r"不|没|搬|换|辞|开始|以后|以前|每|经常|常常|总是|一直")


#: a time coarser than a day in the words (a year, a month, a season, "last year", 去年, 三月): the event may be one
#: retold with its date corrected ("I joined the choir in 2018" / "… last year"), the judge's to weigh
_COARSE_TIME = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)|\b(?:" + "|".join(EN_MONTHS) + r"|spring|summer|autumn|fall|"
                          r"winter|year|years|month|months|ago|since|when)\b|年|月|季|假", re.I)


def tells_event(text: str) -> bool:
    """``text`` tells a deed done once (English: I / we / my X + a past verb; Chinese: a deed verb + 了 / 过, no
    negation, habit or change of state)."""
    if lang_of(text) == "zh":
        t = to_simplified(text)
        return bool(_ZH_DEED.search(t)) and not _ZH_NOT_DEED.search(t)
    return bool(EN_TOLD_EVENT.match(text)) and not re.search(r"\b(?:not|never|no longer|usually|always|every)\b",
                                                               text, re.I)


def as_time(value: object) -> datetime | None:
    """A stored row's time (a datetime, or ISO-8601 text as some backends give it), or None."""
    if isinstance(value, datetime):
        return value
    try:
        return datetime.fromisoformat(str(value).replace("Z", "+00:00")) if value else None
    except ValueError:
        return None


def other_day_event(new: Facts, old: Facts, new_from: datetime | None, old_from: datetime | None) -> str | None:
    """Why a CONFLICT or UPDATE between ``new`` and ``old`` must be an ADD: neither holds a strong slot, both tell a
    deed done once (:func:`tells_event`), of one polarity, and their valid times (``new_from`` / ``old_from``: when
    each happened, the day its words told) fall on two calendar days. A one-line reason, or None."""
    if new_from is None or old_from is None or new_from.date() == old_from.date() or new.positive != old.positive:
        return None
    if strong(new.slot) or strong(old.slot) or not (tells_event(new.statement) and tells_event(old.statement)):
        return None
    if _COARSE_TIME.search(new.statement) or _COARSE_TIME.search(old.statement):
        return None  # its day is not told: maybe one event retold with another date
    return (f"two events told of two days ({old_from.date().isoformat()} / {new_from.date().isoformat()}): "
            "both happened, neither ends the other")
