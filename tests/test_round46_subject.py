"""Round 46: ``subject`` (whose fact a memory is) in every interface, read in one place.

The CLI's JSON had it since round 45; the library's objects (``MemoryItem``, ``Hit``, the context result's hits),
the HTTP service (a real uvicorn on 127.0.0.1) and the MCP tools (the SDK's own client over stdio) give it now,
each from :func:`memcli.read.person.subject_of`, on real SQLite stores with the real default model.
"""

from __future__ import annotations

import json
import os
import pickle
import sys

import anyio
import httpx
import pytest

from memcli import Memory
from memcli.read.person import subject_of

#: our own sentences, each with whose fact it is
SAID = {
    "I live in Lisbon": "user",
    "My wife's brother is a pilot": "wife.brother",
    "The boiler is ten years old": None,
    "My neighbour's dog is called Biscuit": "neighbour",
    "我老婆的妹妹在杭州当护士": "wife.younger_sister",
    "我对花生过敏": "user",
}
#: the fields a memory had before round 46, in their order (additive only: every one is still there)
OLD_ITEM_FIELDS = ["id", "user", "statement", "kind", "slot", "salience", "confidence", "effective_confidence",
                   "origin", "status", "valid_from", "invalid_at", "recorded_at", "expired_at", "last_confirmed_at",
                   "confirmations", "supersedes_id", "superseded_by_id", "invalid_reason", "metadata", "source_ids"]


def _remember_all(mem: Memory) -> dict[str, int]:
    return {text: mem.remember(text).item_id for text in SAID}


@pytest.fixture(scope="module")
def store(tmp_path_factory, embedder) -> str:
    """A store of alice's six memories and one episode (a turn no memory holds)."""
    from test_hit_refs import FindsNothing

    db = str(tmp_path_factory.mktemp("subject") / "m.db")
    with Memory(db=db, user="alice", embedder=embedder, extractor=FindsNothing()) as mem:
        _remember_all(mem)
        mem.capture("My wife's brother flew us to the islands in his small plane last spring")
        assert mem.drain().episodes == 1
    return db


def test_the_library_objects_carry_the_subject(store, embedder):
    with Memory(db=store, user="alice", embedder=embedder) as mem:
        items = mem.list()
        assert {it.statement: it.subject for it in items} == SAID
        dumped = items[0].model_dump(mode="json")
        assert [k for k in dumped if k != "subject"] == OLD_ITEM_FIELDS  # the old fields, unchanged
        assert dumped["subject"] == SAID[dumped["statement"]]  # read on first use, dumped with the rest
        assert pickle.loads(pickle.dumps(items[1])).subject == items[1].subject  # (HTTP's model processes pickle)
        pilot = next(it for it in items if it.subject == "wife.brother")
        assert mem.show(pilot.id).subject == "wife.brother"
        assert [it.subject for it in mem.history(pilot.id)["items"]] == ["wife.brother"]

        turns = mem.search("when did we fly to the islands in a small plane", limit=10)
        episode = next(h for h in turns if h.episode_id is not None)
        assert episode.subject is None and episode.model_dump()["subject"] is None  # a quoted turn: no one's fact
        hits = mem.search("what does my wife's brother do", limit=10, legs=("lexical", "dense"))
        by_ref = {h.ref: h for h in hits}
        memory_hits = [h for h in hits if h.id is not None]
        assert memory_hits and all(h.subject == SAID[h.statement] for h in memory_hits)
        assert all(h.model_dump(mode="json")["subject"] == h.subject for h in memory_hits)
        assert by_ref[f"m{pilot.id}"].subject == "wife.brother"

        res = mem.context("What is my wife's brother's job?", fmt="json")
        assert res.text and [(h["statement"], h["subject"]) for h in res.hits if h["id"] is not None] == [
            ("My wife's brother is a pilot", "wife.brother")]


def test_subject_of_is_the_one_reading(store, embedder):
    """A hit's, a memory's and a JSON dict's subject are the same function of the same row."""
    with Memory(db=store, user="alice", embedder=embedder) as mem:
        for it in mem.list():
            as_dict = it.model_dump(mode="json")
            del as_dict["subject"]
            assert subject_of(as_dict) == subject_of(it) == it.subject
    assert subject_of({"id": None, "episode_id": 4, "statement": "我对花生过敏", "slot": None}) is None
    assert subject_of({"id": 4, "origin": "episode", "statement": "I live in Lisbon", "slot": None}) is None


def test_the_cli_json_and_the_library_agree(store, cli):
    listed = json.loads(cli("--db", store, "--user", "alice", "list", "--json").stdout)
    assert {m["statement"]: m["subject"] for m in listed} == SAID
    assert [k for k in listed[0] if k != "subject"] == OLD_ITEM_FIELDS
    found = json.loads(cli("--db", store, "--user", "alice", "search", "我老婆的妹妹做什么工作", "--json").stdout)
    nurse = [h for h in found["hits"] if h["statement"] == "我老婆的妹妹在杭州当护士"]
    assert nurse and nurse[0]["subject"] == "wife.younger_sister"
    assert list(nurse[0]).index("subject") == list(nurse[0]).index("slot") + 1  # placed as round 45 placed it


def test_http_gives_the_subject_on_every_route(http_service):
    from _http import http_user

    base, settings = http_service
    _, auth = http_user(settings, "subject")
    ids = {}
    for text in SAID:
        r = httpx.post(f"{base}/v1/memories", json={"text": text}, headers=auth, timeout=60)
        assert r.status_code == 201, r.text
        ids[text] = r.json()["item_id"]
    listed = httpx.get(f"{base}/v1/memories", headers=auth, timeout=30).json()["memories"]
    assert {m["statement"]: m["subject"] for m in listed} == SAID
    assert [k for k in listed[0] if k != "subject"] == OLD_ITEM_FIELDS
    pilot = ids["My wife's brother is a pilot"]
    assert httpx.get(f"{base}/v1/memories/{pilot}", headers=auth, timeout=30).json()["subject"] == "wife.brother"
    history = httpx.get(f"{base}/v1/memories/{pilot}/history", headers=auth, timeout=30).json()
    assert [it["subject"] for it in history["items"]] == ["wife.brother"]
    found = httpx.get(f"{base}/v1/search", params={"q": "where is my neighbour's dog", "limit": 10}, headers=auth,
                      timeout=60).json()["hits"]
    assert found and all(h["subject"] == SAID[h["statement"]] for h in found)
    assert "neighbour" in [h["subject"] for h in found]
    ctx = httpx.post(f"{base}/v1/context", json={"query": "我老婆的妹妹在哪里工作？",
                                                 "budget_ms": 5000}, headers=auth, timeout=60).json()
    assert ctx["text"] and [(h["statement"], h["subject"]) for h in ctx["hits"]] == [
        ("我老婆的妹妹在杭州当护士", "wife.younger_sister")]
    fixed = httpx.patch(f"{base}/v1/memories/{ids['I live in Lisbon']}", json={"text": "I live in Porto"},
                        headers=auth, timeout=60).json()
    assert (fixed["statement"], fixed["subject"]) == ("I live in Porto", "user")


def test_mcp_tools_give_the_subject(tmp_path, embedder):
    mcp = pytest.importorskip("mcp")
    db = str(tmp_path / "m.db")
    env = {k: v for k, v in os.environ.items() if k.startswith(("MEMCLI_", "XDG_", "HF_", "PYTHON"))}
    params = mcp.StdioServerParameters(command=sys.executable, args=["-m", "memcli", "mcp", "--user", "ana",
                                                                     "--db", db], env=env)

    def data(result) -> dict:  # noqa: ANN001
        assert not result.is_error, result.content[0].text
        return json.loads(result.content[0].text)

    async def session() -> None:
        async with mcp.Client(params, read_timeout_seconds=120) as client:
            kept = {t: data(await client.call_tool("remember", {"text": t})) for t in SAID}
            assert {t: k["subject"] for t, k in kept.items()} == SAID
            found = data(await client.call_tool("search", {"query": "my wife's brother", "raw": True, "limit": 10}))
            assert found["memories"] and all(m["subject"] == SAID[m["statement"]] for m in found["memories"])
            assert "wife.brother" in [m["subject"] for m in found["memories"]]
            moved = data(await client.call_tool("correct", {"id": kept["I live in Lisbon"]["id"],
                                                            "text": "I live in Porto"}))
            assert moved["subject"] == "user"

    anyio.run(session)
