"""Extraction (the seed's MemoryExtractionService): utterance → candidate facts.

One interface, :class:`Extractor`; two implementations (chosen by name in
:mod:`memcli.write.backends`):

- :class:`RuleExtractor` (default, offline, no model): first-person facts in Chinese and
  English by rules (:mod:`memcli.write.rules_zh`, :mod:`memcli.write.rules_en`);
- :class:`memcli.write.llm.LLMExtractor` (``extractor = "llm"``, the ``memcli[llm]`` extra): any
  OpenAI-compatible endpoint, JSON validated with pydantic.

Not memories, whatever the extractor: the assistant's turns, questions, chatter and
calendar-like statements (memory is not a calendar source). Every candidate's
``valid_from`` is when the user *said* it (the source's ``occurred_at``), never the clock
of the worker.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from memcli.models import Candidate, Kind
from memcli.settings import Settings
from memcli.text import lang_of

__all__ = ["Extractor", "RuleExtractor", "Utterance", "enrich"]


@dataclass(frozen=True)
class Utterance:
    """What the worker hands an extractor: one captured source row."""

    source_id: int
    user: str
    role: str
    text: str
    occurred_at: datetime


class Extractor(ABC):
    """Turns one utterance into zero or more candidate facts.

    Implementations raise :class:`~memcli.errors.ExtractionError` on failure (the task is
    retried, then dead; nothing is written). They never see the database.
    """

    name: str = "extractor"

    @abstractmethod
    def extract(self, utt: Utterance) -> list[Candidate]:
        """Candidates stated by the user in ``utt`` (empty for chatter, questions, …)."""

    def extract_batch(self, utts: Sequence[Utterance]) -> list[list[Candidate] | Exception]:
        """Extract many; a failure of one is returned in its place, not raised."""
        out: list[list[Candidate] | Exception] = []
        for u in utts:
            try:
                out.append(self.extract(u))
            except Exception as exc:  # kept per task: one bad utterance fails only its task
                out.append(exc)
        return out


class RuleExtractor(Extractor):
    """Offline rule-based extractor for Chinese and English (no model, no network)."""

    name = "rules"

    def __init__(self, settings: Settings | None = None) -> None:
        self.cap = settings.confidence_extracted if settings else 0.7

    def extract(self, utt: Utterance) -> list[Candidate]:
        if utt.role != "user":
            return []
        from memcli.write import rules_en, rules_zh

        rules = rules_zh if lang_of(utt.text) == "zh" else rules_en
        seen: set[str] = set()
        out: list[Candidate] = []
        for m in rules.extract_matches(utt.text):
            if m.statement in seen:
                continue
            seen.add(m.statement)
            out.append(Candidate(statement=m.statement, kind=Kind(m.kind), slot=m.slot, salience=m.salience,
                                 confidence=min(self.cap, m.confidence), valid_from=utt.occurred_at,
                                 metadata={}))
        return out


def enrich(candidate: Candidate) -> Candidate:
    """Fill a candidate's missing slot (and kind, when ``other``) from the rules, so that
    ``remember``/``import`` statements take part in slot comparison like drained ones."""
    from memcli.write.facts import analyze

    if candidate.slot and candidate.kind != Kind.OTHER:
        return candidate
    f = analyze(candidate.statement)
    upd: dict = {}
    if not candidate.slot and f.slot:
        upd["slot"] = f.slot
    if candidate.kind == Kind.OTHER and f.kind:
        upd["kind"] = Kind(f.kind)
    return candidate.model_copy(update=upd) if upd else candidate

