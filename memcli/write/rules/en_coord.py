"""English coordination read as one statement per fact: a subject said once for two predicates.

- two verb phrases: "I quit coffee and switched to green tea" → "I quit coffee", "I switched to
  green tea" (the word after *and* is a past verb, not a new subject);
- two predicates of one copula: "My nephew is 16 and already 6'2" → "My nephew is 16", "My nephew
  is already 6'2";
- two things had: "We have two kids and a dog" → "We have two kids", "We have a dog";
- a pet or thing had and its name: "I have a corgi named Waffles" → "I have a corgi", "I have a
  corgi named Waffles" (the name stays with what it names; a person had, "a coworker named Luis",
  is one fact).

Each part is a span of the statement with its subject (and verb) repeated, never a rewrite.
Pure functions over text.
"""

from __future__ import annotations

import re

from memcli import slots
from memcli.write.rules.en_words import _PAST

__all__ = ["distribute"]

_SUBJ = r"(?:I|We|(?:My|Our|[A-Z][a-z]+'s) [\w'-]+(?: [\w'-]+)?|[A-Z][a-z]+)"
_NP = r"(?:a|an|one|two|three|four|five|six|\d+|some|my|our) [\w' -]+?"
_VP2 = re.compile(rf"^(?P<s>{_SUBJ}) (?P<a>(?!and\b)[a-z][\w' -]*?) and (?P<b>[a-z]+\b[\w' -]*)$")
_COP2 = re.compile(rf"^(?P<s>{_SUBJ}) (?P<v>is|are|was|were) (?P<a>[\w'-]+(?: [\w'-]+)?) and "
                   r"(?P<b>(?:already|also|still|now|very|really|pretty|quite) [\w'-]+(?: [\w'-]+)?)$")
_HAVE2 = re.compile(rf"^(?P<s>{_SUBJ}) (?P<v>have|has|had|own|owns|got) (?P<a>{_NP}) and (?P<b>{_NP})$")
_NAMED = re.compile(rf"^(?P<s>{_SUBJ}) (?P<v>have|has|had|got|adopted|own|owns) (?P<a>(?:a|an) [\w' -]+?) "
                    r"(?:named|called) [A-Z][\w'-]*$")
#: a word after "and" that starts a clause of its own, not a second verb of the same subject
_NOT_VERB = re.compile(r"^(?:i|we|he|she|they|it|my|our|his|her|their|the|a|an|this|that|there|then|now|so|also)$")


def distribute(statement: str) -> list[str]:
    """The facts of one English statement whose subject governs two coordinated predicates (see
    the module doc), in order; ``[statement]`` when it is no such coordination."""
    t = statement.strip()
    if (m := _NAMED.match(t)) is not None and m["a"].split(" ", 1)[1] not in slots.EN_RELATIONS:
        return [f"{m['s']} {m['v']} {m['a']}", t]  # (a coworker named Luis is Luis: one fact)
    if (m := _HAVE2.match(t)) is not None:
        return [f"{m['s']} {m['v']} {m['a']}", f"{m['s']} {m['v']} {m['b']}"]
    if (m := _COP2.match(t)) is not None:
        return [f"{m['s']} {m['v']} {m['a']}", f"{m['s']} {m['v']} {m['b']}"]
    if (m := _VP2.match(t)) is not None:
        first, second = m["a"].split()[0], m["b"].split()[0]
        if (not _NOT_VERB.match(second) and _PAST.match(second) and not _NOT_VERB.match(first)
                and first not in ("is", "are", "was", "were", "am") and len(m["a"].split()) >= 2
                and len(m["b"].split()) >= 2):
            return [f"{m['s']} {m['a']}", f"{m['s']} {m['b']}"]
    return [statement]
