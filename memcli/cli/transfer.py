"""Commands that move a store's memories in bulk: import, export, rebuild-episodes, reembed
(split out of :mod:`memcli.cli.memories`)."""

from __future__ import annotations

import json
import sys
from typing import Annotated

import typer

from memcli.cli.app import (
    DbOpt,
    JsonOpt,
    ModelOpt,
    UserOpt,
    app,
    emit_json,
    info,
    no_database_error,
    open_admin,
    open_memory,
    progress_bar,
    read_lines,
    settings_for,
)
from memcli.cli.memories import FutureOpt
from memcli.errors import BadInputError
from memcli.paths import missing_database


@app.command("import")
def import_(
    file: Annotated[str, typer.Argument(help="JSON Lines file, or - for stdin")],
    allow_future: FutureOpt = False,
    db: DbOpt = None, user: UserOpt = None, model: ModelOpt = None, as_json: JsonOpt = False,
) -> None:
    """Import memories from JSON Lines: what `export` writes, or {"text", "kind"?, "at"?, ...} lines.

    A line of `export` ("v": 2) is restored as its own row, as it was — fields, times,
    sources, links and history — with no decision, so nothing merges; ids are new. A line
    without "v" is written as `remember` does (through the decision). All lines are validated
    first; one bad line (named by number), or an export without its last line (truncated),
    imports nothing. Importing the same file again changes nothing: a memory already present
    (an export line: same text, "at" and "recorded_at") is skipped and counted ("skipped N
    already present"; --json: "skipped"); memories already in the store are never changed.

    Examples:

      memcli export --all > mine.jsonl && memcli --db other.db import mine.jsonl

      echo '{"text": "I take my coffee without sugar", "kind": "preference"}' | memcli import -
    """
    lines = read_lines(file)
    with open_memory(db, user, model) as mem:
        recs = mem.read_records(lines, allow_future=allow_future, where="stdin" if file == "-" else file)
        prog, advance = progress_bar(len(recs), "embedding", enabled=not as_json)
        with prog:
            results = mem.import_records(recs, progress=advance)
    counts: dict[str, int] = {}
    for r in results:
        counts[r.decision.value] = counts.get(r.decision.value, 0) + 1
    turns, turns_skipped = getattr(results, "turns", 0), getattr(results, "turns_skipped", 0)
    skipped = len(recs) - len(results) - turns - turns_skipped
    if as_json:
        emit_json({"records": len(results), "skipped": skipped, "decisions": counts, "results": results,
                   "turns": turns, "turns_skipped": turns_skipped})
    else:
        detail = ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or (
            "nothing new" if recs else "the input had no records")
        info(f"imported {len(results)} record(s): {detail}" + (f"; skipped {skipped} already present" if skipped
                                                               else ""))
        if turns or turns_skipped:
            info(f"turns no memory holds: {turns} restored" + (f", {turns_skipped} already present"
                                                               if turns_skipped else ""))


@app.command()
def export(
    all_: Annotated[bool, typer.Option(
        "--all", help="everything: also invalidated, superseded and forgotten memories (with invalid_at/"
        "expired_at), and the turns no memory holds")] = False,
    episodes: Annotated[bool, typer.Option(
        "--episodes", help="export the episodes instead (quoted turns no memory holds), as the records "
        "`capture -` reads")] = False,
    db: DbOpt = None, user: UserOpt = None,
) -> None:
    """Export the user's memories as JSON Lines on stdout (the format `import` reads).

    One line per memory as stored (format "v": 2: fields, times, sources, links, history
    events), oldest id first, then an end line {"v": 2, "records": N}. Only the active ones
    unless --all. --all is a faithful copy: every memory, then one line per turn no memory
    holds (chatter, episodes, assistant turns, turns not drained yet), which `import` restores
    as the drain recorded them.

    With --episodes: the user's episodes, as capture records (text, role, at, session, key);
    `memcli capture -` in another database takes them back (the drain classifies them again).

    Examples: memcli --user alice export --all > alice.jsonl;  memcli export --episodes > said.jsonl
    """
    if all_ and episodes:
        raise BadInputError("--all and --episodes are two exports: --all already holds every turn "
                            "(import reads it), --episodes writes capture records; choose one")
    settings = settings_for(db, user, uses_model=False)
    if (missing := missing_database(settings.db)) is not None:
        raise no_database_error(missing)  # before the first line: a stand-in would write an empty export
    with open_memory(settings=settings, creates=False) as mem:
        for rec in (mem.export_episodes() if episodes else mem.export(include_all=all_)):
            sys.stdout.write(json.dumps(rec, ensure_ascii=False) + "\n")


@app.command("rebuild-episodes")
def rebuild_episodes(db: DbOpt = None, as_json: JsonOpt = False) -> None:
    """Classify and embed every user's drained turns that have no episode record yet.

    Needed once after upgrading a database whose turns were drained before episodes existed
    (new turns are recorded by `drain`); `reembed` re-embeds the episodes itself. Resumable:
    a killed run loses at most one batch.

    Example: memcli rebuild-episodes
    """
    with open_admin(db, None, creates=False) as adm:
        out = adm.rebuild_episodes()
    emit_json(out) if as_json else info(f"classified {out['turns']} turn(s): {out['episodes']} kept as episodes "
                                        f"({out['model']})")


@app.command()
def reembed(
    db: DbOpt = None, user: UserOpt = None, model: ModelOpt = None, as_json: JsonOpt = False,
) -> None:
    """Re-embed every memory (of every user) with the configured (or --model) model.

    Needed after changing the model: the database records which model its vectors came
    from and refuses to mix two. A database made with all-MiniLM-L6-v2 (the default before)
    keeps working with it; `memcli reembed` moves it to the default use-multilingual-v3.

    Examples: memcli reembed;  memcli reembed --model /models/paraphrase-multilingual-MiniLM-L12-v2
    """
    with open_admin(db, model, creates=False) as adm:
        prog, advance = progress_bar(adm.item_count(), "re-embedding", enabled=not as_json)
        with prog:
            out = adm.reembed(model, progress=advance)  # no --model: the configured (default) model
    emit_json(out) if as_json else info(f"re-embedded {out['items']} item(s) and {out.get('episodes', 0)} episode(s) "
                                        f"with {out['model']} (dim {out['dim']})")
