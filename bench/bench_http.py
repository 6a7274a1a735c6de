"""HTTP load test of ``memcli serve``: concurrent clients on loopback for a fixed time, then checks.

Run (from the repo root, after ``./scripts/setup``)::

    . .venv/bin/activate && python bench/bench_http.py                # 32 clients, 20 s, 10k memories
    python bench/bench_http.py --clients 8 --seconds 5 --memories 2000 # a quick look

What it does, and stops by itself:

1. builds (or reuses, ``--db``) a SQLite store of ``--memories`` memories spread over
   ``--users`` users (statements written from templates here, embedded with the real model);
2. starts ``python -m memcli serve`` on 127.0.0.1 (a free port) and waits for ``/healthz``;
3. runs ``--clients`` concurrent clients for ``--seconds``, each bound to one user's token,
   each request one of capture / context / search / remember (weights ``--mix``). By default
   the clients go **back to back** (a closed loop: the next request leaves when the answer
   arrives, so the server is saturated and latency is what its throughput allows: Little's law,
   mean latency = clients / throughput). ``--rate R`` instead offers R requests/s in all
   (an open loop: each client sends at Poisson times of rate R/clients, like users who each
   speak every clients/R seconds; a request that could not leave on time because the client's
   previous one was still running is timed from when it was due, so a slow server is not
   hidden — no coordinated omission);
4. waits until the outbox is empty (the next-request drain, helped by ``POST /internal/drain``),
   then checks: every captured turn's task ``done`` exactly once (lost = captured tasks not
   done; duplicated = a source decided twice into the same item, from ``memory_events``), and
   no cross-user hit (every hit of search/context belongs to the token's user);
5. stops the server and prints a markdown table; writes ``bench/out/http.json``.

Latencies are client-side wall times (request sent, or due under ``--rate`` → response read),
milliseconds. Also printed, because other work shares the machine: the load average before and
after, and the CPU seconds the server (with its drain child and workers) and this load
generator used during the run, per request — a figure that does not depend on the machine's
other load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = Path(__file__).resolve().parent / "out"
RUN = f"{time.time_ns():x}"  # idempotency keys unique to this run, also on a reused store

_EN_WHO = ["My sister", "My brother", "My best friend", "My manager", "My neighbour", "My cousin", "My son", "I"]
_EN_DO = ["likes {x}", "is learning {x}", "cannot stand {x}", "collects {x}", "dreams about {x}", "bought {x}"]
_EN_X = ["jazz records", "green tea", "oil painting", "mountain bikes", "Korean food", "old maps", "chess",
         "sourdough bread", "board games", "vintage cameras", "rock climbing", "the violin", "sushi", "tulips"]
_ZH_WHO = ["我妈妈", "我爸爸", "我姐姐", "我同事", "我邻居", "我朋友", "我儿子", "我"]
_ZH_DO = ["喜欢{x}", "正在学{x}", "不喜欢{x}", "收藏{x}", "每周都去{x}", "买了{x}"]
_ZH_X = ["爵士乐", "绿茶", "油画", "山地车", "韩国菜", "旧地图", "象棋", "面包", "桌游", "相机", "攀岩", "小提琴",
         "寿司", "郁金香"]
_TURNS = ["I just started a pottery class on Tuesdays", "My daughter turns seven next month",
          "我最近在学做川菜", "我下个月要搬到杭州", "I switched to decaf coffee", "我对花生过敏",
          "Our team moved to a new office downtown", "我周末常去爬山", "I adopted a cat named Miso",
          "我女儿在学钢琴"]
_QUERIES = ["what do I like to drink?", "我喜欢什么?", "tell me about my family", "我妈妈喜欢什么", "hobbies",
            "what did my sister buy?", "我周末做什么", "any allergies?", "我同事在学什么", "music"]


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))] if s else float("nan")


def statements(n: int, rng: random.Random) -> list[str]:
    en = [f"{w} {d.format(x=x)}" for w in _EN_WHO for d in _EN_DO for x in _EN_X]
    zh = [w + d.format(x=x) for w in _ZH_WHO for d in _ZH_DO for x in _ZH_X]
    pool = en + zh
    out = []
    for i in range(n):  # distinct: a counter on repeats of the template space
        s = pool[i % len(pool)]
        out.append(s if i < len(pool) else f"{s} ({i // len(pool)})")
    rng.shuffle(out)
    return out


def build_store(db: str, n: int, users: int, rng: random.Random) -> dict:
    """Memories written straight through the store (the decision step is not what is measured)."""
    from memcli import Memory
    from memcli.embed import get_embedder
    from memcli.models import Candidate, Kind
    from memcli.settings import DEFAULT_MODEL

    emb = get_embedder(DEFAULT_MODEL)
    texts = statements(n, rng)
    t = time.perf_counter()
    vecs = emb.embed(texts, batch_size=64)
    t_embed = time.perf_counter() - t
    kinds = list(Kind)
    t0 = datetime(2025, 1, 1, tzinfo=UTC)
    per = [texts[u::users] for u in range(users)]
    vper = [vecs[u::users] for u in range(users)]
    for u in range(users):
        with Memory(db=db, user=f"user{u:02d}", embedder=emb) as mem:
            st = mem.store
            with st.tx():
                for i, (s, v) in enumerate(zip(per[u], vper[u], strict=True)):
                    st.insert_item(user_id=f"user{u:02d}", candidate=Candidate(
                        statement=s, kind=kinds[i % len(kinds)], salience=rng.uniform(0.3, 0.9),
                        valid_from=t0 + timedelta(minutes=7 * i)), origin="import", confidence=0.9, vector=v,
                        model=DEFAULT_MODEL)
    return {"embed_s": round(t_embed, 1), "total_s": round(time.perf_counter() - t, 1)}


async def client(cid: int, c, token: str, user: str, stop_at: float, mix: list[tuple[str, float]],  # noqa: ANN001
                 rec: dict, rng: random.Random, rate: float | None = None) -> None:
    """One simulated user: back to back (``rate`` None) or Poisson arrivals at ``rate`` requests/s."""
    ops, weights = [m[0] for m in mix], [m[1] for m in mix]
    n = 0
    h = {"Authorization": f"Bearer {token}"}
    due = time.perf_counter() + (rng.expovariate(rate) if rate else 0.0)
    while time.monotonic() < stop_at:
        if rate:
            wait = due - time.perf_counter()
            if wait > 0:
                if time.monotonic() + wait >= stop_at:
                    break
                await asyncio.sleep(wait)
            t = due  # timed from when it was due, also when the previous answer came late
            due += rng.expovariate(rate)
        else:
            t = time.perf_counter()
        op = rng.choices(ops, weights)[0]
        n += 1
        try:
            if op == "capture":
                r = await c.post("/v1/capture", headers=h, json={"text": f"{rng.choice(_TURNS)} #{cid}-{n}",
                                                                 "key": f"bench-{RUN}-{cid}-{n}",
                                                                 "session": f"s{cid}"})
            elif op == "context":
                r = await c.post("/v1/context", headers=h, json={"query": rng.choice(_QUERIES)})
            elif op == "search":
                r = await c.get("/v1/search", headers=h, params={"q": rng.choice(_QUERIES), "limit": 5})
            else:
                fact = f"{rng.choice(_EN_WHO)} {rng.choice(_EN_DO).format(x=rng.choice(_EN_X))}"
                r = await c.post("/v1/memories", headers=h, json={"text": fact})
            dt = (time.perf_counter() - t) * 1000
        except Exception as exc:  # a transport error counts as an error, the client goes on
            rec["errors"].append(f"{op}: {type(exc).__name__}: {exc}"[:200])
            continue
        if r.status_code >= 300:
            rec["errors"].append(f"{op}: {r.status_code} {r.text[:150]}")
            continue
        rec["lat"][op].append(dt)
        body = r.json()
        if op == "capture":
            rec["captured"].append(body["outbox_id"])
        elif op in ("context", "search"):
            rec["hits"].append((user, [h["id"] for h in body["hits"]]))


def baseline(db: str, user: str, seconds: float) -> dict:
    """The same calls in-process, one after another (no HTTP, no concurrency), measured in this run."""
    from memcli import Memory

    lat: dict[str, list[float]] = {"capture": [], "context": []}
    with Memory(db=db, user=user) as mem:
        mem.context("warm")
        stop = time.monotonic() + seconds
        i = 0
        while time.monotonic() < stop:
            i += 1
            t = time.perf_counter()
            mem.context(_QUERIES[i % len(_QUERIES)])
            lat["context"].append((time.perf_counter() - t) * 1000)
            t = time.perf_counter()
            mem.capture(f"baseline turn {i}", key=f"baseline-{time.time_ns()}")
            lat["capture"].append((time.perf_counter() - t) * 1000)
        mem.drain()  # the run starts from an empty outbox
    return {op: {"n": len(v), "p50_ms": round(statistics.median(v), 2), "p99_ms": round(pct(v, 0.99), 2)}
            for op, v in lat.items()}


def cpu_seconds(pid: int) -> tuple[float, float]:
    """CPU seconds (user + system) of ``pid`` and its live descendants, from /proc (Linux; zeros
    elsewhere): (the server, its workers and model processes; the next-request drain children, at
    nice +10)."""
    normal, niced, todo, seen = 0.0, 0.0, [pid], set()
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    while todo:
        p = todo.pop()
        if p in seen:
            continue
        seen.add(p)
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            used = (int(fields[11]) + int(fields[12])) / tick
            if int(fields[16]) >= 10:  # the drain child runs at nice +10 (the model processes at +5)
                niced += used
            else:
                normal += used
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(x) for x in (task / "children").read_text().split()]
        except (OSError, ValueError, IndexError):
            continue
    return normal, niced


def self_cpu_seconds() -> float:
    import resource

    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


def wait_healthy(base: str, proc: subprocess.Popen, timeout_s: float = 300) -> float:
    import httpx

    t = time.monotonic()
    while time.monotonic() - t < timeout_s:
        if proc.poll() is not None:
            raise SystemExit(f"server exited with {proc.returncode}: {proc.stderr.read().decode()[-2000:]}")
        try:
            if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                return time.monotonic() - t
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise SystemExit("server not healthy")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clients", type=int, default=32)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--memories", type=int, default=10_000)
    ap.add_argument("--users", type=int, default=32, help="users the memories and clients are spread over")
    ap.add_argument("--mix", default="capture=35,context=35,search=20,remember=10")
    ap.add_argument("--db", help="reuse (or build once) this store; default: a temporary one")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--baseline-s", type=float, default=5.0, help="in-process sequential baseline first, seconds")
    ap.add_argument("--rate", type=float, default=None,
                    help="offered load, requests/s over all clients (Poisson arrivals, open loop); "
                         "default: back to back (saturated)")
    ap.add_argument("--workers", type=int, default=1, help="memcli serve --workers")
    a = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    import httpx

    from memcli.admin import Admin

    rng = random.Random(a.seed)
    tmp = tempfile.TemporaryDirectory(prefix="memcli-http-")
    db = a.db or str(Path(tmp.name) / "http.db")
    build = None
    if not Path(db).exists():
        build = build_store(db, a.memories, a.users, rng)
    users = [f"user{u:02d}" for u in range(a.users)]
    base_lat = baseline(db, "baseline", a.baseline_s) if a.baseline_s > 0 else None
    with Admin(db=db) as adm:
        tokens = {u: adm.create_token(u, name="bench")["token"] for u in users}
        op_token = adm.create_token(operator=True, name="bench")["token"]
        before = adm.outbox_status().counts
        items_before = adm.item_count()
    from socket import socket

    with socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen([sys.executable, "-m", "memcli", "--db", db, "serve", "--port", str(port),
                             "--workers", str(a.workers)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    rec: dict = {"lat": defaultdict(list), "errors": [], "captured": [], "hits": [], "duplicates": 0}
    try:
        ready_s = wait_healthy(base, proc)
        mix = [(k, float(v)) for k, v in (p.split("=") for p in a.mix.split(","))]
        if a.workers > 1:
            time.sleep(3.0)  # every worker loads its model: /healthz answered by one does not say the others are up
        load_before = os.getloadavg()
        cpu0 = (cpu_seconds(proc.pid), self_cpu_seconds())
        stop_at = time.monotonic() + a.seconds

        async def run() -> None:  # one connection per client, one client object (no per-client setup)
            limits = httpx.Limits(max_connections=a.clients, max_keepalive_connections=a.clients)
            async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as c:
                await asyncio.gather(*(client(i, c, tokens[users[i % len(users)]], users[i % len(users)], stop_at,
                                              mix, rec, random.Random(a.seed * 1000 + i),
                                              a.rate / a.clients if a.rate else None) for i in range(a.clients)))

        t = time.perf_counter()
        asyncio.run(run())
        wall = time.perf_counter() - t
        cpu1 = cpu_seconds(proc.pid)
        cpu = (cpu1[0] - cpu0[0][0], self_cpu_seconds() - cpu0[1], cpu1[1] - cpu0[0][1])
        load_after = os.getloadavg()
        # the drain catches up: the next-request drainer, plus the cron channel
        t = time.perf_counter()
        drained_cron = 0
        while True:
            with Admin(db=db) as adm:
                c = adm.outbox_status().counts
            if c["pending"] + c["processing"] == 0:
                break
            if time.perf_counter() - t > 600:
                break
            r = httpx.post(f"{base}/internal/drain", json={"max_seconds": 20},
                           headers={"Authorization": f"Bearer {op_token}"}, timeout=120)
            drained_cron += r.json().get("done", 0) if r.status_code == 200 else 0
        catch_up_s = time.perf_counter() - t
        metrics = httpx.get(f"{base}/metrics", timeout=30).text
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
    drained_metric = sum(float(line.rsplit(" ", 1)[1]) for line in metrics.splitlines()
                         if line.startswith("memcli_drain_tasks_total"))
    with Admin(db=db) as adm:
        st = adm.store
        after = adm.outbox_status().counts
        owner = {r["id"]: r["user_id"] for r in st.q("SELECT id, user_id FROM memory_items")}
        captured = set(rec["captured"])
        status = {r["id"]: r["status"] for r in st.q("SELECT id, status FROM memory_capture_outbox")}
        lost = sum(1 for i in captured if status.get(i) != "done")
        dup = st.q("SELECT count(*) AS n FROM (SELECT source_id, item_id FROM memory_events WHERE source_id IS NOT "
                   "NULL AND action IN ('ADD', 'NOOP', 'UPDATE', 'CONFLICT') GROUP BY source_id, item_id "
                   "HAVING count(*) > 1)")[0]["n"]
        items_after = adm.item_count()
    cross = sum(1 for u, ids in rec["hits"] for i in ids if owner.get(i) != u)
    undone = sum(1 for s in status.values() if s != "done")  # any task of the database left undone
    lat = {op: {"n": len(v), "p50_ms": round(statistics.median(v), 1), "p99_ms": round(pct(v, 0.99), 1)}
           for op, v in sorted(rec["lat"].items())}
    n_req = sum(x["n"] for x in lat.values())
    load = ("back to back (saturated)" if not a.rate else
            f"open loop, {a.rate:g} requests/s offered (Poisson; each client every {a.clients / a.rate:.2f} s "
            "on average)")
    out = {"clients": a.clients, "load": load, "rate": a.rate, "workers": a.workers, "seconds": a.seconds,
           "users": a.users, "mix": a.mix, "memories_before": items_before,
           "memories_after": items_after, "build": build, "server_ready_s": round(ready_s, 1),
           "requests": sum(x["n"] for x in lat.values()), "requests_per_s": round(sum(x["n"] for x in lat.values())
                                                                                  / wall, 1),
           "latency": lat, "in_process_sequential": base_lat, "errors": len(rec["errors"]),
           "error_samples": rec["errors"][:5],
           "captured": len(captured), "capture_duplicates": rec["duplicates"], "drained_by_server": drained_metric,
           "drained_by_cron_after": drained_cron,
           "catch_up_s": round(catch_up_s, 1), "lost_captures": lost, "undone_tasks": undone,
           "duplicate_decisions": dup,
           "cross_user_hits": cross, "outbox_before": before, "outbox_after": after,
           "cpu_s": {"server": round(cpu[0], 1), "drain": round(cpu[2], 1), "load_generator": round(cpu[1], 1),
                     "server_ms_per_request": round(1000 * cpu[0] / max(1, n_req), 2),
                     "drain_ms_per_capture": round(1000 * cpu[2] / max(1, len(captured)), 2),
                     "load_generator_ms_per_request": round(1000 * cpu[1] / max(1, n_req), 2)},
           "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                       "load_avg_before": load_before, "load_avg_after": load_after}}
    OUT.mkdir(exist_ok=True)
    (OUT / "http.json").write_text(json.dumps(out, indent=2, ensure_ascii=False))
    print(f"load: {a.clients} clients, {load}, {a.seconds:g} s, mix {a.mix}, --workers {a.workers}")
    print("| op | n | p50 ms | p99 ms |\n|---|---|---|---|")
    for op, x in lat.items():
        print(f"| {op} | {x['n']} | {x['p50_ms']} | {x['p99_ms']} |")
    print(f"\n{out['requests']} requests in {wall:.1f} s ({out['requests_per_s']}/s) by {a.clients} clients, "
          f"{items_before} memories over {a.users} users; errors {out['errors']}; captured {len(captured)}, "
          f"lost {lost} (undone in the db {undone}), duplicate decisions {dup}, "
          f"drained by the server {drained_metric:.0f} "
          f"(catch-up {catch_up_s:.1f} s); cross-user hits {cross}")
    print(f"CPU during the run: server {cpu[0]:.1f} s ({out['cpu_s']['server_ms_per_request']} ms/request), niced "
          f"drain {cpu[2]:.1f} s ({out['cpu_s']['drain_ms_per_capture']} ms/capture), load generator {cpu[1]:.1f} s "
          f"({out['cpu_s']['load_generator_ms_per_request']} ms/request); {os.cpu_count()} CPUs; load average "
          f"(1/5/15 min) before {'/'.join(f'{x:.1f}' for x in load_before)}, "
          f"after {'/'.join(f'{x:.1f}' for x in load_after)}")
    if base_lat:
        print("in-process, sequential (same store, same run): " + ", ".join(
            f"{op} p50 {x['p50_ms']} / p99 {x['p99_ms']} ms" for op, x in base_lat.items()))
    for e in rec["errors"][:5]:
        print("  error:", e)
    tmp.cleanup()


if __name__ == "__main__":
    main()
