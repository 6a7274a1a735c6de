"""An English trip planned, or changed against the old plan: the ``plan.destination`` slot the Chinese
rules give a changed plan (:mod:`memcli.write.rules.zh_plan`), so a later change in either language
meets the plan it replaces.

- a trip planned: the speaker (I, we, my wife and I) going somewhere by a travel verb (flying, driving,
  heading, travelling, taking or planning a trip to …, planning to go to …), or "going to" a named place with
  a time past today (next week, in March, this summer) or a trip word (for a conference, on vacation):
  "I'm flying to Denver next week", "We're going to Lisbon in March"; a place named with "the" (the East Coast, the
  Lake District: round 44) only after a trip word (planning a trip to …) or with such a time;
- a trip changed: a dropped plan and the one that takes its place, in one sentence ("We're not going
  to Lisbon anymore, we're going to Porto instead", "Change of plans: I'm flying to Seattle instead",
  "We're going to Rome instead of Lisbon", "We changed our mind, the trip will be to Oslo instead of Rome": round
  40): the new place is the value.

Not a plan here: a day's errand (going to Costco tomorrow), going to a common noun (the gym, bed),
a wish or a condition (I'd love to go to Japan, if we go to Rome), a question, a plan dropped with
no other place (we're not going to Denver after all), someone else's trip (my boss is flying to Tokyo).

A pure function of one sentence; :func:`memcli.write.rules.en.extract_in_context` calls it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from memcli.rx import rx
from memcli.write.rules.match import Match

__all__ = ["plan_of", "trip_day", "trip_off"]

#: the speaker, alone or with others: I am, we are, my wife and I are (contractions already expanded)
_WHO = r"(?i:I am|we are|(?:my|our) [a-z]+(?: [a-z]+)? and I are)"
#: travel verbs that make a trip whatever the time; "going" / "heading" need a time or a trip word
_TRAVEL = (
    r"(?:flying|driving|travel(?:l)?ing|taking (?:a|the|our) (?:trip|train|flight|road trip|ferry|bus)|off|"
    r"jetting|planning (?:a|an|our|my|the) (?:trip|vacation|holiday|visit|getaway|road trip)|"
    r"planning to (?:go|fly|drive|travel|head|move))"
)
_GOING = r"(?:going|heading|headed)"
#: a named place: capitalised words (St. Louis, New York, Rio de Janeiro), not a weekday, month or relation
_PLACE = r"(?P<place>[A-Z][\w'.-]*(?: (?:de|da|del|la|of|upon|on) [A-Z][\w'.-]*| [A-Z][\w'.-]*){0,3})"
_NOT_PLACE = re.compile(
    r"^(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|^(?:January|February|March|April|May|June|July|"
    r"August|September|October|November|December|Christmas|Easter|Thanksgiving|Mom|Mum|Dad|"
    r"Grandma|Grandpa|Costco|Walmart|Target|Ikea|IKEA|Starbucks|Trader|Whole|Home|The|A|An|I)\b"
)
_PLAN = re.compile(
    r"^(?:(?i:next|this|in|on|over|later) (?:the )?[a-z]+,? )?"  # a time first: "Next month I'm flying to …"
    rf"(?:(?:also|now|actually|finally|still) )?{_WHO} (?:(?:also|now|actually|finally|still|really) )?"
    rf"(?:(?P<travel>{_TRAVEL})|(?P<going>{_GOING}))(?: (?:out|over|back|down|up))? to (?P<the>the )?{_PLACE}"
    r"(?P<tail>.*)$"
)
#: (round 46) a trip meant, in the present: "We plan to visit X", "I intend to go to X", "we're planning to visit X"
_INTEND = re.compile(r"^(I|we) (?:plan|planned|intend|hope|(?:am|are) (?:planning|hoping)) to (?:visit|go to|travel to|"
                     r"fly to|head to) (?=[A-Z])", re.I)
#: a trip word in the travel verb: what a place named with "the" needs to be a trip's (planning a trip to the Alps)
_TRIP_WORD = re.compile(r"\b(?:trip|vacation|holiday|visit|getaway|road trip|flight)\b")
#: a time past the day it is said, or a trip word: "going to Rome" is then a trip, not an errand
_LATER = re.compile(
    r"\b(?:next (?:week|month|year|spring|summer|fall|autumn|winter|weekend)|in (?:January|February|"
    r"March|April|May|June|July|August|September|October|November|December|(?:\d+|a few|a couple of|two|"
    r"three|four|six) (?:days|weeks|months))|"
    r"this (?:spring|summer|fall|autumn|winter|year|christmas)|over (?:the )?(?:holidays|break|"
    r"summer|christmas|new year)|for (?:a|an|the|two|three|\d+|our|my) (?:week|weeks|month|months|"
    r"days|conference|wedding|honeymoon|vacation|holiday|trip|work trip|business trip|getaway)|"
    r"on (?:vacation|holiday|a trip|a business trip|our honeymoon)|instead)\b",
    re.I,
)
#: a dropped plan: "not going to X (anymore)", "cancelled (our trip to) X"
_DROPPED = re.compile(
    rf"\b(?:{_WHO} not|(?:I|we) (?:cancell?ed|scrapped|dropped|called off))(?: (?:our|my|the) "
    rf"(?:trip|flight|vacation|holiday))?(?: (?:{_TRAVEL}|{_GOING}))?(?: to)? [A-Z]",
    re.I,
)
#: not a plan stated: a wish, a condition, a doubt
_UNSURE = re.compile(
    r"\b(?:if|maybe|might|perhaps|would|could|should|hope|hoping|wish|want|wanna|thinking|"
    r"considering|probably|not sure|unless)\b",
    re.I,
)
#: a change's label before the new plan ("Change of plans:", "Plans changed,", round 40: "Actually we changed our
#: mind,")
_LABEL = re.compile(r"^(?:(?:a )?change of plans?|plans? (?:have |has )?changed|new plan|update|(?:(?:so|well|ok|okay|"
                    r"actually),? )*(?:I|we) (?:have |'ve )?(?:changed|change) (?:my|our) minds?)\s*[:,!.-]\s*", re.I)
#: the trip itself given its new place (round 40): "the trip will be to Lisbon instead", "our honeymoon is now in Bali
#: instead of Rome" — what is planned stays, its place changes
_TRIP_TO = re.compile(
    r"^(?i:(?:the|our|my) (?:trip|vacation|holiday|getaway|honeymoon|road trip|flight)(?: (?:in|this|next) [a-z]+)? "
    r"(?:(?:will|is going to) be|is now|is|has been (?:moved|changed|switched)) (?:now )?(?:going )?(?:to|in) )"
    rf"{_PLACE}(?P<tail>.*)$"
)
#: (round 47) the trip's day told in the next clause: "leaving on Tuesday", "flying out Friday morning", "back on the
#: 12th", "we're departing next Monday" — the plan's date, kept in its statement
_DEPARTS = re.compile(
    r"(?i:(?:and |so )?(?:(?:I am|I'm|we are|we're) )?(?:leaving|departing|flying (?:out|back|home)|coming back|"
    r"heading (?:out|back)|setting (?:off|out)|back|returning|home|the flight is|my flight is|our flight is) )"
    r"(?=[^,;.!?]*\b(?i:(?:mon|tues|wednes|thurs|fri|satur|sun)day|tomorrow|tonight|next|this|the \d|\d{1,2}(?:st|nd|"
    r"rd|th)|january|february|march|april|may|june|july|august|september|october|november|december|weekend|week|"
    r"morning|evening|night))[^,;.!?]*")
#: where a sentence's clauses meet (a comma, "and/so/but" before the speaker or a relation), in the words as said
_CUT = re.compile(r",\s*|\s+(?i:so|and|but)\s+(?=(?i:now |then )?(?:I\b(?! are\b| were\b)|(?i:we|my|our)\b))")


def plan_of(sentence: str, prepare: Callable[[str], str]) -> tuple[Match, str] | None:
    """The trip a sentence plans or changes to, and the rest of the sentence after its clauses: statement the
    sentence as said up to the clause naming the new place, slot ``plan.destination``, value the place (case-folded);
    None for anything else (see the module docstring). ``prepare`` readies one clause (contractions expanded,
    fillers dropped: :func:`memcli.write.rules.en.prepare`)."""
    said = sentence.strip().strip(" .!")
    if not said or "?" in said or _UNSURE.search(prepare(said)):
        return None
    pos = label.end() if (label := _LABEL.match(said)) else 0  # the label stays in the statement: it tells the change
    for cut in [*_CUT.finditer(said), None]:
        end = cut.start() if cut else len(said)
        part = rx(r"^(?:(?:so|and|but|now|instead),?\s+)+", re.I).sub("", prepare(said[pos:end]))
        pos = cut.end() if cut else end
        if not part or _DROPPED.search(part) or rx(r"\b(?:not|never|no longer)\b", re.I).search(part):
            continue  # the plan dropped: the place of the clause that takes its place is the value
        part = _INTEND.sub(lambda w: ("I am" if w.group(1).casefold() == "i" else "we are") + " planning to go to ",
                           part)  # (round 46) "We plan to visit Iceland next spring": a trip planned
        if part[:1].islower() and re.match(rf"^(?:{_TRAVEL}|{_GOING}) ", part):
            part = ("we are " if rx(r"\bwe\b", re.I).search(said) else "I am ") + part  # "…, going to X instead"
        m = _PLAN.match(part) or _TRIP_TO.match(part)
        if not m or _NOT_PLACE.match(m.group("place")):
            continue
        if "travel" in m.re.groupindex and not m.group("travel") and not _LATER.search(m.group("tail") + " " + said):
            continue  # "going to Costco tomorrow": an errand, not a trip
        if m.re is _PLAN and m.group("the") and not (_TRIP_WORD.search(m.group("travel") or "") or _LATER.search(
                m.group("tail") + " " + said)):
            continue  # (round 44) "the East Coast" is a place a trip is planned to; "driving to the Apple Store": none
        place = rx(r"\s+(?:instead|again|too)$").sub("", m.group("place"))
        if when := _DEPARTS.match(said, pos):  # (round 47) "…, leaving on Tuesday": the trip's day, in its statement
            end, pos = when.end(), when.end()
        return Match(
            statement=said[:1].upper() + said[1:end].rstrip(" ,.!"),
            kind="other",
            slot="plan.destination",
            value=place.casefold(),
            salience=0.6,
        ), said[pos:]
    return None


def trip_day(clause: str) -> str | None:
    """``clause`` as said when it is only a trip's day ("leaving on Tuesday", "back on the 12th": :data:`_DEPARTS`),
    None otherwise: the plan told before it keeps it (round 47: 我下周要去 Tokyo 出差, leaving on Tuesday)."""
    said = clause.strip().strip(" ,.!")
    return said if (m := _DEPARTS.match(said)) and m.end() == len(said) else None


#: (round 46) a trip called off told with the trip as the subject: "the trip is off", "Our Iceland trip got cancelled",
#: "ok the Lisbon holiday's been called off" (a stop told by the user, "we cancelled the trip", is en_stops')
_TRIP_OFF = re.compile(
    r"^(?:(?:ok|okay|so|well|actually|sadly|unfortunately|oh|anyway|update)[,:!]?\s+)*(?:the|our|my)\s+"
    r"(?P<what>(?:[\w'-]+\s+){0,2}(?:trip|vacation|holiday|journey|getaway|visit))\s+"
    r"(?:is|'s|has been|'s been|got|was|is now)\s+(?:officially\s+)?(?:off|cancell?ed|called off)\b", re.I)


def trip_off(sentence: str) -> Match | None:
    """A trip called off with the trip as the subject ("The Iceland trip is off"): statement as said up to the end of
    its clause, slot ``event.cancelled``, value the trip's words ("iceland trip"); None for anything else."""
    said = sentence.strip().strip(" .!")
    m = _TRIP_OFF.match(said)
    if m is None:
        return None
    end = re.search(r"[,;]|\s+(?:but|so|and)\s", said[m.end():])
    clause = said[: m.end() + (end.start() if end else len(said) - m.end())].rstrip(" ,.!")
    return Match(statement=clause[:1].upper() + clause[1:], kind="other", slot="event.cancelled",
                 value=m.group("what").casefold(), salience=0.6)
