"""Judges for the gray zone of the decision, and the explicit checks that guard it.

A :class:`Judge` sees one candidate and the nearest stored active memories (ids it was
shown) and returns a :class:`Verdict`: ADD, NOOP (reinforce), UPDATE (a refinement that
supersedes the target) or CONFLICT (the target stops holding). Two judges:

- :class:`OfflineJudge` (default, no model): slot, polarity, numbers, lexical overlap;
- :class:`memcli.llm.LLMJudge`: one call to an OpenAI-compatible endpoint, when
  ``llm_base_url``/``llm_model`` are set and ``judge`` is ``auto`` or ``llm``.

:func:`guard` is the rule that embeddings cannot be trusted with: a polarity flip, a changed
number or date, or another slot is never a NOOP, whatever the cosine.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from memcli.errors import ConfigError, ExtractionError
from memcli.models import Candidate, Decision
from memcli.settings import Settings
from memcli.write.facts import Facts, analyze, content_tokens

__all__ = ["HARD_GUARDS", "Judge", "Neighbor", "OfflineJudge", "Verdict", "check_verdict", "compare_slot", "get_judge",
           "guard"]

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


def _overlap(a: str, b: str) -> float:
    ta, tb = content_tokens(a), content_tokens(b)
    if not ta or not tb:
        return 0.0
    return len(ta & tb) / len(ta | tb)


def _contains(longer: str, shorter: str) -> bool:
    """``longer`` refines ``shorter``: a word superset (English) or a longer string that
    contains it (Chinese, no spaces). "book 12" does not refine "book 1"."""
    if not shorter or longer == shorter:
        return False
    if shorter.isascii() and longer.isascii():
        return set(shorter.split()) < set(longer.split())
    a, b = longer.replace(" ", ""), shorter.replace(" ", "")
    return len(a) > len(b) and b in a


def compare_slot(new: Facts, old: Facts) -> tuple[Decision, str] | None:
    """Decision for two statements about the same slot (``None`` when the slots differ).

    polarity flip → CONFLICT; other number/date → CONFLICT; same value → NOOP; a more
    specific value → UPDATE; a less specific one → NOOP; another value → CONFLICT.
    """
    if not new.slot or new.slot != old.slot:
        return None
    if new.positive != old.positive:
        return Decision.CONFLICT, f"same slot {new.slot}, polarity flipped"
    if new.numbers and old.numbers and new.numbers != old.numbers:
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


#: CJK characters that carry no content of their own (function words, pronouns, particles)
_ZH_FUNCTION_CHARS = frozenset("我你他她它的了是在和与也就都很还又再不没有个一这那着过吗呢吧啊呀去会要想把被给让对从到跟")  # noqa: E501
#: the guards a judge's NOOP cannot override ("never a NOOP, whatever the cosine")
HARD_GUARDS = ("polarity flip", "number/date changed")


def _zh_content(text: str) -> frozenset[str]:
    return frozenset(c for c in text if "\u4e00" <= c <= "\u9fff" and c not in _ZH_FUNCTION_CHARS)


def guard(new: Facts, old: Facts) -> str | None:
    """Why a high cosine must not reinforce ``old`` with ``new`` (None: no reason found).

    A polarity flip, a changed number or date, two different slots, or (Chinese) content
    characters on both sides that the other lacks: embeddings barely see these
    (all-MiniLM-L6-v2 scores 我每天早上跑步 vs 我每天晚上游泳 at 1.000), so the pair goes
    to a judge instead of a NOOP.
    """
    if new.positive != old.positive:
        return "polarity flip"
    if new.numbers and old.numbers and new.numbers != old.numbers:
        return "number/date changed"
    if new.slot and old.slot and new.slot != old.slot:
        return "different slots"
    if new.slot and old.slot and new.value != old.value and not (new.numbers and new.numbers == old.numbers):
        return "same slot, other value"
    a, b = _zh_content(new.statement), _zh_content(old.statement)
    if a - b and b - a:
        return "different content"
    return None


class OfflineJudge(Judge):
    """Rule judge, no model: slot comparison first, then polarity/number and lexical overlap.

    - same slot: :func:`compare_slot`;
    - slots of one family where one value refines the other (like.茶 → like.日本绿茶): UPDATE;
    - different slots: ADD;
    - no slot: a polarity flip or changed number with high lexical overlap → CONFLICT;
      high overlap otherwise → NOOP; else ADD.
    """

    name = "offline"

    def judge(self, candidate: Candidate, neighbors: Sequence[Neighbor]) -> Verdict:
        new = analyze(candidate.statement)
        if candidate.slot and not new.slot:
            new = Facts(new.statement, candidate.slot, new.value, new.positive, new.numbers, new.kind)
        for nb in neighbors:
            old = analyze(nb.statement)
            if nb.slot and not old.slot:
                old = Facts(old.statement, nb.slot, old.value, old.positive, old.numbers, old.kind)
            hit = compare_slot(new, old)
            if hit:
                return Verdict(hit[0], nb.id, hit[1])
            if new.slot and old.slot:
                fam_new, fam_old = new.slot.rsplit(".", 1)[0], old.slot.rsplit(".", 1)[0]
                if (fam_new == fam_old and "." in new.slot and new.positive == old.positive
                        and new.numbers == old.numbers and _contains(new.value or "", old.value or "")):
                    return Verdict(Decision.UPDATE, nb.id, f"refines {old.slot} as {new.slot}")
                continue
            ov = _overlap(new.statement, old.statement)
            g = guard(new, old)
            if g in HARD_GUARDS and ov >= CONFLICT_OVERLAP:
                return Verdict(Decision.CONFLICT, nb.id, f"{g}, lexical overlap {ov:.2f}")
            if g is None and ov >= SAME_TEXT_OVERLAP:
                return Verdict(Decision.NOOP, nb.id, f"same content, lexical overlap {ov:.2f}")
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


def get_judge(settings: Settings) -> Judge:
    """The configured judge: ``auto`` (LLM when configured, else offline), ``offline`` or ``llm``.

    Raises:
        ConfigError: unknown name, or ``llm`` without an endpoint configured.
    """
    if settings.judge == "offline" or (settings.judge == "auto" and not settings.llm_configured):
        return OfflineJudge()
    if settings.judge in ("auto", "llm"):
        from memcli.llm import LLMJudge

        return LLMJudge(settings)
    raise ConfigError(f"unknown judge {settings.judge!r}; expected auto, offline or llm")
