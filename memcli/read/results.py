"""Result types of the read path: :class:`Hit` (one memory), :class:`Hits` (a ``list[Hit]``
with :class:`RetrievalInfo`) and :class:`Explain` (how a hit was scored)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["Explain", "Hit", "Hits", "RetrievalInfo"]


class Explain(BaseModel):
    """How a hit was scored (``--explain``): each leg's rank, raw scores, RRF and factors."""

    model_config = ConfigDict(defer_build=True)  # its own validator only for --explain
    dense_rank: int | None = None
    lexical_rank: int | None = None
    slot_rank: int | None = Field(None, description="rank in the slot leg (the query asks about this memory's slot)")
    cosine: float | None = Field(None, description="cosine similarity to the query, dense leg")
    bm25: float | None = Field(None, description="FTS5 bm25(), lower is better; None: LIKE-only")
    like_score: int = Field(0, description="summed length of the LIKE variants matched")
    rrf: float
    rrf_norm: float
    weight_dense: float
    weight_lexical: float
    salience: float
    recency: float
    final: float
    answer_features: list[float] | None = Field(None, description="the answerability features of this hit "
                                                "(memcli.read.answer.FEATURES order); None for a subject-expansion hit")


class Hit(BaseModel):
    """One retrieved memory. ``score`` = final fused score in [0, 1]."""

    id: int
    statement: str
    kind: str
    effective_confidence: float = Field(description="confidence after decay, in [0, 1]")
    valid_from: datetime
    score: float
    origin: str = Field(description="explicit | import | extracted | correction; episode: the user's own words "
                        "that no memory holds (id = their source id, memcli.read.episodes)")
    metadata: dict[str, Any] = Field(default_factory=dict, description="the item's free metadata (import)")
    slot: str | None = Field(None, description="[subject.]attribute[.object] the write path recorded, if any")
    legs: list[str] = Field(default_factory=list, description="the legs that found it: dense, lexical, slot; "
                            "subject: brought by a hit about the same subject")
    p_relevant: float | None = Field(None, description="answerability: fitted probability in [0, 1] that the hit "
                                     "answers the query (None: no weights for the model, or no dense leg)")
    below_floor: bool = Field(False, description="p_relevant is below the chosen point: context leaves it out")
    via: int | None = Field(None, description="subject expansion: the id of the hit about the same subject "
                            "that brought this one")
    memory_ids: list[int] = Field(default_factory=list, description="an episode standing in the list for "
                                  "memories drawn from its turn (English queries, memcli.read.episodes.merge): "
                                  "their ids, for show / correct / forget")
    superseded: list[int] = Field(default_factory=list, description="an episode whose turn is stale: the ids of "
                                  "its memories, all ended by a later change, whose words it adds nothing to "
                                  "(context does not quote it)")
    explain: Explain | None = None
    # the block's view of an episode (memcli.read.quotes), not part of the JSON: the memory hits it stands
    # in for in this list, and the ids of the active memories drawn from its turn
    stands_for: list[Hit] = Field(default_factory=list, exclude=True)
    turn_memories: list[int] = Field(default_factory=list, exclude=True)


class RetrievalInfo(BaseModel):
    """What ran: legs, encoder, fallbacks, timings (ms) and every ranking constant."""

    query_chars: int = 0
    query_truncated: bool = False
    tokens: list[str] = Field(default_factory=list)
    slots: list[str] = Field(default_factory=list, description="slot keys the query asks about (slot leg)")
    legs_requested: list[str] = Field(default_factory=list)
    legs_run: list[str] = Field(default_factory=list)
    encoder: str | None = None
    dense_skipped: str | None = Field(None, description="why the dense leg did not run, if requested")
    lexical_only_fallback: bool = False
    dense_concurrent: bool = Field(False, description="the dense KNN ran beside the lexical leg (in-process "
                                   "vector copy), on the encoder's thread")
    candidates: dict[str, int] = Field(default_factory=dict, description="candidates each leg returned")
    candidates_per_leg: int = Field(0, description="how many each leg was asked for: max(candidates_per_leg, "
                                    "limit), at most 4096")
    dropped_by_floor: int = 0
    below_floor: int = Field(0, description="hits marked below the answerability point (context leaves them out)")
    answer_min_p: float | None = Field(None, description="the answerability point used (None: not applied)")
    expanded: int = Field(0, description="hits brought by subject expansion")
    timings_ms: dict[str, float] = Field(default_factory=dict)
    constants: dict[str, Any] = Field(default_factory=dict)


class Hits(list):  # type: ignore[type-arg]
    """A ``list[Hit]`` that also carries :class:`RetrievalInfo` as ``.info``."""

    def __init__(self, hits: list[Hit] | None = None, info: RetrievalInfo | None = None) -> None:
        super().__init__(hits or [])
        self.info = info or RetrievalInfo()
