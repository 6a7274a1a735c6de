"""The user's own event told with a definite subject and no I/my, and its time (round 31): "The team meeting is
on Monday", "The dentist appointment is at 3 on Thursday", "The wedding's on the 14th of June", "Parents' evening
is next Wednesday", "The kids' swimming lessons start in September", "Tomorrow's interview is at 10".

Said so, "the X" is the speaker's own plan or appointment only when X is a personal event (an appointment, a
meeting, a lesson, a party, a wedding, a trip, a check-up, an interview…): a world fact ("The museum is open on
Mondays", "The election is in May", "The sun sets at 8", "The royal wedding is in May", "The concert is sold
out") names no such event, or a public one, or no single time. Also not an event's time here: a weekly habit
("The lessons are on Tuesdays": :mod:`memcli.write.rules.habit_moved`), a past one ("The meeting was on
Monday"), a place ("The meeting is in room 4"), a question.

Slot ``event.scheduled`` (``child.event.scheduled`` for "the kids'"), value the event word, as
:func:`memcli.write.rules.en_events.event_time` gives "My interview is on Tuesday" — so a later time for the same
event, or "The team meeting got moved to Tuesday" (``event.rescheduled``, read there), ends the time stored
(:func:`memcli.write.event_change.rescheduled`). A pure function of one sentence.
"""

from __future__ import annotations

import re

from memcli import slots
from memcli.write.rules.match import Match

__all__ = ["the_event", "without_opener"]

#: a personal event: what the speaker goes to, has or holds (lower case as said: "the Labour Party" is no party)
_OWN = (r"(?:appointments?|meetings?|interviews?|check-?ups?|surgery|operation|procedure|scan|ultrasound|"
        r"consultation|exams?|tests?|recital|rehearsal|audition|graduation|wedding|party|shower|reunion|trip|flight|"
        r"play ?date|sleepover|haircut|lessons?|class|classes|course|presentation|parent-teacher conference|"
        r"school run|move|viewing|dinner|barbecue|bbq|christening|baptism|funeral|hen do|stag do|"
        r"(?:hen|stag|bachelor|bachelorette) party|open day|sports day|parents' evening|date night|"
        r"parents evening|prom)")
#: a public or world event, not the speaker's ("the royal wedding", "the annual meeting of the shareholders")
_PUBLIC = re.compile(r"\b(?:royal|presidential|national|annual|public|world|international|olympic|celebrity|"
                     r"general|state|city|council|town|shareholders?'?|board|fed|federal|government|cabinet|"
                     r"parliament|senate|congress|nato|opec|fomc|ecb|un|eu|g7|g20|summit)\b", re.I)
#: whose, before it: the kids' / the children's (a child's), tomorrow's / Friday's (its day), or none
_OWNER = (r"(?:(?P<kids>kids'|kid's|children's|child's|boys'|girls'|baby's) |"
          r"(?:tomorrow's|(?:mon|tues|wednes|thurs|fri|satur|sun)day's) )")  # (not today's: a day's own, as before)
_SUBJECT = (rf"(?:(?:(?:the|this|that) )?{_OWNER}|(?:the|this|that) |(?=(?:parents'? evening|sports day|open day|"
            rf"date night|prom|graduation)\b))(?P<what>(?:[a-z0-9'-]+ ){{0,3}}?(?-i:(?P<ev>{_OWN})))"
            r"(?: (?:to|with|at|for|in) [^,.]{1,30}?)?")  # (the trip to the zoo, the meeting with the landlord)
#: is / 's / will be / has been (now, actually…) (scheduled, set, booked…); or starts / begins
_VERB = (r"(?:(?:is|'s|’s|will be|has been|got|was)(?: (?:now|actually|still|finally|already|all))?"
         r" (?:scheduled|set|booked|planned|fixed|confirmed|arranged|pencil+ed in)|(?:is|are|'s|’s) (?:now|actually|"
         r"still|finally)|is|'s|’s|will be|has been|starts?|begins?|(?:is|are) starting|(?:will|should) start"
         r"|(?P<moved>(?:(?:was|got|has been|is being|is|has|have been|were) )?(?:moved|pushed(?: back)?|postponed|"
         r"rescheduled|delayed|bumped|brought forward|moved up|changed)(?: (?:back )?(?:to|until|till|for))?))")
#: a time it is at: a day, a date, a month, a part of the day, an hour
_DAY = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
_MONTH = r"(?:jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"  # noqa: E501
_START = re.compile(rf"^(?:(?:on|at|in|for|this|next|coming|from)\b|{_DAY}|{_MONTH}\b|tomorrow|tonight|today|"
                    r"(?:the )?\d|noon|midday|early|late|mid|end of|later|first thing|the (?:first|second|third|"
                    r"last|end|middle|week|weekend|morning|afternoon|evening|day after)\b)", re.I)
_TIME = re.compile(rf"\b(?:{_DAY}|{_MONTH}|tomorrow|tonight|today|noon|midday|morning|afternoon|evening|weekend|"
                   r"week|month|spring|summer|fall|autumn|winter|\d)", re.I)
#: a weekly habit ("on Mondays", "every week"); a place, a way, or what is no time first ("in room 4", "on Zoom",
#: "on the agenda"; "on Monday at 10 in the big room" is a time)
_HABIT = re.compile(rf"\b(?:every|each|{_DAY}s|weekends|weekdays)\b", re.I)
_NOT_TIME = re.compile(r"^(?:on|in|at|for)\s+(?:the\s+|a\s+|my\s+|our\s+)?(?:[a-z]+\s+)?(?:room|rooms|hall|building|"
                       r"office|floor|street|avenue|suite|gate|terminal|platform|zoom|teams|online|line|agenda|list|"
                       r"hold|way|track|budget|calendar)\b", re.I)
_OPENER = re.compile(r"^(?:(?:sorry|oh|oops|actually|correction|update|wait|ok|okay|fyi|btw|also|just so you know|"
                     r"quick update|heads up|reminder)\b[,:!-]*\s+)+(?=\w)", re.I)
_SAID = re.compile(rf"^{_SUBJECT}(?: |(?=['’]s\b))(?P<verb>{_VERB}) (?P<when>[^,;]{{1,40}}?)"
                   r"(?:(?:,| (?=because|since|as|so|but|and|due to|after|when|instead)\b)[^;]*)?$", re.I)


def the_event(said: str) -> Match | None:
    """The user's event ``said`` (one sentence, stripped of its end mark) gives the time of, led by "the"
    (or a child's, or its day's) and a personal event noun (see the module docstring): statement as said,
    slot ``event.scheduled`` (``child.event.scheduled``), value the event word case-folded
    ("appointment" of "the dentist appointment"); None for anything else."""
    m = _SAID.match(said[:1].lower() + said[1:])  # ("Parents' evening…": a word of the event, not a name)
    if m is None or "?" in said or _PUBLIC.search(m.group("what")):
        return None
    when = m.group("when")
    if not _START.match(when) or not _TIME.search(when) or _HABIT.search(when) or _NOT_TIME.match(when):
        return None
    if m.group("verb").casefold().startswith("was") and not m.group("moved") and not re.search(
            r"\b(?:scheduled|set|booked|planned|fixed|confirmed|arranged|pencil+ed)\b", m.group("verb"), re.I):
        return None  # "The meeting was on Monday": it was, and is no time to keep
    rel = slots.relation_en("kids") if m.group("kids") else None
    ev = m.group("ev").casefold()
    ev = "party" if ev.endswith(" party") else ev
    attr = "rescheduled" if m.group("moved") else "scheduled"
    return Match(statement=said[:1].upper() + said[1:], kind="relationship" if rel else "other",
                 slot=f"{rel + '.' if rel else ''}event.{attr}", value=ev, salience=0.6)


def without_opener(said: str) -> str:
    """``said`` without an opener that leads a correction or an update ("Sorry, the meeting is on Tuesday",
    "Actually my interview is at 10", "Update: …"): the event's time is what follows."""
    return _OPENER.sub("", said, count=1) or said
