"""Commands that measure memcli: ``calibrate`` and ``eval decisions`` / ``conversations``
(``eval extraction`` / ``retrieval``: :mod:`memcli.cli.evaluate_sets`)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.table import Table

from memcli.cli import calibrate_report as cr
from memcli.cli.app import JsonOpt, ModelOpt, app, console, emit_json, info, progress_bar, settings_for
from memcli.cli.numbers import finite
from memcli.errors import BadInputError, ConfigError

eval_app = typer.Typer(name="eval", help="Measure decisions, extraction, retrieval and whole conversations on "
                       "labelled data (goldset, LoCoMo, yours).\n\n"
                       "Examples:\n\n  memcli eval decisions --json\n\n"
                       "  memcli eval memdaily ../shared/data/memdaily-dev/*.json",
                       no_args_is_help=True)
app.add_typer(eval_app, name="eval")

LABEL_ORDER = ("NOOP", "ADD", "UPDATE", "CONFLICT")
SampleOpt = Annotated[int | None, typer.Option("--sample", help="a seeded random N of the items (kept in file order)")]
SeedOpt = Annotated[int, typer.Option("--seed", help="seed of --sample")]


def sample_items(items: list[Any], n: int | None, seed: int) -> list[Any]:
    from memcli.eval.formats import sample

    return sample(items, n, seed)


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


@app.command()
def calibrate(
    goldset: Annotated[Path | None, typer.Option("--goldset", help="folder with decisions.jsonl (or a pairs file)",
                                                 show_default="the repo's goldset/")] = None,
    target_precision: Annotated[float, typer.Option("--target-precision", parser=finite(0, 1, low_open=True),
                                                     help="min precision of NOOP/ADD by cosine")
                                ] = 0.95,
    folds: Annotated[int, typer.Option("--folds", help="k of the stratified k-fold cross-validation")] = 5,
    margin: Annotated[float, typer.Option("--margin", parser=finite(0, 1, high_open=True),
                                          help="cosine kept between a cut and the nearest "
                                          "CONFLICT/UPDATE pair")] = 0.05,
    fusion: Annotated[bool, typer.Option("--fusion/--no-fusion", help="also fit the fusion (leg weights per "
                                         "language, rrf_k, method, relevance floors) on retrieval.jsonl")] = True,
    keep: Annotated[float | None, typer.Option("--keep", parser=finite(0, 1, low_open=True),
                                               help="share of relevant dense-only hits the floors keep "
                                               "(--fusion)", show_default="0.95")] = None,
    answerability: cr.AnswerOpt = True, answer_target: cr.AnswerTargetOpt = None,
    write: Annotated[bool, typer.Option("--write", help="store the fitted values (and the model) in the config")
                     ] = False,
    model: ModelOpt = None, as_json: JsonOpt = False,
) -> None:
    """Fit the model-specific constants on the goldset: dedup thresholds, decision judge, fusion, answerability.

    Dedup thresholds (NOOP / ADD by cosine alone) on decisions.jsonl: no CONFLICT or UPDATE pair
    may be decided by cosine alone (checked by k-fold cross-validation); the rest goes to the
    judge (the gray zone). The fitted decision judge (memcli/judge_fit.py: a classifier over pair
    features, grouped k-fold cross-validated; --write stores its weights next to the config file).
    Reports precision/recall per class, the gray-zone share and a
    histogram of cosine by label. Fusion on retrieval.jsonl (memcli/fusion_fit.py): leg weights
    per query language, rrf_k, rrf or score fusion, and the dense-only floors, cross-validated;
    reports hybrid / dense / lexical held out. The shipped defaults of the bundled models are
    this command's output (settings.MODEL_PROFILES); for another model run it with --write.
    Answerability (docs/answerability.md): empty-on-no-answer vs recall@5, the trade-off per cut.

    Examples:

      memcli calibrate

      memcli calibrate --target-precision 0.98 --write

      memcli --model ./my-model calibrate --json
    """
    from memcli.calibrate import calibrate as run

    if keep is not None and not fusion or answer_target is not None and not answerability:
        raise BadInputError("--keep is for --fusion" if keep is not None and not fusion
                            else "--answer-target is for --answerability")
    keep, answer_target = 0.95 if keep is None else keep, 0.955 if answer_target is None else answer_target
    if not 0 < keep <= 1:
        raise BadInputError(f"--keep must be in (0, 1], got {keep}")
    cr.check_target(answer_target)
    goldset = None if goldset is None else cr.from_cwd(goldset)  # every message and the report name it whole
    cr.check_folds(folds, answerability, goldset)
    st = settings_for(model=model)
    if write:  # before the fit, not after it: a folder that cannot be written is one line at once
        from memcli.settings_sources import writable_config_dir

        writable_config_dir()
    prog, advance = progress_bar(None, "embedding pairs", enabled=not as_json)
    with prog:
        report = run(st, goldset, target_precision=target_precision, folds=folds, margin=margin,
                     progress=advance)
    if fusion:
        report["fusion"] = _fit_fusion(st, Path(report["goldset"]).parent, folds, keep, not as_json)
    if answerability:
        report["answerability"] = cr.fit_answerability(st, Path(report["goldset"]).parent, folds, answer_target,
                                                     not as_json)
    if write:
        try:
            _write_calibration(st, report, fusion, answerability)
        except OSError as exc:  # a disk that filled up during the fit: one line, not an internal error
            raise ConfigError(f"cannot write the calibration next to the config file: {exc}") from None
    if as_json:
        emit_json(report)
        return
    _render_calibration(report)
    if fusion and "values" in report["fusion"]:
        cr.render_fusion(report["fusion"])
    if answerability:
        cr.render_answerability(report["answerability"])


def _write_calibration(st: Any, report: dict[str, Any], fusion: bool, answerability: bool) -> None:
    """``calibrate --write``: the judge's (and answerability's) weights files, then the config's values."""
    from memcli.settings import config_path, write_config_values

    folder = config_path().absolute().parent  # a relative MEMCLI_CONFIG: the weights' paths still name the file
    weights = folder / f"judge-{_file_safe(st.model)}.json"
    weights.parent.mkdir(parents=True, exist_ok=True)
    tmp = weights.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(report["judge"]["params"]), encoding="utf-8")
    tmp.replace(weights)  # atomic: a reader sees the old file or the new one
    values = {"dedup_upper": report["thresholds"]["upper"], "dedup_lower": report["thresholds"]["lower"],
              **(report["fusion"].get("values", {}) if fusion else {}), "calibrated_model": st.model,
              "judge_weights": str(weights)}
    if answerability:
        values.update(cr.write_answer_weights(report["answerability"], folder, _file_safe(st.model)))
    path = write_config_values(values)
    report["written_to"] = str(path)
    info("wrote " + " ".join(f"{k}={v!r}" for k, v in values.items()) + f" to {path}")


def _file_safe(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", name).strip("._") or "model"


def _fit_fusion(st: Any, folder: Path, folds: int, keep: float, bar: bool) -> dict[str, Any]:
    from memcli.eval.formats import load_cases
    from memcli.fusion_fit import collect, fit_fusion

    path = folder / "retrieval.jsonl"
    if not path.exists():  # a bare pairs file: thresholds only
        info(f"fusion not fitted: no retrieval cases at {path}")
        return {"cases": str(path), "skipped": "no retrieval.jsonl next to the decision pairs"}
    cases = load_cases(path)
    prog, advance = progress_bar(sum(len(c.queries) for c in cases), "retrieval queries", enabled=bar)
    with prog:
        obs = collect(st, cases, progress=advance)
    return {"cases": str(path), **fit_fusion(st, obs, folds=folds, keep=keep)}


def _render_calibration(r: dict[str, Any]) -> None:
    th = r["thresholds"]
    up = "never (exact match only)" if th["upper"] > 1 else f"cosine >= {th['upper']}"
    lo = "never" if th["lower"] < -1 else f"cosine < {th['lower']}"
    counts = " ".join(f"{k} {v}" for k, v in r["label_counts"].items())
    console.print(f"[bold]model[/] {r['model']}\n[bold]pairs[/] {r['pairs']} ({counts})\n"
                  f"[bold]target precision[/] {r['target_precision']}   [bold]margin[/] {r['margin']}   "
                  f"[bold]folds[/] {r['folds']}")
    console.print(f"[bold]NOOP by cosine:[/] {up}    [bold]ADD by cosine:[/] {lo}")
    if r["risky_cosine_range"]:
        a, b = r["risky_cosine_range"]
        console.print(f"CONFLICT/UPDATE pairs span cosine {a:.3f} … {b:.3f} (never decided by cosine)")
    cur = r["current"]
    t = Table(title="what cosine decides (fit: all pairs; cv: held out; now: in use)", box=box.SIMPLE_HEAD,
              caption=f"now: {cur['upper']:g} / {cur['lower']:g}; gray: sent to the judge\nC/U cos: CONFLICT/UPDATE "
                      "decided by cosine; C→NOOP: CONFLICT read as NOOP")  # 80 columns
    for col in ("", "NOOP prec", "NOOP rec", "ADD prec", "ADD rec", "gray", "C/U cos", "C→NOOP"):
        t.add_column(col, justify="right", no_wrap=True)
    for name, s in (("fit", r["fit"]), ("cv", r["cv"]), ("now", cur)):
        pc = s["per_class"]
        t.add_row(name, _pct(pc["NOOP"]["precision"]), _pct(pc["NOOP"]["recall"]), _pct(pc["ADD"]["precision"]),
                  _pct(pc["ADD"]["recall"]), _pct(s["gray_share"]), str(s["risky_by_cosine"]),
                  str(s["conflict_as_noop"]))
    console.print(t)
    if "judge" in r:
        j = r["judge"]
        by = "  ".join(f"{lg} {_pct(a)}" for lg, a in j["cv"]["by_lang"].items())
        by = f" ({by})" if by else ""  # (pairs that name no language)
        console.print(f"[bold]fitted judge[/] accuracy held out ({j['cv']['folds']}-fold, grouped by stored "
                      "statement)\n"
                      f"  {_pct(j['cv']['accuracy'])}{by}, on all pairs {_pct(j['fit']['accuracy'])};\n  "
                      f"CONFLICT/UPDATE merged as NOOP: {j['cv']['risky_as_noop']} held out, "
                      f"{j['fit']['risky_as_noop']} fit; NOOP floor p >= {j['params']['min_prob']['NOOP']}")
    if r["by_lang"]:
        t = Table(title="per language (chosen thresholds; and each language's own fit)", box=box.SIMPLE_HEAD)
        for col in ("lang", "n", "gray", "NOOP rec", "ADD rec", "own upper", "own lower", "own gray"):
            t.add_column(col, justify="right")
        for lg, s in r["by_lang"].items():
            own = s["own_thresholds"]
            t.add_row(lg, str(s["n"]), _pct(s["gray_share"]), _pct(s["per_class"]["NOOP"]["recall"]),
                      _pct(s["per_class"]["ADD"]["recall"]), str(own["upper"]), str(own["lower"]),
                      _pct(own["gray_share"]))
        console.print(t)
    _render_histogram(r["histogram"], th)


def _render_histogram(h: dict[str, Any], th: dict[str, float], width: int = 10) -> None:
    edges, counts = h["edges"], h["counts"]
    peak = max(max(v) for v in counts.values()) or 1
    t = Table(title="cosine by label (█ = pairs; ▲ marks the bins holding a threshold)", box=None, pad_edge=False)
    t.add_column("cosine", justify="right")
    for lb in LABEL_ORDER:
        t.add_column(lb)
    for i in range(len(edges) - 1):
        a, b = edges[i], edges[i + 1]
        mark = " ▲" if any(a <= x < b or (x == 1.0 == b) for x in (th["upper"], th["lower"])) else ""
        cells = []
        for lb in LABEL_ORDER:
            n = counts[lb][i]
            bar = "█" * (round(width * n / peak) if n else 0) or ("▏" if n else "")
            cells.append(f"{bar} {n}" if n else "")
        t.add_row(f"{a:.2f}–{b:.2f}{mark}", *cells)
    console.print(t)


@eval_app.command("decisions")
def eval_decisions_cmd(
    pairs: Annotated[Path | None, typer.Option("--pairs", help="JSON Lines pairs file",
                                               show_default="goldset/decisions.jsonl")] = None,
    judge: Annotated[str | None, typer.Option("--judge", help="auto | offline | llm (default: config)")] = None,
    limit: Annotated[int | None, typer.Option("--limit", help="only the first N pairs")] = None,
    sample: SampleOpt = None, seed: SeedOpt = 0,
    model: ModelOpt = None, as_json: JsonOpt = False,
) -> None:
    """Run the full decision pipeline on labelled pairs, each in a fresh temporary store.

    Pair format (one per line): {"stored": "我咖啡不加糖", "incoming": "我喝咖啡从不放糖", "label": "NOOP",
    "stored_at": "2026-03-01", "incoming_at": "2026-08-18"}; labels ADD NOOP UPDATE CONFLICT.

    Example: memcli eval decisions --pairs my_pairs.jsonl --json
    """
    from memcli.eval.decisions import eval_decisions
    from memcli.eval.formats import check_counts, default_goldset_dir, load_pairs
    from memcli.settings import calibration_warning

    st = settings_for(model=model, judge=judge)
    check_counts({"--limit": limit, "--sample": sample})
    from memcli.write.backends import get_judge

    get_judge(st)  # an unknown judge, or llm without an endpoint: one line (ConfigError) before any work
    items = load_pairs(pairs or default_goldset_dir() / "decisions.jsonl")
    items = sample_items(items[:limit] if limit else items, sample, seed)
    warn = calibration_warning(st)
    if warn:
        info(warn)
    prog, advance = progress_bar(len(items), "deciding pairs", enabled=not as_json)
    with prog:
        report = eval_decisions(st, items, progress=advance)
    if as_json:
        emit_json(report)
        return
    _render_decisions(report)


def _render_decisions(r: dict[str, Any]) -> None:
    ov = r["overall"]
    th = r["thresholds"]
    console.print(f"[bold]pairs[/] {r['pairs']}   [bold]model[/] {r['model']}   [bold]thresholds[/] "
                  f"upper {th['upper']} / lower {th['lower']}   [bold]judge[/] {r['judge']} {r['judges_used']}")
    t = Table(title="confusion matrix (rows: label, columns: decided)")
    t.add_column("label \\ decided")
    for c in ov["columns"]:
        t.add_column(c, justify="right")
    for c in ("support", "precision", "recall", "F1"):
        t.add_column(c, justify="right")
    for g in ov["labels"]:
        pc = ov["per_class"][g]
        t.add_row(g, *[str(ov["confusion"][g][c]) for c in ov["columns"]], str(pc["support"]),
                  _pct(pc["precision"]), _pct(pc["recall"]), _pct(pc["f1"]))
    console.print(t)
    lv = ", ".join(f"{k} {_pct(v['share'])}" for k, v in r["levels"].items())
    console.print(f"[bold]accuracy[/] {_pct(ov['accuracy'])}   [bold]CONFLICT decided NOOP[/] "
                  f"{r['conflict_as_noop']}   [bold]UPDATE decided NOOP[/] {r.get('update_as_noop', 0)}   "
                  f"[bold]decided at level[/] {lv}")
    if not r["by_category"] and not r["by_lang"]:
        return
    langs = list(r["by_lang"])
    t = Table(title="accuracy by category")
    for col in ("category", "label", "n", "accuracy", *langs, "decided"):
        t.add_column(col, justify="left" if col in ("category", "label", "decided") else "right")
    for c, v in r["by_category"].items():
        t.add_row(c, v["gold"], str(v["n"]), _pct(v["accuracy"]),
                  *[_pct(v.get("by_lang", {}).get(lg)) for lg in langs],
                  " ".join(f"{k} {n}" for k, n in sorted(v.get("decided", {}).items(), key=lambda kv: -kv[1])))
    for lg, v in r["by_lang"].items():
        t.add_row(f"lang {lg}", "", str(v["n"]), _pct(v["accuracy"]), *["" for _ in langs], "")
    console.print(t)


@eval_app.command("conversations")
def eval_conversations_cmd(
    convs: Annotated[Path | None, typer.Option("--conversations", help="JSON Lines conversations",
                                               show_default="goldset/conversations.jsonl")] = None,
    judge: Annotated[str | None, typer.Option("--judge", help="auto | offline | llm (default: config)")] = None,
    limit: Annotated[int | None, typer.Option("--limit", help="only the first N conversations")] = None,
    sample: SampleOpt = None, seed: SeedOpt = 0,
    context: Annotated[bool, typer.Option("--context/--no-context", help="also score the context block")] = True,
    model: ModelOpt = None, as_json: JsonOpt = False,
) -> None:
    """End to end: capture each message at its own time, drain, ask the user's later questions.

    Each conversation runs in a fresh temporary store with the configured model, extractor and
    judge. Reports facts kept (an active memory holds the fact's keys), answered@1/@3 and MRR of
    `search` as of each question's time, and answered@3 of `context`; overall and per language.
    --json adds every miss with the memories that were stored. Format (one per line):
    {"id", "lang", "messages": [{"role", "text", "at"}], "facts": [{"id", "keys": [["王建国"]]}],
    "questions": [{"q", "at", "answer_keys", "fact"}]} (see memcli/eval/conversations.py).

    Examples:

      memcli eval conversations

      memcli eval conversations --limit 4 --json
    """
    from memcli.eval.conversations import eval_conversations, load_conversations
    from memcli.eval.formats import check_counts, default_goldset_dir

    check_counts({"--limit": limit, "--sample": sample})
    st = settings_for(model=model, judge=judge)
    from memcli.write.backends import get_judge

    get_judge(st)  # an unknown judge, or llm without an endpoint: one line before any work
    items = sample_items(load_conversations(convs or default_goldset_dir() / "conversations.jsonl")[:limit], sample,
                         seed)
    prog, advance = progress_bar(len(items), "conversations", enabled=not as_json)
    with prog:
        report = eval_conversations(st, items, use_context=context, progress=advance)
    if as_json:
        emit_json(report)
        return
    console.print(f"[bold]model[/] {report['model']}   [bold]extractor[/] {report['extractor']}   "
                  f"[bold]judge[/] {report['judge']}")
    t = Table(title="end to end: facts kept after drain, questions answered by search (as of the question)")
    for col in ("", "conv", "msgs", "facts kept", "old kept", "qs", "ans@1", "ans@3", "MRR", "ctx@3"):
        t.add_column(col, justify="left" if not col else "right")
    for name, s in [("all", report["overall"]), *report["by_lang"].items()]:
        t.add_row(name, str(s["conversations"]), str(s["messages"]),
                  f"{s['facts_kept']}/{s['facts']} {_pct(s['facts_kept_share'])}",
                  f"{s['old_value_active']}/{s['changed_facts']}", str(s["questions"]), _pct(s["answered@1"]),
                  _pct(s["answered@3"]), "–" if s["mrr"] is None else f"{s['mrr']:.3f}", _pct(s["context@3"]))
    console.print(t)
    console.print("old kept: changed facts whose old value is still active; ans@k: answered in search's top k; "
                  "ctx@3: in the context block")
    kinds = ", ".join(f"{k} {n}" for k, n in report["miss_kinds"].items()) or "none"
    console.print(f"[bold]questions missed in the top 3, by cause:[/] {kinds}   (--json lists each miss)")
    if n := report["overall"].get("no_answer_questions"):
        console.print(f"[bold]no-answer questions:[/] {n}, empty block {_pct(report['overall']['no_answer_empty'])}")

