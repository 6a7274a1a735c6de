"""One command for every figure: performance (capture, drain, search at scale, context vs its
budget) and quality (calibration, decisions, retrieval on the goldset and on LoCoMo, and end to
end: MemDaily with the answerability gate and the raw-message baselines, LoCoMo per speaker with
and without episodes), with the machine it ran on, as one markdown report and one JSON file.

Run from the repo root (full: about 40-70 minutes on 2 shared cores; --quick: a few minutes)::

    . .venv/bin/activate
    python bench/run_all.py            # everything, default sizes
    python bench/run_all.py --quick    # small sizes, LoCoMo on 2 conversations
    python bench/run_all.py --only calibrate,locomo

Writes bench/out/report.md and bench/out/report.json (and each sub-benchmark's own JSON), and
rewrites the generated section of docs/benchmarks.md (between its ``run_all:begin`` and
``run_all:end`` markers) with the same report, its command and its machine (``--no-docs``: not).
The performance scripts (bench_capture.py, bench_drain.py, bench_search.py) run as
subprocesses when present — a missing one is skipped with a note; the quality figures run
in-process through the same library calls as ``memcli calibrate`` and ``memcli eval``.
LoCoMo is read from ../shared/data/locomo/locomo10.json (``--locomo PATH`` to override), MemDaily
from ../shared/data/memdaily-dev/*.json; a missing data set is skipped with a note.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out"
DOCS_PAGE = ROOT / "docs" / "benchmarks.md"
BEGIN, END = "<!-- run_all:begin -->", "<!-- run_all:end -->"
# the CLI command that makes the same library call as each quality part
EQUIVALENT = {"calibrate": "memcli calibrate --json", "decisions": "memcli eval decisions",
              "extraction": "memcli eval extraction", "retrieval": "memcli eval retrieval",
              "locomo": "memcli eval retrieval --locomo auto",
              "locomo_turns": "memcli eval retrieval --locomo auto --mode turns",
              "memdaily": "memcli eval memdaily ../shared/data/memdaily-dev/*.json",
              "locomo_e2e": "memcli eval locomo-e2e ../shared/data/locomo/locomo10.json"}
sys.path.insert(0, str(ROOT))

# script, its JSON output, arguments (full, quick)
PERF = {
    "capture": ("bench_capture.py", "capture.json", [], ["--n", "500", "--runs", "5"]),
    "drain": ("bench_drain.py", "drain.json", [], ["--sizes", "300"]),
    "search": ("bench_search.py", "bench_search.json", [], ["--sizes", "1000", "--cold-runs", "2", "--reps", "1"]),
}
QUALITY = ("calibrate", "decisions", "extraction", "retrieval", "locomo", "locomo_turns", "memdaily", "locomo_e2e")
MEMDAILY = ROOT.parent / "shared" / "data" / "memdaily-dev"  # read by path, never copied


def machine() -> dict[str, Any]:
    """Where the figures come from: CPU, cores, memory, load, versions, commit."""
    info: dict[str, Any] = {"platform": platform.platform(), "python": platform.python_version(),
                            "cpus": os.cpu_count(), "loadavg_start": [round(x, 2) for x in os.getloadavg()]}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                info["cpu"] = line.split(":", 1)[1].strip()
                break
        mem = Path("/proc/meminfo").read_text().splitlines()[0].split()
        info["memory_gib"] = round(int(mem[1]) / 2**20, 1)
    except OSError:
        pass
    for mod in ("apsw", "torch", "sentence_transformers", "sqlite_vec"):
        try:
            m = __import__(mod)
            info[mod] = m.sqlite_lib_version() if mod == "apsw" else getattr(m, "__version__", "?")
        except Exception:  # noqa: BLE001 - a version is nice to have
            info[mod] = None
    try:
        info["commit"] = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                                        text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        info["commit"] = None
    return info


def run_perf(name: str, quick: bool) -> dict[str, Any]:
    script, out_json, full, small = PERF[name]
    path = ROOT / "bench" / script
    if not path.exists():
        return {"skipped": f"bench/{script} not present"}
    t0 = time.monotonic()
    proc = subprocess.run([sys.executable, str(path), *(small if quick else full)], cwd=ROOT, capture_output=True,
                          text=True)
    res: dict[str, Any] = {"command": f"python bench/{script} {' '.join(small if quick else full)}".strip(),
                           "seconds": round(time.monotonic() - t0, 1), "exit_code": proc.returncode,
                           "markdown": proc.stdout.strip()}
    if proc.returncode != 0:
        res["error"] = (proc.stderr.strip().splitlines() or ["?"])[-1]
    elif (OUT / out_json).exists():
        res["json"] = json.loads((OUT / out_json).read_text(encoding="utf-8"))
    return res


def pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}%"


def md_retrieval(r: dict[str, Any], group: str | None) -> str:
    lines = ["| mode | n | recall@1 | recall@5 | recall@10 | hit@5 | MRR |", "|---|---:|---:|---:|---:|---:|---:|"]
    for m, s in r["overall"].items():
        lines.append(f"| {m} | {s['n']} | {pct(s['recall@1'])} | {pct(s['recall@5'])} | {pct(s['recall@10'])} | "
                     f"{pct(s['hit@5'])} | {s['mrr']:.3f} |")
    if group and r.get(f"by_{group}"):
        modes = r["modes"]
        lines += ["", f"| {group} | n | " + " | ".join(f"{m} R@5 / MRR" for m in modes) + " |",
                  "|---|---:|" + "---:|" * len(modes)]
        for v, per in r[f"by_{group}"].items():
            n = next((s["n"] for s in per.values() if s.get("n")), 0)
            lines.append(f"| {v} | {n} | " + " | ".join(
                f"{pct(per[m]['recall@5'])} / {per[m]['mrr']:.3f}" if per[m].get("n") else "–" for m in modes) + " |")
    return "\n".join(lines)


def _command(part: str, quick: bool) -> str:
    subset = ", on a subset" if quick and part in ("decisions", "locomo", "locomo_turns", "memdaily",
                                                   "locomo_e2e") else ""
    return (f"Command: `python bench/run_all.py{' --quick' if quick else ''} --only {part}` (the library call "
            f"of `{EQUIVALENT[part]}`{subset}).")


def generated_section(report_md: str, command: str) -> str:
    """The report as the generated section of docs/benchmarks.md: its title a level-2 heading,
    every other heading one level down, the command that made it first, paths relative to the repo."""
    lines = report_md.replace(f"{ROOT}/", "").strip().splitlines()  # paths relative to the repo
    title = lines[0].lstrip("# ").strip() if lines and lines[0].startswith("# ") else "benchmark report"
    body = [("#" + ln) if ln.startswith("#") else ln for ln in lines[1:]]
    return "\n".join([f"## Latest `bench/run_all.py` run: {title.removeprefix('memcli benchmark report ')}", "",
                      f"Made by `{command}`; every figure below comes from this one run on the machine named here.",
                      *body]).rstrip() + "\n"


def replace_generated(page: str, section: str) -> str:
    """``page`` with the text between its ``run_all:begin`` / ``run_all:end`` markers replaced
    by ``section`` (the rest kept byte for byte); a page without the markers gets them, with
    the section, at its end."""
    block = f"{BEGIN}\n{section.rstrip()}\n{END}"
    if BEGIN in page and END in page.split(BEGIN, 1)[1]:
        head, rest = page.split(BEGIN, 1)
        return head + block + rest.split(END, 1)[1]
    return page.rstrip() + "\n\n" + block + "\n"


def run_quality(only: set[str], quick: bool, locomo: str | None) -> tuple[dict[str, Any], list[str]]:
    from memcli.settings import load_settings

    st = load_settings()
    res: dict[str, Any] = {}
    md: list[str] = []
    if "calibrate" in only:
        from memcli.calibrate import calibrate

        t0 = time.monotonic()
        r = calibrate(st)
        r.pop("histogram")
        r["seconds"] = round(time.monotonic() - t0, 1)
        res["calibrate"] = r
        th, fit, cv, cur = r["thresholds"], r["fit"], r["cv"], r["current"]
        md += ["## Calibration (goldset decision pairs)", "", _command("calibrate", quick), "",
               f"{r['pairs']} pairs {r['label_counts']}, model `{r['model']}`, target precision "
               f"{r['target_precision']}, margin {r['margin']}, {r['folds']}-fold CV. Chosen: NOOP by cosine "
               f"{'never (exact only)' if th['upper'] > 1 else '>= ' + str(th['upper'])}, "
               f"ADD by cosine < {th['lower']}.",
               "", "| thresholds | NOOP prec | NOOP rec | ADD prec | ADD rec | gray zone | CONFLICT/UPDATE by cosine |",
               "|---|---:|---:|---:|---:|---:|---:|"]
        for name, s in (("fit", fit), ("cross-validated", cv), (f"defaults {cur['upper']}/{cur['lower']}", cur)):
            pc = s["per_class"]
            md.append(f"| {name} | {pct(pc['NOOP']['precision'])} | {pct(pc['NOOP']['recall'])} | "
                      f"{pct(pc['ADD']['precision'])} | {pct(pc['ADD']['recall'])} | {pct(s['gray_share'])} | "
                      f"{s['risky_by_cosine']} |")
        md.append("")
    if "decisions" in only:
        from memcli.eval.decisions import eval_decisions
        from memcli.eval.formats import default_goldset_dir, load_pairs

        pairs = load_pairs(default_goldset_dir() / "decisions.jsonl")
        pairs = pairs[::4] if quick else pairs
        t0 = time.monotonic()
        r = eval_decisions(st, pairs)
        r["seconds"] = round(time.monotonic() - t0, 1)
        res["decisions"] = r
        ov = r["overall"]
        md += ["## Decisions (goldset pairs through the real pipeline)", "", _command("decisions", quick), "",
               f"{r['pairs']} pairs, thresholds {r['thresholds']['upper']}/{r['thresholds']['lower']}, judge "
               f"`{r['judge']}`: accuracy {pct(ov['accuracy'])}, CONFLICT decided NOOP {r['conflict_as_noop']}, "
               "levels " + ", ".join(f"{k} {pct(v['share'])}" for k, v in r["levels"].items()) + ".", "",
               "| label | " + " | ".join(ov["columns"]) + " | precision | recall |",
               "|---|" + "---:|" * (len(ov["columns"]) + 2)]
        for g in ov["labels"]:
            pc = ov["per_class"][g]
            md.append(f"| {g} | " + " | ".join(str(ov["confusion"][g][c]) for c in ov["columns"]) +
                      f" | {pct(pc['precision'])} | {pct(pc['recall'])} |")
        md.append("")
    if "extraction" in only:
        from memcli.eval.extraction import eval_extraction
        from memcli.eval.formats import default_goldset_dir, load_extraction_cases

        r = eval_extraction(st, load_extraction_cases(default_goldset_dir() / "extraction.jsonl"))
        res["extraction"] = r
        f = r["facts"]
        md += ["## Extraction (goldset cases)", "", _command("extraction", quick), "",
               f"Extractor `{r['extractor']}`, {r['cases']} cases ({r['exact_cases']} exactly right): "
               f"{f['matched']} of {f['expected']} expected facts found (recall {pct(f['recall'])}), "
               f"precision {pct(f['precision'])}, kind right {pct(r['kind_accuracy'])}; silent on "
               f"{r['silence'].get('correct', 0)} of {r['silence'].get('cases', 0)} chatter/question/plan/assistant "
               "utterances.", ""]
    if "retrieval" in only:
        from memcli.eval.formats import default_goldset_dir, load_cases
        from memcli.eval.retrieval import eval_cases

        r = eval_cases(st, load_cases(default_goldset_dir() / "retrieval.jsonl"))
        res["retrieval"] = r
        md += ["## Retrieval (goldset cases)", "", _command("retrieval", quick), "",
               f"{r['cases']} cases, {r['memories']} memories, {r['queries']} queries (zh + en).", "",
               md_retrieval(r, "tag"), ""]
    for part, mode in (("locomo", "observations"), ("locomo_turns", "turns")):
        if part not in only:
            continue
        from memcli.eval.locomo import default_locomo_path, eval_locomo

        path = Path(locomo) if locomo else default_locomo_path()
        title = ("## LoCoMo retrieval (observations as memories)" if mode == "observations" else
                 "## LoCoMo retrieval (raw turns through capture + drain)")
        if not path.exists():
            res[part] = {"skipped": f"{path} not found"}
            md += [title, "", f"skipped: {path} not found", ""]
            continue
        t0 = time.monotonic()
        r = eval_locomo(st, path, mode=mode, samples=2 if quick else None)
        r["seconds"] = round(time.monotonic() - t0, 1)
        res[part] = r
        drained = f" Drain: {r['drain']}." if "drain" in r else ""
        md += [title, "", _command(part, quick), "",
               f"{r['conversations']} conversations, {r['memories']} memories, {r['queries']} questions; "
               f"evidence ids repaired/dropped: {r['evidence_issues']}.{drained}", "", md_retrieval(r, "category"), ""]
    if "memdaily" in only:
        res["memdaily"], part_md = _memdaily(st, quick)
        md += part_md
    if "locomo_e2e" in only:
        res["locomo_e2e"], part_md = _locomo_e2e(st, quick, locomo)
        md += part_md
    return res, md


def _missing(title: str, path: Path) -> tuple[dict[str, Any], list[str]]:
    """An end-to-end part whose data set is not on this machine: skipped, with a note."""
    return {"skipped": f"{path} not found"}, [title, "", f"skipped: {path} not found", ""]


def _timed(run: Any) -> dict[str, Any]:
    """``run()``'s report with the seconds it took, without its list of misses (too long for the report)."""
    t0 = time.monotonic()
    r = run()
    r["seconds"] = round(time.monotonic() - t0, 1)
    r.pop("misses", None)
    return r


def _memdaily(st: Any, quick: bool) -> tuple[dict[str, Any], list[str]]:
    """MemDaily end to end: facts kept, answered@3 with and without the answerability gate, beside
    storing every message raw (episodes on, as configured)."""
    from memcli.eval.memdaily import eval_memdaily

    title = "## MemDaily end to end (capture → drain → context; answerability and episodes on)"
    paths = sorted(MEMDAILY.glob("*.json"))
    if not paths:
        return _missing(title, MEMDAILY)
    r = _timed(lambda: eval_memdaily(st, paths, limit=3 if quick else None))
    o = r["overall"]
    labels = ", ".join(f"{k} {pct(v['share'])}" for k, v in o["confidence_labels"].items())
    md = [title, "", _command("memdaily", quick), "",
          f"{o['trajectories']} trajectories, {o['questions']} questions ({o['verbatim_questions']} with the "
          f"answer in a message); facts a question needs kept as memories {pct(o['facts']['memory_share'])}, "
          f"findable (memory or episode) {pct(o['facts']['findable_share'])}; confidence labels: {labels}.", "",
          "| | answered@1 | answered@3 | answered@5 |", "|---|---:|---:|---:|"]
    for name, key in (("memcli", "memcli"), ("memcli, answerability gate on", "memcli_gated"),
                      ("raw messages, memcli's search", "raw_memcli"), ("raw messages, plain RRF", "raw_rrf")):
        if key in o:
            md.append(f"| {name} | " + " | ".join(pct(o[key].get(f"answered@{k}")) for k in (1, 3, 5)) + " |")
    return r, [*md, ""]


_E2E_MODES = {"memories": "memories (episodes leg off)", "episodes": "memories + episodes",
              "raw_rrf": "the speaker's raw turns, plain RRF (cosine, BM25)"}


def _locomo_e2e(st: Any, quick: bool, locomo: str | None) -> tuple[dict[str, Any], list[str]]:
    """LoCoMo end to end per speaker: share of questions whose answer words the top hits cover, for
    memories, memories + episodes and the speaker's raw turns."""
    from memcli.eval.locomo import default_locomo_path
    from memcli.eval.locomo_e2e import eval_locomo_e2e

    title = "## LoCoMo end to end (each speaker's turns through capture + drain)"
    path = Path(locomo) if locomo else default_locomo_path()
    if not path.exists():
        return _missing(title, path)
    r = _timed(lambda: eval_locomo_e2e(st, path, samples=2 if quick else None))
    o = r["overall"]
    md = [title, "", _command("locomo_e2e", quick), "",
          f"{r['conversations']} conversations, {r['speakers']} speakers, {o['n']} questions.", "",
          "| top 5 from | answered |", "|---|---:|",
          *(f"| {_E2E_MODES.get(m, m)} | {pct(o.get(m))} |" for m in r["modes"]), ""]
    return r, md


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small sizes (a few minutes)")
    ap.add_argument("--only", default=",".join([*PERF, *QUALITY]),
                    help=f"comma-separated subset of {','.join([*PERF, *QUALITY])}")
    ap.add_argument("--locomo", default=None, help="path of locomo10.json")
    ap.add_argument("--no-docs", action="store_true", help="do not rewrite the generated section of docs/benchmarks.md")
    args = ap.parse_args()
    only = {x.strip() for x in args.only.split(",") if x.strip()}
    unknown = only - set(PERF) - set(QUALITY)
    if unknown:
        ap.error(f"unknown parts: {', '.join(sorted(unknown))}")
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    OUT.mkdir(parents=True, exist_ok=True)
    report: dict[str, Any] = {"when_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "quick": args.quick,
                              "machine": machine(), "performance": {}, "quality": {}}
    m = report["machine"]
    md = [f"# memcli benchmark report ({report['when_utc']}{', quick' if args.quick else ''})", "",
          f"Machine: {m.get('cpu', '?')}, {m['cpus']} CPUs, {m.get('memory_gib', '?')} GiB, {m['platform']}, "
          f"Python {m['python']}, SQLite {m.get('apsw')}, torch {m.get('torch')}, commit {m.get('commit')}; "
          f"load average at start {m['loadavg_start']} (other processes may share the CPUs).", ""]
    for name in PERF:
        if name not in only:
            continue
        print(f"# {name} ...", file=sys.stderr, flush=True)
        r = run_perf(name, args.quick)
        report["performance"][name] = r
        md += [f"## {name.capitalize()} (`{r.get('command', PERF[name][0])}`)", ""]
        md += [f"skipped: {r['skipped']}" if "skipped" in r else
               f"failed (exit {r['exit_code']}): {r.get('error')}" if r["exit_code"] else r["markdown"], ""]
    q = [x for x in QUALITY if x in only]
    if q:
        print(f"# quality: {', '.join(q)} ...", file=sys.stderr, flush=True)
        report["quality"], qmd = run_quality(set(q), args.quick, args.locomo)
        md += qmd
    report["machine"]["loadavg_end"] = [round(x, 2) for x in os.getloadavg()]
    md.append(f"Load average at the end: {report['machine']['loadavg_end']}.")
    text = "\n".join(md) + "\n"
    (OUT / "report.md").write_text(text, encoding="utf-8")
    (OUT / "report.json").write_text(json.dumps(report, indent=2, ensure_ascii=False, default=str), encoding="utf-8")
    print(text)
    print(f"written {OUT / 'report.md'} and {OUT / 'report.json'}", file=sys.stderr)
    if not args.no_docs and DOCS_PAGE.exists():
        command = "python bench/run_all.py " + " ".join(sys.argv[1:])
        page = DOCS_PAGE.read_text(encoding="utf-8")
        DOCS_PAGE.write_text(replace_generated(page, generated_section(text, command.strip())), encoding="utf-8")
        print(f"written the generated section of {DOCS_PAGE}", file=sys.stderr)


if __name__ == "__main__":
    main()
