"""Whole-store commands: ``users`` (who a store holds, with counts) and ``copy-store`` (every user into
another store, SQLite or PostgreSQL) — round 42; the library side is :meth:`memcli.admin.Admin.user_summaries`
and :meth:`memcli.admin.Admin.copy_store`."""

from __future__ import annotations

from typing import Annotated

import typer

from memcli.cli.app import DbOpt, JsonOpt, app, console, emit_json, info, open_admin, progress_bar


@app.command()
def users(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """The users of the store, with their counts: memories active and ended, turns, outbox tasks pending and
    dead, API tokens.

    A user is anyone with a turn, a memory, an outbox task or a token. "ended": invalidated, superseded or
    forgotten memories, kept for history; "pending": captured turns not drained yet.

    Examples: memcli users;  memcli --db postgresql://memcli@db/memcli users --json
    """
    with open_admin(db, creates=False) as adm:
        rows = adm.user_summaries()
    if as_json:
        emit_json(rows)
        return
    if not rows:
        info("no users: nothing was captured or remembered in this store yet")
        return
    from memcli.cli.render import add_columns, table
    from memcli.db.users import COUNTS

    t = table()
    add_columns(t, ("user", *COUNTS), "user")
    for r in rows:
        t.add_row(r["user"], *(str(r[c]) for c in COUNTS))
    console.print(t)


@app.command("copy-store")
def copy_store(
    target: Annotated[str, typer.Argument(help="the store to copy into: a SQLite file (created when new) or a "
                                               "postgresql:// URL", show_default=False)],
    only: Annotated[list[str] | None, typer.Option("--only", help="copy this user only (repeat for more)",
                                                   show_default=False)] = None,
    no_tokens: Annotated[bool, typer.Option("--no-tokens", help="leave the API tokens behind")] = False,
    db: DbOpt = None, as_json: JsonOpt = False,
) -> None:
    """Copy every user of the store (--db) into another store: SQLite to PostgreSQL, back, or to another file.

    Each user is copied whole or not at all: memories with their history (valid and recorded times, confidence,
    links, audit events), the turns they came from, the turns no memory holds, and the turns not drained yet
    (pending tasks of the target's drain). Vectors are embedded again with the source's model. API tokens are
    carried as stored (hashed): clients keep their tokens. The source is only read; stop its writers (serve,
    drain) first: a drain holding a lease on the source's outbox refuses the copy. Run again, a user copied
    before is said so ("already"), not doubled; a target that holds other memories of a user is refused before
    anything is written.

    Examples:

      memcli --db ~/memcli.db copy-store postgresql://memcli:secret@db.internal/memcli

      memcli --db postgresql://memcli@db/memcli copy-store backup.db --only alice --json
    """
    with open_admin(db, creates=False) as adm:
        total = sum(u["active"] + u["ended"] for u in adm.user_summaries() if not only or u["user"] in only)
        prog, advance = progress_bar(total, "copying memories", enabled=not as_json)
        with prog:
            out = adm.copy_store(target, only=only or None, tokens=not no_tokens, progress=advance)
    if as_json:
        emit_json(out)
        return
    for u in out["users"]:
        n = u["memories"]
        what = f"{n} memor{'y' if n == 1 else 'ies'}, {u['turns']} other turn(s) ({u['pending']} not drained yet)"
        info(f"{u['user']}: {'copied' if u['status'] == 'copied' else 'already there (copied before)'}: {what}")
    tokens = f"; tokens: {out['tokens']} copied" + (f", {out['tokens_present']} already there"
                                                    if out["tokens_present"] else "")
    info(f"copied {out['copied']} user(s) to {out['target']}, {out['already']} already there{tokens}")
