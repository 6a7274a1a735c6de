"""A date an English question names (round 34): the memories said or dated then come first.

"What did I bake on 12 March, 2026?", "What did I start in June 2025?": the question names the day or the
month the thing was said or happened, and the memory that answers rarely repeats it ("I made a lemon tart"),
while the dense and lexical legs rank every other baking memory alike. :func:`asked_window` reads the window
(``[start, end)`` in UTC: a day widened by 12 hours each side for time zones, or a calendar month) from the
question; :func:`in_window` tells whether a memory was said then (``valid_from``) or is about a day in it
(``event_when``). The retrieval lowers the hits outside the window by :data:`OUTSIDE`, as it lowers those
holding no asked value (:func:`memcli.read.asked_value.lift`), only when a hit inside it exists. Chinese
questions are left as they were (not measured there).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from memcli.reltime import EN_MONTHS

__all__ = ["OUTSIDE", "asked_window", "in_window"]

#: the factor of a hit said and dated outside the window when a hit inside it exists (LoCoMo conversations 0-4:
#: 0.3 and 0.1 found the same, 0.55 — the asked value's factor — less)
OUTSIDE = 0.3

_MON = r"(january|february|march|april|may|june|july|august|september|october|november|december)"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"((?:19|20)\d{2})"
# 12 March, 2026 / 12th of March 2026 / March 12, 2026 / March 12th 2026
_DAY_FIRST = re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MON},?\s+{_YEAR}\b", re.IGNORECASE)
_MONTH_FIRST = re.compile(rf"\b{_MON}\s+{_DAY},?\s*{_YEAR}\b", re.IGNORECASE)
# in June 2025 / during June, 2025 (a month with no day)
_MONTH_ONLY = re.compile(rf"\b{_MON},?\s+{_YEAR}\b", re.IGNORECASE)
# the day a question says relative to the date ("the week before March 3"): not that day
_RELATIVE = re.compile(r"\b(?:before|after|since|until|till|by|prior to)\s+(?:the\s+)?$", re.IGNORECASE)


def _day(y: str, m: str, d: str) -> datetime | None:
    try:
        return datetime(int(y), EN_MONTHS.index(m.casefold()) + 1, int(d), tzinfo=UTC)
    except ValueError:
        return None


def asked_window(question: str) -> tuple[datetime, datetime] | None:
    """The window ``[start, end)`` (UTC) of the one date an English ``question`` names: a day (widened by 12
    hours each side: the user's day in any time zone) or a calendar month; None when it names none, more than one, or
    names it as a bound ("before", "after", "by", "since": the thing is not of that day)."""
    days = [(m, _day(m.group(3), m.group(2), m.group(1))) for m in _DAY_FIRST.finditer(question)]
    days += [(m, _day(m.group(3), m.group(1), m.group(2))) for m in _MONTH_FIRST.finditer(question)]
    if days:
        if len(days) > 1 or days[0][1] is None or _bound(question, days[0][0].start()):
            return None
        d = days[0][1]
        return d - timedelta(hours=12), d + timedelta(hours=36)
    months = list(_MONTH_ONLY.finditer(question))
    if len(months) != 1 or _bound(question, months[0].start()):
        return None
    y, mo = int(months[0].group(2)), EN_MONTHS.index(months[0].group(1).casefold()) + 1
    start = datetime(y, mo, 1, tzinfo=UTC)
    return start, datetime(y + mo // 12, mo % 12 + 1, 1, tzinfo=UTC)


def _bound(question: str, at: int) -> bool:
    return _RELATIVE.search(question[max(0, at - 24):at]) is not None


def in_window(row: dict[str, Any], window: tuple[datetime, datetime]) -> bool:
    """Whether the memory ``row`` (``valid_from``: when it was said or became true; ``event_when``: the day it
    is about, ISO, may be None) falls in ``window``; a habit (``kind`` habit, or a statement of "usually", 平时:
    :func:`memcli.read.time_intent.habitual`, round 39) is of no window, wherever it was said."""
    from memcli.read.time_intent import habitual
    from memcli.timeutil import from_iso

    if habitual(row.get("kind"), str(row.get("statement") or "")):
        return False

    start, end = window
    try:
        if start <= from_iso(row["valid_from"]) < end:
            return True
    except (KeyError, TypeError, ValueError):
        pass
    when = str(row.get("event_when") or "")[:10]
    if len(when) == 10:
        try:
            day = datetime.fromisoformat(when).replace(tzinfo=UTC)
        except ValueError:
            return False
        return start <= day < end
    return False
