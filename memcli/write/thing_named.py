"""Does a statement name a thing — a drink, a food, a habit's object — in either language (round 38)?

A give-up (我现在不喝咖啡了) or a switch (I switched to tea) names one thing; the stored statement it may end names
it in its own words and perhaps in the other language ("I take my coffee with milk"). :func:`names_thing` reads it:
in one language a Chinese word of the statement is the thing or ends with it (茶 of 我最喜欢喝绿茶: a compound's head
comes last, so green tea is tea; 鱼香肉丝 is no 鱼) or holds it whole when it has two characters or more (咖啡 of
咖啡店), an English statement's content units hold the thing's ("tea" in "I love green tea"); across the two the
multilingual encoder finds the thing at :data:`SAME_THING_COSINE` or above beside a word of the statement, a Chinese
word's beginnings and ends (咖啡 of 咖啡店, 茶 of 绿茶), an English word without its plural s or two English words
together (green tea) — after the gazetteer's own two names of a food or drink (:data:`memcli.write.rules.foods.
ZH_EN_FOOD`: 可乐 / cola, which the encoder puts at 0.50). Only a bundled multilingual model is trusted with
that (as :mod:`memcli.write.cross_lang` is): with another model two languages name nothing of each other.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.text import STOPWORDS, lang_of, pos_tags, to_simplified
from memcli.write.pair_facts import content_units
from memcli.write.rules.foods import ZH_EN_FOOD, food_drink_items

__all__ = ["SAME_THING_COSINE", "names_thing"]

#: one thing said in two languages: the cross-language floor of one value (:data:`memcli.write.cross_lang.
#: SAME_VALUE_COSINE`): coffee / 咖啡 0.94, tea / 茶 0.90, smoke / 烟 0.86; two drinks 0.53-0.58, coffee / milk 0.49
SAME_THING_COSINE = 0.80

_ZH_VERB = re.compile(r"^(?:吃|喝|抽|用)(?=.)")


def names_thing(statement: str, thing: str, model: str) -> bool:
    """``statement`` names ``thing`` (a word or short phrase, either language; see the module doc)."""
    thing = _ZH_VERB.sub("", to_simplified(thing.strip()))
    if not thing:
        return False
    if lang_of(thing) == lang_of(statement) == "zh":
        return any(w == thing or w.endswith(thing) or len(thing) >= 2 and thing in w for w in _zh_words(statement))
    if lang_of(thing) == lang_of(statement):
        units = content_units(thing)
        return bool(units) and units <= content_units(statement)
    from memcli.write.cross_lang import thing_cosine

    if _glossed(statement, thing):
        return True
    return any(thing_cosine(model, thing, piece) >= SAME_THING_COSINE for piece in _pieces(statement))


def _glossed(statement: str, thing: str) -> bool:
    """The gazetteer gives a food or drink of ``statement`` and ``thing`` (the other language) one name: 可乐 of
    我喜欢喝可乐 is cola; "I love cola" names 可乐."""
    if lang_of(statement) == "zh":
        key = thing.casefold()
        return any(key in ZH_EN_FOOD.get(item, ()) or key.removesuffix("s") in ZH_EN_FOOD.get(item, ())
                   for item in food_drink_items(statement))
    text = " ".join(re.findall(r"[a-z]+", statement.casefold()))
    return any(re.search(rf"\b{re.escape(en)}\b", text) for item in food_drink_items(thing)
               for en in ZH_EN_FOOD.get(item, ()))


@lru_cache(maxsize=4096)
def _zh_words(statement: str) -> tuple[str, ...]:
    """jieba's words of a Chinese ``statement``, a verb of taking before a thing dropped (喝咖啡 → 咖啡)."""
    return tuple(_ZH_VERB.sub("", w) for w, _ in pos_tags(to_simplified(statement)))


@lru_cache(maxsize=4096)
def _pieces(statement: str) -> tuple[str, ...]:
    """What of ``statement`` may name a thing: its content words; a Chinese word's beginnings and ends (咖啡店 →
    咖啡, 店; 喝咖啡 → 咖啡), English words alone (and without a plural s) and two together."""
    if lang_of(statement) == "zh":
        out: list[str] = []
        for w, flag in pos_tags(to_simplified(statement)):
            if flag[:1] in ("n", "v", "a", "e") or flag in ("nr", "vg"):
                w = _ZH_VERB.sub("", w)
                out += [w] + [w[:i] for i in range(1, len(w))] + [w[i:] for i in range(1, len(w))]
        return tuple(dict.fromkeys(p for p in out if p and p not in STOPWORDS))
    words = [w for w in re.findall(r"[a-z]+", statement.casefold()) if len(w) > 2 and w not in STOPWORDS]
    one = [w.removesuffix("s") for w in words if w.endswith("s") and not w.endswith("ss")]  # beers → beer
    return tuple(dict.fromkeys(words + one + [f"{a} {b}" for a, b in zip(words, words[1:], strict=False)]))
