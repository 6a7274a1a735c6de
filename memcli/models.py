"""Data shapes at the boundaries (pydantic) and the fixed sets (StrEnum).

Times are aware UTC datetimes; confidences and saliences are floats in [0, 1].
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from enum import StrEnum
from functools import cached_property
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, computed_field

__all__ = [
    "CaptureResult",
    "Candidate",
    "Decision",
    "DecisionResult",
    "Event",
    "Kind",
    "Level",
    "MemoryItem",
    "Origin",
    "Role",
    "hit_json",
    "hit_ref",
]


class Kind(StrEnum):
    PREFERENCE = "preference"
    RELATIONSHIP = "relationship"
    IDENTITY = "identity"
    HABIT = "habit"
    HEALTH = "health"
    GOAL = "goal"  # round 48: a hope or wish for the user's own future ("Hoping to run a marathon"), never a deed done
    OTHER = "other"


class Decision(StrEnum):
    """The four-state decision of the write path (after Mem0)."""

    ADD = "ADD"
    NOOP = "NOOP"  # reinforce the stored item
    UPDATE = "UPDATE"  # a refinement supersedes the stored item in system time
    CONFLICT = "CONFLICT"  # the older belief is invalidated in world time


class Level(StrEnum):
    """Which level of the three-level decision decided (cheapest first)."""

    EXACT = "exact"
    VECTOR = "vector"
    JUDGE = "judge"
    EXPLICIT = "explicit"  # a user command (correct, forget) decided


class Origin(StrEnum):
    """Where an item came from; sets its initial confidence (rule 1)."""

    EXPLICIT = "explicit"  # remember
    IMPORT = "import"
    EXTRACTED = "extracted"  # drained from a captured utterance
    CORRECTION = "correction"  # correct: confidence forced to 1.0 (rule 4)


class Role(StrEnum):
    USER = "user"
    ASSISTANT = "assistant"


class CaptureResult(BaseModel):
    """Outcome of one online capture: the source and outbox rows, or the existing ones.

    The models a read command never builds (capture's, the write path's, the item and event views)
    defer their validators to first use: a cold ``context`` process does not pay for them."""

    model_config = ConfigDict(defer_build=True)

    source_id: int
    outbox_id: int
    idempotency_key: str
    duplicate: bool = Field(description="True: the key was already captured; nothing was added")
    user: str
    occurred_at: datetime
    text_differs: bool = Field(False, description="a duplicate whose key was captured with another text: the "
                               "stored turn is kept, this text is not (a new turn needs a new key)")
    redacted: dict[str, int] = Field(default_factory=dict, description="secrets replaced by a placeholder before "
                                     "storing, by kind ({\"password\": 1}); never the secret itself")


class Candidate(BaseModel):
    """A candidate fact produced by an extractor (or by remember/import)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    statement: str
    kind: Kind = Kind.OTHER
    slot: str | None = Field(None, description="subject.attribute, e.g. mother.birthday")
    salience: float = Field(0.5, ge=0, le=1)
    confidence: float = Field(0.7, ge=0, le=1)
    valid_from: datetime
    confirmed_at: datetime | None = Field(
        None, description="when the user stated it (decay starts here); default valid_from")
    metadata: dict[str, Any] = Field(default_factory=dict)
    event_when: str | None = Field(
        None, description="internal: the date the statement places its fact at, resolved once against when it was "
        "said (memcli.write.pair_dates); stored in a column of its own, never in the user's metadata")
    ended: bool = Field(False, description="internal: a past value told beside the current one in the same turn "
                        "(memcli.write.past_value): stored already invalid, invalid_at = valid_from")


class MemoryItem(BaseModel):
    """One memory as stored, plus its effective (decayed) confidence and status."""

    model_config = ConfigDict(defer_build=True)

    id: int
    user: str
    statement: str
    kind: str
    slot: str | None = None
    salience: float
    confidence: float = Field(description="stored confidence in [0, 1]")
    effective_confidence: float = Field(description="confidence after decay, computed at read time")
    origin: str
    status: str = Field(description="active | invalid (world time) | superseded (system time)")
    valid_from: datetime
    invalid_at: datetime | None = None
    recorded_at: datetime
    expired_at: datetime | None = None
    last_confirmed_at: datetime
    confirmations: int = 1
    supersedes_id: int | None = None
    superseded_by_id: int | None = None
    invalid_reason: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    source_ids: list[int] = Field(default_factory=list)
    # how the Memory that read it reads its subject (memcli.read.person.subject_of; this leaf imports no read path)
    _subject_of: Callable[[Any], str | None] | None = PrivateAttr(None)

    @computed_field  # type: ignore[prop-decorator]
    @cached_property
    def subject(self) -> str | None:
        """Whose fact it is: ``"user"``, a relation key or chain (``"wife"``, ``"wife.brother"``),
        ``"person:<name>"``, or None (a thing's fact; an item no Memory read): read on first use from ``slot`` and
        ``statement`` (:func:`memcli.read.person.subject_of`, as every interface reads it; round 46)."""
        return None if self._subject_of is None else self._subject_of(self)


class Event(BaseModel):
    """One audit-trail row: a decision or a command, with before/after snapshots."""

    model_config = ConfigDict(defer_build=True)

    id: int
    item_id: int | None
    other_item_id: int | None = None
    source_id: int | None = None
    action: str
    level: str | None = None
    cosine: float | None = None
    judge: str | None = None
    reason: str | None = None
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None
    created_at: datetime


class DecisionResult(BaseModel):
    """What the decision step did with one candidate."""

    model_config = ConfigDict(defer_build=True)

    decision: Decision
    level: Level
    item_id: int = Field(description="the item written or reinforced")
    other_item_id: int | None = Field(None, description="the stored item compared with, if any")
    cosine: float | None = None
    judge: str | None = None
    reason: str = ""
    stored_invalid: bool = Field(False, description="the incoming fact was stored already invalid")
    also: list[DecisionResult] = Field(default_factory=list, description=(
        "remember only: the decisions of the text's other facts, each kept as its own memory "
        "(a text that states two facts is cut in two: memcli.write.split.fact_parts)"))


def hit_ref(hit: Any) -> str:
    """How a search hit is named in the table: ``"e13"`` for an episode (``origin == "episode"``: the
    user's own words; 13 is its ``episode_id``, unrelated to memory #13), ``"13"`` for a memory."""
    return f"e{hit.episode_id}" if hit.episode_id is not None else str(hit.id)


def hit_json(hit: Any) -> dict[str, Any]:
    """A search hit (``memcli.read.results.Hit``) as JSON: its fields with ``episode_id`` and ``ref``
    ("m13" / "e13"); an episode's ``id`` is null, so no script can pass it on as a memory id."""
    return hit.model_dump(mode="json")
