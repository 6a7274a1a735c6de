"""Reading what a language model actually replies (issue 15 §1).

Models asked for "JSON only" answer with fenced JSON (```` ```json … ``` ````), a sentence
before or after it, a ``<think>…</think>`` block first (reasoning models), or ``"conflict"``
where ``"CONFLICT"`` was asked. :func:`first_json_value` takes the first JSON value out of
such a reply; the pydantic schema then validates it as before. When nothing can be read,
:class:`~memcli.errors.ExtractionError` carries a truncated, one-line copy of the reply
(:func:`reply_excerpt`), so the task's stored error shows what the model said.
:func:`judgement_schema` bounds what a judgement may be, for servers whose output a JSON schema
constrains (llama.cpp turns it into a grammar).

Pure functions, no network.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from memcli.errors import ExtractionError

__all__ = ["REPLY_EXCERPT_CHARS", "first_json_value", "judgement_schema", "parse_reply", "reply_excerpt"]

#: characters of the model's reply kept in an error (the outbox keeps one line of 500)
REPLY_EXCERPT_CHARS = 200
#: longest reply read at all (a runaway generation is an error, not minutes of parsing)
MAX_REPLY_CHARS = 200_000

_THINK = re.compile(r"<(think|thinking|reasoning|reflection)>.*?</\1>", re.S | re.I)
_OPEN_THINK = re.compile(r"^\s*<(think|thinking|reasoning)>.*", re.S | re.I)  # never closed: all reasoning
_FENCE = re.compile(r"```[ \t]*([A-Za-z0-9_+-]*)[ \t]*\r?\n?(.*?)```", re.S)


def reply_excerpt(text: object, limit: int = REPLY_EXCERPT_CHARS) -> str:
    """A one-line, truncated copy of a reply for an error message (``repr`` escapes breaks)."""
    t = text if isinstance(text, str) else repr(text)
    cut = t[:limit]
    return repr(cut) + (f"… ({len(t)} chars)" if len(t) > limit else "")


_TRAILING_COMMA = re.compile(r",\s*([}\]])")


def _decode_at(text: str, start: int) -> tuple[Any, int] | None:
    """The JSON value starting at ``start``; failing that, the same with trailing commas
    dropped (``{"a": 1,}``) or as a Python literal (``{'a': 1, 'b': None}``)."""
    try:
        return json.JSONDecoder().raw_decode(text, start)
    except (ValueError, RecursionError):
        pass
    end = _matching_close(text, start)
    if end is None:
        return None
    chunk = text[start:end]
    try:
        return json.loads(_TRAILING_COMMA.sub(r"\1", chunk)), end
    except (ValueError, RecursionError):
        pass
    try:
        import ast

        value = ast.literal_eval(chunk)
    except (ValueError, SyntaxError, RecursionError, MemoryError, TypeError):
        return None
    return (value, end) if isinstance(value, (dict, list)) else None


def _matching_close(text: str, start: int) -> int | None:
    """Index after the bracket closing the one at ``start`` (quotes respected), or None."""
    depth, quote, i = 0, "", start
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'":
            quote = c
        elif c in "[{":
            depth += 1
        elif c in "]}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return None


def _scan(text: str) -> Any:
    """The first ``{…}`` or ``[…]`` in ``text`` that decodes as JSON (objects first found first)."""
    for m in re.finditer(r"[\[{]", text):
        got = _decode_at(text, m.start())
        if got is not None and isinstance(got[0], (dict, list)):
            return got[0]
    raise ValueError("no JSON object in the reply")


def first_json_value(reply: str) -> Any:
    """The first JSON object or array in a model's reply.

    In order: the whole reply (after dropping ``<think>…</think>``-style blocks); the first
    fenced code block that holds JSON (```` ```json ```` or a bare fence); the first ``{``/``[``
    anywhere that starts a valid JSON value. Raises ValueError when there is none.
    """
    if not isinstance(reply, str):
        raise ValueError(f"reply content is {type(reply).__name__}, not text")
    text = _OPEN_THINK.sub("", _THINK.sub("", reply)).strip().lstrip("\ufeff")
    if not text:
        raise ValueError("empty reply" if not reply.strip() else "the reply holds only reasoning, no answer")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    for m in _FENCE.finditer(text):
        body = m.group(2).strip()
        if not body:
            continue
        try:
            return json.loads(body)
        except (ValueError, RecursionError):
            try:
                return _scan(body)
            except ValueError:
                continue
    return _scan(text)


def parse_reply(content: object, what: str) -> dict[str, Any] | list[Any]:
    """``content`` read as one JSON object or array (see :func:`first_json_value`).

    Raises:
        ExtractionError: no JSON value in it; the message holds a truncated copy of the reply.
    """
    if isinstance(content, str) and len(content) > MAX_REPLY_CHARS:
        raise ExtractionError(f"LLM {what} reply is {len(content)} characters, over {MAX_REPLY_CHARS}; "
                              f"reply: {reply_excerpt(content)}")
    try:
        return first_json_value(content)  # type: ignore[arg-type]
    except ValueError as exc:
        raise ExtractionError(f"LLM {what} reply has no JSON object ({exc}); reply: {reply_excerpt(content)}") from None


def judgement_schema(ids: Sequence[int]) -> dict[str, Any]:
    """The judgement's JSON schema for one call: ADD with no id, or NOOP/UPDATE/CONFLICT with one of the
    ``ids`` shown. Under a grammar (llama.cpp) the model then cannot answer UPDATE with ``"target_id":
    null`` or a made-up id — what SmolLM2 did to every JSON-schema judgement (issue 21 §5)."""
    reason = {"type": "string", "maxLength": 500}
    return {"anyOf": [
        {"type": "object", "properties": {"decision": {"enum": ["ADD"]}, "target_id": {"type": "null"},
                                          "reason": reason},
         "required": ["decision", "reason"]},
        {"type": "object", "properties": {"decision": {"enum": ["NOOP", "UPDATE", "CONFLICT"]},
                                          "target_id": {"enum": list(ids)}, "reason": reason},
         "required": ["decision", "target_id", "reason"]}]}
