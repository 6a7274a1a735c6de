"""Governance of what a store holds: ``redact-secrets`` (secrets stored before capture redacted them)."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from memcli.cli.app import GLOBALS, DbOpt, JsonOpt, UserOpt, app, console, emit_json, info, open_admin, open_memory
from memcli.errors import BadInputError


@app.command("redact-secrets")
def redact_secrets(
    apply: Annotated[bool, typer.Option("--apply", help="rewrite the rows (default: a dry run that only counts)")]
    = False,
    all_users: Annotated[bool, typer.Option(
        "--all-users", help="every user's text, for the operator (instead of one --user)")] = False,
    db: DbOpt = None, user: UserOpt = None, as_json: JsonOpt = False,
) -> None:
    """Find secrets stored before capture redacted them; redact them with --apply.

    Scans the user's stored text — captured turns, memories, their metadata, audit events, the
    outbox — for what `capture` now never stores: passwords, PINs, one-time codes, card, account
    and ID numbers, API keys, turns said in confidence. It shows what it would redact, by kind and
    count, never the secret itself; nothing is written without --apply. With --apply, one
    transaction rewrites the rows with the placeholder capture stores instead of a secret, the
    changed memories are re-indexed and re-embedded, changed turns stop being episodes; then the
    database is compacted and its bytes checked: no redacted value is left. A second run finds
    nothing.

    Examples:

      memcli --user alice redact-secrets

      memcli --user alice redact-secrets --apply

      memcli redact-secrets --all-users --apply --json
    """
    if all_users and (user is not None or GLOBALS.user is not None):
        raise BadInputError("--all-users scans every user's text; leave out --user (or leave out --all-users)")
    with open_admin(db, creates=False) if all_users else open_memory(db, user, creates=False) as engine:
        out = engine.redact_secrets(apply=apply)
    if as_json:
        emit_json(out)
        return
    _render(out)


#: what each ``table.column`` of the JSON is, for people
_LABELS = {"memory_sources.content": "captured turns", "memory_items.statement": "memory statements",
           "memory_items.metadata": "memory metadata", "memory_events.reason": "audit events (reason)",
           "memory_events.before": "audit events (before)", "memory_events.after": "audit events (after)",
           "memory_capture_outbox.last_error": "outbox errors"}


def _render(out: dict[str, Any]) -> None:
    """The report for people: counts on stdout, what to do next on stderr."""
    from memcli.sensitive import redacted_line

    who = f"user {out['user']}" if out["user"] is not None else "every user"
    if not out["rows"]:
        info(f"no stored secrets found ({who})")
        return
    n = sum(out["redacted"].values())
    verb = "redacted" if out["applied"] else "would redact"
    console.print(f"{verb} {n} stored secret(s) in {out['rows']} row(s) of {out['users']} user(s) ({who}): "
                  f"{redacted_line(out['redacted'])}", markup=False, highlight=False)
    for col, count in out["columns"].items():
        console.print(f"  {_LABELS.get(col, col):<24} {count} row(s)", markup=False, highlight=False)
    if out["memories"]:
        console.print(f"  {out['memories']} memory statement(s) {'were' if out['applied'] else 'would be'} "
                      "re-indexed and re-embedded", markup=False, highlight=False)
    if out["applied"] and not out["verified"]:
        info(f"{out['episodes']} turn(s) stopped being episodes; database compacted, but {out['note']}")
    elif out["applied"]:
        info(f"{out['episodes']} turn(s) stopped being episodes; database compacted, and no redacted value is "
             "left in its bytes")
    else:
        info("dry run: nothing was written; run again with --apply to redact them")
