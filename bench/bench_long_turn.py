"""Drain CPU time of one long turn against a short one: the per-character cost must not grow with length.

Run (from the repo root, after ``./scripts/setup``)::

    . .venv/bin/activate && python bench/bench_long_turn.py                       # 2k, 20k and 100k characters
    python bench/bench_long_turn.py --sizes 2000,20000 --kinds letters,zh         # fewer sizes or kinds

For each kind of text (``letters``: one letter repeated, no space or punctuation, as
``capture "$(head -c 100000 /dev/zero | tr '\\0' a)"``; ``zh``: Chinese without punctuation;
``words``: English words without punctuation; ``zh_facts`` / ``en_facts``: first-person facts
without punctuation, which the rules parse; ``sentences``: English and Chinese sentences) and
each size, one turn is captured into a fresh store and drained alone, with the model loaded before
the clock starts. Measured: the drain's process CPU seconds (``os.times``, user + system: steadier
than wall time on a shared machine) and CPU microseconds per character; ``ratio`` is the largest
size's per-character cost over the smallest's (1 is linear; the quadratic regexes of round 15 gave
2-2.5 at 20k/2k). Prints a markdown table and writes ``bench/out/long_turn.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from pathlib import Path

from memcli.memory import Memory

#: a repeated piece of each kind (written for this bench; no data set's words)
KINDS = {
    "letters": "a",
    "zh": "我们周末去湖边骑车回来路上买了水果晚饭做了番茄炒蛋",
    "words": "we rode our bikes by the lake and bought some fruit on the way home ",
    "zh_facts": "我表哥叫阿杰他在银行上班我不吃香菜我住在苏州",
    "en_facts": "my cousin is called jay and he works at a bakery i do not eat cilantro i live in ",
    "sentences": "We rode our bikes by the lake. 晚饭做了番茄炒蛋。",
}


def drain_cpu_s(text: str) -> float:
    """Process CPU seconds of draining the one captured ``text`` in a fresh store (model warm)."""
    with tempfile.TemporaryDirectory() as d:
        m = Memory(os.path.join(d, "m.db"), "bench")
        m.capture("warm up the model, please")
        m.drain()
        m.capture(text)
        t0 = os.times()
        r = m.drain()
        t1 = os.times()
        assert r.done == 1, r
        return (t1.user - t0.user) + (t1.system - t0.system)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="2000,20000,100000", help="characters, comma-separated")
    ap.add_argument("--kinds", default=",".join(KINDS), help="comma-separated: " + ", ".join(KINDS))
    a = ap.parse_args()
    sizes = [int(s) for s in a.sizes.split(",")]
    rows = []
    print("| kind | chars | drain CPU s | CPU µs/char |\n|---|---:|---:|---:|")
    for kind in a.kinds.split(","):
        piece = KINDS[kind]
        per = []
        for n in sizes:
            cpu = drain_cpu_s((piece * (n // len(piece) + 1))[:n])
            per.append(cpu / n * 1e6)
            rows.append({"kind": kind, "chars": n, "cpu_s": round(cpu, 3), "cpu_us_per_char": round(per[-1], 2)})
            print(f"| {kind} | {n:,} | {cpu:.2f} | {per[-1]:.1f} |", flush=True)
        rows.append({"kind": kind, "ratio": round(per[-1] / per[0], 2)})
        print(f"| {kind} | ratio {sizes[-1]:,}/{sizes[0]:,} | | {per[-1] / per[0]:.2f} |", flush=True)
    out = Path(__file__).parent / "out"
    out.mkdir(exist_ok=True)
    (out / "long_turn.json").write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main()
