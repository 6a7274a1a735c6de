"""The Chinese trials' harness (rounds 47 and 48): a memcli store filled by capture (drained after each day) and a
raw store (every message imported as-is: format-1 import, no extraction, no decision), both asked every question
through `context`, each block scored by the trial's own ``judge(block, expected, stale)``.

    out, db, raw = stores("trialB_")                      # OUTDIR (argv[1] or a temporary one), emptied stores
    run(msgs, questions, judge, out, db, raw)             # msgs: [(YYYY-MM-DD, text)] in order

``questions``: ``[(question, expected words or None, stale words), …]``. Writes OUTDIR/{memcli,raw}_answers.json and
prints the counts and one line per question.
"""
import json
import os
import subprocess
import sys
import tempfile

from memcli import Memory


def stores(prefix: str) -> tuple[str, str, str]:
    """OUTDIR (argv[1], else a new temporary directory) and its two database paths, any old files removed."""
    out = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix=prefix)
    os.makedirs(out, exist_ok=True)
    db, raw = os.path.join(out, "a.db"), os.path.join(out, "raw.db")
    for p in (db, raw):
        for suf in ("", "-wal", "-shm"):
            if os.path.exists(p + suf):
                os.remove(p + suf)
    return out, db, raw


def ask_all(mem, questions, judge, out: str, tag: str):
    res, counts = [], {}
    for q, exp, stale in questions:
        ctx = mem.context(q, budget_ms=5000)
        v = judge(ctx.text, exp, stale)
        stale_seen = bool(ctx.text and stale and any(k in ctx.text for k in stale))
        counts[v] = counts.get(v, 0) + 1
        res.append({"q": q, "exp": exp, "verdict": v, "stale_also_shown": stale_seen, "block": ctx.text})
    with open(os.path.join(out, f"{tag}_answers.json"), "w") as f:
        json.dump(res, f, ensure_ascii=False, indent=1)
    return counts, res


def run(msgs, questions, judge, out: str, db: str, raw: str, head: str | None = None) -> None:
    """Fill both stores with ``msgs`` (``[(YYYY-MM-DD, text)]``), ask, print (``head``: a first line)."""
    with Memory(db=db, user="me") as mem:
        prev = None
        for at, text in msgs:
            if prev is not None and at != prev:
                mem.drain()
            prev = at
            mem.capture(text, at=at + "T20:00:00+08:00", session=at)
        mem.drain()
        a_counts, a_res = ask_all(mem, questions, judge, out, "memcli")

    lines = [json.dumps({"text": t, "at": at + "T12:00:00Z"}, ensure_ascii=False) for at, t in msgs]
    with open(os.path.join(out, "raw.jsonl"), "w") as f:
        f.write("\n".join(lines) + "\n")
    env = dict(os.environ, MEMCLI_CONFIG="/dev/null")
    subprocess.run([sys.executable, "-m", "memcli", "--db", raw, "--user", "me", "import",
                    os.path.join(out, "raw.jsonl")], check=True, env=env, capture_output=True)
    with Memory(db=raw, user="me") as rs:
        b_counts, b_res = ask_all(rs, questions, judge, out, "raw")

    if head:
        print(head)
    print("memcli:", a_counts)
    print("raw   :", b_counts)
    for a, b in zip(a_res, b_res, strict=True):
        print(f"{a['verdict']:11s} {b['verdict']:11s} {'STALE' if a['stale_also_shown'] else '     '} {a['q']}")
    print("OUT", out)
