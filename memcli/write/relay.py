"""News of the user's own people passed on by someone they know (round 31): "My sister says Dad's
check-up was moved to Friday", "Priya told me our landlord is selling the flat".

The clause model reads a clause with a third party's verb of saying as hearsay (the ``hearsay`` signal:
"my uncle thinks the stadium is ugly" is no fact of the user's life) and scored such a relay of news
under its threshold, so a change or a correction that reached the user through a relative was lost. A
relay is scored by what it reports: a person the user knows (a name, my/our + a word) *says / said /
told me / mentioned* a clause about a person (I, we, a name, my/our/Dad's… + a noun) — not "thinks",
"reckons" or "believes" (a view), and not a clause about a thing or the world ("the gym is overpriced").
The memory kept is the whole relay, in the user's words: who said it stays with it.
Pure functions over text.
"""

from __future__ import annotations

import re

from memcli.write.clauses import Unit

__all__ = ["relayed"]

_WHO = r"(?:(?:my|our) [a-z]+(?: [A-Z][a-z]+)?|(?!(?:He|She|They|It|Everyone|Everybody|Someone|Nobody|People|The)\b)" \
       r"[A-Z][a-z]+)"
_SAYS = r"(?:says|said|told me|tells me|mentioned|let me know|texted(?: me)?|called to say)"
_PERSON = r"(?:I|we|my|our|his|her|their|(?:Dad|Mom|Mum|Grandma|Grandpa|Nan|Granny)(?:'s)?|" \
          r"(?!(?:The|This|That|These|Those|It|There)\b)[A-Z][a-z]+(?:'s)?)"
_RELAY = re.compile(rf"^(?P<who>{_WHO}) {_SAYS},? (?:that )?(?P<news>{_PERSON}\b.+)$")


def relayed(unit: Unit) -> Unit:
    """The clause an English relay of news reports, as the unit to score (see the module doc); ``unit``
    itself when it is none."""
    if unit.lang != "en" or (m := _RELAY.match(unit.text.strip())) is None or len(m["news"].split()) < 3:
        return unit
    return Unit(m["news"][:1].upper() + m["news"][1:], unit.lang)
