"""Refit the shipped answerability weights (memcli/read/answer_weights.json) on the goldset.

What ``memcli calibrate`` runs for answerability (memcli/answer_fit.py): every question of
goldset/retrieval.jsonl and goldset/noanswer.jsonl once through ``search``, a logistic
regression per query language with the personal score of the query embedding, the chosen point
per language, all cross-validated. Prints the held-out figures; ``--write`` stores the weights::

    python bench/refit_answer.py --write          # then: git diff memcli/read/answer_weights.json

    python bench/refit_answer.py --fresh          # the shipped weights on noanswer_fresh.jsonl (held out)
    python bench/refit_answer.py --world          # ... on noanswer_world.jsonl (general questions, held out)

Only the default model by default (``--model`` for another; each takes ~30 s here).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    os.environ["MEMCLI_CONFIG"] = os.devnull  # the shipped defaults, not this machine's config
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="update memcli/read/answer_weights.json")
    ap.add_argument("--model", action="append", help="model(s) to fit (default: the default model)")
    ap.add_argument("--target", type=float, default=0.955, help="recall@5 the chosen point keeps")
    ap.add_argument("--fresh", action="store_true",
                    help="only score the shipped weights on goldset/noanswer_fresh.jsonl (never fitted on)")
    ap.add_argument("--world", action="store_true",
                    help="only score the shipped weights on goldset/noanswer_world.jsonl (never fitted on)")
    ap.add_argument("--misses", action="store_true",
                    help="with --fresh/--world: list the questions the gate gets wrong")
    a = ap.parse_args()
    if a.fresh or a.world:
        fresh(a, "noanswer_world.jsonl" if a.world else "noanswer_fresh.jsonl")
        return
    from memcli.answer_fit import fit_goldset, render_weights
    from memcli.read.answer import shipped_path
    from memcli.settings import DEFAULT_MODEL, load_settings

    path = shipped_path()
    weights = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    for model in a.model or [DEFAULT_MODEL]:
        st = load_settings(model=model, answerability=False)
        rep = fit_goldset(st, ROOT / "goldset", target=a.target)
        weights[st.model] = rep["params"]
        for sec in ("ungated", "cv", "fit"):
            print(st.model, sec, json.dumps({lg: {k: v for k, v in r.items() if k != "by_tag"} | {"by_tag": r["by_tag"]}
                                             for lg, r in rep[sec].items() if lg != "fold_cuts"}, ensure_ascii=False))
    if a.write:
        path.write_text(render_weights(weights), encoding="utf-8")
        print(f"written {path}")


def fresh(a: argparse.Namespace, name: str) -> None:
    """The shipped weights on a held-out set (memcli/eval/answer_fresh.py): noanswer_fresh or noanswer_world."""
    from memcli.eval.answer_fresh import score_fresh
    from memcli.settings import DEFAULT_MODEL, load_settings

    for model in a.model or [DEFAULT_MODEL]:
        rep = score_fresh(load_settings(model=model), ROOT / "goldset" / name)
        for group, r in rep.items():
            missed = r.pop("missed")
            print(model, group, json.dumps(r, ensure_ascii=False))
            if a.misses:
                print("  missed:", json.dumps(missed, ensure_ascii=False))


if __name__ == "__main__":
    main()
