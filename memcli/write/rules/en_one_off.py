"""A remark on a thing of one occasion is not a standing preference (round 42).

"That movie last night was so funny", "This coffee is too strong today", "The pizza last night was amazing": an
opinion of a thing named by "the", "this", "that", "these" or "those" and dated to one occasion (last night,
yesterday, on Friday, today). It says how one experience went, not what the user likes: storing it as a
``preference`` (``thing:coffee.opinion.strong``) answered "what coffee do I like?" with one strong cup. The turn
stays an episode (the user's own words, findable); no memory is made of it.

Undated, such an opinion stays one of the thing (round 15's "That film was wonderful", round 19's "These boots are
comfortable": ``thing:….opinion``, which a later verdict on it updates), and so does a thing named as a standing one:
"The ramen place downstairs is really good", "The new Dune movie was way better than I expected" (a name), "My sofa
is too soft" (the user's own thing), and "I love funny movies" (a liking, not an opinion of one thing).
"""

from __future__ import annotations

import re

__all__ = ["one_off_thing"]

#: a thing named by a determiner: "the pizza", "this coffee", "that movie" (no capitalised name after it: "the
#: Coldplay concert" is named)
_DETERMINED = re.compile(r"^(?:[Tt]he|[Tt]his|[Tt]hat|[Tt]hese|[Tt]hose)\s+(?![^,]*\b[A-Z])")


def one_off_thing(phrase: str, ago: object | None, today: bool) -> bool:
    """Whether a clause's subject ``phrase`` (its own case: "That movie", "The pizza") names a thing of one occasion:
    a common noun after the, this, that, these or those that the clause dates (``ago``: its relative time, e.g.
    ``("day", 1)`` for "last night"; ``today``: the utterance is about today). Names and the user's own things are
    not."""
    return bool(_DETERMINED.match(phrase.strip()) and (ago is not None or today))
