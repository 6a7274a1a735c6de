"""``memcli calibrate``'s answerability part: fit it on the goldset folder, render the report."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.table import Table

from memcli.cli.app import console, info, progress_bar

__all__ = ["fit_answerability", "render_answerability"]


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
    p = r["params"]
    console.print(f"[bold]answerability[/] chosen point p >= zh {p['zh']['min_p']} / en {p['en']['min_p']} "
                  f"(recall@5 target {r['target']}; {r['questions']} questions, {r['folds']}-fold CV)")
    t = Table(title="empty context on no-answer questions vs recall@5 on answer questions")
    for col in ("", "lang", "recall@5", "empty (no answer)", "general", "task", "near miss", "empty (answer)"):
        t.add_column(col, justify="right")
    for sec in ("cv", "fit", "ungated"):
        for lg in ("zh", "en", "zh_long", "en_long"):
            m = r[sec][lg]
            tags = m.get("by_tag", {})
            t.add_row(sec, lg, _pct(m["recall@5"]), _pct(m["empty_no_answer"]), _pct(tags.get("general")),
                      _pct(tags.get("task")), _pct(tags.get("near_miss")), _pct(m["empty_answer"]))
    console.print(t)
    c = Table(title="trade-off (all questions, final weights): cut → recall@5 / empty on no-answer")
    c.add_column("cut", justify="right")
    for lg in ("zh", "en"):
        c.add_column(lg, justify="right")
    for row_zh, row_en in zip(r["curve"]["zh"], r["curve"]["en"], strict=True):
        c.add_row(f"{row_zh['cut']:.2f}", f"{_pct(row_zh['recall@5'])} / {_pct(row_zh['empty_no_answer'])}",
                  f"{_pct(row_en['recall@5'])} / {_pct(row_en['empty_no_answer'])}")
    console.print(c)
