"""Is an English statement a fragment — no clause of its own? ("The one near Brighton",
"Pepper maybe", "Probably to see my aunt in Cornwall", "A grey one, like my grandma had")

Chat answers the other speaker's question with a phrase that leans on the question: a noun phrase, a
name and a hedge, an infinitive. The phrase holds no subject with a verb, so as a memory it says nothing
a later reader can use ("The one near Brighton": of what?). A candidate that is one is never decided
on (:func:`memcli.write.guard.keep`).

A statement has a clause when one of its comma-parts (a part that opens a comparison or an example —
"like my grandma had", "such as…" — is a modifier, not a clause) shows a finite verb: a subject pronoun
before a word (I, we, he…), an auxiliary or a contraction (is, was, have, can, 'm, n't…), a past form
(…ed, went, got…), an -ing form (Probably moving to Oslo), a name or possessive subject before a
present verb (Sam plays, My sister teaches), or a common verb not after "to" (love, live, work…; texting
drops the "I": "Love hiking"). Only statements
with none of these that open like an answer (an article, "one", a hedge: probably, maybe…) or end on a
hedge ("Pepper maybe") are fragments; a predicate that drops "I'm" ("Allergic to cats") is the speaker's
own fact. English only, anything else is never one.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.write.rules.en_words import _PAST

__all__ = ["is_fragment"]

#: a comma-part that modifies the phrase before it: a comparison or an example, not a clause of its own
_MODIFIER = re.compile(r"^(?:just |much |a bit )?(?:like|such as|as|than|including|especially|mostly|mainly|"
                       r"except|apart from)\b", re.I)
_SUBJECT = re.compile(r"\b(?:i|we|you|he|she|they|it|there|this|that|these|those|everyone|nobody|someone)\s+[a-z]",
                      re.I)
_AUX = re.compile(r"(?:\b(?:am|is|are|was|were|be|been|being|have|has|had|do|does|did|will|would|can|could|shall|"
                  r"should|may|might|must|get|gets|got|gotta|gonna|wanna)\b|'(?:m|re|ve|d|ll)\b|n't\b"
                  r"|\b(?:it|that|he|she|there|here|what|who|everyone|everything)'s\b"
                  # a noun's "is" before where or when, no owner's before a noun (the wedding's on the 14th; round 31)
                  r"|\b[a-z]+['’]s (?=(?:on|at|in|next|this|tomorrow|tonight|today|now|still|actually)\b))", re.I)
#: words after which an -s or -ing word is a noun (in the mountains, next spring, the wedding), not a verb
_NOUN_AFTER = frozenset("a an the my our your his her their this that these those next last every each some any no "
                        "in on at of for from to by with near into about".split())
#: what opens a subject before a present -s verb (Sam plays…, my sister teaches…, a friend of mine runs…)
_OPENS_SUBJECT = frozenset("my our his her their the a an mine ours".split())
_VERB = re.compile(r"(?<!\bto )\b(?:love|like|live|play|work|go|want|need|make|take|enjoy|hate|prefer|own|use|run|"
                   r"teach|study|cook|eat|drink|watch|read|write|visit|try|keep|miss|feel|think|know|plan|hope|"
                   r"spend|walk|drive|swim|paint|sing|dance|bake|grow|volunteer|collect|speak|stay|come|call|"
                   r"help|train|practi[cs]e|adore|wish|mean|guess|believe|remember|forget|start|stop|quit|"
                   r"finish|buy|sell|rent|share|meet|see|hear|look|listen|learn|attend|join)\b", re.I)


#: how an answer that leans on the question opens or ends: an article or "one" (the one near…, a grey one), a
#: hedge (probably to…, maybe…, Pepper maybe) — a predicate that drops "I'm" ("Allergic to cats", "Big fan of
#: jazz") is the speaker's own fact, not such an answer, and is no fragment here
_ANSWER = re.compile(r"^(?:a|an|the|one|some|another|any|either|or|probably|maybe|perhaps|possibly|hopefully|"
                     r"definitely|not)\b|\b(?:maybe|probably|perhaps|possibly|i guess|or so)\W*$", re.I)


def _has_clause(part: str) -> bool:
    if _SUBJECT.search(part) or _AUX.search(part) or _VERB.search(part):
        return True
    words = re.findall(r"[A-Za-z']+", part)
    low = [w.casefold() for w in words]
    for i, w in enumerate(low):
        prev_ok = i > 0 and low[i - 1] not in _NOUN_AFTER
        if _PAST.match(w) and not w.endswith("eed") and (len(w) >= 5 or not w.endswith("ed")):
            return True  # a past form (not a short word that only ends so: red, bed)
        if len(w) >= 5 and w.endswith("ing") and (i == 0 or low[i - 1] not in _NOUN_AFTER):
            return True  # an -ing form (Probably moving to Oslo), not a noun (next spring, the wedding)
        if prev_ok and w.endswith("s") and not w.endswith(("ss", "'s")) and len(w) >= 3 and (
                words[0][:1].isupper() and words[0].casefold() not in _NOUN_AFTER or _OPENS_SUBJECT & set(low[:i])):
            return True  # a present verb after its subject (Sam plays, my sister teaches), not a plural noun
    return False


@lru_cache(maxsize=4096)
def is_fragment(statement: str) -> bool:
    """``statement`` (English, as a candidate says it) holds no clause: no comma-part with a finite
    verb (see the module doc). False for any statement not in plain ASCII letters (Chinese, mixed)."""
    s = statement.strip()
    if not s or not s.isascii() or not _ANSWER.search(s):
        return False
    parts = [p.strip() for p in re.split(r"[,;:()\u2013\u2014]|\s-\s", s) if p.strip()]
    return not any(_has_clause(p) for p in parts if not _MODIFIER.match(p))
