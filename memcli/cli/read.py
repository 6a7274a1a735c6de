"""Read-path commands: search, context, warm."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

from memcli.cli.app import (
    GLOBALS,
    DbOpt,
    JsonOpt,
    ModelOpt,
    UserOpt,
    app,
    console,
    emit_json,
    in_memory,
    info,
    open_memory,
    read_file,
    read_text_arg,
    settings_for,
)
from memcli.cli.jsonout import emit_context, with_subjects
from memcli.cli.numbers import finite
from memcli.errors import BadInputError
from memcli.models import hit_json, hit_ref
from memcli.paths import missing_database
from memcli.text import check_query

QueryArg = Annotated[str, typer.Argument(help="the query (any language), or - to read it from stdin",
                                         show_default=False)]


def _read_history(path: Path) -> list[Any]:
    """A JSON array of {"role", "content"} or JSON Lines of them."""
    raw = read_file(path, "--history", writes=False)
    text = raw.strip()
    if not text:
        return []
    try:
        data = json.loads(text)
        return data if isinstance(data, list) else [data]
    except (ValueError, RecursionError):
        pass
    out = []
    for n, line in enumerate(raw.splitlines(), start=1):  # (numbered as the file is: leading blank lines count)
        if line.strip():
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as exc:  # round 31: the file, its line and column, as import says them
                why = f"not valid JSON at column {exc.colno}: {exc.msg.removesuffix(' starting at')}"
                raise BadInputError(f"--history: {path} line {n}: {why}") from None
            except (ValueError, RecursionError):
                raise BadInputError(f"--history: {path} line {n}: JSON nested too deeply") from None
    return out


@app.command()
def search(
    query: QueryArg,
    limit: Annotated[int, typer.Option("--limit", "-k", min=1, max=1000, help="at most this many hits")] = 5,
    as_of: Annotated[str | None, typer.Option("--as-of", help="ISO-8601: what was believed true then")] = None,
    explain: Annotated[bool, typer.Option("--explain", help="each leg's rank, RRF, weights, final score")] = False,
    min_score: Annotated[float | None, typer.Option("--min-score", parser=finite(0.0, 1.0),
                                                    help="final-score floor in [0, 1] \\[settings.min_score]")] = None,
    db: DbOpt = None, user: UserOpt = None, model: ModelOpt = None, as_json: JsonOpt = False,
) -> None:
    """Hybrid search of the user's active memories (dense KNN + FTS5/jieba + LIKE; score or RRF fusion, fitted).

    Turns the user said that no memory holds (episodes) come too, ranked below memories, with
    kind "episode" and an id of their own printed as e13 (--json: "id": null, "episode_id": 13,
    "ref": "e13"; a memory: "ref": "m12"), which is no memory id: `memcli forget e13` (or
    `forget 13 --episode`) forgets one; `show` and
    `correct` take memory ids only. Setting `episodes = false` leaves them out.

    Examples:

      memcli --user alice search 咖啡

      memcli search "coffee" --explain

      memcli search "where does my sister live" --as-of 2026-03-01 --json
    """
    query = read_text_arg(query, writes=False)
    check_query(query)  # before the store and the model: an empty query is bad input
    with open_memory(db, user, model, creates=False) as mem:
        hits = mem.search(query, limit=limit, as_of=as_of, min_score=min_score, explain=explain)
    if as_json:
        emit_json({"hits": with_subjects([hit_json(h) for h in hits]), "info": hits.info})
        return
    if hits.info.lexical_only_fallback:
        info(f"lexical only: {hits.info.dense_skipped}")
    if not hits:
        info("no matching memories")
        return
    _hits_table(hits, explain)
    if explain:
        c = hits.info.constants
        info("constants: " + ", ".join(f"{k}={v}" for k, v in c.items() if k != "formula") + f"; {c['formula']}")


def _hits_table(hits: list[Any], explain: bool) -> None:
    from memcli.cli.render import add_columns, table, time_col, when
    from memcli.read.render import event_shown

    t = table()
    gated = any(h.p_relevant is not None for h in hits)
    add_columns(t, ("id", "score", *(("p",) if gated else ()), "statement", "kind", "conf", time_col("valid_from")),
                "statement")
    for h in hits:
        p = ("–" if h.p_relevant is None else f"{h.p_relevant:.2f}" + (" below" if h.below_floor else ""),) if gated \
            else ()
        conf = "—" if h.origin == "episode" else f"{h.effective_confidence:.2f}"  # the user's words, no belief
        text = h.statement + (f"  (memory {', '.join(map(str, h.memory_ids))})" if h.memory_ids else "") + (
            f"  (ended: memory {', '.join(map(str, h.superseded))})" if h.superseded else "") + (
            f"  ({day})" if (day := event_shown(h)) else "")  # the day it is about, as context shows it
        t.add_row(hit_ref(h), f"{h.score:.3f}", *p, text, h.kind, conf, when(h.valid_from))
    console.print(t)
    below = sum(h.below_floor for h in hits)
    if below:
        info(f"{below} hit(s) below the answerability point p < {hits.info.answer_min_p} (p = probability the hit "
             "answers the query): context leaves them out")
    if not explain:
        return
    e_t = table(title="explain: d#/l#/s# dense/lexical/slot rank, cos cosine, norm rrf/max, sal salience, "
                "rec recency")
    for col in ("id", "d#", "cos", "l#", "bm25", "like", "s#", "rrf", "norm", "sal", "rec", "final"):
        e_t.add_column(col, no_wrap=True)
    for h in hits:
        e = h.explain
        if e is None:  # a hit a reading added after the ranking (an ended memory for a past question: legs "past")
            e_t.add_row(hit_ref(h), *[""] * 10, f"{h.score:.3f}")
            continue

        def opt(v: Any, spec: str) -> str:
            return "" if v is None else format(v, spec)

        e_t.add_row(hit_ref(h), opt(e.dense_rank, "d"), opt(e.cosine, ".3f"), opt(e.lexical_rank, "d"),
                    opt(e.bm25, ".2f"), str(e.like_score), opt(e.slot_rank, "d"), f"{e.rrf:.4f}", f"{e.rrf_norm:.3f}",
                    f"{e.salience:.2f}", f"{e.recency:.2f}", f"{e.final:.3f}")
    console.print(e_t)


@app.command()
def context(
    query: QueryArg,
    budget_ms: Annotated[int | None, typer.Option("--budget-ms", min=1,
                                                  help="hard wall-clock budget, ms \\[settings.budget_ms=800]")] = None,
    max_tokens: Annotated[int | None, typer.Option(
        "--max-tokens", min=1, help="token budget of the block \\[settings.max_tokens=400]")] = None,
    lang: Annotated[str | None, typer.Option("--lang", help="zh | en (default: the query's language)")] = None,
    fmt: Annotated[str, typer.Option("--format", help="text | json | messages")] = "text",
    system: Annotated[Path | None, typer.Option(
        "--system", help="file with the static system prompt (its final newline dropped)")] = None,
    history: Annotated[Path | None, typer.Option("--history", help="JSON (Lines) file of prior messages")] = None,
    limit: Annotated[int, typer.Option("--limit", "-k", min=1, max=100, help="memories considered")] = 10,
    as_of: Annotated[str | None, typer.Option("--as-of", help="ISO-8601: the memories believed true then")] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="say on stderr why there is no block")] = False,
    db: DbOpt = None, user: UserOpt = None, model: ModelOpt = None, as_json: JsonOpt = False,
) -> None:
    """The prompt-ready memory block for QUERY; nothing (exit 0) if none is relevant or time runs out
    (then one note on stderr, so a script can tell the two apart).

    Examples:

      memcli --user alice context "咖啡怎么喝?"

      memcli context "what should I cook for mum" --max-tokens 200 --format json

      memcli context "hi" --format messages --system prompt.txt --history turns.json

      memcli context "where does my sister live" --as-of 2026-03-01
    """
    if fmt not in ("text", "json", "messages"):
        raise BadInputError(f"--format must be text, json or messages (got {fmt!r})")
    # --json prints the whole result; with --format messages it carries the messages (built only then)
    fmt, out = ("messages" if fmt == "messages" else "json", "json") if as_json else (fmt, fmt)
    query = read_text_arg(query, writes=False)
    check_query(query)
    # a file's final newline ends its last line, it is not part of the prompt (the library and HTTP take
    # ``system`` as given)
    system_text = _final_newline_off(read_file(system, "--system", writes=False)) if system else None
    hist = _read_history(history) if history else None
    settings = settings_for(db, user, model)
    missing = missing_database(settings.db)  # then: no block, and no empty file made
    with open_memory(model=model, settings=settings if missing is None else in_memory(settings)) as mem:
        mem.context_builder.prepare(query)  # before the clock, as on the fast path (memcli.cli.fast_context)
        res = mem.context(query, budget_ms=budget_ms, max_tokens=max_tokens, lang=lang,
                            fmt=fmt, system=system_text, history=hist, limit=limit, as_of=as_of)
    if verbose or GLOBALS.verbose:
        if res.reason:
            info(f"no memory block: {res.reason} ({res.elapsed_ms:.0f} ms)")
        else:
            info(f"{len(res.hits)} memories, {res.tokens} tokens, {res.elapsed_ms:.0f} ms")
        if res.degraded:
            info(res.degraded)
    emit_context(res, out, note=not (verbose or GLOBALS.verbose), missing=missing)  # (after the query's checks)


def _final_newline_off(text: str) -> str:
    """``text`` without the one line break that ends a file (LF or CRLF); other whitespace stays."""
    return text[:-2] if text.endswith("\r\n") else text.removesuffix("\n")


@app.command()
def warm(model: ModelOpt = None, as_json: JsonOpt = False) -> None:
    """Prepare fast cold reads: the query encoder's ready-to-load state and the jieba lookup table.

    For the default model (USE multilingual v3) it writes the weights in memory-mappable form
    and the tokenizer pre-parsed; for a sentence-transformers model it exports it to ONNX
    (needs torch, once); both go to the platform cache dir, with the jieba lookup table.
    `context` and `search` start this in the background themselves the first time they find
    nothing prepared; run it explicitly after install (or in a deploy step) to skip that.

    Examples:

      memcli warm

      memcli warm --model e5 --json
    """
    from memcli.cli.app import settings_for
    from memcli.warm import warm as do_warm

    out = do_warm(settings_for(model=model).model)
    if as_json:
        emit_json(out)
        return
    if out.get("prepared"):
        info(f"query encoder prepared: {out['prepared']}")
    else:
        info(f"ONNX encoder: {out['onnx'] or out['onnx_error']}")
    info(f"jieba lookup table: {out['jieba_table']}")
