"""One ``Memory`` shared by threads (``asyncio.to_thread``, a thread pool): its calls take turns on its
one connection. Before, a second thread's call failed inside SQLite (apsw's ThreadingViolationError,
"Connection is busy in another thread") whenever another was running, e.g. a drain."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

pytestmark = pytest.mark.backends

TURNS = ["I cycle to the office every morning", "我哥哥在青岛开了一家面馆", "My cello teacher is called Ingrid",
         "我每周二晚上练瑜伽"]


def test_threads_capture_read_and_drain_on_one_memory(mem):
    mem.remember("我最爱吃的水果是荔枝")
    for i, text in enumerate(TURNS):
        mem.capture(text, key=f"turn-{i}")
    start = threading.Barrier(4)

    def work(i: int) -> list[tuple[bool, int]]:
        start.wait()  # thread 0 drains while the other three read and capture: before, they failed
        if i == 0:
            mem.drain()
            return []
        out = []
        for j in range(3):
            mem.capture(f"{TURNS[i]} ({j})", key=f"more-{i}-{j}")
            out.append(("荔枝" in mem.context("我最爱吃什么水果？", budget_ms=60_000).text, len(mem.search("荔枝"))))
        return out

    with ThreadPoolExecutor(4) as pool:
        results = [r for rs in pool.map(work, range(4)) for r in rs]
    assert len(results) == 9 and all(block and n >= 1 for block, n in results)
    mem.drain()
    assert mem.stats()["outbox"]["pending"] == 0
    statements = {it.statement for it in mem.list()}
    assert "我最爱吃的水果是荔枝" in statements and len(statements) >= 3  # the turns were distilled, not lost
    assert mem.stats()["sources"] == 1 + 4 + 9  # each remembered or captured turn once


def test_asyncio_to_thread_on_one_memory_and_an_export_walked_beside_writes(mem):
    for text in TURNS:
        mem.remember(text)

    async def ask() -> list[str]:
        queries = ["我哥哥在哪里开面馆？", "Who teaches me the cello?", "我哪天练瑜伽？", "How do I get to work?"]
        out = await asyncio.gather(*[asyncio.to_thread(mem.context, q, budget_ms=60_000) for q in queries])
        return [r.text for r in out]

    blocks = asyncio.run(ask())
    assert "青岛" in blocks[0] and "Ingrid" in blocks[1] and "瑜伽" in blocks[2] and "cycle" in blocks[3]

    rows = mem.export(include_all=True)
    first = next(rows)
    writer = threading.Thread(target=mem.remember, args=("My neighbour's dog is a beagle called Pip",))
    writer.start()
    rest = list(rows)
    writer.join()
    assert first["text"] in TURNS and len(rest) >= len(TURNS)  # the memories, then the end line
    assert "My neighbour's dog is a beagle called Pip" in {it.statement for it in mem.list()}


def test_threads_share_one_admin_while_it_drains(db, embedder):
    from memcli import Admin, Memory

    for user in ("lin", "max"):
        with Memory(db=db, user=user) as m:
            for i, text in enumerate(TURNS):
                m.capture(text, key=f"{user}-{i}")
    with Admin(db=db) as adm:
        start = threading.Barrier(3)

        def work(i: int) -> object:
            start.wait()
            return adm.drain() if i == 0 else [adm.stats() for _ in range(5)] if i == 1 else adm.tokens(None)

        with ThreadPoolExecutor(3) as pool:
            summary, stats, tokens = pool.map(work, range(3))
        assert summary.done == 8 and tokens == [] and all(s["outbox"]["pending"] + s["outbox"]["done"] == 8
                                                          for s in stats)
        assert adm.stats()["outbox"]["done"] == 8
