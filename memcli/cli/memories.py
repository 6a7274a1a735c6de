"""Commands on stored memories: capture, remember, correct, forget, list, show, history,
stats (import, export, rebuild-episodes and reembed: :mod:`memcli.cli.transfer`)."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from memcli.cli import render
from memcli.cli.app import (
    DbOpt,
    JsonOpt,
    ModelOpt,
    UserOpt,
    app,
    emit_json,
    in_memory,
    info,
    open_memory,
    read_lines,
    read_text_arg,
    settings_for,
)
from memcli.cli.capture_lines import apply_options, utterance_lines
from memcli.cli.ids import IdArg, IdCommand, checked_forget_id, forget_id
from memcli.cli.jsonout import with_subjects
from memcli.errors import BadInputError, MemcliError
from memcli.paths import missing_database, missing_note

AtOpt = Annotated[str | None, typer.Option(
    "--at", help="when it was said / started to hold: ISO-8601 such as 2026-03-01 or 2026-03-01T09:30:00+08:00 "
    "(no offset = UTC; default now)")]
FutureOpt = Annotated[bool, typer.Option(
    "--allow-future", help="accept times more than a day ahead (refused by default as a likely typo)")]


def _zone_note(ats: list[Any], mem: Any, source: str = "--at") -> str | None:
    """The note for people when an --at's offset (or a JSON line's "at") is not the zone its time
    will be shown in, once per store (memcli.timeutil.zone_note_once): the first of ``ats`` with a
    note this store has not shown last, naming where its offset came from (``source``; "{line}" in it
    is the 1-based line of ``ats``). Call it while the store is open."""
    from memcli.timeutil import zone_note_once

    for n, at in enumerate(ats, start=1):
        if isinstance(at, str) and (note := zone_note_once(at, mem.settings.tz, mem.settings.timezone, mem.store,
                                                           source.format(line=n))):
            return note
    return None


@app.command()
def capture(
    text: Annotated[str, typer.Argument(help="what was said, or - to read JSON Lines from stdin")],
    role: Annotated[str | None, typer.Option(
        "--role", help="who said it: user | assistant (default user; with -: of each line without its own)",
        show_default=False)] = None,
    at: AtOpt = None,
    session: Annotated[str | None, typer.Option(
        "--session", help="conversation/session id (with -: of each line without its own)")] = None,
    key: Annotated[str | None, typer.Option(
        "--key", help="idempotency key, e.g. your message id (default: derived from user, session, role, "
        "text and --at; with -: of the one line stdin holds)")] = None,
    drain: Annotated[bool | None, typer.Option("--drain/--no-drain",
                                               help="start a background drain for this user")] = None,
    allow_future: FutureOpt = False,
    db: DbOpt = None, user: UserOpt = None, as_json: JsonOpt = False,
) -> None:
    """Record what the user said (online step: one source + one outbox row, no model).

    `memcli drain` later turns captured utterances into memories. A capture whose key was
    already seen adds nothing and says so. With -, each stdin line is one JSON object
    {"text", "role"?, "at"?, "session"?, "key"?}; one bad line (named by number) captures nothing.
    --role, --at and --session apply to every line without its own (a line that says otherwise is
    refused), --key to the one line stdin holds (refused for more).

    Examples:

      memcli --user alice capture "我咖啡不加糖"

      memcli capture "I moved to Lyon" --at 2026-08-18T09:00:00Z --key msg-42

      printf '{"text": "我妈妈的生日是3月5号", "at": "2026-03-01"}\\n' | memcli capture -
    """
    lines = []
    if text == "-":  # checked before the store is opened
        lines = apply_options(utterance_lines(read_lines("-")), role=role, at=at, session=session, key=key)
    with open_memory(db, user) as mem:
        if text == "-":
            results = mem.capture_jsonl(lines, allow_future=allow_future)
        else:
            results = [mem.capture(text, role=role or "user", at=at, session=session, key=key,
                                   allow_future=allow_future)]
        if drain if drain is not None else mem.settings.auto_drain:
            try:
                from memcli.write.trigger import spawn_background_drain
            except ModuleNotFoundError:
                spawn_background_drain = None
            if spawn_background_drain is not None and _model_usable(mem.settings):
                spawn_background_drain(mem.settings)
        note = None
        if not as_json and not all(r.duplicate for r in results):
            note = (_zone_note([json.loads(ln).get("at") if ln.strip() else None for ln in lines], mem,
                               "stdin line {line}'s \"at\"") if text == "-" else _zone_note([at], mem))
    if as_json:
        emit_json(results if text == "-" else results[0])
        return
    for r in results:
        if r.duplicate and r.text_differs:
            info(f"warning: key {r.idempotency_key} was already captured with another text (source #{r.source_id}); "
                 "nothing added: a new turn needs a new key")
        elif r.duplicate:
            info(f"already captured (key {r.idempotency_key}); nothing added")
        else:
            info(f"captured source #{r.source_id}, outbox task #{r.outbox_id} (pending)")
        if r.redacted:
            from memcli.sensitive import redacted_line

            info(f"redacted before storing: {redacted_line(r.redacted)} (the secret itself was not stored)")
    if note:
        info(note)


@app.command()
def remember(
    text: Annotated[str, typer.Argument(help="the memory, or - to read it from stdin")],
    kind: Annotated[str, typer.Option(
        "--kind", help="preference | relationship | identity | habit | health | other")] = "other",
    at: AtOpt = None,
    allow_future: FutureOpt = False,
    db: DbOpt = None, user: UserOpt = None, model: ModelOpt = None, as_json: JsonOpt = False,
) -> None:
    """Keep an explicit memory now (embedded at once, high confidence).

    The same statement again reinforces the stored memory instead of adding a copy. A text that
    states two facts ("I have a dog called Rex and I'm allergic to shellfish") is kept as two
    memories, one line each (unless --kind is given).

    Examples:

      memcli --user alice remember "我妈妈的生日是3月5号" --kind relationship

      memcli remember "I moved to Lyon" --at 2026-08-18 --json
    """
    with open_memory(db, user, model) as mem:
        result = mem.remember(read_text_arg(text), kind=kind, at=at, allow_future=allow_future)
        item = mem.show(result.item_id)
        also = [mem.show(r.item_id) for r in result.also]
        note = None if as_json else _zone_note([at], mem)
    if as_json:
        emit_json({"decision": result, "item": item, **({"also_items": also} if also else {})})
    else:
        for r in (result, *result.also):
            info(render.decision_line(r))
        if note:
            info(note)


@app.command(cls=IdCommand)
def correct(
    item_id: IdArg,
    text: Annotated[str, typer.Argument(help="the corrected memory, or - to read it from stdin")],
    at: Annotated[str | None, typer.Option(
        "--at", help="when the correction started to hold (the old memory stops then): ISO-8601 such as "
        "2026-03-01 or 2026-03-01T09:30:00+08:00 (no offset = UTC; default now; not before the old memory held)")
    ] = None,
    allow_future: FutureOpt = False,
    db: DbOpt = None, user: UserOpt = None, model: ModelOpt = None, as_json: JsonOpt = False,
) -> None:
    """Correct a memory: new item at confidence 1.0, the old one invalidated from now (or --at).

    Both stay linked (see `memcli history ID`). Only the newest valid version can be corrected
    (not one superseded, contradicted or forgotten). The text it already says (spacing aside) changes nothing
    ("nothing changed"; --json: the memory itself, its own id).

    Examples:

      memcli correct 12 "我咖啡加一点糖"

      memcli correct 7 "I moved to Berlin" --at 2026-09-01
    """
    with open_memory(db, user, model, creates=False) as mem:
        new = mem.correct(item_id, read_text_arg(text), at=at, allow_future=allow_future)
        note = None if as_json else _zone_note([at], mem)
    if as_json:
        emit_json(new)
    elif new.id == item_id:
        info(f"nothing changed: #{item_id} already says that")
    else:
        info(f"corrected #{item_id} → #{new.id} (confidence 1.0)")
        if note:
            info(note)


def _model_usable(settings: Any) -> bool:
    """The drain after a capture needs the model the capture did not: an unknown name is said once
    here (the turn waits in the outbox) instead of in a background process no one watches."""
    from memcli.settings import DEFAULT_MODEL, E5_MODEL, MINILM_MODEL, canonical_model

    if not settings.model or canonical_model(settings.model) in (DEFAULT_MODEL, E5_MODEL, MINILM_MODEL):
        return True
    from memcli.embed.base import check_model_name

    try:
        check_model_name(settings.model)
    except MemcliError as exc:
        info(f"warning: not drained: {exc}; the turn waits in the outbox")
        return False
    return True


@app.command(cls=IdCommand)
def forget(
    item_id: Annotated[str, typer.Argument(
        help="memory id (see `memcli list`), or an episode's id as search prints it: e13",
        show_default=False, parser=checked_forget_id)],
    purge: Annotated[bool, typer.Option(
        "--purge", help="erase it, its sources, index rows, events and every stored copy of its text "
        "(cannot be undone); a turn another active memory came from too is kept for it")] = False,
    cascade: Annotated[bool, typer.Option(
        "--cascade", help="with --purge: erase such shared turns too (the other memories lose them); of an "
        "episode: erase it even when an active memory came from that turn")] = False,
    episode: Annotated[bool, typer.Option(
        "--episode", help="ID is an episode (a search hit of kind episode: words no memory holds), not a memory")
    ] = False,
    db: DbOpt = None, user: UserOpt = None, as_json: JsonOpt = False,
) -> None:
    """Forget a memory: invalidated and kept for history, or erased with --purge.

    A forgotten memory leaves `memcli list` and search but stays in `list --all` and history.
    An episode (a search hit of kind episode, printed e13) is forgotten as `forget e13` or
    `forget 13 --episode`: it is never found again (its words stay as a source), or is erased
    with its source with --purge. Its number is no memory id: `forget 13` is memory #13.
    A purge keeps a turn that another active memory came from too, and says so; --cascade erases it.
    Likewise `forget eN --purge` of a turn an active memory came from is refused; --cascade erases it.

    Examples:

      memcli forget 12

      memcli forget 12 --purge

      memcli forget e40 --purge
    """
    item_id, episode = forget_id(item_id, episode)
    if cascade and not purge:
        raise BadInputError("--cascade: only with --purge (it erases the turns memories came from)")
    with open_memory(db, user, creates=False) as mem:
        out = mem.forget_episode(item_id, purge=purge, cascade=cascade) if episode else \
            mem.forget(item_id, purge=purge, cascade=cascade)
    if as_json:
        emit_json(out)
    name = f"episode e{item_id}" if episode else f"#{item_id}"
    if not as_json and out.get("already"):
        info(f"{name} was already forgotten; nothing changed")
    elif not as_json:
        info(f"{'purged' if purge else 'forgot'} {name}")
        for k in out.get("kept", []):
            info(f"source {k['source']} kept: it backs memories {_ids(k['memories'])}; to erase it too: "
                 f"memcli forget e{k['source']} --purge --cascade")
        for k in out.get("shared", []):
            info(f"source {k['source']} erased too (--cascade): memories {_ids(k['memories'])} lose it")
        if out.get("note"):  # committed; a reader kept old pages in the -wal (exit 0: the purge is done)
            info(f"note: {out['note']}")


def _ids(ids: list[int]) -> str:
    return ", ".join(f"#{i}" for i in ids)


@app.command("list")
def list_(
    all_: Annotated[bool, typer.Option("--all", help="include invalidated, superseded and forgotten")] = False,
    limit: Annotated[int | None, typer.Option("--limit", min=1, help="at most this many")] = None,
    as_of: Annotated[str | None, typer.Option("--as-of", help="ISO-8601: the memories believed true then "
                                              "(instead of the active ones; --all is ignored)")] = None,
    db: DbOpt = None, user: UserOpt = None, as_json: JsonOpt = False,
) -> None:
    """List the user's memories (active only by default), newest valid time first.

    Valid time is when a memory started to hold (`remember --at`, the turn's time), not when it
    was recorded: a memory remembered last with `--at 2026-03-01` comes after any that started
    to hold later. Ties: the later-recorded first.

    Examples:

      memcli --user alice list

      memcli list --all --json

      memcli list --as-of 2026-03-01
    """
    with open_memory(db, user, creates=False) as mem:
        rows = mem.list(include_all=all_, limit=limit, as_of=as_of)
        alike = [] if rows or as_json else same_but_case(mem.user, mem.store.user_ids())
    if as_json:
        emit_json(with_subjects(rows))
    elif rows:
        render.items_table(rows)
    else:  # a mistyped --user said, not answered with an empty list alone (a new user's trial: u_EN for u_en)
        info("no memories" + (f" for user {mem.user!r}; user ids are case-sensitive: {', '.join(map(repr, alike))} "
                              "has memories" if alike else ""))


def same_but_case(user: str, users: list[str]) -> list[str]:
    """The users of ``users`` whose id is ``user``'s but for case or surrounding spaces (not ``user`` itself)."""
    key = user.strip().casefold()
    return [u for u in users if u != user and u.strip().casefold() == key]


@app.command(cls=IdCommand)
def show(item_id: IdArg, db: DbOpt = None, user: UserOpt = None, as_json: JsonOpt = False) -> None:
    """Show one memory with its validity, confidence and sources.

    Example: memcli show 12 --json
    """
    with open_memory(db, user, creates=False) as mem:
        it = mem.show(item_id)
    emit_json(with_subjects([it])[0]) if as_json else render.item_detail(it)


@app.command(cls=IdCommand)
def history(item_id: IdArg, db: DbOpt = None, user: UserOpt = None, as_json: JsonOpt = False) -> None:
    """The audit trail of one memory: its versions and every decision about them.

    Example: memcli history 12
    """
    with open_memory(db, user, creates=False) as mem:
        h = mem.history(item_id)
    if as_json:
        emit_json({**h, "items": with_subjects(h["items"])})
        return
    render.items_table(h["items"], title=f"versions of #{item_id}")
    render.events_table(h["events"])


@app.command()
def stats(db: DbOpt = None, user: UserOpt = None, as_json: JsonOpt = False) -> None:
    """Counts by status, outbox depth, model and database size.

    Statuses: active (holds now); invalid (stopped holding in the world: a change told later, a
    correction, an ending; see `memcli history ID`); superseded (an older wording memcli replaced by a
    more precise one, an UPDATE); forgotten (`memcli forget`).

    Example: memcli --user alice stats --json
    """
    settings = settings_for(db, user, uses_model=False)
    missing = missing_database(settings.db)
    with open_memory(settings=settings if missing is None else in_memory(settings)) as mem:  # no empty file made
        st = mem.stats()
    if missing is not None:  # where it would be, and what it would use
        st.update(db=str(missing), db_bytes=0, schema_version=None)
        info(f"memcli: note: {missing_note(missing)}")
    emit_json(st) if as_json else render.kv_table(st)
