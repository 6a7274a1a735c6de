"""Whose fact a memory is, and whom a question asks about: no other person's fact answers (round 45).

A memory's **subject** (:func:`memory_subject`) is read from what the store holds, its slot and its statement:

- ``"user"``: the user's own fact (I…, 我…, "My wife and I moved…", a slot of the user's: ``residence``);
- a **relation** key or chain: ``"wife"``, ``"maternal_uncle"``, ``"wife.brother"`` (a relative of a relative,
  as the slot stores it), ``"neighbour"`` ("My neighbour's dog is called Rex": the neighbour's dog, though the slot
  names the dog, ``thing:dog``);
- a **named person**: ``"person:nina"`` (``person:<name>`` as the slot stores it, the name case-folded);
- None: nobody read (a thing's fact with no owner said, "The car needs new tyres").

:func:`person_answers` applies it after the answerability point, as a rule that no score outweighs (docs/retrieval
.md): a question about the user (:func:`asked_user`: I, my, 我, or no person at all with a personal attribute asked,
"Any food allergies?") is not answered by another person's fact, nor a question about one person (my wife, my
wife's brother, my brother-in-law, 小姨子, "Dr. Kim") by another person's — nothing is better than a wrong person.
A question about a group (my family, 家人, my parents) is left as it is, and so is a hit that has the user in it
beside its subject (儿子给我寄了个新手机, "my sister sent me a scarf": the user's phone, the user's scarf).

Read path only (imports read modules, the slot tables and text helpers).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from memcli.text import lang_of, to_simplified

__all__ = ["USER", "asked_person", "asked_user", "memory_subject", "person_answers", "same_person", "subject_of"]

#: the subject of the user's own fact
USER = "user"

#: a pair of a named person and the user ("Anna and I got divorced", "Tom and I met in Oslo"): the user's own
_NAME_AND_I = re.compile(r"^[A-Z][a-z]+ and I\b")
#: words that open a sentence capitalised and are no name
_NOT_NAMES = frozenset("the a an my our his her their this that these those it we you he she they there here "
                       "when after before yesterday today tomorrow last next every some any all one".split())
#: a second person: the question asks the assistant, not about the user ("what do you think of…")
_YOU = re.compile(r"\b(?:you|your|yours|you're|you've)\b|你|您", re.I)
#: a first person beside another, or a third person: the question is not about the user alone
_OTHER = re.compile(r"\b(?:i|my|me|we|our|he|she|they|him|her|them|his|their|hers|theirs)\b", re.I)
#: a person an English question names by a title (Dr. Kim, Mrs Lee) or asks who they are ("who is Sam?")
_EN_ASKED_NAME = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|Prof)\.? ([A-Z][a-z]+)\b|\bwho(?: is|'s) ([A-Z][a-z]{2,})\b")


def _simplified(text: str) -> str:
    return to_simplified(text) if lang_of(text) == "zh" else text


def subject_of(row: Any) -> str | None:
    """The ``subject`` every interface gives a memory or hit (round 46: the CLI's and HTTP's JSON, the MCP tools,
    :class:`memcli.models.MemoryItem`, :class:`memcli.read.results.Hit`): ``row`` a model or its JSON dict with
    ``slot`` and ``statement``; None for an episode (``origin == "episode"``, or an ``episode_id`` and no ``id``: a
    quoted turn, whoever it mentions), else :func:`memory_subject` of its slot and statement."""
    get = row.get if isinstance(row, dict) else lambda k, d=None: getattr(row, k, d)
    if get("origin") == "episode" or (get("id") is None and get("episode_id") is not None):
        return None
    return memory_subject(get("slot"), get("statement") or "")


@lru_cache(maxsize=4096)  # pure: a hit's subject is read at retrieval, again when its JSON is written
def memory_subject(slot: str | None, statement: str) -> str | None:
    """Whose fact a memory is: ``"user"``, a relation key or chain (``"wife"``, ``"wife.brother"``,
    ``"maternal_uncle"``), ``"person:<name>"`` (case-folded), or None when nobody is read (a thing's fact).
    ``slot``: the memory's slot key (or None); ``statement``: its text, any language. From the slot's subject
    (:func:`memcli.read.question_subject.slot_subject`) and, when the slot names the user, a thing or nothing, the
    relation the statement opens with (my sister…, 我舅舅…; a capitalised first word is no name: "Bought it! …",
    "First run back …"; the slot names a named person, ``person:nina``). Pure: no store read."""
    from memcli.read.kin import question_pair, question_relation
    from memcli.read.question_subject import USER_UNION, WITH_ME, names_no_one, slot_subject, user_is
    from memcli.read.whose import MINE_OPEN
    from memcli.slot_query import query_subject
    from memcli.slots import ME, SOMEONE

    st = _simplified(statement or "").strip()
    sub = slot_subject(slot) if slot else None
    if WITH_ME.match(st) or _NAME_AND_I.match(st) or user_is(st) or \
            sub in ("spouse", "partner") and USER_UNION.search(st):
        return USER  # "My wife and I moved to …", 我是一名老师, 我和陈静结婚了: the user's own
    if sub and sub not in (ME, SOMEONE) and not sub.startswith("thing:") and not names_no_one(sub):
        return sub.casefold() if sub.startswith("person:") else sub  # wife.brother, person:nina, maternal_uncle
    zh = lang_of(st) == "zh"
    if zh and st.startswith("我"):  # 我老公…, 我的同事… name a relation right after 我; 我现在在家带孩子 not
        from memcli.slots import ZH_RELATION_RE, relation_zh

        m = ZH_RELATION_RE.match(st, 2 if st[1:2] in ("的", "家") else 1)
        pair = question_pair(st[:12]) if m else None  # 我老婆的妹妹…: the wife's sister, wife.younger_sister
        return f"{pair[0]}.{pair[1]}" if pair else (relation_zh(m.group(0)) or USER) if m else USER
    if not zh and MINE_OPEN.match(st):
        return USER  # "I live with my sister": the user's own
    head = st[:8] if zh else " ".join(st.split()[:3])  # whom it opens with, not a word of its content
    named = query_subject(head)
    if named in (ME, SOMEONE):
        named = question_relation(head) or named
    if named not in (ME, SOMEONE):
        return named
    if MINE_OPEN.match(st) or (zh and st.startswith("我")):
        return USER
    if sub == ME or (sub and names_no_one(sub)):
        return USER  # a slot of the user's (residence, coffee.milk) with no one else said
    return None


#: the keys of a spouse's sibling or a sibling's spouse (小姨子 wife_younger_sister, 姐夫 elder_sister_husband)
_LAW_KEYS = frozenset({"wife_elder_brother", "wife_younger_brother", "husband_elder_brother", "husband_younger_brother",
                       "wife_elder_sister", "wife_younger_sister", "husband_elder_sister", "husband_younger_sister",
                       "elder_sister_husband", "younger_sister_husband", "elder_brother_wife", "younger_brother_wife"})


def _flat(subject: str) -> str:
    """A relation chain as the one relation to the user it names (``wife.brother`` → ``brother_in_law``,
    ``wife.younger_sister`` → ``wife_younger_sister``: :func:`memcli.read.kin.compose`), else as it is."""
    from memcli.read.question_subject import composed

    return composed(subject)


def same_person(asked: str, subject: str) -> bool:
    """Whether a memory of ``subject`` (:func:`memory_subject`) may be about the person ``asked``
    (:func:`asked_person`): the same relation (wife / spouse, brother_in_law / wife.brother, friend / best_friend),
    the same name, or the asked relation's key in a named person's slot (my colleague 老赵 stored as person:老赵
    is matched by the statement, not here). Never across the user and another person."""
    from memcli.read.ex_partner import ex_of
    from memcli.read.question_subject import same_subject

    if asked == subject or subject in ex_of(asked):  # (round 46: the ex-wife was "my wife" before the parting)
        return True
    if USER in (asked, subject) or subject.startswith("person:") or asked.startswith("person:"):
        return False
    flat = _flat(subject)
    if "." in flat or flat in _LAW_KEYS:  # a relative's relative (wife.friend, wife_younger_sister): not the wife
        from memcli.slots import same_relation

        return same_relation(asked, flat)
    return same_subject(asked, flat) or same_subject(flat, asked)


def asked_user(question: str) -> bool:
    """``question`` asks about the user: :func:`memcli.read.whose.about_user` (I, my, 我 and no one else named), or
    no person at all — no first or second person, no relation, no name — with an attribute of a person asked
    ("Any food allergies?", "Which languages spoken?": a you-less personal frame). Any language."""
    from memcli.read.whose import about_user
    from memcli.slot_query import query_slots, query_subject
    from memcli.slots import ME, SOMEONE, slot_attribute, split_slot

    q = _simplified(question)
    if about_user(q):
        return True
    if not q.isascii() or _YOU.search(q) or _OTHER.search(q) or query_subject(q) not in (ME, SOMEONE):
        return False  # Chinese leaves its subject out of any question (在哪上班): only 我 says it is the user
    if _EN_ASKED_NAME.search(q.strip()) or asked_person(q) or _people_named(q):
        return False  # "Is Theo allergic to cats or dogs?": a name (two choices: no one asked_person reads)
    slots = query_slots(q)
    if slots:
        return all(split_slot(k)[0] == ME and slot_attribute(k) is not None for k in slots)
    words = re.findall(r"[a-z]+", q.casefold())  # "Any food allergies?": an attribute's noun, no slot read
    return any(w in _attribute_nouns() or w.endswith("s") and (w[:-1] in _attribute_nouns() or w.endswith("ies") and
                                                               w[:-3] + "y" in _attribute_nouns()) for w in words)


@lru_cache(maxsize=1)
def _attribute_nouns() -> frozenset[str]:
    """The one-word English nouns of the slot attributes (allergy, job, birthday): what a person has."""
    from memcli.slots import ATTRIBUTES

    return frozenset(w.casefold() for a in ATTRIBUTES.values() for w in a.en_nouns if w.isalpha()) - _THING_NOUNS


#: attribute nouns a question about a thing or the world uses as well ("the name of the river", "which company")
_THING_NOUNS = frozenset("brand make number name home school company favorite favourite university role position "
                         "degree education height weight age address".split())


def asked_person(question: str, whole: str = "") -> str | None:
    """The one person other than the user ``question`` asks about: a relation key (``wife``, ``brother_in_law``,
    ``wife_younger_sister``; a relative of a relative composed: "my wife's brother" → ``brother_in_law``,
    :func:`memcli.read.kin.question_relation`), ``person:<name>`` (case-folded), or None (the user, a group, nobody,
    or more than one person). ``whole``: the message ``question`` was read from, for a title its sentence split cut
    off ("who is Dr. Kim?" read as "Kim?"). Any language."""
    from memcli.read.child_nick import asks_role_of
    from memcli.read.kin import question_pair, question_relation
    from memcli.read.mismatch import asked_name
    from memcli.slot_query import query_slots, query_subject
    from memcli.slots import GROUP_RELATIONS, ME, SOMEONE

    q = _simplified(question)
    pair = question_pair(q)
    if pair:
        return pair[2]
    if asks_role_of(q):  # 孩子班主任是谁: the teacher is asked, told by the role (round 48)
        return None
    rel = question_relation(q) or query_subject(q)
    if rel not in (ME, SOMEONE):
        return None if rel in GROUP_RELATIONS or _people_named(q) > 1 else rel
    name = asked_name(q, query_slots(q))
    m = None if name or _YOU.search(q) else _EN_ASKED_NAME.search(q.strip()) or (
        _EN_ASKED_NAME.search(whole) if whole.endswith(q.strip()) else None)
    if m:
        word = (m.group(1) or m.group(2)).casefold()
        name = None if word in _NOT_NAMES else word
    return f"person:{name.casefold()}" if name else None


def _people_named(question: str) -> int:
    """How many people ``question`` names: its relation words (my wife, 我妹妹) and its capitalised names past the
    first word ("Is Sam older than my sister?": 2, so neither is the one person asked)."""
    from memcli.slots import EN_MY_RELATION_RE, ZH_RELATION_RE

    words = question.split()
    names = {w.strip("?!.,'s").casefold() for w in words[1:] if w[:1].isupper() and w != "I"} - _NOT_NAMES
    return len(EN_MY_RELATION_RE.findall(question.casefold())) + len(ZH_RELATION_RE.findall(question)) + len(names)


def _statement_relation(statement: str) -> str:
    """The relation a named person's statement opens with (我同事老赵…, "My friend Nina …" → colleague, friend),
    or ``"user"`` when it names none."""
    from memcli.read.kin import question_relation
    from memcli.slot_query import query_subject
    from memcli.slots import ME, SOMEONE

    st = _simplified(statement).strip()
    head = st[:8] if lang_of(st) == "zh" else " ".join(st.split()[:3])
    named = query_subject(head)
    named = question_relation(head) or named if named in (ME, SOMEONE) else named
    return USER if named in (ME, SOMEONE) else named


def _names(statement: str, name: str) -> bool:
    from memcli.read.tokens import has_word

    return has_word(statement.casefold(), name)


def _called(hits: Sequence[Any], asked: str) -> set[str]:
    """The relations the hits' name or nickname facts call by the asked name (``asked``: ``person:<name>``; 赵姐 of
    ``manager.nickname.赵姐`` 我们部门经理的外号叫赵姐 → {"manager"}): the person asked is that relation, and its
    other facts (我们部门经理叫赵敏) are theirs (round 48)."""
    from memcli.slots import split_slot

    out: set[str] = set()
    for h in hits:
        if h.origin == "episode" or not h.slot or not h.statement or not _names(h.statement, asked[7:]):
            continue
        _, attr, _ = split_slot(h.slot)
        if attr in ("name", "nickname") and (who := memory_subject(h.slot, h.statement)) not in (None, USER):
            out.add(who)
    return out


def person_answers(hits: Sequence[Any], question: str, whole: str = "") -> int:
    """Leave out (``below_floor``) every memory hit of ``question`` whose subject is another person than the one
    asked (the module's rule; episodes and hits already below the point are left as they are). Applies with or
    without an answerability point (a read whose dense leg had not finished has none: the rule still holds).
    ``whole``: the message the question sentence was read from (:func:`asked_person`). Returns how many hits it
    left out."""
    from memcli.read.whose import involves_user

    user = asked_user(question)
    asked = None if user else asked_person(question, whole)
    if not user and asked is None:
        return 0
    changed = 0
    called = _called(hits, asked) if asked and asked.startswith("person:") else set()
    for h in hits:
        if h.origin == "episode" or not h.statement or h.below_floor:
            continue
        subject = memory_subject(h.slot, h.statement)
        if subject is None:
            continue
        if user:
            wrong = subject != USER and not involves_user(h.statement)
        elif asked.startswith("person:"):  # the user's own fact may tell of them ("I work with Tom")
            wrong = subject != USER and not _names(h.statement, asked[7:]) and not same_person(asked, subject) \
                and subject not in called
        elif subject.startswith("person:") and subject.rsplit(".", 1)[-1] == asked:  # 豆豆的班主任 (person:豆豆.
            wrong = True  # teacher): the named one's teacher, not the user's own asked (我的老师是谁; round 48)
        elif subject.startswith("person:"):  # a named person is another only when told as another relation
            rel = _statement_relation(h.statement)  # ("My friend Ravi …" for my wife; not "Ravi is a pilot": he
            wrong = rel != USER and not same_person(asked, rel)  # may be the one asked, told by name)
        else:
            wrong = subject != USER and not same_person(asked, subject)
        if wrong:
            h.below_floor = True
            changed += 1
    return changed
