"""A new job told the way one tells news (round 47): the offer taken, its role and start said apart, or a first day.

- "Got the offer from Northwind! Lead designer. I start on March 2nd." — the offer, the role said alone as the next
  sentence, the start in a third: read as one new job, "I start at Northwind as a lead designer on March 2nd" (the
  rules then read the job and the workplace: :func:`memcli.write.rules.job_moved.job_started`). An
  offer merely got ("I got an offer from X, not sure yet") is no new job: the offer needs a start said, or a verb
  that takes it (accepted, took, signed).
- "First day at Northwind today." / "Today was my first day at Northwind" — the workplace now ("I work at
  Northwind", no change word: the job begun may be the one its offer told), when the name ends in an employer's
  word or the turn speaks of work (manager, team, office…): a first day at a park or a school (a child's) is no
  new job.

- Round 48: the job got, named by its employer ("I got the Riverside job! I start on May 4th."): "I got a new job
  at Riverside. I start there on May 4th."

Before: the offer was "I got the offer from X" (no workplace), the role a fragment ("Lead designer"), the start a fact
of its own with no employer, a first day nothing — so "where do I work these days?" found nothing while the old job
had been ended. A pure function of one utterance's text (English; any other text as given).
"""

from __future__ import annotations

import re

from memcli.write.rules.job_moved import en_occupation

__all__ = ["new_job_told"]

#: an organisation's name, its words capitalised (dots inside only: "Acme Inc." ends at "Inc")
_NAME = r"[A-Z][\w'&-]*(?:\.[\w'&-]+)*(?: (?:of |the |and |& )?[A-Z][\w'&-]*(?:\.[\w'&-]+)*){0,4}"
#: the offer: "(I) (just) got / accepted / took / signed the (job) offer from X (as a Y | for the Y role)"
_OFFER = re.compile(
    r"(?:^|(?<=[.!?] ))(?i:(?:(?:so|oh|and|well|okay|ok|yay|guess what),? )*(?:i |i've |i have )?"
    r"(?:just |finally |officially )?(?P<verb>got|received|accepted|took|signed|landed)"
    r" (?:the|an|a|my) (?:new )?(?:job |formal |official |written )?offer (?:from|at|with)) (?P<org>" + _NAME + r")"
    r"(?i:(?: (?:as (?:an? |the )?(?P<job>[a-z][a-z -]{1,30}?)|for the (?P<job2>[a-z][a-z -]{1,30}?) "
    r"(?:role|position|job)))?)(?P<stop>[.!]+ ?|$)")
#: round 48: the job got, named by its employer: "I got the Riverside job!", "Landed the job at Northwind."
_GOT_JOB = re.compile(
    r"(?:^|(?<=[.!?] ))(?i:(?:(?:so|oh|and|well|okay|ok|yay|guess what),? )*(?:i |i've |i have )?"
    r"(?:just |finally |officially )?(?:got|landed)) (?i:the) (?:(?P<org>" + _NAME + r") (?i:job|position|role)|"
    r"(?i:job|position|role) (?i:at|with) (?P<org2>" + _NAME + r"))(?P<stop>[.!]+ ?|$)")
#: the role said alone after it ("Senior analytics lead." / "As a staff engineer!"): a noun phrase, no verb
_ROLE = re.compile(r"^(?:as (?:an? |the )?)?(?P<job>[A-Za-z][a-z]*(?: (?:of )?[A-Za-z][a-z-]*){0,4})[.!]+ ?", re.I)
#: the start: "I start on October 5th" / "I'm starting next month" / "Starting Monday" / "Start date is the 3rd"
_START = re.compile(
    r"^(?:and |so )?(?:i start|i'll start|i will start|i'm starting|i am starting|starting|i begin|i'll begin|"
    r"start date is|my start date is|first day is)(?: there| work)? (?P<when>(?:on |in |from |next |this )?"
    r"[A-Za-z0-9 ,]{2,30}?)[.!]+ ?", re.I)
#: words naming a role however it is spelt out ("senior analytics lead", "head of growth", "VP of sales")
_ROLE_WORD = re.compile(r"\b(?:lead|head|director|chief|officer|vp|president|principal|partner|associate|"
                        r"specialist|coordinator|representative|executive|administrator|supervisor)\b", re.I)
#: a first day: "(Today was / It's) (my) first day at X (today)"
_FIRST_DAY = re.compile(
    r"(?:^|(?<=[.!?] ))(?i:(?:(?:so|oh|and|well),? )*(?:(?:today|yesterday) (?:was|is) |it's |it is |it was )?"
    r"(?:my )?first (?:day|week|shift)(?: of work| on the job)? (?:at|with)) (?P<org>" + _NAME + r")"
    r"(?P<when> (?i:today|yesterday|this week))?(?P<stop>[.!]+ ?|$)")
#: names a first day at which is no job of the speaker's (a child's school, a trip)
_NOT_WORK = re.compile(r"\b(?:Elementary|School|Preschool|Kindergarten|Daycare|Nursery|Camp|Park|Beach|Disney\w*|"
                       r"Resort|Festival|Gym)$")
#: a workplace's closing word, or a word of work said in the same turn: the first day is a job's
_EMPLOYER = re.compile(r"\b(?:Bank|Hospital|Clinic|Group|Ltd|Inc|Partners|Company|Agency|Consulting|Solutions|"
                       r"Technologies|Labs|Health|Insurance|Systems|Capital|Media|Studios?|Associates)$")
_WORK_WORDS = re.compile(r"\b(?:job|work|manager|boss|colleagues?|co-?workers?|team|office|onboarding|desk|badge|"
                         r"orientation|laptop|shift)\b", re.I)


def _role(job: str) -> str | None:
    """``job`` read as a role (lower case), or None: an occupation by the rules' words, or one naming a rank."""
    job = job.strip().casefold()
    return job if en_occupation(job) or _ROLE_WORD.search(job) else None


def _offer(text: str) -> str:
    m = _OFFER.search(text)
    if m is None:
        return text
    rest, job = text[m.end():], m.group("job") or m.group("job2")
    if not job and (r := _ROLE.match(rest)) and _role(r.group("job")) and len(r.group("job").split()) <= 5:
        job, rest = r.group("job"), rest[r.end():]
    when = None
    if s := _START.match(rest):
        when, rest = s.group("when").strip(" ,"), rest[s.end():]
    if when is None and m.group("verb").casefold() in ("got", "received"):
        return text  # an offer got, no start said: maybe not taken
    role = _role(job) if job else None
    when = when and (when if re.match(r"(?:on|in|from|next|this) ", when, re.I) else "on " + when)
    if not role:  # the workplace, and the start said of it as a fact of its own
        said = f"I got a new job at {m.group('org')}" + (f". I start there {when}" if when else "")
    else:  # a start said as a start (its date read as coming, not gone), else as the job got
        a = "an" if role[:1] in "aeiou" else "a"
        said = f"I {'start' if when else 'got a new job'} at {m.group('org')} as {a} {role}{' ' + when if when else ''}"
    return f"{text[:m.start()]}{said}. {rest}".rstrip()


def _first_day(text: str) -> str:
    m = _FIRST_DAY.search(text)
    if m is None or _NOT_WORK.search(org := m.group("org")):
        return text
    if not (_EMPLOYER.search(org) or _WORK_WORDS.search(text[:m.start()] + text[m.end():])):
        return text
    when = (m.group("when") or "").strip().casefold()
    said = f"I work at {org}" + (f", since {when}" if when == "yesterday" else "")  # (no change word: the job
    # begun may be the one its offer told, "I start at X as …", which "a new job at X" would end)
    return f"{text[:m.start()]}{said}. {text[m.end():]}".rstrip()


def new_job_told(text: str) -> str:
    """``text`` with a job offer taken (its role and start said apart) or a first day at a workplace said as the
    new job it tells (see the module doc); ``text`` itself when it holds none."""
    low = text.casefold()
    if "offer" not in low and "first " not in low and "job" not in low and "position" not in low and "role" not in low:
        return text
    return _first_day(_got_job(_offer(text)))


def _got_job(text: str) -> str:
    """(round 48) "I got the Riverside job! I start on May 4th." → "I got a new job at Riverside. I start there on
    May 4th." (the job got was a thing owned, ``owns.riverside job``: no workplace, so "where do I work now?"
    found nothing)."""
    m = _GOT_JOB.search(text)
    if m is None:
        return text
    org, rest = m.group("org") or m.group("org2"), text[m.end():]
    when = None
    if s := _START.match(rest):
        when, rest = s.group("when").strip(" ,"), rest[s.end():]
        when = when if re.match(r"(?:on|in|from|next|this) ", when, re.I) else "on " + when
    said = f"I got a new job at {org}" + (f". I start there {when}" if when else "")
    return f"{text[:m.start()]}{said}. {rest}".rstrip()
