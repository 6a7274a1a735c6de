"""Judges for the gray zone of the decision, and the explicit checks that guard it.

A :class:`Judge` sees one candidate and the nearest stored active memories (ids it was shown) and returns a
:class:`Verdict`: ADD, NOOP (reinforce), UPDATE (a refinement that supersedes the target) or CONFLICT (the
target stops holding). Two judges (chosen by name in :mod:`memcli.write.backends`):

- :class:`OfflineJudge` (default, no model): slot, polarity, numbers, lexical overlap;
- :class:`memcli.write.llm.LLMJudge`: one call to an OpenAI-compatible endpoint (``llm_base_url``/``llm_model``).

:func:`guard` is the rule that embeddings cannot be trusted with: a polarity flip, a changed
number or date, or another slot is never a NOOP, whatever the cosine.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache

from memcli import slots  # loaded by the line below anyway: not imported per call (hot)
from memcli.errors import ExtractionError
from memcli.models import Candidate, Decision
from memcli.primed import primable
from memcli.settings import Settings
from memcli.slots import is_functional
from memcli.text import lang_of
from memcli.write.change_rules import (
    TALK_OVERLAP,
    _contains,
    introduces_thing,
    keyed_apart,
    noop_apart,
    numbers_clash,
    past_event_kept,
    past_state_kept,
    plural_subject,
    talk_only,
    told_change,
)
from memcli.write.event_change import other_event, rescheduled
from memcli.write.pair_facts import content_overlap, content_units, entity_units, facts_of, with_slot  # noqa: F401
from memcli.write.pair_names import kin_changed, names_relation
from memcli.write.rules import Facts, analyze  # noqa: F401  (analyze: re-exported for callers)
from memcli.write.start_words import linking_overlap
from memcli.write.unlinked import thing_beside_person, unlinked
from memcli.write.value_types import WEAK_ATTRIBUTES, asks, attributes_apart, change_marker, strong, types_apart  # noqa: F401

__all__ = ["HARD_GUARDS", "MIN_HIDE_OVERLAP", "Judge", "Neighbor", "OfflineJudge", "Verdict", "check_verdict",
           "compare_slot", "content_overlap", "different_people", "facts_of", "guard", "hard_guard",
           "align_subjects", "numbers_clash", "other_person"]


#: content-token Jaccard overlap at/above which two slot-less statements say the same thing
SAME_TEXT_OVERLAP = 0.6
#: overlap at/above which a polarity flip / changed number between slot-less statements is a CONFLICT
CONFLICT_OVERLAP = 0.5


@dataclass(frozen=True)
class Neighbor:
    """A stored active memory shown to a judge."""

    id: int
    statement: str
    slot: str | None
    cosine: float
    valid_from: datetime
    origin: str
    confidence: float


@dataclass(frozen=True)
class Verdict:
    """A judge's answer; ``target_id`` is one of the neighbours shown (None for ADD)."""

    decision: Decision
    target_id: int | None
    reason: str


class Judge(ABC):
    """Decides a gray-zone candidate against its neighbours (cosine, nearest first)."""

    name: str = "judge"

    @abstractmethod
    def judge(self, candidate: Candidate, neighbors: Sequence[Neighbor]) -> Verdict:
        """Raises ExtractionError when the judge fails (the task is retried; nothing written)."""



def _bare(value: str) -> str:
    """A value without its numerals and units (3月5号 → 月号, 一辆比亚迪 → 辆比亚迪)."""
    return re.sub(r"[\d零〇一二两三四五六七八九十百千万.,]+|\b(?:one|two|three|a|an)\b|的|\s", "", value)


def compare_slot(new: Facts, old: Facts) -> tuple[Decision, str] | None:
    """Decision for two statements about the same slot (``None``: not sure they are one fact).

    A slot is subject + attribute (+ object for keyed attributes, :mod:`memcli.slots`), so
    two facts about different people never reach this. Polarity flip → CONFLICT; another
    number/date → CONFLICT; same value → NOOP; a more specific value → UPDATE; a less
    specific one → NOOP; another value → CONFLICT only for a *functional* attribute of a
    definite subject (residence, 我领导的名字); for a keyed one, or "my friend" (maybe another
    friend), ``None`` — when unsure, the caller ADDs: two active facts are recoverable, a
    lost one is not.
    """
    if why := kin_changed(new, old):
        return Decision.CONFLICT, why
    if not new.slot or new.slot != old.slot or not strong(new.slot):
        return None  # a weak slot (is.X, fact.…, habit.…) does not say two statements are one fact
    if apart := types_apart(new, old):  # a place and a dwelling, an origin and a family: two facts
        return Decision.ADD, f"same slot {new.slot}, {apart}: two facts"
    if new.positive != old.positive:
        return Decision.CONFLICT, f"same slot {new.slot}, polarity flipped"
    if numbers_clash(new.numbers, old.numbers):
        if plural_subject(new.slot):  # 我同事今年36岁 / 我同事今年32岁: maybe two colleagues
            return None
        return Decision.CONFLICT, f"same slot {new.slot}, number/date changed {list(old.numbers)} → {list(new.numbers)}"
    nv, ov = new.value or "", old.value or ""
    if _contains(nv, ov) or (new.numbers and len(new.numbers) > len(old.numbers) and nv != ov):
        return Decision.UPDATE, f"same slot {new.slot}, more specific value"
    same = (new.numbers and new.numbers == old.numbers and _bare(nv) == _bare(ov)) or nv == ov
    if same and adds_detail(new.statement, old.statement):
        return Decision.UPDATE, f"same slot {new.slot}, same value with more detail"
    if new.numbers and new.numbers == old.numbers and _bare(nv) == _bare(ov):
        return Decision.NOOP, f"same slot {new.slot}, same number/date"
    if nv == ov:
        return Decision.NOOP, f"same slot {new.slot}, same value"
    if _contains(ov, nv):
        return Decision.NOOP, f"same slot {new.slot}, less specific restatement"
    if is_functional(new.slot) and not introduces_thing(new):
        return Decision.CONFLICT, f"same slot {new.slot}, other value"
    return None


#: the guards a judge's NOOP cannot override ("never a NOOP, whatever the cosine")
HARD_GUARDS = ("polarity flip", "number/date changed")
#: where in the calibrated cosine range [dedup_lower, 1] a pair counts as related / the same
RELATED_SHARE = 0.5
SAME_SHARE = 0.65
#: share of the smaller side's content found in the other at/above which a pair is related
CONTAINED = 0.8

def adds_detail(new: str, old: str) -> bool:
    """``new`` says all ``old`` says and more (我怕坐飞机 → 我怕坐飞机，尤其是起飞的时候; I love cats →
    I love cats, especially Maine Coons): the old content inside the new (one unit may be
    reworded when the new statement adds a clause) and at least 3 new characters (Chinese) or
    2 new words (English). A reworded restatement (我咖啡不加糖 / 我喝咖啡从来不放糖) adds nothing."""
    a, b = content_units(new), content_units(old)
    zh, adds_clause = _detail_reads(new)
    missing = len(b - a)
    if missing > (1 if adds_clause and (len(b) >= 3 or len(a - b) >= 4) else 0):
        return False
    return len(a - b) >= (2 if adds_clause else 3 if zh else 2) + (1 if missing else 0)


_ADDS_CLAUSE = re.compile(r"[，,;；—]|\b(?:especially|with|and|in|at|on|since|named|called)\b")


@lru_cache(maxsize=16384)  # asked of one statement for every pair it is in
def _detail_reads(new: str) -> tuple[bool, bool]:
    """What :func:`adds_detail` reads of the new statement alone: Chinese, and a clause break or joining word."""
    return lang_of(new) == "zh", bool(_ADDS_CLAUSE.search(new))


def _more_specific(a: frozenset[str], b: frozenset[str], zh: bool) -> bool:
    """``a`` says all of ``b`` and more (Chinese: at least 2 more content characters)."""
    return bool(b) and b < a and len(a - b) >= (2 if zh else 1)


def same_owner(a: str, b: str) -> bool:
    """Two subjects one fact could be about: equal, or a thing the user owns or uses and the
    user (我的车是丰田 / 我开的是丰田). Two different things (my rent / my salary), relatives and
    named people are subjects of their own."""
    if a == b:
        return True
    things = a.startswith("thing:"), b.startswith("thing:")
    return things[0] != things[1] and "me" in (a, b)


def guard(new: Facts, old: Facts) -> str | None:
    """Why a high cosine must not reinforce ``old`` with ``new`` (None: no reason found).

    Another subject (我老公… vs 我…), a polarity flip, a changed number or date, two
    different slots or values, (Chinese) content characters on each side that the other
    lacks, or a strictly more specific statement: embeddings barely see these
    (all-MiniLM-L6-v2 scores 我每天早上跑步 vs 我每天晚上游泳 at 1.000), so the pair goes to
    a judge instead of a NOOP.
    """
    if not same_owner(new.subject, old.subject):
        return "different subject"
    if types_apart(new, old):
        return "different types"
    if new.positive != old.positive:
        return "polarity flip"
    if numbers_clash(new.numbers, old.numbers):
        return "number/date changed"
    if strong(new.slot) and strong(old.slot) and new.slot != old.slot:
        return "different slots"
    if strong(new.slot) and new.slot == old.slot and new.value != old.value and \
            not (new.numbers and new.numbers == old.numbers):
        return "same slot, other value"
    a, b = entity_units(new.statement), entity_units(old.statement)  # (a - b and b - a: a ⊄ b, b ⊄ a; no set built)
    if not (a <= b or b <= a):  # one changed entity is a different fact: vitamin D / vitamin C, 丰田 / 本田
        return "different content"
    ca, cb = content_units(new.statement), content_units(old.statement)
    if not a and not b:
        a, b = ca, cb
    zh = lang_of(new.statement) == "zh"
    if zh and not (a <= b or b <= a):
        return "different content"
    if zh and not (ca <= cb or cb <= ca) and max(len(ca), len(cb)) - len(ca & cb) >= 2:  # 靠窗 / 靠过道
        return "different content"
    more_numbers = len(new.numbers) > len(old.numbers) and Counter(old.numbers) <= Counter(new.numbers)
    if _more_specific(a, b, zh) or adds_detail(new.statement, old.statement) or more_numbers:
        return "more specific"
    return None


def other_person(new: Facts, old: Facts) -> bool:
    """Both statements are about people of the user's life (the user, or a relation of the
    vocabulary: 妈妈, sister, ...) and not the same one: 我妈妈的生日… vs 我的生日…. Subjects
    read from a capitalised word or a thing (``person:…``, ``thing:…``) are not trusted here:
    "Blue is not my favourite colour" reads as about ``person:blue``."""
    if not different_people(new, old):  # one subject, or 我换导师了 / 我的导师是王教授: one advisor
        return False
    people = _people()
    return new.subject in people and old.subject in people and not slots.same_relation(new.subject, old.subject)


def different_people(new: Facts, old: Facts) -> bool:
    """Two people (or a person and the user): the subjects differ, neither is a thing the user owns, neither may
    be the other's relation (爱人 / 老婆 may be one; 哥哥 / 弟弟, my sister / me are two), and a statement of the
    user's naming the relation tells who they are — never beside the relation's taste, habit or health (round 32;
    round 33's other facts of the relation: :func:`memcli.write.pair_names.relation_fact_beside`)."""
    a, b = new.subject, old.subject
    if a == b or a.startswith("thing:") or b.startswith("thing:"):
        return False
    kind = getattr(slots.slot_attribute((old if a == slots.ME else new).slot), "kind", "")  # theirs: not who
    if slots.ME in (a, b) and names_relation(new if a == slots.ME else old, b if a == slots.ME else a) and kind not in (
            "preference", "habit", "health"):
        return False  # "I have a new doctor now, Dr. Nguyen" / "My doctor is Dr. Allen": who the doctor is
    return not slots.same_relation(a, b)


#: the default hide floor (:func:`hard_guard`) for a model without fitted judge weights: no CONFLICT /
#: UPDATE without a shared strong slot below this content overlap *and* below the cosine
#: ``dedup_lower`` of the model; the fitted judge carries its own (:func:`memcli.judge_fit.fit_hide_floor`:
#: a quantile of the cosines of the goldset's wordless contradictions)
MIN_HIDE_OVERLAP = 0.15


def hard_guard(new: Facts, old: Facts, decision: Decision, cosine: float | None = None,
               floor: dict[str, float] | None = None) -> str | None:
    """Why ``decision`` between ``new`` and stored ``old`` is forbidden whatever a judge said
    (None: allowed). The decision step turns a forbidden verdict into ADD (two facts side by
    side are recoverable; a hidden true fact is not):

    - NOOP, UPDATE or CONFLICT between statements about different people (:func:`different_people`);
    - NOOP between statements that name different things or relations, or where ``new`` names more, or that
      key one attribute on two objects (:func:`memcli.write.change_rules.noop_apart`: Berlin / Munich, 维生素D /
      维生素C, like.带鱼 / like.鱼香肉丝): merging would drop the new fact;
    - UPDATE or CONFLICT between a thing's fact and a person's height, weight, age or birthday
      (:func:`memcli.write.unlinked.thing_beside_person`: her bakery's city is not her height);
    - UPDATE or CONFLICT between values of types that do not compare (a place and a dwelling,
      coffee and tea: :func:`memcli.write.value_types.types_apart`), between two specific attributes
      of one subject (a birthday and a hobby), an UPDATE of a slotted fact by a statement with no slot
      (:func:`memcli.write.value_types.attributes_apart`), or with a question on either
      side (:func:`memcli.write.value_types.asks`: a question states no fact);
    - UPDATE or CONFLICT without a shared strong slot between statements in two languages: no
      content word can be compared, and a cosine alone is no evidence that two are one fact;
    - UPDATE or CONFLICT without a shared strong slot between two statements of two or more
      non-chatter clauses each (:func:`fact_clauses`: raw chat turns, not single facts);
    - UPDATE or CONFLICT without a shared strong slot when the content overlap is below
      ``floor["overlap"]`` and the cosine (``cosine``, under the configured model; unknown counts
      as low) below ``floor["cosine"]``: nothing says the two are one fact. A paraphrase may still
      be NOOP (a merged restatement loses nothing);
    - UPDATE or CONFLICT without a shared strong slot at a cosine below ``floor["cosine"]`` whatever the
      overlap, unless ``new`` tells a change (now / switched / 现在 / 换成: every such goldset pair does);
      two named events' durations share words, not a fact;
    - UPDATE or CONFLICT without a shared strong slot below ``floor["overlap"]`` content overlap between two
      subjects that cannot be one or two named attributes of one (:func:`memcli.write.unlinked.unlinked`),
      whatever change ``new`` tells: a change word alone links nothing;
    - UPDATE or CONFLICT with a shared strong slot at a known cosine below ``floor["cosine"]``
      (the slot was read from words the model finds unrelated: 工作上出了问题 is no job), unless a change
      is told (in two languages a change word: their cosine is low whatever they say).

    ``floor``: ``{"overlap", "cosine"}`` (default: overlap :data:`MIN_HIDE_OVERLAP`, cosine 1.0 —
    the overlap alone).
    """
    if decision == Decision.ADD:
        return None
    change = told_change(new, old)  # on the slots as read: 组长 is not 领导 by alignment alone
    new, old = align_subjects(new, old)
    if different_people(new, old):
        return f"different subjects ({old.subject} / {new.subject})"
    if decision == Decision.NOOP:  # (or an event moved to another time: 婚礼推迟到… beside 婚礼定在…)
        return noop_apart(new, old) or rescheduled(new, old)
    if apart := thing_beside_person(new, old) or types_apart(new, old) or other_event(new, old) or attributes_apart(
            new, old, update=decision == Decision.UPDATE, change=change or change_marker(new.statement)):
        return apart
    if asks(new.statement) or asks(old.statement):
        return "a question states no fact to contradict or refine"
    fl = floor or {"overlap": MIN_HIDE_OVERLAP, "cosine": 1.0}
    shared_slot = bool(new.slot) and new.slot == old.slot and strong(new.slot)
    two_langs = lang_of(new.statement) != lang_of(old.statement)
    if not shared_slot and two_langs:
        return "two languages and no shared slot: no word can be compared, nothing but the cosine links them"
    if not shared_slot and min(fact_clauses(new.statement), fact_clauses(old.statement)) >= 2:
        return "two turns of several clauses each and no shared slot: two bundles, not one fact"
    if (why := past_event_kept(new, old) or past_state_kept(new, old) or keyed_apart(new, old)) is not None:
        return why
    if new.slot and new.slot == old.slot and plural_subject(new.slot) and is_functional(
            new.slot.rsplit(".", 1)[-1]) and (numbers_clash(new.numbers, old.numbers) or new.value != old.value):
        return f"another value of {new.slot}: the user has several of them (maybe another one)"
    if new.slot and new.slot == old.slot and introduces_thing(new) and new.value != old.value:
        return f"another value of {new.slot} told with having one: maybe another one, not a change"
    ov = 1.0 if shared_slot else content_overlap(new.statement, old.statement)  # (read only without a shared slot)
    if not shared_slot and ov < TALK_OVERLAP and (talk_only(new.statement) or talk_only(old.statement)):
        return f"a turn of talk, thanks or intentions only states no fact (content overlap {ov:.2f})"
    link = 1.0 if shared_slot else linking_overlap(new.statement, old.statement)  # 开始 / since: no link
    if not shared_slot and link < fl["overlap"] and (why := unlinked(new, old, cosine)) is not None:
        return why  # a change word alone links nothing (memcli.write.unlinked)
    cos = -1.0 if cosine is None else cosine
    two_langs_change = two_langs and change_marker(new.statement)
    if shared_slot and cosine is not None and cos < fl["cosine"] and not (change or two_langs_change):
        return f"cosine {cos:.3f} < {fl['cosine']}: a shared slot read from words the model finds unrelated"
    if not shared_slot and link < fl["overlap"] and cos < fl["cosine"]:
        return (f"no shared slot, content overlap {link:.2f} < {fl['overlap']} and cosine {cos:.3f} < "
                f"{fl['cosine']}")
    if not shared_slot and cos < fl["cosine"] and not change_marker(new.statement):
        return f"no shared slot, cosine {cos:.3f} < {fl['cosine']} and no change told"
    return None


@primable(maxsize=16384)  # asked of each pair: the look-ahead computes it (write/precompute.py)
def fact_clauses(statement: str) -> int:
    """How many clause units of ``statement`` are not chatter (:mod:`memcli.write.clauses`)."""
    from memcli.write.clauses import is_chatter, units

    return sum(not is_chatter(u) for u in units(statement))


@lru_cache(maxsize=1)
def _people() -> frozenset[str]:
    """The user and every relation key of the vocabulary."""
    return frozenset({slots.ME, *slots.ZH_RELATIONS.values(), *slots.EN_RELATIONS.values()})


def align_subjects(new: Facts, old: Facts) -> tuple[Facts, Facts]:
    """The pair with one subject when one side names the person by a general relation and the
    other by a specific one (我爱人… / 我老婆…: spouse / wife): the general side takes the
    specific key, in its subject and slot, so the slot checks compare one person's facts."""
    if new.subject == old.subject:  # (asked of every pair: one subject, the common case, returns at once)
        return new, old

    def to(f: Facts, key: str) -> Facts:
        slot = key + f.slot[len(f.subject):] if f.slot and f.slot.startswith(f.subject + ".") else f.slot
        return replace(f, subject=key, slot=slot)

    if old.subject in slots.GENERAL_RELATIONS.get(new.subject, ()):
        return to(new, old.subject), old
    if new.subject in slots.GENERAL_RELATIONS.get(old.subject, ()):
        return new, to(old, new.subject)
    return new, old


class OfflineJudge(Judge):
    """Rule judge, no model call: slots first, then subject, polarity, numbers, content.

    - another subject (my husband / me): not the same fact, never compared;
    - both slotted: :func:`compare_slot` on the same slot (unsure → ADD); slots of one family
      where one value refines the other (like.茶 → like.日本绿茶): UPDATE; other slots: ADD;
    - otherwise *related* = content overlap (Jaccard of content characters / word stems)
      ≥ 0.5, or one side's content (≥ 2 units) contained in the other. A related pair with
      a polarity flip or another number → CONFLICT; a strictly more specific statement →
      UPDATE; an unguarded pair with overlap ≥ 0.6 (or contained in the stored one) → NOOP;
      else ADD. No cosine threshold of its own: cosine levels differ from model to model,
      and the calibrated ``dedup_lower``/``dedup_upper`` already decided who gets here.
    """

    name = "offline"

    def __init__(self, settings: Settings | None = None) -> None:
        lower = settings.dedup_lower if settings is not None else 0.5
        #: cosine levels of *this* model's calibrated range [dedup_lower, 1]: a pair this far up
        #: is related / says the same (with all-MiniLM-L6-v2's lower 0.415: 0.71 / 0.80)
        self.related_cosine = lower + RELATED_SHARE * (1.0 - lower)
        self.same_cosine = lower + SAME_SHARE * (1.0 - lower)

    def judge(self, candidate: Candidate, neighbors: Sequence[Neighbor]) -> Verdict:
        new = facts_of(candidate.statement, candidate.slot)
        a = content_units(candidate.statement)
        for nb in neighbors:
            old = facts_of(nb.statement, nb.slot)
            if not same_owner(new.subject, old.subject):
                continue
            hit = compare_slot(new, old)
            if hit:
                return Verdict(hit[0], nb.id, hit[1])
            if new.slot and new.slot == old.slot and strong(new.slot):
                continue  # the same slot and not sure: ADD
            if strong(new.slot) and strong(old.slot):
                fam_new, fam_old = new.slot.rsplit(".", 1)[0], old.slot.rsplit(".", 1)[0]  # type: ignore[union-attr]
                if (fam_new == fam_old and new.positive == old.positive and new.numbers == old.numbers
                        and _contains(new.value or "", old.value or "")
                        and len(new.value or "") - len(old.value or "") >= 2):
                    return Verdict(Decision.UPDATE, nb.id, f"refines {old.slot} as {new.slot}")
                continue
            b = content_units(nb.statement)
            ov = len(a & b) / len(a | b) if a and b else 0.0
            contained = len(a & b) >= 2 and len(a & b) / min(len(a), len(b)) >= CONTAINED
            shared = entity_units(candidate.statement) & entity_units(nb.statement)
            related = ov >= CONFLICT_OVERLAP or contained or (nb.cosine >= self.related_cosine and bool(shared))
            g = guard(new, old)
            if g in HARD_GUARDS and related:
                return Verdict(Decision.CONFLICT, nb.id, f"{g}, content overlap {ov:.2f}, cosine {nb.cosine:.3f}")
            if g == "more specific" and new.positive == old.positive and related:
                return Verdict(Decision.UPDATE, nb.id, f"more specific, content overlap {ov:.2f}")
            reworded = bool(a - b and b - a)  # 靠窗 / 靠过道: a word changed, not only added
            if g is None and ((ov >= SAME_TEXT_OVERLAP and not reworded) or (contained and a <= b)
                              or (nb.cosine >= self.same_cosine and ov >= CONFLICT_OVERLAP)):
                return Verdict(Decision.NOOP, nb.id, f"same content, content overlap {ov:.2f}, cosine {nb.cosine:.3f}")
        return Verdict(Decision.ADD, None, "no stored memory says the same or the opposite")


def check_verdict(verdict: Verdict, neighbors: Sequence[Neighbor], judge_name: str) -> Verdict:
    """Refuse a verdict that names a memory the judge was not shown.

    Raises:
        ExtractionError: ``target_id`` missing for NOOP/UPDATE/CONFLICT or not among the ids shown.
    """
    if verdict.decision == Decision.ADD:
        return verdict
    shown = {nb.id for nb in neighbors}
    if verdict.target_id not in shown:
        raise ExtractionError(
            f"judge {judge_name} returned {verdict.decision.value} for id {verdict.target_id}, which it was not "
            f"shown (shown: {sorted(shown)}); nothing written")
    return verdict

