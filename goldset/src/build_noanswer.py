"""Build ``goldset/noanswer.jsonl``: stores of 14-18 facts with questions that have no answer
there (and some that do), Chinese and English, written by hand for memcli
(``noanswer_zh.py``, ``noanswer_en.py``).

Run from the repo root:  python goldset/src/build_noanswer.py

One store per line, the retrieval-case shape plus empty ``relevant`` lists::

    {"user", "memories": [{"ref", "text", "at"}],
     "queries": [{"query", "relevant": [ref...] or [], "tags": [...]}]}

Tags: ``general`` (general knowledge), ``task`` (translate, write code...), ``near_miss`` (shares
a word or a subject with a stored fact, asks for something not stored) — these have
``relevant: []``; answer questions carry ``answer`` plus what they test (``attr_query``,
``subject``, ``person_by_fact``, ``keyword``, ``no_overlap``, ``pet``). A store with a ``tag``
(``typed``: kinds of things, issue 20's near misses) adds it to each of its questions and gets
no general or task questions (those stay dealt over the untagged stores). The general-knowledge and
task questions of a language are dealt round-robin over its stores, so each question is
asked once. ``memcli calibrate`` fits answerability on this file and retrieval.jsonl
(:mod:`memcli.answer_fit`).
"""

from __future__ import annotations

import json
import sys
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parent))

import noanswer_en  # noqa: E402
import noanswer_zh  # noqa: E402


def cases(mod, start: str) -> list[dict]:
    d0 = date.fromisoformat(start)
    n = sum("tag" not in st for st in mod.STORES)  # a tagged store gets no general or task questions
    out = []
    for s_i, st in enumerate(mod.STORES):
        extra = [st["tag"]] if "tag" in st else []
        mems = [{"ref": f"m{i}", "text": t, "at": (d0 + timedelta(days=11 * i + 3 * s_i)).isoformat()}
                for i, t in enumerate(st["facts"], start=1)]
        qs = [{"query": q, "relevant": [f"m{r}" for r in rel], "tags": ["answer", *tags, *extra]}
              for q, rel, tags in st["answer"]]
        qs += [{"query": q, "relevant": [], "tags": ["near_miss", *extra]} for q in st["near_miss"]]
        if not extra:
            qs += [{"query": q, "relevant": [], "tags": ["general"]} for q in mod.GENERAL[s_i::n]]
            qs += [{"query": q, "relevant": [], "tags": ["task"]} for q in mod.TASKS[s_i::n]]
        out.append({"user": st["user"], "memories": mems, "queries": qs})
    return out


def main() -> None:
    out = ROOT / "goldset" / "noanswer.jsonl"
    all_cases = cases(noanswer_zh, "2025-03-01") + cases(noanswer_en, "2025-02-01")
    queries = [q for c in all_cases for q in c["queries"]]
    for c in all_cases:
        texts = [q["query"] for q in c["queries"]]
        assert len(set(texts)) == len(texts), c["user"]
    with out.open("w", encoding="utf-8") as fh:
        for c in all_cases:
            fh.write(json.dumps(c, ensure_ascii=False) + "\n")
    none = sum(not q["relevant"] for q in queries)
    print(f"{len(all_cases)} stores, {sum(len(c['memories']) for c in all_cases)} facts, {len(queries)} queries "
          f"({none} without an answer) -> {out}")


if __name__ == "__main__":
    main()
