"""An English event given its time, or moved to another one: the ``event.scheduled`` / ``event.rescheduled``
slots the Chinese rules give (:mod:`memcli.write.rules.zh_plan`: 答辩定在6月12号, 婚礼推迟到明年五月了).

- given its time: the speaker's (or a relative's) event, then is / is scheduled for / is set for a time:
  "My interview is on Tuesday", "My mom's surgery is scheduled for June 20";
- had on a day: the speaker (or a relative) has or has got the event, then its day: "I have a dentist
  appointment on Friday", "I've got a job interview next Tuesday", "My son has a checkup tomorrow" (round 21:
  it was read as owning the thing, ``owns.dentist appointment``, with the day read as a day past);
- moved: the same event, then moved / pushed back / postponed / rescheduled to a time: "Our wedding got
  pushed to next May", "My dentist appointment was moved to Friday";
- a relative's trip planned and called off ("My sister is planning a trip to Rome in May", "My sister's
  trip to Rome got cancelled"): the relative's ``plan.destination`` / ``event.cancelled`` (the speaker's own
  are :mod:`memcli.write.rules.en_plan`'s and :mod:`memcli.write.rules.en_stops`'s).

The decision ends the memory of the same person that names the event and a time
(:func:`memcli.write.event_change.rescheduled`). Not an event here: what has no time after it ("my
interview went well"), a change of form ("the meeting was moved online"), a question.

A pure function of one sentence; :func:`memcli.write.rules.job_moved.plan_or_job` calls it.
"""

from __future__ import annotations

import re

from memcli import slots
from memcli.write.rules.en_plan import _GOING, _LATER, _PLACE, _TRAVEL, _UNSURE
from memcli.write.rules.en_plan_moved import plan_moved
from memcli.write.rules.en_the_event import the_event, without_opener
from memcli.write.rules.en_words import _REL
from memcli.write.rules.habit_moved import habit_moved
from memcli.write.rules.match import Match

__all__ = ["WHEN", "event_time"]

_EVENT = (r"(?:wedding|interview|surgery|operation|appointment|exam|test|meeting|party|flight|checkup|check-up|"
          r"recital|concert|ceremony|graduation|reunion|conference|presentation|defen[cs]e|shower|procedure|"
          r"hearing|audition|trip|move)")
#: whose: my / our, a relative's (my sister's, my mom's), or a named person's (Jake's)
_WHOSE = (rf"(?:(?:(?:my|our) )?(?P<rel>{_REL})'s|my|our|(?!(?:today|tomorrow|tonight|yesterday|this|that|it|everyone|"
          r"nobody|someone|(?:mon|tues|wednes|thurs|fri|satur|sun)day)'s)(?P<name>(?-i:[A-Z][a-z]+))'s)")
#: a time it is at or moved to: a day, a month, a date, next week, tomorrow, a part of the day
WHEN = re.compile(r"\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|"
                   r"may|june|july|august|september|october|november|december|next|tomorrow|tonight|noon|"
                   r"morning|afternoon|evening|weekend|spring|summer|fall|autumn|winter|end of|\d)", re.I)
#: (round 47) a day gone an event was on ("Theo's wedding was yesterday, …": it was cut to "Theo's wedding was")
_PAST_DAY = re.compile(r"(?:yesterday|today|tonight|last (?:night|week|weekend|month|[a-z]+day)|(?:two|three|four|"
                       r"five|a few|\d+) days ago|this (?:morning|afternoon|evening|past weekend))", re.I)
#: why or more, after the time ("… to December 3rd because the surgeon is away", "…, she told me"): kept in the
#: statement, not in the time
_WHY = r"(?:(?:,| (?=because|since|as|so|but|and|due to|after|when)\b)[^;]*)?"
_SET = re.compile(rf"^{_WHOSE} (?P<what>(?:[a-z'-]+ ){{0,2}}?(?P<ev>{_EVENT}))(?: with [^,.]{{1,30}}?)? "
                  r"(?:is|was|has been|got)(?: (?:now|actually|still))?"
                  r"(?: (?:scheduled|set|booked|planned|fixed|confirmed))?"
                  rf"(?: for| on| at| in)? (?P<when>[^,;]{{1,30}}?){_WHY}$", re.I)
_MOVED = re.compile(rf"^(?:{_WHOSE}|the) (?P<what>(?:[a-z'-]+ ){{0,2}}?(?P<ev>{_EVENT}))(?: with [^,.]{{1,30}}?)? "
                    r"(?:(?:was|got|has been|is being|is|has) )?(?:moved|pushed(?: back)?|postponed|rescheduled|"
                    r"delayed|bumped|brought forward|moved up)(?: (?:back )?(?:to|until|till|for))? "
                    rf"(?P<when>[^,;]{{1,30}}?){_WHY}$", re.I)
#: the event had on a day (round 21): I have / I've got / we have / my son has + (a|an|my|our|the) + the event + the day
_HAS = re.compile(rf"^(?:(?:i|we)(?:'ve| have)?(?: (?:also|just|still|now))? (?:got|have)|(?:my|our) (?P<rel>{_REL})"
                  rf"(?: has|'s got| has got)) "
                  rf"(?:(?:a|an|my|our|his|her|their|the|another) )?"
                  rf"(?P<what>(?:[a-z'-]+ ){{0,2}}?(?P<ev>{_EVENT}))(?: with [^,.]{{1,30}}?)? "
                  rf"(?P<when>(?:on|next|this|at|in|tomorrow|tonight|later this|coming)\b[^,;]{{0,30}}?){_WHY}$", re.I)


_REL_PLAN = re.compile(rf"^(?i:my|our) (?P<rel>(?i:{_REL})) (?:is|are) (?:(?:also|now|still|finally) )?"
                       rf"(?:(?P<travel>{_TRAVEL})|{_GOING})(?: (?:out|over|back|down|up))? to {_PLACE}(?P<tail>.*)$")
_REL_CANCEL = re.compile(rf"^(?:my|our) (?P<rel>{_REL})'s (?P<trip>(?:[\w'-]+ ){{0,2}}?(?:trip|vacation|holiday|visit|"
                         rf"journey|tour|wedding|party)(?: to {_PLACE})?) (?:got|was|has been|is|had to be) "
                         r"(?:cancell?ed|called off)\b", re.I)


def relative_trip(said: str) -> Match | None:
    """A relative's trip planned or called off (see the module docstring), or None."""
    m = _REL_PLAN.match(said)
    if m and not _UNSURE.search(said) and (m.group("travel") or _LATER.search(m.group("tail"))):
        rel = slots.relation_en(m.group("rel"))
        return Match(statement=said[:1].upper() + said[1:], kind="relationship", slot=f"{rel}.plan.destination",
                     value=m.group("place").casefold(), salience=0.6) if rel else None
    if m := _REL_CANCEL.match(said):
        rel = slots.relation_en(m.group("rel"))
        return Match(statement=said[:1].upper() + said[1:], kind="relationship", slot=f"{rel}.event.cancelled",
                     value=m.group("trip").casefold(), salience=0.6) if rel else None
    return None


def event_time(sentence: str) -> Match | None:
    """The event ``sentence`` gives a time or moves to another (see the module docstring): statement as said,
    slot ``event.scheduled`` / ``event.rescheduled`` (a relative's: ``mother.event.scheduled``), value the
    event word (case-folded: "appointment" of "dentist appointment"; what qualifies it stays in the statement);
    None for anything else."""
    said = without_opener(sentence.strip().rstrip(" .!"))  # ("Sorry, my interview is at 10": round 31)
    if not said or "?" in said:
        return None
    if trip := relative_trip(said):
        return trip
    for rx, attr in ((_MOVED, "rescheduled"), (_SET, "scheduled"), (_HAS, "scheduled")):
        m = rx.match(said)
        if m is None or not (WHEN.search(m.group("when")) or rx is _SET and _PAST_DAY.fullmatch(m.group("when"))) \
                or re.match(r"(?:online|virtual|remote)", m.group("when")):
            continue
        rel = slots.relation_en(m.group("rel")) if m.group("rel") else None
        rel = rel or (f"person:{m.group('name').casefold()}" if m.groupdict().get("name") else None)
        return Match(statement=said[:1].upper() + said[1:], kind="relationship" if rel else "other",
                     slot=f"{rel + '.' if rel else ''}event.{attr}", value=m.group("ev").casefold(), salience=0.6)
    # "The team meeting is on Monday" (round 31); "My yoga class moved…"; "they moved the wedding up to …" (r. 47)
    return the_event(said) or habit_moved(said) or plan_moved(said)
