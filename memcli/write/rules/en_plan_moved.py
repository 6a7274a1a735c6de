"""A plan's time told by what someone did to it, or a plan changed "instead" (round 47, English).

The event rules (:mod:`memcli.write.rules.en_events`) read a move said of the event ("The wedding got moved to
May"); said of the people who moved it, or as a decision, it was lost and the old time stayed active:

- moved by someone: "(Actually) they moved the wedding up to June 6th (because …)", "We pushed our party back to
  Sunday", "Mia postponed her recital until March" → ``event.rescheduled``, the value the event;
- a home project planned with its time: "We're going to redo the bathroom in the spring", "I'm planning to
  repaint the fence next month" → ``event.scheduled``, the value the thing worked on (``bathroom``);
- a plan changed: "We decided to get the bathroom done in March instead", "We're doing the bathroom in March
  now", "…moved the bathroom redo to March" → ``event.rescheduled``: the decision ends the stored time of the
  same thing (:func:`memcli.write.event_change.rescheduled`).

Statements as said (an opener like "Actually," left out; a plan's without what follows its time: "…, thinking
green tiles" is read apart, so it stays when the plan's time moves). A pure function of one sentence.
"""

from __future__ import annotations

import re

from memcli.write.rules.match import Match

__all__ = ["plan_moved"]

_EVENT = (r"(?:wedding|interview|surgery|operation|appointment|exam|meeting|party|flight|checkup|check-up|recital|"
          r"concert|ceremony|graduation|reunion|conference|presentation|shower|procedure|hearing|audition|trip|"
          r"move|visit|vacation|holiday|christening|baptism|funeral|launch|opening|dinner|barbecue|bbq)")
#: what a home project works on
_THING = (r"(?:kitchen|bathroom|basement|attic|roof|garden|yard|backyard|deck|patio|floors?|living room|bedroom|"
          r"nursery|fence|driveway|porch|garage|house|windows|loft|extension|office|spare room|stairs)")
#: a time after "to" / "in": a day, a month, a season, next …, a date
_WHEN = (r"(?:(?:in|on|to|until|till|for|by|over|next|this|early|late|mid)\b[^,;]{1,30}?|tomorrow|"
         r"(?:january|february|march|april|may|june|july|august|september|october|november|december|spring|summer|"
         r"fall|autumn|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b[^,;]{0,25}?)")
_TIMED = re.compile(r"\b(?:january|february|march|april|may|june|july|august|september|october|november|december|"
                    r"spring|summer|fall|autumn|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday|"
                    r"weekend|week|month|year|tomorrow|\d)", re.I)
#: why or more, after the time: kept in the statement
_WHY = r"(?:(?:,| (?=because|since|as|so|but|and|due to|after|when)\b)[^;]*)?"
_OPENER = re.compile(r"^(?:(?:so|and|oh|well|but|actually|update|ok|okay|anyway|also|btw|quick update)[,:!]? +)+",
                     re.I)
_WHO = r"(?:(?i:they|we|he|she|i)|[A-Z][a-z]+(?: and [A-Z][a-z]+)?|(?i:my|our) [a-z]+(?: and [a-z]+)?)"
#: moved by someone: who, the verb, the event (whose), up/back, to the time
_MOVED_BY = re.compile(
    rf"^(?P<who>{_WHO})(?: (?:just|finally|have|had|already|officially|now))*(?:'ve|'d)? "
    r"(?P<verb>moved|pushed|postponed|rescheduled|bumped|brought|delayed|put off|changed) "
    rf"(?:the|our|their|his|her|my) (?P<what>(?:[a-z'-]+ ){{0,2}}?(?P<ev>{_EVENT}|{_THING}(?: (?:redo|remodel|"
    r"renovation|reno|project|work))?))(?: (?:up|back|forward|out))? (?:to|until|till|for) "
    rf"(?P<when>[^,;]{{1,30}}?){_WHY}$")
#: a home project planned: (we're) going / planning / hoping to <work on> the <thing> (done) <time>
_PROJECT = re.compile(
    r"^(?:i|we)(?:'m|'re| am| are) (?:(?:also|finally|now|still) )?(?:going to|gonna|planning to|planning on|hoping to|"
    r"about to|thinking of|thinking about) (?P<verb>redo|redoing|renovate|renovating|remodel|remodeling|remodelling|"
    r"repaint|repainting|paint|painting|redecorate|redecorating|refinish|refinishing|replace|replacing|rebuild|"
    r"rebuilding|fix up|fixing up|do|doing|get|getting) (?:the|our|my) (?P<ev>" + _THING + r")"
    rf"(?: (?:done|redone|fixed|renovated|remodeled|painted|replaced))? (?P<when>{_WHEN}){_WHY}$", re.I)
#: a plan changed: (we) decided to / are now / will <work on> the <thing or event> (done) <time> instead / now
_CHANGED = re.compile(
    r"^(?:i|we)(?:'ve|'re|'ll| have| are| will)? (?:(?:just|finally|now|actually) )*"
    r"(?:(?:decided|agreed|chose|opted) to |going to |gonna )?(?:(?:now|actually) )?"
    r"(?:redo|renovate|remodel|repaint|paint|do|doing|get|getting|have|having|hold|holding|go with|going with) "
    r"(?:the|our|my) (?P<ev>" + _THING + "|" + _EVENT + r")(?: (?:done|redone|fixed|renovated|remodeled|painted))? "
    rf"(?P<when>{_WHEN}) (?:instead|now)\b{_WHY}$", re.I)


def plan_moved(sentence: str) -> Match | None:
    """The plan ``sentence`` gives a time, moves, or changes (see the module doc): statement as said without an
    opener, slot ``event.scheduled`` / ``event.rescheduled``, value the event or thing worked on (case-folded);
    None for anything else (no time in what follows the verb, a question)."""
    said = sentence.strip().rstrip(" .!")
    said = _OPENER.sub("", said, count=1) or said
    if not said or "?" in said:
        return None
    for rx, attr in ((_MOVED_BY, "rescheduled"), (_CHANGED, "rescheduled"), (_PROJECT, "scheduled")):
        m = rx.match(said)
        if m is None or not _TIMED.search(m.group("when")):
            continue
        ev = re.sub(r" (?:redo|remodel|renovation|reno|project|work)$", "", m.group("ev").casefold())
        told = said[: m.end("when")] if rx is _PROJECT else said  # (a plan's details after it are facts of their
        return Match(statement=told[:1].upper() + told[1:], kind="other", slot=f"event.{attr}", value=ev,
                     salience=0.6)  # own: "…, thinking oak cabinets" stays when the plan's time is moved)
    return None
