"""Quantities with their units, for the decision judge: is the same measure given another value?

:func:`memcli.write.rules.match.numbers_of` reads a statement's numbers as a bare multiset, so 5 km
against 10 km and 8 glasses of water against 1 glass of wine look alike ("each side states a number
the other does not"). A number is a value of a measure only together with its unit: here each
number is read with the word or measure character after it (``5公里``, ``十一点``, ``seven hours``,
``78 kg``), English units folded to one spelling (kg / kilos / kilograms, hrs / hours). Two statements
then *change a quantity* when they give one unit two different values, and *keep* it when every unit
they share carries the same value (``5 kilometres`` / ``five kilometres``, ``一万步`` / ``10000步``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.numerals import EN_NUMBER_WORDS as _EN_WORDS
from memcli.numerals import EN_TENS as _EN_TENS
from memcli.text import lang_of, to_simplified
from memcli.write.rules.match import cn_to_int, counts_spelled, expand_en

__all__ = ["quantities", "quantity_changed", "quantity_kept"]

#: one spelling per English unit (plural, abbreviation and British/American spelling folded)
_EN_UNIT = {"kg": "kilogram", "kgs": "kilogram", "kilo": "kilogram", "kilos": "kilogram", "km": "kilometre",
            "kms": "kilometre", "kilometer": "kilometre", "lb": "pound", "lbs": "pound", "hr": "hour",
            "hrs": "hour", "h": "hour", "min": "minute", "mins": "minute", "cm": "centimetre",
            "centimeter": "centimetre", "meter": "metre", "m": "metre", "mi": "mile", "yr": "year", "yrs": "year",
            "k": "thousand", "grand": "thousand", "p.m": "pm", "a.m": "am", "o'clock": "oclock",
            "yearsold": "age"}
_EN_NUM = "|".join(sorted([*_EN_WORDS, *_EN_TENS], key=len, reverse=True))
_EN_QTY = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?|(?:" + _EN_NUM + r")(?:[- ](?:" + "|".join(_EN_WORDS) +
                     r"))?)\s*([a-z][a-z.']*)")
#: a Chinese number and the measure character after it (公里 → 公, 点 → 点, 杯 → 杯); a 个 before a
#: unit is skipped (两个小时 → 小), and so is a word of about (九千来块 → 块, 两个多小时 → 小: round 31)
_ZH_QTY = re.compile(r"(\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百千万]+)\s*个?(?:多|来|余|左右)?个?"
                     r"([\u4e00-\u9fffA-Za-z])")
#: what follows a number without measuring it: a particle or the end of about (存了四万多 / 有五万二了: no unit)
_ZH_NOT_UNIT = frozenset("了的啦呢吧啊呀嘛哦多来余左")
#: measure characters of a portion or a dose a half may be told of (半片, 一片半, 半粒, 两杯半; round 31): a
#: half of a time (半夜, 半天) or of anything else is left as it was read
_ZH_HALVED = "片粒颗支滴杯勺碗瓶袋包盒"
_ZH_HALF = re.compile(rf"(?<![\d零〇一二两三四五六七八九十百千万])半(?=[{_ZH_HALVED}])")
_ZH_AND_HALF = re.compile(rf"(\d+|[零〇一二两三四五六七八九十百千万]+)([{_ZH_HALVED}])半")
#: English units of a portion or a dose a half may be told of (half a tablet, one and a half pills, a tablet and
#: a half; round 31): a half of anything else (half an hour, half the time) is left as it was read
_EN_HALVED = (r"(?:tablet|pill|capsule|caplet|dose|cup|glass|mug|teaspoon|tablespoon|spoon|scoop|bottle|can|"
              r"puff|drop|patch|mg|ml)s?")
_EN_HALF = re.compile(rf"\b(?:a |one )?half (?:a |an |of a )?(?={_EN_HALVED}\b)", re.I)
_EN_AND_HALF = re.compile(rf"\b(\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten)(?: ({_EN_HALVED}))? and a "
                          rf"half(?: ({_EN_HALVED}))?\b", re.I)
#: words that start with 一 but count nothing (一般, 一直, 一起, 一定 …)
_ZH_NOT_ONE = frozenset("般直起定样些下切边向旦致共同生辈再贯律时会")


def _en_value(w: str) -> float | None:
    if w[0].isdigit():
        return float(w)
    parts = re.split(r"[- ]", w)
    total = 0
    for p in parts:
        if p in _EN_TENS:
            total += _EN_TENS[p]
        elif p in _EN_WORDS:
            total += _EN_WORDS[p]
        else:
            return None
    return float(total)


def _halves(t: str) -> str:
    """``t`` with a half of a portion or a dose said in digits: 半片 → 0.5片, 一片半 → 1.5片 (两粒半 → 2.5粒)."""
    def and_half(m: re.Match[str]) -> str:
        n = m.group(1)
        v = float(n) if n.isdigit() else cn_to_int(n)
        return m.group(0) if v is None else f"{v + 0.5:g}{m.group(2)}"

    return _ZH_HALF.sub("0.5", _ZH_AND_HALF.sub(and_half, t))


def _en_halves(t: str) -> str:
    """``t`` with a half of a portion or a dose said in digits: half a tablet → 0.5 tablet, one and a half
    pills → 1.5 pills, a tablet and a half → 1.5 tablet (round 31)."""
    def and_half(m: re.Match[str]) -> str:
        unit = m.group(2) or m.group(3)
        if unit is None:
            return m.group(0)
        n = m.group(1).lower()
        v = float(n) if n.isdigit() else 1.0 if n in ("a", "an") else _en_value(n)
        return m.group(0) if v is None else f"{v + 0.5:g} {unit}"

    return _EN_HALF.sub("0.5 ", _EN_AND_HALF.sub(and_half, t))


@lru_cache(maxsize=16384)
def quantities(text: str) -> frozenset[tuple[str, float]]:
    """The (unit, value) pairs ``text`` states: ``我每天跑五公里`` → {("公", 5.0)}, ``I sleep about 5 hours``
    → {("hour", 5.0)}. Numbers with no unit after them are left out (a bare number is no measure)."""
    out: set[tuple[str, float]] = set()
    if lang_of(text) == "zh":
        t = re.sub(r"(\d),(\d{3})\b", r"\1\2", counts_spelled(to_simplified(text), True))
        t = _halves(t)
        for m in _ZH_QTY.finditer(t):
            n = m.group(1)
            if n == "一" and m.group(2) in _ZH_NOT_ONE or m.group(2) in _ZH_NOT_UNIT:
                continue
            v = float(n) if n[0].isdigit() else cn_to_int(n)
            if v is not None:
                out.add((m.group(2).casefold(), float(v)))
        return frozenset(out)
    t = re.sub(r"(\d),(\d{3})\b", r"\1\2", counts_spelled(expand_en(_en_halves(text)), False))
    t = re.sub(r"(\d)(k|kg|km|cm|lbs?|hrs?|mins?)\b", r"\1 \2", t)
    t = re.sub(r"[- ]years?[- ]old\b", " yearsold", t)  # an age (34 years old) is no duration (4 years)
    # once / twice a week is a count of times (three times a week): "once" alone (I once lived…) is none
    t = re.sub(r"\b(once|twice|thrice)(?= (?:a|an|per|every|each)\b)",
               lambda m: {"once": "1 time", "twice": "2 times", "thrice": "3 times"}[m.group(1)], t)
    for m in _EN_QTY.finditer(t):
        v = _en_value(m.group(1))
        unit = m.group(2).rstrip(".'")
        if v is None or not unit:
            continue
        unit = _EN_UNIT.get(unit, unit)
        if unit.endswith("s") and len(unit) > 3 and not unit.endswith("ss"):
            unit = unit[:-1]
        out.add((_EN_UNIT.get(unit, unit), v))
    return frozenset(out)


@lru_cache(maxsize=16384)  # asked of one statement for every pair it is in; read only
def _by_unit(text: str) -> dict[str, frozenset[float]]:
    d: dict[str, set[float]] = {}
    for unit, v in quantities(text):
        d.setdefault(unit, set()).add(v)
    return {u: frozenset(v) for u, v in d.items()}


def quantity_changed(new: str, old: str) -> bool:
    """Some unit both statements measure carries values on one side that the other never gives
    (5公里 → 10公里, 11点 → 1点, seven hours → 5 hours, 70 kg → 78 kg)."""
    a, b = _by_unit(new), _by_unit(old)
    if a and b:  # (asked of every pair the judge weighs: most statements measure nothing)
        for u, v in a.items():
            if u in b and b[u] != v:
                return True
    return False


def quantity_kept(new: str, old: str) -> bool:
    """The statements share a unit and every shared unit carries the same values (5 km / five km,
    一万步 / 10000步)."""
    a, b = _by_unit(new), _by_unit(old)
    if not (a and b):
        return False
    shared = False
    for u, v in a.items():
        if u in b:
            if b[u] != v:
                return False
            shared = True
    return shared
