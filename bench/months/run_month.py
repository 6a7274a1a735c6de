"""Round 31: run a month (``memcli eval conversations`` format, plus ``no_block`` questions) through
capture -> drain -> context and count where each needed fact was lost.

Usage: python bench/months/run_month.py bench/months/round31_zh.json [--json OUT]

Per question with a fact: ``lost at extraction`` (no memory of any status matches the fact's keys),
``hidden by a decision`` (a matching memory exists but none is active), ``left stale`` (the fact is
kept but the old value is still active), ``not found`` (kept, not in the context block of 3),
``in block``. Per ``no_block`` question: whether ``context`` came back empty.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from memcli.eval.conversations import CONTEXT_BUDGET_MS, load_conversations, matches
from memcli.eval.retrieval import cached_embedder, open_eval_memory
from memcli.settings import Settings


def _by(items: list, reason: str | None) -> str | None:
    import re

    m = re.search(r"by #(\d+)", reason or "")
    return next((o.statement for o in items if m and o.id == int(m.group(1))), None)


def run(path: str) -> dict:
    settings = Settings()
    convs = load_conversations(path)
    raw = {json.loads(line)["id"]: json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines()}
    embedder = cached_embedder(settings, [], [q.q for c in convs for q in c.questions])
    out: dict = {"conversations": []}
    with tempfile.TemporaryDirectory(prefix="r31-month-") as tmp:
        for n, conv in enumerate(convs):
            with open_eval_memory(settings, Path(tmp) / f"m{n}.db", "eval", embedder) as mem:
                for i, m in enumerate(conv.messages):
                    mem.capture(m.text, role=m.role, at=m.at, session=conv.id, key=f"{conv.id}:{i}",
                                allow_future=True)
                mem.drain()
                items = mem.list(include_all=True)
                facts = {f.id: f for f in conv.facts}
                rows = []
                nb = []
                for q in conv.questions:
                    if q.no_answer:  # the month written in eval conversations' format since round 31
                        ctx = mem.context(q.q, as_of=q.at, limit=3, budget_ms=CONTEXT_BUDGET_MS)
                        nb.append({"q": q.q, "empty": not ctx.hits, "block": [h["statement"] for h in ctx.hits]})
                        continue
                    if q.fact is None:
                        continue
                    f = facts[q.fact]
                    anyst = [it for it in items if matches(it.statement, f.keys)]
                    act = [it for it in anyst if it.status == "active"]
                    stale = [it for it in items if it.status == "active" and f.stale
                             and matches(it.statement, f.stale) and not matches(it.statement, f.keys)]
                    ctx = mem.context(q.q, as_of=q.at, limit=3, budget_ms=CONTEXT_BUDGET_MS)
                    hit = any(matches(h["statement"], q.answer_keys) for h in ctx.hits)
                    if not anyst:
                        kind = "lost at extraction"
                    elif not act:
                        kind = "hidden by a decision"
                    elif hit and not stale:
                        kind = "in block"
                    elif stale:
                        kind = "left stale"
                    else:
                        kind = "not found"
                    rows.append({"q": q.q, "fact": q.fact, "kind": kind, "in_block": hit,
                                 "block": [h["statement"] for h in ctx.hits],
                                 "matching": [(it.status, it.statement) for it in anyst],
                                 "stale": [it.statement for it in stale]})
                for q in raw[conv.id].get("no_block", []):
                    ctx = mem.context(q["q"], as_of=q["at"], limit=3, budget_ms=CONTEXT_BUDGET_MS)
                    nb.append({"q": q["q"], "empty": not ctx.hits, "block": [h["statement"] for h in ctx.hits]})
                out["conversations"].append({
                    "id": conv.id, "questions": rows, "no_block": nb,
                    "memories": [(it.status, it.statement) for it in items],
                    "ended": [(it.statement, it.invalid_reason, _by(items, it.invalid_reason),
                               next((o.statement for o in items if o.id == it.superseded_by_id), None))
                              for it in items if it.status != "active"]})
    qs = [r for c in out["conversations"] for r in c["questions"]]
    nbs = [r for c in out["conversations"] for r in c["no_block"]]
    kinds: dict[str, int] = {}
    for r in qs:
        kinds[r["kind"]] = kinds.get(r["kind"], 0) + 1
    out["summary"] = {"questions": len(qs), "in_block": sum(r["in_block"] for r in qs), "kinds": kinds,
                      "no_block": len(nbs), "no_block_empty": sum(r["empty"] for r in nbs),
                      "memories_active": sum(1 for c in out["conversations"] for s, _ in c["memories"]
                                             if s == "active")}
    return out


if __name__ == "__main__":
    res = run(sys.argv[1])
    if "--json" in sys.argv:
        Path(sys.argv[sys.argv.index("--json") + 1]).write_text(json.dumps(res, ensure_ascii=False, indent=1))
    print(json.dumps(res["summary"], ensure_ascii=False))
    for c in res["conversations"]:
        for r in c["questions"]:
            if r["kind"] != "in block":
                print(c["id"], r["kind"], r["q"], "| block:", r["block"], "| match:", r["matching"][:3],
                      "| stale:", r["stale"][:2])
        for r in c["no_block"]:
            if not r["empty"]:
                print(c["id"], "BLOCK ON NO-ANSWER", r["q"], r["block"])
