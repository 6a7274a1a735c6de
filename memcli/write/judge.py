"""Judges for the gray zone of the decision, and the explicit checks that guard it.

A :class:`Judge` sees one candidate and the nearest stored active memories (ids it was
shown) and returns a :class:`Verdict`: ADD, NOOP (reinforce), UPDATE (a refinement that
supersedes the target) or CONFLICT (the target stops holding). Two judges (chosen by name in
:mod:`memcli.write.backends`):

- :class:`OfflineJudge` (default, no model): slot, polarity, numbers, lexical overlap;
- :class:`memcli.write.llm.LLMJudge`: one call to an OpenAI-compatible endpoint, when
  ``llm_base_url``/``llm_model`` are set and ``judge`` is ``auto`` or ``llm``.

:func:`guard` is the rule that embeddings cannot be trusted with: a polarity flip, a changed
number or date, or another slot is never a NOOP, whatever the cosine.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from memcli.errors import ExtractionError
from memcli.models import Candidate, Decision
from memcli.text import lang_of
from memcli.write.facts import Facts, analyze, content_units

__all__ = ["HARD_GUARDS", "Judge", "Neighbor", "OfflineJudge", "Verdict", "check_verdict", "compare_slot", "guard",
           "numbers_clash"]

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


def _contains(longer: str, shorter: str) -> bool:
    """``longer`` refines ``shorter``: a word superset (English) or a longer string that
    contains it (Chinese, no spaces). "book 12" does not refine "book 1"."""
    if not shorter or longer == shorter:
        return False
    if shorter.isascii() and longer.isascii():
        return set(shorter.split()) < set(longer.split())
    a, b = longer.replace(" ", ""), shorter.replace(" ", "")
    return len(a) > len(b) and b in a


def numbers_clash(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Each side states a number the other does not (2 cats vs 3 cats; 3月5号 vs 3月6号).
    A side that only adds numbers refines ("in 2019" → "in March 2019"), it does not clash."""
    if not a or not b:
        return False
    ca, cb = Counter(a), Counter(b)
    return not (ca <= cb or cb <= ca)


def compare_slot(new: Facts, old: Facts) -> tuple[Decision, str] | None:
    """Decision for two statements about the same slot (``None`` when the slots differ).

    polarity flip → CONFLICT; other number/date → CONFLICT; same value → NOOP; a more
    specific value → UPDATE; a less specific one → NOOP; another value → CONFLICT.
    """
    if not new.slot or new.slot != old.slot:
        return None
    if new.positive != old.positive:
        return Decision.CONFLICT, f"same slot {new.slot}, polarity flipped"
    if numbers_clash(new.numbers, old.numbers):
        return Decision.CONFLICT, f"same slot {new.slot}, number/date changed {list(old.numbers)} → {list(new.numbers)}"
    if new.numbers and new.numbers == old.numbers:
        return Decision.NOOP, f"same slot {new.slot}, same number/date"
    nv, ov = new.value or "", old.value or ""
    if nv == ov:
        return Decision.NOOP, f"same slot {new.slot}, same value"
    if _contains(nv, ov):
        return Decision.UPDATE, f"same slot {new.slot}, more specific value"
    if _contains(ov, nv):
        return Decision.NOOP, f"same slot {new.slot}, less specific restatement"
    return Decision.CONFLICT, f"same slot {new.slot}, other value"


#: the guards a judge's NOOP cannot override ("never a NOOP, whatever the cosine")
HARD_GUARDS = ("polarity flip", "number/date changed")
#: share of the smaller side's content found in the other at/above which a pair is related
CONTAINED = 0.8
#: English cosine at/above which an unslotted pair is about the same thing (English only: on
#: Chinese the default model scores unrelated user turns at 0.67 median, 0.86 p99)
EN_RELATED_COSINE = 0.7
#: English cosine at/above which an unslotted, unguarded pair says the same thing
EN_SAME_COSINE = 0.8


def _more_specific(a: frozenset[str], b: frozenset[str], zh: bool) -> bool:
    """``a`` says all of ``b`` and more (Chinese: at least 2 more content characters)."""
    return bool(b) and b < a and len(a - b) >= (2 if zh else 1)


def guard(new: Facts, old: Facts) -> str | None:
    """Why a high cosine must not reinforce ``old`` with ``new`` (None: no reason found).

    Another subject (我老公… vs 我…), a polarity flip, a changed number or date, two
    different slots or values, (Chinese) content characters on each side that the other
    lacks, or a strictly more specific statement: embeddings barely see these
    (all-MiniLM-L6-v2 scores 我每天早上跑步 vs 我每天晚上游泳 at 1.000), so the pair goes to
    a judge instead of a NOOP.
    """
    if new.subject != old.subject:
        return "different subject"
    if new.positive != old.positive:
        return "polarity flip"
    if numbers_clash(new.numbers, old.numbers):
        return "number/date changed"
    if new.slot and old.slot and new.slot != old.slot:
        return "different slots"
    if new.slot and old.slot and new.value != old.value and not (new.numbers and new.numbers == old.numbers):
        return "same slot, other value"
    a, b = content_units(new.statement), content_units(old.statement)
    zh = lang_of(new.statement) == "zh"
    if zh and a - b and b - a:
        return "different content"
    if _more_specific(a, b, zh):
        return "more specific"
    return None


def with_slot(f: Facts, slot: str | None) -> Facts:
    """``f`` with ``slot`` filled in when the rules found none."""
    return replace(f, slot=slot) if slot and not f.slot else f


class OfflineJudge(Judge):
    """Rule judge, no model call: slots first, then subject, polarity, numbers, content.

    - another subject (my husband / me): not the same fact, never compared;
    - same slot: :func:`compare_slot`; slots of one family where one value refines the
      other (like.茶 → like.日本绿茶): UPDATE; other slots: ADD;
    - no slot: *related* = content overlap (Jaccard of content characters / word stems)
      ≥ 0.5, or one side's content (≥ 2 units) contained in the other, or (English) cosine
      ≥ ``EN_RELATED_COSINE``. A related pair with a polarity
      flip or another number → CONFLICT; a strictly more specific statement → UPDATE; an
      unguarded related pair with overlap ≥ 0.6 or (English) cosine ≥ ``EN_SAME_COSINE``
      → NOOP; else ADD.
    """

    name = "offline"

    def judge(self, candidate: Candidate, neighbors: Sequence[Neighbor]) -> Verdict:
        new = with_slot(analyze(candidate.statement), candidate.slot)
        zh = lang_of(candidate.statement) == "zh"
        a = content_units(candidate.statement)
        for nb in neighbors:
            old = with_slot(analyze(nb.statement), nb.slot)
            if new.subject != old.subject:
                continue
            hit = compare_slot(new, old)
            if hit:
                return Verdict(hit[0], nb.id, hit[1])
            if new.slot and old.slot:
                fam_new, fam_old = new.slot.rsplit(".", 1)[0], old.slot.rsplit(".", 1)[0]
                if (fam_new == fam_old and "." in new.slot and new.positive == old.positive
                        and new.numbers == old.numbers and _contains(new.value or "", old.value or "")):
                    return Verdict(Decision.UPDATE, nb.id, f"refines {old.slot} as {new.slot}")
                continue
            b = content_units(nb.statement)
            ov = len(a & b) / len(a | b) if a and b else 0.0
            contained = len(a & b) >= 2 and len(a & b) / min(len(a), len(b)) >= CONTAINED
            en_cos = nb.cosine if not zh and lang_of(nb.statement) == "en" else 0.0
            related = ov >= CONFLICT_OVERLAP or contained or en_cos >= EN_RELATED_COSINE
            g = guard(new, old)
            if g in HARD_GUARDS and related:
                return Verdict(Decision.CONFLICT, nb.id, f"{g}, content overlap {ov:.2f}")
            if g == "more specific" and new.positive == old.positive:
                return Verdict(Decision.UPDATE, nb.id, f"more specific, content overlap {ov:.2f}")
            if g is None and (ov >= SAME_TEXT_OVERLAP or en_cos >= EN_SAME_COSINE or (contained and a <= b)):
                return Verdict(Decision.NOOP, nb.id, f"same content, content overlap {ov:.2f}")
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

