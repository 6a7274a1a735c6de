"""News of the user's own people passed on by someone they know (round 31): "My sister says Dad's
check-up was moved to Friday", "Priya told me our landlord is selling the flat".

The clause model reads a clause with a third party's verb of saying as hearsay (the ``hearsay`` signal:
"my uncle thinks the stadium is ugly" is no fact of the user's life) and scored some relays of news under
its threshold ("Hannah says Dad's appointment got moved to the 14th because…": 0.24), so a change or a
correction that reached the user through a relative was lost. A relay is scored by what it reports too,
the higher of the two counting: a person the user knows (a name, my/our + a word) *says / said / told me /
mentioned* a clause about a person (I, we, a name, my/our/Dad's… + a noun) — not "thinks", "reckons" or
"believes" (a view), and not a clause about a thing or the world ("the gym is overpriced"). The memory
kept is the whole relay, in the user's words: who said it stays with it. Pure functions.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

from memcli.write.clauses import Unit

__all__ = ["relayed", "with_relays"]

_WHO = r"(?:(?:[Mm]y|[Oo]ur) [a-z]+(?: [A-Z][a-z]+)?|" \
       r"(?!(?:He|She|They|It|Everyone|Everybody|Someone|Nobody|People|The)\b)[A-Z][a-z]+)"
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


def with_relays(units: list[Unit]) -> tuple[list[Unit], Callable[[np.ndarray], np.ndarray]]:
    """``units`` followed by the news of each relay among them (:func:`relayed`), to score in one call, and
    the fold of those scores back to one per unit of ``units``: a relay's the higher of its own and its news'."""
    extra = [(k, r) for k, u in enumerate(units) if (r := relayed(u)) is not u]

    def fold(p: np.ndarray) -> np.ndarray:
        out = p[:len(units)].copy()
        for n, (k, _) in enumerate(extra):
            out[k] = max(out[k], p[len(units) + n])
        return out

    return [*units, *(r for _, r in extra)], fold
