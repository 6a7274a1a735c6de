"""The request bodies of ``memcli serve`` (:mod:`memcli.service.app`): pydantic models that refuse unknown
fields (a ``user`` among them: the user comes from the token), JSON's non-numbers (NaN, Infinity) and
nesting deeper than :data:`memcli.records.MAX_METADATA_DEPTH`."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

from memcli.records import MAX_METADATA_DEPTH, nesting_depth

__all__ = ["CaptureIn", "ContextIn", "CorrectIn", "DrainIn", "RememberIn"]


class _Body(BaseModel):
    # NaN, Infinity and 1e400 are no JSON numbers (RFC 8259) though Python's parser reads them:
    # "Input should be a finite number", not "less than or equal to 1" for a NaN
    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, strict=True)  # "5000", true: no number

    @field_validator("*", mode="before")
    @classmethod
    def _shallow(cls, v: Any) -> Any:  # pickling to a model process recursed per level: 600 deep was a 500
        if isinstance(v, dict | list) and nesting_depth(v) > MAX_METADATA_DEPTH:
            raise PydanticCustomError("too_deep", "nested more than {n} levels deep", {"n": MAX_METADATA_DEPTH})
        return v


class CaptureIn(_Body):
    text: str = Field(description="what was said (up to max_turn_chars characters)")
    role: str = Field("user", description="user | assistant")
    at: str | None = Field(None, description="when it was said, ISO-8601 (default: now)")
    session: str | None = None
    key: str | None = Field(None, description="idempotency key: a repeated capture with it is a no-op")
    allow_future: bool = Field(False, description="accept an `at` more than a day ahead")


class ContextIn(_Body):
    query: str
    budget_ms: int | None = Field(None, ge=1, description="hard wall-clock budget, milliseconds (default 800)")
    max_tokens: int | None = Field(None, ge=1)
    lang: str | None = Field(None, description="zh | en (default: the query's language)")
    format: Literal["text", "messages"] = "text"
    system: str | None = None
    history: list[Any] | None = None
    limit: int = Field(5, ge=1, le=1000)
    as_of: str | None = None
    min_score: float | None = Field(None, ge=0, le=1)


class RememberIn(_Body):
    text: str
    kind: str = "other"
    at: str | None = None
    metadata: dict[str, Any] | None = None
    confidence: float | None = Field(None, ge=0, le=1)
    allow_future: bool = Field(False, description="accept an `at` more than a day ahead")


class CorrectIn(_Body):
    text: str
    at: str | None = None  # when the correction starts to hold (ISO-8601; default now), as remember's at
    allow_future: bool = Field(False, description="accept an `at` more than a day ahead")


class DrainIn(_Body):
    max_seconds: float | None = Field(None, gt=0, description="stop claiming after this long (capped by "
                                      "server_drain_max_s), seconds")
    limit: int | None = Field(None, ge=1, description="at most this many tasks")
