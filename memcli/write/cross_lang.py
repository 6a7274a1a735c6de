"""A fact restated in the other language (issue 21: decisions that never hide a true fact).

"My mother lives in Shanghai" then 我妈妈住在上海: the slot comparison reads one slot
(``mother.residence``) and two values (``shanghai`` / ``上海``) that no string check can match, so a
functional slot turned the restatement into a CONFLICT and hid the first fact; a keyed slot
("I have a dog named Max" / 我有一只狗叫Max: ``owns.dog named max`` / ``owns.狗叫Max``) kept a
duplicate beside it.

:func:`restated` is a step after the decision (:func:`memcli.write.decide.decide`): when the incoming
statement and the memory the decision chose (a CONFLICT or UPDATE target), or a close neighbour (an
ADD), are in two languages (:func:`memcli.text.lang_of`), it compares the two facts part by part —
one person (the same subject or relation, or two things the encoder finds one: dog / 狗), one
attribute, one polarity, no changed number — and their *values* across languages:

- a name written in Latin letters or digits on the Chinese side must be in the English statement
  (Max = Max; Max / Buddy are two names), and is then taken out of both values;
- what is left is embedded (the bundled multilingual encoder, short strings, cached) and the two
  values are one thing at cosine ≥ :data:`SAME_VALUE_COSINE` (Shanghai / 上海 0.92, nurse / 护士 is
  lower), or ≥ :data:`CLOSE_VALUE_COSINE` for a functional attribute when the incoming statement tells
  no change (now / moved / 现在 / 搬…);
- a short value of a keyed attribute (like.X, allergy.X: cooking / 做饭 0.71) is one thing at
  :data:`KEYED_VALUE_COSINE` for the values and the whole statements both, no change told, each word of
  an English value of several found in the Chinese one (:func:`_short_restated`; green tea / 红茶 is not).

Such a pair is a restatement: NOOP (reinforce); a value of a functional attribute that says the
stored one and more (I live in Shanghai / 我住在上海浦东: one of its words matches better than all
of it) refines it: UPDATE. Values the encoder keeps apart (Shanghai / 北京 0.52)
leave the decision as it was. Only a multilingual bundled model (:func:`memcli.embed.is_native`)
is trusted with this; with any other model the step does nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from functools import lru_cache
from typing import Any

import numpy as np

from memcli.db.store import MemoryStore
from memcli.models import Candidate, Decision, Level
from memcli.settings import Settings
from memcli.slots import CATCH_ALL_ATTRIBUTES, is_functional, same_relation
from memcli.text import lang_of
from memcli.write.change_rules import numbers_clash
from memcli.write.decide_range import Plan, _cosine_to, _facts, neighbors_of
from memcli.write.rules import Facts
from memcli.write.value_types import change_marker

__all__ = ["CATCH_ALL_STATEMENT_COSINE", "CLOSE_VALUE_COSINE", "KEYED_VALUE_COSINE", "SAME_VALUE_COSINE",
           "THING_ONE_VALUE", "changed",
           "restated", "restatement"]

#: cosine of two values in two languages at/above which they name one thing (use-multilingual-v3:
#: Shanghai / 上海 0.92, teacher / 老师 0.87, accountant / 会计 0.81; Shanghai / 北京 0.52, green tea / 红茶 0.78)
SAME_VALUE_COSINE = 0.80
#: the same for a functional attribute when no change is told (nurse / 护士 0.74, Google / 谷歌 0.76;
#: two cities 0.34-0.64, two jobs 0.42-0.52)
CLOSE_VALUE_COSINE = 0.68
#: the same for a keyed attribute's short value (like.X, allergy.X) when no change is told, for the values
#: and the whole statements both (cooking / 做饭 0.71 / 0.76, skiing / 滑雪 0.79 / 0.77; two of a kind:
#: skiing / 滑冰 0.69 / 0.68, cats / 狗 0.65 / 0.68); fitted on decisions_xlang.jsonl, leave-one-out
#: (bench/xlang_threshold.py)
KEYED_VALUE_COSINE = 0.70
#: each word of a value of several found in the other language's value at/above this (tea / 茶 0.90,
#: green / 绿 0.93, food / 吃 0.70; green / 红 0.52, red / 白 0.51)
PART_COSINE = 0.60
_LATIN = re.compile(r"[A-Za-z0-9][A-Za-z0-9.'-]*")
#: attributes a thing (a pet, my car) has one value of, so another one told in the other language ends the
#: old: its name (我的狗叫豆豆 / My dog's name is Rocky, as "My dog's name is Waffles / Biscuit" in one
#: language) and its age (My cat is three / 我的猫六岁了)
THING_ONE_VALUE = frozenset({"name", "age"})
#: words that tell another one of a kind (my other dog, 另一只狗, 还有一只猫): its name is no change of the first's
_ANOTHER_ONE = re.compile(r"\b(?:other|another|second|third|both|one of)\b|"
                          r"另一|另外|第二|第三|还有一|又养|两只|三只|其中", re.I)
#: a catch-all attribute's key is a verb or a fragment (fact.drink / fact.喝), not the fact's value: two such
#: keys that match say nothing of the values, so the whole statements must match at/above this too
CATCH_ALL_STATEMENT_COSINE = 0.80


def restated(store: MemoryStore, settings: Settings, user: str, candidate: Candidate, vector: np.ndarray | None,
             plan: Plan, exclude: Collection[int] = ()) -> Plan | None:
    """A NOOP on the stored memory that ``candidate`` restates in the other language (an UPDATE when it
    refines it: :func:`restatement`), when ``plan`` (the decision so far) would contradict it (CONFLICT),
    refine it otherwise (UPDATE) or keep a duplicate (ADD beside a neighbour at or above ``dedup_lower``).
    None: no such memory, or ``plan`` already says so; ``plan`` stands."""
    if not _multilingual(settings.model):
        return None
    new = _facts(candidate.statement, candidate.slot)
    if not new.slot:
        return None
    if plan.decision == Decision.NOOP:  # a NOOP that would hide another value told in the other language
        row = plan.target
        if row is None or plan.level == Level.EXACT or restatement(
                new, old := _facts(row["statement"], row["slot"]), settings.model,
                _own_vectors(store, settings.model, candidate.statement, vector, row)):
            return None
        if (why := changed(new, old, settings.model) or flipped(new, old, settings.model)) is None:
            return None
        return Plan(Decision.CONFLICT, Level.JUDGE, row, plan.cosine,
                    f"{why}; {plan.judge or plan.level.value} said NOOP: CONFLICT", "cross-lang")
    if plan.decision == Decision.ADD:  # only a neighbour in the other language with a slot can be paired (_paired):
        lang = lang_of(new.statement)  # the others are not read (their rows carry what their Neighbor does)
        rows = [nb.id for nb in neighbors_of(store, user, vector, settings.decide_neighbors)
                if nb.cosine >= settings.dedup_lower and nb.id not in exclude
                and _two_langs_slotted(lang, _facts(nb.statement, nb.slot))]
        targets = store.items_by_ids(user, rows) if rows else []
    else:
        targets = [plan.target] if plan.target is not None else []
    for row in targets:
        old = _facts(row["statement"], row["slot"])
        own = _own_vectors(store, settings.model, candidate.statement, vector, row)
        hit = restatement(new, old, settings.model, own)
        if hit is None and plan.decision == Decision.ADD and (why := changed(new, old, settings.model)
                                                              or flipped(new, old, settings.model)):
            hit = Decision.CONFLICT, why
        if hit and hit[0] != plan.decision:
            return Plan(hit[0], Level.JUDGE, row, _cosine_to(store, row["id"], vector, ()),
                        f"{hit[1]}; {plan.judge or plan.level.value} said {plan.decision.value}: {hit[0].value}",
                        "cross-lang")
        if hit:
            return None  # the decision already says so
    return None


def changed(new: Facts, old: Facts, model: str) -> str | None:
    """Why ``new`` changes ``old`` in the other language (My boss is Tom Becker / 我的新老板叫王丽; my
    favourite colour blue / green; my dog's name, my cat's age): one subject — the user, a relation, or a
    thing for its name and age only (:data:`THING_ONE_VALUE`; a thing's other attributes may be of another
    one of several) — one attribute that holds one value at a time (:func:`memcli.slots.is_functional`; a
    favourite of one category; a person's name only when a change is told, as a person may have one in each
    script), both stated, and either numbers on both sides that clash (three / 六岁: numbers read alike in
    both languages) or, with no number, values the encoder keeps apart (below :data:`CLOSE_VALUE_COSINE`:
    two cities 0.34-0.64, two jobs 0.42-0.52, tennis / 篮球 0.55) or a name in Latin letters on the Chinese
    side that the English one lacks. None: not shown to be a change (the decision stands)."""
    if not (new.positive and old.positive) or bool(new.numbers) != bool(old.numbers):
        return None
    thing = new.subject.startswith("thing:")
    paired = _paired(new, old, model)
    if paired is None or not is_functional(new.slot or ""):
        return None
    attr, _, _, (en, zh) = paired
    if thing and (attr not in THING_ONE_VALUE or _ANOTHER_ONE.search(new.statement) or
                  _ANOTHER_ONE.search(old.statement)):
        return None  # a thing's other attributes (my car's colour) may be of another one; "my other dog" is
    if new.numbers:  # my cat is three / 我的猫六岁了: numbers compare in any language
        if numbers_clash(new.numbers, old.numbers):
            return (f"changed in the other language: {new.slot} / {old.slot}, "
                    f"number {list(old.numbers)} → {list(new.numbers)}")
        return None
    if attr == "name" and not thing and not change_marker(new.statement):
        return None  # one person, a name in each script (Grace / 陈静): a new one only when a change is told
    ev, zv = _surface(en, ""), _surface(zh, "")
    names = {t.lower() for t in _LATIN.findall(zv)}
    if names and not names <= {t.lower() for t in _LATIN.findall(en.statement)}:
        return f"changed in the other language: {new.slot} / {old.slot}, names {sorted(names)} not in '{ev}'"
    zv = _LATIN.sub(" ", zv).strip()
    if not zv or not ev:
        return None
    cos = _cosine(model, ev, zv)
    if cos >= CLOSE_VALUE_COSINE:
        return None  # close enough to be one thing said two ways: not shown to be a change
    return f"changed in the other language: {new.slot} / {old.slot}, values '{ev}' / '{zv}' cosine {cos:.3f}"


def flipped(new: Facts, old: Facts, model: str) -> str | None:
    """Why ``new`` turns ``old``'s liking round in the other language (I love spicy food / 我现在不太能吃辣了):
    one subject, a liking (``like.X``) of one thing on each side — the values at or above
    :data:`KEYED_VALUE_COSINE`, each word of an English value of several found in the Chinese one — and the
    polarity flipped. None otherwise."""
    if new.positive == old.positive or new.numbers or old.numbers:
        return None
    paired = _paired(new, old, model)
    if paired is None or paired[0] != "like":
        return None
    na, nk, ok, (en, zh) = paired
    ev, zv = _surface(en, nk if en is new else ok), _surface(zh, nk if zh is new else ok)
    if not ev or not zv or _LATIN.search(zv):
        return None
    ev = re.sub(r"\s+(?:food|foods|dishes|stuff|things)$", "", ev, flags=re.I)  # spicy food / 辣: the kind is the value
    zv = re.sub(r"^[吃喝](?=.)", "", zv)  # 吃辣 / spicy: the verb is no part of the value
    cos = _cosine(model, ev, zv)
    if cos < KEYED_VALUE_COSINE or _unaligned(model, ev, zv):
        return None
    return f"a liking turned round in the other language: {new.slot} / {old.slot}, '{ev}' / '{zv}' cosine {cos:.3f}"


def _two_langs_slotted(lang: str, old: Facts) -> bool:
    """``old`` has a slot and is not in ``lang``: the first test of :func:`_paired` for a fact in ``lang``
    with a slot (False: neither :func:`restatement` nor :func:`changed` can pair the two)."""
    return bool(old.slot) and lang_of(old.statement) != lang


def _paired(new: Facts, old: Facts, model: str) -> tuple[str, str, str, tuple[Facts, Facts]] | None:
    """``(attribute, new key, old key, (the English fact, the Chinese one))`` when ``new`` and ``old`` are in
    two languages and have slots, one subject (:func:`_one_subject`) and one attribute — of one category
    when a key names one (:func:`_categories`; the keys are then "", so the values are what to compare).
    None: not such a pair. What :func:`restatement` and :func:`changed` both start from."""
    if lang_of(new.statement) == lang_of(old.statement) or not new.slot or not old.slot:
        return None
    if not _one_subject(new.subject, old.subject, model):
        return None
    (na, nk), (oa, ok) = _attribute(new), _attribute(old)
    if na != oa:
        return None
    category = _categories(new, nk, old, ok, model)
    if category is False:
        return None  # two categories (favourite colour / drink), or a category beside a value
    if category:
        nk = ok = ""  # favourite.color / favourite.颜色: one category, so the values are what to compare
    return na, nk, ok, ((new, old) if lang_of(new.statement) == "en" else (old, new))


def _holds(key: str, value: str) -> bool:
    """Whether a slot's key is its value (like.cooking / cook, owns.dog named max) rather than the
    category the value belongs to (favourite.color / green)."""
    k, v = key.lower(), value.lower()
    if v.isascii():
        words = k.split()
        return all(any(w.startswith(t) for w in words) for t in v.split())
    return v in k


def _categories(new: Facts, nk: str, old: Facts, ok: str, model: str) -> bool | None:
    """None: neither slot's key is a category (the keys are the values); True: both are, and one
    category in two languages (color / 颜色); False: otherwise (favourite colour / favourite drink)."""
    cat_new = bool(nk) and bool(new.value) and not _holds(nk, new.value or "")
    cat_old = bool(ok) and bool(old.value) and not _holds(ok, old.value or "")
    if not (cat_new or cat_old):
        return None
    return cat_new and cat_old and _cosine(model, nk, ok) >= CLOSE_VALUE_COSINE  # sport / 运动 0.79, color / 饮料 0.29


def restatement(new: Facts, old: Facts, model: str,
                own: Callable[[str], np.ndarray | None] | None = None) -> tuple[Decision, str] | None:
    """NOOP and why, when ``new`` restates ``old`` in the other language; UPDATE when ``new``'s value of a
    functional attribute says ``old``'s and more (I live in Shanghai / 我住在上海浦东). None: neither, or
    one language. ``own``: a statement's own vector (float32 (dim,), L2-normalised, from ``model``) when the
    caller has it, else None (:func:`_own_vectors`): the whole statements are then compared without
    embedding them again."""
    if new.positive != old.positive or numbers_clash(new.numbers, old.numbers):
        return None
    paired = _paired(new, old, model)
    if paired is None:
        return None
    na, nk, ok, (en, zh) = paired
    if new.numbers and sorted(new.numbers) == sorted(old.numbers) and is_functional(na):
        return Decision.NOOP, f"restated in the other language: {new.slot} / {old.slot}, number {list(new.numbers)}"
    ev, zv = _surface(en, nk if en is new else ok), _surface(zh, nk if zh is new else ok)
    names = {t.lower() for t in _LATIN.findall(zv)}
    en_words = {t.lower() for t in _LATIN.findall(en.statement)}
    if not names <= en_words:
        return None  # a name on the Chinese side the English statement lacks (Max / Buddy)
    if _names_beside(en.statement, ev) - names:
        return None  # "I'm an engineer at Siemens" / 我在华为做工程师: one job, and a name the values leave out
    ev = " ".join(w for w in _LATIN.findall(ev) if w.lower() not in names)
    zv = _LATIN.sub(" ", zv).strip()
    if not zv and not ev:
        return Decision.NOOP, f"restated in the other language: {new.slot} / {old.slot}, the same name {sorted(names)}"
    if not zv or not ev:
        return None
    if na in CATCH_ALL_ATTRIBUTES and _cosine(model, en.statement, zh.statement, own) < CATCH_ALL_STATEMENT_COSINE:
        return None  # "I drink orange juice…" / 我早餐现在喝豆浆: one verb, not one fact (no value to embed then)
    cos = _cosine(model, ev, zv)
    close = is_functional(na) and not change_marker(new.statement)
    said = f"{new.slot} / {old.slot}, values '{ev}' / '{zv}' cosine {cos:.3f}"
    if is_functional(na) and _refines(model, *((ev, zv) if en is new else (zv, ev)), cos, close):
        return Decision.UPDATE, f"refined in the other language: {said}"
    if cos >= SAME_VALUE_COSINE or (close and cos >= CLOSE_VALUE_COSINE):
        return Decision.NOOP, f"restated in the other language: {said}"
    if nk and ok and not is_functional(na) and not change_marker(new.statement) \
            and (whole := _short_restated(model, en.statement, zh.statement, ev, zv, cos, own)) is not None:
        return Decision.NOOP, f"restated in the other language: {said}, statements cosine {whole:.3f}"
    return None


def _short_restated(model: str, en_statement: str, zh_statement: str, ev: str, zv: str, cos: float,
                    own: Callable[[str], np.ndarray | None] | None = None) -> float | None:
    """The statements' cosine when a short keyed value (a hobby, a food, an allergy: like.cooking /
    like.做饭) is one thing in two languages below :data:`SAME_VALUE_COSINE`: the values *and* the whole
    statements at or above :data:`KEYED_VALUE_COSINE`, and each word of an English value of several
    (:func:`_unaligned`) found in the Chinese one. None: not shown to be one thing."""
    if cos < KEYED_VALUE_COSINE:
        return None
    whole = _cosine(model, en_statement, zh_statement, own)
    if whole < KEYED_VALUE_COSINE or _unaligned(model, ev, zv):
        return None
    return whole


def _unaligned(model: str, ev: str, zv: str) -> str | None:
    """A word of the English value ``ev`` (two words or more) that no piece of the Chinese value ``zv`` — a
    jieba word or a character — matches at :data:`PART_COSINE` (green tea / 红茶: "green" finds 红 at
    0.52, 绿 at 0.93); None: each word is found, or ``ev`` is one word."""
    words = [w for w in _LATIN.findall(ev) if len(w) > 2]
    if len(words) < 2:
        return None
    pieces = set(_words(zv)[1]) | {c for c in zv if not c.isspace()}
    return next((w for w in words if max((_cosine(model, w, p) for p in pieces), default=0.0) < PART_COSINE), None)


def _refines(model: str, new_value: str, old_value: str, whole: float, close: bool) -> bool:
    """``new_value`` says ``old_value`` and more (上海浦东 / Shanghai, "Pudong Shanghai" / 上海): one of its
    words matches the old value better than all of it does, at :data:`SAME_VALUE_COSINE` (``close``:
    :data:`CLOSE_VALUE_COSINE`), and words remain."""
    n, parts = _words(new_value)
    if n < 2 or _words(old_value)[0] >= n:
        return False
    floor = max(CLOSE_VALUE_COSINE if close else SAME_VALUE_COSINE, whole)
    return any(_cosine(model, w, old_value) >= floor for w in parts)


def _words(value: str) -> tuple[int, list[str]]:
    """How many words ``value`` has, and its pieces to match: its words (jieba for Chinese); a Chinese
    word of 4+ characters (上海浦东) counts as two and offers each of its halves."""
    if value.isascii():
        words = _LATIN.findall(value)
        return len(words), words
    from memcli.text import pos_tags

    words = [w for w, flag in pos_tags(value) if w.strip() and flag not in ("x", "u", "uj")]
    if len(words) == 1 and len(words[0]) >= 4:
        w = words[0]
        return 2, [p for k in range(2, len(w) - 1) for p in (w[:k], w[k:])]
    return len(words), words


@lru_cache(maxsize=8)  # asked of every decision
def _multilingual(model: str) -> bool:
    from memcli.embed import is_native

    return is_native(model)


def _one_subject(a: str, b: str, model: str) -> bool:
    """One person or thing: the same subject or relation, or two things the encoder finds one (dog / 狗)."""
    if a == b or same_relation(a, b):
        return True
    if a.startswith("thing:") and b.startswith("thing:") and lang_of(a[6:]) != lang_of(b[6:]):
        return _cosine(model, a[6:], b[6:]) >= SAME_VALUE_COSINE
    return False


def _attribute(f: Facts) -> tuple[str, str]:
    """(attribute, key) of ``f``'s slot without its subject: ``mother.residence`` → (residence, ""),
    ``owns.dog named max`` → (owns, dog named max), ``thing:dog.name`` → (name, "")."""
    slot = f.slot or ""
    if f.subject and slot.startswith(f.subject + "."):
        slot = slot[len(f.subject) + 1:]
    attr, _, key = slot.partition(".")
    return attr, key


def _names_beside(statement: str, value: str) -> set[str]:
    """The names (capitalised words past the first, not "I") of an English statement outside its value, lower-cased:
    ``I'm an engineer at Siemens`` with value ``engineer`` → {"siemens"}. A Chinese statement can write such a
    name in its own script (西门子) or another one (华为); no value comparison sees which, so it is no restatement."""
    words = _LATIN.findall(statement)[1:]
    in_value = {w.lower() for w in _LATIN.findall(value)}
    return {w.lower() for w in words if w[0].isupper() and w != "I" and not w.startswith("I'")} - in_value


def _surface(f: Facts, key: str) -> str:
    """The value of ``f`` as written in its statement (the slot's value is stemmed: beij → Beijing)."""
    value = key or f.value or ""
    low = f.statement.lower()
    if not value.isascii():
        at = low.find(value.lower())
        return f.statement[at:at + len(value)] if at >= 0 else value
    words = _LATIN.findall(f.statement)
    out = [next((w for w in words if w.lower().startswith(t)), t) for t in value.split()]
    return " ".join(out)


def _cosine(model: str, a: str, b: str, own: Callable[[str], np.ndarray | None] | None = None) -> float:
    """Cosine of ``a`` and ``b`` under ``model`` (0.0 without the model); ``own``: see :func:`restatement`."""
    va, vb = (own(a), own(b)) if own is not None else (None, None)
    va = _vector(model, a) if va is None else va
    vb = _vector(model, b) if vb is None else vb
    return float(va @ vb) if va is not None and vb is not None else 0.0


def _own_vectors(store: MemoryStore, model: str, statement: str, vector: np.ndarray | None,
                 row: dict[str, Any]) -> Callable[[str], np.ndarray | None]:
    """The vectors the incoming ``statement`` and the stored ``row`` already have: ``vector`` (the
    candidate's, embedded with its batch) and the row's stored one when embedded by ``model`` (read only
    when asked). A statement's vector from its batch is the encoder's within float32 rounding (~3e-7), so a
    whole-statement cosine needs no second encoder call (round 32: ~190 single-text calls of a 10k drain)."""

    def own(text: str) -> np.ndarray | None:
        if text == statement and vector is not None:
            return vector
        if text == row["statement"] and row.get("embed_model") == model:
            return store.vector_of(row["id"])
        return None

    return own


@lru_cache(maxsize=4096)
def _vector(model: str, text: str) -> Any:
    """``text`` embedded by ``model`` (loaded once per process), cached: values recur across a batch."""
    from memcli.embed import get_embedder
    from memcli.errors import ModelUnavailableError

    try:
        return get_embedder(model).embed_one(text)
    except ModelUnavailableError:
        return None


def thing_cosine(model: str, a: str, b: str) -> float:
    """The encoder's cosine of two short phrases ``a`` / ``b`` (cached per process), 0.0 unless ``model`` is a
    bundled multilingual one: what :func:`memcli.write.thing_named.names_thing` compares across languages."""
    return _cosine(model, a, b) if _multilingual(model) else 0.0
