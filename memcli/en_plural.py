"""An English noun's singular for a slot key: "I like dogs" and "I like a dog" share ``like.dog``.

Only a plural is made singular. A word whose final -s is no plural ending keeps it, so a slot never names another
word than the one said ("I love blues" was ``like.blue``, "I love jeans" ``like.jean``, "I play chess" and "the
news" were safe only by luck):

- a noun used only in the plural or uncountable with an -s (:data:`NOT_PLURAL`, by kind: things in pairs — jeans,
  glasses, scissors; games — darts, billiards; illnesses — measles, diabetes; a genre — blues; news, series, means…);
- a word whose ending is no plural's (-ss, -us, -is, -ics: glass, hummus, tennis, physics);
- a name (Texas, Athens, the Beatles): :func:`names_kept` puts back a word the clause says capitalised.

A plural whose singular is no regular cut of it takes the singular English spells (knives → knife, potatoes →
potato: :data:`_IRREGULAR`), so no slot holds a word that does not exist (knive, potatoe). The Snowball English
stemmer the project pins (full-text terms, :func:`memcli.text.word_form`) cannot tell these apart: it keeps only five
forms whole (andes, atlas, bias, cosmos, news) and cuts blues, jeans, glasses and series like plurals. Pure functions,
shared by the write path (slot keys) and the read path (the kind a list question asks, :mod:`memcli.read.all_of`).
"""

from __future__ import annotations

import re

__all__ = ["NOT_PLURAL", "names_kept", "singular"]

#: nouns that end in -s and are no plural of the word without it (or are plural only): kept as said
NOT_PLURAL = frozenset(
    # things in pairs, worn or used (plural only)
    "jeans trousers pants shorts tights leggings pajamas pyjamas overalls knickers briefs boxers slacks chinos "
    "joggers sweatpants sweats dungarees glasses sunglasses eyeglasses spectacles goggles binoculars scissors pliers "
    "tongs tweezers clippers shears headphones earphones "
    # games and pastimes
    "chess darts billiards checkers draughts dominoes skittles pilates "
    # illnesses
    "measles mumps diabetes rabies herpes shingles hives rickets scabies "
    # a genre, the news, and words the same in both numbers or with no singular
    "blues greens news series species means headquarters crossroads barracks gallows whereabouts odds thanks "
    "innards outskirts remains surroundings belongings savings earnings lyrics "
    # ending in -s in the singular (not -ss, -us, -is, -ics, which no rule cuts)
    "gas atlas canvas bias alias pancreas christmas texas chaos cosmos kudos ethos pathos andes lens molasses".split())
#: plurals whose singular is no regular cut of them (-ves, -oes)
_IRREGULAR = {
    "knives": "knife", "wives": "wife", "lives": "life", "leaves": "leaf", "wolves": "wolf", "scarves": "scarf",
    "shelves": "shelf", "calves": "calf", "halves": "half", "loaves": "loaf", "elves": "elf", "thieves": "thief",
    "potatoes": "potato", "tomatoes": "tomato", "heroes": "hero", "echoes": "echo", "mangoes": "mango",
    "volcanoes": "volcano", "mosquitoes": "mosquito", "torpedoes": "torpedo",
}
#: -ies plurals whose singular ends in -ie (movie, cookie…), not -y
_IE = frozenset("movies cookies pies ties lies zombies selfies calories brownies smoothies aunties goodies hippies "
                "rookies".split())


def singular(word: str) -> str:
    """The singular of an English noun ``word`` (lower case) when it reads as a plural — dogs → dog, puppies →
    puppy, boxes → box, knives → knife — else ``word`` itself (blues, jeans, chess, physics, glass, series)."""
    if word in NOT_PLURAL:
        return word
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word in _IE:
        return word[:-1]
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if len(word) > 2 and word.endswith("s") and not word.endswith(("ss", "us", "is", "ics")):
        return word[:-1]
    return word


#: a capitalised word not at the start of its sentence: a name (I love Texas, a fan of the Beatles); not a day's
#: plural ("on Tuesdays": every Tuesday)
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b(?!(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days\b)([A-Z][a-z]+s)\b")


def names_kept(key: str, said: str) -> str:
    """``key`` (a slot or a value read from ``said``) with each word :func:`singular` cut from a name ``said``
    capitalised put back whole: ``like.texa`` of "I love Texas" → ``like.texas``; ``key`` itself otherwise."""
    for name in dict.fromkeys(m.group(1).casefold() for m in _NAME.finditer(said)):
        if (cut := singular(name)) != name:
            key = re.sub(rf"(?<![\w']){re.escape(cut)}(?![\w'])", name, key)
    return key
