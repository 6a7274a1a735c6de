"""A start told with no role (round 48): a workplace joined, and a doing kept up for a time.

- **A workplace joined or held, no role told** (:func:`org_joined`): "I joined Brackley Systems in March", "I'm at
  Halvard Corp now", "Started at Orbis Health last spring" — the workplace (``workplace``, the organisation, valid
  from the time told) when the object is an organisation by a general sign: a company word in its name (Inc, Ltd,
  Corp, Systems, Health, Bank…: :data:`_ORG_WORDS`), a company the typed list knows (:data:`memcli.org_names.EN_ORGS`
  but a shop or café one visits), or a bare capitalised name after "joined"/"started at" told with its time (a
  joining with a date is a job's start as often as not; "I'm at X now" needs a sign: "I'm at Heathrow now" is a
  place). A gym, club, team, choir, class or group joined the same way is a membership, never a job
  (:data:`_MEMBERSHIP`): nothing here, the rules read the event.
- **A doing kept up for a time** (:func:`duration_told`): "I've been doing yoga for six years", "I've played the
  cello for twelve years", "Been knitting for about ten years now" — the user's habit (``habit.<doing>``) valid from
  that long before it was said (``ago``), so "how long have I done X?" reads its start in the block ("since 2020").
  Not another's, not a denial, a question or a wish.

Pure functions over one clause's text; imports only leaves and sibling rule modules.
"""

from __future__ import annotations

import re

from memcli.numerals import en_number
from memcli.org_names import EN_ORGS, EN_PLACES
from memcli.write.rules.en_joined import joined_when
from memcli.write.rules.en_words import time_cut
from memcli.write.rules.match import Match

__all__ = ["duration_told", "org_joined", "started_told"]

#: words of a company's name (a workplace by its shape)
_ORG_WORDS = frozenset(
    "inc incorporated corp corporation ltd llc llp plc co company group labs systems technologies technology tech "
    "solutions consulting consultants partners associates holdings industries insurance health healthcare bank "
    "capital financial media software analytics logistics pharmaceuticals pharma foundation institute agency "
    "studios enterprises ventures networks communications engineering manufacturing hospital clinic "
    "airlines airways motors energy".split())
#: a membership, not a workplace: what one joins to take part
_MEMBERSHIP = re.compile(r"\b(?:gym|fitness|crossfit|club|team|league|choir|chorus|band|orchestra|class|classes|"
                         r"course|group|society|circle|squad|crew|union|church|congregation|community|guild|"
                         r"association|network|programme|program|waitlist|wait list|studio|dojo|pool|library|"
                         r"book club|meetup|discord|forum|server|subreddit|yoga|pilates|karate|judo|running|"
                         r"rowing|cycling|hiking|climbing|swim|swimming|tennis|golf|football|soccer|rugby|"
                         r"hockey|netball|volleyball|basketball|baseball|cricket|chess|gaming)\b", re.I)
#: a company of the typed list one visits rather than works at ("I'm at Starbucks now")
_VENUES = frozenset("starbucks mcdonalds mcdonald's kfc subway costco walmart target ikea zara uniqlo".split())
_NAME = r"(?-i:[A-Z][\w&.'’-]*(?: (?:[A-Z][\w&.'’-]*|&|of|and))*)"
_JOINED = re.compile(rf"^(?:(?:so|and|also|oh|well|btw|anyway),? )*(?:I|we)?(?:'ve| have)? ?(?:just |recently |"
                     rf"finally |officially )?(?P<verb>joined|started at|began at|started working at|began working "
                     rf"at|started with) (?P<the>the )?(?P<org>{_NAME})(?P<rest>(?: (?:in|on|last|this|back|about|"
                     rf"around|a|an|two|three|four|five|six|several|few|earlier|since)\b.*)?)$", re.I)
_AT_NOW = re.compile(rf"^(?:(?:so|and|also|oh|well|btw|anyway),? )*(?:(?:I'm|I am) (?:now |currently )?(?:at|with) "
                     rf"(?P<org>{_NAME})(?: (?:now|these days|nowadays))?|(?:now|these days|nowadays),? (?:I'm|I am) "
                     rf"(?:at|with) (?P<org2>{_NAME}))$", re.I)
#: a joining's time and nothing else after a bare name ("in March", "last spring", "two years ago", "back in 2021")
_DATED = re.compile(r"^ (?:(?:back )?in (?:the )?(?:early |late )?(?:[A-Z][a-z]+|\d{4}|spring|summer|fall|autumn|"
                    r"winter)|last (?:week|month|year|spring|summer|fall|autumn|winter)|earlier this (?:year|month)|"
                    r"this (?:year|month|spring|summer|fall|autumn|winter)|(?:a|an|\w+) (?:weeks?|months?|years?) "
                    r"ago|since \w+(?: \d{4})?)(?: \d{4})?(?:,.*)?$", re.I)


def _org_sign(org: str) -> bool:
    """Whether ``org`` (a capitalised name) is a company by its words or the typed list (see the module doc)."""
    words = [w.rstrip(".,").casefold() for w in org.split()]
    if any(w in _ORG_WORDS for w in words[1:]):
        return True
    name = " ".join(words)
    return (name in EN_ORGS or words[0] in EN_ORGS) and name not in _VENUES and words[0] not in _VENUES


def org_joined(clause: str) -> list[Match]:
    """The workplace a joining or a stay with no role tells (see the module doc): one ``workplace`` match (the
    statement as said, its time in ``ago``), or []."""
    said = clause.strip().rstrip(".!")
    if "?" in said or re.search(r"\b(?:not|never|n't|if|would|might|maybe|hope|hoping|wish)\b", said, re.I):
        return []
    if m := _JOINED.match(said):
        org, rest = m["org"].strip(), m["rest"] or ""
        if _MEMBERSHIP.search(org) or _MEMBERSHIP.search(rest) or org.casefold() in EN_PLACES:
            return []
        if m["the"] and not _org_sign(org):
            return []  # "joined the Ramblers": a group by its article, no company's sign
        ago = joined_when(said)
        if not _org_sign(org) and (ago is None or not _DATED.match(rest)):
            return []  # a bare name: only a joining told with its time ("joined Acme in March")
    elif m := _AT_NOW.match(said):
        org = (m["org"] or m["org2"]).strip()
        if not _org_sign(org) or _MEMBERSHIP.search(org):
            return []
        ago = None
    else:
        return []
    value = re.sub(r"^the ", "", org.casefold())
    cut = time_cut(said)  # ("I joined Acme last year": the time in valid time, the statement "I joined Acme")
    statement = cut[1] if cut[0] is not None and cut[0] == ago and cut[1] else said
    statement = statement[:1].upper() + statement[1:]
    if not re.match(r"(?:I|we)\b", statement, re.I) and re.match(r"(?:just |recently |finally )?(?:joined|started|"
                                                                  r"began)\b", statement, re.I):
        statement = "I " + statement[:1].lower() + statement[1:]  # ("Joined X in March": the "I" chat drops)
    return [Match(statement=statement, kind="identity", slot="workplace", value=value, salience=0.7, ago=ago)]


_DOING = re.compile(
    r"^(?:(?:so|and|also|oh|well|btw|anyway|honestly),? )*(?:(?:I|we)(?:'ve| have) |(?=been ))"
    r"(?:(?:been (?P<ing>[a-z]+ing)(?P<obj1>(?: (?!for\b)[\w'’-]+){0,4}))|"
    r"(?P<done>played|done|practi[cs]ed|studied|taught|learned|learnt|trained|run|swum|climbed|danced|sung|"
    r"painted|coached|volunteered|kept|raised|grown|brewed|baked|knitted|sewn|drawn|written)"
    r"(?P<obj2>(?: (?!for\b)[\w'’-]+){1,4}))"
    r" for (?:about |around |almost |nearly |over |more than |roughly |like |the (?:last|past) )?"
    r"(?P<n>\w+|a couple of|a few) (?P<unit>year|month|week)s?(?: now| already| straight)?$", re.I)
#: verbs that hold no doing of their own ("been living", "been working" are the rules' residence and job; "been
#: feeling", "been thinking" a state)
_NOT_DOING = frozenset("living working staying feeling thinking wondering trying waiting meaning going getting "
                       "having being saying telling seeing dating married seeing sleeping struggling".split())
_OBJ_VERBS = frozenset("doing practising practicing playing learning studying teaching training taking making "
                       "done practised practiced played learned learnt studied taught trained".split())


def duration_told(clause: str) -> list[Match]:
    """The user's doing kept up for a told time (see the module doc): one ``habit.<doing>`` match valid from that
    long back (``ago`` (unit, n)), or []."""
    said = clause.strip().rstrip(".!")
    if "?" in said or re.search(r"\b(?:not|never|n't|if|would|hope|wish)\b", said, re.I):
        return []
    m = _DOING.match(said)
    if m is None:
        return []
    n = en_number(m["n"]) if m["n"].casefold() not in ("a couple of", "a few") else (2 if "couple" in m["n"] else 3)
    verb = (m["ing"] or m["done"]).casefold()
    if not n or verb in _NOT_DOING:
        return []
    obj = re.sub(r"^(?:the|a|an|my|some) ", "", (m["obj1"] or m["obj2"] or "").strip().casefold())
    obj = re.sub(r" (?:now|here|there|again|regularly|seriously|properly|on and off)$", "", obj)
    if re.search(r"\b(?:with|at|in|for|to)\b", obj) or re.match(r"(?:him|her|them|it|this|that)\b", obj):
        return []  # ("been with Sam", "been at Acme": the rules' stay; "it": nothing named)
    doing = obj.split()[-1] if obj and verb in _OBJ_VERBS else (verb + (" " + obj if obj else ""))
    if not doing or not doing.isascii():
        return []
    statement = re.sub(r" (?:now|already|straight)$", "", said[:1].upper() + said[1:])
    if statement.startswith("Been "):
        statement = "I've b" + statement[1:]
    return [Match(statement=statement, kind="habit", slot=f"habit.{doing}", value=doing, salience=0.6,
                  ago=(m["unit"].casefold(), n))]


def started_told(clause: str) -> list[Match]:
    """The facts of a clause a start or a hope tells, tried before the general rules: a new job told as a start
    (:func:`memcli.write.rules.job_moved.job_started`), a workplace joined (:func:`org_joined`), a doing kept up
    for a time (:func:`duration_told`), a hope (:func:`memcli.write.rules.en_hope.hope_told`); [] when none."""
    from memcli.write.rules.en_hope import hope_told
    from memcli.write.rules.job_moved import job_started

    return job_started(clause) or org_joined(clause) or duration_told(clause) or hope_told(clause)
