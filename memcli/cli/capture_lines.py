"""``memcli capture -``: stdin's JSON Lines checked, and the command's options applied to them.

The options of ``capture`` mean with ``-`` what they mean with a text argument (no option is
ignored): ``--role``, ``--at`` and ``--session`` say who said each turn, when and in which
conversation, for every line that does not say it itself; ``--key`` names the one turn stdin holds.
Where an option cannot mean that — a line that says otherwise, ``--key`` for two turns or more —
the command refuses, naming the line, and writes nothing.
"""

from __future__ import annotations

import json
from typing import Any

from memcli.errors import BadInputError
from memcli.models import Role

__all__ = ["apply_options", "utterance_lines"]

_NOTE = "; nothing was written"


def utterance_lines(lines: list[str]) -> list[str]:
    """stdin's lines for ``capture -``, checked for what a user who meant plain text sends.

    Raises:
        BadInputError: no utterance at all (empty stdin), or a line that is plain text rather than
            JSON (``capture -`` reads JSON Lines), named by its number; nothing is written.
    """
    for n, line in enumerate(lines, start=1):
        if line.strip() and not line.lstrip().startswith(("{", "[")):
            try:
                json.loads(line)
            except ValueError:
                raise BadInputError(
                    f'line {n}: not JSON; `capture -` reads JSON Lines, one {{"text": ...}} per line '
                    f'(plain text: memcli capture "..."){_NOTE}'
                ) from None
    if not any(line.strip() for line in lines):
        raise BadInputError('stdin: no utterance; `capture -` reads JSON Lines, one {"text": ...} per line')
    return lines


def _same(field: str, mine: Any, given: str) -> bool:
    """Whether a line's own value of ``field`` says what the option says (times compared as instants)."""
    if field == "at" and isinstance(mine, str):
        from memcli.timeutil import parse_at

        try:
            return parse_at(mine, field="at") == parse_at(given)
        except BadInputError:
            return False
    return mine == given


def apply_options(
    lines: list[str],
    *,
    role: str | None = None,
    at: str | None = None,
    session: str | None = None,
    key: str | None = None,
) -> list[str]:
    """``lines`` (JSON Lines of utterances) with each option given (not None) set on every line that
    lacks that field (or has it null); a line that is no JSON object is left for the parser to name.

    Raises:
        BadInputError: ``--at`` is no ISO-8601 time, ``--role`` no role; ``--key`` with more than one utterance; a line
            whose own role, at, session or key differs from the option's (named by its number).
    """
    given = {f: v for f, v in (("role", role), ("at", at), ("session", session), ("key", key)) if v is not None}
    if not given:
        return lines
    if at is not None:  # a bad option is named as such, not as a line's field
        from memcli.timeutil import parse_at

        parse_at(at, field="--at")
    if role is not None and role not in {r.value for r in Role}:
        raise BadInputError(f"--role must be {' or '.join(r.value for r in Role)}, got {role!r}")
    turns = sum(1 for line in lines if line.strip())
    if key is not None and turns > 1:
        raise BadInputError(f'--key names one turn and stdin holds {turns}: give each line its own "key"{_NOTE}')
    out = []
    for n, line in enumerate(lines, start=1):
        try:
            data = json.loads(line) if line.strip() else None
        except (ValueError, RecursionError):
            data = None
        if not isinstance(data, dict):
            out.append(line)
            continue
        for field, value in given.items():
            if data.get(field) is None:
                data[field] = value
            elif not _same(field, data[field], value):
                raise BadInputError(
                    f'line {n}: its "{field}" is {json.dumps(data[field], ensure_ascii=False)[:60]} '
                    f"but --{field} says {value!r}: give one or the other{_NOTE}"
                )
        out.append(json.dumps(data, ensure_ascii=False))
    return out
