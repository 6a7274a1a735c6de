"""A count question about one thing never takes a count of another: "how many books do I have?" is not answered by
"I have 19 cats" (round 42's trial: the hit had p 0.24, over the answerability point).

:func:`other_counts`: of an English "how many X" question (:data:`_ASK`; X up to three words: "bee colonies"), the
hits that count things (a number and a plural noun: "19 cats", "two black cats"; units of time left out: "for 3
years") of which none is of X's kind — every noun's cosine to every word of X under :data:`KIND_COS` by the query
encoder's model ("books"–"cats" 0.37, "kids"–"cats" 0.43; "kids"–"daughters" 0.64, "pets"–"dogs" 0.75 stay) — and
that name no word of X. The gate gives such a hit p 0 (:meth:`memcli.read.answer_pass.AnswerPass.score`).

Read path: pure regex and the encoder's word vectors (cached per query); no store.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["KIND_COS", "asked_count", "counted_nouns", "other_counts"]

#: under this cosine a counted noun is neither the thing asked nor of its kind
KIND_COS = 0.5

_STOP = r"(?:do|does|did|have|has|had|are|is|was|were|will|would|can|could|should|of|in|at|on|for|i|we|you|my)"
_ASK = re.compile(rf"\bhow\s+many\s+(?:more\s+)?"
                  rf"(?P<thing>(?!{_STOP}\b|the\b|your\b|our\b)[a-z][a-z'-]+(?:\s+(?!{_STOP}\b)[a-z][a-z'-]+){{0,2}})",
                  re.I)
_NUM = (r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen"
        r"|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|hundred|a\s+dozen|dozens\s+of|several|a\s+few"
        r"|a\s+couple\s+of)")
_COUNT = re.compile(rf"\b{_NUM}\s+(?:[a-z-]+\s+){{0,2}}?(?P<noun>[a-z]+s)\b", re.I)
_TIME = frozenset({"seconds", "minutes", "hours", "days", "weeks", "months", "years", "decades", "times", "nights",
                   "mornings", "evenings", "weekends"})


def _stem(word: str) -> str:
    w = word.casefold()
    return w[:-3] + "y" if w.endswith("ies") else w[:-2] if w.endswith(("ches", "shes", "xes", "ses")) else \
        w[:-1] if w.endswith("s") else w


def asked_count(question: str) -> list[str] | None:
    """The words of the thing an English "how many X" question counts (``["books"]``, "how many bee colonies have
    I got" → ``["bee", "colonies"]``), or None."""
    m = _ASK.search(question or "")
    return m.group("thing").casefold().split() if m else None


def counted_nouns(statement: str) -> list[str]:
    """The plural nouns ``statement`` gives a number of ("I have 19 cats" → ``["cats"]``), units of time left out."""
    return [n for m in _COUNT.finditer(statement) if (n := m.group("noun").casefold()) not in _TIME]


def other_counts(question: str, statements: Mapping[int, str], embed: Callable[[Sequence[str]], Any],
                 cache: dict[str, Any]) -> list[int]:
    """The ids of ``statements`` that count only things other than what ``question`` counts (module doc).
    ``embed``: words → L2-normalised vectors; ``cache``: word → vector, shared by one query's hits."""
    thing = asked_count(question)
    if not thing:
        return []
    stems = {_stem(w) for w in thing}
    out = []
    for i, text in statements.items():
        nouns = counted_nouns(text)
        words = {_stem(w) for w in re.findall(r"[a-z]+", text.casefold())}
        if not nouns or stems & words:
            continue
        new = [w for w in dict.fromkeys([*thing, *nouns]) if w not in cache]
        if new:
            cache.update(zip(new, embed(new), strict=True))
        if all(float(cache[t] @ cache[n]) < KIND_COS for t in thing for n in nouns):
            out.append(i)
    return out
