"""End-to-end evaluations on public data read by path: ``eval memdaily`` and ``eval locomo-e2e``
(docs/evaluation-e2e.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from memcli.cli.app import JsonOpt, ModelOpt, console, emit_json, info, progress_bar, settings_for
from memcli.cli.evaluate import _pct, eval_app


@eval_app.command("memdaily")
def eval_memdaily_cmd(
    paths: Annotated[list[Path], typer.Argument(help="MemDaily .json files (e.g. ../shared/data/memdaily-dev/*.json)",
                                                show_default=False)],
    limit: Annotated[int | None, typer.Option("--limit", help="only the first N trajectories of each file")] = None,
    episodes: Annotated[bool | None, typer.Option("--episodes/--no-episodes", help="the episodes leg on / off",
                                                  show_default="as configured")] = None,
    baselines: Annotated[bool, typer.Option("--baselines/--no-baselines", help="also run the raw baselines "
                                            "(every message stored raw: memcli retrieval and plain RRF)")] = True,
    judge: Annotated[str | None, typer.Option("--judge", help="auto | offline | llm (default: config)")] = None,
    model: ModelOpt = None, as_json: JsonOpt = False,
) -> None:
    """End to end on MemDaily files: capture each message at its time, drain, ask each question.

    Per trajectory a fresh user in a temporary store. Reports, per file and overall: the facts
    a question needs (its target messages) kept as a memory / only as an episode / lost;
    answered@1/@3/@5 on the questions whose answer a target message states verbatim (a top-k
    hit's normalised text contains the normalised answer); evidence@k (a top-k hit drawn from a
    target message); the same answered@k for every message stored raw, through memcli's
    retrieval and through a plain RRF(cosine, BM25); the confidence labels of the memories.
    --json adds every miss (docs/evaluation-e2e.md defines each figure).

    Examples:

      memcli eval memdaily ../shared/data/memdaily-dev/*.json

      memcli eval memdaily ../shared/data/memdaily-dev/06_noisy_roles.json --limit 10 --json
    """
    from memcli.eval.formats import check_counts
    from memcli.eval.memdaily import eval_memdaily, load_memdaily

    st = settings_for(model=model, judge=judge)
    check_counts({"--limit": limit})
    from memcli.write.backends import get_judge

    get_judge(st)  # an unknown judge, or llm without an endpoint: one line before any work
    files = [(str(p), load_memdaily(p)) for p in paths]
    total = sum(min(len(t), limit) if limit else len(t) for _, t in files)
    prog, advance = progress_bar(total, "trajectories", enabled=not as_json)
    with prog:
        report = eval_memdaily(st, [], files=files, limit=limit, episodes=episodes, baselines=baselines,
                               progress=advance)
    if as_json:
        emit_json(report)
        return
    _render_memdaily(report)


def _render_memdaily(r: dict[str, Any]) -> None:
    ep = {None: "not in this build", True: "on", False: "off"}[r["episodes"]]
    console.print(f"[bold]model[/] {r['model']}   [bold]extractor[/] {r['extractor']}   [bold]judge[/] {r['judge']}"
                  f"   [bold]episodes[/] {ep}")
    rows = [*r["by_file"].items(), ("all", r["overall"])]
    t = Table(title="facts a question needs (question × target message), after drain")
    for col in ("file", "traj", "msgs", "facts", "memory", "episode", "lost", "memories"):
        t.add_column(col, justify="left" if col == "file" else "right")
    for name, s in rows:
        f = s["facts"]
        t.add_row(name, str(s["trajectories"]), str(s["messages"]), str(f["n"]), _pct(_ratio(f["memory"], f["n"])),
                  _pct(_ratio(f["episode"], f["n"])), _pct(_ratio(f["lost"], f["n"])), str(s["memories_active"]))
    console.print(t)
    t = Table(title="questions answered in search's top k (as of the question)")
    for col in ("file", "verb/qs", "ans@1", "ans@3", "ev@3", "raw@3", "rrf@1", "rrf@3"):
        t.add_column(col, justify="left" if col == "file" else "right")
    for name, s in rows:
        raw, rrf = s.get("raw_memcli", {}), s.get("raw_rrf", {})
        t.add_row(name, f"{s['verbatim_questions']}/{s['questions']}", _pct(s["memcli"]["answered@1"]),
                  _pct(s["memcli"]["answered@3"]), _pct(s["evidence"]["evidence@3"]), _pct(raw.get("answered@3")),
                  _pct(rrf.get("answered@1")), _pct(rrf.get("answered@3")))
    console.print(t)
    console.print("verb: questions whose answer a target message states verbatim (ans@k counts those only); ev@3: a "
                  "top-3 hit drawn from a target message (all questions); raw: every message stored raw, memcli's "
                  "retrieval; rrf: every message raw, plain RRF(cosine, BM25)")
    console.print("[bold]answered@3 with the answerability gate[/] (hits below its point left out, as context "
                  "does): " + "  ".join(f"{name} {_pct(s['memcli_gated']['answered@3'])}" for name, s in rows
                                        if s["memcli_gated"]["answered@3"] is not None))
    labels = r["overall"]["confidence_labels"]
    console.print("[bold]confidence labels of the active memories:[/] "
                  + ("  ".join(f"{lb} {v['n']} ({_pct(v['share'])})" for lb, v in labels.items()) or "none"))


def _ratio(x: int, n: int) -> float | None:
    return x / n if n else None


@eval_app.command("locomo-e2e")
def eval_locomo_e2e_cmd(
    path: Annotated[Path | None, typer.Argument(help="LoCoMo locomo10.json", show_default="../shared/data/locomo/"
                                                "locomo10.json")] = None,
    samples: Annotated[int | None, typer.Option("--samples", help="only the first N conversations")] = None,
    max_questions: Annotated[int | None, typer.Option("--max-questions", help="N category 1+4 questions each")
                             ] = None,
    episodes: Annotated[bool | None, typer.Option("--episodes/--no-episodes", help="also measure with the episodes "
                                                  "leg on", show_default="when the build has it")] = None,
    judge: Annotated[str | None, typer.Option("--judge", help="auto | offline | llm (default: config)")] = None,
    model: ModelOpt = None, as_json: JsonOpt = False,
) -> None:
    """LoCoMo end to end, per speaker: single- and multi-hop questions asked of their own memory.

    Each speaker's own turns are captured at the session time and drained, the other speaker's
    between them as the assistant role (its questions give a short reply its clause); the questions of
    categories 1 and 4 are searched in that speaker's memory.

    A question is answered when every answer word is among the words of the top 5 hits. Beside
    memories alone: with the episodes leg (when the build has it) and the speaker's raw turns
    ranked by a plain RRF(cosine, BM25), in the same run (docs/evaluation-e2e.md).

    Examples:

      memcli eval locomo-e2e

      memcli eval locomo-e2e ../shared/data/locomo/locomo10.json --samples 2 --json
    """
    from memcli.eval.formats import check_counts
    from memcli.eval.locomo_e2e import count_speakers, eval_locomo_e2e

    check_counts({"--samples": samples, "--max-questions": max_questions})
    st = settings_for(model=model, judge=judge)
    from memcli.write.backends import get_judge

    get_judge(st)
    prog, advance = progress_bar(count_speakers(path, samples), "speakers", enabled=not as_json)
    with prog:
        report = eval_locomo_e2e(st, path, samples=samples, max_questions=max_questions, episodes=episodes,
                                 progress=advance)
    if as_json:
        emit_json(report)
        return
    console.print(f"[bold]model[/] {report['model']}   [bold]extractor[/] {report['extractor']}   [bold]judge[/] "
                  f"{report['judge']}   {report['conversations']} conversations, {report['speakers']} speakers "
                  f"(median {report['turns_per_speaker']} turns → {report['memories_per_speaker']} memories; "
                  f"the other speaker's turns captured as the {report['other_speaker_role']} role)")
    modes = report["modes"]
    t = Table(title=f"every answer word in the top {report['k']} (categories 1 and 4, asked of one speaker)")
    for col in ("", "n", *modes):
        t.add_column(col, justify="left" if not col else "right")
    for name, s in [*report["by_category"].items(), ("all", report["overall"])]:
        t.add_row(name, str(s["n"]), *[_pct(s.get(m)) for m in modes])
    console.print(t)
    info(f"questions assigned: {report['assigned']}")
