"""What would be is no evidence of what is: a hypothetical hit for a question about the real state (round 48).

A turn or memory that tells what the user *would* do or have ("if I ever got a dog it'd be a beagle", 要是我养猫
就养布偶) shares every word with "Do I have a dog?" or "What breed is my dog?" and tops the dense leg, yet it says
nothing of a dog the user has — quoted alone it answers the question wrongly. A question put in the same mood ("what
dog would I get?", "do I want a dog?", 我想养什么狗) is about the wish, and the hypothetical answers it.

- :func:`irrealis_hit`: every sentence of the statement that names a word of the question (every sentence when none
  does) is conditional or a wish: it opens with if / even if / suppose / imagine / what if / 如果 / 要是 / 假如 / 假设 /
  万一 / 但愿 … and says what would be (would, ever, were, 以后, 肯定 …: "If it rains I take the bus" is a habit), or
  holds "if I/we …" beside "would"/"'d", or says "I wish" / 要是…就好了 / 该多好.
- :func:`realis_question`: the question asks what is or was: no modal, wish, plan or condition word in it (would,
  could, might, if, want, wish, hope, plan, dream, someday, ever, 想, 要是, 如果, 打算, 愿意, 会不会 …).

Read path: plain text in, no store, no model; the write path keeps its own reading of a hypothetical to drop it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = ["irrealis_hit", "realis_question"]

_EN_SENT = re.compile(r"[^.!?;\n]+")
_ZH_SENT = re.compile(r"[^。！!？?；;\n]+")
_EN_OPEN = re.compile(r"^\W*(?:(?:and|but|so|well|honestly|oh|also|lol|haha)\W+)*(?:even\s+)?"
                      r"(?:if|suppose|supposing|imagine|hypothetically|what\s+if|in\s+a\s+perfect\s+world)\b", re.I)
_EN_IF_WOULD = re.compile(r"\bif\s+(?:i|we)\b.*\b(?:would|'d|could|might)\b|\b(?:would|'d)\b.*\bif\s+(?:i|we)\b", re.I)
_EN_WISH = re.compile(r"\b(?:i|we)\s+(?:really\s+|just\s+|sometimes\s+|often\s+)?wish\b|\bif\s+only\b", re.I)
_ZH_OPEN = re.compile(r"^\W*(?:[我咱]们?)?"
                      r"(?:如果|要是|假如|假设|假使|倘若|若是|万一|要不是|如若|但愿|想象一下|设想一下)")
#: beside an opening condition, what says it would be: a modal, "ever", a past subjunctive; 以后, 哪天, 肯定 …
_EN_UNREAL = re.compile(r"\b(?:would|could|might|ever|were|someday|one day)\b|'d\b", re.I)
_ZH_UNREAL = re.compile(r"以后|将来|哪天|有一天|有朝一日|真的|肯定|一定|能|可以|会|想")
_ZH_WISH = re.compile(r"(?:就好了|该多好|多好啊|多好呀|真希望|多希望)")
_EN_MOOD = re.compile(r"\b(?:would|could|might|if|wants?|wanted|wanting|wish|hope|hoping|plan|planning|dream|dreaming|"
                      r"someday|ever|like\s+to|love\s+to|going\s+to|gonna|should|consider(?:ing)?|thinking\s+of|"
                      r"imagine|suppose)\b|'d\b", re.I)
_ZH_MOOD = re.compile(r"想|要是|如果|假如|假设|万一|打算|计划|愿意|梦想|希望|会不会|以后|将来")


def _irrealis_sentence(s: str) -> bool:
    """One sentence is conditional or a wish (see the module doc); a condition of a habit ("If it rains I take the
    bus", 如果加班我就打车回家) is real: an opening condition counts with a word of what would be beside it."""
    s = s.strip()
    if s.isascii():
        return bool(_EN_OPEN.match(s) and _EN_UNREAL.search(s) or _EN_IF_WOULD.search(s) or _EN_WISH.search(s))
    return bool(_ZH_OPEN.match(s) and _ZH_UNREAL.search(s) or _ZH_WISH.search(s))


def irrealis_hit(statement: str, words: Sequence[str]) -> bool:
    """True when every sentence of ``statement`` naming one of ``words`` (the question's search words,
    case-folded; every sentence when none names one) is conditional or a wish; False for an empty statement.
    English sentences end at . ! ? ; Chinese ones at 。！？；, commas kept inside ("If I ever got a dog it would be a
    beagle, but …" is one conditional sentence)."""
    text = statement.strip()
    if not text:
        return False
    sents = [s for s in (_EN_SENT if text.isascii() else _ZH_SENT).findall(text) if s.strip()]
    low = [s.casefold() for s in sents]
    naming = [s for s, f in zip(sents, low, strict=True) if any(w and w in f for w in words)]
    return all(_irrealis_sentence(s) for s in (naming or sents))


def realis_question(question: str) -> bool:
    """True when ``question`` (the question sentence, any script) asks what is or was: no modal, wish, plan or
    condition word in it (see the module doc)."""
    return not (_EN_MOOD.search(question) or _ZH_MOOD.search(question))
