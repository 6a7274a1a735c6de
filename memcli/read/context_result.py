"""The context block's result and its inputs, without the read path behind them.

:class:`ContextResult`, the chat ``history`` it validates and the checks of ``context``'s
options live here, apart from :mod:`memcli.read.context` (retrieval, answerability, rendering:
~0.3 s of imports on a quiet machine, seconds on a loaded one), so that
:meth:`memcli.Memory.context` can validate a call and answer within its wall-clock budget while
a new process is still loading the read path (see its docstring).
"""

from __future__ import annotations

import re
from typing import Any, Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from memcli.errors import BadInputError
from memcli.text import clean_text, whole_number
from memcli.timeutil import MAX_DURATION_S, check_duration
from memcli.validation_words import error_words

__all__ = ["BUDGET_EXCEEDED", "ChatMessage", "ContextInputs", "ContextResult", "TOKEN_METHOD", "checked_inputs",
           "messages_of", "parse_history"]

MEMORY_ROLE = "system"
_SURROGATE = re.compile("[\ud800-\udfff]")
#: how :func:`memcli.read.render.count_tokens` counts (carried by every result)
TOKEN_METHOD = "CJK char = 1; other word piece = 1.3; other symbol = 1; line break = 1; rounded up"

class ChatMessage(BaseModel):
    """One chat message of ``--history``."""

    model_config = ConfigDict(defer_build=True)  # built when a history is given, not in every context
    role: Literal["system", "user", "assistant", "tool"]
    content: str

    @field_validator("content")
    @classmethod
    def _encodable(cls, v: str) -> str:
        """Without unpaired surrogates (JSON "\\ud800"): no UTF-8 holds them, so the messages handed
        back (HTTP's answer, the host's next model call) could not be sent. The rest is the host's, as given."""
        return _SURROGATE.sub("", v)


#: how :attr:`ContextResult.reason` starts when the time budget, not relevance, left no block
BUDGET_EXCEEDED = "budget exceeded"


class ContextResult(BaseModel):
    """The outcome of :func:`build_context`. ``text`` is "" when there is no block."""

    model_config = ConfigDict(defer_build=True)  # made by build() below, written with results.plain

    text: str = ""
    messages: list[dict[str, str]] | None = None
    lang: str
    format: str
    hits: list[Any] = Field(default_factory=list, description="the memories in the block, best first")
    tokens: int = 0
    max_tokens: int
    skipped_for_tokens: int = 0
    dropped_below_ratio: int = Field(0, description="hits left out: score below context_min_ratio x the best score")
    dropped_below_floor: int = Field(0, description="hits left out: below the answerability point (Hit.below_floor)")
    dropped_repeats: int = Field(0, description="lines left out: another line of the block holds their words whole "
                                 "(the fuller one stays; memcli.read.repeats)")
    dropped_not_told: int = Field(0, description="hits left out: the message tells (news, a remark), not asks, and "
                                  "they are not about what it tells (memcli.read.told)")
    budget_ms: int
    elapsed_ms: float
    reason: str | None = Field(None, description="why there is no block (None when there is one)")
    degraded: str | None = Field(None, description="e.g. lexical only: the dense leg missed the budget")
    timings_ms: dict[str, float] = Field(default_factory=dict, description="ms from the call's start to the end of "
                                         "retrieval (``retrieval``), and assembling the block (``block``)")
    retrieval: dict[str, Any] = Field(default_factory=dict)
    token_method: str = TOKEN_METHOD

    @property
    def cut_short(self) -> str | None:
        """Why the time budget left this block empty (``degraded``, or a "budget exceeded" reason),
        None when it had a block or relevance alone left it empty. Not part of the JSON."""
        if self.hits:
            return None
        return self.degraded or (self.reason if (self.reason or "").startswith(BUDGET_EXCEEDED) else None)


def messages_of(system: str | None, block: str, history: list[ChatMessage]) -> list[dict[str, str]]:
    out = [{"role": "system", "content": system}] if system else []
    if block:
        out.append({"role": MEMORY_ROLE, "content": block})
    return out + [m.model_dump() for m in history]


def parse_history(history: Any) -> list[ChatMessage]:
    """Validate chat history: a list of ``{"role", "content"}``. Raises BadInputError."""
    if history is None:
        return []
    if not isinstance(history, list):
        raise BadInputError("history must be a JSON list of {\"role\", \"content\"} messages")
    out = []
    for n, m in enumerate(history, start=1):
        try:
            out.append(m if isinstance(m, ChatMessage) else ChatMessage.model_validate(m))
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = ".".join(str(p) for p in err.get("loc", ())) or "message"
            raise BadInputError(f"history message {n}: {loc}: {error_words(err)}") from None
    return out


class ContextInputs(NamedTuple):
    """A ``context`` call's options, checked: what :func:`checked_inputs` returns (values it already checked: no
    second validation on every call)."""

    budget_ms: int
    max_tokens: int
    fmt: str
    lang: str | None
    system: str | None
    history: list[ChatMessage]


def checked_inputs(settings: Any, budget_ms: Any, max_tokens: Any, fmt: Any, lang: Any, system: Any,
                   history: Any) -> ContextInputs:
    """``context``'s options checked and resolved against ``settings`` (``budget_ms``, ``max_tokens``).

    Returns a :class:`ContextInputs`: ``budget_ms`` in 1 .. ~100 years of ms, ``max_tokens`` a whole number,
    ``system`` cleaned (blank: None), ``history`` as :class:`ChatMessage` s.

    Raises:
        BadInputError: bad ``fmt`` (text | json | messages), ``lang`` (zh | en), ``budget_ms``, ``max_tokens``,
            ``system`` (not text) or ``history``.
    """
    budget = settings.budget_ms if budget_ms is None else budget_ms
    if not isinstance(budget, int) or isinstance(budget, bool) or not 1 <= budget <= MAX_DURATION_S * 1000:
        # a deadline past ~100 years overflows the clock's waits: bad input, not an internal error
        budget = int(check_duration(budget, field="budget_ms", unit="ms", low=1))
    max_tok = settings.max_tokens if max_tokens is None else whole_number(max_tokens, "max_tokens")
    if fmt not in ("text", "json", "messages"):
        raise BadInputError(f"fmt must be text, json or messages (got {fmt!r})")
    if lang is not None and lang not in ("zh", "en"):
        raise BadInputError(f"lang must be zh or en (got {lang!r})")
    msgs = parse_history(history)
    if system is not None and not isinstance(system, str):  # clean_text would raise TypeError
        raise BadInputError(f"system must be text, the static system prompt (got {type(system).__name__})")
    system = clean_text(system) if system and system.strip() else None  # blank: no system message
    return ContextInputs(budget_ms=budget, max_tokens=max_tok, fmt=fmt, lang=lang, system=system, history=msgs)
