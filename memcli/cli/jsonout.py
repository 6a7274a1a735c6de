"""JSON on stdout for every command, the Typer app's and the fast paths' (no typer or rich here)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

__all__ = ["emit_context", "emit_json", "to_jsonable", "with_subjects"]


def emit_json(data: Any) -> None:
    """Write JSON to stdout (UTF-8, not ASCII-escaped). Pydantic models are dumped in JSON mode."""
    sys.stdout.write(json.dumps(to_jsonable(data), ensure_ascii=False, indent=2) + "\n")
    sys.stdout.flush()


def emit_context(res: Any, fmt: str, note: bool = True, missing: Any = None) -> None:
    """Write a :class:`~memcli.read.context.ContextResult` to stdout as ``context`` prints it: ``json``
    (the whole result), ``messages`` (the chat messages) or the block's text (nothing when empty).

    With ``note``, an empty block the time budget cut short (``degraded``, or the reason "budget
    exceeded") also gets one line on
    stderr, so a caller of the text or messages form can tell "nothing relevant" from "ran out of
    time" (``json`` carries ``degraded`` itself; ``--verbose`` says it anyway). An empty block whose relevant
    hits did not fit in ``max_tokens`` (its frame alone may not) says so the same way. ``missing``: the
    database file that is not there (the block came from an empty stand-in), said in one line whatever
    the format."""
    if missing is not None:
        from memcli.paths import missing_note

        sys.stderr.write(f"memcli: note: no memory block: {missing_note(missing)}\n")
        sys.stderr.flush()
    short = res.cut_short
    if note and fmt != "json" and short:
        sys.stderr.write(f"memcli: note: no memory block, and the time budget cut the search short ({short}); "
                         "run it again or raise --budget-ms\n")
        sys.stderr.flush()
    elif note and fmt != "json" and not res.text and res.skipped_for_tokens:
        sys.stderr.write(f"memcli: note: no memory block, though {res.skipped_for_tokens} relevant "
                         f"{'memory was' if res.skipped_for_tokens == 1 else 'memories were'} found: {res.reason}; "
                         "raise --max-tokens\n")
        sys.stderr.flush()
    if fmt == "json":  # (the read path's own writer: no serializer is built for a cold process)
        from memcli.read.results import plain

        out = plain(res, json=True)
        out["hits"] = with_subjects(out.get("hits") or [])
        emit_json(out)
    elif fmt == "messages":
        emit_json(res.messages)
    elif res.text:
        sys.stdout.write(res.text + "\n")
        sys.stdout.flush()


def to_jsonable(data: Any) -> Any:
    from pydantic import BaseModel

    if isinstance(data, BaseModel):
        return data.model_dump(mode="json")
    if isinstance(data, dict):
        return {k: to_jsonable(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [to_jsonable(v) for v in data]
    if isinstance(data, Path):
        return str(data)
    return data


def with_subjects(rows: Any) -> list[dict[str, Any]]:
    """``rows`` (memories or hits: models or their JSON dicts) as JSON dicts, each with ``subject`` after its
    ``slot``: whose fact it is — ``"user"``, a relation key or chain (``"wife"``, ``"wife.brother"``),
    ``"person:<name>"``, or null (a thing's fact, a quoted turn). The row's own ``subject`` (``MemoryItem`` and
    ``Hit`` carry it), else :func:`memcli.read.person.subject_of` of the row: one reading for every interface
    (docs/formats.md)."""
    out = []
    for r in rows:
        d = to_jsonable(r)
        if isinstance(d, dict) and "statement" in d:
            if "subject" in d:
                subject = d.pop("subject")
            else:
                from memcli.read.person import subject_of

                subject = subject_of(d)
            placed: dict[str, Any] = {}
            for k, v in d.items():
                placed[k] = v
                if k == "slot":
                    placed["subject"] = subject
            placed.setdefault("subject", subject)
            d = placed
        out.append(d)
    return out
