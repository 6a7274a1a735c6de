"""Whether an English rule statement is the words as said (a span of a clause unit, its subject completed) or
garbled by the rules' rewriting: the fitted extractor's check before it keeps a rule's statement over the clause
the model scored (:mod:`memcli.write.fitted_extract`). Pure functions of word lists."""

from __future__ import annotations

import re

from memcli.write.rules.en import _expand

__all__ = ["EN_CUT_END", "EN_PRONOUN", "garbled", "span", "words"]

#: what may stand before a span whose subject the rules completed: a pronoun they read as whom it
#: means (he → Jake, her → my mom's), a conjunction whose clause shares the subject (… and switched
#: to tea → I switched to tea), or "as" (… as a nurse → I'm a nurse)
EN_PRONOUN = frozenset("i he she it they this that we his her its their our my and but so then , as".split())
#: a statement that ends on one of these was cut before what it needs (I love to …)
EN_CUT_END = frozenset("to the a an and or but of with for my our your his her their in on at from that than as"
                        .split())


def words(text: str) -> list[str]:
    """English words of ``text`` and its inner commas: contractions expanded, case-folded."""
    return re.findall(r"[a-z0-9]+|,", _expand(text).casefold().strip(" ,.!?;:"))


def span(part: list[str], whole: list[str]) -> int:
    """Where ``part`` occurs in ``whole``, contiguously or with one gap in between (I love cats
    and dogs → I love dogs): the start, -1 when nowhere."""
    n = len(part)
    if not n:
        return -1
    for i in range(len(whole) - n + 1):
        if whole[i:i + n] == part:
            return i
    for m in range(1, n):
        head, tail = part[:m], part[m:]
        # the last place the tail follows a list's glue: a head before it (with a gap) is a match; found once,
        # not again for every place of the head (that was quadratic in the words of a long unit)
        last = next((j for j in range(len(whole) - n + m, 0, -1)
                     if whole[j - 1] in ("and", "or", ",") and whole[j:j + n - m] == tail), -1)
        for i in range(last - m):
            if whole[i:i + m] == head:
                return i  # the gap is a sibling of a list (cats and | dogs), not a dropped object
    return -1


def garbled(st: list[str], said: list[list[str]]) -> bool:
    """A rule statement (words ``st``) that is no span of any unit (words in ``said``): not the
    words as said, nor the words as said with their subject completed (a dropped I, a pronoun
    read as whom it means); or one that ends on a word that needs more (… love to)."""
    if st[-1] in EN_CUT_END:
        return True
    if any(a == "," and b in ("is", "are", "was", "were") for a, b in zip(st, st[1:], strict=False)):
        return True  # "My sister-in-law, is a pharmacist": the name before the apposition was cut off
    if st[0] == "i" and len(st) > 2 and (st[2] in ("is", "are", "was", "were") or
                                         st[2] == "has" or
                                         st[1] in ("all", "the", "a", "an", "this", "that", "my", "your", "to",
                                                   "is", "are", "has")):
        return True  # "I dance is…", "I school has been…", "I all the…", "I are both…": an I put before what
        # was no verb of its own
    if len(st) == 2 and st[0] == "i" and not any(span(st, w) >= 0 for w in said):
        return True  # (round 33) an I put before one word said alone: "So fun!" read as "I fun"
    for w in said:
        if span(st, w) >= 0:
            return False
        for k in range(1, min(7, len(st) - 1) + 1):
            if "," in st[:k + 1]:
                break  # a subject the rules put before a list's tail (I sunsets, beaches) completes nothing
            j = span(st[k:], w)
            if j >= 0 and (j == 0 or w[j - 1] in EN_PRONOUN) and (k == 1 or st[k - 1] not in EN_CUT_END):
                # (a clause cut at a preposition with the rest said again completes nothing: … switched to switched to)
                return False
    return True
