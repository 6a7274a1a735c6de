"""A short reply read with the assistant's question it answers (round 43).

In an agent's chat the assistant asks and the user answers briefly: "Do you have any pets?" → "Two cats, both
rescues."; 你平时喝咖啡吗？→ 不喝，只喝茶. The reply alone says little ("Lisbon, since March." names no one and no
relation); with the question as its clause it is the user's fact: "I have two cats, both rescues", 我平时不喝咖啡，
只喝茶.

- :func:`is_short_reply` — the shape, by language: a user turn of at most :data:`MAX_CHARS` characters whose first
  phrase (up to a comma or full stop) is not a clause of its own — a yes/no, a bare noun phrase, a number, a place, a
  verbless or subjectless clause ("Yes, two cats", "Lisbon, since March", "Three", 不喝, 在一家银行, 两只). Only such
  a turn costs the drain a read: its directly preceding turn of the same session
  (:meth:`memcli.db.store.MemoryStore.preceding_utterances` with both roles, one row), kept as
  :attr:`memcli.write.extract.Utterance.asked` when it is the assistant's.
- :func:`question_of` — the assistant turn's question: its last sentence, when it ends with a question mark (or 吗/呢).
  An assistant turn that is not a question gives nothing.
- :func:`read_reply` — the reply as the extractor reads it: the question's clause turned to the user's side with the
  reply's polarity or value (:func:`memcli.write.reply_en.en_reply`, :func:`memcli.write.reply_zh.zh_reply`), else
  None (the reply is read as said). The fact is the user's, from the user's words: the question gives only its
  predicate; a question the assistant asks about itself, an offer, a request, another person's data asked with no
  "you", a dodge ("not sure", 不好说) or a reply that does not answer gives nothing; a "no" is a negative fact only
  when the question asks about the user.
- :func:`provenance` — what the candidates of such a reading carry in ``metadata.reply_to`` (``memcli show``): the
  question as the assistant said it and its source id. The memory's source stays the user's turn.

The assistant's statements are never memories; its question is data (a topic), never an instruction. Pure functions
over text; the one store read is the drain's (:func:`memcli.write.prepare.with_context`).
"""

from __future__ import annotations

import re

from memcli.text import lang_of, to_simplified

__all__ = ["MAX_CHARS", "is_short_reply", "provenance", "question_of", "read_reply"]

#: the longest reply read with a question (characters; a longer turn says its own clause)
MAX_CHARS = 80
#: the longest short reply in English words / Chinese characters (a longer one tells more than an answer)
MAX_EN_WORDS, MAX_ZH_CHARS = 14, 24
_EN_FIRST = re.compile(r"^[^,;:.!?—–]*")
#: an English first phrase that is a clause of its own: a subject pronoun ("I have two cats", "Usually I run"), or
#: a finite verb after its first word ("My manager is called …", "Her husband Mark is a firefighter")
_EN_SUBJ = re.compile(r"\b(?:i|i'm|i've|i'd|i'll|we|we're|we've|he|she|they|it's|he's|she's|they're|there's|"
                      r"that's|here's|let's|let me)\b|\w'(?:s|re)\s+(?:\w+ly\s+)?(?:my|a|an|the|so|very|really|too|not|"
                      r"mostly|been|got|gone|going|\w+ing|\w+ed|awesome|great|good|fine|amazing|cool|nice|fun)\b|^\W*\S+.*?\b(?:is|are|was|were|am|has|have|had|will|would|can|could|should)\b",
                      re.I)
#: an English first phrase opening with a yes or a no is an answer whatever follows ("Never have", "No, it's not")
_EN_POLAR = re.compile(r"^\W*(?:yes|yeah|yep|yup|sure|no|nope|nah|never|not)\b", re.I)
_EN_ECHO = re.compile(r"^\W*(?:i|we)\s+(?:sure\s+)?(?:do|don'?t|am|'m not|am not|have|haven'?t|did|didn'?t|was|"
                      r"wasn'?t|never)\W*$", re.I)  # "I do", "I don't": a yes or no said with the subject
#: an English first phrase that answers the assistant's turn, not a question ("Thanks", "Wow", "Sounds great")
_EN_INTERJ = re.compile(r"^\W*(?:thanks|thank you|thx|cheers|wow|whoa|aw+|cool|nice|great|awesome|amazing|haha|lol|"
                        r"oh|ooh|hey|hi|hello|omg|sounds|congrats|congratulations|sorry|ugh)\b", re.I)
_ZH_FIRST = re.compile(r"^[^，,。.！!；;？?~～\s]*")
_SENTENCE = re.compile(r"[^.!?。！？]*[.!?。！？]+|[^.!?。！？]+$")


def is_short_reply(text: str) -> bool:
    """Whether ``text`` (a user turn, as said) opens with a short answer to a question — its first sentence (the
    turn may go on: "Yes, flights booked. We leave on the ninth.") of at most
    :data:`MAX_CHARS` characters (:data:`MAX_EN_WORDS` English words, :data:`MAX_ZH_CHARS` Chinese characters), not
    itself a question, its first phrase with no subject of its own (English: at most 8 words, no subject pronoun,
    no "'s"/"'re" before its complement and no finite be/have/modal after the first word — but "I do" / "I don't"
    said alone, or a phrase opening with yes/no/never/not; Chinese: at most 8 characters, not opening with
    他/她/它/你 nor with 我 + a predicate of more than 3 characters)."""
    t = _first_sentence(text)[0]
    if not t or len(t) > MAX_CHARS or t.endswith(("?", "？")):
        return False
    if lang_of(t) == "zh":
        first = _ZH_FIRST.match(t).group(0)
        return 0 < len(first) <= 8 and len(t) <= MAX_ZH_CHARS and not (first.startswith("我") and len(first) > 4) and \
            not re.match(r"[他她它你]", first)  # 它有点怕生: a subject of its own
    first = _EN_FIRST.match(t).group(0)  # ("The warm, gooey one is my favourite.": a clause past its first comma)
    return bool(first.strip()) and len(first.split()) <= 8 and len(t.split()) <= MAX_EN_WORDS and \
        not _EN_INTERJ.match(first) and (not _EN_SUBJ.search(t) or bool(_EN_ECHO.match(first) or
                                                                       _EN_POLAR.match(first)))


def _first_sentence(text: str) -> tuple[str, str]:
    """(the first sentence of ``text``, the rest), both stripped: the answer, and what the turn goes on to tell."""
    t = text.strip()
    m = _SENTENCE.match(t)
    first = m.group(0).strip() if m else t
    return first, t[len(m.group(0)) if m else len(t):].strip()


def question_of(turn: str) -> str | None:
    """The question an assistant turn ends with: its last sentence, ending with "?" / "？" (or 吗/呢 in Chinese
    without a mark), else None ("Noted." asks nothing; a turn of two questions: which one a reply answers is not
    known)."""
    parts = [p.strip() for p in _SENTENCE.findall(turn.strip()) if p.strip()]
    if not parts or sum(p.endswith(("?", "？")) for p in parts) > 1:
        return None  # two questions: which one the reply answers is not known
    last = re.split(r"[:;：；—–]\s*|\s-\s", parts[-1])[-1].strip()  # "Before we start: do you …?"
    if last.endswith(("?", "？")) or lang_of(last) == "zh" and re.search(r"[吗呢]\W*$", last):
        return last
    return None


def read_reply(reply: str, asked: str) -> str | None:
    """``reply`` (the user's turn) read with the question of ``asked`` (the assistant's turn just before it) as its
    clause: the statement the extractor reads in its place — the reply's first sentence read, the sentences after it
    as said — or None (``reply`` is read as said). Both languages; the reply and the question must be of one
    language."""
    if not is_short_reply(reply) or (q := question_of(asked)) is None:
        return None
    answer, more = _first_sentence(reply)
    lang = lang_of(answer)
    if lang != lang_of(q):
        return None
    if lang == "zh":
        from memcli.write.reply_zh import zh_reply
        read = zh_reply(to_simplified(answer), to_simplified(q))
        return read + "。" + more if read and more else read
    from memcli.write.reply_en import en_reply
    read = en_reply(answer, q)
    return read + " " + more if read and more else read  # what the turn goes on to tell, as said


def provenance(asked: str, asked_id: int | None) -> dict:
    """``metadata.reply_to`` of a candidate read with a question: ``{"question": the question as said, "source_id":
    the assistant turn's source id}`` (no id: not read from the store)."""
    return {"question": question_of(asked) or asked, **({"source_id": asked_id} if asked_id is not None else {})}
