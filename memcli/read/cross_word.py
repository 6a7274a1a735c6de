"""A bare word in the other language than a memory: the same word, read through the encoder (round 39).

``memcli search 咖啡`` over only "I take my coffee with milk" gave the memory p 0: a message of bare topic words has no
anchor, so the first stage grounds it only by the lexical leg's match on a topic word (:func:`memcli.read.answer.
grounded`), and a match cannot cross scripts. ``search coffee`` over 我每天喝咖啡 alike. The default model (USE
multilingual) places a word and its usual translation close: measured here over 50 Chinese / English pairs of nouns
of food, drink, pets, things, sports and jobs (written for memcli, no data set's words), the pair's cosine is
0.44-0.94 (38 of 50 at 0.70 or more), and of the 2,450 pairs that are no translation the highest is 0.69 (乌龙茶 /
"green tea"), then 0.65 (面条 / dumplings); 股票 against the coffee memory's words is at most 0.42.

:func:`bare_words`: the message is only topic words (1-3 of them, each of 2+ CJK / 4+ Latin characters, no
attribute, relation or when word: what :func:`memcli.read.answer.topic_coverage` counts); :func:`crossed`: each such
word whose cosine to a content word of the statement *in the other script* is :data:`CROSS_MIN_COS` or more, mapped
to that word. :class:`memcli.read.answer_pass.AnswerPass` reads a crossed hit as the lexical leg's match on that word
(``lexical``, ``lexical_topic``; the coverages computed with the word as the statement says it), so the fitted model
scores it as it scores ``search coffee`` over the English memory. A question (我喝咖啡吗) is not read so: its anchor
grounds it.

Misses (the encoder's pairs under the point): 饺子 / dumplings 0.60, 花生 / peanuts 0.59, 鹦鹉 / parrot 0.44.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["CROSS_MIN_COS", "bare_words", "crossed", "statement_words"]

#: the cosine of a word to a content word of the other script that reads them as one word (see the module doc)
CROSS_MIN_COS = 0.70
#: at most this many topic words make a bare-word message
MAX_WORDS = 3

Embed = Callable[[Sequence[str]], Any]


def _is_topic(token: str) -> bool:
    """A topic word (2+ CJK / 4+ Latin characters, no attribute, relation or when word)."""
    from memcli.read.answer import topic_coverage
    from memcli.read.request import is_relation

    return topic_coverage([token], token) > 0 and not is_relation(token)


def bare_words(message: str, tokens: Sequence[str]) -> list[str]:
    """The topic words of ``message`` when it is nothing else (``tokens``: its search tokens, stopwords dropped;
    punctuation aside): 1 to :data:`MAX_WORDS` words each a topic word (see the module doc), else []."""
    words = [t for t in tokens if t.strip()]
    if not 0 < len(words) <= MAX_WORDS or not all(_is_topic(t) for t in words):
        return []
    from memcli.read.tokens import query_tokens

    if len([t for t in query_tokens(message, drop_stopwords=False) if t.strip()]) != len(words):
        return []  # a word dropped as a stopword (吗, "do", "my"): a question, not a word looked up
    return words


def statement_words(statement: str) -> list[str]:
    """The content words of ``statement`` (its search tokens, stopwords dropped), and an English statement's pairs of
    adjacent ones ("green tea", "ice cream"), each once, in order."""
    from memcli.read.tokens import query_tokens

    toks = [t for t in query_tokens(statement, drop_stopwords=True) if t.strip()]
    pairs = [f"{a} {b}" for a, b in zip(toks, toks[1:], strict=False) if a.isascii() and b.isascii()]
    return list(dict.fromkeys([*toks, *pairs]))


def crossed(words: Sequence[str], statement: str, embed: Embed, cache: dict[str, Any]) -> dict[str, str]:
    """Each of ``words`` (a bare-word message's, :func:`bare_words`) that names a content word of ``statement`` in the
    other script (Latin against CJK), mapped to that word: the one at the highest cosine, :data:`CROSS_MIN_COS` or
    more. ``embed``: texts → (n, dim) float32, L2-normalised (the query encoder's model); ``cache``: text → vector,
    shared by the hits of one query (each word encoded once). {} when no word crosses."""
    out: dict[str, str] = {}
    for w in words:
        other = [s for s in statement_words(statement) if s.isascii() != w.isascii()]
        if not other:
            continue
        new = [t for t in dict.fromkeys([w, *other]) if t not in cache]
        if new:
            cache.update(zip(new, embed(new), strict=True))
        cos, best = max((float(cache[w] @ cache[s]), s) for s in other)
        if cos >= CROSS_MIN_COS:
            out[w] = best
    return out
