"""A remark on a thing of one occasion is not a standing preference (round 42).

"That movie last night was so funny", "This coffee is too strong", "The pizza last night was amazing": an opinion of
a thing the user has at hand or had once, named only by a demonstrative (this, that, these, those) or dated to one
occasion (last night, yesterday, today). It says how one experience went, not what the user likes: storing it as a
``preference`` (``thing:coffee.opinion.strong``) answered "what coffee do I like?" with one strong cup. The turn
stays an episode (the user's own words, findable); no memory is made of it.

An opinion of a thing named as a standing one stays a preference: "The ramen place downstairs is really good",
"The new Dune movie was way better than I expected" (a name), "My sofa is too soft" (the user's own thing), and
"I love funny movies" (a liking, not an opinion of one thing).
"""

from __future__ import annotations

import re

__all__ = ["one_off_thing"]

#: a demonstrative of a common noun: "that movie", "this coffee", "these shoes" (no capitalised name after it)
_DEMONSTRATIVE = re.compile(r"^(?:[Tt]his|[Tt]hat|[Tt]hese|[Tt]hose)\s+(?![^,]*\b[A-Z])")
#: a definite thing: "the pizza", "the concert" (no capitalised name: "the Coldplay concert" is named)
_DEFINITE = re.compile(r"^[Tt]he\s+(?![^,]*\b[A-Z])")


def one_off_thing(phrase: str, ago: object | None, today: bool) -> bool:
    """Whether a clause's subject ``phrase`` (its own case: "That movie", "The pizza") names a thing of one occasion:
    a demonstrative of a common noun, or a definite one the clause dates (``ago``: its relative time, e.g.
    ``("day", 1)`` for "last night"; ``today``: the utterance is about today). Names and the user's own things are
    not."""
    p = phrase.strip()
    return bool(_DEMONSTRATIVE.match(p) or (_DEFINITE.match(p) and (ago is not None or today)))
