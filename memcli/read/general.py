"""A request for general knowledge or for a task, not about the user: the second reading of the feature
``world`` (:mod:`memcli.read.answer`; the first is :func:`memcli.read.request.about_world`). Round 21.

A word of the request matching a stored fact ("night shifts" of "Write me a haiku about night shifts" in
"I work night shifts as a paramedic"; 绍兴 of 介绍一下绍兴 in a plan to go there; 钢琴 of 钢琴怎么入门 in the
daughter's piano lessons) is no evidence that the user asks about their own life. A request is general
(:func:`general_request`) when it names nobody of the user's — no 我 / I / my / we beyond its requester
(帮我, 给我, "write me", "tell me"), no relative, no person the hits name, no 那个…的人 / "the person
from …", no nickname, not *who* when a hit is about someone of the user's — and:

- it asks for a task (:func:`memcli.read.request.is_task`: write, translate, 写, 翻译…), or to be told about
  a topic (介绍一下…, 讲讲…, "tell me about …", "introduce …");
- or it asks in a general frame: what is common, typical or true of people in general (常见, 一般来说,
  人们, "common", "typical", "in general", "most people"; not "in common") — whatever routine word it holds
  ("night shift" is a kind of work there, not the user's evening) — and, in English, names nobody and
  nowhere by a capitalised name (a question about Ana asks about her);
- or (:func:`others_only`) it is a question put to no one in particular whose every informative match is
  a fact about someone else of the user's (a relative, a named person): a question put to the hearer
  with no subject asks about the hearer, and the daughter's piano lessons are hers — "钢琴怎么入门" or
  "学钢琴要多少钱" is no question about them unless it names her (我女儿…, "my daughter's …").

Then a topic word's match grounds nothing (:func:`memcli.read.answer.grounded`): only the user's anchor or
slot does, and a general request has neither. "When am I going to 绍兴?" / 我什么时候去绍兴 name the user and
stay answered. Rules on word order and small word lists, both languages, written for memcli.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memcli.read.request import _NAME, names_someone
from memcli.relazy import LATIN, NON_ASCII, lazy

__all__ = ["about_other", "general_request", "others_only"]

#: asked to be told about a topic: 介绍一下…, 讲讲…, "tell me about …", "introduce …"
_TELL_ZH = lazy(r"^(?:请|麻烦)?(?:你)?(?:给我|帮我|跟我|和我|为我)?(?:介绍|讲讲|讲一讲|讲一下|说说|说一说|聊聊|科普)",
                gate=NON_ASCII)
_TELL_EN = lazy(r"^(?:please\s+)?(?:can you\s+|could you\s+)?(?:tell me (?:about|more about)|introduce|"
                r"give me an? (?:overview|introduction|intro) (?:of|to))\b", re.IGNORECASE, gate=LATIN)
#: a general frame: what is common, typical or true of people at large
_GENERIC_ZH = lazy(r"常见|一般来说|通常来说|总的来说|一般人|大多数人|多数人|普通人|人们|普遍", gate=NON_ASCII)
_GENERIC_EN = lazy(r"(?<!\bin )\b(?:common(?:ly)?|typical(?:ly)?|in general|generally|most people|people|anyone|"
                   r"everyone|the average)\b", re.IGNORECASE, gate=LATIN)
#: the object "me" right after a task's opening verb ("write me a haiku", "make me a list"): its requester
_TASK_ME = lazy(r"^((?:please\s+)?(?:can you\s+|could you\s+)?[a-z]+)\s+me\b", re.IGNORECASE, gate=LATIN)
#: a question, not a topic looked up ("钢琴", "coffee" search the user's own facts)
_QUESTION = lazy(r"[?？]\s*$|什么|怎么|怎样|如何|哪|谁|几|多少|多[长高大远久重深宽]|为什么|是否|有没有|是不是|吗|呢|"
                 r"^(?:what|how|why|where|when|who|whose|which|is|are|do|does|did|can|could|should|would|will)\b",
                 re.IGNORECASE)


def _anchored(q: str, slots: Sequence[str]) -> bool:
    """The user or someone of theirs named beyond the requester (:func:`memcli.read.answer.anchor`; the object
    "me" of "write me …" is the requester too)."""
    from memcli.read.answer import anchor

    return bool(anchor(_TASK_ME.sub(r"\1", q), slots))


def general_request(question: str, slots: Sequence[str], *, task: bool, has_anchor: bool,
                    people: Sequence[str] = (), others: bool = False) -> bool:
    """Whether ``question`` asks for a task, to be told about a topic, or in a general frame, naming nobody
    of the user's (see the module doc). ``question``: the question sentence, simplified Chinese or other
    text; ``slots``: its slot keys; ``task``: it asks for a task not fitted to the user's taste;
    ``has_anchor``: it names the user or is put to them (:func:`memcli.read.answer.anchor`,
    :func:`memcli.read.request.addressed`); ``people``, ``others``: as for
    :func:`memcli.read.request.about_world`."""
    q = question.strip().replace("’", "'")
    if not q or names_someone(q, slots, people, others, longer_words=True):
        return False
    if task or _TELL_ZH.search(q) or _TELL_EN.search(q):
        return not _anchored(q, slots)
    # a question naming someone or somewhere by name asks about them ("What do Ana and Lee have in common?")
    named = q.isascii() and _NAME.search(q[1:]) is not None
    return not has_anchor and not named and (_GENERIC_ZH.search(q) is not None or _GENERIC_EN.search(q) is not None)


def about_other(slot: str | None, statement: str) -> bool:
    """Whether a hit is a fact about someone else of the user's: a relative or a named person by its slot
    (``daughter.…``, ``person:sam.…``; not a thing's, ``coffee.sugar``, ``thing:…``), or a statement naming a
    relation (我女儿在学钢琴 told as an episode) that is not the user's own role (我是一名老师:
    :func:`memcli.read.question_subject.user_is`)."""
    from memcli.read.answer import answer_subject
    from memcli.read.question_subject import user_is
    from memcli.slot_query import query_subject
    from memcli.slots import EN_RELATIONS, ME, SOMEONE, ZH_RELATIONS

    subject = answer_subject(slot)
    if subject is not None:  # a relation key (daughter, brother.wife) or a person; not a thing (coffee.sugar)
        head = subject.split(".", 1)[0]
        return head.startswith("person:") or head in ZH_RELATIONS.values() or head in EN_RELATIONS.values()
    return query_subject(statement) not in (ME, SOMEONE) and not user_is(statement)


def others_only(question: str, slots: Sequence[str], *, has_anchor: bool, matched: Sequence[bool],
                people: Sequence[str] = (), others: bool = False) -> bool:
    """Whether a question naming nobody (no anchor, nobody of :func:`memcli.read.request.names_someone`) is
    matched on an informative word only by facts about someone else of the user's (see the module doc).
    ``matched``: of each hit that the lexical leg confirms on an informative word, whether it is
    :func:`about_other`; empty: none is."""
    q = question.strip().replace("’", "'")
    if has_anchor or not q or not matched or not all(matched) or _QUESTION.search(q) is None:
        return False
    return not names_someone(q, slots, people, others, longer_words=True) and not (q.isascii() and _NAME.search(q[1:]))
