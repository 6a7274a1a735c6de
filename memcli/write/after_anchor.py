"""A time told after another date of the same turn: "the weekend after", "the day after" (round 47, English).

"Closing is set for May 4th, and we move in the weekend after" is cut into two facts; the second alone ("We move in
the weekend after") names no date, so it was stored undated (round 47's trial: "we move in the weekend after", said
with the closing day, kept as words). When a candidate's statement ends on such a phrase and the turn names exactly
one date before it (:func:`memcli.write.pair_dates.when_of` of the words before), the candidate's ``event_when`` is
that date moved on: the weekend after → its Saturday, the day after → the next day, the week after → its month,
the month after → the next month. The user's words are kept; the date is only stored beside them.

Pure functions; the drain's extraction (:mod:`memcli.write.extract`) asks it of each user turn's candidates.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from memcli.models import Candidate
from memcli.reltime import months_back
from memcli.write.pair_dates import When, when_of, when_to_text

__all__ = ["after_date", "anchored"]

_AFTER = re.compile(r"\b(?:the )?(day|weekend|week|month) after(?: that)?\W*$", re.I)


def after_date(unit: str, d: When) -> When | None:
    """The date ``unit`` ("day", "weekend", "week", "month") after the date ``d``: a day for the day and the
    weekend after (its Saturday), a month for the week and the month after; None when ``d`` is too coarse."""
    if unit == "month" and d.month:
        return When(*months_back(d.year, d.month, -1), relative=True)
    if not (d.month and d.day):
        return None
    day = date(d.year, d.month, d.day)
    if unit == "day":
        day += timedelta(days=1)
    elif unit == "weekend":
        day += timedelta(days=(5 - day.weekday()) % 7 or 7)
    else:
        later = day + timedelta(days=7)
        return When(later.year, later.month, relative=True)
    return When(day.year, day.month, day.day, True)


def anchored(candidate: Candidate, text: str, said: datetime) -> Candidate:
    """``candidate`` with ``event_when`` set when its statement ends on "the weekend / day / week / month after" and
    ``text`` (the turn, as said at ``said``) names exactly one date before that phrase; else ``candidate`` as it
    was (one with a date of its own, another language, no such phrase)."""
    if candidate.event_when is not None or not text.isascii() or not (m := _AFTER.search(candidate.statement)):
        return candidate
    at = text.casefold().find(m.group(0).strip(" .,!?").casefold())
    if at <= 0:
        return candidate
    d = when_of(text[:at], said)
    w = after_date(m.group(1).casefold(), d) if d is not None else None
    return candidate if w is None else candidate.model_copy(update={"event_when": when_to_text(w)})
