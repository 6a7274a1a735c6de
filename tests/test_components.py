"""Components take their dependencies and are built once; an in-memory store; the fake embedder;
named settings choices checked at load time. Validation only: no real model is loaded here."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

from memcli import ConfigError, Memory
from memcli.db.store import MemoryStore
from memcli.settings import load_settings
from memcli.timeutil import now_utc


def test_fake_embedder_is_deterministic_and_normalised(fake_embedder):
    a = fake_embedder.embed(["我咖啡不加糖", "I take my coffee without sugar", "我咖啡不加糖"])
    assert a.shape == (3, 384) and a.dtype == np.float32
    assert np.allclose(np.linalg.norm(a, axis=1), 1.0) and np.array_equal(a[0], a[2])
    assert float(a[0] @ a[1]) < 0.5


def test_in_memory_store_is_a_memory_store_and_its_reader_sees_the_data(memory_store):
    assert isinstance(memory_store, MemoryStore) and memory_store.location == ":memory:"
    now = now_utc()
    row = memory_store.capture("alice", role="user", session=None, content="I live in Paris", occurred_at=now,
                               key="k1", now=now)
    reader = memory_store.reader()
    try:
        assert reader.outbox_counts("alice")["pending"] == 1 and reader.count_sources("alice") == 1
        assert memory_store.schema_version() == reader.schema_version() >= 1
    finally:
        reader.close()
    assert not row.duplicate


def test_memory_builds_its_components_once_on_one_store(fake_mem):
    r = fake_mem.remember("I take my coffee without sugar", kind="preference")
    assert fake_mem.retrieval is fake_mem.retrieval and fake_mem.encoder is fake_mem.retrieval.encoder
    assert fake_mem.retrieval.store is fake_mem.store and fake_mem.context_builder.retrieval is fake_mem.retrieval
    hits = fake_mem.search("coffee sugar")
    assert [h.id for h in hits] == [r.item_id] and hits.info.encoder == "fake-embedder"
    first = fake_mem.context("coffee", budget_ms=5000)
    reader = fake_mem.context_builder._idle
    second = fake_mem.context("coffee", budget_ms=5000)
    assert reader is not None and fake_mem.context_builder._idle is reader  # the reader is reused
    assert "I take my coffee without sugar" in first.text and second.text == first.text
    assert fake_mem.worker is fake_mem.worker and fake_mem.drain().claimed == 0


def test_facade_methods_have_real_signatures():
    for name in ("search", "context", "drain"):
        sig = inspect.signature(getattr(Memory, name))
        assert not [p for p in sig.parameters.values() if p.kind is p.VAR_KEYWORD], name
        assert sig.return_annotation not in (inspect.Signature.empty, "Any"), name


@pytest.mark.parametrize("field, value, expect", [
    ("query_encoder", "gpu", "unknown query encoder 'gpu'; expected auto, onnx or torch"),
    ("extractor", "magic", "unknown extractor 'magic'; expected fitted, rules or llm"),
    ("judge", "coin", "unknown judge 'coin'; expected auto, fitted, offline or llm"),
    ("embed_backend", "tpu", "invalid setting embed_backend"),
])
def test_named_choices_are_checked_when_settings_load(field, value, expect, monkeypatch):
    with pytest.raises(ConfigError, match=expect.replace("(", r"\(")):
        load_settings(**{field: value})
    monkeypatch.setenv(f"MEMCLI_{field.upper()}", value)
    with pytest.raises(ConfigError, match=expect.split(";")[0]):
        Memory(db=":memory:", user="alice")


def test_backend_names_are_settings_overrides(fake_embedder):
    with Memory(db=":memory:", user="alice", embedder=fake_embedder, judge="offline", extractor="rules") as m:
        assert (m.settings.judge, m.settings.extractor) == ("offline", "rules")
        assert m.worker.judge.name == "offline" and m.worker.extraction.name == "rules"


def test_the_context_reader_never_loads_the_vector_cache(memory_store):
    """Loading a user's in-process vector copy happens on a store's second search; on the
    context builder's reader that would be inside the budget, so the reader always uses vec0."""
    reader = memory_store.reader()
    try:
        q = np.ones(4, dtype=np.float32) / 2
        assert [reader.vector_cache.knn("alice", q, 5, None) for _ in range(3)] == [None, None, None]
    finally:
        reader.close()
