"""Worker commands: ``drain`` (process the outbox) and ``outbox`` (inspect, retry dead tasks)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table

from memcli.cli.app import (
    GLOBALS,
    DbOpt,
    JsonOpt,
    ModelOpt,
    app,
    console,
    emit_json,
    info,
    open_admin,
    open_memory,
    progress_bar,
)
from memcli.cli.ids import IdCommand, positive_id
from memcli.cli.numbers import finite

# A worker serves every user: only --user on the command line narrows it (MEMCLI_USER does not,
# so an exported MEMCLI_USER never leaves other users' tasks undrained or uncounted).
WorkerUserOpt = Annotated[str | None, typer.Option("--user", "-u", show_default=False,
                                                   help="only this user's tasks (command line only: "
                                                        "MEMCLI_USER does not narrow a worker)")]


@app.command()
def drain(
    limit: Annotated[int | None, typer.Option("--limit", min=1, help="claim at most N tasks")] = None,
    loop: Annotated[bool, typer.Option("--loop", help="keep polling the outbox")] = False,
    interval: Annotated[float | None, typer.Option("--interval", parser=finite(0.01),
                                                   help="--loop: seconds between polls when idle")] = None,
    max_seconds: Annotated[float | None, typer.Option("--max-seconds", parser=finite(0.0),
                                                      help="stop claiming after this many seconds (more than 0; "
                                                           "the tasks left are counted)")] = None,
    background: Annotated[bool, typer.Option("--background", hidden=True,
                                             help="run as the per-user background drain (lock held)")] = False,
    db: DbOpt = None, user: WorkerUserOpt = None, model: ModelOpt = None, as_json: JsonOpt = False,
) -> None:
    """Process captured utterances: claim (with a lease), extract, decide, store.

    A worker: drains every user's tasks unless --user is given on the command line
    (MEMCLI_USER does not narrow it). Safe to run several at once (cron, a loop and the
    background drain of `capture --drain`): no task is extracted twice. Ctrl-C or SIGTERM
    finishes the task being written, gives the other claimed tasks back at once, prints
    "interrupted: N done, M released" and exits 130.

    Examples:

      memcli drain

      memcli drain --user alice --json

      memcli drain --loop --interval 5 --max-seconds 3600
    """
    from memcli.write.interrupt import EXIT_INTERRUPTED, Interruptible

    scope = user or GLOBALS.user
    creates = loop or background  # a worker may start before the first capture; a one-shot drain of nothing
    with Interruptible() as it, (open_memory(db, scope, model, creates=creates) if scope  # at a typo says so
                                 else open_admin(db, model, creates=creates)) as mem:
        if background:
            from memcli.write.trigger import background_lock

            with background_lock(mem.settings) as free:
                if free:
                    mem.drain(limit=limit, loop=loop, interval_s=interval, max_seconds=max_seconds, stop=it.stop)
            return
        st = mem.outbox_status()
        total = st.counts["pending"] + st.counts["processing"]
        if limit:
            total = min(total, limit)
        prog, advance = progress_bar(total, "draining", enabled=not as_json)
        with prog:
            summary = mem.drain(limit=limit, loop=loop, interval_s=interval, max_seconds=max_seconds,
                                progress=advance, stop=it.stop)
    if as_json:
        emit_json(summary)
    if summary.interrupted:  # SIGINT/SIGTERM: one line, exit 130 (see memcli.write.interrupt)
        info(f"interrupted: {summary.done} done, {summary.released} released")
        raise typer.Exit(EXIT_INTERRUPTED)
    if as_json:
        return
    info(f"drained {summary.done}/{summary.claimed} task(s) in {summary.seconds['total']:.2f}s "
         f"({summary.utterances_per_s}/s): added {summary.added}, reinforced {summary.reinforced}, "
         f"updated {summary.updated}, conflicted {summary.conflicted}; retried {summary.retried}, "
         f"dead {summary.dead}")
    if summary.forgotten or summary.forget_unmatched:  # a turn asked to forget: what it changed, or that it did not
        info(f"forgot {summary.forgotten} memory(ies) a turn asked to forget"
             + (f"; {summary.forget_unmatched} thing(s) asked named no stored memory (nothing changed for them)"
                if summary.forget_unmatched else ""))
    for e in summary.errors:
        info(f"  {e}")
    if summary.waiting:  # --max-seconds or --limit stopped it: what is left, not a silent half-drain
        info(f"{summary.waiting} task(s) still waiting in the outbox; run `memcli drain` again to go on")


outbox_app = typer.Typer(help="Inspect the capture outbox and re-queue dead tasks.\n\n"
                         "Examples:\n\n  memcli outbox --json\n\n  memcli outbox retry 12\n\n"
                         "  memcli outbox retry --all-dead", no_args_is_help=False)
app.add_typer(outbox_app, name="outbox")


@outbox_app.callback(invoke_without_command=True)
def outbox_status(
    ctx: typer.Context,
    db: DbOpt = None, user: WorkerUserOpt = None, as_json: JsonOpt = False,
) -> None:
    """Counts by status, the oldest pending age and the dead tasks with their errors.

    Example: memcli outbox --json ; memcli outbox retry 12 ; memcli outbox retry --all-dead
    """
    if ctx.invoked_subcommand is not None:
        return
    scope = user or GLOBALS.user
    with (open_memory(db, scope, creates=False) if scope else open_admin(db, creates=False)) as mem:
        st = mem.outbox_status()
    if as_json:
        emit_json(st)
        return
    age = "-" if st.oldest_pending_age_s is None else f"{st.oldest_pending_age_s:.0f}s"
    console.print(", ".join(f"{k} {v}" for k, v in st.counts.items())
                  + f"; oldest pending {age}; expired leases {st.expired_leases}")
    if st.dead:
        t = Table(title="dead tasks")
        for col in ("id", "user", "attempts", "text", "last_error"):
            t.add_column(col, overflow="fold")
        for d in st.dead:
            t.add_row(str(d.id), d.user, str(d.attempts), d.text, d.last_error or "")
        console.print(t)


@outbox_app.command("retry", cls=IdCommand)
def outbox_retry(
    task_id: Annotated[int | None, typer.Argument(help="dead task id", show_default=False, parser=positive_id)] = None,
    all_dead: Annotated[bool, typer.Option("--all-dead", help="re-queue every dead task")] = False,
    db: DbOpt = None, user: WorkerUserOpt = None, as_json: JsonOpt = False,
) -> None:
    """Re-queue a dead task (or --all-dead): pending now, attempts reset.

    Examples:

      memcli outbox retry 12

      memcli outbox retry --all-dead --json
    """
    scope = user or GLOBALS.user
    with (open_memory(db, scope, creates=False) if scope else open_admin(db, creates=False)) as mem:
        ids = mem.retry_dead(task_id, all_dead=all_dead)
    if as_json:
        emit_json({"requeued": ids})
    else:
        info(f"re-queued {len(ids)} task(s)" + (f": {', '.join(map(str, ids))}" if ids else ""))
