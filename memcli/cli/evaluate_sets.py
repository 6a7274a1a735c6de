"""``eval extraction`` and ``eval retrieval``: the extractor and the read path on labelled sets
(the goldset's by default). Registered on the ``eval`` group of :mod:`memcli.cli.evaluate`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from memcli.cli.app import JsonOpt, ModelOpt, console, emit_json, info, progress_bar, settings_for
from memcli.cli.evaluate import _pct, eval_app
from memcli.errors import BadInputError


@eval_app.command("extraction")
def eval_extraction_cmd(
    cases: Annotated[Path | None, typer.Option("--cases", help="JSON Lines extraction cases",
                                               show_default="goldset/extraction.jsonl")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Score the configured extractor: facts found (strict match; loose beside), kinds, slots, silence.

    Silence: no memory from chatter, questions, calendar-like plans and the assistant's turns.

    Strict: the same words after normalisation, or every content word of the expected statement
    present with at most 2 added (memcli/eval/extraction.py). Loose: containment either way or a
    difflib ratio >= 0.8 (reported as facts_loose, never instead).

    Case format: {"utterance": "我妈妈的生日是3月5号", "expected": [{"statement": "我妈妈的生日是3月5号",
    "kind": "relationship", "slot": "mother.birthday"}]}; "expected": [] = no memory.

    Examples:

      memcli eval extraction

      memcli eval extraction --cases goldset/dev2/extraction.jsonl --json
    """
    from memcli.eval.extraction import eval_extraction
    from memcli.eval.formats import default_goldset_dir, load_extraction_cases

    st = settings_for()
    report = eval_extraction(st, load_extraction_cases(cases or default_goldset_dir() / "extraction.jsonl"))
    if as_json:
        emit_json(report)
        return
    f, fl = report["facts"], report["facts_loose"]
    console.print(f"[bold]extractor[/] {report['extractor']}   [bold]cases[/] {report['cases']} "
                  f"({report['exact_cases']} exactly right; loose {report['exact_cases_loose']})")
    console.print(f"facts (strict): {f['matched']} of {f['expected']} expected found (recall {_pct(f['recall'])}), "
                  f"{f['predicted']} produced (precision {_pct(f['precision'])}); loose: recall "
                  f"{_pct(fl['recall'])}, precision {_pct(fl['precision'])}")
    console.print(f"on strictly matched facts: kind right {_pct(report['kind_accuracy'])}, "
                  f"same slot key {_pct(report['slot_exact'])}; silent where it must be "
                  f"{report['silence'].get('correct', 0)} of {report['silence'].get('cases', 0)}"
                  + (f"; valid_from right {report['valid_from']['correct']} of {report['valid_from']['expected']}"
                     if report["valid_from"]["expected"] else ""))
    t = Table(title="by category and language, strict (loose): right = cases exactly right")
    for col in ("category", "n", "right", "recall", "precision", "silent"):
        t.add_column(col, justify="left" if col == "category" else "right")
    for c, v in {**report["by_category"], **{f"lang {k}": v for k, v in report["by_lang"].items()}}.items():
        lo = v["loose"]
        t.add_row(c, str(v["n"]), f"{_pct(v['accuracy'])} ({_pct(lo['accuracy'])})",
                  f"{_pct(v['recall'])} ({_pct(lo['recall'])})" if v["expected"] else "",
                  f"{_pct(v['precision'])} ({_pct(lo['precision'])})" if v["predicted"] else "",
                  f"{_pct(v['silence'])} of {v['silent_cases']}" if v["silent_cases"] else "")
    console.print(t)


@eval_app.command("retrieval")
def eval_retrieval_cmd(
    cases: Annotated[Path | None, typer.Option("--cases", help="JSON Lines retrieval cases",
                                               show_default="goldset/retrieval.jsonl")] = None,
    locomo: Annotated[str | None, typer.Option("--locomo", help="LoCoMo locomo10.json; 'auto' = "
                                               "../shared/data/locomo/locomo10.json")] = None,
    mode: Annotated[str | None, typer.Option("--mode", help="LoCoMo: observations | turns",
                                             show_default="observations")] = None,
    samples: Annotated[int | None, typer.Option("--samples", help="LoCoMo: first N conversations")] = None,
    max_questions: Annotated[int | None, typer.Option("--max-questions", help="LoCoMo: N questions each")] = None,
    cv: Annotated[bool | None, typer.Option("--cv/--no-cv", help="hybrid out of fold: fusion fitted on the other "
                                            "folds' queries \\[default: on for the goldset]")] = None,
    folds: Annotated[int | None, typer.Option("--folds", help="--cv: k of the k-fold cross-validation",
                                              show_default="5")] = None,
    sample: Annotated[int | None, typer.Option("--sample", help="cases: a seeded random N of the queries "
                                               "(every memory kept)")] = None,
    seed: Annotated[int | None, typer.Option("--seed", help="seed of --sample", show_default="0")] = None,
    model: ModelOpt = None, as_json: JsonOpt = False,
) -> None:
    """Recall@1/5/10, hit@5 and MRR for hybrid, dense-only and lexical-only retrieval, same run.

    Case format (one per line): {"user": "u1", "memories": [{"ref": "m1", "text": "...", "at": "2023-12-25"}],
    "queries": [{"query": "...", "relevant": ["m1"]}]}. Without --cases/--locomo: the goldset's cases.

    The shipped fusion constants are fitted on the goldset's queries, so on the goldset hybrid is
    scored out of fold (--cv, the default there): each fold ranked with constants fitted on the
    other folds only (memcli/fusion_fit.py), each leg beside it, and hybrid_configured (the
    shipped constants, in-sample) apart.

    Examples:

      memcli eval retrieval

      memcli eval retrieval --cases mine.jsonl --json

      memcli eval retrieval --locomo auto --mode observations
    """
    from memcli.eval.formats import check_counts, default_goldset_dir, load_cases

    cased = cases is not None or locomo is None
    _no_ignored_option(cased, locomo is not None, cv if cv is not None else cases is None,
                       {"--mode": mode, "--samples": samples, "--max-questions": max_questions},
                       {"--cv/--no-cv": cv, "--folds": folds, "--sample": sample, "--seed": seed})
    mode, folds, seed = mode or "observations", 5 if folds is None else folds, seed or 0
    check_counts({"--samples": samples, "--max-questions": max_questions, "--sample": sample})
    st = settings_for(model=model)
    if mode not in ("observations", "turns"):
        raise BadInputError(f"--mode must be observations or turns, got {mode!r}")
    if folds < 2:
        raise BadInputError(f"--folds must be >= 2, got {folds}")
    report: dict[str, Any] = {}
    if cased:
        from memcli.eval.formats import sample_queries
        from memcli.eval.retrieval import eval_cases
        from memcli.fusion_fit import out_of_fold

        loaded = sample_queries(load_cases(cases or default_goldset_dir() / "retrieval.jsonl"), sample, seed)
        prog, advance = progress_bar(sum(len(c.queries) for c in loaded), "queries", enabled=not as_json)
        with prog:
            if cv if cv is not None else cases is None:
                report["cases"] = out_of_fold(st, loaded, folds=folds, progress=advance)
            else:
                report["cases"] = eval_cases(st, loaded, progress=advance)
    if locomo is not None:
        from memcli.eval.locomo import count_questions, eval_locomo

        path = None if locomo == "auto" else locomo
        prog, advance = progress_bar(count_questions(path, samples, max_questions), f"LoCoMo {mode}",
                                     enabled=not as_json)
        with prog:
            report["locomo"] = eval_locomo(st, path, mode=mode, samples=samples, max_questions=max_questions,
                                           progress=advance)
    if as_json:
        emit_json(report)
        return
    if "cases" in report:
        r = report["cases"]
        how = f", hybrid out of fold ({r['folds']}-fold)" if "folds" in r else ""
        _render_retrieval(r, f"retrieval cases: {r['cases']} cases, {r['memories']} memories, {r['queries']} queries"
                          + how, ("tag", "lang"))
    if "locomo" in report:
        r = report["locomo"]
        _render_retrieval(r, f"LoCoMo ({r['mode']}): {r['conversations']} conversations, {r['memories']} memories, "
                          f"{r['queries']} questions", ("category",))
        info(f"evidence ids repaired/dropped: {r['evidence_issues'] or 'none'}")


def _no_ignored_option(cased: bool, locomo: bool, cv: bool, locomo_opts: dict[str, Any],
                       case_opts: dict[str, Any]) -> None:
    """Refuse an option that the inputs chosen would ignore (one line, exit 2), never drop it silently."""
    if not locomo and (given := [k for k, v in locomo_opts.items() if v is not None]):
        raise BadInputError(f"{given[0]} is for LoCoMo: add --locomo FILE (or auto)")
    if not cased and (given := [k for k, v in case_opts.items() if v is not None]):
        raise BadInputError(f"{given[0]} is for the retrieval cases: add --cases FILE (with --locomo alone it does "
                            "nothing)")
    if case_opts["--folds"] is not None and not cv:
        raise BadInputError("--folds is for --cv (hybrid out of fold)")
    if case_opts["--seed"] is not None and case_opts["--sample"] is None:
        raise BadInputError("--seed is for --sample")


def _render_retrieval(r: dict[str, Any], title: str, groups: tuple[str, ...]) -> None:
    t = Table(title=title)
    for col in ("mode", "n", "recall@1", "recall@5", "recall@10", "hit@5", "MRR"):
        t.add_column(col, justify="right")
    for m, s in r["overall"].items():
        if s.get("n"):
            t.add_row(m, str(s["n"]), _pct(s["recall@1"]), _pct(s["recall@5"]), _pct(s["recall@10"]),
                      _pct(s["hit@5"]), f"{s['mrr']:.3f}")
    console.print(t)
    for g in groups:
        data = r.get(f"by_{g}")
        if not data:
            continue
        t = Table(title=f"by {g}: recall@5 / MRR")
        t.add_column(g)
        t.add_column("n", justify="right")
        for m in r["modes"]:
            t.add_column(m, justify="right")
        for v, per_mode in data.items():
            n = next((s["n"] for s in per_mode.values() if s.get("n")), 0)
            t.add_row(str(v), str(n), *[f"{_pct(per_mode[m].get('recall@5'))} / {per_mode[m].get('mrr', 0):.3f}"
                                        if per_mode[m].get("n") else "–" for m in r["modes"]])
        console.print(t)
