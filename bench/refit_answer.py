"""Refit the shipped answerability weights (memcli/read/answer_weights.json) on the goldset.

What ``memcli calibrate`` runs for answerability (memcli/answer_fit.py): every question of
goldset/retrieval.jsonl and goldset/noanswer.jsonl once through ``search``, a logistic
regression per query language with the personal score of the query embedding, the chosen point
per language, all cross-validated. Prints the held-out figures; ``--write`` stores the weights::

    python bench/refit_answer.py --write          # then: git diff memcli/read/answer_weights.json

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
    ap.add_argument("--target", type=float, default=0.95, help="recall@5 the chosen point keeps")
    a = ap.parse_args()
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


if __name__ == "__main__":
    main()
