"""The MCP server, driven over stdio by the MCP SDK's own client (a real subprocess)."""

from __future__ import annotations

import json
import os
import sys

import anyio
import pytest

from memcli import Memory
from memcli.tools import DATA_NOTE, TOOL_NAMES, input_schema

mcp = pytest.importorskip("mcp")


def _server(db: str, user: str) -> mcp.StdioServerParameters:
    env = {k: v for k, v in os.environ.items() if k.startswith(("MEMCLI_", "XDG_", "HF_"))}
    return mcp.StdioServerParameters(command=sys.executable, args=["-m", "memcli", "mcp", "--user", user, "--db", db],
                                     env=env)


def _json(result) -> dict:  # noqa: ANN001
    assert not result.is_error, result.content[0].text
    data = json.loads(result.content[0].text)
    assert data == result.structured_content
    return data


def test_server_for_alice_lists_four_tools_and_never_reaches_bob(db_path, embedder):
    db = str(db_path)
    with Memory(db=db, user="bob") as bob:
        bob_id = bob.remember("I take my coffee with lots of sugar", kind="preference").item_id
    from test_hit_refs import FindsNothing

    with Memory(db=db, user="alice", extractor=FindsNothing()) as alice:  # an episode: its number is a source id
        alice.capture("We had coffee with sugar cubes at the harbour cafe last weekend")
        assert alice.drain().episodes == 1

    async def session() -> None:
        async with mcp.Client(_server(db, "alice"), read_timeout_seconds=120) as client:
            listed = (await client.list_tools()).tools
            assert [t.name for t in listed] == list(TOOL_NAMES)
            assert all(t.input_schema == input_schema(t.name) for t in listed)
            assert all(DATA_NOTE in (t.description or "") for t in listed)

            added = _json(await client.call_tool("remember", {"text": "I take my coffee without sugar",
                                                              "kind": "preference"}))
            assert added["decision"] == "ADD"

            refused = await client.call_tool("search", {"query": "coffee", "user_id": "bob"})
            assert refused.is_error and "unexpected argument 'user_id'" in refused.content[0].text
            denied = await client.call_tool("forget", {"id": bob_id})
            assert denied.is_error
            assert refused.content[0].text.count("\n") == 0 and denied.content[0].text.startswith(
                f"error: forget: no memory #{bob_id} among this user's memories; nothing was done; find the memory "
                "with search")  # the tool and the fix (memcli.mcp_errors), and not the user's id
            assert "'alice'" not in denied.content[0].text

            found = _json(await client.call_tool("search", {"query": "coffee sugar", "limit": 10}))
            assert found["note"] == DATA_NOTE
            ids = [m["id"] for m in found["memories"]]
            assert ids == [added["id"]] and bob_id not in ids  # memories only: no episode's source id
            assert all("lots of sugar" not in m["statement"] for m in found["memories"])
            assert found["memories"][0]["event_when"] is None  # the day a statement is about: this one names none
            cat = _json(await client.call_tool("remember", {"text": "我养了一只猫"}))  # "m<id>", as HTTP hits carry
            assert _json(await client.call_tool("forget", {"id": f"m{cat['id']}"}))["forgotten"] is True

    anyio.run(session)
    with Memory(db=db, user="bob") as bob:  # bob's memory untouched by alice's server
        assert [m.id for m in bob.list()] == [bob_id]
    with Memory(db=db, user="alice") as alice:
        assert [m.statement for m in alice.list()] == ["I take my coffee without sugar"]


def test_mcp_command_without_sdk_message(cli, monkeypatch):
    monkeypatch.setitem(sys.modules, "mcp", None)  # import mcp → ModuleNotFoundError
    monkeypatch.delitem(sys.modules, "memcli.mcp_server", raising=False)
    r = cli("--user", "alice", "mcp")
    assert r.exit_code == 2
    assert r.stderr.strip() == "memcli: error: memcli mcp needs the MCP Python SDK: pip install 'memcli[mcp]'"
