"""A calendar date with its year an English clause tells, as the time the fact began (round 45).

"In 2019 I moved to Leeds", "I started at Acme on 3 March 2024", "back in 2015 I lived in Oslo", "I got married in
June 2018", "on March 3, 2024 we adopted Max", "in the summer of 2019 we bought the house": the year told (with its
month, season, or day and month) is when the fact began — its ``valid_from`` — as "since March 2024" already was
(:mod:`memcli.write.rules.en_since`); round 44 read such a clause as valid from when it was said, and a fronted date
("In 2019 I …") hid the fact from the rules.

The date's words stay in the statement (a calendar date never goes stale, unlike "last month"): one said first is
said last, after what it dates ("In 2019 I moved to Leeds" → "I moved to Leeds in 2019"), the form the rules read.
A year alone is its first day, a month its first day, as "since 2019" is; a season the first day of the month it
opens (spring March, summer June, autumn / fall September, winter December of that year). A date after the day it is
said names no start (:func:`memcli.reltime.moved_back` keeps the said time): "in May 2030" is a plan's time.

Not a told date: a decade ("in the 1990s", "in 2010s"), a year with no "in" / "back in" / "on" before it, a range
opened with "from" (:data:`~memcli.write.rules.en_since.START` reads "since" only).

Pure functions over text; imports only leaves.
"""

from __future__ import annotations

import re

from memcli.reltime import EN_MONTHS

__all__ = ["TOLD", "front_to_end", "told_date"]

_MONTH = "(?:" + "|".join(EN_MONTHS) + ")"
_DAY = r"\d{1,2}(?:st|nd|rd|th)?"
_YEAR = r"(?:19|20)\d{2}(?![\d'’]|s\b)"
#: a season and the month it opens (its first day dates a fact told in it: "in the summer of 2019" → 1 June 2019)
_SEASONS = {"spring": 3, "summer": 6, "autumn": 9, "fall": 9, "winter": 12}
_SEASON = "(?:" + "|".join(_SEASONS) + ")"
#: the words of a told calendar date with its year (no group of its own; case-insensitive by its users)
TOLD = (r"(?:back )?in (?:(?:early|late|mid) )?(?:" + _MONTH + r",? |(?:the )?" + _SEASON + r"(?: of)? )?" + _YEAR + "|"
        r"(?:back )?on (?:the )?" + _DAY + r" (?:of )?" + _MONTH + r",? " + _YEAR + "|"
        r"(?:back )?on " + _MONTH + " " + _DAY + r",? " + _YEAR)
_TOLD = re.compile(TOLD, re.I)
_MONTHS = [m.casefold() for m in EN_MONTHS]
_PARTS = re.compile(r"(?:(?P<d1>\d{1,2})(?:st|nd|rd|th)? (?:of )?)?(?P<month>" + "|".join(_MONTHS) +
                    r")?(?: (?P<d2>\d{1,2})(?:st|nd|rd|th)?)?,? ?(?P<year>\d{4})$")


def told_date(words: str) -> tuple[str, int] | None:
    """The start a told date names, as :func:`memcli.reltime.moved_back` reads it: "in 2019" → ("on_date",
    20190101), "in June 2018" → ("on_date", 20180601), "on 3 March 2024" / "on March 3, 2024" → ("on_date",
    20240303); None when ``words`` (stripped of a trailing comma and spaces) are not one told date."""
    w = words.strip(" ,").casefold()
    if not _TOLD.fullmatch(w):
        return None
    rest = re.sub(r"^(?:back )?(?:in|on) (?:the )?(?:(?:early|late|mid) )?", "", w)
    if (season := re.match(_SEASON + r"(?: of)? (\d{4})$", rest)) is not None:
        return "on_date", int(season[1]) * 10000 + _SEASONS[rest.split()[0]] * 100 + 1
    m = _PARTS.match(rest)
    if m is None:
        return None
    month = _MONTHS.index(m["month"]) + 1 if m["month"] else 1
    return "on_date", int(m["year"]) * 10000 + month * 100 + max(int(m["d1"] or m["d2"] or 1), 1)


def front_to_end(c: str, start: int, end: int) -> str:
    """Clause ``c`` with the told date at ``c[start:end]`` said last when it opens the clause ("In 2019 I moved to
    Leeds" → "I moved to Leeds in 2019"; "Back in 2015, I lived in Oslo" → "I lived in Oslo back in 2015"); ``c``
    as it is when the date stands anywhere else or nothing is left without it."""
    rest = c[end:].strip(" ,")
    if c[:start].strip(" ,") or len(rest.split()) < 2:
        return c
    words = c[start:end].strip(" ,")
    return f"{rest.rstrip(' .!')} {words[:1].lower()}{words[1:]}"
