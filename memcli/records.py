"""The JSON Lines formats of ``import``/``export`` and the all-or-nothing parser shared with
``capture -`` (:func:`parse_jsonl`). Documented in docs/formats.md.

Two formats, told apart line by line by the ``v`` field:

- format 1 (no ``v``): :class:`MemoryRecord`, a statement the user states; ``import`` writes it
  through the decision, as ``remember`` does (what exports before format 2 hold);
- format 2 (``"v": 2``, what ``export`` writes): :class:`StoredRecord`, one stored memory row as it
  is — its id in the exporting store, every column, its sources and its audit events — then (``export
  --all``) one :class:`TurnRecord` per turn no memory holds, closed by one :class:`EndRecord` line
  (``{"v": 2, "records": N}``, ``"turns": M`` when there are turn lines) so that a truncated file is refused.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, field_validator, model_validator

from memcli.errors import BadInputError
from memcli.models import Kind
from memcli.sensitive import redact, refuse_secret
from memcli.text import check_text, has_lone_surrogate
from memcli.timeutil import parse_at, refuse_future
from memcli.validation_words import error_words

__all__ = ["EndRecord", "EventRecord", "ImportResults", "MemoryRecord", "SourceRecord", "StoredRecord", "TurnRecord",
           "complete_records", "parse_jsonl", "record_model", "validation_line"]

#: the ``v`` of the newest record format (``export`` writes it)
FORMAT = 2
#: how deep a memory's metadata may nest (objects and lists); deeper is refused before any check
#: walks it, since every walk of it (NUL and surrogate checks, redaction, pickling to a model
#: process) recurses per level and ~500 levels ended in a RecursionError (HTTP 500)
MAX_METADATA_DEPTH = 64


def nesting_depth(value: Any, stop: int = MAX_METADATA_DEPTH + 1) -> int:
    """How many levels of dicts and lists ``value`` nests (a scalar 0, ``{"a": 1}`` 1, ``{"a": [1]}`` 2),
    counted level by level without recursion; counting stops at ``stop``."""
    nest = (dict, list, tuple)
    depth, level = 0, [value] if isinstance(value, nest) else []
    while level and depth < stop:
        depth += 1
        level = [c for v in level for c in (v.values() if isinstance(v, dict) else v) if isinstance(c, nest)]
    return depth


def validation_line(exc: ValidationError) -> str:
    """The first error of a pydantic ``ValidationError`` as one line: ``field: message``
    (``message`` alone for a whole-record error) in memcli's words (:func:`memcli.validation_words.error_words`:
    ``confidence: needs a finite number, got nan``)."""
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err.get("loc", ()))
    msg = error_words(err)
    return f"{loc}: {msg}" if loc else msg


class MemoryRecord(BaseModel):
    """One line of ``import``/``export`` JSON Lines."""

    model_config = ConfigDict(extra="forbid", defer_build=True, allow_inf_nan=False)  # built on first use

    text: str
    kind: Kind = Kind.OTHER
    at: datetime | None = Field(None, description="valid_from; default now")
    confidence: float | None = Field(None, ge=0, le=1, strict=True)  # "0.5" and true are no numbers
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
        if nesting_depth(v) > MAX_METADATA_DEPTH:
            raise ValueError(f"nested more than {MAX_METADATA_DEPTH} levels deep; metadata is plain JSON")
        if has_lone_surrogate(v):  # refused here, where the error names the line, not by the store
            raise ValueError("not valid Unicode (an unpaired surrogate)")
        if has_lone_surrogate(v, nul=True):  # PostgreSQL's jsonb cannot hold it: refused on either backend
            raise ValueError("holds a NUL character (\\u0000), which a store cannot keep")
        try:  # stored as JSON text: what JSON cannot say (NaN, a datetime) would be stored unreadable or fail there
            json.dumps(v, allow_nan=False)
        except ValueError:
            raise ValueError("a number is NaN or infinite; metadata is plain JSON (finite numbers)") from None
        except (TypeError, RecursionError) as exc:
            raise ValueError(f"not plain JSON ({str(exc)[:80]})") from None
        return _redact_all(v)  # metadata is kept as given, but never a secret's value

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


def parse_jsonl(lines: Iterable[str], model: type[BaseModel] | Callable[[dict[str, Any]], type[BaseModel]], *,
                max_chars: int | None = None, where: str = "", note: str = "; nothing was written",
                setting: str = "max_text_chars", context: dict[str, Any] | None = None) -> list[Any]:
    """Parse and validate JSON Lines; all or nothing.

    A line is JSON text or an already parsed object (a dict, as :meth:`memcli.Memory.export`
    yields); anything else is a bad line. Blank lines are skipped but counted. With ``max_chars``,
    each record's ``text`` is checked as :func:`check_text` does (blank, too long), so those
    errors name the line too (not a :class:`TurnRecord`'s: a turn was captured within ``max_turn_chars``).
    ``lines`` itself a str (a file name, one line) is refused, not read character by character.
    Raises BadInputError naming the first bad line number (prefixed by ``where``, e.g. a
    file name, and followed by ``note``); in that case nothing is written (the valid lines
    are not kept either). ``model`` is a pydantic model, or a function that picks one for each
    line's JSON object (:func:`record_model`). ``context`` is pydantic's validation context (``{"refuse_future":
    True}``: an ``at`` more than a day ahead is a bad line).
    """
    if isinstance(lines, str | bytes):  # round 31: a path or one line iterated as characters said "line 1: not JSON"
        one = str(lines).lstrip().startswith("{")
        what, hint = ("one str", "for one line: [line]") if one else ("a file name", "open(path, encoding='utf-8')")
        raise BadInputError(f"expected the lines (an open file, a list of str), got {what} ({str(lines)[:40]!r}); "
                            f"give {hint}{note}")
    out = []
    for n, line in enumerate(lines, start=1):
        number = f"{where} line {n}" if where else f"line {n}"
        if not isinstance(line, str | dict):  # (Memory.export's dicts are taken as they are)
            raise BadInputError(f"{number}: expected a line of JSON text or a dict, got {type(line).__name__}{note}")
        if isinstance(line, str) and not line.strip():
            continue
        try:
            data = json.loads(line) if isinstance(line, str) else line
            if not isinstance(data, dict):
                raise ValueError("expected a JSON object")
            rec = (model if isinstance(model, type) else model(data)).model_validate(data, context=context)
            if max_chars is not None and hasattr(rec, "text") and not isinstance(rec, TurnRecord):  # a turn: any length
                check_text(rec.text, max_chars, setting=setting)
            out.append(rec)
        except BadInputError as exc:
            raise BadInputError(f"{number}: {exc}{note}") from None
        except ValidationError as exc:
            raise BadInputError(f"{number}: {validation_line(exc)}{note}") from None
        except json.JSONDecodeError as exc:  # its own "line 1 column 9" is the line's, not the file's (round 31)
            why = exc.msg.removesuffix(" starting at")[:80]  # ("Unterminated string starting at")
            raise BadInputError(f"{number}: not valid JSON at column {exc.colno}: {why}{note}") from None
        except ValueError as exc:
            raise BadInputError(f"{number}: not valid JSON ({str(exc).splitlines()[0][:80]}){note}") from None
        except RecursionError:  # e.g. "[[[[…" thousands deep: json recurses per level
            raise BadInputError(f"{number}: JSON nested too deeply{note}") from None
    return out


def _when(v: object, info: ValidationInfo) -> object:
    """A time field of a format-2 line: ISO-8601 text (or a datetime) → aware UTC."""
    return v if v is None else parse_at(v if isinstance(v, datetime) else str(v), field=info.field_name or "at")


def _turn_text(v: str) -> str:
    """A turn's text as capture stores it: a secret's value replaced (:func:`memcli.sensitive.redact`)."""
    return redact(v)


class SourceRecord(BaseModel):
    """A turn (or explicit statement) a memory came from, inside a :class:`StoredRecord`."""

    model_config = ConfigDict(extra="forbid", defer_build=True, allow_inf_nan=False)

    id: int = Field(description="its id in the exporting store (links events to it)")
    role: Literal["user", "assistant", "system", "explicit"]
    text: str
    at: datetime = Field(description="occurred_at: when it was said (world time)")
    recorded_at: datetime = Field(description="when memcli stored it (system time)")
    session: str | None = None
    episode: bool | None = Field(None, description="a user turn the exporting store quoted as an episode (true) or "
                                 "not (false); absent: not recorded (a statement, a file of an older memcli)")

    _times = field_validator("at", "recorded_at", mode="before")(_when)
    _redacted = field_validator("text")(_turn_text)


def _redact_all(v: Any) -> Any:
    """``v`` with every string in it redacted (:func:`memcli.sensitive.redact`), dicts and lists walked."""
    if isinstance(v, str):
        return redact(v)
    if isinstance(v, dict):
        return {k: _redact_all(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_redact_all(x) for x in v]
    return v


class EventRecord(BaseModel):
    """One audit event of a :class:`StoredRecord` (``history`` shows them); ids are the exporting store's."""

    model_config = ConfigDict(extra="forbid", defer_build=True, allow_inf_nan=False)

    id: int
    action: str
    item: int | None = None
    other: int | None = None
    source: int | None = None
    level: str | None = None
    cosine: float | None = None
    judge: str | None = None
    reason: str | None = None
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None
    at: datetime = Field(description="created_at: when the event was recorded (system time)")

    _times = field_validator("at", mode="before")(_when)

    @field_validator("reason", "before", "after")
    @classmethod
    def _redacted(cls, v: Any) -> Any:
        return _redact_all(v)  # an audit snapshot of an older store may quote a secret


class StoredRecord(BaseModel):
    """One line of format 2: a stored memory row as it is (``export`` writes it, ``import``
    restores it without a decision). Times are UTC; ``confidence``, ``salience`` in [0, 1]."""

    model_config = ConfigDict(extra="forbid", defer_build=True, allow_inf_nan=False)

    v: Literal[2]
    id: int = Field(description="its id in the exporting store (links and events refer to it)")
    text: str
    kind: Kind
    slot: str | None = None
    salience: float = Field(ge=0, le=1)
    confidence: float = Field(ge=0, le=1)
    origin: str
    at: datetime = Field(description="valid_from")
    invalid_at: datetime | None = None
    recorded_at: datetime
    expired_at: datetime | None = None
    confirmed_at: datetime = Field(description="last_confirmed_at")
    confirmations: int = Field(1, ge=1)
    supersedes: int | None = None
    superseded_by: int | None = None
    invalid_reason: str | None = None
    event_when: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    sources: list[SourceRecord] = Field(default_factory=list)
    events: list[EventRecord] = Field(default_factory=list)

    _times = field_validator("at", "invalid_at", "recorded_at", "expired_at", "confirmed_at", mode="before")(_when)
    _no_secret = field_validator("text")(MemoryRecord._no_secret.__func__)  # type: ignore[attr-defined]
    _unicode = field_validator("metadata")(MemoryRecord._unicode.__func__)  # type: ignore[attr-defined]


class TurnRecord(BaseModel):
    """A line of format 2 for a turn no memory holds (``export --all``): a drained turn — chatter, an
    episode, an assistant's turn, a turn whose memories were purged — restored as the drain recorded it,
    or a turn not drained yet (``pending``), captured again with its ``key`` for the importing store's drain."""

    model_config = ConfigDict(extra="forbid", defer_build=True, allow_inf_nan=False)

    v: Literal[2]
    turn: int = Field(description="its source id in the exporting store")
    role: Literal["user", "assistant", "system", "explicit"]
    text: str
    at: datetime = Field(description="occurred_at: when it was said (world time)")
    recorded_at: datetime = Field(description="when memcli stored it (system time)")
    session: str | None = None
    episode: bool | None = Field(None, description="a drained user turn quoted as an episode (true) or not (false: "
                                 "chatter, or an episode the user forgot); absent: never classified")
    pending: bool = Field(False, description="not drained yet (pending or dead): captured again, then drained")
    key: str | None = Field(None, description="its capture idempotency key (a pending turn's)")

    _times = field_validator("at", "recorded_at", mode="before")(_when)
    _redacted = field_validator("text")(_turn_text)

    @model_validator(mode="after")
    def _capturable(self) -> TurnRecord:
        if self.pending and (self.role not in ("user", "assistant") or not self.key):
            raise ValueError("a pending turn is a user's or assistant's turn with its key")
        return self


class EndRecord(BaseModel):
    """The last line of a format-2 export: how many memory lines (and turn lines) come before it."""

    model_config = ConfigDict(extra="forbid", defer_build=True, allow_inf_nan=False)

    v: Literal[2]
    records: int = Field(ge=0)
    turns: int = Field(0, ge=0)


class ImportResults(list):
    """What ``import`` wrote: one :class:`~memcli.models.DecisionResult` per memory line written, and
    ``turns`` / ``turns_skipped``: the turn lines (:class:`TurnRecord`) restored / already present."""

    turns: int = 0
    turns_skipped: int = 0


def record_model(data: dict[str, Any]) -> type[BaseModel]:
    """The model of one import line: :class:`MemoryRecord` without ``v``; with ``"v": 2``
    :class:`TurnRecord` (a ``turn``), :class:`EndRecord` (``records``, or nothing but ``v`` / ``turns``) or
    :class:`StoredRecord` (a memory line missing its ``text`` is told so, not that it lacks ``records``).
    Raises BadInputError for another ``v``."""
    if "v" not in data:
        return MemoryRecord
    if data["v"] != FORMAT:
        raise BadInputError(f"unknown format v={data['v']!r} (this memcli reads lines without v, and v=2)")
    if "turn" in data:
        return TurnRecord
    return EndRecord if "records" in data or data.keys() <= {"v", "turns"} else StoredRecord


def complete_records(recs: Sequence[BaseModel], where: str = "") -> list[BaseModel]:
    """``recs`` without the format-2 end line, after checking it: a file with format-2 lines
    must end with ``{"v": 2, "records": N, "turns": M}``, N and M the numbers of memory and turn lines
    (``turns`` absent: 0), ids unique. ``where`` (a file name) begins each error, as :func:`parse_jsonl`'s.

    Raises:
        BadInputError: no end line (truncated), a line after it, a count or id that does not match.
    """
    ends = [i for i, r in enumerate(recs) if isinstance(r, EndRecord)]
    stored = [r for r in recs if isinstance(r, StoredRecord)]
    turns = [r for r in recs if isinstance(r, TurnRecord)]
    if not stored and not turns and not ends:
        return list(recs)
    note, file = "; nothing was written", f"{where}: " if where else ""
    if not ends:
        raise BadInputError(f"{file}the file has no end line {{\"v\": 2, \"records\": N}}: truncated?{note}")
    if len(ends) > 1 or ends[0] != len(recs) - 1:
        raise BadInputError(f"{file}the end line {{\"v\": 2, ...}} must be the last line, once{note}")
    end = recs[ends[0]]
    assert isinstance(end, EndRecord)
    if end.records != len(stored):
        raise BadInputError(f"{file}the end line says {end.records} memory line(s), the file has {len(stored)}: "
                            f"truncated or edited{note}")
    if end.turns != len(turns):
        raise BadInputError(f"{file}the end line says {end.turns} turn line(s), the file has {len(turns)}: "
                            f"truncated or edited{note}")
    for what, ids in (("memory lines have the same id", [r.id for r in stored]),
                      ("turn lines have the same turn", [r.turn for r in turns])):
        if len(set(ids)) != len(ids):
            twice = next(i for n, i in enumerate(ids) if i in ids[:n])
            raise BadInputError(f"{file}two {what} {twice}{note}")
    return list(recs[:-1])
