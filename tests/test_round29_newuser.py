"""Round 29's new user, following the README and the docs with a chat agent's week: tool arguments
nested too deeply for the JSON parser, and a ``system`` prompt that is not text, are bad input (one
line, nothing written) on every surface, never an internal error."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli
from test_bad_input import assert_error, snapshot

from memcli.errors import BadInputError
from memcli.tools import call_tool

DEEP = "[" * 100_000  # json recurses once per level: past the interpreter's recursion limit


def test_tool_arguments_nested_too_deeply_are_bad_input(mem) -> None:
    for name in ("search", "remember", "correct", "forget"):
        with pytest.raises(BadInputError, match=f"^{name}: arguments are not valid JSON \\(nested too deeply\\)$"):
            call_tool(mem, name, DEEP)
        with pytest.raises(BadInputError, match="nested too deeply"):
            call_tool(mem, name, DEEP.encode())
    assert mem.list(include_all=True) == [] and mem.stats()["sources"] == 0


def test_cli_tool_call_nested_too_deeply_is_one_line_exit_2(db_path, cli) -> None:
    assert run_cli("--db", str(db_path), "--user", "mei", "remember", "I am allergic to peanuts").exit_code == 0
    before = snapshot(db_path)
    for how in (("remember", DEEP), ("search", "-")):
        r = run_cli("--db", str(db_path), "--user", "mei", "tools", "call", *how,
                    input=DEEP if how[1] == "-" else None)
        assert assert_error(r, 2) == f"{how[0]}: arguments are not valid JSON (nested too deeply)"
    assert snapshot(db_path) == before
    # a valid call still answers, and a blank argument text is {} (the missing field is named)
    r = run_cli("--db", str(db_path), "--user", "mei", "tools", "call", "search", '{"query": "peanuts"}')
    assert r.exit_code == 0 and "peanuts" in r.stdout
    for blank in ("", "  \n"):
        assert assert_error(run_cli("--db", str(db_path), "--user", "mei", "tools", "call", "search", blank), 2) == (
            "search: query: Field required; nothing was done")


def test_context_system_prompt_must_be_text(mem) -> None:
    mem.remember("我最喜欢的茶是铁观音")
    for bad in (5, ["You are kind."], {"role": "system"}, b"You are kind."):
        with pytest.raises(BadInputError, match="^system must be text, the static system prompt"):
            mem.context("我喜欢喝什么茶?", fmt="messages", system=bad)
    ctx = mem.context("我喜欢喝什么茶?", fmt="messages", system="You are kind.")
    assert ctx.messages[0] == {"role": "system", "content": "You are kind."}
    assert "铁观音" in ctx.messages[1]["content"]
    # blank or absent: no system message, the memory block first
    for none in (None, "", "   "):
        first = mem.context("我喜欢喝什么茶?", fmt="messages", system=none).messages[0]
        assert first["content"].startswith("用户长期记忆")


def test_history_with_an_unpaired_surrogate_comes_back_sendable(mem) -> None:
    """JSON's "\\ud800" in a history message came back as is: HTTP answered 500 (no UTF-8 holds it) and
    a host could not send the messages on. Dropped like the query's and the system prompt's."""
    mem.remember("I am allergic to peanuts")
    history = [{"role": "user", "content": "hi \ud800there"}, {"role": "assistant", "content": "\udfffHello!"}]
    ctx = mem.context("What am I allergic to?", fmt="messages", system="Be brief.\ud800", history=history)
    assert [m["content"] for m in ctx.messages[:1] + ctx.messages[2:]] == ["Be brief.", "hi there", "Hello!"]
    assert "peanuts" in ctx.messages[1]["content"]
    json.dumps(ctx.messages, ensure_ascii=False).encode("utf-8")  # sendable as it is


def test_http_context_history_with_an_unpaired_surrogate_is_answered(http_service) -> None:
    import httpx
    from _http import http_user

    base, settings = http_service
    hdr = {**http_user(settings, "mei")[1], "content-type": "application/json"}
    body = '{"query": "tea?", "format": "messages", "history": [{"role": "user", "content": "hi \\ud800"}]}'
    r = httpx.post(f"{base}/v1/context", content=body, headers=hdr, timeout=60)
    assert r.status_code == 200, r.text
    assert r.json()["messages"] == [{"role": "user", "content": "hi "}]


def test_mcp_answers_a_request_its_sdk_cannot_parse(db_path, embedder) -> None:
    """The SDK's parser refuses an unpaired surrogate ("\\ud83d": a JS client that cut an emoji in two) and
    JSON thousands deep, and dropped the request unanswered: the client waited forever. Now the first is
    served with the surrogate dropped, the second answered with a JSON-RPC parse error and its id."""
    pytest.importorskip("mcp")
    import os
    import select
    import subprocess
    import sys

    from memcli import Memory

    with Memory(db=str(db_path), user="mei") as m:
        m.remember("I am allergic to peanuts")
    env = {k: v for k, v in os.environ.items() if k.startswith(("MEMCLI_", "XDG_", "HF_", "PATH"))}
    proc = subprocess.Popen([sys.executable, "-m", "memcli", "mcp", "--user", "mei", "--db", str(db_path)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env)

    def ask(line: str) -> dict:
        proc.stdin.write(line.encode() + b"\n")
        proc.stdin.flush()
        ready, _, _ = select.select([proc.stdout], [], [], 120)
        assert ready, f"no answer to {line[:80]}"
        return json.loads(proc.stdout.readline())

    try:
        init = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
        assert ask(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init}))["id"] == 1
        proc.stdin.write(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
        r = ask('{"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "search", '
                '"arguments": {"query": "what am I allergic to \\ud83d"}}}')
        assert r["id"] == 2 and not r["result"]["isError"]
        assert [h["statement"] for h in r["result"]["structuredContent"]["memories"]] == ["I am allergic to peanuts"]
        deep = "[" * 5000 + "]" * 5000
        r = ask('{"jsonrpc": "2.0", "id": "q3", "method": "tools/call", "params": {"name": "search", '
                f'"arguments": {{"query": "x", "limit": {deep}}}}}}}')
        assert r == {"jsonrpc": "2.0", "id": "q3", "error": {"code": -32700,
                                                            "message": "Parse error: JSON nested too deeply"}}
        assert ask("not json")["error"] == {"code": -32700, "message": "Parse error: not valid JSON"}
        # the server is still serving
        r = ask('{"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {"name": "search", '
                '"arguments": {"query": "peanuts"}}}')
        assert r["id"] == 4 and not r["result"]["isError"]
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)


def test_a_confidence_that_is_no_finite_number_is_told_so(mem) -> None:
    """``remember(confidence=nan)`` and an import line's ``NaN`` said "less than or equal to 1"; HTTP says
    "a finite number" for the same value. One wording now, and nothing written."""
    for bad in (float("nan"), float("inf"), float("-inf")):
        with pytest.raises(BadInputError, match="^confidence: needs a finite number, got (-?inf|nan)$"):
            mem.remember("I like plums", confidence=bad)
    with pytest.raises(BadInputError, match="^confidence: needs a number ≤ 1, got 2$"):
        mem.remember("I like plums", confidence=2)
    for line in ('{"text": "I like figs", "confidence": NaN}',
                 '{"v": 2, "id": 1, "text": "I like figs", "kind": "other", "salience": Infinity, "confidence": 0.5, '
                 '"origin": "explicit", "at": "2026-01-01T00:00:00Z", "recorded_at": "2026-01-01T00:00:00Z"}'):
        with pytest.raises(BadInputError, match="^line 1: (confidence|salience): needs a finite number, got (nan|inf); "
                                                "nothing was written$"):
            mem.import_jsonl([line])
    assert mem.list(include_all=True) == []


def _nested(depth: int) -> dict:
    d: dict = {"leaf": 1}
    for _ in range(depth - 1):
        d = {"a": d}
    return d


def test_metadata_nested_too_deeply_is_bad_input_everywhere(mem) -> None:
    """metadata 500 levels deep was a RecursionError from remember (the surrogate check recurses per
    level) and a 500 from HTTP (pickled to a model process); 64 levels are kept, deeper is one line."""
    from memcli.records import MAX_METADATA_DEPTH, nesting_depth

    assert [nesting_depth(v) for v in (1, {}, {"a": 1}, {"a": [1]}, [[[]]], _nested(100_000))] == [0, 1, 1, 2, 3, 65]
    assert mem.remember("I like plums", metadata=_nested(MAX_METADATA_DEPTH)).decision == "ADD"
    cyclic: dict = {}
    cyclic["self"] = cyclic
    for bad in (_nested(MAX_METADATA_DEPTH + 1), _nested(500), _nested(100_000), cyclic):
        with pytest.raises(BadInputError, match="^metadata: nested more than 64 levels deep; metadata is plain JSON$"):
            mem.remember("I like damsons", metadata=bad)
    line = json.dumps({"text": "I like damsons", "metadata": _nested(300)})
    with pytest.raises(BadInputError, match="^line 1: metadata: nested more than 64 levels deep"):
        mem.import_jsonl([line])
    assert [i.statement for i in mem.list(include_all=True)] == ["I like plums"]


def test_http_bodies_nested_too_deeply_are_400(http_service) -> None:
    import httpx
    from _http import http_user

    from memcli.admin import Admin

    base, settings = http_service
    hdr = {**http_user(settings, "mei")[1], "content-type": "application/json"}
    deep = "[" * 600 + "]" * 600
    with Admin(settings=settings) as adm:
        sources = adm.stats()["sources"]  # the session's server: other tests' turns are there already
    for route, body, field in (
            ("memories", json.dumps({"text": "I like damsons", "metadata": _nested(600)}), "metadata"),
            ("context", '{"query": "tea?", "history": [' + deep + "]}", "history"),
            ("context", '{"query": "tea?", "history": [{"role": "user", "content": "hi", "x": ' + deep + "}]}",
             "history"),
            ("capture", '{"text": "I like damsons", "session": ' + deep + "}", "session")):
        r = httpx.post(f"{base}/v1/{route}", content=body, headers=hdr, timeout=60)
        assert r.status_code == 400, r.text
        assert r.json()["error"]["message"] == f"{field}: nested more than 64 levels deep"
    with Admin(settings=settings) as adm:
        assert adm.stats()["sources"] == sources  # nothing written


def test_langgraph_namespace_user_follows_the_one_user_rule(db_path, embedder) -> None:
    """MemcliStore made each user's settings with model_copy, which validates nothing: ("memories",
    "a\\u200bb") stored memories for a user that reads as "ab", and " bob" for one beside "bob"."""
    pytest.importorskip("langgraph", reason="pip install 'memcli[langgraph]'")
    from memcli.integrations.langgraph import MemcliStore

    with MemcliStore(str(db_path), embedder=embedder) as store:
        for user in ("a\u200bb", " bob", "bob\n", "bob\u202e"):
            for op in (lambda u: store.put(("memories", u), "k", {"text": "I like kiwis"}),
                       lambda u: store.search(("memories", u), query="kiwis"),
                       lambda u: store.get(("memories", u), "k")):
                with pytest.raises(BadInputError, match="a user id is printable text"):
                    op(user)
        store.put(("memories", "bob"), "k", {"text": "I like kiwis"})
        assert store.get(("memories", "bob"), "k").value == {"text": "I like kiwis"}
        assert [ns for ns in store.list_namespaces()] == [("memories", "bob")]
