"""The slot leg: a question about an attribute reaches the memories of that slot.

After 我住在上海 (January) and 我搬到北京了 (June), ``search 我住在哪`` found nothing: the old
fact is rightly hidden, its replacement shares no token with the question (搬到/北京 vs
住/哪) and the dense cosine is under the floor. But both sides know the *slot*: extraction
stored 我搬到北京了 under ``residence``, and the question asks about ``residence``.

So the query's slots are detected with the SAME vocabulary extraction uses
(:func:`memcli.slot_query.query_slots`: attribute trigger words and relation keys, Chinese and
English; traditional Chinese read as simplified), and the user's active (or believed-at-T)
memories whose slot is one of them — exactly, or by prefix for keyed attributes
(``allergy`` → ``allergy.peanut``) — form a third ranked list for RRF (weight
``settings.weight_slot``), most recent first within a slot. A hit of this leg is relevant by
construction, so the dense-only cosine floor does not apply to it.

Read path: imports ``memcli.slots`` (a leaf) and the store, never ``memcli.write``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

from memcli.db.store import MemoryStore
from memcli.read.ex_partner import ex_keys
from memcli.text import to_simplified

__all__ = ["MAX_QUERY_SLOTS", "NAME_KIN", "PLACE_KIN", "SLOT_LIST", "SLOT_TIE_COSINE", "asked_names", "composed_keys",
           "composed_stored", "name_keys", "named_in_passing", "names_relative", "place_kin", "query_slot_keys",
           "relative_names", "slot_focus", "slot_leg"]

MAX_QUERY_SLOTS = 4
#: round 34: a slot leg finding more of the user's memories than this found a list (likes, hobbies, films seen),
#: which says what kind of fact answers, not which one
SLOT_LIST = 3
#: a listed memory the dense leg ranks at this share of its best cosine or more is about what the question asks
SLOT_TIE_COSINE = 0.8


def query_slot_keys(query: str) -> list[str]:
    """The slot keys a query asks about, best first (at most :data:`MAX_QUERY_SLOTS`); a relative of a
    relative read as the relative they are (:func:`composed_keys`); a question what the asker should eat
    asks their allergies and diet too (:func:`memcli.read.meal.meal_keys`)."""
    from memcli.read.meal import meal_keys
    from memcli.slot_query import query_slots

    text = to_simplified(query)
    keys: list[str] = []
    for k in meal_keys(text, composed_keys(text, query_slots(text))):  # 中午吃什么 asks the allergies too
        if k and k not in keys:
            keys.append(k)
    return keys[:MAX_QUERY_SLOTS]


def composed_keys(text: str, keys: list[str]) -> list[str]:
    """``keys`` with a relative of a relative the question names (:func:`memcli.read.kin.question_pair`)
    read as the one relation to the user, then as said: 我妈的弟弟住在哪 (``mother.residence``, the mother's
    key) → ``maternal_uncle.residence``, ``mother.younger_brother.residence``; "Where does my mom's brother
    live?" (``mother.brother.residence``) → ``maternal_uncle.residence``, ``mother.brother.residence``. Keys
    of other subjects as they are."""
    from memcli.read.kin import question_pair
    from memcli.slots import split_slot

    pair = question_pair(text)
    if not pair:
        return keys
    outer, inner, said = pair
    out: list[str] = []
    for k in keys:
        subject = split_slot(k)[0]
        if subject in (outer, f"{outer}.{inner}"):
            rest = k[len(subject) + 1:]
            out += [f"{said}.{rest}", f"{outer}.{inner}.{rest}"]
        else:
            out.append(k)
    return out


def kin_relations(keys: list[str]) -> list[str]:
    """``keys`` and after them, for each relative's key, the same attribute of the relations that may name
    the same person (:func:`memcli.slots.same_relation`: ``wife.job`` → ``spouse.job``, ``partner.job``;
    ``sister.job`` → ``elder_sister.job``…): the user said 我爱人 and asks about "my wife", said 我姐姐
    and asks about "my sister". Never another person (``wife`` → not ``husband``), never an attribute."""
    from memcli.slots import GENERAL_RELATIONS, ME, SOMEONE, split_slot

    out = list(keys)
    for k in keys:
        subject, dot, rest = k.partition(".")
        if not dot or subject in (ME, SOMEONE) or ":" in subject or "." in rest and split_slot(k)[0] != subject:
            continue
        near = sorted(GENERAL_RELATIONS.get(subject, ())) + sorted(g for g, m in GENERAL_RELATIONS.items()
                                                                   if subject in m)
        out += [f"{r}.{rest}" for r in near if f"{r}.{rest}" not in out]
    return out


def composed_stored(keys: list[str]) -> list[str]:
    """For each relative's key of ``keys``, the same attribute under the composed keys a statement naming that
    relative as a relative of a relative is stored under (:func:`memcli.read.kin.composed_prefixes`):
    ``maternal_uncle.residence`` (我舅舅住在哪) → ``mother.brother.residence``, ``mother.younger_brother.residence``…
    (我妈的弟弟住在杭州); ``uncle.job`` → both parents' brothers'. Keys of the user, a named person or a thing: none."""
    from memcli.read.kin import composed_prefixes
    from memcli.slots import ME, SOMEONE

    out: list[str] = []
    for k in keys:
        subject, dot, rest = k.partition(".")
        if not dot or subject in (ME, SOMEONE) or ":" in subject:
            continue
        out += [c for p in composed_prefixes(subject) if (c := f"{p}.{rest}") not in out]
    return out


#: an attribute a "where" question asks (我在哪上班, "Where do I work?") → the one a fact often names that place
#: in: "I work as a nurse at a hospital in Leeds" / 我在杭州的一家医院当护士 are stored as ``job``; and back (round 46):
#: a job question ("What's my job?") → ``workplace``, where a new job told with its employer first is stored
#: ("换了新工作 at a bank now, 在 HSBC 做 risk analyst", "I joined Acme as a designer")
PLACE_KIN = {"workplace": "job", "job": "workplace"}
#: a fact that names a place: 在<place>当/做/上班…, "at/in/for/with <place>"
_NAMES_PLACE = re.compile(r"在[^，。,;；]{1,20}?(?:当|做|干|任|上班|工作|实习)"
                          r"|\b(?:at|in|for|with) (?:the |a |an )?[A-Za-z]")
#: a fact that names a role: 当/做/担任 + what, ending its clause (在 HSBC 做 risk analyst; not
#: 在一家做汽车的公司上班, a company that does), "as a/an <role>", "work(s) as"
_NAMES_ROLE = re.compile(r"(?:当|做|担任)\s*(?:(?!的)[A-Za-z\u4e00-\u9fff ]){2,24}(?=[，。,;；!！?？.]|$)"
                         r"|\bas (?:a|an|the) [A-Za-z]|\bworks? as\b", re.IGNORECASE)
#: (round 47) a nickname asked → the name, where "I'm Katherine, but everyone calls me Kat" (one memory a turn) is
#: stored; it answers when it tells what the user is called besides (calls me, go by, 叫我, 外号)
NAME_KIN = {"nickname": "name"}
_NAMES_CALLED = re.compile(r"\bcalls? me\b|\bgo(?:es)? by\b|\bnickname\b|叫我|喊我|外号|小名|昵称|绰号", re.IGNORECASE)
#: what a kin attribute's memory must name to answer the asked one (a place for workplace, a role for job, a name
#: called for a nickname)
_NAMES = {"job": _NAMES_PLACE, "workplace": _NAMES_ROLE, "name": _NAMES_CALLED}


def place_kin(keys: list[str]) -> list[str]:
    """For each key of ``keys`` asking a place or a job (:data:`PLACE_KIN`), the same subject's kin attribute
    (``workplace`` → ``job``, ``sister.workplace`` → ``sister.job``, ``job`` → ``workplace``), unless asked
    already."""
    from memcli.slots import join_slot, split_slot

    out: list[str] = []
    kins = {**PLACE_KIN, **NAME_KIN}
    for k in keys:
        subject, attr, obj = split_slot(k)
        if attr in kins and not obj:
            kin = join_slot(subject, kins[attr])
            if kin not in keys and kin not in out:
                out.append(kin)
    return out


def _kin_naming_asked(store: MemoryStore, user: str, keys: list[str], found: list[int], *, limit: int,
                  as_of: datetime | None = None) -> list[int]:
    """Ids of the memories under the :func:`place_kin` keys of ``keys`` whose statement names what was asked (a job
    "at a hospital in Leeds" answers "where do I work"; 我是做数据分析的 does not; a workplace "在 HSBC 做 risk
    analyst" answers "what's my job"; "I joined Acme" does not), not among ``found``: ONE bounded slot query and one
    read of its rows, only when the query asks a place or a job; [] otherwise."""
    from memcli.slots import split_slot

    kin = place_kin(keys)
    if not kin:
        return []
    ids = [i for i in store.slot_search(user, kin, limit=limit, as_of=as_of) if i not in found]
    rows = {int(r["id"]): r for r in store.items_by_ids(user, ids)} if ids else {}

    def names(row: dict) -> bool:
        attr = split_slot(str(row.get("slot") or ""))[1]
        rx = _NAMES.get(attr or "")
        return rx is not None and rx.search(str(row["statement"])) is not None

    return [i for i in ids if i in rows and names(rows[i])]


def slot_leg(store: MemoryStore, user: str, keys: list[str], *, limit: int,
             as_of: datetime | None = None) -> list[int]:
    """Ids of the user's memories whose slot is one of ``keys`` (or under one), best first
    (:meth:`memcli.db.store.MemoryStore.slot_search`), then of the same attribute of a relation that may name
    the same relative (:func:`kin_relations`), and of that relative told as a relative of a relative
    (:func:`composed_stored` of the keys asked: 我妈的弟弟… for 我舅舅…) and an ex told as the partner
    (:func:`memcli.read.ex_partner.ex_keys`: ``wife.job`` for ``ex_wife.job``); then of the attribute that often
    names what was asked, when the memory names it (:func:`place_kin`: a job "at a hospital in Leeds" for
    "where do I work", a workplace "在 HSBC 做 risk analyst" for "what's my job"); then, for a relative's name
    asked and not stored under its slot, the memories that name that relative in passing (:func:`named_in_passing`)."""
    if not keys:
        return []
    near = kin_relations(keys)
    near += [k for k in composed_stored(keys) if k not in near]
    near += [k for k in ex_keys(keys) if k not in near]  # an ex's: the partner's, told before the parting (r. 46)
    ids = store.slot_search(user, near, limit=limit, as_of=as_of)
    ids += _kin_naming_asked(store, user, near, ids, limit=limit, as_of=as_of)
    named = named_in_passing(store, user, keys, ids, limit=limit, as_of=as_of)
    ids += [i for i in named if i not in ids]
    by_name = store.slot_search(user, name_keys(store, user, keys, limit=limit, as_of=as_of), limit=limit, as_of=as_of)
    ids += [i for i in by_name if i not in ids]
    from memcli.read.in_law import in_law_ids, partners  # (round 47: "my mother-in-law" told as "Sam's mom")
    if not (rels := partners(keys)):
        return ids
    names = relative_names(store, user, rels, limit=limit, as_of=as_of)
    return ids + in_law_ids(store, user, keys, ids, names, limit=limit, as_of=as_of)


def asked_names(keys: list[str]) -> dict[str, str]:
    """``R.name`` keys of ``keys`` whose subject R is a relative (not the user, a named person or a
    thing) → R, with the relations R may name (my sister → ``elder_sister``)."""
    from memcli.slots import GENERAL_RELATIONS, ME, SOMEONE, split_slot

    out: dict[str, str] = {}
    for k in keys:
        subject, attr = split_slot(k)[:2]
        if attr == "name" and subject not in (ME, SOMEONE) and ":" not in subject:
            for r in (subject, *sorted(GENERAL_RELATIONS.get(subject, ()))):
                out.setdefault(r, subject)
    return out


def names_relative(statement: str, relations: Collection[str]) -> bool:
    """The statement names a relative of one of ``relations`` (relation keys) by name right after
    the relation word ("My daughter Emma starts school…", 我女儿小美上小学了, 我跟老伴儿刘桂芳两个人住:
    :func:`memcli.read.mismatch.opens_with_name_zh`; not "my daughter's teacher Mrs Brown" for ``daughter``):
    it says that relative's name, whatever its slot."""
    from memcli.read.mismatch import _EN_NAME, opens_with_name_zh, relation_words
    from memcli.slots import EN_RELATIONS, ZH_RELATIONS

    text = to_simplified(statement)
    zh, en, _ = relation_words()
    for m in zh.finditer(text):
        rest = text[m.end():]
        if ZH_RELATIONS.get(m.group(0)) in relations and not zh.match(rest) and opens_with_name_zh(rest):
            return True
    for m in en.finditer(text):
        word = m.group(0).casefold()
        key = EN_RELATIONS.get(word, EN_RELATIONS.get(word[:-1]) if word.endswith("s") else None)
        if key in relations and text[m.end():m.end() + 1] != "'" and _EN_NAME.match(text[m.end():]):
            return True
    return False


def named_in_passing(store: MemoryStore, user: str, keys: list[str], found: list[int], *, limit: int,
                     as_of: datetime | None = None) -> list[int]:
    """Ids of memories about a relative whose name the query asks (``daughter.name``) that say the
    name in passing ("My daughter Emma starts school in September", stored as ``daughter.fact.start``):
    the question's answer is in them. Only when no memory among ``found`` holds that name slot;
    ONE bounded slot query (the relative's every slot) and one read of those rows; [] otherwise."""
    from memcli.slots import split_slot

    asked = asked_names(keys)
    if not asked:
        return []
    if found:
        held = {split_slot(str(r["slot"] or ""))[:2] for r in store.items_by_ids(user, found)}
        asked = {r: s for r, s in asked.items() if (r, "name") not in held}
        if not asked:
            return []
    ids = store.slot_search(user, list(asked), limit=limit, as_of=as_of)
    rows = {int(r["id"]): r for r in store.items_by_ids(user, ids)}
    return [i for i in ids if i in rows and names_relative(str(rows[i]["statement"]), asked)]


#: "my husband Raj", "my boss Linda": a relation word, then the name it is given
_EN_NAMED = re.compile(r"\b[Mm]y ([a-z]+(?:[ -][a-z]+){0,2}) ([A-Z][a-z]{1,15})\b")  # (my sister-in-law Jo: r. 47)


def relative_names(store: MemoryStore, user: str, relations: Collection[str], *, limit: int,
                   as_of: datetime | None = None) -> dict[str, str]:
    """Names the user gives relatives of ``relations`` (relation keys) in English memories, casefolded → the
    relation: "My husband Raj hates bananas" → ``{"raj": "husband"}``; the current memories' first, then those
    a memory since ended gave in passing (:func:`memcli.read.kept_names.ended_names`: "I live in Ghent with my
    husband Bram", ended by a move, unless the relation ended). Two bounded full-text queries for the relation
    words and a read of their rows (a third, of the endings, only when an ended memory gave a name); {} when no
    relation has an English word."""
    from memcli.read.kept_names import ended_names
    from memcli.slots import EN_RELATIONS

    words = [w for w, r in EN_RELATIONS.items() if r in relations and w.isascii() and " " not in w]
    if not words:
        return {}
    ids = [i for i, _ in store.fts_search(user, words, limit=limit, as_of=as_of)]
    out: dict[str, str] = {}
    for row in store.items_by_ids(user, ids):
        for m in _EN_NAMED.finditer(str(row["statement"])):
            if (rel := EN_RELATIONS.get(m.group(1).casefold())) in relations:
                out.setdefault(m.group(2).casefold(), rel)
    return out | ended_names(store, user, words, relations, out, _EN_NAMED, limit=limit, as_of=as_of)


def name_keys(store: MemoryStore, user: str, keys: list[str], *, limit: int,
              as_of: datetime | None = None) -> list[str]:
    """For an English question about a relative's attribute (``husband.birthday``: "my husband's birthday"), the
    same attribute of that relative told by name (``person:raj.birthday``: "Raj's birthday is December 13"), the
    name read from a memory that gives it after the relation word (:func:`relative_names`); [] when no key is a
    relative's attribute."""
    from memcli.slots import ME, SOMEONE, split_slot

    asked: dict[str, list[str]] = {}
    for k in keys:
        subject, attr, _ = split_slot(k)
        if subject not in (ME, SOMEONE) and ":" not in subject and attr and attr != "name":
            asked.setdefault(subject, []).append(k[len(subject) + 1:])
    if not asked:
        return []
    names = relative_names(store, user, asked, limit=limit, as_of=as_of)
    if {"son", "daughter"} & (asked.keys() - set(names.values())):  # (round 47) one of "the kids", by he / she
        from memcli.read.child_named import child_roles

        names |= {n: r for n, r in child_roles(store, user, asked, limit=limit, as_of=as_of).items() if n not in names}
    out = list(dict.fromkeys(f"person:{n}.{rest}" for n, rel in names.items() for rest in asked[rel]))
    return out[:MAX_QUERY_SLOTS]


def slot_focus(slot_ids: list[int], lexical_ids: Collection[int], cos_by_id: dict[int, float]) -> list[int]:
    """The slot leg's ids (best first) a question can lean on (round 34). Up to :data:`SLOT_LIST` of them: all
    (the one place someone lives, their job). More: a list of the user's likes or hobbies, where the slot leg's
    bonus would lift every member over the one that answers ("which singers do I enjoy?" over "I love live
    music", "I love the necklace", …): only the members the lexical leg also found (``lexical_ids``) or the
    dense leg ranks at :data:`SLOT_TIE_COSINE` of its best cosine or more (``cos_by_id``: id → cosine; empty,
    as when the dense leg did not run: all). Order kept; may be empty. The retrieval asks it for English queries
    (on Chinese ones it moved the goldset's answerability features, so it is left for a round that refits them)."""
    if len(slot_ids) <= SLOT_LIST or not cos_by_id:
        return slot_ids
    best = max(cos_by_id.values())
    return [i for i in slot_ids if i in lexical_ids or (best > 0 and cos_by_id.get(i, -1.0) >= SLOT_TIE_COSINE * best)]


def held_answers(hits: Sequence[Any], question: str, slots: Sequence[str], point: float | None) -> int:
    """Keep at ``point`` (the answerability point; None: no gate, nothing to do) each memory the slot leg found under
    the one slot the question asks (``slots``: :func:`query_slot_keys`, exactly one, not ``someone.…``) that holds a
    value of the type asked (:func:`memcli.read.asked_value.holds_value`: a place for where) and that the gate did
    not veto (p > 0: grounded, the question's subject). Round 40: "Where do I work?" over "I joined Riverside Academy
    in September" (slot ``workplace``) had p 0.10: joining an organisation is a job told in words far from "work"
    (cosine 0.07), and the fitted gate reads the cosine. Round 46: a job asked also keeps the workplace that names a
    role (:data:`PLACE_KIN`). Returns how many hits were raised."""
    from memcli.read.asked_value import asked_value, holds_value
    from memcli.read.contact import contact_answers

    if point is None or len(slots) != 1 or slots[0].startswith("someone."):
        return 0
    if contacted := contact_answers(hits, slots, point):  # round 48: a number told in passing, no slot
        return contacted
    asked = asked_value(question)
    #: a job asked: the same subject's workplace naming a role (round 46: "What's my job?" over "换了新工作 at a bank
    #: now, 在 HSBC 做 risk analyst", p 0.03 — the fitted gate reads a workplace as no answer to a job)
    roles = [k for k in place_kin(slots) if k.endswith("workplace")] if slots[0].endswith("job") else []
    called = place_kin(slots) if slots[0].endswith("nickname") else []  # (round 47: everyone calls me Kat)
    raised = 0
    for h in hits:
        if not (h.below_floor and "slot" in h.legs and h.origin != "episode" and (h.p_relevant or 0.0) > 0):
            continue
        if (h.slot == slots[0] and asked and holds_value(h.statement, asked, question)) or (
                h.slot in roles and _NAMES_ROLE.search(h.statement)) or (
                h.slot in called and _NAMES_CALLED.search(h.statement)):
            h.p_relevant, h.below_floor = max(h.p_relevant or 0.0, point), False
            raised += 1
    return raised
