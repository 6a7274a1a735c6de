"""Issue 15 §1: the LLM extractor and judge read the reply shapes real models give, ask for
structured output when the endpoint offers it, keep the reply in the task's error, tell the
model when the utterance was said, and a guard overriding the judge's NOOP ends in a
recorded CONFLICT. Against a stub OpenAI-compatible server on 127.0.0.1, real stores."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator

import pytest
from _llm_stub import chat_reply, serve

from memcli.write.llm_reply import first_json_value


class Stub:
    """The test sets reply templates; ``{utterance}`` / ``{statement}`` / ``{id}`` are filled from
    the request (the utterance asked about, the first stored memory shown to the judge)."""

    def __init__(self) -> None:
        self.extract = '{{"memories": [{{"statement": "{utterance}", "kind": "health"}}]}}'
        self.judge = '{{"decision": "ADD", "target_id": null, "reason": "new"}}'
        self.rejects: set[str] = set()  # response_format types answered with HTTP 400
        self.bodies: list[dict] = []

    def reply(self, body: dict) -> tuple[int, str]:
        self.bodies.append(body)
        rf = (body.get("response_format") or {}).get("type", "none")
        if rf in self.rejects:
            return 400, json.dumps({"error": {"message": f"response_format {rf} is not supported"}})
        system, user = body["messages"][0]["content"], body["messages"][1]["content"]
        if system.startswith("You extract") and "utterance" not in json.loads(user):
            # a batch of utterances (a drain of two): refused at once, so the extractor falls back to one call each,
            # the calls these tests read (a stub that broke the connection cost three tries and 0.6 s of backoff)
            return 404, json.dumps({"error": {"message": "this stub answers one utterance per request"}})
        if system.startswith("You extract"):
            utterance = json.loads(user)["utterance"]
            content = self.extract.format(utterance=utterance.replace('"', '\\"'))
        else:
            shown = json.loads(user)["stored"]
            content = self.judge.format(id=shown[0]["id"], statement=shown[0]["statement"])
        return 200, chat_reply(content)


@pytest.fixture
def stub() -> Iterator[tuple[Stub, str]]:
    state = Stub()
    with serve(state.reply) as url:
        yield state, url


@pytest.fixture
def llm_mem(db_path, embedder, stub):
    from memcli import Memory

    _, url = stub
    m = Memory(db=str(db_path), user="alice", extractor="llm", judge="auto", llm_base_url=url, llm_model="stub",
               max_attempts=2, backoff_base_s=0.001, backoff_max_s=0.01, timezone="Asia/Shanghai")
    yield m
    m.close()


def drain_settled(mem, rounds: int = 20) -> list[dict]:
    for _ in range(rounds):
        mem.drain()
        rows = mem.store.q("SELECT * FROM memory_capture_outbox ORDER BY id")
        if all(r["status"] in ("done", "dead") for r in rows):
            return rows
        time.sleep(0.02)
    raise AssertionError("outbox did not settle")


# -- reply shapes ------------------------------------------------------------------------------
EXTRACT_SHAPES = {
    "plain": '{{"memories": [{{"statement": "{utterance}", "kind": "health"}}]}}',
    "fenced json": '```json\n{{"memories": [{{"statement": "{utterance}", "kind": "health"}}]}}\n```',
    "bare fence": '```\n{{"memories": [{{"statement": "{utterance}", "kind": "health"}}]}}\n```',
    "prose around": 'Sure! Here is the JSON you asked for:\n{{"memories": [{{"statement": "{utterance}", '
                    '"kind": "health"}}]}}\nLet me know if you need anything else.',
    "think first": '<think>The user states an allergy {{not a question}}; keep it.</think>\n\n'
                   '{{"memories": [{{"statement": "{utterance}", "kind": "health"}}]}}',
    "upper-case kind": '{{"memories": [{{"statement": "{utterance}", "kind": "Health"}}]}}',
    "bare list": '[{{"statement": "{utterance}", "kind": "health"}}]',
    "trailing commas": '{{"memories": [{{"statement": "{utterance}", "kind": "health",}},],}}',
    "wrapped, facts": 'Result:\n```JSON\n{{"result": {{"facts": [{{"statement": "{utterance}", '
                      '"kind": "HEALTH"}}]}}}}\n```',
}


@pytest.mark.parametrize("shape", list(EXTRACT_SHAPES))
@pytest.mark.parametrize("text", ["我对花生过敏", "I'm allergic to peanuts"])
def test_extraction_reply_shapes(llm_mem, stub, shape: str, text: str) -> None:
    state, _ = stub
    state.extract = EXTRACT_SHAPES[shape]
    llm_mem.capture(text)
    [task] = drain_settled(llm_mem)
    assert task["status"] == "done", task["last_error"]
    [item] = llm_mem.list()
    assert item.statement == text and item.kind == "health"


JUDGE_SHAPES = {
    "lower-case label": '{{"decision": "conflict", "target_id": {id}, "reason": "opposite"}}',
    "fenced": '```json\n{{"decision": "CONFLICT", "target_id": {id}, "reason": "opposite"}}\n```',
    "think first": '<think>New says the opposite of #{id}.</think>{{"decision": "Conflict", "target_id": {id}}}',
    "prose": 'The new fact contradicts memory {id}.\n\n{{"decision": "CONFLICT", "target_id": "{id}"}}',
    "wrapped synonym": '{{"result": {{"decision": "Contradiction.", "id": "#{id}", "reason": null}}}}',
}
PAIRS = [("我每天早上都去跑步", "我每天早上都不去跑步了"),
         ("I usually go running before work", "I usually don't go running before work anymore")]


@pytest.mark.parametrize("shape", list(JUDGE_SHAPES))
@pytest.mark.parametrize(("old", "new"), PAIRS)
def test_judge_reply_shapes(llm_mem, stub, shape: str, old: str, new: str) -> None:
    state, _ = stub
    state.extract = '{{"memories": [{{"statement": "{utterance}", "kind": "habit"}}]}}'
    state.judge = JUDGE_SHAPES[shape]
    llm_mem.capture(old, at="2026-03-01T09:00:00Z")
    llm_mem.capture(new, at="2026-05-01T09:00:00Z")
    tasks = drain_settled(llm_mem)
    assert [t["status"] for t in tasks] == ["done", "done"], [t["last_error"] for t in tasks]
    assert [i.statement for i in llm_mem.list()] == [new]
    [ev] = llm_mem.store.q("SELECT * FROM memory_events WHERE action = 'CONFLICT'")
    assert ev["judge"] == "llm"


@pytest.mark.parametrize("reply", ["I cannot help with that.", "<think>hmm, the user said " + "x" * 600 + "</think>",
                                   "```json\n{not json}\n```", ""])
def test_unreadable_reply_is_kept_in_the_error(llm_mem, stub, reply: str) -> None:
    state, _ = stub
    state.extract = reply.replace("{", "{{").replace("}", "}}")
    llm_mem.capture("我对花生过敏")
    [task] = drain_settled(llm_mem)
    assert task["status"] == "dead" and llm_mem.list(include_all=True) == []
    err = task["last_error"]
    assert "reply: " in err and len(err) <= 500 and "\n" not in err
    assert repr(reply[:40])[1:-1] in err  # what the model said, truncated


# -- structured output ---------------------------------------------------------------------------
def test_json_schema_asked_first(llm_mem, stub) -> None:
    state, _ = stub
    llm_mem.capture("I'm allergic to peanuts")
    drain_settled(llm_mem)
    rf = state.bodies[0]["response_format"]
    assert rf["type"] == "json_schema" and "memories" in json.dumps(rf["json_schema"]["schema"])


@pytest.mark.parametrize(("rejects", "used"), [({"json_schema"}, "json_object"),
                                               ({"json_schema", "json_object"}, "none")])
def test_falls_back_when_the_endpoint_lacks_structured_output(llm_mem, stub, rejects, used) -> None:
    state, _ = stub
    state.rejects = set(rejects)
    state.extract = '```json\n{{"memories": [{{"statement": "{utterance}", "kind": "health"}}]}}\n```'
    llm_mem.capture("I'm allergic to peanuts")
    llm_mem.capture("我对花生过敏")
    tasks = drain_settled(llm_mem)
    assert [t["status"] for t in tasks] == ["done", "done"], [t["last_error"] for t in tasks]
    kinds = [(b.get("response_format") or {}).get("type", "none") for b in state.bodies]
    assert kinds[-1] == used and kinds.count("json_schema") == 1  # learnt once, then reused


# -- the utterance's own time ----------------------------------------------------------------------
def test_extractor_prompt_carries_the_time_said_and_the_zone(llm_mem, stub) -> None:
    state, _ = stub
    llm_mem.capture("昨天我搬到北京了", at="2026-03-02T07:00:00+08:00")
    drain_settled(llm_mem)
    sent = json.loads(state.bodies[0]["messages"][1]["content"])
    assert sent["said_at"] == "2026-03-02T07:00:00+08:00" and sent["timezone"] == "Asia/Shanghai"
    assert sent["utterance"] == "昨天我搬到北京了"


# -- a guard overriding the judge's NOOP -------------------------------------------------------------
@pytest.mark.parametrize(("old", "new"), PAIRS)
def test_judge_noop_across_a_polarity_flip_is_a_recorded_conflict(llm_mem, stub, old: str, new: str) -> None:
    state, _ = stub
    state.extract = '{{"memories": [{{"statement": "{utterance}", "kind": "habit"}}]}}'
    state.judge = '{{"decision": "NOOP", "target_id": {id}, "reason": "same habit"}}'
    llm_mem.capture(old, at="2026-03-01T09:00:00Z")
    llm_mem.capture(new, at="2026-05-01T09:00:00Z")
    drain_settled(llm_mem)
    assert [i.statement for i in llm_mem.list()] == [new]  # never two contradicting active facts
    [ev] = llm_mem.store.q("SELECT * FROM memory_events WHERE action = 'CONFLICT'")
    assert "polarity flip" in ev["reason"] and "NOOP" in ev["reason"] and ev["judge"] == "llm"
    assert llm_mem.store.q("SELECT * FROM memory_events WHERE action = 'NOOP'") == []


# -- long turns are sent in pieces ---------------------------------------------------------------------
def test_long_turn_is_extracted_in_pieces(llm_mem, stub) -> None:
    state, _ = stub
    state.extract = '{{"memories": []}}'
    text = "我们今天聊了很多关于天气和工作的事情。" * 600  # 11,400 characters
    llm_mem.capture(text)
    [task] = drain_settled(llm_mem)
    assert task["status"] == "done"
    pieces = [json.loads(b["messages"][1]["content"])["utterance"] for b in state.bodies]
    assert len(pieces) >= 3 and all(len(p) <= 4000 for p in pieces) and "".join(pieces) == text


def test_first_json_value_units() -> None:
    assert first_json_value("{'memories': [{'statement': 'x', 'slot': None}]}") == {
        "memories": [{"statement": "x", "slot": None}]}  # a Python literal
    assert first_json_value('noise {"a": 1} {"b": 2}') == {"a": 1}
    assert first_json_value('<think>{"x": 0}</think> ok: {"a": [1, 2]}') == {"a": [1, 2]}
    assert first_json_value('```json\n[{"a": 1}]\n```') == [{"a": 1}]
    with pytest.raises(ValueError):
        first_json_value("<think>only reasoning, never closed {")


@pytest.mark.parametrize(("old", "new"), PAIRS)
def test_judge_add_beside_its_opposite_is_the_offline_conflict(llm_mem, stub, old: str, new: str) -> None:
    state, _ = stub
    state.extract = '{{"memories": [{{"statement": "{utterance}", "kind": "habit"}}]}}'
    state.judge = '{{"decision": "ADD", "target_id": null, "reason": "new information"}}'
    llm_mem.capture(old, at="2026-03-01T09:00:00Z")
    llm_mem.capture(new, at="2026-05-01T09:00:00Z")
    drain_settled(llm_mem)
    assert [i.statement for i in llm_mem.list()] == [new]
    [ev] = llm_mem.store.q("SELECT * FROM memory_events WHERE action = 'CONFLICT'")
    assert "said ADD" in ev["reason"] and "polarity flip" in ev["reason"]


def test_judge_add_of_an_unrelated_fact_stays_an_add(llm_mem, stub) -> None:
    state, _ = stub
    state.extract = '{{"memories": [{{"statement": "{utterance}", "kind": "habit"}}]}}'
    state.judge = '{{"decision": "ADD", "target_id": null, "reason": "new information"}}'
    llm_mem.capture("I usually go running before work", at="2026-03-01T09:00:00Z")
    llm_mem.capture("I never drink coffee after lunch", at="2026-05-01T09:00:00Z")
    drain_settled(llm_mem)
    assert len(llm_mem.list()) == 2
