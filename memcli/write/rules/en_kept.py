"""A thing or animal the speaker keeps, read as one the speaker owns (round 45).

"I keep a parrot", "we keep chickens", "I keep two hamsters in the spare room", "I've kept bees for years": the
keeper owns the thing, the ``owns.<thing>`` slot "I have a parrot" gets, so a later "I gave the parrot away" or
"I sold the hamsters" ends it. Round 44 read them as the catch-all ``fact.keep``, which nothing later meets.

Only a countable thing said with an article, a number or a bare plural, then the clause's end or where it is kept
("in the garden", "at home", "on the balcony"). Not "keep" of a habit or a state: keep + a verb in -ing (I keep
forgetting), keep + how (keep calm, keep quiet, keep busy, keep fit, keep warm), keep an eye / track / record /
count / a secret / a promise / in touch / a diary (a writing habit, read as one).

Where a thing had is kept is not what it is: "we have two rabbits in the garden" owns rabbits (was ``fact.two``),
"I have a kayak at home" a kayak (:func:`without_place`); a place of the body is no such place ("a pain in the neck",
"a rash on the arm" own nothing).

Pure functions over a lower-cased predicate with the subject cut ("keep a parrot"); imports only leaves.
"""

from __future__ import annotations

import re

__all__ = ["kept_thing", "without_place"]

_COUNT = r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|a pair of|some|\d+)"
#: where a kept thing is kept: the clause may end on it
_WHERE = r"(?: (?:in|at|on|under|behind|out) (?:the |my |our |a )?[a-z]+(?: [a-z]+)?)?"
#: keep / keeps / kept (have / has kept), an article or count or none, one to three words of what is kept
_KEPT = re.compile(rf"^(?:(?:have|has) )?(?:also |still |now )?(?:keep|keeps|kept) (?:(?P<count>{_COUNT}) )?"
                   rf"(?P<what>[a-z][a-z-]*(?: [a-z][a-z-]*){{0,2}}?){_WHERE}"
                   r"(?: (?:for (?:years|ages|a while|a long time|decades)|as (?:a )?pets?|too|as well))?$")
#: what "keep" takes that is no thing owned: a habit, a state, a count, a word given
_NOT_THING = re.compile(
    r"^(?:(?:close|careful|watchful) )?(?:eye|eyes|track|tabs|record|records|count|score|secret|secrets|promise|"
    r"promises|word|touch|calm|quiet|busy|fit|warm|cool|going|up|on|off|away|out|in|it|them|that|this|things|"
    r"everything|something|nothing|mind|open mind|low profile|straight face|distance|pace|time|diary|journal|log|"
    r"list|lists|notes|note|blog|budget|schedule|routine|habit|company|appointment|appointments|head|cool head|"
    r"balance|faith|hope|hold|grip|watch|guard|peace|order|contact|memory|memories|to|me|you|him|her|us|my|our|"
    r"the)\b")


def kept_thing(p: str) -> str | None:
    """The words of the thing predicate ``p`` says the subject keeps ("keep a parrot" → "parrot", "keep two
    hamsters in the spare room" → "hamsters", "keep chickens" → "chickens"); None for any other predicate and for
    a habit or state kept (see the module doc). A bare word needs its plural ("keep bees"): "keep fit" keeps
    nothing."""
    m = _KEPT.match(p.strip(" .!,"))
    if m is None or _NOT_THING.match(m["what"]) or any(w.endswith("ing") for w in m["what"].split()):
        return None
    if m["count"] is None and not m["what"].endswith("s"):
        return None
    return m["what"]



#: where a thing is kept, at the end of what is had: a place with the / our / their, or at home
_PLACE = re.compile(r" (?:(?:in|at|on|under|behind|out|inside|outside) (?:the|our|their) [a-z]+(?: [a-z]+)?|at home)$")
#: a part of the body: "in the neck" is no place a thing is kept
_BODY = re.compile(r"\b(?:neck|back|head|arm|arms|leg|legs|foot|feet|hand|hands|knee|knees|chest|stomach|throat|eye|"
                   r"eyes|ear|ears|nose|mouth|skin|shoulder|shoulders|hip|hips|finger|fingers|toe|toes|tooth|teeth)$")


def without_place(obj: str) -> str:
    """``obj`` (what a predicate has, article or count cut: "rabbits in the garden") without where it is kept
    ("rabbits"); ``obj`` as it is when it ends on no such place, on a part of the body, or is nothing else."""
    m = _PLACE.search(obj)
    if m is None or _BODY.search(m.group(0)) or not obj[:m.start()].strip():
        return obj
    return obj[:m.start()]
