"""Round 43 item 3's held-out requests: how many loose requests about the user's life get the memories of their
domain, and how many requests with no personal side stay silent.

``python bench/requests43/run.py [requests.json]`` builds one temporary store (``remember``), asks ``context``
for each request and prints per request: recall of its ``want`` memories, any ``avoid`` memory handed over, and
for ``silent`` ones whether the block is empty; then the totals.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from memcli import Memory


def main(path: str) -> None:
    spec = json.loads(Path(path).read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as d, Memory(db=str(Path(d) / "r43.db"), user="u") as m:
        for text in spec["memories"]:
            m.remember(text, at="2026-10-01")
        found = wanted = bad = silent_ok = silent_n = full = personal = 0
        for r in spec["requests"]:
            text = m.context(r["q"], budget_ms=30000).text
            if r.get("silent"):
                silent_n += 1
                silent_ok += text == ""
                print(f"{'ok ' if text == '' else 'BAD'} silent  {r['q']}")
                continue
            want, avoid = r.get("want", []), r.get("avoid", [])
            got = [w for w in want if w in text]
            wrong = [a for a in avoid if a in text]
            personal += 1
            found, wanted, bad = found + len(got), wanted + len(want), bad + bool(wrong)
            full += len(got) == len(want) and not wrong
            print(f"{len(got)}/{len(want)} avoid:{wrong or '-'}  {r['q']}")
    print(f"personal requests fully served {full}/{personal}; wanted memories handed over {found}/{wanted}; "
          f"requests with an avoided memory {bad}; silent requests kept silent {silent_ok}/{silent_n}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).with_name("requests.json")))
