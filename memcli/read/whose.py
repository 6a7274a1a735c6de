"""Whose fact answers a question about the user (round 44): the user's own before another person's.

A question about the user themself ("how much is my rent?", "do I like cilantro?", 我房租多少) names no one else
(:func:`memcli.read.mismatch.asks_me`). The answerability model weighs whose a hit is as one feature among many
(``subject``, :mod:`memcli.read.question_subject`), so a fact of another person that shares the question's words
("My friend pays 2000 a month for rent") may clear its point while the user's own fact told in the other language
(我房租每月3000: found by the dense leg alone, few shared features) does not. After the point is applied, two rules
that no score outweighs:

1. **the user's own answer in the other language**: when another person's fact answers above the point, a hit of
   the user's own (its slot's subject is the user, and its statement names no relation) in the other language than
   the question's, not vetoed (p > 0), that holds a value of the type asked (a number for "how much", a place for
   "where": :func:`memcli.read.asked_value.holds_value`) is raised to the point: the question is answerable, and
   the fact that answers it for the user is found by meaning alone;
2. **another person's fact only when nothing of the user's answers, and it says whose**: once a hit of the user's
   own is above the point, every hit of another person (a relative's, a friend's, a named person's) that does not
   have the user in it too (儿子给我寄了个新手机: the user's phone) is left out;
   when none is, another person's hit stays only if its statement names whom it is about ("My friend says she hates
   cilantro": the block tells the model whose it is), not by a pronoun alone.

Returns how many hits it changed. Read path only (imports read modules and text helpers).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from memcli.text import lang_of, to_simplified

__all__ = ["about_user", "names_told_person", "whose_answers"]

#: a statement that opens with the user (I…, 我…) and not with a relative of theirs (my sister, 我妈)
MINE_OPEN = re.compile(r"^(?:i\b|i'm\b|i've\b|我(?![的们]?(?:[爸妈哥姐弟妹儿女老朋同室邻舅姨叔伯姑婆公爷奶])))", re.I)


#: a number written in figures or in Chinese with its unit (3000, 每月3000 — where ``\b`` sees no edge —, 三千块)
_NUMBER = re.compile(r"\d|[一二两三四五六七八九十百千万]+(?:块|元|万|千|百)")
#: the asker's own words before the question (我本来想说的是, 我真正想问的是, "what I really want to know is")
_ASKER = re.compile(r"我(?:本来|真正|其实|实际上|刚才|是)?(?:想|要)(?:说|问|知道|了解|弄清楚)的?(?:是|就是)?|"
                    r"\bwhat i (?:really )?(?:want|wanted|meant|mean) to (?:ask|know|say)(?: is)?\b", re.I)
#: someone asked by one of their facts (那个…的人, "the person who …", "the one from …")
_SOMEONE = re.compile(r"那个[^，。？?]{1,30}的人|那位|\b(?:the (?:person|one|guy|woman|man|lady)|someone|somebody|"
                      r"whoever)\b", re.I)
#: the question speaks of the user: I, my, me, 我 (not the requester's: tell me, 帮我)
_FIRST_PERSON = re.compile(r"\b(?:i|my|me|mine|i'm|i've|i'd)\b|我", re.I)


def about_user(question: str) -> bool:
    """``question`` (simplified Chinese or other text) asks about the user and names no one else: a first person,
    no relation word (my friend, 我妈: :func:`memcli.read.mismatch.asks_me`'s words) and no person's name (John,
    小王: :func:`memcli.read.mismatch.asked_name`). Wider than ``asks_me``: "how much is my rent?" asks of a thing
    of the user's, not of someone."""
    from memcli.read.kin import question_relation
    from memcli.read.mismatch import REQUEST_EN, REQUEST_ZH, asked_name, relation_words
    from memcli.slot_query import query_slots

    q = REQUEST_EN.sub(" ", REQUEST_ZH.sub(" ", question.replace("’", "'")))
    q = _ASKER.sub(" ", q)  # 我真正想问的是…: the asker's 我
    if not _FIRST_PERSON.search(q) or any(rx.search(q) for rx in relation_words()) or question_relation(q):
        return False
    if _SOMEONE.search(q) or any(k.startswith("someone.") for k in query_slots(q)):
        return False  # 那个工作地是深圳的人…, "the one from Oslo": someone asked by a fact, not the user
    return not asked_name(q, ()) and not re.search(r"(?<!^)(?<![.?!]\s)\b[A-Z][a-z]+\b", q.strip())


def _whose(hit: Any) -> int:  # noqa: ANN401 - a Hit
    """+1 the user's own fact, -1 another person's (a relative's, a friend's, a named person's: by its slot's subject
    or the relation its statement names), 0 neither said (a thing's, a fact whose subject was not read)."""
    from memcli.read.kin import question_relation
    from memcli.read.mismatch import relation_words
    from memcli.read.question_subject import USER_UNION, WITH_ME, names_no_one, slot_subject, user_is
    from memcli.slot_query import query_subject
    from memcli.slots import ME, SOMEONE

    st = to_simplified(hit.statement) if lang_of(hit.statement) == "zh" else hit.statement
    sub = slot_subject(hit.slot) if hit.slot else None
    if WITH_ME.match(st) or user_is(st) or sub in ("spouse", "partner") and USER_UNION.search(st):
        return 1  # 我和陈静结婚了 (spouse.name), "My wife and I moved to …", 我是一名老师: the user's own
    head = st[:8] if lang_of(st) == "zh" else " ".join(st.split()[:3])  # whom it opens with: its subject, not a
    named = query_subject(head)  # word of its content (…的主要内容是…柜员主管分享…: an event's, no supervisor's)
    named = question_relation(head) or named if named in (ME, SOMEONE) else named
    if named in (ME, SOMEONE) and any(rx.search(head) for rx in relation_words()):
        named = SOMEONE + ".relation"  # 我同事挺喜欢听音乐会的: a relation the statement names
    if sub is not None and sub not in (ME, SOMEONE) and not names_no_one(sub) and not sub.startswith("thing:"):
        return -1  # friend.fact.pay, brother.like.jazz, person:john.residence
    if named not in (ME, SOMEONE, None):
        return -1  # 我朋友说他最讨厌香菜 (no slot), "My hubby…" stored as the user's
    if MINE_OPEN.match(st.strip()):
        return 1 if sub is None or sub == ME or names_no_one(sub) else 0  # "I live with my sister": the user's
    if sub is None:
        return 0  # (an opening "I / my" returned above)
    return 1 if sub == ME or names_no_one(sub) else 0


def _says_whose(statement: str) -> bool:
    """``statement`` names whom it is about: a relation (my friend, 我朋友) or a capitalised name."""
    from memcli.slot_query import query_subject
    from memcli.slots import ME, SOMEONE

    st = to_simplified(statement) if lang_of(statement) == "zh" else statement
    return query_subject(st) not in (ME, SOMEONE) or bool(re.match(r"^[A-Z][a-z]+\b(?<!\bI)", statement.strip()))


def involves_user(statement: str) -> bool:
    """Another person's ``statement`` has the user in it beside its subject (儿子给我寄了个新手机, "my sister sent me a
    scarf": the user's phone, the user's scarf), not only as the possessor of the relation (我朋友…, "my friend…")."""
    from memcli.read.mismatch import relation_words

    if lang_of(statement) == "zh":
        st = relation_words()[2].sub(" ", to_simplified(statement))
        return "我" in st
    return bool(re.search(r"\b(?:me|I|us|we)\b", statement))


def names_told_person(question: str, slot: str | None) -> bool:
    """``question`` (simplified Chinese or other text) names the person of a hit's ``person:<name>`` slot, a name of
    2+ characters, as a word (张浩比我大几岁 and ``person:张浩.hometown``; "Is Sam older than me?" and
    ``person:sam.age``): it asks of that person, whatever else it names."""
    from memcli.read.question_subject import slot_subject
    from memcli.read.tokens import has_word

    sub = slot_subject(slot) if slot else None
    if not sub or not sub.startswith("person:") or len(name := sub[7:].strip()) < 2:
        return False
    return has_word(question.casefold(), name.casefold())


def whose_answers(hits: Sequence[Any], question: str, point: float | None) -> int:
    """Apply the module's two rules to ``hits`` (memory hits with ``p_relevant`` and ``below_floor``; episodes are
    left as they are) of ``question`` at ``point`` (None: no gate, nothing to do). Returns how many changed."""
    from memcli.read.asked_value import asked_value, holds_value

    q = to_simplified(question) if lang_of(question) == "zh" else question
    if point is None or not about_user(q):
        return 0
    memories = [h for h in hits if h.origin != "episode" and h.statement]
    if any(names_told_person(q, h.slot) for h in memories):
        return 0  # round 48: 张浩比我大几岁 asks of 张浩 (person:张浩…), the 我 is whom he is compared with
    whose = {id(h): _whose(h) for h in memories}
    others = [h for h in memories if whose[id(h)] < 0 and not h.below_floor]
    changed = 0
    asked = asked_value(q)
    if others and asked:
        for h in memories:
            if h.below_floor and whose[id(h)] > 0 and (h.p_relevant or 0.0) > 0 and \
                    lang_of(h.statement) != lang_of(question) and (holds_value(h.statement, asked, q) or (
                        asked == "amount" and _NUMBER.search(h.statement))):
                h.p_relevant, h.below_floor = max(h.p_relevant or 0.0, point), False
                changed += 1
    own = any(whose[id(h)] > 0 and not h.below_floor for h in memories)
    for h in others:
        if (own and not involves_user(h.statement)) or not _says_whose(h.statement):
            h.below_floor = True
            changed += 1
    return changed
