"""A deed done to "it" and the thing, named in the next sentence (round 31): "Bought it! A used 2021
Subaru, dark green.", "Booked it. A cottage in Kerry for the first week of June."

The second sentence is a noun phrase (an article or a count first, no subject or finite verb): scored alone
the clause model mostly drops it (0.07 for "A secondhand Brompton folding bike, racing green"), kept alone it
is a fragment never decided on, and "I bought it" names nothing — the new car was lost. A fragment whose
sentence before is such a short deed (one to three words and "it"/"one": "Bought it!", "We finally got
one.") is one clause unit with it, scored and kept whole in the user's own words ("Bought it! A used 2021
Subaru Forester, dark green": 1.0; the phrase alone scored anywhere from 0.07 to 0.99).
Pure function over units.
"""

from __future__ import annotations

import re

from memcli.write.clauses import Unit

__all__ = ["with_named_it"]

_DEED_IT = re.compile(r"^(?:(?:I|We) )?(?:(?:just|finally|also) )?[A-Za-z]+(?: [a-z]+)? (?:it|one)\s*[.!]+$")
#: a noun phrase led by an article or a count, its head part with no subject or finite verb of its own
_NP = re.compile(r"^(?:A|An|One|Two|Three|Some|Another) (?![^,]*\b(?:is|are|was|were|has|have|had|will|can|I|we|he|she|"
                 r"they|it)\b)")


def with_named_it(parts: list[Unit]) -> list[Unit]:
    """The units of one utterance with each English noun phrase that names what the short deed before it
    was done to joined to that deed, one unit scored whole (see the module doc); a new list."""
    out: list[Unit] = []
    for u in parts:
        if out and u.lang == "en" and out[-1].lang == "en" and _DEED_IT.match(out[-1].text.strip()) \
                and _NP.match(u.text.strip()):
            out[-1] = Unit(f"{out[-1].text.strip()} {u.text}", u.lang)
        else:
            out.append(u)
    return out
