"""Issue 21 §5, the three failures met on a real llama.cpp server, as kinds (against a stub
OpenAI-compatible server on 127.0.0.1, real stores): a 5xx that names the output format falls back
to the next mode and is remembered; every request is bounded (``max_tokens``, ``stop`` where no
grammar constrains the reply) and a timed-out call is not retried at once; an interrupted drain
keeps the extraction error of every utterance it tried."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator

import pytest
from _llm_stub import chat_reply, serve

#: what llama.cpp's server (llama-cpp-python 0.3.36) answers to response_format json_schema
LLAMA_500 = json.dumps({"error": {"message": "1 validation error for CreateChatCompletionRequest\nresponse_format."
                                             "type\n  Input should be 'text' or 'json_object'", "code": 500}})
GOOD = '{{"memories": [{{"statement": "{utterance}", "kind": "health"}}]}}'


class Stub:
    def __init__(self) -> None:
        self.bodies: list[dict] = []
        self.schema_status: tuple[int, str] | None = None  # answer to json_schema requests
        self.status: tuple[int, str] | None = None  # answer to every request
        self.content = GOOD
        self.delay_s = 0.0
        self.on_request: list = []

    def reply(self, body: dict) -> tuple[int, str]:
        self.bodies.append(body)
        for hook in self.on_request:
            hook(len(self.bodies))
        if self.delay_s:
            time.sleep(self.delay_s)
        rf = (body.get("response_format") or {}).get("type", "none")
        if rf == "json_schema" and self.schema_status:
            return self.schema_status
        if self.status:
            return self.status
        utterance = json.loads(body["messages"][1]["content"]).get("utterance", "")
        return 200, chat_reply(self.content.format(utterance=utterance.replace('"', '\\"')))


@pytest.fixture
def stub() -> Iterator[tuple[Stub, str]]:
    state = Stub()
    with serve(state.reply) as url:
        yield state, url


def _mem(db_path, url: str, **kw):  # noqa: ANN001, ANN202
    from memcli import Memory

    opts = {"max_attempts": 3, "backoff_base_s": 0.001, "backoff_max_s": 0.01, **kw}
    return Memory(db=str(db_path), user="alice", extractor="llm", judge="offline", llm_base_url=url,
                  llm_model="stub", **opts)


def _tasks(mem) -> list[dict]:  # noqa: ANN001
    return mem.store.q("SELECT * FROM memory_capture_outbox ORDER BY id")


def test_a_5xx_naming_the_format_falls_back_and_is_remembered(db_path, embedder, stub) -> None:
    state, url = stub
    state.schema_status = (500, LLAMA_500)
    with _mem(db_path, url) as m:
        m.capture("I'm allergic to peanuts")
        s = m.drain()
        assert s.done == 1 and not s.errors, s.errors
        m.capture("我对花生过敏")
        assert m.drain().done == 1
        assert sorted(i.statement for i in m.list()) == ["I'm allergic to peanuts", "我对花生过敏"]
    kinds = [(b.get("response_format") or {}).get("type", "none") for b in state.bodies]
    assert kinds == ["json_schema", "json_object", "json_object"]  # refused once, then remembered


def test_a_5xx_that_does_not_name_the_format_is_a_retried_task(db_path, embedder, stub) -> None:
    state, url = stub
    state.status = (500, json.dumps({"error": {"message": "out of memory"}}))
    with _mem(db_path, url, backoff_base_s=30, backoff_max_s=30) as m:  # not due again within this drain
        m.capture("I'm allergic to peanuts")
        s = m.drain()
        [task] = _tasks(m)
        assert s.retried == 1 and task["status"] == "pending" and "HTTP 500" in task["last_error"]
        assert "out of memory" in task["last_error"] and m.list() == []
    assert len(state.bodies) == 3  # tried again a few times (tenacity), never with another format
    assert {(b.get("response_format") or {}).get("type") for b in state.bodies} == {"json_schema"}


def test_every_request_is_bounded(db_path, embedder, stub) -> None:
    state, url = stub
    state.schema_status = (500, LLAMA_500)
    with _mem(db_path, url, llm_max_tokens=300) as m:
        m.capture("I'm allergic to peanuts")
        m.drain()
    schema, obj = state.bodies
    assert schema["max_tokens"] == obj["max_tokens"] == 300
    assert "stop" not in schema and obj["stop"]  # a grammar ends the schema reply; JSON mode gets stop strings


def test_a_timed_out_call_is_not_sent_again_at_once(db_path, embedder, stub) -> None:
    state, url = stub
    state.delay_s = 1.5
    with _mem(db_path, url, llm_timeout_s=0.3, backoff_base_s=60.0, backoff_max_s=60.0) as m:  # one attempt
        m.capture("I'm allergic to peanuts")
        s = m.drain()
        [task] = _tasks(m)
    assert len(state.bodies) == 1 and s.retried == 1
    assert "Timeout" in task["last_error"] and task["status"] == "pending"


def test_an_interrupted_drain_keeps_the_errors_of_what_it_tried(db_path, embedder, stub) -> None:
    state, url = stub
    state.content = "I cannot help with that."  # no JSON: every extraction fails
    stop = threading.Event()
    state.on_request.append(lambda n: stop.set() if n == 2 else None)  # the signal arrives during the 2nd call
    with _mem(db_path, url) as m:
        for text in ("I'm allergic to peanuts", "我对花生过敏", "I live in Lyon", "我住在上海"):
            m.capture(text)
        s = m.drain(stop=stop)
        tasks = _tasks(m)
        assert m.list() == []
    assert s.interrupted and s.released == 2 and len(s.errors) == 2, s
    tried, rest = tasks[:2], tasks[2:]
    assert all(t["attempts"] == 1 and "no JSON" in t["last_error"] and "I cannot help" in t["last_error"]
               for t in tried), tried
    assert all(t["attempts"] == 0 and t["last_error"] is None and t["status"] == "pending" for t in rest), rest


def test_a_json_schema_judgement_can_only_name_an_id_it_was_shown() -> None:
    """SmolLM2 on llama.cpp answered every JSON-schema judgement UPDATE/NOOP with ``"target_id": null``
    (a free ``int | null`` in the schema): the grammar sent for one call now allows ADD with no id, or
    NOOP/UPDATE/CONFLICT with one of the ids shown; JSON mode and no format send no schema."""
    from datetime import UTC, datetime

    from memcli.models import Candidate
    from memcli.settings import load_settings
    from memcli.write.judge import Neighbor
    from memcli.write.llm import LLMJudge
    from memcli.write.llm_reply import judgement_schema

    bodies: list[dict] = []

    def reply(body: dict) -> tuple[int, str]:
        bodies.append(body)
        return 200, chat_reply('{"decision": "UPDATE", "target_id": 12, "reason": "moved"}')

    now = datetime.now(UTC)
    nbs = [Neighbor(id=i, statement=s, slot=None, cosine=0.7, valid_from=now, origin="explicit", confidence=0.8)
           for i, s in ((12, "I live in Berlin"), (7, "I work in Berlin"))]
    with serve(reply) as url:
        for mode in ("json_schema", "json_object"):
            judge = LLMJudge(load_settings(llm_base_url=url, llm_model="stub", llm_response_format=mode))
            v = judge.judge(Candidate(statement="I moved to Munich", valid_from=now), nbs)
            assert v.decision.value == "UPDATE" and v.target_id == 12
    schema = bodies[0]["response_format"]["json_schema"]["schema"]
    assert schema == judgement_schema([7, 12])
    add, named = schema["anyOf"]
    assert add["properties"]["decision"]["enum"] == ["ADD"] and add["properties"]["target_id"] == {"type": "null"}
    assert named["properties"]["target_id"]["enum"] == [7, 12] and "target_id" in named["required"]
    assert bodies[1]["response_format"] == {"type": "json_object"}
