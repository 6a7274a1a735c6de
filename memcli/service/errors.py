"""memcli errors as HTTP answers: one JSON shape, the CLI's exit code kept beside the status.

Every error body is ``{"error": {"code", "message", "exit_code"}}``: ``code`` a stable
snake-case name (``bad_input``, ``not_found``, ``store_locked`` …), ``message`` the one line
the CLI would print, ``exit_code`` the CLI's exit code for the same error.

================================  ======  ===================
error                             status  code
================================  ======  ===================
BadInputError, ConfigError        400     bad_input / config
(no or unknown token)             401     unauthorized
(token of the wrong scope)        403     forbidden
NotFoundError                     404     not_found
(body over the size limit)        413     too_large
ExtractionError                   502     extraction
StoreLockedError                  503     store_locked (Retry-After: 1)
StoreFullError                    507     store_full
StoreError (other)                503     store
ModelMismatchError                409     model_mismatch
EmbeddingError (other)            503     embedding
anything else                     500     internal
================================  ======  ===================
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Sequence
from typing import Any

from memcli import errors as e
from memcli.validation_words import error_words

__all__ = ["ServiceError", "body", "http_message", "status_of", "undecodable_body", "validation_message"]

_MAP: list[tuple[type[e.MemcliError], int]] = [
    (e.StoreLockedError, 503),
    (e.StoreFullError, 507),
    (e.StoreError, 503),
    (e.ModelMismatchError, 409),
    (e.EmbeddingError, 503),
    (e.ExtractionError, 502),
    (e.NotFoundError, 404),
    (e.BadInputError, 400),
    (e.ConfigError, 400),
]


class ServiceError(Exception):
    """An HTTP-only refusal (401, 403, 413): ``status``, ``code``, one-line ``message``."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


def status_of(exc: e.MemcliError) -> tuple[int, str]:
    """The HTTP status and code of a memcli error (the code is the error's own ``code``)."""
    for cls, status in _MAP:
        if isinstance(exc, cls):
            return status, exc.code
    return 500, exc.code


#: a keyword argument the library's message names with a Python value (``purge=True``)
_PY_FLAG = re.compile(r"\b([a-z_]+)=(True|False)\b")


def http_message(message: str) -> str:
    """A library error's one line as an HTTP client says it: a flag named with its Python value
    (``cascade: only with purge=True``) spelled as the query parameter is (``purge=true``)."""
    return _PY_FLAG.sub(lambda m: f"{m[1]}={m[2].lower()}", message)


def body(code: str, message: str, exit_code: int) -> dict[str, Any]:
    """The JSON error body (:func:`memcli.errors.error_body`, the CLI's ``--json`` errors too)."""
    return e.error_body(code, message, exit_code)


#: what a path parameter holds, for a path that is no id (``/v1/memories/abc``)
_PATH_IDS = {"/v1/memories/": "a memory id such as 12, or a search hit's ref (m12; e12 names an episode)",
             "/v1/episodes/": "an episode id such as 13 (a search hit's episode_id), or its ref e13"}


def validation_message(errors: Sequence[Any], body: Any = None, user_fields: Collection[str] = (),
                       path: str = "") -> str:
    """The one line for FastAPI's first request-validation error (``RequestValidationError.errors()``;
    ``body``: its ``.body``, the text that failed to parse as JSON; ``path``: the request's URL path):

    - a body that is not JSON → ``body is not valid JSON: Expecting ',' delimiter at line 1 column 9``;
    - a body that is no JSON object (no ``content-type: application/json``, an array, a string) →
      ``send a JSON object with content-type: application/json``;
    - a field naming a user (``user_fields``) → the user comes from the token;
    - a path id that is no id (``/v1/memories/abc``) → ``id: must be …``, named as the docs' route
      table names it (``{id}``), saying what an id of that route looks like, not the pattern's regex;
    - else ``field: message`` in memcli's words (:func:`memcli.validation_words.error_words`: ``confidence:
      needs a finite number, got nan``; ``text: Field required``).
    """
    err = dict(errors[0]) if errors else {"loc": (), "msg": "invalid request"}
    raw_loc = tuple(err.get("loc", ()))
    if err.get("type") == "json_invalid":
        pos = raw_loc[-1] if raw_loc and isinstance(raw_loc[-1], int) else 0
        doc = body.decode("utf-8", "replace") if isinstance(body, bytes) else body if isinstance(body, str) else ""
        bad = json.JSONDecodeError(str((err.get("ctx") or {}).get("error", "JSON decode error")), doc, pos)
        return f"body is not valid JSON: {bad.msg} at line {bad.lineno} column {bad.colno}"
    if raw_loc == ("body",) and err.get("type") in ("model_attributes_type", "dict_type", "model_type", "missing"):
        return "send a JSON object with content-type: application/json"  # (no body at all: "missing")
    loc = ".".join(str(p) for p in raw_loc if p not in ("body", "query", "path"))
    if raw_loc[:1] == ("path",) and err.get("type") == "string_pattern_mismatch":  # (not pydantic's regex)
        what = next((v for k, v in _PATH_IDS.items() if path.startswith(k)), "an id such as 12")
        return f"{loc}: must be {what}, got {str(err.get('input'))[:40]!r}"
    if str(raw_loc[-1] if raw_loc else "").lower() in user_fields and err.get("type") == "extra_forbidden":
        return "the user comes from the token; no request names a user"
    return f"{loc}: {error_words(err)}" if loc else error_words(err)


def undecodable_body(cause: BaseException | None, tags: Collection[str] | None = None) -> str | None:
    """The one line for a JSON body that is not UTF-8, as the CLI says it of stdin (``body line 2:
    not valid UTF-8; nothing was written``; a read route's, tagged ``read``, does not talk about
    writing), the line for JSON nested too deeply, or None when ``cause`` (what FastAPI's
    "There was an error parsing the body" came from) is something else."""
    if isinstance(cause, RecursionError):  # "[[[[…" or {"a": {"a": … thousands deep: json recurses per level
        return "body is not valid JSON: nested too deeply"
    if not isinstance(cause, UnicodeDecodeError):
        return None
    data = cause.object if isinstance(cause.object, bytes) else b""
    note = "" if tags and "read" in tags else "; nothing was written"
    line = data[: cause.start].count(b"\n") + 1
    return f"body line {line}: not valid UTF-8{note}"
