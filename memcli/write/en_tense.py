"""English tense words for :mod:`memcli.write.pair_dates` (round 47: moved out of it, by concern): whether a statement
tells what is to come, what was, or neither — so a yearless month or day, a weekday, "in two weeks" is read forward,
back, or as the nearest one. Compiled patterns only."""

from __future__ import annotations

import re

from memcli.en_past import en_irregular_past_rx

__all__ = ["EN_BOOKED", "EN_IN_TIME", "EN_NOW", "EN_PAST", "EN_PAST_FORM", "EN_WILL", "clause_tense", "date_clause"]

EN_WILL = re.compile(r"\b(?:will|shall|won't|gonna|going to|plan(?:s|ned|ning)? (?:to|on)|intend(?:s|ed)? to|"
                     r"scheduled|upcoming|tomorrow|next (?!to\b)|(?:this )?coming)\b|'ll\b", re.I)
#: irregular past forms (went, got, met…: :data:`memcli.en_past.EN_IRREGULAR_PAST`), beside the regular ones in -ed
_IRREGULAR = en_irregular_past_rx()
EN_PAST = re.compile(r"\b(?:was|were|had|did|ago|yesterday|used to)\b|\blast (?!day\b|one\b|chance\b|thing\b)\w+|"
                     rf"\b(?:i|we|he|she|they|you|it)\s+(?:\w+ly\s+)?(?:\w*[^\We]ed|{_IRREGULAR})\b|"
                     r"^\s*\w*[^\We]ed\b|\b(?:have|has|'ve)\s+(?:\w+ed|been|gone|got|gotten|had|seen|met|"
                     r"taken|done|made|bought|left)\b", re.I)
EN_NOW = re.compile(r"(?:\b(?:am|is|are)|'m|'re|'s)\s+(?:\w+ing|on|in|at|due)\b|"
                    r"(?:\b(?:have|has)|'ve)\s+(?:a|an|my|our|his|her|their|the|plans?|one|two)\b|"
                    r"\b(?:needs?|wants?|hopes?|expects?|have|has) to\b", re.I)
#: "in two weeks", "in 3 days": a time to come when nothing in the statement is past ("learned it in two weeks" is a
#: span); round 47: "she's coming to visit in two weeks" was kept as words, undated
EN_IN_TIME = re.compile(r"\bin (?:\d+|an?|one|two|three|four|five|six|a few|a couple of) (?:days?|weeks?|months?)\b"
                        r"(?! (?:ago|old|later|earlier|before))", re.I)
#: a past form with any subject (a name: "Dana moved in March"), which EN_PAST reads after a pronoun only: such
#: a statement tells no bare date (:func:`memcli.write.pair_dates.when_of`)
EN_PAST_FORM = re.compile(rf"\b(?:\w+[^\We]ed|{_IRREGULAR}|was|were|had|did|born)\b", re.I)


#: a past act whose object is a date to come: "signed up for the 10k in June", "booked the flights for March"
EN_BOOKED = re.compile(r"\b(?:sign(?:ed|ing)? up for|register(?:ed)? for|booked|reserved|enrolled|entered (?:the|a)|"
                       r"(?:bought|got) (?:the |our |my )?tickets|rsvp'?d|invited to)\b", re.I)


#: a start told in the present simple ("starts in November", "opens in May"): a time to come
_EN_STARTS = re.compile(r"\b(?:starts?|begins?|opens?|kicks? off|launches|is due|are due)\b", re.I)

#: a deed agreed to, promised or decided ("I agreed to extend the contract to the end of February"): it is to come
_EN_AGREED_TO = re.compile(r"\b(?:agreed|promised|decided|offered|arranged|committed) to (?!(?:the|a|an|my|it|that|"
                           r"this|him|her|them)\b)[a-z]+\b", re.I)


def date_clause(text: str, at: int) -> str | None:
    """(round 48) The clause (between commas, semicolons or dashes) of ``text`` that holds position ``at`` (a
    date's), or None when ``text`` is one clause."""
    cuts = [m.end() for m in re.finditer(r"[,;]\s|\s[-–—]\s", text)]
    if not cuts:
        return None
    start = max([c for c in cuts if c <= at], default=0)
    return text[start:min([c for c in cuts if c > at], default=len(text))]


def clause_tense(clause: str) -> int:
    """(round 48) 1 when an English clause tells what is to come (will, 's moving, starts), -1 what was (a past
    form), 0 neither: "Tom is moving to Lisbon in October, he got a remote job" dates the move by its own clause,
    ahead, though "got" is past (it was dated to the October before); a deed agreed to ("I agreed to extend it to
the end of February") is ahead."""
    if EN_WILL.search(clause) or _EN_AGREED_TO.search(clause):
        return 1
    if EN_PAST.search(clause) or EN_PAST_FORM.search(clause):
        return -1
    return 1 if EN_NOW.search(clause) or _EN_STARTS.search(clause) or EN_IN_TIME.search(clause) else 0
