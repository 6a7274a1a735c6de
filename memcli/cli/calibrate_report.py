"""Parts of `memcli calibrate`'s report: the fusion table; answerability (fit on the goldset, render, write)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from memcli.cli.app import console, info, progress_bar
from memcli.cli.numbers import finite
from memcli.errors import BadInputError

__all__ = ["AnswerOpt", "AnswerTargetOpt", "check_folds", "check_target", "fit_answerability", "from_cwd",
           "render_answerability", "render_fusion", "write_answer_weights"]

AnswerOpt = Annotated[bool, typer.Option("--answerability/--no-answerability", help="also fit answerability (when "
                                         "the context block stays empty) on retrieval.jsonl + noanswer.jsonl")]
AnswerTargetOpt = Annotated[float | None, typer.Option(
    "--answer-target", parser=finite(0, 1, low_open=True),
    help="recall@5 of the answer questions the chosen answerability point keeps (--answerability)",
    show_default="0.955")]


def from_cwd(path: Path) -> Path:
    """``path`` as a user at a shell means it: ``~`` expanded, a relative path taken from the current directory and
    made absolute, so the pairs, ``retrieval.jsonl`` and ``noanswer.jsonl`` beside them and every message name one
    place."""
    return Path(os.path.abspath(path.expanduser()))


def check_folds(folds: int, answerability: bool, goldset: Path | None) -> None:
    """Raises BadInputError for ``--folds`` under 3 when answerability will be fitted (``noanswer.jsonl`` beside the
    pairs of ``goldset``, a folder or a pairs file; None: the repo's): its personal score is fitted out of fold inside
    each training fold (k − 1 folds), which needs two. Checked before the fit, not after minutes of it."""
    from memcli.eval.formats import default_goldset_dir

    folder = default_goldset_dir() if goldset is None else goldset if goldset.is_dir() else goldset.parent
    if answerability and folds < 3 and (folder / "noanswer.jsonl").exists():
        raise BadInputError(f"--folds must be at least 3 with --answerability (its personal score is cross-fitted "
                            f"inside each training fold), got {folds}; or add --no-answerability")


def check_target(target: float) -> None:
    """Raises BadInputError unless ``target`` is in (0, 1]."""
    if not 0 < target <= 1:
        raise BadInputError(f"--answer-target must be in (0, 1], got {target}")


def write_answer_weights(report: dict[str, Any], folder: Path, name: str) -> dict[str, Any]:
    """Store the fitted params as ``answer-<name>.json`` in ``folder`` (atomically); the config
    values naming it and the chosen points. {} when nothing was fitted."""
    if "params" not in report:
        return {}
    path = folder / f"answer-{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(report["params"]), encoding="utf-8")
    tmp.replace(path)
    return {"answer_weights": str(path), "answer_min_p_zh": report["params"]["zh"]["min_p"],
            "answer_min_p_en": report["params"]["en"]["min_p"]}


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def fit_answerability(st: Any, folder: Path, folds: int, target: float, bar: bool) -> dict[str, Any]:
    from memcli.answer_fit import fit_goldset
    from memcli.eval.formats import load_cases, load_open_cases

    if not (folder / "noanswer.jsonl").exists():
        info(f"answerability not fitted: no no-answer questions at {folder / 'noanswer.jsonl'}")
        return {"skipped": "no noanswer.jsonl next to the decision pairs"}
    n = sum(len(c.queries) for c in load_open_cases(folder / "noanswer.jsonl"))
    if (folder / "retrieval.jsonl").exists():
        n += sum(len(c.queries) for c in load_cases(folder / "retrieval.jsonl"))
    n *= 2  # each question also wrapped in chatter (memcli.answer_fit.CHATTER)
    prog, advance = progress_bar(n, "answerability questions", enabled=bar)
    with prog:
        return fit_goldset(st.model_copy(update={"answerability": False}), folder, target=target, folds=folds,
                           progress=advance)


def render_answerability(r: dict[str, Any]) -> None:
    if "params" not in r:
        return
    p = r["params"]
    console.print(f"[bold]answerability[/] chosen point p >= zh {p['zh']['min_p']} / en {p['en']['min_p']}\n"
                  f"  (recall@5 target {r['target']}; {r['questions']} questions, {r['folds']}-fold CV)")
    t = Table(title="empty context on no-answer questions vs recall@5 on answer questions",
              caption="empty¹: no-answer questions left empty (all, then by kind)\nempty²: answer questions left empty")
    for col in ("", "lang", "recall@5", "empty¹", "general", "task", "near miss", "empty²"):  # 80 columns
        t.add_column(col, justify="right")
    for sec in ("cv", "fit", "ungated"):
        for lg in ("zh", "en", "zh_long", "en_long"):
            m = r[sec][lg]
            tags = m.get("by_tag", {})
            t.add_row(sec, lg, _pct(m["recall@5"]), _pct(m["empty_no_answer"]), _pct(tags.get("general")),
                      _pct(tags.get("task")), _pct(tags.get("near_miss")), _pct(m["empty_answer"]))
    console.print(t)
    console.print("trade-off (all questions, final weights): cut → recall@5 / empty on no-answer", style="italic")
    c = Table()  # (its title printed above: a title wider than the narrow table would wrap)
    c.add_column("cut", justify="right")
    for lg in ("zh", "en"):
        c.add_column(lg, justify="right")
    for row_zh, row_en in zip(r["curve"]["zh"], r["curve"]["en"], strict=True):
        c.add_row(f"{row_zh['cut']:.2f}", f"{_pct(row_zh['recall@5'])} / {_pct(row_zh['empty_no_answer'])}",
                  f"{_pct(row_en['recall@5'])} / {_pct(row_en['empty_no_answer'])}")
    console.print(c)


def render_fusion(r: dict[str, Any]) -> None:
    v = r["values"]
    console.print(f"[bold]fusion[/] {v['fusion']}  k={v['rrf_k']}  ({r['queries']} queries, {r['folds']}-fold CV)\n"
                  f"  zh: w_dense={v['weight_dense_zh']} w_lexical={v['weight_lexical_zh']}  "
                  f"en: w_dense={v['weight_dense_en']} w_lexical={v['weight_lexical_en']}\n"
                  f"  floors: min_cosine={v['min_cosine']} min_cosine_zh={v['min_cosine_zh']}")
    t = Table(title="retrieval, held out (cv) and on all (fit): recall@5/recall@10/MRR")
    for col in ("", "lang", "hybrid", "dense", "lexical"):
        t.add_column(col, justify="right")
    for sec in ("cv", "fit"):
        rows = [("all", r[sec]["overall"]), *r[sec]["by_lang"].items()]
        for lg, modes in rows:
            t.add_row(sec, lg, *(f"{m['recall@5']:.3f}/{m['recall@10']:.3f}/{m['mrr']:.3f}" if m.get("n") else "–"
                                 for m in (modes["hybrid"], modes["dense"], modes["lexical"])))
    console.print(t)
