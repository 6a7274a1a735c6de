"""Chinese conjunctions between clauses, found as words of their own, never as characters.

A conjunction's characters also occur inside other words: 不过 in 不过敏 (不 + 过敏), 同时 in 不同时期,
但 in 但愿, 以及 in 可以及时. Splitting a clause at the characters cut 我爸爸对花生不过敏 into 我爸爸对花生
and 敏 (the "no" lost, the meaning reversed). So a clause is split, and a leading conjunction dropped,
only where jieba cuts the conjunction as one token: 我喜欢猫不过我老公不喜欢 → 猫 / 不过 / 我; 花生 /
不 / 过敏. The cut is :func:`memcli.text.pos_tags` (cached, shared with the rules).
"""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.text import pos_tags
from memcli.write.rules.zh_words import _FILLER, _TAIL

__all__ = ["CONJUNCTIONS", "LEAD_CONJUNCTIONS", "lead_conjunction", "prepare", "split_at_conjunctions"]

#: conjunctions that join two clauses (a clause is split before them; the word itself is no part of either)
CONJUNCTIONS = frozenset("而且 并且 但是 可是 不过 然后 所以 因为 同时 另外 以及".split())

#: conjunctions that may open a clause and are no part of its statement (但我老婆很喜欢吃辣 → 我老婆很喜欢吃辣);
#: not 如果 / 虽然 / 要是: they change what the clause says
#: nor the one-character 可 / 并 (也可以, 并不): alone they are more often "can" and "not at all" than "but"
#: nor the discourse adverbs that open a clause before its own subject (反正我平时只喝茶: 我, not the subject before)
LEAD_CONJUNCTIONS = CONJUNCTIONS | frozenset("但 而 于是 反正 总之 毕竟".split())
#: :data:`LEAD_CONJUNCTIONS` as characters: a text opening with none of them opens with no conjunction as a word,
#: and is not cut to know it (most clauses a drain reads)
_LEAD_FIRST = tuple(sorted(LEAD_CONJUNCTIONS))
#: any of :data:`CONJUNCTIONS` as characters: a clause without one past its first character has no
#: conjunction to split at, and is not cut to know it (most clauses a drain reads)
_ANY_CONJUNCTION = re.compile("|".join(sorted(CONJUNCTIONS, key=len, reverse=True)))


def split_at_conjunctions(clause: str) -> list[str]:
    """``clause`` cut before every conjunction jieba reads as a word of its own (not at its start), the
    conjunction dropped — the pieces :func:`re.split` gave at the characters, without splits inside a word."""
    if not _ANY_CONJUNCTION.search(clause, 1):  # a conjunction cut as a word is one as characters first
        return [clause]
    pieces: list[str] = []
    start = pos = 0
    for word, _flag in pos_tags(clause):
        if word in CONJUNCTIONS and pos > 0 and not (word == "另外" and re.match(r"(?:一)?[个位名]", clause[pos + 2:])):
            # (我另外一个同事老刘…: 另外 "another", no "besides" — round 44)
            pieces.append(clause[start:pos])
            start = pos + len(word)
        pos += len(word)
    pieces.append(clause[start:])
    return pieces


def lead_conjunction(text: str) -> int:
    """Length of the conjunction that opens ``text`` as a word of its own (但, 但是, 不过, 而且…), else 0:
    0 for 不过敏, 但愿如此."""
    if not text.startswith(_LEAD_FIRST):  # jieba's first word is a prefix of the text: no cut needed
        return 0
    toks = pos_tags(text)
    return len(toks[0][0]) if len(toks) > 1 and toks[0][0] in LEAD_CONJUNCTIONS else 0


@lru_cache(maxsize=8192)  # a clause is prepared three or four times while it is read (a pure function of it)
def prepare(text: str) -> str:
    """One clause ready to match: fillers and trailing particles/punctuation removed."""
    t = text.strip()
    while True:
        u = _FILLER.sub("", t, count=1)
        u = u[lead_conjunction(u):].lstrip("，,、 ")  # 但我老婆…, 不过我…: a conjunction as a word (not 不过敏)
        if u == t:
            break
        t = u
    return _TAIL.sub("", t).strip()
