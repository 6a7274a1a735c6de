"""A job joined or held told with its start, English (round 47): the workplace, the role, and when it began.

- A joining told without its "I" (chat drops it): "Joined Northwind last month as a product designer", "started at
  a clinic in May as a nurse" — read as the same sentence with "I" (:func:`with_dropped_i`); before, it was a
  weak ``event.joined_northwind`` and the job question found no job.
- When a joining began (:func:`joined_when`): the relative time of the sentence ("last month", "two weeks ago",
  "since 2021"), or a month after a past verb of joining ("joined Acme in May": the last May, as "back in May" reads;
  a month alone may lie ahead, a month something was joined in cannot). The memory is valid from then.
- A stay at a workplace told with its start and what is done there (:func:`been_at`): "I've been at Globex since
  2019, doing payroll", "I have been with the council for six years as a planner" → the workplace (the role in its
  statement) and, for "as" an occupation, the job. Before, the rules keyed it by the name (``fact.globex``). Not a
  person one has been with ("I've been with Sam since 2019"), not a school told alone ("at Oxford since 2021"),
  not a place visited ("in Berlin since May", "at the beach for two hours").
- A job lost (:func:`job_lost`): "I lost my job at the plant last week", "Got laid off from Acme", "I was let go",
  "I was made redundant in March" → ``event.lost_job`` (the clause as said, valid from its time). Before, "lost"
  was read as a passing feeling (fact.lost) and a lay-off as nothing.

Pure functions of one sentence; :mod:`memcli.write.rules.job_moved` calls them.
"""

from __future__ import annotations

import re

from memcli.numerals import en_number
from memcli.write.rules.en_since import past_span
from memcli.write.rules.en_words import time_back
from memcli.write.rules.match import Match

__all__ = ["been_at", "job_lost", "joined_when", "with_dropped_i"]

#: a joining said without its subject, as chat says it ("Joined …", "just started at …")
_DROPPED_I = re.compile(r"^(?:just |recently |finally |officially )?(?:joined|started|began)\b", re.I)
#: a past verb of joining, then a month with no year ("joined Acme in May", "started there in March")
_JOINED_IN = re.compile(r"\b(?:joined|started|began|got hired|was hired|took (?:a|the) job)\b.*?\bin (?P<month>"
                        r"january|february|march|april|may|june|july|august|september|october|november|december)\b",
                        re.I)


def with_dropped_i(said: str) -> str:
    """``said`` with the "I" chat dropped before a verb of joining ("Joined Acme as …" → "I joined Acme as …");
    ``said`` itself otherwise."""
    return f"I {said[:1].lower()}{said[1:]}" if _DROPPED_I.match(said) else said


def joined_when(said: str) -> tuple[str, int] | None:
    """When the joining ``said`` tells began, as (unit, n) back for :func:`memcli.reltime.moved_back`: its relative
    time ("last month" → ("month", 1), "since 2021" → ("on_date", 20210101)), else a month after a past verb of
    joining ("in May" → ("month_of", 5)); None when it tells none."""
    if ago := time_back(said):
        return ago
    m = _JOINED_IN.search(said)
    return past_span(f"back in {m['month'].casefold()}") if m else None


_ORG_NOUN = (r"(?i:hospital|clinic|surgery|pharmacy|bank|company|firm|agency|start-?up|shop|store|supermarket|"
             r"restaurant|caf[eé]|bakery|hotel|factory|warehouse|office|practice|charity|council|library|museum|"
             r"studio|garage|salon|nursery|care home|newspaper|lab|laboratory|consultancy|brewery|airline|airport)")
_NAME = r"[A-Z][\w'&.-]*(?: (?:of |the |and |& |de )?[A-Z][\w'&.-]*){0,4}"
#: I've been at/with ORG since … / for N years, (as a ROLE | doing WORK)
_BEEN_AT = re.compile(
    r"^(?i:i have) been (?:(?i:based|employed|working) )?(?P<prep>at|with|for) "
    rf"(?P<org>(?:the )?{_NAME}|(?i:the|an?) (?:[\w'-]+ ){{0,3}}?{_ORG_NOUN})"
    r"(?P<when>,? (?i:(?:ever )?since [^,;]{2,30}?|for (?:the (?:last|past) )?(?:[\w-]+ ){1,2}(?:years?|months?)))"
    r"(?:,? (?i:as (?:an? |the )?(?P<job>[a-z][a-z -]{1,30}?)|(?:doing|working (?:in|on)|running|handling|in charge "
    r"of|mostly doing|working as (?:an? )?) (?P<deed>[a-z][\w -]{1,40}?)))?$")
#: a school: a stay there told alone is a study as often as a job
_SCHOOL = re.compile(r"\b(?:university|college|school|academy|high|uni|institute)\b|^(?:the )?(?:oxford|cambridge|"
                     r"harvard|yale|stanford|princeton|mit)$", re.I)


def been_at(sentence: str, prepared: str, occupation: object) -> list[Match]:
    """The workplace (and job) a stay told with its start tells (see the module doc), or []. ``sentence``: as said;
    ``prepared``: the same, contractions expanded (:func:`memcli.write.rules.en.prepare`); ``occupation``: whether a
    phrase names an occupation (:func:`memcli.write.rules.job_moved.en_occupation`)."""
    m = _BEEN_AT.match(prepared)
    if m is None:
        return []
    job, deed, org = m["job"], m["deed"], m["org"]
    if job and not occupation(job.casefold()):  # type: ignore[operator]
        return []  # (as a volunteer, as a guest: no job)
    if not (job or deed) and (m["prep"] != "at" or _SCHOOL.search(org)):
        return []  # "I've been with Sam since 2019" (a person), "at Oxford since 2021" (a study as often as a job)
    if m["prep"] == "with" and org[:1].isupper() and not (job or deed):
        return []
    said = sentence.strip().rstrip(".!")
    said = said[:1].upper() + said[1:]
    ago = joined_when(prepared)
    if ago is None and (n := re.search(r"for (?:the (?:last|past) )?(\w+) (year|month)s?", m["when"], re.I)):
        count = int(n[1]) if n[1].isdigit() else en_number(n[1].casefold())
        ago = (n[2].casefold(), count) if count else None
    place = re.sub(r"^(?:a|an|the) ", "", org.strip().casefold())
    if not job:  # the work done there in the workplace's statement
        return [Match(statement=said, kind="identity", slot="workplace", value=place, salience=0.7, ago=ago)]
    cut = re.search(r",? as (?:an? |the )?" + re.escape(job) + r"\W*$", said, re.I)
    at = said[: cut.start()] if cut else said
    return [Match(statement=said, kind="identity", slot="job", value=job.strip().casefold(), salience=0.7, ago=ago),
            Match(statement=at, kind="identity", slot="workplace", value=place, salience=0.7, ago=ago)]


#: a job lost: lost my job, laid off, fired, let go, made redundant (the user's; "I" may be dropped)
_LOST = re.compile(r"^(?:(?:so|and|well|sadly|unfortunately|also)[,]? )*(?:i |i've |i have |i just |i also )?"
                   r"(?:just |recently |finally |also |actually )?(?:lost my job|(?:got|was|have been|been|were) "
                   r"(?:laid off|fired|let go|made redundant|sacked)|lost my (?:position|post))\b(?P<rest>[^,;.!?]*)",
                   re.I)


def job_lost(sentence: str) -> tuple[Match, str] | None:
    """The user's job lost, told in the first clause of ``sentence`` (see the module doc), and the rest of the
    sentence: statement that clause as said ("I" put back when dropped), slot ``event.lost_job``, valid from its
    time; None for anything else ("if I lose my job", "my brother got fired": not told here)."""
    said = sentence.strip()
    m = _LOST.match(said)
    if m is None or re.search(r"\b(?:if|might|may|could|would|afraid|worried|scared)\b", m["rest"], re.I):
        return None
    clause = said[: m.end()].rstrip(" ,")
    if not re.match(r"(?i:i|i've|so|and|well|sadly|unfortunately|also)\b", clause):
        clause = f"I {clause[:1].lower()}{clause[1:]}"
    return Match(statement=clause[:1].upper() + clause[1:], kind="other", slot="event.lost_job", value="lost_job",
                 salience=0.7, ago=joined_when(clause)), said[m.end():].lstrip(" ,;")
