"""The JSON Lines formats of ``import``/``export`` (:class:`MemoryRecord`) and the all-or-nothing
parser shared with ``capture -`` (:func:`parse_jsonl`). Documented in README "Formats"."""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

from memcli.errors import BadInputError
from memcli.models import Kind
from memcli.sensitive import refuse_secret
from memcli.text import check_text, has_lone_surrogate
from memcli.timeutil import parse_at, refuse_future

__all__ = ["MemoryRecord", "parse_jsonl", "validation_line"]


def validation_line(exc: ValidationError) -> str:
    """The first error of a pydantic ``ValidationError`` as one line: ``field: message``
    (``message`` alone for a whole-record error), pydantic's "Value error, " prefix dropped."""
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err.get("loc", ()))
    msg = str(err.get("msg")).removeprefix("Value error, ")
    return f"{loc}: {msg}" if loc else msg


class MemoryRecord(BaseModel):
    """One line of ``import``/``export`` JSON Lines."""

    model_config = ConfigDict(extra="forbid", defer_build=True)  # built on first use: a read imports it too

    text: str
    kind: Kind = Kind.OTHER
    at: datetime | None = Field(None, description="valid_from; default now")
    confidence: float | None = Field(None, ge=0, le=1)
    metadata: dict[str, Any] = Field(default_factory=dict)
    # Written by ``export``, so that a round trip keeps how long ago the user last stated the fact
    # (its confidence decays from then); without it an import counts as a confirmation now.
    confirmed_at: datetime | None = Field(None, description="when the user last stated or confirmed it; default now")
    # Only in ``export --all`` lines of memories that are no longer active, so that a
    # round trip does not bring forgotten or corrected memories back to life.
    invalid_at: datetime | None = Field(None, description="world time it stopped holding")
    expired_at: datetime | None = Field(None, description="system time it was superseded or forgotten")
    # Only in ``export --all`` lines of memories the user forgot (``memcli forget``): imported
    # as forgotten again, not merely superseded.
    forgotten: bool = Field(False, description="the user forgot it (needs invalid_at or expired_at)")

    @field_validator("text")
    @classmethod
    def _no_secret(cls, v: str) -> str:
        refuse_secret(v)
        return v

    @field_validator("metadata")
    @classmethod
    def _unicode(cls, v: dict[str, Any]) -> dict[str, Any]:
        if has_lone_surrogate(v):  # refused here, where the error names the line, not by the store
            raise ValueError("not valid Unicode (an unpaired surrogate)")
        return v

    @field_validator("at", "invalid_at", "expired_at", "confirmed_at", mode="before")
    @classmethod
    def _parse_at(cls, v: object, info: ValidationInfo) -> object:
        if v is None:
            return v
        # a datetime goes through parse_at too: a naive one is taken as UTC, not stored naive
        at = parse_at(v if isinstance(v, datetime) else str(v), field=info.field_name or "at")
        if info.field_name == "at" and (info.context or {}).get("refuse_future"):
            refuse_future(at, field="at")
        return at

    @model_validator(mode="after")
    def _interval(self) -> MemoryRecord:
        if self.invalid_at is not None and self.at is not None and self.invalid_at < self.at:
            raise ValueError("invalid_at is before at")
        if self.forgotten and not self.is_retired:
            raise ValueError("forgotten needs invalid_at or expired_at (when it was forgotten)")
        return self

    @property
    def is_retired(self) -> bool:
        """True for a record of a memory that no longer holds or was superseded."""
        return self.invalid_at is not None or self.expired_at is not None


def parse_jsonl(lines: Iterable[str], model: type[BaseModel], *, max_chars: int | None = None,
                where: str = "", note: str = "; nothing was written", setting: str = "max_text_chars",
                context: dict[str, Any] | None = None) -> list[Any]:
    """Parse and validate JSON Lines; all or nothing.

    Blank lines are skipped but counted. With ``max_chars``, each record's ``text`` is
    checked as :func:`check_text` does (blank, too long), so those errors name the line too.
    Raises BadInputError naming the first bad line number (prefixed by ``where``, e.g. a
    file name, and followed by ``note``); in that case nothing is written (the valid lines
    are not kept either). ``context`` is pydantic's validation context (``{"refuse_future":
    True}``: an ``at`` more than a day ahead is a bad line).
    """
    out = []
    for n, line in enumerate(lines, start=1):
        number = f"{where} line {n}" if where else f"line {n}"
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            if not isinstance(data, dict):
                raise ValueError("expected a JSON object")
            rec = model.model_validate(data, context=context)
            if max_chars is not None:
                check_text(rec.text, max_chars, setting=setting)
            out.append(rec)
        except BadInputError as exc:
            raise BadInputError(f"{number}: {exc}{note}") from None
        except ValidationError as exc:
            raise BadInputError(f"{number}: {validation_line(exc)}{note}") from None
        except ValueError as exc:
            raise BadInputError(f"{number}: not valid JSON ({str(exc).splitlines()[0][:80]}){note}") from None
        except RecursionError:  # e.g. "[[[[…" thousands deep: json recurses per level
            raise BadInputError(f"{number}: JSON nested too deeply{note}") from None
    return out
