"""Features of one (incoming, stored) statement pair, for the fitted decision judge.

The rule checks of :mod:`memcli.write.judge` (slot comparison, subject, polarity, numbers,
changed entities, added detail) each see one side of a pair; none of them alone tells a
reworded restatement (我会说流利的法语 / 我能讲一口流利的法语) from another value
(靠窗 / 靠过道) or a refinement. :func:`pair_features` turns all of them, the cosine
similarity and the lexical overlaps into one fixed vector, so that a small classifier fitted
on labelled pairs (:mod:`memcli.judge_fit`) weighs them instead of a hand-ordered cascade.

Every feature is a number in about [-3, 3] (flags are 0/1; counts are ``log1p``), in the
order of :data:`FEATURES`. Nothing here depends on the embedding model except ``cos``.
"""

from __future__ import annotations

import math
import re
import struct
from collections import namedtuple
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from memcli.models import Decision
from memcli.primed import primable
from memcli.slots import is_functional
from memcli.text import lang_of, to_simplified
from memcli.write.judge import (
    _contains,
    adds_detail,
    align_subjects,
    compare_slot,
    content_units,
    different_people,
    entity_units,
    guard,
    hard_guard,
    numbers_clash,
    other_person,
    same_owner,
    strong,
)
from memcli.write.pair_names import (
    names_added,
    names_another_fact,
    names_changed,
    names_of,
    relations_changed,
    relations_of,
)
from memcli.write.quantities import quantity_changed, quantity_kept
from memcli.write.rules import Facts
from memcli.write.rules.match import value_key
from memcli.write.value_types import change_marker, name_tokens, types_apart

__all__ = ["FEATURES", "GUARD_NAMES", "LABELS", "names_another_fact", "names_changed", "names_of",
           "feature_list", "feature_rows", "pair_features", "relations_changed", "relations_of"]

#: the reasons :func:`memcli.write.judge.guard` can give (one flag each, plus "none")
GUARD_NAMES = ("different subject", "different types", "polarity flip", "number/date changed", "different slots",
               "same slot, other value", "different content", "more specific")
_SLOT_VERDICTS = ("ADD", "NOOP", "UPDATE", "CONFLICT")
_CLAUSE = re.compile(r"[，,;；—:：]|\b(?:especially|with|and|but|since|named|called|which|who)\b", re.I)

#: feature names, in vector order
FEATURES: tuple[str, ...] = (
    "cos", "cos_sq", "jaccard", "old_in_new", "new_in_old", "new_only", "old_only",
    "entity_new_only", "entity_old_only", "entity_changed", "entity_shared", "entity_jaccard",
    "bigram_jaccard", "flip", "numbers_clash", "numbers_added", "numbers_same",
    "same_owner", "other_person", "same_subject", "both_strong", "same_slot", "same_strong_slot",
    "different_strong_slots", "functional", "value_equal", "value_refines", "value_generalises",
    "adds_detail", "clause", "length_ratio", "zh",
    *(f"guard:{g}" for g in GUARD_NAMES), "guard:none",
    *(f"slot:{v}" for v in _SLOT_VERDICTS),
    "flip_x_cos", "jaccard_x_cos", "changed_x_cos", "swap", "swap_entity", "swap_x_cos", "names_changed",
    "one_strong_slot", "relations_changed", "family_refines",
    "types_apart", "change_marker", "different_people", "hard_no_hide", "name_tokens_changed",
    "names_added", "exclusive_swap", "qualifier_changed", "rank_changed", "quantity_changed", "quantity_kept",
)


#: words of a single-valued frame (one favourite, one preferred seat, one team supported): another word
#: swapped into it is another value, not a second fact
_EXCLUSIVE = re.compile(r"\b(?:prefer|preferred|favou?rite|support|fan|best)\b|最|偏爱|首选|支持|球迷", re.I)
#: words that restrict an amount or a degree (only a little, rarely, 只会一点): said on one side only,
#: the same words state another value
_QUALIFIER = re.compile(r"\b(?:only|just|barely|hardly|rarely|seldom|a (?:little|bit))\b|只|才|仅|一点|偶尔|很少|不太",
                        re.I)
_EN_RANKS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
             "eleventh", "twelfth", "elementary", "primary", "middle", "high", "junior", "senior", "freshman",
             "sophomore", "kindergarten", "college", "undergrad", "graduate")
_RANK = re.compile(r"\b(?:" + "|".join(_EN_RANKS) + r"|\d+(?:st|nd|rd|th))\b|第[\d一二三四五六七八九十]+|"
                   r"[\d一二三四五六七八九十]+年级|小学|初中|高中|大学|幼儿园|本科|研究生|硕士|博士", re.I)


def rank_changed(new: str, old: str) -> bool:
    """Both statements place something on a scale of ranks or stages (third / fourth grade, 小学 /
    初中, elementary / middle school) and each names a rank the other does not."""
    a, b = _ranks(new), _ranks(old)
    return not (a <= b or b <= a)  # (a - b and b - a, no set built)


@primable(maxsize=16384)  # asked of each pair: the look-ahead computes it (write/precompute.py)
def _ranks(text: str) -> frozenset[str]:
    return frozenset(m.group(0).casefold() for m in _RANK.finditer(to_simplified(text)))


_UNSPECIFIED = re.compile(r"^(?:一种|某种|一类|某类|某个|some |a kind of |a type of |a certain |certain )")


def _family_refines(new: Facts, old: Facts) -> bool:
    """Two keyed slots of one attribute where the new key refines the old one (like.tea →
    like.japanese green tea, like.茶 → like.日本绿茶): a refinement, not another thing."""
    if not (new.slot and old.slot and new.slot != old.slot and strong(new.slot) and strong(old.slot)
            and "." in new.slot and "." in old.slot):
        return False
    fam_new, key_new = new.slot.rsplit(".", 1)
    fam_old, key_old = old.slot.rsplit(".", 1)
    # an unspecified old key (一种抗生素, "some antibiotic") is refined by any key naming its kind
    key_old = _UNSPECIFIED.sub("", key_old)
    return fam_new == fam_old and bool(key_old) and _contains(key_new, key_old)


_NOT_WORD = re.compile(r"[\W_]+")


@primable(maxsize=16384)  # asked of each pair: the look-ahead computes it (write/precompute.py)
def _bigrams(text: str) -> frozenset[str]:
    """Character bigrams of the letters/ideographs of ``text`` (case-folded, simplified)."""
    t = _NOT_WORD.sub("", to_simplified(text).casefold())
    return frozenset(t[i:i + 2] for i in range(len(t) - 1))


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not (a or b):
        return 0.0
    inter = len(a & b)  # |a ∪ b| counted, not built: the same integers, the same quotient
    return inter / (len(a) + len(b) - inter)


#: :func:`memcli.write.judge.hard_guard` without its overlap/cosine floor: the ``hard_no_hide`` feature
#: is the part of the guard that needs no fitted bound (people, types); the judge's classes add the floor
#: (:func:`memcli.write.row_classes.classes_of`)
_NO_FLOOR = {"overlap": -1.0, "cosine": -2.0}


def pair_features(new: Facts, old: Facts, cosine: float) -> np.ndarray:
    """The feature vector of ``new`` (incoming) against ``old`` (stored).

    ``new``/``old``: :func:`memcli.write.rules.analyze` results (slot filled from the
    candidate / stored row when the rules found none); ``cosine``: their cosine similarity
    under the configured model, in [-1, 1]. Returns float64 (len(FEATURES),).

    Everything but the cosine terms depends on the two statements' facts only, and a drain
    compares the same pairs again and again (a restated fact, the same line from many users):
    that part is computed once per pair (:func:`_pair_core`), the cosine terms per call.
    """
    return np.asarray(feature_list(new, old, cosine), dtype=np.float64)


def feature_list(new: Facts, old: Facts, cosine: float) -> list[float]:
    """:func:`pair_features` as a list: the judge stacks a batch's rows into one array in one call."""
    mid, flip, jac, changed, swap, swap_entity, tail, cm, same_strong, not_apart, end = _pair_core(new, old)
    return [cosine, cosine * cosine, *mid,
            flip * cosine, jac * cosine, changed * cosine, swap, swap_entity, swap * cosine, *tail,
            cm * (same_strong + cosine * not_apart), *end]


@primable(maxsize=16384)  # asked of each pair: the look-ahead computes it (write/precompute.py)
def _own(text: str) -> tuple[float, float, bool, bool, float]:
    """What the features read of one statement alone: a clause break (``clause``), Chinese (``zh``), a word
    of a single-valued frame (:data:`_EXCLUSIVE`), a restricting word (:data:`_QUALIFIER`), a told change."""
    return (float(bool(_CLAUSE.search(text))), float(lang_of(text) == "zh"), bool(_EXCLUSIVE.search(text)),
            bool(_QUALIFIER.search(text)), float(change_marker(text)))


#: the guard's reason as its one-hot features (GUARD_NAMES, then "none")
_GUARD_HOT = {**{g: tuple(float(g == name) for name in GUARD_NAMES) + (0.0,) for g in GUARD_NAMES},
              None: (0.0,) * len(GUARD_NAMES) + (1.0,)}
_NO_GUARD_HOT = (0.0,) * (len(GUARD_NAMES) + 1)  # a reason not in GUARD_NAMES: no flag
#: the slot comparison's verdict as its one-hot features (_SLOT_VERDICTS)
_SLOT_HOT = {v: tuple(float(v == w) for w in _SLOT_VERDICTS) for v in _SLOT_VERDICTS}
_NO_SLOT_HOT = (0.0,) * len(_SLOT_VERDICTS)


@lru_cache(maxsize=65536)
def _pair_core(new: Facts, old: Facts) -> tuple:
    """The cosine-free part of :func:`pair_features` (``Facts`` are frozen, so a pair is a key)."""
    new, old = align_subjects(new, old)
    s_new, s_old = new.statement, old.statement
    a, b = content_units(s_new), content_units(s_old)
    ea, eb = entity_units(s_new), entity_units(s_old)
    inter = len(a & b)
    # what each side has that the other lacks, counted (|a - b| = |a| - |a ∩ b|) and tested (a ⊄ b), not built
    a_b, b_a, ea_eb, eb_ea = len(a) - inter, len(b) - inter, not ea <= eb, not eb <= ea
    g = guard(new, old)
    slot_hit = compare_slot(new, old)
    vn, vo = value_key(new.value or ""), value_key(old.value or "")
    flip = float(new.positive != old.positive)
    jac = inter / (len(a) + len(b) - inter) if a or b else 0.0  # _jaccard(a, b), its intersection counted once
    changed = float(ea_eb and eb_ea)
    # one word swapped in an otherwise shared frame (靠窗 → 靠过道, third → fourth grade): another
    # value or another thing, never the same fact restated
    shared = inter / min(len(a), len(b)) if a and b else 0.0
    swap = float(bool(a_b) and bool(b_a) and shared >= 0.5 and max(a_b, b_a) <= 2)
    swap_entity = float(changed and shared >= 0.5)
    ns, os_ = new.slot, old.slot
    strong_new, strong_old = strong(ns), strong(os_)
    same_slot = bool(ns) and ns == os_
    both_strong = strong_new and strong_old
    same_strong = float(same_slot and strong_new)
    other_strong = float(both_strong and ns != os_)
    own_new, own_old = _own(s_new), _own(s_old)
    mid = (
        jac,
        inter / len(b) if b else 0.0, inter / len(a) if a else 0.0,
        math.log1p(a_b), math.log1p(b_a),
        float(ea_eb), float(eb_ea), changed, float(not ea.isdisjoint(eb)), _jaccard(ea, eb),
        _jaccard(_bigrams(s_new), _bigrams(s_old)),
        flip, float(numbers_clash(new.numbers, old.numbers)), float(len(new.numbers) > len(old.numbers)),
        float(bool(new.numbers) and new.numbers == old.numbers),
        float(same_owner(new.subject, old.subject)), float(other_person(new, old)), float(new.subject == old.subject),
        float(both_strong), float(same_slot), same_strong, other_strong,
        float(bool(ns) and is_functional(ns)),
        float(bool(vn) and vn == vo), float(_contains(vn, vo)), float(_contains(vo, vn)),
        float(adds_detail(s_new, s_old)), own_new[0],
        math.log((len(s_new) + 1) / (len(s_old) + 1)), own_new[1],
        *_GUARD_HOT.get(g, _NO_GUARD_HOT),
        *(_SLOT_HOT.get(slot_hit[0].value, _NO_SLOT_HOT) if slot_hit else _NO_SLOT_HOT),
    )
    tail = (float(names_changed(s_new, s_old)), float(strong_new != strong_old),
            float(relations_changed(s_new, s_old)), float(_family_refines(new, old)),
            float(types_apart(new, old) is not None))
    # a change told in new words weighs only beside evidence of one attribute (the same strong slot, a
    # close cosine): alone, "现在/now" made CONFLICTs of unrelated facts about one person
    cm = own_new[4]
    not_apart = float(not other_strong)
    tn, to = name_tokens(s_new), name_tokens(s_old)
    end = (float(different_people(new, old)),
           float(hard_guard(new, old, Decision.CONFLICT, 1.0, _NO_FLOOR) is not None),
           float(not (tn <= to or to <= tn)),
           float(names_added(s_new, s_old)),
           swap * float(own_new[2] or own_old[2]),
           float(own_new[3] != own_old[3]),
           float(rank_changed(s_new, s_old)), float(quantity_changed(s_new, s_old)),
           float(quantity_kept(s_new, s_old)))
    return mid, flip, jac, changed, swap, swap_entity, tail, cm, same_strong, not_apart, end


#: the columns of :func:`feature_list` that read the cosine: itself, its square, the flags it multiplies (the static row
#: holds the flag, :func:`feature_rows` multiplies), and ``change_marker`` (``cm * (same_strong + cos * not_apart)``,
#: read from three columns kept after the features)
_AT = {name: FEATURES.index(name) for name in ("cos", "cos_sq", "flip_x_cos", "jaccard_x_cos", "changed_x_cos",
                                               "swap_x_cos", "change_marker")}
_TIMES_COS = np.array([_AT["flip_x_cos"], _AT["jaccard_x_cos"], _AT["changed_x_cos"], _AT["swap_x_cos"]])
_D = len(FEATURES)
_CacheCount = namedtuple("_CacheCount", "hits misses")


_ROW = struct.Struct(f"{_D + 3}d")  # one static row: float64 × (len(FEATURES) + 3), native byte order


@lru_cache(maxsize=65536)
def _static_row(new: Facts, old: Facts) -> bytes:
    """The cosine-free part of one pair's row, packed float64 (len(FEATURES) + 3,): :func:`feature_list`'s values
    with the cosine columns 0 and the flags the cosine multiplies in their place, then ``cm``, ``same_strong`` and
    ``not_apart``. Cached: a pair seen again costs a lookup, a stack of rows one join (round 44). Computed by
    :func:`_pair_core` unwrapped, so a drain holds each pair once (this cache counts the pairs computed)."""
    mid, flip, jac, changed, swap, swap_entity, tail, cm, same_strong, not_apart, end = _pair_core.__wrapped__(new, old)
    return _ROW.pack(0.0, 0.0, *mid, flip, jac, changed, swap, swap_entity, swap, *tail, 0.0, *end,
                     cm, same_strong, not_apart)


def pair_cache_info() -> _CacheCount:
    """(hits, misses) of the pair caches together (:func:`_pair_core`: :func:`feature_list`'s; :func:`_static_row`:
    :func:`feature_rows`', the judge's since round 44): the pairs computed are the misses."""
    a, b = _pair_core.cache_info(), _static_row.cache_info()
    return _CacheCount(a.hits + b.hits, a.misses + b.misses)


def pair_cache_clear() -> None:
    """Empty both pair caches (the per-statement readings stay)."""
    _pair_core.cache_clear()
    _static_row.cache_clear()


def feature_rows(pairs: Sequence[tuple[Facts, Facts, float]]) -> np.ndarray:
    """:func:`feature_list` of every (new, old, cosine) of ``pairs`` stacked: float64 (len(pairs), len(FEATURES)),
    equal float for float to ``np.array([feature_list(*p) for p in pairs])`` (round 44: issue 24's decide in
    batches). Each pair's rule checks run once per distinct pair (:func:`_static_row`, cached); the columns that read
    the cosine are computed for the whole stack at once, by the same operations in the same order as
    :func:`feature_list`, so the same floats."""
    if not pairs:
        return np.zeros((0, _D), dtype=np.float64)
    s = np.frombuffer(b"".join([_static_row(new, old) for new, old, _ in pairs]), dtype=np.float64).reshape(
        len(pairs), _D + 3)
    c = np.array([cos for _, _, cos in pairs], dtype=np.float64)
    x = s[:, :_D].copy()
    x[:, _AT["cos"]] = c
    x[:, _AT["cos_sq"]] = c * c
    x[:, _TIMES_COS] *= c[:, None]  # flag * cosine (IEEE multiplication commutes: the same float)
    x[:, _AT["change_marker"]] = s[:, _D] * (s[:, _D + 1] + c * s[:, _D + 2])
    return x


#: class order of the judge's probabilities and of its classes (:func:`memcli.write.row_classes.decide_classes`)
LABELS = ("ADD", "NOOP", "UPDATE", "CONFLICT")
