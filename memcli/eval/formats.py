"""The goldset's file formats (JSON Lines), validated with pydantic, and where the goldset is.

- decision pairs: ``{"stored", "incoming", "label", "stored_at"?, "incoming_at"?, ...}``
  (labels ADD | NOOP | UPDATE | CONFLICT; extra fields such as ``lang``, ``category``, ``id``
  are kept);
- retrieval cases: ``{"user", "memories": [{"ref", "text", "at"?}], "queries": [{"query",
  "relevant": [ref, ...]}]}``.

A malformed file raises :class:`~memcli.errors.BadInputError` with one line naming the file
and line number.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from memcli.errors import BadInputError
from memcli.models import Decision
from memcli.timeutil import parse_at

__all__ = ["DecisionPair", "RetrievalCase", "default_goldset_dir", "load_cases", "load_extraction_cases", "load_pairs",
           "sample", "sample_queries"]


def default_goldset_dir() -> Path:
    """The goldset shipped with the repository (``<repo>/goldset``)."""
    return Path(__file__).resolve().parents[2] / "goldset"


def _at(v: object, field: str) -> object:
    return v if v is None or isinstance(v, datetime) else parse_at(str(v), field=field)


class DecisionPair(BaseModel):
    """One labelled decision: what should happen to ``incoming`` when ``stored`` is known."""

    model_config = ConfigDict(extra="allow")

    stored: str = Field(min_length=1)
    incoming: str = Field(min_length=1)
    label: Decision
    stored_at: datetime | None = None
    incoming_at: datetime | None = None
    lang: str | None = None
    category: str | None = None
    id: str | None = None

    @field_validator("label", mode="before")
    @classmethod
    def _upper(cls, v: object) -> object:
        return v.strip().upper() if isinstance(v, str) else v

    @field_validator("stored_at", mode="before")
    @classmethod
    def _s_at(cls, v: object) -> object:
        return _at(v, "stored_at")

    @field_validator("incoming_at", mode="before")
    @classmethod
    def _i_at(cls, v: object) -> object:
        return _at(v, "incoming_at")

    @field_validator("stored", "incoming")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("must not be blank")
        return v


class CaseMemory(BaseModel):
    model_config = ConfigDict(extra="allow")

    ref: str = Field(min_length=1)
    text: str = Field(min_length=1)
    at: datetime | None = None

    @field_validator("ref", mode="before")
    @classmethod
    def _ref_str(cls, v: object) -> object:
        return str(v) if isinstance(v, int) else v

    @field_validator("at", mode="before")
    @classmethod
    def _parse(cls, v: object) -> object:
        return _at(v, "at")


class CaseQuery(BaseModel):
    model_config = ConfigDict(extra="allow")

    query: str = Field(min_length=1)
    relevant: list[str] = Field(min_length=1)
    tags: list[str] = Field(default_factory=list)

    @field_validator("relevant", mode="before")
    @classmethod
    def _refs(cls, v: object) -> object:
        return [str(x) if isinstance(x, int) else x for x in v] if isinstance(v, list) else v


class RetrievalCase(BaseModel):
    """One user's memories and the queries whose relevant memories are known."""

    model_config = ConfigDict(extra="allow")

    user: str = Field(min_length=1)
    memories: list[CaseMemory] = Field(min_length=1)
    queries: list[CaseQuery] = Field(min_length=1)

    @model_validator(mode="after")
    def _refs_known(self) -> RetrievalCase:
        refs = [m.ref for m in self.memories]
        if len(set(refs)) != len(refs):
            dup = next(r for r in refs if refs.count(r) > 1)
            raise ValueError(f"duplicate memory ref {dup!r}")
        known = set(refs)
        for q in self.queries:
            unknown = [r for r in q.relevant if r not in known]
            if unknown:
                raise ValueError(f"query {q.query[:30]!r} cites unknown ref {unknown[0]!r}")
        return self


class OpenQuery(CaseQuery):
    """A question whose ``relevant`` list may be empty: nothing stored answers it (noanswer.jsonl)."""

    relevant: list[str] = Field(default_factory=list)


class OpenCase(RetrievalCase):
    """A retrieval case whose questions may have no answer (``goldset/noanswer.jsonl``)."""

    queries: list[OpenQuery] = Field(min_length=1)


def _load(path: str | Path, model: type[BaseModel], what: str) -> list[Any]:
    p = Path(path).expanduser()
    if p.is_dir():
        raise BadInputError(f"{path} is a folder; give the {what} file (JSON Lines) inside it")
    if not p.is_file():
        raise BadInputError(f"no such {what} file: {path}")
    try:
        lines = p.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError:
        raise BadInputError(f"{path}: not valid UTF-8") from None
    from memcli.records import parse_jsonl

    out = parse_jsonl(lines, model, where=str(path), note="")
    if not out:
        raise BadInputError(f"{path}: no {what}s in file")
    return out


def load_pairs(path: str | Path) -> list[DecisionPair]:
    """Decision pairs from a JSON Lines file. Raises BadInputError (file and line named)."""
    return _load(path, DecisionPair, "decision pair")


def load_extraction_cases(path: str | Path) -> list[Any]:
    """Extraction cases (:class:`memcli.eval.extraction.ExtractionCase`) from a JSON Lines file; the ids
    given are unique (as a conversation's). Raises BadInputError (file and line named; a duplicate id)."""
    from memcli.eval.extraction import ExtractionCase

    cases = _load(path, ExtractionCase, "extraction case")
    ids = [c.id for c in cases if c.id is not None]
    if len(set(ids)) != len(ids):
        raise BadInputError(f"{path}: duplicate extraction case id {next(x for x in ids if ids.count(x) > 1)!r}")
    return cases


def load_cases(path: str | Path) -> list[RetrievalCase]:
    """Retrieval cases from a JSON Lines file. Raises BadInputError (file and line named)."""
    return _load(path, RetrievalCase, "retrieval case")


def check_counts(counts: dict[str, int | None]) -> None:
    """The one check of the eval commands' counts (``{"--limit": 3, "--samples": None}``): each given one
    is at least 1 — a negative one must not reach a ``[:n]`` slice (``--samples -1``: all but the last).

    Raises:
        BadInputError: ``--samples must be >= 1, got -1`` for the first that is not.
    """
    for name, v in counts.items():
        if v is not None and v < 1:
            raise BadInputError(f"{name} must be >= 1, got {v}")


def sample(items: list[Any], n: int | None, seed: int = 0) -> list[Any]:
    """``n`` of ``items`` drawn without replacement by a generator seeded with ``seed``, kept in
    their file order (all of them when ``n`` is None or >= len). Raises BadInputError if n < 1."""
    if n is None or n >= len(items):
        return list(items)
    if n < 1:
        raise BadInputError(f"--sample must be >= 1, got {n}")
    import random

    keep = sorted(random.Random(seed).sample(range(len(items)), n))
    return [items[i] for i in keep]


def sample_queries(cases: list[RetrievalCase], n: int | None, seed: int = 0) -> list[RetrievalCase]:
    """Retrieval cases with ``n`` of all their queries (seeded, as :func:`sample`); every memory is
    kept (the stores stay whole), cases left without a query are dropped."""
    flat = [(i, j) for i, c in enumerate(cases) for j in range(len(c.queries))]
    keep = set(sample(flat, n, seed))
    out = []
    for i, c in enumerate(cases):
        qs = [q for j, q in enumerate(c.queries) if (i, j) in keep]
        if qs:
            out.append(c.model_copy(update={"queries": qs}))
    return out


def load_open_cases(path: str | Path) -> list[OpenCase]:
    """Retrieval cases whose questions may have no answer (``relevant: []``). Raises BadInputError."""
    return _load(path, OpenCase, "retrieval case")
