"""Result types of the read path: :class:`Hit` (one memory), :class:`Hits` (a ``list[Hit]``
with :class:`RetrievalInfo`) and :class:`Explain` (how a hit was scored).

They are pydantic models for their users (``model_dump``, ``model_json_schema``, validation), with
``defer_build``: the read path makes them from values it computed itself (``model_construct``, each
value of the field's type) and the context block writes them with :func:`plain`, so a cold
``context`` process builds no validator or serializer for them (issue 24). The first use that needs
one (``model_validate``, ``model_dump``, the HTTP service, ``search --json``) builds it then.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, computed_field
from pydantic_core import PydanticUndefined

__all__ = ["Explain", "Hit", "Hits", "RetrievalInfo", "construct", "plain"]
_DEFERRED = ConfigDict(defer_build=True)
_M = TypeVar("_M", bound=BaseModel)


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
                                                "(memcli.read.answer.FEATURES order); None for a hit only "
                                                "subject expansion found")


class Hit(BaseModel):
    """One retrieved memory or episode. ``score`` = final fused score in [0, 1].

    A memory has ``id`` (what ``show`` / ``correct`` / ``forget`` take) and ``episode_id`` None; an
    episode (``origin == "episode"``: the user's own words) has ``id`` None and ``episode_id`` (its
    source id, unrelated to memory #N). ``ref`` names either ("m24" / "e24"); ``Memory.forget`` and
    ``correct`` take the ref or the hit itself, so what search returned cannot name another row."""

    id: int | None = Field(None, description="the memory's id; None for an episode (see episode_id)")
    episode_id: int | None = Field(None, description="an episode's id (its source id: Memory.forget_episode); "
                                   "None for a memory")
    model_config = _DEFERRED
    statement: str
    kind: str
    effective_confidence: float = Field(description="confidence after decay, in [0, 1]")
    valid_from: datetime
    ended_at: datetime | None = Field(None, description="a memory a later change ended, reached by a question about "
                                      "the past (\"What car did I have before?\", round 39): when it stopped holding")
    event_when: str | None = Field(None, description="the date the statement is about, resolved when it was said "
                                   "(\"my exam is next Friday\" said on 2026-12-02: 2026-12-11): ISO 8601, as "
                                   "precise as the statement (2025, 2025-09 or 2025-09-03); None when it names none")
    score: float
    origin: str = Field(description="explicit | import | extracted | correction; episode: the user's own words "
                        "that no memory holds (episode_id = their source id, memcli.read.episodes)")
    metadata: dict[str, Any] = Field(default_factory=dict, description="the item's free metadata (import)")
    slot: str | None = Field(None, description="[subject.]attribute[.object] the write path recorded, if any")
    legs: list[str] = Field(default_factory=list, description="the legs that found it: dense, lexical, slot; "
                            "subject: brought by a hit about the same subject; domain: a fact of a request's domain "
                            "(memcli.read.domain_request); told_with: told with the best hit (memcli.read.told_with)")
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
    # every memory drawn from the turn was ended by a later change, but its words add to theirs (round 39): the
    # block quotes it marked as since changed, never as a current fact
    turn_ended: bool = Field(False, exclude=True)
    # event_when's year was read from when it was said, not written (去年, next Friday, 12月3号): the block
    # and the table show the day beside the statement, whose words do not give it
    event_inferred: bool = Field(False, exclude=True)
    # which part of a two-part question found it (memcli.read.parts, round 40): the ratio cut reads each part
    # beside its own best hit; None for a question of one part
    part: int | None = Field(None, exclude=True)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def ref(self) -> str:
        """``"m24"`` for memory #24, ``"e24"`` for episode #24: what forget / correct take."""
        return f"e{self.episode_id}" if self.episode_id is not None else f"m{self.id}"

    @computed_field  # type: ignore[prop-decorator]
    @property
    def subject(self) -> str | None:
        """Whose fact it is: ``"user"``, a relation key or chain (``"wife"``, ``"wife.brother"``), ``"person:<name>"``,
        or None (a thing's fact; an episode): :func:`memcli.read.person.subject_of`, read from ``slot`` and
        ``statement`` (docs/formats.md)."""
        from memcli.read.person import subject_of

        return subject_of(self)

    @property
    def key(self) -> int:
        """The row's number in its own kind (the memory id, or the episode's source id): internal use."""
        return self.episode_id if self.episode_id is not None else self.id  # type: ignore[return-value]


class RetrievalInfo(BaseModel):
    """What ran: legs, encoder, fallbacks, timings (ms) and every ranking constant."""

    model_config = _DEFERRED
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
    asks_secret: str | None = Field(None, description="the kind of secret the query asks for (password, pin, …): "
                                    "memcli keeps none, so every hit is below the answerability point")
    expanded: int = Field(0, description="hits brought by subject expansion")
    parts: list[str] = Field(default_factory=list, description="a question of two or more parts (round 40, "
                             "memcli.read.parts): each part as recalled, a later part's pronoun read as the first "
                             "part's subject; the hits are the parts' in turn, the info the first part's")
    timings_ms: dict[str, float] = Field(default_factory=dict)
    constants: dict[str, Any] = Field(default_factory=dict)


class Hits(list):  # type: ignore[type-arg]
    """A ``list[Hit]`` that also carries :class:`RetrievalInfo` as ``.info``."""

    def __init__(self, hits: list[Hit] | None = None, info: RetrievalInfo | None = None) -> None:
        super().__init__(hits or [])
        self.info = info or RetrievalInfo()


#: the factories :func:`construct` calls itself: builtins that take no argument (pydantic asks
#: ``inspect.signature`` of a factory, whether it takes the validated data, at every default it makes)
_PLAIN_FACTORIES = (list, dict)
_IMMUTABLE = (type(None), bool, int, float, str, type(PydanticUndefined))
_SPECS: dict[type, tuple[tuple[str, bool, Any, Callable[[], Any] | None], ...] | None] = {}


def _spec(cls: type[BaseModel]) -> tuple[tuple[str, bool, Any, Callable[[], Any] | None], ...] | None:
    """(name, required, default, factory) of each field of ``cls``, or None when :func:`construct` cannot
    stand in for ``model_construct`` (an alias, a factory of its own, extra fields kept, a post-init)."""
    if cls.__pydantic_post_init__ or cls.model_config.get("extra") == "allow" or cls.__pydantic_root_model__:
        return None
    out = []
    for name, f in cls.model_fields.items():
        if f.alias is not None or f.validation_alias is not None:
            return None
        if f.default_factory is not None and f.default_factory not in _PLAIN_FACTORIES:
            return None
        if f.default_factory is None and type(f.default) not in _IMMUTABLE:
            return None  # model_construct would give each instance its own copy
        out.append((name, f.is_required(), f.default, f.default_factory))
    return tuple(out)


def construct(cls: type[_M], **values: Any) -> _M:
    """``cls.model_construct(**values)`` for the read path's own results, the same object (``__dict__`` in
    field order, a default where no value is given, ``model_fields_set`` the names given), without
    pydantic's per-default check of whether the factory takes the validated data (``inspect.signature``,
    ~0.2 ms a field, ~116 times in a cold ``context``: issue 24). A default that is not a factory is
    immutable (None, a number, a string: else ``model_construct`` itself runs). Raises
    TypeError for a name that is no field (``model_construct`` would drop it silently)."""
    try:
        spec = _SPECS[cls]
    except KeyError:
        spec = _SPECS[cls] = _spec(cls)
    if spec is None:
        return cls.model_construct(**values)
    fields: dict[str, Any] = {}
    for name, required, default, factory in spec:
        if name in values:
            fields[name] = values[name]
        elif factory is not None:
            fields[name] = factory()
        elif not required:
            fields[name] = default
    if len(values) != sum(name in values for name, *_ in spec):
        raise TypeError(f"{cls.__name__} has no field {sorted(set(values) - set(cls.model_fields))}")
    m = cls.__new__(cls)
    object.__setattr__(m, "__dict__", fields)
    object.__setattr__(m, "__pydantic_fields_set__", set(values))
    object.__setattr__(m, "__pydantic_extra__", None)
    object.__setattr__(m, "__pydantic_private__", None)
    return m


def plain(model: BaseModel, *, json: bool = False) -> dict[str, Any]:
    """``model.model_dump()`` (``json``: ``model_dump(mode="json")``) of a read-path result, without
    building its serializer: the fields in order, ``exclude`` ones left out, nested models, lists,
    tuples and dicts walked; in JSON mode a value that is not ``str``/``int``/``float``/``bool``/None
    (a datetime) goes through ``pydantic_core.to_jsonable_python``, which writes it as pydantic's JSON
    mode does. For the read path's own results (tests/test_results_plain.py compares it with
    ``model_dump`` on real ones); not a general replacement for ``model_dump``. Computed fields
    (``Hit.ref``) come after the fields, as in ``model_dump``."""
    cls = type(model)
    out = {name: _plain(getattr(model, name), json) for name, f in cls.model_fields.items() if not f.exclude}
    for name in cls.model_computed_fields:  # after the fields, as model_dump puts them (Hit.ref)
        out[name] = _plain(getattr(model, name), json)
    return out


def _plain(v: Any, json: bool) -> Any:
    if v is None or type(v) in (str, int, float, bool):
        return v
    if isinstance(v, BaseModel):
        return plain(v, json=json)
    if isinstance(v, list | tuple):
        items = [_plain(x, json) for x in v]
        return tuple(items) if isinstance(v, tuple) and not json else items
    if isinstance(v, dict):
        return {k: _plain(x, json) for k, x in v.items()}
    if not json:
        return v
    from pydantic_core import to_jsonable_python

    return to_jsonable_python(v)


def row_hit(r: dict[str, Any], score: float, leg: str, *, p: float | None = None, ended: bool = False) -> Hit:
    """A hit for a stored memory row ``r`` (a store's row dict: id, statement, kind, confidence, valid_from,
    event_when, origin, slot; invalid_at when ``ended``) found by the read step named ``leg`` ("domain", "all",
    "past"…) rather than by a ranked leg: ``score`` as given, confidence undecayed, ``p_relevant`` ``p`` (None: no
    gate reading), above the answerability point; ``ended``: its ``ended_at`` is the row's ``invalid_at``."""
    from memcli.timeutil import event_day, from_iso

    day = event_day(r.get("event_when"))
    return construct(
        Hit, id=int(r["id"]), statement=str(r["statement"]), kind=str(r["kind"]),
        effective_confidence=float(r["confidence"]), valid_from=from_iso(r["valid_from"]),
        ended_at=from_iso(r["invalid_at"]) if ended else None, event_when=day and day[0],
        event_inferred=bool(day and day[1]), score=float(round(score, 4)), origin=str(r["origin"]), slot=r.get("slot"),
        legs=[leg], p_relevant=p, below_floor=False, metadata={})
