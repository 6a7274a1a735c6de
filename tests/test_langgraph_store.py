"""``MemcliStore`` with the real ``langgraph`` package: BaseStore's contract (sync and async),
namespace → user isolation, and search by memcli's hybrid retrieval (real model)."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("langgraph", reason="pip install 'memcli[langgraph]'")

from langgraph.store.base import BaseStore, InvalidNamespaceError, Item, SearchItem  # noqa: E402

from memcli.integrations.langgraph import MemcliStore  # noqa: E402
from memcli.memory import Memory  # noqa: E402

pytestmark = pytest.mark.backends


@pytest.fixture
def store(db, embedder):
    with MemcliStore(db, embedder=embedder) as s:
        yield s


def test_put_get_update_delete_round_trip(store):
    assert isinstance(store, BaseStore)
    ns = ("memories", "alice")
    assert store.get(ns, "coffee") is None
    store.put(ns, "coffee", {"text": "I take my coffee without sugar", "source": "chat"})
    got = store.get(ns, "coffee")
    assert isinstance(got, Item)
    assert (got.namespace, got.key, got.value) == (ns, "coffee", {"text": "I take my coffee without sugar",
                                                                   "source": "chat"})
    assert got.created_at.tzinfo is not None and got.updated_at >= got.created_at
    store.put(ns, "coffee", {"text": "I take my coffee with oat milk"})
    assert store.get(ns, "coffee").value == {"text": "I take my coffee with oat milk"}
    store.put(ns, "coffee", {"text": "I take my coffee with oat milk"})  # the same value again: unchanged
    with Memory(settings=store.settings.model_copy(update={"user": "alice"})) as m:
        active = [i.statement for i in m.list()]
        every = [i.statement for i in m.list(include_all=True)]
    assert active == ["I take my coffee with oat milk"]  # one active version per key
    assert "I take my coffee without sugar" in every  # the old one retired, kept in the history
    store.delete(ns, "coffee")
    assert store.get(ns, "coffee") is None
    store.delete(ns, "coffee")  # deleting twice is a no-op


def test_namespaces_are_users_and_never_cross(store):
    store.put(("memories", "alice"), "k1", {"text": "I live in Lisbon"})
    store.put(("memories", "bob"), "k1", {"text": "My brother Tom lives in Oslo"})
    store.put(("memories", "bob", "work"), "k2", {"text": "I work as a nurse"})
    assert store.get(("memories", "alice"), "k1").value["text"] == "I live in Lisbon"
    assert store.get(("memories", "bob"), "k1").value["text"] == "My brother Tom lives in Oslo"
    assert store.get(("memories", "alice"), "k2") is None
    assert store.get(("memories", "bob"), "k2") is None  # k2 lives in the sub-namespace
    assert store.get(("memories", "bob", "work"), "k2").value["text"] == "I work as a nurse"
    hits = store.search(("memories", "alice"), query="Oslo brother Tom")
    assert all(h.namespace[1] == "alice" for h in hits) and "Oslo" not in str([h.value for h in hits])
    assert [h.key for h in store.search(("memories", "bob", "work"))] == ["k2"]
    assert store.list_namespaces() == [("memories", "alice"), ("memories", "bob"), ("memories", "bob", "work")]
    assert store.list_namespaces(prefix=("memories", "bob")) == [("memories", "bob"), ("memories", "bob", "work")]
    assert store.list_namespaces(suffix=("work",)) == [("memories", "bob", "work")]
    assert store.list_namespaces(max_depth=2) == [("memories", "alice"), ("memories", "bob")]
    assert store.list_namespaces(limit=1, offset=1) == [("memories", "bob")]
    for bad in ((), ("other", "alice"), ("memories",)):
        with pytest.raises(InvalidNamespaceError):
            store.get(bad, "k1")


def test_search_is_memcli_hybrid_retrieval(store):
    ns = ("memories", "carol")
    store.put(ns, "a", {"text": "我对花生过敏", "kind": "health"})
    store.put(ns, "b", {"text": "I play the cello in an orchestra", "kind": "habit"})
    store.put(ns, "c", {"text": "My daughter is called Mia", "kind": "relationship"})
    hits = store.search(ns, query="花生", limit=2)
    assert isinstance(hits[0], SearchItem) and hits[0].key == "a" and 0 < hits[0].score <= 1
    hits = store.search(ns, query="what instrument do I play?", limit=1)
    assert [h.key for h in hits] == ["b"]
    assert [h.key for h in store.search(ns, filter={"kind": "relationship"})] == ["c"]
    assert len(store.search(ns, limit=2)) == 2 and len(store.search(ns, limit=2, offset=2)) == 1


def test_memories_memcli_made_are_found_with_their_id_as_key(store, embedder):
    with Memory(settings=store.settings.model_copy(update={"user": "dan"}), embedder=embedder) as m:
        m.capture("I am allergic to penicillin")
        m.drain()
        item = m.list()[0]
    got = store.get(("memories", "dan"), str(item.id))
    assert got is not None and got.value["text"] == item.statement and got.value["memcli_id"] == item.id
    assert [h.key for h in store.search(("memories", "dan"), query="penicillin")] == [str(item.id)]


def test_async_methods(store):
    async def go() -> None:
        ns = ("memories", "erin")
        await store.aput(ns, "x", {"text": "I collect vintage cameras"})
        got = await store.aget(ns, "x")
        assert got.value["text"] == "I collect vintage cameras"
        hits = await store.asearch(ns, query="cameras")
        assert hits and hits[0].key == "x"
        assert ("memories", "erin") in await store.alist_namespaces()
        await store.adelete(ns, "x")
        assert await store.aget(ns, "x") is None

    asyncio.run(go())
