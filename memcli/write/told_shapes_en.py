"""English clauses kept by their shape whatever the clause model's probability (round 31), as
:mod:`memcli.write.told_shapes` keeps Chinese ones.

The fitted model scored these low (it was fitted on few of them) and the rules read no attribute, so they
were lost:

- **A told value change**: an amount of the user's (``my`` / ``our`` what) said to have risen, fallen or been
  set to a new amount — ``my rent went up to 1,450 a month``, ``our water bill has dropped to 40``, ``my salary
  was raised to 58,000``, ``they cut my hours to 20 a week`` (someone changes it: ``<anyone> raised/cut/… my X
  to <amount>``), or the user down or up to an amount (``I'm down to 72 kilos``). The amount has a number
  (digits or a number word, a half too). Not another's (``my sister's rent``, ``his hours``), a wish, a
  condition, a question.
- **A plan of the user's**: I / we / my partner and I with a plan verb (planning to / on, plan to, intend to,
  have decided to) then what is to be done, or ``going to`` + a verb with a time a month or more away
  (``I'm going to sell my old bike next month``; ``going to the dentist next week`` is a visit). Not a wish
  (would love to, hope to, want to), a hedge (thinking of / about, maybe, might), a condition, a question, a
  plan denied or past (not planning, was planning). A plan weighed with the time it is for (``We're thinking of
  moving to Lisbon next year``: round 45) is one too; weighed with no time, it is a hedge.

Pure functions of one clause's text.
"""

from __future__ import annotations

import re

from memcli import slots

__all__ = ["en_as_stated", "en_plan_told", "en_value_changed", "en_wished", "weighed_plan"]

_NUM_WORD = (r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|"
             r"fifty|sixty|seventy|eighty|ninety|hundred|thousand|half|a dozen)")
#: an amount: a number in digits or words somewhere in a few words (1,450 a month, $58k, two cups a day)
_AMOUNT = rf"(?P<amount>(?:[^,.;!?]{{0,12}}?)(?:\d|\b{_NUM_WORD}\b)[^,;!?]{{0,30}}?)"
#: an adverb between the parts (has just gone up, was finally raised)
_ADV = r"(?:(?:just|finally|now|recently|already|officially|suddenly|also|again|even) )*"
#: what changed, owned by the user: my / our + one to four words, none a person's
_WHAT = r"(?P<owner>my|our) (?P<what>[a-z][a-z-]*(?: [a-z][a-z-]*){0,3}?)"
#: a verb of an amount changing by itself: X went up / has risen / was raised … to
_BY_ITSELF = (r"(?:(?:has|have|had) )?(?:went|gone|goes|go|is going|are going) (?:up|down)|"
              r"(?:(?:has|have) )?(?:rose|risen|rises|dropped|drops|fell|fallen|falls|jumped|climbed|"
              r"increased|decreased|doubled|shrunk|shrank)|"
              r"(?:(?:has|have) been|(?:is|are|was|were|got|gets)) (?:" + r"raised|increased|cut|reduced|lowered|"
              r"bumped(?: up)?|upped|dropped|decreased|changed|adjusted|capped|set|moved)")
#: a verb of someone changing the user's amount: they cut my hours to …, my landlord raised our rent to …
_SET = r"(?:raised|increased|cut|reduced|lowered|bumped(?: up)?|upped|dropped|decreased|changed|moved|put)"
_TIME = (r"(?:(?:this|next|last) (?:month|year|week|spring|summer|fall|autumn|winter)|as of [a-z0-9 ]+|"
         r"since [a-z0-9 ]+|from (?:this|next) [a-z]+|recently|so|and|but|well|now|also|anyway|plus|oh|btw|"
         r"by the way|actually|honestly),? ")  # (openers: round 45, "Also I'm going to start … in May")
_CHANGED = (re.compile(rf"^(?:{_TIME})*{_WHAT} {_ADV}(?:{_BY_ITSELF}) {_ADV}(?P<to>to|by) {_AMOUNT}$", re.I),
            re.compile(rf"^(?:{_TIME})*[a-z][a-z' ]{{0,30}}? {_ADV}{_SET} {_WHAT} (?:down |up |back )?(?P<to>to) "
                       rf"{_AMOUNT}$", re.I))
#: the user down / up to an amount: I'm down to 72 kilos, we're down to one car
_DOWN_TO = re.compile(rf"^(?:{_TIME})*(?:i am|we are|i'm|we're) {_ADV}(?:down|up) to {_AMOUNT}$", re.I)
#: not the user's fact: a question, a condition, a wish, a hedge, a denial
_NOT_TOLD = re.compile(r"\?|^(?:did|does|do|has|have|is|are|was|were|will|would|can|could|should|what|how|why|when|"
                       r"where|who)\b|\b(?:if|unless|whether|once|in case|wish|hope|hoping|would|could|might|"
                       r"maybe|perhaps|probably|not|never|no longer|n't|supposed|might|"
                       r"today|yesterday|tonight|this morning|this afternoon|this evening|last night|during|earlier)\b",
                       re.I)  # (… today, during the run: a passing state, not an amount the user has)
_PERSONS = r"|".join(sorted(map(re.escape, slots.EN_RELATIONS), key=len, reverse=True))
#: what changed names a person (my sister's rent, my boss's salary): their amount, not the user's
_THEIRS = re.compile(rf"'s\b|\b(?:{_PERSONS}|friend|neighbou?r|colleague|coworker|roommate|landlord|boss)s?\b", re.I)


#: an amount of a medicine: a dose, whose change :mod:`memcli.write.dose_change` reads
_DOSE = re.compile(r"\d\s*(?:mg|mcg|ml|iu)\b|\b(?:tablets?|pills?|capsules?|units?|puffs?|drops?)\b", re.I)


def _said(text: str) -> str:
    t = re.sub(r"(\d),(\d{3})\b", r"\1\2", text.strip(" .!,;").replace("\u2019", "'"))  # (1,450 → 1450)
    return re.sub(r"\s+", " ", t)


def _changed(t: str) -> re.Match[str] | None:
    return _CHANGED[0].match(t) or _CHANGED[1].match(t)


def en_value_changed(text: str) -> bool:
    """``text`` (an English clause) tells an amount of the user's changed (see the module doc)."""
    t = _said(text)
    if _NOT_TOLD.search(t):
        return False
    if _DOWN_TO.match(t):
        return True
    m = _changed(t)
    return m is not None and not _THEIRS.search(m.group("what"))


def en_as_stated(text: str) -> str | None:
    """A told value change said as the value it states now (my rent went up to 1,450 a month → My rent is
    1,450 a month; they cut my hours to 20 a week → My hours are 20 a week): the statement whose parse gives
    the slot of the amount, so the change meets the amount told before. None for any other clause, for an
    amount changed by so much (went up by 200: no value now) and for a dose (upped my X to 40mg)."""
    t = _said(text)
    m = _changed(t)
    if m is None or not en_value_changed(t) or m.group("to") == "by" or _DOSE.search(m.group("amount")):
        return None  # (a dose changed: its slot is the medicine's, the dose rules end the old dose)
    what = m.group("what")
    verb = "are" if what.endswith("s") and not what.endswith("ss") else "is"
    return f"{m.group('owner').capitalize()} {what} {verb} {m.group('amount')}"


#: the speaker, alone or with others: I am / we are / my wife and I are (contractions as said or expanded)
_WHO = r"(?:i|we|(?:my|our) [a-z]+(?: [a-z]+)? and i)"
_BE = r"(?: am| are|'m|'re| have|'ve)?"
_PLAN_VERB = (r"(?:planning (?:to|on)|plan (?:to|on)|intend to|intending to|decided to|made up (?:my|our) minds? to|"
              r"aiming to|going to|gonna|about to|set to|scheduled to)")
_PLAN = re.compile(rf"^(?:{_TIME})*{_WHO}{_BE} (?:(?:also|now|still|finally|actually|definitely) )*"
                   rf"(?P<verb>{_PLAN_VERB}) (?P<what>[a-z][a-z'-]*(?: [\w',-]+){{1,14}})$", re.I)
#: not a plan told: a wish, a hedge, a condition, a question, a denial, a past plan
_NOT_PLAN = re.compile(r"\?|\b(?:if|unless|whether|wish|hope|hoping|would|could|might|maybe|perhaps|probably|"
                       r"possibly|thinking|considering|want|wanna|not|never|no longer|n't|was|were|supposed|"
                       r"someday|one day|eventually)\b", re.I)
#: a time a month or more away: what "going to" needs to be a plan, not a day's errand
_FAR = re.compile(r"\b(?:next (?:month|year|spring|summer|fall|autumn|winter|semester|term)|this (?:spring|summer|fall|"
                  r"autumn|winter|year)|later this year|(?:by|at) the end of (?:the|this|next) (?:year|month)|"
                  r"in (?:January|February|March|April|May|June|July|August|September|October|November|December|"
                  r"the (?:spring|summer|fall|autumn|winter|new year)|(?:\d+|a few|a couple of|two|three|four|five|"
                  r"six) (?:months|years)|a year))\b", re.I)
#: after "going to": no verb (going to the dentist, going to bed, going to Paris) — not a plan of a deed
_NOT_VERB = re.compile(r"^(?:the|a|an|my|our|his|her|their|this|that|bed|work|school|church|class|college|"
                       r"university|uni|lunch|dinner|breakfast|be (?:late|there|fine|ok|okay|honest))\b", re.I)


#: a plan weighed with its time (round 45): I'm / we're (seriously) thinking of / about or considering doing what
_WEIGHED = re.compile(rf"^(?:{_TIME})*{_WHO}{_BE} (?:(?:also|now|still|really|seriously|actually) )*"
                      r"(?:thinking (?:of|about)|considering) (?P<what>(?:[a-z]+ing|an? [a-z]+)\b(?: [\w',-]+){1,14})$",
                      re.I)


def weighed_plan(text: str) -> bool:
    """``text`` (an English clause) weighs a plan of the user's and says when it is for: "We're thinking of moving to
    Lisbon next year", "I'm considering going back to university in the autumn", "I'm considering a move to Spain next
    year" — the deed (a verb in -ing, or a noun with "a") and a time a month or more away (:data:`_FAR`). Not one
    with no time ("I'm thinking of quitting the choir": only mused), a question, a condition, a wish, a denial."""
    t = _said(text)
    return _WEIGHED.match(t) is not None and _FAR.search(t) is not None and \
        not re.search(r"\?|\b(?:if|unless|whether|wish|hope|would|could|not|never|n't)\b", t, re.I)


def en_plan_told(text: str) -> bool:
    """``text`` (an English clause) tells a plan of the user's (see the module doc), or weighs one with its time
    (:func:`weighed_plan`)."""
    t = _said(text)
    if weighed_plan(t):
        return True
    m = _PLAN.match(t)
    if m is None or _NOT_PLAN.search(t):
        return False
    if m.group("verb").lower() in ("going to", "gonna", "about to"):
        what = m.group("what")
        return what[:1].islower() and not _NOT_VERB.match(what) and _FAR.search(t) is not None
    return True


#: a wish or a hedge the clause opens with: I'd love to…, we would like to…, I wish…, I'm thinking about…
_WISHED = re.compile(r"^(?:(?:someday|one day|honestly|really|and|but|so|also),? )*(?:i|we)(?: really| also| still)?"
                     r"(?:(?:'d| would)(?: really| so| also| very much)? (?:love|like|prefer) to "
                     r"(?!be called|go by|add|say|mention|note|tell|point out)|"
                     r"(?: really| just| still)? (?:wish|hope to)\b|"
                     r"(?:'m| am|'re| are)(?: really| seriously| kind of| sort of)? "
                     r"(?:thinking (?:of|about)|considering)\b)|"
                     r"^(?:if|unless) [^,]*?,? (?:i|we)(?:'ll| will|'d| would)\b",  # a condition and what would follow
                     re.I)


def en_wished(text: str) -> bool:
    """``text`` (an English clause) is only a wish, a hedge or a condition of the user's (I'd love to retile the
    bathroom, I'm thinking about selling the car, if it rains we'll stay in): no fact, whatever the clause model
    scores it (round 31)."""
    return _WISHED.match(_said(text)) is not None and not weighed_plan(text)
