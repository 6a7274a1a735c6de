"""One fact once in the block: a line whose words another line of the block holds whole is left out (round 41).

A fact told twice, the second time with more ("I love spicy Thai food", then "I love spicy Thai food, especially
green curry"; 我爱吃酸菜鱼, then 我爱吃酸菜鱼，尤其是老坛的), is stored as two memories when the decision step read
the second as new (an import, two turns far apart, a refinement read as another fact): the block spent two of its few
lines on one fact. The store keeps both (a decision is the write path's, and the history is the user's); the block
shows the fuller one. Memories are compared with memories and the user's quoted turns with quoted turns: a memory
beside the quote of its own turn is :mod:`memcli.read.quotes`' choice (the memory shown as the memory, the turn
quoted only for what it adds), kept as it is.

:func:`holds_whole`: line A repeats line B when B's words hold A's whole, in order and together — A's normalised
text (simplified, case-folded, punctuation as one space) inside B's, an English word as a word (so "I love cats" is
not in "I love catsup") — and what B says besides holds no word that turns A around: a negation (not, never, no
longer, 不, 没, 别, 再也), a past (used to, before, 以前, 原来, 曾经), a contrast (but not, instead, except, 除了,
改成). A must have three words, or two of three letters or more (English), or three characters (Chinese). The same
words in another order ("My mother visits my sister" / "My sister visits my mother") are not the same fact: both stay.

:func:`without_repeats`: of two such lines of one sort (memories, quoted turns) the fuller stays, at the better rank
of the two; two lines of the same words keep the newer. A line marked as ended (a past fact, a turn since
changed) is compared only with lines marked alike: "no longer true" and a fact that holds are two things.
"""

from __future__ import annotations

import re
from typing import Any

from memcli.text import to_simplified

__all__ = ["holds_whole", "normalised", "without_repeats"]

_PUNCT = re.compile(r"[\W_]+")
_LATIN_WORD = re.compile(r"[a-z0-9]+")
_CJK = re.compile(r"[\u3400-\u9fff]")
#: words in the fuller line's rest that turn the shorter one around (see the module doc)
_TURNS_EN = re.compile(r"\b(?:not|no|never|nor|none|nothing|without|anymore|longer|used|stopped|quit|gave|instead|"
                       r"rather|except|unless|before|previously|formerly|former|ex|nt|don|doesn|didn|isn|aren|wasn|"
                       r"weren|won|can|cannot|hate|hates|dislike|dislikes)\b")
_TURNS_ZH = re.compile(r"不|没|别|无|非|未|再也|以前|原来|之前|曾经|戒|放弃|改成|换成|改为|除了|讨厌")


def normalised(text: str) -> str:
    """``text`` simplified, case-folded, its punctuation and spaces as one space, stripped."""
    return _PUNCT.sub(" ", to_simplified(text).replace("’", "'").replace("'", "").casefold()).strip()


def _enough(norm: str) -> bool:
    words = _LATIN_WORD.findall(norm)
    return len(words) >= 3 or sum(len(w) >= 3 for w in words) >= 2 or len(_CJK.findall(norm)) >= 3


def holds_whole(shorter: str, fuller: str) -> bool:
    """Whether ``fuller``'s words hold ``shorter``'s whole and nothing in the rest turns it around (see the module
    doc). Both as stored (any script); false when ``shorter`` is too short to be a fact of its own."""
    a, b = normalised(shorter), normalised(fuller)
    if not a or not _enough(a):
        return False
    for m in re.finditer(re.escape(a), b):
        i, j = m.start(), m.end()
        if (i > 0 and a[0].isascii() and a[0].isalnum() and b[i - 1].isascii() and b[i - 1].isalnum()) or \
                (j < len(b) and a[-1].isascii() and a[-1].isalnum() and b[j].isascii() and b[j].isalnum()):
            continue  # inside a longer word
        rest = b[:i] + " " + b[j:]
        return not (_TURNS_EN.search(rest) or _TURNS_ZH.search(rest))
    return False


def _ended(hit: Any) -> bool:
    return getattr(hit, "ended_at", None) is not None or bool(getattr(hit, "turn_ended", False))


def _line(hit: Any) -> str:
    return hit.statement


def without_repeats(hits: list[Any]) -> tuple[list[Any], int]:
    """``hits`` (best first, as the block will show them) with each line another one of its sort holds whole left out
    (see the module doc), and how many were. Returns a new list."""
    out: list[Any] = []
    dropped = 0
    for hit in hits:
        placed = False
        for k, kept in enumerate(out):
            if _ended(kept) != _ended(hit) or (kept.episode_id is None) != (hit.episode_id is None):
                continue
            a, b = _line(hit), _line(kept)
            if normalised(a) == normalised(b):
                out[k], placed = hit if hit.valid_from > kept.valid_from else kept, True
            elif holds_whole(a, b):  # the kept line holds the new one whole
                placed = True
            elif holds_whole(b, a):  # the new one holds the kept line whole: it takes its place
                out[k], placed = hit, True
            if placed:
                dropped += 1
                break
        if not placed:
            out.append(hit)
    return out, dropped

