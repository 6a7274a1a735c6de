"""The MCP server's tool errors: what went wrong, in which tool, and what the model can do next (round 41).

The library's errors are written for a person at a terminal ("no memory with id 99 for user 'alice'", "text is
20000 characters; the limit is 4000 (max_text_chars)"), and the CLI and its tests keep them. A model calling a tool
over MCP reads them too, and needs two things more: which tool failed (it may have called several) and what call
would work (find the id with search; shorten the text). It cannot change a setting or choose the user, so those are
left out. :func:`tool_error` rewrites a :class:`~memcli.errors.MemcliError` of a tool call for the model; the CLI's
``memcli tools call`` prints the library's own text.
"""

from __future__ import annotations

import re

from memcli.errors import BadInputError, MemcliError, NotFoundError, StoreError

__all__ = ["EXAMPLES", "tool_error"]

#: a call of each tool that works, shown when its arguments were wrong
EXAMPLES = {
    "remember": '{"text": "I take my coffee without sugar", "kind": "preference"}',
    "correct": '{"id": 25, "text": "My sister lives in Porto now"}',
    "forget": '{"id": 25}',
    "search": '{"query": "coffee", "limit": 5}',
}
_FOR_USER = re.compile(r" for user '(?:[^'\\]|\\.)*'|\s*\((?:max_text_chars|setting [a-z_]+)\)")
_NO_ID = re.compile(r"no memory with id (\d+)")
_FIND_ID = ("find the memory with search (its words as the query; \"raw\": true lists the nearest memories whatever "
            "they are) and pass the id it returns")


def _fix(name: str, exc: MemcliError, text: str) -> str:
    """What the model can do about ``exc`` raised by tool ``name`` ("" when the text says it already)."""
    if isinstance(exc, NotFoundError):
        return _FIND_ID if name in ("correct", "forget") else ""
    if isinstance(exc, StoreError):
        return "the memory store is busy or unavailable: try the call again later"
    if not isinstance(exc, BadInputError):
        return ""
    if text.startswith("unknown tool"):
        return "call one of those tools"
    if "characters; the limit is" in text:
        return "pass one short statement of the fact"
    if "was forgotten" in text or "password manager" in text or "is an episode" in text:
        return ""  # the text says what to do
    if name in EXAMPLES:
        return f"call it as {EXAMPLES[name]}"
    return ""


def tool_error(name: str, exc: MemcliError) -> str:
    """The one-line error an MCP client gets for tool ``name`` failing with ``exc``: ``"<tool>: <what went wrong>;
    <what to do>"`` — the library's message without the user's id or a setting's name (the model chooses neither),
    the tool named once, and a fix: find the id with search (a memory that is not this user's), a call that works
    (bad arguments), shorten the text, try again (a busy store)."""
    text = _FOR_USER.sub("", str(exc)).strip().rstrip(".")
    text = _NO_ID.sub(r"no memory #\1 among this user's memories", text)
    if not text.startswith(f"{name}:") and not text.startswith("unknown tool"):
        text = f"{name}: {text}"
    text = text.replace("; nothing was done", "")
    fix = _fix(name, exc, text)
    done = "" if "not run" in text else "; nothing was done"
    return f"{text}{done}" + (f"; {fix}" if fix else "")
