"""A past month, season or calendar date an English clause tells, as the time told back it names (round 44).

:func:`past_span` reads the words :data:`memcli.write.rules.en_words`' relative-time pattern matched: "back in
March", "last winter", "earlier this year" — and a start told by its calendar date, :data:`START`: "since March",
"since March 2024", "since the 3rd of March", "from 3 March 2024 on", "since 2019". The start is when the fact began
(its ``valid_from``); its words stay in the statement ("since 2019" says what began). Round 43 read a start by its
month only: "since March 2024" was read as this year's March, "since 2019" and "since the 3rd of March" as nothing
(valid from when they were said), in a sentence and in a short reply alike ("How long have you lived in Leeds?"
"Since 2019.").

A month with no year is the last such month (this month's at the latest), a day with no year the last such day on or
before the said one; a year alone its first day, the way a month alone is its first. A date after the said day, or a
day the month does not hold, names no start (:func:`memcli.reltime.moved_back` keeps the said time).

Pure functions over text; imports only leaves.
"""

from __future__ import annotations

import re

from memcli.reltime import EN_MONTHS

__all__ = ["START", "STARTS", "past_span"]

_MONTH = "(?:" + "|".join(EN_MONTHS) + ")"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
#: the words of a start by its calendar date (no group of its own): a month with a day before or after it and a year,
#: or "since" + a year (not "from 2019", which opens a range as often as a start)
START = (r"(?:ever since|since|from|starting(?: in| from| on)?) (?:the )?(?:" + _DAY + r" (?:of )?)?" + _MONTH +
         r"(?: " + _DAY + r"(?![\d:]))?(?:,? (?:19|20)\d{2}(?!\d))?(?: on(?:wards?)?\b)?|"
         r"(?:ever )?since (?:19|20)\d{2}(?![\d:])(?: on(?:wards?)?\b)?")
#: the words that open a start
STARTS = ("since ", "ever since ", "from ", "starting ")

#: the month a season ends in (pair_dates reads "last winter" the same way)
_SEASON_END = {"spring": 5, "summer": 8, "fall": 11, "autumn": 11, "winter": 2}
_MONTHS = [m.casefold() for m in EN_MONTHS]
_START_PARTS = re.compile(r"(?:(?P<d1>\d{1,2})(?:st|nd|rd|th)? (?:of )?)?(?P<month>" + "|".join(_MONTHS) +
                          r")?(?: (?P<d2>\d{1,2})(?:st|nd|rd|th)?(?!\d))?(?:,? ?(?P<year>\d{4}))?$")


def past_span(w: str) -> tuple[str, int] | None:
    """A month, season, year or date that can only be past, as :func:`memcli.reltime.moved_back` reads it: "back in
    March" → ("month_of", 3), "last winter" → ("season", 2), "earlier this year" → ("year_start", 0), "since March
    2024" → ("on_date", 20240301), "since the 3rd of March" → ("month_day", 303), "since 2019" → ("on_date",
    20190101); None for one that may lie ahead or recur ("in April", "this summer", "this year": its words are
    kept). ``w``: the matched words, case-folded."""
    if w.startswith(STARTS):
        rest = re.sub(r"^(?:ever since|since|from|starting(?: in| from| on)?) (?:the )?|,? on(?:wards?)?$", "", w)
        m = _START_PARTS.match(rest.strip())
        if m is None or not (m["month"] or m["year"]):
            return None
        month = _MONTHS.index(m["month"]) + 1 if m["month"] else 1
        day = int(m["d1"] or m["d2"] or 0)
        if m["year"]:
            return "on_date", int(m["year"]) * 10000 + month * 100 + max(day, 1)
        return ("month_day", month * 100 + day) if day else ("month_of", month)
    if w.startswith("back in "):
        return "month_of", _MONTHS.index(w.split()[-1]) + 1
    if w.startswith("last ") and w.split()[-1] in _SEASON_END:
        return "season", _SEASON_END[w.split()[-1]]
    return ("year_start", 0) if w == "earlier this year" else None
