"""Chinese jobs replaced, named employers after a job left and several colleagues (round 44): each story one user on
one store, its turns told two days apart and drained one by one; a question is answered when every word it wants is
in the first three hits of ``Memory.context``.

    python bench/zh44/run_zh44.py [bench/zh44/round44_zh.json]

Prints each miss, then the questions answered, the stories whose stale job / workplace is no longer active and the
stories whose people all stay active.
"""

from __future__ import annotations

import json
import sys
import tempfile
from datetime import UTC, datetime, timedelta
from pathlib import Path

from memcli import Memory

START = datetime(2026, 3, 2, 9, tzinfo=UTC)
#: the last part of a slot that holds a job or a workplace
JOB_SLOTS = ("job", "workplace", "occupation")


def main(path: str) -> None:
    stories = json.loads(Path(path).read_text(encoding="utf-8"))["stories"]
    answered = asked = stale_ok = stale_n = kept_ok = kept_n = 0
    with tempfile.TemporaryDirectory() as d:
        for user, story in stories.items():
            with Memory(db=f"{d}/m.db", user=user) as mem:
                for n, text in enumerate(story["turns"]):
                    mem.capture(text, at=(START + timedelta(days=2 * n)).isoformat())
                    mem.drain()
                active = [(it.slot or "", it.statement) for it in mem.list(include_all=True)
                          if it.invalid_at is None and it.expired_at is None]
                if story.get("stale"):
                    stale_n += 1
                    left = [s for slot, s in active if slot.split(".")[-1] in JOB_SLOTS
                            and any(w in s for w in story["stale"])]
                    stale_ok += not left
                    if left:
                        print(f"{user}: still active {left}")
                if story.get("active"):
                    kept_n += 1
                    gone = [w for w in story["active"] if not any(w in s for _, s in active)]
                    kept_ok += not gone
                    if gone:
                        print(f"{user}: not active {gone}")
                for q in story["questions"]:
                    asked += 1
                    got = mem.context(q["q"], budget_ms=30000).hits[:3]
                    hits = " | ".join(h.get("statement") or h.get("text") or "" for h in got)
                    ok = all(w in hits for w in q["want"])
                    answered += ok
                    if not ok:
                        print(f"{user}: {q['q']} wants {q['want']}, got: {hits}")
    print(f"answered@3 {answered}/{asked}; stale ended {stale_ok}/{stale_n}; people kept {kept_ok}/{kept_n}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).with_name("round44_zh.json")))
