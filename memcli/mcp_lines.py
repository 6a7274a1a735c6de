"""Lines from an MCP client that the SDK's stdio parser refuses, answered instead of dropped.

The SDK (``mcp.server.stdio``) parses each line of stdin as one JSON-RPC message; a line it
cannot take becomes a ``ValidationError`` that its server logs and drops, so a client that sent
a request waits for an answer that never comes. :func:`recover` says what to do instead, by
kind of line (JSON-RPC 2.0, section 5.1 error codes):

- blank: nothing (no message, nothing to answer);
- JSON with an unpaired surrogate (``"\\ud83d"``, an emoji a client cut in two): read, the
  surrogates dropped as :func:`memcli.text.clean_text` drops them;
- not JSON, or JSON nested too deeply to parse: a parse error (-32700) with the request's id
  (null when none precedes its params);
- JSON that is no JSON-RPC request (a batch array, a number, an object without ``method``,
  ``params`` that are no object, ``jsonrpc`` other than ``"2.0"``): an invalid-request error
  (-32600) saying which, with the request's id (one per request of a batch; null when there is
  none). A client's response (``result`` or ``error``, no ``method``) is never answered.
"""

from __future__ import annotations

import json
import re
from typing import Any

from mcp import types
from mcp.shared.message import SessionMessage
from pydantic import ValidationError

__all__ = ["recover"]

_SURROGATE = re.compile("[\ud800-\udfff]")
_ID = re.compile(r'"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")')
_NOT_FOUND = object()


def _surrogate_free(v: Any) -> Any:
    """``v`` (parsed JSON) with unpaired surrogates dropped from every string, keys included."""
    if isinstance(v, str):
        return _SURROGATE.sub("", v)
    if isinstance(v, list):
        return [_surrogate_free(x) for x in v]
    if isinstance(v, dict):
        return {_surrogate_free(k): _surrogate_free(x) for k, x in v.items()}
    return v


def _error(request_id: Any, code: int, message: str) -> SessionMessage:
    return SessionMessage(types.JSONRPCError(jsonrpc="2.0", id=request_id,
                                             error=types.ErrorData(code=code, message=message)))


def _id_of(data: Any) -> int | str | None:
    """A request's id when it is one JSON-RPC allows (a string or an integer), else None."""
    rid = data.get("id") if isinstance(data, dict) else None
    return rid if isinstance(rid, str) or (isinstance(rid, int) and not isinstance(rid, bool)) else None


def _what_is_wrong(data: Any) -> str:
    """Why ``data`` (parsed JSON) is no JSON-RPC 2.0 request, in a few words."""
    if isinstance(data, list):
        return "a batch (JSON array) is not supported; send one JSON object per line"
    if not isinstance(data, dict):
        kind = "null" if data is None else "true or false" if isinstance(data, bool) else (
            "a string" if isinstance(data, str) else "a number")
        return f"a message is a JSON object, got {kind}"
    if data.get("jsonrpc") != "2.0":
        return 'jsonrpc must be "2.0"'
    if not isinstance(data.get("method"), str):
        return "method must be a string" if "method" in data else "no method"
    if "params" in data and not isinstance(data["params"], dict):
        return "params must be an object"
    return "not a JSON-RPC 2.0 request"


def _invalid(data: Any) -> tuple[str, list[SessionMessage]] | None:
    """Invalid-request errors for ``data``, JSON that is no message the SDK takes; None for a
    client's response (never answered)."""
    if isinstance(data, dict) and "method" not in data and ("result" in data or "error" in data):
        return None
    why = f"Invalid Request: {_what_is_wrong(data)}"
    ids = [_id_of(x) for x in data if isinstance(x, dict) and "method" in x] if isinstance(data, list) else [
        _id_of(data)]
    ids = [i for i in ids if i is not None] or [None]
    return "write", [_error(i, types.INVALID_REQUEST, why) for i in ids]


def _parsed(errors: list[Any]) -> Any:
    """The whole parsed line behind the SDK's validation ``errors``: the input of an error about the
    message itself (a wrong type, a missing field), not about one of its values; else _NOT_FOUND."""
    for e in errors:
        loc = e.get("loc", ())
        if len(loc) <= 1 or (e.get("type") == "missing" and len(loc) == 2):
            return e.get("input")
    return _NOT_FOUND


def recover(exc: Exception) -> tuple[str, list[SessionMessage]] | None:
    """What to do with a line the SDK's parser refused (its ``ValidationError``), which it would
    drop without an answer: ``("read", [message])`` to serve (a surrogate dropped), ``("write",
    errors)`` to answer at once (none for a blank line), or None (the SDK's own handling). The
    kinds of line: see the module docstring."""
    errors = exc.errors() if isinstance(exc, ValidationError) else []
    if not errors:
        return None
    if errors[0].get("type") != "json_invalid":  # JSON, but no message the SDK takes
        data = _parsed(errors)
        return None if data is _NOT_FOUND else _invalid(data)
    raw = errors[0].get("input")
    if not isinstance(raw, str):
        return None
    if not raw.strip():
        return "write", []
    try:
        data = json.loads(raw)
    except (RecursionError, ValueError) as err:  # the request's id when it comes before its params, else null
        m = _ID.search(raw[:raw.find('"params"')] if '"params"' in raw else raw[:200])
        why = "JSON nested too deeply" if isinstance(err, RecursionError) else "not valid JSON"
        return "write", [_error(json.loads(m.group(1)) if m else None, types.PARSE_ERROR, f"Parse error: {why}")]
    try:
        return "read", [SessionMessage(types.jsonrpc_message_adapter.validate_python(_surrogate_free(data),
                                                                                    by_name=False))]
    except ValidationError:
        return _invalid(data)
    except RecursionError:
        return None
