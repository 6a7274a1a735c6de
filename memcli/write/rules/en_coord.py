"""English coordination read as one statement per fact: a subject said once for two predicates.

- two verb phrases: "I quit coffee and switched to green tea" → "I quit coffee", "I switched to
  green tea" (the word after *and* is a past verb, not a new subject);
- two predicates of one copula: "My nephew is 16 and already 6'2" → "My nephew is 16", "My nephew
  is already 6'2"; after an age any predicate: "My aunt is 40 and a nurse" → "My aunt is 40", "My aunt is a
  nurse" (not a verb: "is 12 and plays chess" is the rules' split);
- two things had: "We have two kids and a dog" → "We have two kids", "We have a dog";
- a pet or thing had and its name: "I have a corgi named Waffles" → "I have a corgi", "My corgi
  is named Waffles" (a person had, "a coworker named Luis", is one fact).

Each part is a span of the statement with its subject (and verb) repeated, or (a name) its
owner said as my/our.
Pure functions over text.
"""

from __future__ import annotations

import re

from memcli import slots
from memcli.write.rules.en_words import _PAST, NOT_A_SUBJECT

__all__ = ["antecedent", "distribute", "resolve_it"]

#: a subject: I, we, a possessed noun (My sister, Dan's dog), "the" + a noun (The vet), a name — not an article,
#: a pronoun or a word that opens a sentence with no subject ("The" of "The vet said…", "Went" of "Went to…")
_SUBJ = (r"(?:I|We|(?:My|Our|[A-Z][a-z]+'s) [\w'-]+(?: [\w'-]+)?|The [a-z][\w'-]*|"
         rf"(?!(?:The|A|An|These|Those|Its|He|She|They|Went|Got|Had|Made|Took|Saw|Met|Ran|Won|Bought|Did|"
         rf"{NOT_A_SUBJECT})\b)(?![A-Z][a-z]+(?:ed|ing)\b)[A-Z][a-z]+)")
_NP = r"(?:a|an|one|two|three|four|five|six|\d+|some|my|our) [\w' -]+?"
_VP2 = re.compile(rf"^(?P<s>{_SUBJ}) (?P<a>(?!and\b)[a-z][\w' -]*?) and (?P<b>[a-z]+\b[\w' -]*)$")
_AGE = (r"(?:\d{1,3}|(?:twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)(?:[ -][a-z]+)?|[a-z]+teen|one|two|"
        r"three|four|five|six|seven|eight|nine|ten|eleven|twelve)(?: years? old)?")
#: "X is A and already B": any two predicates of one copula when the second leads with a degree word; after an age
#: ("My nephew is 16 and 6'2\"", "My aunt is 40 and a nurse") any second predicate
_COP2 = re.compile(rf"^(?P<s>{_SUBJ}) (?P<v>is|are|was|were|am) (?:(?P<a>[\w'\"-]+(?: [\w'\"-]+)?) and "
                   r"(?P<b>(?:already|also|still|now|very|really|pretty|quite) [\w'\"-]+(?: [\w'\"-]+){0,3})|"
                   rf"(?P<age>{_AGE}) and (?P<rest>(?!(?:I|we|he|she|they|it|my|our|his|her|their|the|this|that|"
                   r"there|then|so)\b)[\w'\"-]+(?: [\w'\"-]+){0,4}))$")
#: (round 45: I've got / have got, keep — "I've got a motorbike and a kayak", "we keep two goats and a pony")
_HAVE2 = re.compile(rf"^(?P<s>{_SUBJ})(?P<v> (?:have|has) got|'ve got| have| has| had| own| owns| got| keeps?) "
                    rf"(?P<a>{_NP}) and (?P<b>{_NP})$")
_NAMED = re.compile(rf"^(?P<s>{_SUBJ}) (?P<v>have|has|had|got|adopted|own|owns) (?P<a>(?:a|an) [\w' -]+?) "
                    r"(?P<how>named|called) (?P<name>[A-Z][\w'-]*)$")
#: a first predicate that holds a clause of its own ("think the class helped me relax and allowed me to…"): the
#: verb after "and" may be that clause's, and "I allowed me" says what no one said
_SAYS_CLAUSE = re.compile(r"^(?:(?:really|just|also|still) )?(?:think|thought|feel|felt|believe|believed|guess|"
                          r"guessed|know|knew|said|say|hope|hoped|found|find|noticed|realized|realised|heard) ")
#: a word after "and" that starts a clause of its own, not a second verb of the same subject
_NOT_VERB = re.compile(r"^(?:i|we|he|she|they|it|my|our|his|her|their|the|a|an|this|that|there|then|now|so|also)$")


def distribute(statement: str) -> list[str]:
    """The facts of one English statement whose subject governs two coordinated predicates (see
    the module doc), in order; ``[statement]`` when it is no such coordination."""
    t = statement.strip()
    if t.startswith("I'm "):  # (as said: "I'm 30 and single" → "I'm 30", "I'm single")
        parts = distribute("I am " + t[4:])
        return [statement] if len(parts) == 1 else ["I'm " + p[5:] for p in parts]
    if (m := _NAMED.match(t)) is not None and m["a"].split(" ", 1)[1] not in slots.EN_RELATIONS:
        # (a coworker named Luis is Luis: one fact)
        poss = {"I": "My", "We": "Our"}.get(m["s"])
        named = f"{poss} {m['a'].split(' ', 1)[1]} is {m['how']} {m['name']}" if poss else t
        return [f"{m['s']} {m['v']} {m['a']}", named]
    if (m := _HAVE2.match(t)) is not None:
        return [f"{m['s']}{m['v']} {m['a']}", f"{m['s']}{m['v']} {m['b']}"]
    if (m := _COP2.match(t)) is not None:
        words = (m["rest"] or "").split()
        if m["age"] and (re.fullmatch(r"[a-z]+(?<!ou)(?<!s)s", words[0]) or (_PAST.match(words[0]) and len(words) > 1)):
            return [statement]  # "is 16 and plays hockey", "… and moved out": a verb (a lone "retired" is a predicate)
        a, b = (m["a"], m["b"]) if m["a"] else (m["age"], m["rest"])
        return [f"{m['s']} {m['v']} {a}", f"{m['s']} {m['v']} {b}"]
    if (m := _VP2.match(t)) is not None:
        first, second = m["a"].split()[0], m["b"].split()[0]
        if (not _NOT_VERB.match(second) and _PAST.match(second) and not _NOT_VERB.match(first)
                and first not in ("is", "are", "was", "were", "am") and len(m["a"].split()) >= 2
                and len(m["b"].split()) >= 2 and not _SAYS_CLAUSE.match(m["a"])
                and not (m["s"] in ("I", "We") and m["b"].split()[1] in ("me", "us"))):
            return [f"{m['s']} {m['a']}", f"{m['s']} {m['b']}"]
    return [statement]


_TOPIC_Q = re.compile(r"^\s*(?P<np>[A-Za-z][\w'-]*(?: [\w'-]+){0,3})\?\s+\S")
#: (the thing had is one noun phrase: "a little van and Pete named it Dolly" holds a clause of its own, round 32)
_HAD = re.compile(r"^(?P<s>I|We) (?:have|has|got|bought|own|adopted|rescued) (?:a|an|one|two|three|four|\d+|some) "
                  r"(?P<np>(?:(?!\b(?:and|but|or|so|who|which|that|because|when|it)\b)[\w' -])+?)$")
_IT = re.compile(r"(?<=\s)(?:one of them|them|it\b(?!'s| is| was))\b", re.I)
#: a "thing had" that names no thing: a part of something said before ("two of them", "a few of my…") or a pronoun
_NO_THING = re.compile(r"^of\b|\b(?:them|it|those|these|that|this|ones?|some|any)\b", re.I)


def antecedent(text: str, statements: list[str]) -> str | None:
    """What a later "it"/"them" of an English utterance means: a thing it opens with as a question
    ("Bubble tea? I never drink it" → "bubble tea"), or a thing a statement before says the speaker has
    ("I have a Breville espresso machine" → "my Breville espresso machine"); None when neither."""
    if (m := _TOPIC_Q.match(text)) is not None and m["np"].split()[0].casefold() not in (
            "what", "who", "why", "how", "where", "when", "really", "right", "yes", "no", "ok", "okay", "you"):
        return m["np"][:1].lower() + m["np"][1:]
    for st in statements:
        # (round 39) "I have two of them" names no thing of its own: read as one, "them" became "my of them"
        if (m := _HAD.match(st)) is not None and not _NO_THING.search(m["np"]):
            return ("my " if m["s"] == "I" else "our ") + m["np"]
    return None


def resolve_it(statement: str, thing: str) -> str:
    """``statement`` with its object "it" ("them", "one of them") said as ``thing``."""
    def say(m: re.Match[str]) -> str:
        return f"one of {thing}" if m.group(0).casefold() == "one of them" else thing

    out = _IT.sub(say, " " + statement, count=1)[1:]
    return out[:1].upper() + out[1:]
