"""A question in two parts: each part recalled on its own, one list of what any part answers (round 40).

我老婆叫什么？她做什么的？ and "What's my wife's name? What does she do?" had an empty block: the read path reads a
message by its last question sentence (:func:`memcli.slot_query.question_focus`), and 她做什么的 / "What does she do?"
names nobody — no anchor, no slot of anyone's, so every hit got p 0 and the first part was never asked.

:func:`split_question` cuts a message into its questions when every sentence of it is one (a sentence end: ？ ? 。 ！
; between them) or when "and" / 还有 / 另外 / 以及 joins two questions ("What's my wife's name, and what does she
do?", 我老婆叫什么，还有她做什么工作); a part that is too short to ask anything on its own ("Where and when …": "Where")
leaves the message whole. A personal pronoun of a later part (she, he, her, his, him, 她, 他, 它) takes the subject the
first part names ("my wife", 我老婆; a relation word, or the user's thing by its kind: "my dog", 我的狗), so each part
is a question of its own. :func:`merge` takes the parts' hits in turn, best first (the over-the-point ones of every
part before any below it), each once: the answerability is judged per part, and the block holds what any part answers.
``Hit.part`` says which part found a hit, so the context's ratio cut reads each part beside its own best hit.

Pure regex over the question; no store, no model.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from typing import Any

from memcli.read.results import Hits, RetrievalInfo, construct

__all__ = ["MAX_PARTS", "merge", "recall_parts", "split_question", "subject_phrase"]

#: at most this many parts are recalled (each is a retrieval of its own)
MAX_PARTS = 3

_END = re.compile(r"(?<=[？?。！!；;])\s*")
#: "and" / 还有 / 另外 / 以及 before a second question (a question word or an auxiliary opening it)
_JOIN_EN = re.compile(r",?\s+(?:and|also)\s+(?=(?:what|what's|where|where's|who|who's|whom|whose|when|when's|which|"
                      r"how|why|is|are|was|were|does|do|did|can|could|has|have)\b)", re.IGNORECASE)
_JOIN_ZH = re.compile(r"[，,、\s]*(?:还有|另外|以及|顺便问一下|还想问)[，,]?\s*")
_ASKS_EN = re.compile(r"\?\s*$|^(?:what|what's|where|where's|who|who's|whom|whose|when|when's|which|how|why|is|are|"
                      r"was|were|does|do|did|can|could|has|have|any)\b", re.IGNORECASE)
_ASKS_ZH = re.compile(r"[？?]\s*$|什么|哪|谁|(?<![好十])几|多少|多大|多久|怎么|怎样|如何|为什么|吗|呢|没有|是不是|"
                      r"有没有")
_PRONOUN_EN = re.compile(r"\b(?:she|he|her|his|him|they|them|their|it|its)\b", re.IGNORECASE)
_PRONOUN_ZH = re.compile(r"[她他它](?:们)?(?:的)?")
_MY_EN = re.compile(r"\bmy ((?:[a-z-]+ )?[a-z-]+?)(?:'s|’s)?(?=\W|$)", re.IGNORECASE)


#: a sentence ended as told (。！. …), not asked: chatter before the question ("…持续了好几个小时呢。")
_TOLD_END = re.compile(r"[。！!.…~～]\s*$")


def _is_question(part: str) -> bool:
    """Whether ``part`` asks: it ends with a question mark, or it has no end of its own (a part joined by "and" /
    另外) and opens with a question word (English) or holds one (Chinese: 什么, 哪, 谁, 几 — not 好几 —, 吗, 呢 …);
    a sentence ended with 。 ！ . … is told, whatever words it holds."""
    if _TOLD_END.search(part):
        return False
    if part.isascii():
        return bool(_ASKS_EN.search(part)) and len(part.split()) >= 3
    return bool(_ASKS_ZH.search(part)) and len(re.sub(r"\W", "", part)) >= 3


def subject_phrase(question: str) -> str | None:
    """The person or the user's thing ``question`` is about, as it names them — "my wife", "my dog", 我老婆, 我的狗 —
    for a pronoun of a later part to take; None when it names neither (a question about the user: 我住在哪)."""
    from memcli.read.kinds import asked_kinds
    from memcli.slots import ZH_RELATION_RE, relation_en

    if question.isascii():
        for m in _MY_EN.finditer(question):
            words = m.group(1).split()
            if len(words) == 2 and relation_en(" ".join(words)):  # my older sister
                return f"my {' '.join(words)}"
            if relation_en(words[0]) or asked_kinds(words[0]):  # my wife, my dog (called)
                return f"my {words[0]}"
        return None
    m = ZH_RELATION_RE.search(question)
    if m:
        return ("我的" if question[max(0, m.start() - 1):m.start()] == "的" else "我") + m.group(0)
    own = re.search(r"我的?([\u4e00-\u9fff]{1,3}?)(?=[叫是在住多几的有哪什怎])", question)
    if own and asked_kinds(own.group(1)):
        return "我的" + own.group(1)
    return None


def _resolve(part: str, subject: str | None) -> str:
    """``part`` with its first personal pronoun read as ``subject`` (her / his → "my wife's"; 她 → 我老婆)."""
    if not subject:
        return part
    if part.isascii():
        def one(m: re.Match[str]) -> str:
            w = m.group(0).casefold()
            return subject + ("'s" if w in ("her", "his", "their", "its") and _possessive(part, m.end()) else "")
        return _PRONOUN_EN.sub(one, part, count=1)
    return _PRONOUN_ZH.sub(lambda m: subject + ("的" if m.group(0).endswith("的") else ""), part, count=1)


def _possessive(part: str, end: int) -> bool:
    """A her / his followed by a noun (her job), not an object (ask her, about him)."""
    rest = part[end:].lstrip()
    return bool(rest) and rest[0].isalpha() and not re.match(r"(?:do|does|did|is|are|was|live|work)\b", rest, re.I)


def split_question(text: str) -> list[str]:
    """The questions of ``text`` (cleaned message text), each with a later part's pronoun read as the first part's
    subject (see the module doc): two or more when it asks that many, else ``[text]``. At most :data:`MAX_PARTS`."""
    sentences = [s.strip() for s in _END.split(text) if s.strip()]
    parts: list[str] = []
    for s in sentences:
        joined = _JOIN_EN.split(s) if s.isascii() else _JOIN_ZH.split(s)
        parts.extend(p.strip(" ，,") for p in joined if p.strip(" ，,"))
    if not 1 < len(parts) <= MAX_PARTS or not all(_is_question(p) for p in parts):
        return [text]
    subject = subject_phrase(parts[0])
    parts = [parts[0], *(_resolve(p, subject) for p in parts[1:])]
    return parts if all(_names_whom(p) for p in parts) else [text]


#: the user named: I, my, me, our, we; 我, 咱
_USER_EN = re.compile(r"\b(?:i|i'm|i've|my|me|mine|our|ours|we|us)\b", re.IGNORECASE)
_USER_ZH = re.compile(r"我|咱")


def _names_whom(part: str) -> bool:
    """Whether a part names whom it asks about: the user (I, my, 我 …) or a relation of theirs (老婆, "my wife"; a
    later part's pronoun already read as the first part's subject). A part naming nobody is chatter or a general
    question (不知道会不会下雨呢？) — recalled on its own it would only push the asked part's hits down."""
    from memcli.slots import ZH_RELATION_RE

    if part.isascii():
        return bool(_USER_EN.search(part))
    return bool(_USER_ZH.search(part) or ZH_RELATION_RE.search(part))


def merge(per_part: Sequence[Sequence[Any]], limit: int) -> list[Any]:
    """One list of the parts' hits (each best first): in turn, part by part, the hits over the answerability point of
    every part before any below it; each memory or episode once (the first part that found it keeps it, and sets
    ``part``); at most ``limit``."""
    out: list[Any] = []
    seen: set[tuple[Any, Any]] = set()
    for below in (False, True):
        queues = [[h for h in hits if bool(h.below_floor) == below] for hits in per_part]
        for rank in range(max((len(q) for q in queues), default=0)):
            for n, q in enumerate(queues):
                if rank < len(q) and (q[rank].id, q[rank].episode_id) not in seen:
                    seen.add((q[rank].id, q[rank].episode_id))
                    q[rank].part = n
                    out.append(q[rank])
    return out[:limit]


def recall_parts(service: Any, user: str, parts: list[str], info: RetrievalInfo, *, limit: int, **kw: Any) -> Hits:
    """Each of ``parts`` (:func:`split_question`) recalled by ``service.retrieve`` on its own, then merged
    (:func:`merge`). The info is the first part's, with ``parts``, the whole message's ``query_chars`` /
    ``query_truncated`` (from ``info``), ``below_floor`` of the merged hits and the whole call's ``total`` time
    (ms)."""
    t0 = time.monotonic()
    found = [service.retrieve(user, part, limit=limit, **kw) for part in parts]
    out = construct(RetrievalInfo, **{**dict(found[0].info), "query_chars": info.query_chars,
                                      "query_truncated": info.query_truncated, "parts": parts})
    hits = merge(found, limit)
    out.below_floor = sum(h.below_floor for h in hits)
    out.timings_ms = {**out.timings_ms, "total": round((time.monotonic() - t0) * 1000, 2)}
    return Hits(hits, out)
