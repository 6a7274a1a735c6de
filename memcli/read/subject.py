"""Subject expansion: a hit about a subject brings that subject's facts the query asks about.

``那个来自重庆的人叫什么名字？`` after ``我上司的老家是重庆。`` and ``我的上司叫赵雅琳。``: the hit on
重庆 is found (``boss.hometown``), but the name shares nothing with the question. Both facts
carry the subject in their slot (``boss.…``, written by the write path), and the question asks
for an attribute (``name``, :func:`memcli.slot_query.query_slots`). So for each of at most
:data:`MAX_SUBJECTS` subjects of the first :data:`LOOK_AT` hits that are not the user (a
relative, 我上司, my sister, a named person, a thing of theirs), ONE bounded slot query
(:meth:`~memcli.db.store.MemoryStore.slot_search`, an index range per key, at most
:data:`PER_SUBJECT` rows) fetches that subject's active facts whose attribute is one the
query names (``boss.name``, ``boss.like.运动``); they are placed right after the hit that
brought them (``Hit.via``), in the order of the query's attributes.

The user's own facts are not expanded (the slot leg already ranks them by attribute).
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from memcli.db.store import MemoryStore
from memcli.read import fusion
from memcli.read.slot_leg import names_relative, relative_names
from memcli.read.tokens import has_word
from memcli.settings import Settings
from memcli.slots import GENERAL_RELATIONS, ME, PLURAL_RELATIONS, SOMEONE, ZH_RELATION_RE, ZH_RELATIONS, split_slot
from memcli.text import STOPWORDS, to_simplified
from memcli.timeutil import from_iso

__all__ = ["MAX_SUBJECTS", "PER_SUBJECT", "aliased", "asker_can", "expand_scored", "expansions", "found_by_fact",
           "kin_named", "name_aliases", "name_in_passing", "self_named", "told_people"]

MAX_SUBJECTS = 3  # subjects looked up: at most this many extra queries
LOOK_AT = 5  # among the first this many hits
PER_SUBJECT = 8  # rows per subject query


def expansions(store: MemoryStore, user: str, top: Sequence[tuple[int, str | None]], query_slots: Sequence[str], *,
               as_of: datetime | None = None, statements: dict[int, str] | None = None) -> dict[int, list[int]]:
    """For ``top`` ((item id, slot) of the best hits, best first): parent id → ids of the same
    subject's facts with an attribute the query asks about (the parent itself left out), best
    first. Empty when the query names no attribute. ``statements`` (item id → statement, simplified Chinese or
    other text): a hit that names a person right after a relation word (我新认识了一个朋友孟佳，她是牙医; "my
    coworker Sam …") is about ``person:孟佳`` too, whatever its slot says (round 31: the person named by one fact,
    a conditional question, and her other facts stored as ``person:孟佳.…`` were never brought together)."""
    from memcli.read.mismatch import names_after_relation

    attrs = list(dict.fromkeys(split_slot(k)[1] for k in query_slots))
    out: dict[int, list[int]] = {}
    if not attrs:
        return out
    seen: set[str] = set()
    for item_id, slot in top[:LOOK_AT]:
        subjects = [split_slot(slot)[0]] if slot else []
        subjects += [f"person:{n}" for n in sorted(names_after_relation((statements or {}).get(item_id, "")))]
        for subject in subjects:
            if subject == ME or subject in seen or len(seen) >= MAX_SUBJECTS:
                continue
            seen.add(subject)
            ids = store.slot_search(user, [f"{subject}.{a}" for a in attrs], limit=PER_SUBJECT, as_of=as_of)
            ids = [i for i in ids if i != item_id and i not in out.get(item_id, [])]
            if ids:
                out[item_id] = [*out.get(item_id, []), *ids]
    return out


def name_aliases(store: MemoryStore, user: str, query_slots: Sequence[str], hit_slots: Sequence[str | None], *,
                 as_of: datetime | None = None, query: str = "") -> dict[str, str]:
    """``person:X`` subject of a hit → the relation key the query asks about, when the user's
    active ``R.name`` fact names X ("When is my sister's birthday?" after "My sister is called
    Anna" and "Anna's birthday is June 3": ``person:anna`` → ``sister``; 我姐姐的生日 after
    我姐姐叫小美 and 小美的生日是5月1号). R is the asked relation or one it may name
    (:data:`memcli.slots.GENERAL_RELATIONS`: my sister → 姐姐's ``elder_sister``). ONE bounded slot
    query, only when the query names a relation and a hit is about a named person; {} otherwise. ``query`` (simplified
    Chinese or other text): its relation stands for the slots' when they name none (round 47: "When did my brother
    get married?" asks no attribute; "Theo's wedding was yesterday" after "my brother Theo …" is his). Kin by
    marriage: :func:`memcli.read.in_law.in_law_aliases`."""
    from memcli.read.in_law import in_law_aliases, partners
    from memcli.read.kin import question_relation
    from memcli.slot_query import query_subject

    rels = [r for r in dict.fromkeys(split_slot(k)[0] for k in query_slots)
            if r not in (ME, SOMEONE) and ":" not in r]
    if not rels and query and (r := question_relation(query) or query_subject(query)) not in (ME, SOMEONE) and \
            ":" not in r:
        rels = [r]
    persons = {split_slot(s)[0] for s in hit_slots if s and s.startswith("person:")}
    heads = {s.partition(".")[0] for s in hit_slots if s and ":" in s}  # (round 47: "Sam's mom", my mother-in-law)
    laws = in_law_aliases(list(query_slots), heads, relative_names(store, user, partners(list(query_slots)),
                                                                   limit=PER_SUBJECT, as_of=as_of)) \
        if heads and partners(list(query_slots)) else {}
    if not rels or not persons - laws.keys():
        return laws
    keys = {f"{k}.name": r for r in rels for k in (r, *sorted(GENERAL_RELATIONS.get(r, ())))}
    ids = store.slot_search(user, list(keys), limit=PER_SUBJECT, as_of=as_of)
    out: dict[str, str] = {}
    for row in store.items_by_ids(user, ids):
        said = str(row["statement"]).casefold()
        asked = keys.get(str(row["slot"] or ""))
        for p in persons:
            name = p.split(":", 1)[1].casefold()
            if asked and name and p not in out and has_word(said, name):
                out[p] = asked
    if persons - out.keys():  # "My husband Raj hates bananas": a name given in passing (no R.name fact)
        names = relative_names(store, user, rels, limit=PER_SUBJECT, as_of=as_of)
        out |= {p: names[p.split(":", 1)[1]] for p in persons - out.keys() if p.split(":", 1)[1] in names}
    if persons - out.keys() and {"son", "daughter"} & set(rels):  # (round 47) one of "the kids", by he / she
        from memcli.read.child_named import child_roles

        kids = child_roles(store, user, rels, limit=PER_SUBJECT, as_of=as_of)
        out |= {p: kids[p[7:]] for p in persons - out.keys() if p[7:] in kids}
    return out | laws


def aliased(slot: str | None, aliases: dict[str, str]) -> str | None:
    """``slot`` with a ``person:X`` subject read as the relation :func:`name_aliases` found for X."""
    if not slot or not aliases:
        return slot
    head, _, rest = slot.partition(".")
    return f"{aliases[head]}.{rest}" if head in aliases and rest else slot


def name_in_passing(slot: str | None, statement: str, query_slots: Sequence[str]) -> str | None:
    """``slot`` read as ``R.name`` when the query asks the name of a relative R (``daughter.name``)
    and the statement names R right after the relation word ("My daughter Emma starts school in
    September", ``daughter.fact.start``; 我女儿小美下个月上小学, no slot): the hit says the name the
    question asks, whatever else it is about (:func:`memcli.read.slot_leg.names_relative`; a relation
    R may name counts: my sister → ``elder_sister``). ``slot`` unchanged otherwise, and a hit that
    holds a name slot already keeps it."""
    if slot and split_slot(slot)[1] == "name":
        return slot
    for k in query_slots:
        asked, attr = split_slot(k)[:2]
        if attr != "name" or asked in (ME, SOMEONE) or ":" in asked:
            continue
        rels = {asked, *GENERAL_RELATIONS.get(asked, ())}
        if names_relative(statement, rels):
            held = split_slot(slot)[0] if slot else asked
            return f"{held if held in rels else asked}.name"
    return slot


def found_by_fact(query_slots: Sequence[str], pairs: Sequence[tuple[str | None, str | None]]) -> bool:
    """Whether a question that names a person by one of their facts found that person: it asks two
    attributes of someone (那个身高是176cm的人，姓名是什么 → ``someone.height``, ``someone.name``;
    "the one from Chongqing, what's their name"), a hit holds one of them and subject expansion
    brought the same subject's fact holding the other. ``pairs``: (parent hit's slot, expanded
    fact's slot) of each expansion. Such a question names nobody of the user's, yet the store
    answers it: it is grounded (:func:`question_p`)."""
    asked = {split_slot(k)[1] for k in query_slots if split_slot(k)[0] == SOMEONE}
    if len(asked) < 2:
        return False
    for parent, child in pairs:
        if parent and child:
            (ps, pa, _), (cs, ca, _) = split_slot(parent), split_slot(child)
            if ps == cs and pa != ca and pa in asked and ca in asked:
                return True
    return False


#: the user's own name in a ``name`` memory: 我叫林梅, 我的名字是…, "My name is Dana Whitfield", "Call me Jo"
_ZH_OWN = re.compile(r"(?:我叫|我的名字(?:是|叫)|我的全名(?:是|叫)|(?:大家|朋友们?)(?:都)?叫我)([\u4e00-\u9fff]{2,4})")
_EN_OWN = re.compile(r"(?i:\bmy (?:full )?name is|\bmy name's|\bcall me|\bi go by|^i'm|^i am|^this is) "
                     r"([A-Z][a-z]+(?: [A-Z][a-z]+)?)")


_AS_I = {"does i": "do I", "is i": "am I", "was i": "was I", "i is": "I am", "i has": "I have", "i does": "I do",
         "has i": "have I"}
_FIRST_PERSON = re.compile(r"\b(?:does I|is I|was I|I is|I has|I does|has I)\b", re.I)


#: a Chinese question that opens with a name of two or three characters and then asks (小明在哪上班, 志强做什么工作)
_ZH_NAME_ASKED = re.compile(r"^([\u4e00-\u9fff]{2,3}?)(?=现在|目前|如今|以前|在|做|干|是|当|的|今年|住|多大|几岁|"
                            r"喜欢|有|会|最近|平时)")


def kin_named(store: MemoryStore, user: str, text: str, *, as_of: datetime | None = None) -> str:
    """``text`` (a Chinese query) with the name it opens with read as the relative the user gave that name: 小明在哪上班
    → 我老公小明在哪上班 after 我老公叫小明 (round 44: the job or workplace told by the relation, 我老公跳槽去了律所,
    shares no word with the name, so the question by name found nothing). The relative is the one relation R whose
    memories among the name's full-text hits (ONE bounded query, only for a text opening with a possible name and
    without 我) say it as a name — right after the relation word (我老公叫小明, 我老公小明…) or opening the memory
    (小明在银行上班, keyed ``husband.…`` by the write path), not in passing (我老公在银行做事 for
    银行的活期利率是多少) — R a relation one
    has one of (not 同事 / 朋友: a name tells which of them); ``text`` unchanged otherwise (no such memory, or two
    relations)."""
    m = _ZH_NAME_ASKED.match(text)
    if m is None or "我" in text or ZH_RELATION_RE.search(m.group(1)):
        return text
    name = m.group(1)
    ids = [i for i, _ in store.fts_search(user, [name, f"叫{name}"], limit=PER_SUBJECT, as_of=as_of)]
    rels: dict[str, str] = {}
    for row in store.items_by_ids(user, ids):
        who = split_slot(str(row["slot"]))[0] if row["slot"] else ME
        said = to_simplified(str(row["statement"]))
        if who in (ME, SOMEONE) or ":" in who or who.rsplit(".", 1)[-1] in PLURAL_RELATIONS or name not in said:
            continue  # (the write path keys a fact told by the name under the relation that name is: named_kind)
        word = next((w for w, k in ZH_RELATIONS.items() if k == who and w in said), None)
        if not said.startswith(name) and not (word and re.search(rf"{word}(?:叫做?|名叫|是)?{name}", said)):
            continue  # the name said as a name, not a word in passing (我老公在银行做事 for 银行的活期利率是多少)
        rels.setdefault(who, f"我{word}" if word else "")
    # the name kept after the relation (我孙子豆豆今年几岁): a fact told by the name alone still matches its words
    return text.replace(name, rels.popitem()[1] + name, 1) if len(rels) == 1 and all(rels.values()) else text


#: a Chinese question that opens with a bare 他 / 她 (他现在干什么工作, 她住哪): no one else named in it
_ZH_BARE_PRONOUN = re.compile(r"^(?:那|那么)?([他她])(?!们)")
#: the newest active memories read for the people a bare pronoun may stand for (one bounded query)
PRONOUN_SCAN = 256


def pronoun_named(store: MemoryStore, user: str, text: str) -> str:
    """``text`` (a Chinese query) with the bare 他 / 她 it opens with read as the one other person the user has told
    of: 他现在干什么工作 → 我老公现在干什么工作 when the user's memories name only their husband (round 45: the
    question named no one and found nothing). The people are the subjects of the user's :data:`PRONOUN_SCAN` newest
    active memories — each relation (我老公, keyed ``husband.…``) and each person told by name (``person:小周``) that is
    not the name of such a relation — whose gender fits the pronoun (:func:`memcli.slots.gender_fits`). ``text``
    unchanged when it names anyone else (我, a relation, a name), or when none or more than one person fits: a
    pronoun with several people told is never guessed."""
    from memcli.slots import gender_fits

    m = _ZH_BARE_PRONOUN.match(text)
    if m is None or "我" in text or ZH_RELATION_RE.search(text):
        return text
    rels: dict[str, str] = {}  # relation key → how the user says it (我老公)
    kin_said: list[str] = []  # what the user said of their relations (their names are in it)
    named: set[str] = set()  # the names of person:… subjects
    for row in store.list_items(user, limit=PRONOUN_SCAN):
        who = split_slot(str(row["slot"]))[0] if row["slot"] else ME
        said = to_simplified(str(row["statement"]))
        if who.startswith("person:"):
            named.add(who.split(":", 1)[1])
        elif who not in (ME, SOMEONE) and ":" not in who:
            word = next((w for w in sorted(ZH_RELATIONS, key=len, reverse=True) if ZH_RELATIONS[w] == who
                         and w in said), None)
            if not rels.get(who):  # (a memory told by the name alone, 志强现在…, says no relation word)
                rels[who] = f"我{word}" if word else ""
            kin_said.append(said)
    people = {k: v for k, v in rels.items() if v} | {
        f"person:{n}": n for n in named if not any(n in said for said in kin_said)}  # (我老公志强…: the husband)
    fits = [v for k, v in people.items() if gender_fits(k, m.group(1) == "她")]
    return text[:m.start(1)] + fits[0] + text[m.end(1):] if len(fits) == 1 and len(people) == 1 else text


def self_named(store: MemoryStore, user: str, text: str) -> str:
    """``text`` (a query) with the user's own name read as the user: 林梅在哪工作 → 我在哪工作 after 我叫林梅,
    "Where does Dana work?" → "Where does I work?" after "My name is Dana Whitfield" (a possessive
    "Dana's" → "my"). The name comes from the user's active ``name`` memories (ONE slot query, only when
    the text has a capitalised word or two CJK characters); ``text`` unchanged when it names no such name."""
    if not re.search(r"[A-Z]|[\u4e00-\u9fff]{2}", text):
        return text
    for row in store.active_in_slot(user, "name"):
        said = str(row["statement"])
        if m := _ZH_OWN.search(said):
            if m.group(1) in text:
                return text.replace(m.group(1), "我")
        elif m := _EN_OWN.search(said):
            full, first = m.group(1), m.group(1).split()[0]
            zh = re.search(r"[\u4e00-\u9fff]", text) is not None  # Tom的手术: 我的手术
            for name in dict.fromkeys((full, first)):
                at = rf"(?<![A-Za-z]){name}(?![A-Za-z])" + (r"(?! [A-Z])" if name == first else "")
                if re.search(at, text):
                    if zh:
                        return re.sub(at, "我", text)
                    text = re.sub(rf"(?<![A-Za-z]){name}'s\b", "my", text)
                    return _FIRST_PERSON.sub(lambda x: _AS_I[x.group(0).casefold()], re.sub(at, "I", text))
    return text


#: a question whether something can be eaten, drunk or used, with no one named (芒果能吃吗, 咖啡可以喝吗):
#: the asker asks for themselves
_CAN = re.compile(r"^(?![这那])([^我你您他她它们，,。？?\s]{1,8}?)(能不能|可不可以|能|可以)(吃|喝|碰|用|抽)"
                  r"([吗么嘛呢啊]?[?？]?)$")


def asker_can(text: str) -> str:
    """``text`` with 我 put before the modal of a subjectless question whether something can be eaten, drunk or
    used (芒果能吃吗 → 芒果我能吃吗: an allergy or a diet answers it); ``text`` unchanged otherwise."""
    m = _CAN.match(text)
    return f"{m.group(1)}我{m.group(2)}{m.group(3)}{m.group(4)}" if m else text


#: "my best mate Jodie", "my boss Linda": a few lowercase words after "my", then the name the user gives someone
#: of theirs ("my trip to Rome" names a place: no preposition or article among those words; "my favourite author
#: is Kazuo Ishiguro" a taste: no verb, no favourite)
_EN_THEIRS = (r"\b[Mm]y (?:(?!(?:to|in|at|from|for|of|on|with|about|and|the|a|an|by|near|into|is|was|are|were|has|"
              r"had|have|got|called|named|favourite|favorite|fave)\b)[a-z]+[ -]){1,3}")


def told_people(store: MemoryStore, user: str, question: str, *, limit: int = 20,
                as_of: datetime | None = None) -> tuple[str, ...]:
    """Words of an English ``question`` (casefolded) that an active memory gives as the name of someone of the
    user's ("where is jodie moving?" after "My best mate Jodie is a nurse"): the question names a person of
    theirs, not the world. ONE bounded full-text query for the question's words of 3+ letters (not stopwords)
    and one read of its rows; () for a question with no such word or not in Latin script."""
    if not question.isascii():
        return ()
    words = [w for w in dict.fromkeys(re.findall(r"[a-z]{3,15}", question.casefold())) if w not in STOPWORDS]
    if not words:
        return ()
    ids = [i for i, _ in store.fts_search(user, words, limit=limit, as_of=as_of)]
    said = [str(row["statement"]) for row in store.items_by_ids(user, ids)]
    return tuple(w for w in words if any(re.search(_EN_THEIRS + w.capitalize() + r"\b", s) for s in said))


def expand_scored(store: MemoryStore, user: str, scored: list[tuple[float, Any, dict[str, Any], float]],
                  info: Any, settings: Settings, as_of: datetime | None, now: datetime
                  ) -> tuple[list[tuple[float, Any, dict[str, Any], float]], dict[int, int]]:
    """The retrieval's scored hits (``(final, fused, row, recency)``, best first) with each parent's same-subject
    facts (:func:`expansions`) right after it, at the parent's score, and item id → parent id; ``info`` (the
    call's :class:`~memcli.read.results.RetrievalInfo`) gives the query's slots and receives ``expanded`` and the
    milliseconds :func:`expansions` took (``timings_ms["subject"]``). (Moved from :mod:`memcli.read.retrieve`,
    round 40.)"""
    t1 = time.monotonic()
    said = {f.id: to_simplified(row["statement"]) for _, f, row, _ in scored[:LOOK_AT]}
    found = expansions(store, user, [(f.id, row.get("slot")) for _, f, row, _ in scored], info.slots, as_of=as_of,
                       statements=said)
    info.timings_ms["subject"] = round((time.monotonic() - t1) * 1000, 2)
    if not found:
        return scored, {}
    by_id = {f.id: (final, f, row, rec) for final, f, row, rec in scored}
    new_ids = [i for ids in found.values() for i in ids if i not in by_id]
    rows = {r["id"]: r for r in store.items_by_ids(user, new_ids)} if new_ids else {}
    via: dict[int, int] = {}
    out: list[tuple[float, Any, dict[str, Any], float]] = []
    placed: set[int] = set()
    for final, f, row, rec in scored:
        if f.id in placed:
            continue
        out.append((final, f, row, rec))
        placed.add(f.id)
        for n, i in enumerate(found.get(f.id, []), start=1):
            if i in placed:
                continue
            if i in by_id:
                _, g, grow, grec = by_id[i]
            else:
                grow = rows.get(i)
                if grow is None:
                    continue
                g = fusion.Fused(i)
                grec = fusion.recency(from_iso(grow["last_confirmed_at"]), now, settings.recency_half_life_days)
            g.ranks.setdefault("subject", n)
            out.append((final, g, grow, grec))
            placed.add(i)
            via[i] = f.id
    info.expanded = len(via)
    return out, via
