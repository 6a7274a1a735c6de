"""A question asking which work or which named thing of a kind: the title answers, not the kind's chatter.

Round 36. "Which book did I read on the train?", "What game did we play at Omar's?", "What's my favourite
film?": the user's memories of the kind ("I read a lot on my commute", "Board games are our Friday thing")
share the question's words and rank above the one that names it ("We played Carcassonne till midnight",
"I finished 'The Remains of the Day' on the train"), which holds the title and often little else of the
question. As with the value types of :mod:`memcli.read.asked_value` (a date, a place, a name), the hits that
name something are ranked above those that name nothing, once one tied to the question does
(:func:`memcli.read.asked_value.lift`).

:func:`asked_title` reads an English question asking for one of :data:`TITLED` (a book, a film, a game, a
band…) — a kind whose members are named, so that the answer holds a capitalised name or a quoted title. Kinds
whose answers are common nouns (a dish, a recipe, a sport: "coconut ice cream", "kickboxing") are not read:
no capital tells their answer from the chatter, and for the same reason neither is a kind, type, sort or genre
of any of them asked ("What kind of films does he like?": "action and sci-fi"; round 37). Whether a statement
holds a title is read with the other value
types (:func:`memcli.read.asked_value.holds_value` with ``"title"``): a quoted span, or a capitalised word after
a lower-case word ("we played Carcassonne", "a band called Blue Lantern") that is no day, month or "I", and not a
word the question says itself (the name of whom it asks).

Pure regex, English only (a Chinese question asks no title here). Read path only; the answerability features
(:mod:`memcli.read.gaps`) do not read it.
"""

from __future__ import annotations

import re

__all__ = ["TITLED", "asked_title"]

#: the kinds of thing whose members are named by a title or a proper name
TITLED = ("movie", "movies", "film", "films", "book", "books", "novel", "novels", "series", "shows",
          "game", "games", "song", "songs", "album", "albums", "band", "bands", "artist", "artists", "singer",
          "singers", "musician", "musicians", "author", "authors", "writer", "writers", "podcast", "podcasts",
          "team", "teams", "character", "characters", "tv", "boardgame", "boardgames")

_KIND = "|".join(TITLED)
#: a verb between the question word and the noun makes the noun the verb's subject or object ("what did the team
#: win", "what does the show cost"), not the kind asked
_AUX = r"(?:do|does|did|is|was|are|were|has|have|had|will|would|can|could|should|made|make|makes)"
#: "which book", "what video game", "what's my favourite band", "what is the name of the show"
_ASKED = re.compile(
    rf"\b(?:which|what)(?:'s|\s+is|\s+was|\s+are|\s+were)?\s+"
    rf"(?:(?!{_AUX}\b)[a-z]+(?:'s)?\s+){{0,2}}?(?:favou?rite\s+)?(?:{_KIND})\b", re.IGNORECASE)
#: "what kind / type / sort / genre of films": a genre is asked ("action and sci-fi", "thrillers"), a common noun
#: like a dish's or a sport's, not a title (round 37)
_KIND_OF = re.compile(r"\b(?:kinds?|types?|sorts?|genres?)\s+of\b", re.IGNORECASE)


def asked_title(question: str) -> bool:
    """Whether an English ``question`` asks which member of a named kind (:data:`TITLED`): "Which film did I
    see?", "What's my favourite band?"; False for "what kind of books do I read" (a genre is asked: :data:`_KIND_OF`)
    and for any other text."""
    if not question.isascii():
        return False
    m = _ASKED.search(question)
    return m is not None and _KIND_OF.search(m.group(0)) is None

