"""Number words, both languages: one table and one reader (round 40), for every module that reads a count or a date.

- Chinese numerals (:func:`zh_number`): digits ``零〇一二两三四五六七八九`` (两 is 2), units ``十百千万``: 三 → 3,
  十五 → 15, 二十三 → 23, 一百零五 → 105, 八千五 → 8500, 一万二 → 12000, and a run of digits read digit by digit
  (二〇二六 → 2026). 十几 and 几 are no number (None).
- English number words (:func:`en_number`): zero … nineteen (:data:`EN_NUMBER_WORDS`), the tens twenty … ninety
  (:data:`EN_TENS`), a ten and a unit ("twenty-one", "forty two"), and the counts a quantity word tells
  (:data:`EN_COUNT_WORDS`: a / an → 1, a couple (of) → 2, a few / several → 3).

Before round 40 the same tables were written five times (the question's window, a statement's date, a birthday's
day, the numbers a statement states, an English clause's "N days ago"). Each reader keeps its own patterns (which
words it looks for) and its own default for a word it cannot read; the values come from here.
Pure functions; no memcli import (beside :mod:`memcli.timeutil`: read and write paths both use it).
"""

from __future__ import annotations

__all__ = ["EN_COUNT_WORDS", "EN_NUMBER_WORDS", "EN_TENS", "ZH_DIGITS", "ZH_UNITS", "en_number", "zh_number"]

#: a Chinese digit's value (两 and 二 are both 2; 〇 is written in years: 二〇二六)
ZH_DIGITS = {"零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}
#: a Chinese unit's value
ZH_UNITS = {"十": 10, "百": 100, "千": 1000, "万": 10000}
#: zero … nineteen → 0 … 19, in order
EN_NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen".split())}
#: twenty … ninety → 20 … 90
EN_TENS = {w: 10 * i for i, w in enumerate("twenty thirty forty fifty sixty seventy eighty ninety".split(), start=2)}
#: the count a quantity word tells ("a week ago", "a couple of days", "a few years", "several months")
EN_COUNT_WORDS = {"a": 1, "an": 1, "a couple of": 2, "couple of": 2, "a couple": 2, "a few": 3, "few": 3,
                  "several": 3}
_EN_VALUE = EN_NUMBER_WORDS | EN_TENS | EN_COUNT_WORDS
_EN_UNITS = {w: i for w, i in EN_NUMBER_WORDS.items() if 1 <= i <= 9}


def zh_number(text: str) -> int | None:
    """The value of a Chinese numeral (see the module doc: 三 → 3, 二十三 → 23, 一百零五 → 105, 八千五 → 8500, 一万二 →
    12000, 二〇二六 → 2026); None for an empty text or one holding any other character (十几, 3个)."""
    if not text:
        return None
    if len(text) > 1 and all(c in ZH_DIGITS for c in text):  # 二〇二六 digit by digit
        return int("".join(str(ZH_DIGITS[c]) for c in text))
    total, cur, last = 0, 0, 1
    for c in text:
        if c in ZH_DIGITS:
            cur = ZH_DIGITS[c]
        elif c in ZH_UNITS:
            if ZH_UNITS[c] == 10000:
                total = (total + (cur or 0)) * 10000 or 10000
            else:
                total += (cur or 1) * ZH_UNITS[c]
            last, cur = ZH_UNITS[c], 0
        else:
            return None
    if cur and last >= 100 and text[-1] in ZH_DIGITS and text[-2:-1] in ZH_UNITS:  # 八千五 → 8500
        return total + cur * last // 10
    return total + cur


def en_number(words: str) -> int | None:
    """The value of an English number word or count (case and inner spaces aside): digits ("12"), zero … nineteen,
    the tens, a ten and a unit ("twenty-one", "forty two"), a / an, a couple (of), a few, several (see the module
    doc); None for anything else ("dozen", "many")."""
    w = " ".join(words.casefold().split())
    if w.isascii() and w.isdigit():
        return int(w)
    if w in _EN_VALUE:
        return _EN_VALUE[w]
    tens, _, unit = w.replace("-", " ").partition(" ")
    if tens in EN_TENS and unit in _EN_UNITS:
        return EN_TENS[tens] + _EN_UNITS[unit]
    return None
