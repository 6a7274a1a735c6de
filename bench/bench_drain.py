"""Drain throughput (utterances per second) with the default rule extractor and offline
judge, at 1k and 10k captured utterances, with the time per stage and a baseline measured
in the same run.

Run (from the repo root, after ``./scripts/setup``)::

    . .venv/bin/activate && python bench/bench_drain.py                 # 1,000 and 10,000
    python bench/bench_drain.py --sizes 1000 --repeats 3                  # median of 3 runs
    python bench/bench_drain.py --torch-threads 1                         # on a busy machine
    for i in 1 2 3; do python bench/bench_drain.py --sizes 2000; done     # 3 fresh processes

``--repeats`` runs the same workload again in one process: the later runs find every per-text cache
(jieba's tags, the rules' analyses, the pair features, the tokens) warm and the dictionaries loaded,
so they run ~2× faster than a drain of new text. Fresh processes measure what a drain pays.

Prints a markdown table and writes ``bench/out/drain.json``.

Workload (deterministic, seed 7): captured utterances spread over 20 users, times spread
over a year. About half are first-person facts from templates in Chinese and English
(preferences, allergies, residence, relatives' birthdays, habits, with restatements,
conflicting values and polarity flips, so every decision path runs), half are real user
turns from MemoryBank-SiliconFriend (``../shared/data/memorybank``, or the folder ``MEMCLI_MEMORYBANK``
names, read by path), which are mostly chatter and questions, plus some assistant turns and calendar lines.

Measured per run, on a fresh database, model loaded and the drain's worker built before the clock starts (round
39: the worker's build — its imports, the fitted extractor's and judge's weights, ~0.5 CPU s — is what a long-running
worker pays once, like the model; its time is printed, and the rate with it counted in, as rounds ≤ 38 measured):

- ``drain``: ``Admin.drain()`` (every user) over the whole outbox (claim → extract → batched embed →
  decide → write, one transaction per task), wall time and its stages;
- baseline ``embed only``: embedding the rule extractor's candidate statements in batches of the
  same size with the same model — the floor any drain with this model pays. The ratio
  drain/embed-only says how much the rest of the write path adds;
- baseline ``same calls``: the drain's own model calls replayed in the same batches — the fitted
  extractor's clause units, the candidates' statements and the would-be episodes (what the
  drain embeds with the fitted extractor and episodes on). drain / same calls says what the rest
  of the write path adds to the model work this drain cannot avoid.

``drain CPU s`` counts this process and the drain's look-ahead process, each in brackets (``drain_ahead``: the next
batch extracted and embedded in a fork while this one is written); the drain's ``extract`` and
``embed`` stages are then that process's time, overlapping the writes, and ``wait`` the time the
drain waited for it.

The 1-minute load average at the start and end of each drain is printed: the machine may be
shared; compare ratios within one run. On a loaded machine wall times swing by half from run to
run; the process CPU seconds of the drain and of the replayed calls (and their ratio, "rate by
CPU") move much less.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import platform
import random
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

OUT = Path(__file__).resolve().parent / "out"
# MEMCLI_MEMORYBANK names the folder when the checkout is not beside shared/ (a git worktree elsewhere)
DATA = Path(os.environ.get("MEMCLI_MEMORYBANK")
            or Path(__file__).resolve().parents[2] / "shared" / "data" / "memorybank")

ZH_OBJ = ["猫", "狗", "咖啡", "绿茶", "爬山", "游泳", "火锅", "寿司", "爵士乐", "摇滚", "看电影", "钢琴",
          "足球", "篮球",
          "画画", "读书", "旅行", "摄影", "跑步", "瑜伽", "辣椒", "香菜", "榴莲", "巧克力"]
EN_OBJ = ["cats", "dogs", "coffee", "green tea", "hiking", "swimming", "sushi", "jazz", "rock music", "movies", "piano",
          "football", "basketball", "painting", "reading", "travel", "photography", "running", "yoga", "chili",
          "cilantro", "durian", "chocolate", "opera"]
ZH_CITY = ["上海", "北京", "杭州", "深圳", "成都", "南京", "武汉", "西安"]
EN_CITY = ["Paris", "Lyon", "London", "Berlin", "Madrid", "Boston", "Tokyo", "Sydney"]
ZH_REL = ["妈妈", "爸爸", "姐姐", "妹妹", "哥哥", "弟弟"]
EN_REL = ["mom", "dad", "sister", "brother", "wife", "husband"]
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]


def fact(rng: random.Random) -> tuple[str, str]:
    """One templated first-person fact (text, role)."""
    zh = rng.random() < 0.5
    k = rng.randrange(9)
    if zh:
        o, c, r = rng.choice(ZH_OBJ), rng.choice(ZH_CITY), rng.choice(ZH_REL)
        text = [f"我喜欢{o}", f"我不喜欢{o}", f"我讨厌{o}", f"我对{o}过敏", f"我住在{c}",
                f"我{r}的生日是{rng.randint(1, 12)}月{rng.randint(1, 28)}号", f"我{r}住在{c}",
                rng.choice(["我咖啡不加糖", "我喝咖啡从来不放糖", "我现在喝咖啡开始加糖了"]), f"我每天早上{o}"][k]
    else:
        o, c, r = rng.choice(EN_OBJ), rng.choice(EN_CITY), rng.choice(EN_REL)
        text = [f"I love {o}", f"I don't like {o}", f"I hate {o}", f"I'm allergic to {o}", f"I live in {c}",
                f"My {r}'s birthday is {rng.choice(MONTHS)} {rng.randint(1, 28)}", f"My {r} lives in {c}",
                rng.choice(["I take my coffee without sugar", "I never put sugar in my coffee",
                            "I've started taking sugar in my coffee"]), f"I usually do {o} every morning"][k]
    return text, "user"


def real_turns() -> list[tuple[str, str]]:
    """User and assistant turns of MemoryBank (zh + en), or [] when the data is absent."""
    out: list[tuple[str, str]] = []
    for name in ("memory_bank_cn.json", "memory_bank_en.json"):
        p = DATA / name
        if not p.exists():
            continue
        for person in json.loads(p.read_text(encoding="utf-8")).values():
            for turns in person.get("history", {}).values():
                for t in turns:
                    if t.get("query"):
                        out.append((t["query"], "user"))
                    if t.get("response") and len(out) % 5 == 0:
                        out.append((t["response"], "assistant"))
    if not out:  # (a checkout not beside shared/, e.g. a worktree in another folder: other counts, other figures)
        print(f"note: no MemoryBank turns at {DATA}: the workload is the templates alone, its counts and rates are "
              "not the benchmark page's", file=sys.stderr)
    return out


def workload(n: int, seed: int = 7) -> list[dict]:
    rng = random.Random(seed)
    real = real_turns()
    start = datetime(2026, 1, 1, tzinfo=UTC)
    recs = []
    for i in range(n):
        roll = rng.random()
        if roll < 0.5 or not real:
            text, role = fact(rng)
        elif roll < 0.95:
            text, role = real[rng.randrange(len(real))]
        else:
            text, role = rng.choice(["明天下午三点开会", "Meeting tomorrow at 3pm", "下周一上午十点面试"]), "user"
        recs.append({"user": f"u{rng.randrange(20):02d}", "text": text[:4000], "role": role,
                     "at": start + timedelta(minutes=i * 52), "key": f"k{i}"})
    return recs


def capture_workload(db: str, recs: list[dict]) -> None:
    """Capture ``recs`` (:func:`workload`) into the database ``db``, one ``Memory`` per user (the outbox then
    holds one task per utterance, nothing drained)."""
    from memcli import Memory

    mems: dict[str, Memory] = {}
    for r in recs:
        m = mems.get(r["user"]) or mems.setdefault(r["user"], Memory(db=db, user=r["user"]))
        m.capture(r["text"], role=r["role"], at=r["at"], key=r["key"], allow_future=True)  # 10k × 52 min: past now
    for m in mems.values():
        m.close()


def _cpu() -> tuple[float, float]:
    """CPU seconds of this process, and of its finished children (the drain's look-ahead process)."""
    t = os.times()
    return t.user + t.system, t.children_user + t.children_system


def run_once(n: int, embedder) -> dict:  # noqa: ANN001
    from memcli.admin import Admin
    from memcli.write.extract import RuleExtractor, Utterance

    recs = workload(n)
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.db")
        capture_workload(db, recs)
        mem = Admin(db=db)
        mem._embedder = embedder  # preloaded: model load is not part of the drain figure
        t = time.perf_counter()  # nor is the worker's build (round 39): its imports and the extractor's and judge's
        mem.worker  # noqa: B018 - weights, which a long-running worker (drain --loop, serve) pays once
        build = time.perf_counter() - t
        # every model call of the drain (extractor's and worker's), appended to a file: the drain's
        # look-ahead process (memcli.write.prepare) makes them in a fork of this one
        log = Path(tmp) / "calls.pickle"
        model_embed = embedder.embed

        def recorded(texts, batch_size=64, progress=None):  # noqa: ANN001,ANN202
            with log.open("ab") as f:
                pickle.dump((list(texts), batch_size), f)
            return model_embed(texts, batch_size=batch_size, progress=progress)

        embedder.embed = recorded
        from memcli import primed

        load, was = os.getloadavg()[0], primed.counts()
        t, cpu = time.perf_counter(), _cpu()
        try:
            s = mem.drain()
        finally:
            del embedder.embed
        wall, (own, ahead) = time.perf_counter() - t, (a - b for a, b in zip(_cpu(), cpu, strict=True))
        # what the look-ahead computed for this process: values sent, used, and still computed here
        handed = {name.rsplit(".", 1)[-1]: {k: v - was.get(name, {}).get(k, 0) for k, v in c.items()}
                  for name, c in primed.counts().items()}
        calls: list[tuple[list[str], int]] = []
        with log.open("rb") if log.exists() else open(os.devnull, "rb") as f:
            while True:
                try:
                    calls.append(pickle.load(f))
                except EOFError:
                    break
        counts = {k: mem.store.scalar(f"SELECT count(*) FROM memory_items WHERE {w}") for k, w in
                  (("active", "invalid_at IS NULL AND expired_at IS NULL"), ("all", "1"))}
        mem.close()
    # baseline: embed the same candidate statements, batched like drain does
    ex = RuleExtractor()
    statements = [c.statement for r in recs for c in
                  ex.extract(Utterance(0, r["user"], r["role"], r["text"], r["at"]))]
    t = time.perf_counter()
    bs = mem.settings.drain_batch_size
    for i in range(0, len(statements), bs):
        embedder.embed(statements[i:i + bs], batch_size=bs)
    embed_only = time.perf_counter() - t
    # baseline 2: the drain's own model calls replayed (clause units, statements, episodes; same batches)
    t, same_cpu = time.perf_counter(), time.process_time()
    for texts, bs in calls:
        embedder.embed(texts, batch_size=bs)
    same_calls, same_cpu = time.perf_counter() - t, time.process_time() - same_cpu
    return {"n": n, "wall_s": wall, "utterances_per_s": s.done / wall, "summary": s.model_dump(exclude={"done_ids"}),
            "worker_build_s": build, "utterances_per_s_with_build": s.done / (wall + build),
            "items": counts, "candidates": len(statements), "embed_only_s": embed_only,
            "embed_only_per_s": n / embed_only if embed_only else None,
            "drain_texts_embedded": sum(len(x) for x, _ in calls), "embed_same_calls_s": same_calls,
            "embed_same_calls_per_s": n / same_calls if same_calls else None,
            "primed": handed, "cpu_s": own + ahead, "cpu_own_s": own, "cpu_ahead_s": ahead,
            "embed_same_calls_cpu_s": same_cpu,
            "loadavg_1m": [round(load, 2), round(os.getloadavg()[0], 2)]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    ap.add_argument("--repeats", type=int, default=1, help="runs per size; the median is reported")
    ap.add_argument("--model", default=None, help="embedding model (default: memcli's default)")
    ap.add_argument("--torch-threads", type=int, default=None,
                    help="torch intra-op threads (default: torch's own choice; 1 is much faster on a loaded machine)")
    args = ap.parse_args()
    if args.torch_threads:
        import torch

        torch.set_num_threads(args.torch_threads)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    os.environ.setdefault("MEMCLI_CONFIG", os.devnull)
    from memcli.embed import load_embedder
    from memcli.settings import DEFAULT_MODEL

    # the encoder a user's drain gets: the ONNX export after `memcli warm`, else torch
    model = args.model or DEFAULT_MODEL
    os.environ["MEMCLI_MODEL"] = model  # the drain's Admin and Memory objects use it too
    emb = load_embedder(model, os.environ.get("MEMCLI_EMBED_BACKEND", "auto"))
    emb.embed_one("warm up")
    results = []
    for n in args.sizes:
        runs = [run_once(n, emb) for _ in range(args.repeats)]
        med = sorted(runs, key=lambda r: r["utterances_per_s"])[len(runs) // 2]
        med["repeats"] = len(runs)
        med["utterances_per_s_all"] = [round(r["utterances_per_s"], 1) for r in runs]
        med["ratio_all"] = [round(r["utterances_per_s"] / r["embed_only_per_s"], 3) for r in runs]
        results.append(med)
    print(f"model {model}; before issue 11 (all-MiniLM-L6-v2, ONNX) drain was 437 utterances/s at 10k")
    print("| utterances | candidates | drain utt/s | wall s | claim | extract | embed | decide | write | "
          "embed-only s | embed-only utt/s | drain / embed-only rate | texts the drain embeds | same calls s | "
          "drain / same calls rate | drain CPU s (own + look-ahead) | same calls CPU s | rate by CPU | added | "
          "reinforced | updated | conflicted | wait s | load 1m (start, end) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
          "---:|---|")
    for r in results:
        s, sec = r["summary"], r["summary"]["seconds"]
        print(f"| {r['n']:,} | {r['candidates']:,} | {r['utterances_per_s']:.0f} | {r['wall_s']:.2f} | "
              f"{sec['claim']:.2f} | {sec['extract']:.2f} | {sec['embed']:.2f} | {sec['decide']:.2f} | "
              f"{sec['write']:.2f} | {r['embed_only_s']:.2f} | {r['embed_only_per_s']:.0f} | "
              f"{r['utterances_per_s'] / r['embed_only_per_s']:.2f}x | {r['drain_texts_embedded']:,} | "
              f"{r['embed_same_calls_s']:.2f} | {r['utterances_per_s'] / r['embed_same_calls_per_s']:.2f}x | "
              f"{r['cpu_s']:.2f} ({r['cpu_own_s']:.2f} + {r['cpu_ahead_s']:.2f}) | {r['embed_same_calls_cpu_s']:.2f} | "
              f"{r['embed_same_calls_cpu_s'] / r['cpu_s']:.2f}x | "
              f"{s['added']} | {s['reinforced']} | {s['updated']} | {s['conflicted']} | {sec.get('wait', 0.0):.2f} | "
              f"{r['loadavg_1m'][0]}, {r['loadavg_1m'][1]} |")
    OUT.mkdir(parents=True, exist_ok=True)
    meta = {"python": sys.version.split()[0], "platform": platform.platform(), "cpus": os.cpu_count(),
            "model": model, "statistic": "median of repeats by utterances/s",
            "encoder": type(emb).__name__, "torch_threads": args.torch_threads or "default",
            "loadavg": os.getloadavg()}
    (OUT / "drain.json").write_text(json.dumps({"meta": meta, "results": results}, indent=2, default=str,
                                               ensure_ascii=False), encoding="utf-8")
    for r in results:
        print(f"{r['n']:,} utterances, computed by the look-ahead for the writer (sent / used / still computed "
              "by the writer): " + ", ".join(f"{k} {c['primed']:,} / {c['used']:,} / {c['computed']:,}"
                                             for k, c in r["primed"].items()))
        print(f"{r['n']:,} utterances, every run: drain {r['utterances_per_s_all']} utt/s, "
              f"drain / embed-only {r['ratio_all']}")
        print(f"{r['n']:,} utterances: the worker built in {r['worker_build_s']:.2f} s before the clock; counted in, "
              f"drain {r['utterances_per_s_with_build']:.0f} utt/s, "
              f"{r['utterances_per_s_with_build'] / r['embed_only_per_s']:.2f}x embed-only (rounds ≤ 38's figure)")
    print(f"\nwritten {OUT / 'drain.json'}")


if __name__ == "__main__":
    main()
