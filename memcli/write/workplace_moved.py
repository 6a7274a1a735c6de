"""A start at another workplace ends the workplace a stored job names; the job itself stays (round 31, English).

"I'm a teacher at Oakwood Elementary" then "I started at Maple High School last week": the new statement's slot is
``workplace``, the stored one's ``job``, so no slot joined them, the judge read two facts and the old school stayed
active beside the new one. Then "I'm a nurse at St. Mary's Hospital" and "I started at a new clinic": the judge
ended the stored memory, and the job (nurse) went with it.

A workplace is one place at a time, a job goes on across workplaces (a teacher who moves school is still a
teacher). So :func:`workplace_left` ends a stored job memory of the same person that names a workplace ("… at X",
:func:`job_at`) when the new statement tells the user started at, joined or moved to another one (a named
workplace, or "a new school / clinic / company …"); and :func:`job_kept` gives the job part ("I'm a teacher") that
:func:`memcli.write.untouched.untouched_parts` re-stores when such a memory ends. Not a start somewhere that is no
workplace ("a new gym", "a yoga class"), not someone else's (my son started at a new school), not a job told
without a workplace ("I'm a teacher": nothing to end), not a place "in" a city ("a teacher in Leeds").
Pure functions of :class:`~memcli.write.rules.match.Facts` and text; no model, no store.
"""

from __future__ import annotations

import re

from memcli.slots import split_slot
from memcli.write.rules.match import Facts

__all__ = ["job_at", "job_kept", "left_from", "workplace_left", "workplace_start"]

#: a job told with the place it is done at: "I'm a teacher at Oakwood Elementary", "I work as a nurse at St. Mary's
#: Hospital", "I teach at …" (the job in its words as said; the place after "at"/"for")
#: when a job is worked, said between "I work" and "as" ("I work nights as a nurse at …"; round 32)
_WHEN = r"(?:nights|evenings|days|mornings|afternoons|weekends|weekdays|nightshifts?|night shifts?|day shifts?|" \
        r"part-time|full-time|part time|full time|shifts|mostly|now)"
_JOB_AT = re.compile(r"^(?P<job>(?:i'm|i am) (?:an? |the )?(?:[\w-]+ ){0,2}[\w-]+|i work(?: " + _WHEN + r")* as "
                     r"(?:an? |the )?(?:[\w-]+ ){0,2}[\w-]+|i (?:teach|lecture))\s+(?:at|for)\s+(?P<place>[^,;]+?)"
                     r"(?:\s*[,;].*)?[.!]?$", re.I)
#: a start at a workplace: started / began / joined / moved to / transferred to (the user's)
_START = re.compile(r"^i(?:'ve| have)? (?:just |recently |now |finally )?(?:started|began|start|joined|moved to|"
                    r"switched to|transferred to)\b(?: (?:work|working|teaching|a (?:new )?job))?(?: (?:at|with|to))?"
                    r"\s+(?P<place>.+)$", re.I)
#: (round 46) a named workplace the user says they work at now, in either language or both (我现在 work at HSBC 做
#: analyst, "I now work at Lloyds as a clerk", 我现在在 HSBC 做 analyst): a start there, told as the present
_NOW_AT = re.compile(r"^(?:i now work|i am now working|i'm now working|我现在\s*work(?:ing)?|现在我?\s*work(?:ing)?)\s+"
                     r"(?:at|for)\s+(?P<place>(?-i:[A-Z])[\w'&.-]*(?: (?-i:[A-Z])[\w'&.-]*){0,3})|"
                     r"^(?:我现在|现在我)\s*在\s*(?P<zh_place>(?-i:[A-Z])[\w'&.-]*(?: (?-i:[A-Z])[\w'&.-]*){0,3})\s*"
                     r"(?:做|当|工作|上班)", re.I)
#: (round 47) the same told with the present last or first: "I work at HSBC now", "I'm working for Lidl these days",
#: "Nowadays I work at a dental clinic" — a named workplace, or one named by its kind (the statement's slot says it)
_AT_NOW = re.compile(r"^(?:i|i am|i'm) (?:now |currently )?work(?:ing)? (?:at|for) (?P<place>[^,;]+?),? (?:now|these "
                     r"days|nowadays|at the moment|currently)\b|^(?:these days|nowadays|now|currently|at the moment),? "
                     r"(?:i|i am|i'm) (?:now )?work(?:ing)? (?:at|for) (?P<first>[^,;]+?)[.!]?$", re.I)
#: a job got at a workplace told by name: "I got the Lakeside Hospital job", "I've accepted the job at Brightwell
#: Bank", "I landed a job with Ocado" (round 32: a job won is a workplace taken up, like a start)
_GOT_JOB = re.compile(r"^i(?:'ve| have)? (?:just |finally |officially )?(?:got|landed|accepted|took|was offered and "
                      r"accepted) (?:the |a |an )?(?:(?:new )?job|position|post|offer|role) (?:at|with|from) "
                      r"(?P<place>.+)$|^i(?:'ve| have)? (?:just |finally |officially )?(?:got|landed|accepted|took) "
                      r"the (?P<name>(?-i:[A-Z])[\w'&.-]*(?: (?-i:[A-Z])[\w'&.-]*){0,3}) (?:job|position|post|offer)\b",
                      re.I)
#: the last word of a workplace's name: "the Harbor Hotel", "Riverside Dialysis Center" (a start there is a job's)
_WORKPLACE_HEAD = re.compile(r"\b(?:hotel|hospital|clinic|cent(?:er|re)|school|academy|college|university|bank|"
                             r"company|corp(?:oration)?|inc|ltd|llc|group|partners|associates|firm|office|agency|"
                             r"labs?|laboratory|studios?|restaurant|grill|bistro|caf[eé]|bakery|kitchen|store|shop|"
                             r"pharmacy|surgery|practice|station|library|museum|council|institute|foundation|trust|"
                             r"department|factory|plant|warehouse|garage|mall|supermarket|newspaper|magazine)\b", re.I)
#: a workplace told as new without its name: "a new school", "a new clinic"
_NEW_WORKPLACE = re.compile(r"^an? new (?:[\w-]+ )?(?:school|hospital|clinic|company|firm|office|practice|job|"
                            r"employer|agency|bank|restaurant|kitchen|lab|laboratory|studio|startup|store|shop|"
                            r"pharmacy|station|surgery|academy|college|university)\b", re.I)


def job_at(statement: str) -> tuple[str, str] | None:
    """``(job, place)`` of a job told with where it is done ("I'm a teacher at Oakwood Elementary" →
    ("I'm a teacher", "Oakwood Elementary")); None for any other statement."""
    m = _JOB_AT.match(statement.strip())
    if m is None or re.search(r"\b(?:not|no longer|never)\b|\b(?:volunteer|member|regular|patient|customer|"
                              r"client|guest|fan|visitor)s?$", m.group("job"), re.I):
        return None  # (a place the user goes to or helps at beside the job: "I'm a volunteer at the food bank")
    return m.group("job"), m.group("place")


def workplace_start(statement: str, slot: str | None) -> str | None:
    """The workplace a statement of the user's says they started at ("I started at Maple High School last week" →
    "Maple High School last week"; "I've started at a new school, Riverside Academy"), or None: no start, a start
    of someone else's, or at a place that is no workplace told as new ("a new gym")."""
    if slot and split_slot(slot)[0] != "me":
        return None
    if (got := _GOT_JOB.match(statement.strip())) is not None:
        return (got.group("place") or got.group("name")).rstrip(".!")
    m = _START.match(statement.strip()) or _NOW_AT.match(statement.strip()) or _AT_NOW.match(statement.strip())
    if m is None:
        return None
    place = m.group("place") or m.groupdict().get("zh_place") or m.groupdict().get("first") or ""
    named = (slot or "").endswith("workplace") or _named_workplace(place)
    return place if named or _NEW_WORKPLACE.match(place) else None


def _named_workplace(place: str) -> bool:
    """``place`` opens with a name whose words end in a workplace's ("the Harbor Hotel on Monday" → True; "the gym",
    "Orangetheory" → False)."""
    m = re.match(r"(?:the )?((?-i:[A-Z])[\w'&.-]*(?: (?:of |and |& )?(?-i:[A-Z])[\w'&.-]*){0,4})", place, re.I)
    return m is not None and _WORKPLACE_HEAD.search(m.group(1)) is not None


def workplace_left(new: Facts, old: Facts) -> str | None:
    """Why ``new`` (a start at another workplace, :func:`workplace_start`) ends ``old`` (the same user's job told
    with its workplace, :func:`job_at`), or None: not such a pair, or the new one names the old workplace."""
    if not (new.positive and old.positive) or (place := workplace_start(new.statement, new.slot)) is None:
        return None
    if (job := job_at(old.statement)) is None or (old.slot and split_slot(old.slot)[0] != "me"):
        return None  # (any slot of the user's: "I work nights as a guard at X, four shifts a week" read as fact.work)
    if job[1].casefold().removeprefix("the ") in place.casefold():
        return None
    return f"started at another workplace ({place}): the workplace of the job ({job[1]}) ends, the job stays"


def job_kept(old: str, new: str, new_slot: str | None) -> str | None:
    """The job part of the stored ``old`` ("I'm a teacher") that a start at another workplace (``new``, slot
    ``new_slot``) leaves true, or None."""
    if workplace_start(new, new_slot) is None or (job := job_at(old)) is None or _GOT_JOB.match(new.strip()):
        return None  # (a job got is a new job: "I got the X job" after "I applied for a day-shift job at X")
    return job[0][:1].upper() + job[0][1:]


#: a workplace left by its name in Chinese: 我从美团辞了, 我从顺丰离职了 (the name between 从 and the verb)
_ZH_LEFT_FROM = re.compile(r"从([\u4e00-\u9fffA-Za-z]{2,8}?)(?:那边|这边|那儿|那里)?"
                           r"(?:辞职|离职|辞了|辞掉|出来了|不干了)")


def left_from(new: str, old: str) -> frozenset[str]:
    """The workplace ``new`` tells the user left by name (我从美团辞了 → 美团) when ``old`` names it too
    (我跑的是美团众包: the names of ``old`` cut as 美团众 missed it; round 32); empty otherwise."""
    m = _ZH_LEFT_FROM.search(new)
    return frozenset({m.group(1)}) if m and m.group(1) in old else frozenset()
