"""The English trials' harness (rounds 47 and 48): fill a memcli store (capture per message, drain per day) and a
raw store (each message `remember`ed as said), ask every question through `context`, score each block by its words.

    run(days, questions, user="dana", prefix="trial47a_")   # from a trial script's main

``days``: ``[(YYYY-MM-DD, [message, …]), …]``; ``questions``: ``[(question, expected, stale_words, kind), …]`` where
``expected`` is None for a question that should get nothing, else a list of word groups (one word of each group must
be in the block). Prints one line per question and the counts; writes OUTDIR/results.json (OUTDIR: argv[1] or a
temporary directory).
"""
import json
import os
import sys
import tempfile
import time

from memcli import Memory


def has(block: str, word: str) -> bool:
    return word.lower() in block.lower()


def score(block: str, exp) -> str:
    """right / wrong / missed for a question with an answer; silent_ok / injected for one without."""
    if exp is None:
        return "silent_ok" if not block.strip() else "injected"
    if not block.strip():
        return "missed"
    ok = all(any(has(block, w) for w in grp) for grp in exp)
    return "right" if ok else "wrong"


def fill(mem: Memory, days, raw: bool) -> None:
    for day, msgs in days:
        for i, text in enumerate(msgs):
            at = f"{day}T{18 + i // 3:02d}:{(i % 3) * 15:02d}:00Z"
            if raw:
                try:
                    mem.remember(text, at=at, split=False)
                except Exception as e:  # noqa: BLE001 — a raw store keeps what it can
                    print(f"raw: refused {text[:40]!r}: {e}", file=sys.stderr)
            else:
                mem.capture(text, at=at, session=day)
        if not raw:
            mem.drain()


def ask(mem: Memory, questions) -> list[dict]:
    out = []
    for q, exp, stale, kind in questions:
        ctx = mem.context(q, budget_ms=5000)
        block = ctx.text or ""
        lines = [ln for ln in block.splitlines()[1:-1] if ln.strip()]
        verdict = score(block, exp)
        stale_seen = [w for w in stale if has(block, w)]
        out.append({"q": q, "kind": kind, "verdict": verdict, "stale_seen": stale_seen, "lines": lines})
    return out


def run(days, questions, *, user: str, prefix: str) -> None:
    outdir = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix=prefix)
    os.makedirs(outdir, exist_ok=True)
    res = {}
    for name, raw in (("memcli", False), ("raw", True)):
        db = os.path.join(outdir, f"{name}.db")
        if os.path.exists(db):
            os.remove(db)
        t = time.time()
        with Memory(db=db, user=user) as mem:
            fill(mem, days, raw)
            res[name] = ask(mem, questions)
        print(f"{name}: filled+asked in {time.time() - t:.1f}s, db {db}", file=sys.stderr)
    for a, b in zip(res["memcli"], res["raw"], strict=True):
        print(f"[{a['verdict']:9}|raw {b['verdict']:9}] {a['q']}" + (f"  STALE{a['stale_seen']}" if a["stale_seen"] else ""))  # noqa: E501
        for ln in a["lines"][:4]:
            print("      " + ln)
    for name in res:
        c = {}
        for r in res[name]:
            c[r["verdict"]] = c.get(r["verdict"], 0) + 1
        stale = sum(1 for r in res[name] if r["stale_seen"])
        print(f"{name}: {c}  stale-word-shown: {stale}")
    with open(os.path.join(outdir, "results.json"), "w") as f:
        json.dump(res, f, ensure_ascii=False, indent=1)
    print(f"results: {outdir}/results.json")
