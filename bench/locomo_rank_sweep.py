"""Read-path sweep on LoCoMo: build each speaker's memory once (capture + drain, as
``memcli eval locomo-e2e`` does), then rank the same questions under setting variants.

    python bench/locomo_rank_sweep.py ../shared/data/locomo/locomo10.json --samples 10 \\
        --variant k1:rrf_k=1 --variant sal0:weight_salience=0 [--as-user] [--show]

Prints memories-alone answered@5 per variant (the ``memories`` figure of ``eval locomo-e2e``;
episodes off). For the base settings' misses it also counts: the depth k at which the top k
hits together hold every answer word (6-10, 11-50, > 50, or never: "not stored" among the hits
search returns at all), and whether one active memory holds every answer word and at what
rank search returns it ("not returned": dropped by the relevance floor). ``--as-user`` asks in
the first person (the speaker's first name → I / my), a diagnostic of the name in the question;
``--show`` prints those misses as JSON lines.
"""

from __future__ import annotations

import argparse
import json
import re
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from memcli.eval.locomo import load_locomo
from memcli.eval.locomo_e2e import K, _speaker_turns, answer_words, assign_questions, covers
from memcli.eval.retrieval import cached_embedder, open_eval_memory
from memcli.settings import load_settings


def _variant(v: str) -> tuple[str, dict[str, Any]]:
    name, _, kv = v.partition(":")
    upd: dict[str, Any] = {}
    for pair in filter(None, kv.split(",")):
        k, _, val = pair.partition("=")
        upd[k] = json.loads(val) if val[:1] in "0123456789-tf[" else val
    return name, upd


def _first_person(question: str, speaker: str) -> str:
    first = re.escape(speaker.split()[0])
    return re.sub(rf"\b{first}(?:'s)?\b", lambda m: "my" if m.group(0).endswith("s") else "I", question)


def _miss(mem: Any, q: dict[str, Any], where: Counter, show: bool) -> None:
    deep = [h.statement for h in mem.search(q["question"], limit=1000)]
    depth = next((i for i in range(K, len(deep) + 1) if covers(deep[:i], q["words"])), None)
    where["not stored" if depth is None else "6-10" if depth <= 10 else "11-50" if depth <= 50 else ">50"] += 1
    held = [m.statement for m in mem.list() if m.status == "active" and answer_words(m.statement) >= q["words"]]
    if held:
        one = next((i for i, s in enumerate(deep, 1) if s in held), None)
        where["one memory holds all: " + ("not returned" if one is None else "rank <=10" if one <= 10
                                          else "rank <=50" if one <= 50 else "rank >50")] += 1
    if show and (held or (depth is not None and depth <= 50)):
        print(json.dumps({"q": q["question"], "a": q["answer"], "depth": depth, "held": held[:3], "top": deep[:K]},
                         ensure_ascii=False))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("path")
    ap.add_argument("--samples", type=int, default=3)
    ap.add_argument("--variant", action="append", default=[], help="name:setting=value,setting=value")
    ap.add_argument("--as-user", action="store_true", help="ask in the first person (diagnostic)")
    ap.add_argument("--show", action="store_true", help="print the base settings' misses as JSON lines")
    a = ap.parse_args()
    st = load_settings().model_copy(update={"episodes": False})
    variants = [("base", {})] + [_variant(v) for v in a.variant]
    plan, issues = [], Counter()
    for i, sample in enumerate(load_locomo(Path(a.path))[: a.samples]):
        sid = str(sample.get("sample_id") or f"conv-{i}")
        who, turns = _speaker_turns(sample)
        plan += [(sid, sp, turns[sp], qs) for sp, qs in assign_questions(sample, who, issues, None).items()
                 if turns.get(sp)]
    emb = cached_embedder(st, [t for *_, ts, _ in plan for _, _, t in ts],
                          [q["question"] for *_, qs in plan for q in qs])
    score, total, where = Counter(), 0, Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for n, (sid, sp, turns, qs) in enumerate(plan):
            db, user = Path(tmp) / f"sp-{n}.db", f"{sid}:{sp}"
            with open_eval_memory(st, db, user, emb) as mem:
                for dia, at, text in turns:
                    mem.capture(text, at=at, key=f"{user}:{dia}", session=dia.split(":")[0])
                mem.drain()
            if a.as_user:
                qs = [{**q, "question": _first_person(q["question"], sp)} for q in qs]
            for name, upd in variants:
                with open_eval_memory(st.model_copy(update=upd), db, user, emb) as mem:
                    for q in qs:
                        ok = covers([h.statement for h in mem.search(q["question"], limit=K)], q["words"])
                        score[name] += ok
                        if name == "base" and not ok:
                            _miss(mem, q, where, a.show)
            total += len(qs)
    for name, _ in variants:
        print(f"{name:28s} {score[name] / total:.4f} ({score[name]}/{total})")
    print("base misses:", dict(sorted(where.items())))


if __name__ == "__main__":
    main()
