"""Episodes on MemDaily-format files: is each question's target message findable in the top k,
as a memory or as an episode?

Run (from the repo root, after ``./scripts/setup``)::

    python bench/bench_episodes.py ../shared/data/memdaily-dev/06_noisy_roles.json
    python bench/bench_episodes.py FILE... --k 3 --limit 20      # the first 20 trajectories

Per trajectory (one user each, a fresh database per run): every message is captured at its own
time (``2024年04月01日 周一 08:30``, read as UTC+8), then one drain for everyone; each question is
searched with the episode leg on and off. A question counts as *found* when a top-k hit is a
memory linked to one of its target messages, or the target message itself as an episode. Facts:
each target message is *kept as a memory* (linked to an active memory), *only an episode*, or
*lost*. Prints a markdown table and the JSON of the counts. The data is read by path only.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

_TIME = re.compile(r"(\d{4})年(\d{1,2})月(\d{1,2})日(?:\s*\S+)?\s*(\d{1,2}):(\d{2})")
_CN = timezone(timedelta(hours=8))


def parse_time(text: str) -> datetime:
    m = _TIME.search(text or "")
    if not m:
        raise ValueError(f"unreadable time {text!r}")
    y, mo, d, h, mi = (int(g) for g in m.groups())
    return datetime(y, mo, d, h, mi, tzinfo=_CN)


def run(paths: list[Path], k: int, limit: int | None) -> dict:
    from memcli.admin import Admin
    from memcli.memory import Memory

    out: dict = {"k": k, "files": {}}
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "episodes.db")
        plan = []  # (file, user, {mid: source_id}, questions)
        for path in paths:
            data = json.loads(path.read_text(encoding="utf-8"))[:limit]
            for traj in data:
                user = f"{path.stem}:{traj['tid']}"
                with Memory(db, user) as mem:
                    mids = {m["mid"]: mem.capture(m["message"], at=parse_time(m["time"]),
                                                  session=f"t{traj['tid']}").source_id
                            for m in traj["message_list"]}
                plan.append((path.stem, user, mids, traj["question_list"]))
        t0 = time.perf_counter()
        with Admin(db) as adm:
            summary = adm.drain()
        out["drain"] = {"seconds": round(time.perf_counter() - t0, 1), "done": summary.done,
                        "added": summary.added, "episodes": summary.episodes}
        for stem, user, mids, questions in plan:
            f = out["files"].setdefault(stem, {"questions": 0, "found_on": 0, "found_off": 0, "targets": 0,
                                               "kept_memory": 0, "only_episode": 0, "lost": 0})
            with Memory(db, user) as mem:
                st = mem.store
                active = {sid for it in st.list_items(user) for sid in st.source_ids_of(it["id"])}
                episodes = {int(r["id"]) for r in st.episodes_of(user)}
                for q in questions:
                    targets = {mids[t] for t in q["target_step_id"] if t in mids}
                    f["questions"] += 1
                    for sid in targets:
                        f["targets"] += 1
                        key = "kept_memory" if sid in active else "only_episode" if sid in episodes else "lost"
                        f[key] += 1
                    for mode, legs in (("on", None), ("off", ("dense", "lexical", "slot"))):
                        hits = mem.search(q["question"], limit=k, legs=legs)
                        ok = any((h.origin == "episode" and h.id in targets)
                                 or (h.origin != "episode" and targets & set(st.source_ids_of(h.id))) for h in hits)
                        f[f"found_{mode}"] += int(ok)
    total = {key: sum(f[key] for f in out["files"].values()) for key in next(iter(out["files"].values()))}
    out["all"] = total
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("paths", nargs="+", type=Path)
    ap.add_argument("--k", type=int, default=3)
    ap.add_argument("--limit", type=int, default=None, help="first N trajectories of each file")
    a = ap.parse_args()
    res = run(a.paths, a.k, a.limit)
    print(f"| file | questions | found@{a.k} episodes on | off | targets kept as memory | only episode | lost |")
    print("|---|---|---|---|---|---|---|")
    for name, f in [*res["files"].items(), ("all", res["all"])]:
        n, t = max(f["questions"], 1), max(f["targets"], 1)
        print(f"| {name} | {f['questions']} | {f['found_on'] / n:.3f} | {f['found_off'] / n:.3f} | "
              f"{f['kept_memory'] / t:.3f} | {f['only_episode'] / t:.3f} | {f['lost'] / t:.3f} |")
    json.dump(res, sys.stdout, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()
