"""The optional LLM extractor/judge against a stub OpenAI-compatible server on 127.0.0.1:
malformed JSON or a made-up id → the task is dead after N attempts and nothing is written."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from _llm_stub import chat_reply, serve
from pydantic import BaseModel

from memcli.errors import ExtractionError


class Stub:
    """Replies chosen by the test: ``extract`` and ``judge`` are the message contents."""

    def __init__(self) -> None:
        self.extract = "{}"
        self.judge = "{}"
        self.calls: list[str] = []


@pytest.fixture
def stub() -> Iterator[tuple[Stub, str]]:
    state = Stub()

    def reply(body: dict) -> tuple[int, str]:
        kind = "extract" if body["messages"][0]["content"].startswith("You extract") else "judge"
        state.calls.append(kind)
        return 200, chat_reply(state.extract if kind == "extract" else state.judge)

    with serve(reply) as url:
        yield state, url


@pytest.fixture
def llm_mem(db_path, embedder, stub):
    from memcli import Memory

    _, url = stub
    m = Memory(db=str(db_path), user="alice", extractor="llm", judge="auto", llm_base_url=url, llm_model="stub",
               max_attempts=3, backoff_base_s=0.001, backoff_max_s=0.01)
    yield m
    m.close()


def drain_until_settled(mem, rounds: int = 20) -> list[dict]:
    for _ in range(rounds):
        mem.drain()
        rows = mem.store.q("SELECT * FROM memory_capture_outbox")
        if all(r["status"] in ("done", "dead") for r in rows):
            return rows
        time.sleep(0.02)
    raise AssertionError("outbox did not settle")


@pytest.mark.parametrize("text", ["我对花生过敏", "I'm allergic to peanuts"])
@pytest.mark.parametrize("reply", ['{"memories": [{"statement": ', '{"memories": "peanuts"}', "[1, 2]"])
def test_malformed_extraction_is_dead_after_n_attempts_and_writes_nothing(llm_mem, stub, text, reply) -> None:
    state, _ = stub
    state.extract = reply
    llm_mem.capture(text)
    [row] = drain_until_settled(llm_mem)
    assert (row["status"], row["attempts"]) == ("dead", 3)
    assert row["last_error"].startswith("ExtractionError: LLM")
    assert state.calls == ["extract"] * 3
    assert llm_mem.store.scalar("SELECT count(*) FROM memory_items") == 0
    assert llm_mem.store.scalar("SELECT count(*) FROM memory_events") == 0


@pytest.mark.parametrize(("stored", "said"), [("我每天早上跑步", "我经常周末爬山"),
                                              ("I usually go running every morning", "I often jog on weekends")])
def test_made_up_id_from_the_judge_is_dead_and_never_written(llm_mem, stub, stored, said) -> None:
    state, _ = stub
    first = llm_mem.remember(stored)  # no neighbour yet: ADD without a judge call
    state.extract = json.dumps({"memories": [{"statement": said, "kind": "habit", "salience": 0.5,
                                              "confidence": 0.7}]}, ensure_ascii=False)
    state.judge = json.dumps({"decision": "CONFLICT", "target_id": first.item_id + 999, "reason": "made up"})
    llm_mem.capture(said)
    [row] = drain_until_settled(llm_mem)
    assert (row["status"], row["attempts"]) == ("dead", 3)
    assert "not shown" in row["last_error"]
    assert state.calls.count("judge") == 3
    assert [i.statement for i in llm_mem.list(include_all=True)] == [stored]  # the stored row untouched
    assert llm_mem.show(first.item_id).status == "active"
    assert llm_mem.store.scalar("SELECT count(*) FROM memory_events") == 1  # only remember's ADD


def test_valid_llm_replies_are_used(llm_mem, stub) -> None:
    state, _ = stub
    first = llm_mem.remember("I usually go running every morning")
    # (a refinement that shares the habit's words: an UPDATE between two statements sharing no word and
    # telling no change is an ADD whatever the judge says, memcli.write.unlinked.nothing_shared)
    said = "I go running every morning, about five kilometres"
    state.extract = json.dumps({"memories": [{"statement": said, "kind": "habit"}]})
    state.judge = json.dumps({"decision": "UPDATE", "target_id": first.item_id, "reason": "refines the habit"})
    llm_mem.capture(f"btw {said}")
    s = llm_mem.drain()
    assert (s.done, s.updated, s.extractor, s.judge) == (1, 1, "llm", "llm")
    [item] = llm_mem.list()
    assert item.statement == said and item.supersedes_id == first.item_id
    ev = llm_mem.history(item.id)["events"][-1]
    assert (ev.action, ev.level, ev.judge) == ("UPDATE", "judge", "llm") and "refines" in ev.reason


def test_an_llm_update_between_statements_sharing_nothing_is_an_add(llm_mem, stub) -> None:
    state, _ = stub
    first = llm_mem.remember("I usually go running every morning")
    state.extract = json.dumps({"memories": [{"statement": "I often jog on weekends", "kind": "habit"}]})
    state.judge = json.dumps({"decision": "UPDATE", "target_id": first.item_id, "reason": "refines the habit"})
    llm_mem.capture("btw I often jog on weekends")
    s = llm_mem.drain()
    assert (s.done, s.updated) == (1, 0)
    assert {i.statement for i in llm_mem.list()} == {"I usually go running every morning", "I often jog on weekends"}
    [new] = [i for i in llm_mem.list() if i.id != first.item_id]
    ev = llm_mem.history(new.id)["events"][-1]
    # round 40 (en40's counted_apart): two remarks sharing no content unit are apart before any number is compared,
    # so the first guard to say so is "another remark" (it was "nothing says they are one fact", a later one)
    assert ev.action == "ADD" and "another remark: the new statement carries 0/5 of its content" in ev.reason


class _Probe(BaseModel):
    ok: bool = True


def test_unreachable_endpoint_is_an_extraction_error() -> None:
    from memcli.settings import load_settings
    from memcli.write.llm import LLMClient

    client = LLMClient(load_settings(llm_base_url="http://127.0.0.1:9/v1", llm_model="x", llm_timeout_s=0.5))
    with pytest.raises(ExtractionError, match="failed"):
        client.chat("sys", "hi", _Probe, "test")
