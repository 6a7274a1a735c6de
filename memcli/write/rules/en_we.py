""""We" and "my X and I" as the user's own subject, for the verbs a household shares (round 39).

"We moved to Leeds" was read as the user's residence, but "we just moved to Leeds" (an adverb before the verb) and
"My family and I moved to Swansea" / "my wife and I live in Derby" (a pair that holds the user) were not: the first
was no fact at all, the second the relative's ``fact.liv`` / ``event.moved_…``, so a move told that way never ended
the user's residence. A pair holding "I" tells what "we" tells: the user is part of it, and for a home, a
possession, a pet or a plan given up that is the user's own fact (the relative's is another memory, never asked
here). The verbs are the ones "we" was read for already (have, got, own, live, moved, bought, adopted, rent, go,
visit, cancelled, called off; round 40: "we're renting" / "we are leasing" a home), with one optional adverb before
a home's (just, recently, finally, also, now, actually + moved / live: "we just got back from Spain" stays no fact).
Pure functions of one lower-cased clause.
"""

from __future__ import annotations

import re

from memcli.write.rules.en_words import _REL
from memcli.write.rules.rented import DWELLING

__all__ = ["PAIR_SUBJECT", "WE_SUBJECT"]

#: the verbs whose "we" is the user (not "we have not", "we have been", nor another past participle after have)
_VERBS = (r"(?:(?:just|recently|finally|also|now|actually) (?=(?:moved|live)\b))?"
          r"(?:(?:have|got|own|live|moved|bought|adopted|rent|go|visit)\b(?! not\b| been\b| (?!moved\b)[a-z]+ed\b)|"
          r"(?:cancell?ed|called off)\b|"
          r"keep (?!(?:busy|fit|quiet|calm|warm|cool|going|in|on|up|track|count|score|things)\b|[a-z]+ing\b)"
          r"(?:(?:a|an|one|two|three|four|five|six|\d+|some|a few) )?[a-z-]+(?: (?:in|at|on|out) [a-z ]+)?$)")
#: (keep: a thing kept and where, nothing after it — "we keep chickens in the garden", round 45)
#: "we <verb>": the subject is the user
WE_SUBJECT = re.compile(rf"^we (?={_VERBS})|^we(?:'re| are) (?=(?:renting|leasing) (?:[a-z0-9'\-]+ ){{0,3}}?"
                        rf"{DWELLING}\b)", re.I)  # (a home rented: "we're renting a flat …", round 40)
#: "my wife and I <verb>", "my family and I <verb>", "our kids and I <verb>": the subject is the user
PAIR_SUBJECT = re.compile(rf"^(?:my|our) (?:[a-z]+ )?(?:{_REL})s? and i (?={_VERBS})", re.I)
