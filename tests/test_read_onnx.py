"""A sentence-transformers model (all-MiniLM-L6-v2, the default before issue 11) on the read
path without torch: its ONNX export gives the same vectors; a cold `context` process answers
without importing torch. And the same for the default model (USE multilingual v3, numpy only):
a cold `context` process after `memcli warm` has the dense leg and no torch."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from memcli.embed import onnx as ox
from memcli.paths import cache_dir
from memcli.settings import DEFAULT_MODEL, MINILM_MODEL
from memcli.warm import warm

TEXTS = ["我咖啡不加糖", "I take my coffee without sugar", "我妈妈的生日是3月5号", "Python开发 😀",
         "a much longer English sentence about the user's sister who moved to Lyon last spring " * 4, ""]


@pytest.fixture(scope="session")
def minilm():
    from memcli.embed import get_embedder

    return get_embedder(MINILM_MODEL)


@pytest.fixture(scope="session")
def onnx_encoder(minilm):
    warm(MINILM_MODEL)  # export once (cached under the platform cache dir) + jieba table
    return ox.get_onnx_embedder(MINILM_MODEL)


@pytest.fixture
def mini_mem(db_path, minilm):
    from memcli import Memory

    m = Memory(db=str(db_path), user="alice", model=MINILM_MODEL)
    yield m
    m.close()


def test_onnx_matches_sentence_transformers(onnx_encoder, minilm):
    a = onnx_encoder.embed(TEXTS)
    b = minilm.embed(TEXTS)
    assert a.shape == b.shape == (len(TEXTS), 384) and a.dtype == np.float32
    assert np.allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-5)
    cos = (a * b).sum(axis=1)
    assert cos.min() > 0.9999, cos


def test_cache_is_keyed_by_model_path_and_mtime(onnx_encoder):
    p = ox.onnx_path(MINILM_MODEL)
    assert p.exists() and p.parent.parent == cache_dir() and ox.is_exported(MINILM_MODEL)
    assert ox.supported(MINILM_MODEL) and not ox.supported(DEFAULT_MODEL)  # USE needs no export
    assert ox.onnx_path(MINILM_MODEL) == p  # stable


def test_encoder_choice(mini_mem, onnx_encoder):
    from memcli.read.encoder import query_encoder

    mem = mini_mem
    mem.remember("我咖啡不加糖")
    assert query_encoder(mem.encoder, has_deadline=True)[0] == "torch"  # already loaded in this process: use it
    onnx_mem = type(mem)(db=str(mem.store.path), user="alice", query_encoder="onnx", model=MINILM_MODEL)
    try:
        name, loader = query_encoder(onnx_mem.encoder, has_deadline=True)
        assert name == "onnx" and loader() is onnx_encoder
        hits = onnx_mem.search("咖啡", explain=True)
        assert hits.info.encoder == "onnx" and hits[0].explain.cosine is not None
    finally:
        onnx_mem.close()


SCRIPT = """
import json, sys
from memcli.cli import main
sys.argv = ["memcli", "--db", sys.argv[1], "--user", "alice", "context", "咖啡", "--format", "json"]
try:
    main()
finally:
    sys.stderr.write(json.dumps({"torch": "torch" in sys.modules, "st": "sentence_transformers" in sys.modules}))
"""


def test_cold_context_process_never_imports_torch(mini_mem, onnx_encoder, tmp_path):
    mem = mini_mem
    mem.remember("我咖啡不加糖", kind="preference")
    mem.remember("I take my coffee without sugar", kind="preference")
    env = {k: v for k, v in os.environ.items()}
    r = subprocess.run([sys.executable, "-c", SCRIPT, str(mem.store.path)], capture_output=True, text=True,
                       env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    flags = json.loads(r.stderr.strip().splitlines()[-1])
    assert flags == {"torch": False, "st": False}
    out = json.loads(r.stdout)
    # the dense leg ran with ONNX, or (on a very slow machine) was skipped for the budget
    assert out["retrieval"]["encoder"] == "onnx"
    assert out["text"] == "" or "我咖啡不加糖" in out["text"]


def test_cold_context_with_the_default_model(mem, tmp_path):
    """The default model after `memcli warm`: a cold process loads the prepared (memory-
    mapped) encoder, never torch; the block comes back with the dense leg (budget 5 s here:
    timing is bench/bench_models.py's job, not a test's)."""
    warm(DEFAULT_MODEL)
    mem.remember("我咖啡不加糖", kind="preference")
    script = SCRIPT.replace('"--format", "json"]', '"--format", "json", "--budget-ms", "5000"]')
    r = subprocess.run([sys.executable, "-c", script, str(mem.store.path)], capture_output=True, text=True,
                       env=dict(os.environ), timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stderr.strip().splitlines()[-1]) == {"torch": False, "st": False}
    out = json.loads(r.stdout)
    assert out["retrieval"]["encoder"] == f"{DEFAULT_MODEL}-cold" and "dense" in out["retrieval"]["legs_run"]
    assert "我咖啡不加糖" in out["text"]



@pytest.mark.parametrize("backend, expected", [("auto", "OnnxEmbedder"), ("torch", "SentenceTransformerEmbedder")])
def test_write_path_encoder_follows_embed_backend(onnx_encoder, minilm, db_path, monkeypatch, backend, expected):
    """embed_backend=auto: remember/drain embed with the cached ONNX export (fast start);
    the stored vector equals what sentence-transformers gives (cosine > 0.9999)."""
    from memcli import Memory
    from memcli.db import schema as s

    monkeypatch.setenv("MEMCLI_EMBED_BACKEND", backend)
    with Memory(db=str(db_path), user="alice", model=MINILM_MODEL) as m:
        item_id = m.remember("我妈妈的生日是3月5号").item_id
        assert type(m.embedder).__name__ == expected
        blob = m.store.scalar(f"SELECT embedding FROM {s.VEC} WHERE item_id = ?", (item_id,))
    stored = np.frombuffer(blob, dtype="<f4")
    assert float(stored @ minilm.embed_one("我妈妈的生日是3月5号")) > 0.9999


ONE_PROCESS = """
import json, sys
from memcli import Memory
with Memory(db=sys.argv[1], user="alice", model="all-MiniLM-L6-v2") as m:
    m.remember("我咖啡不加糖", kind="preference")
    hits = m.search("咖啡")
    ctx = m.context("咖啡", budget_ms=5000)
print(json.dumps({"torch": "torch" in sys.modules, "st": "sentence_transformers" in sys.modules,
                  "backend": type(m._embedder).__name__, "search_encoder": hits.info.encoder,
                  "search_legs": sorted(hits.info.legs_run), "ctx_legs": sorted(ctx.retrieval["legs_run"]),
                  "degraded": ctx.degraded, "text": ctx.text}))
"""


def test_after_warm_remember_search_context_in_one_process_stay_on_onnx(onnx_encoder, db_path):
    """Issue 12: after `memcli warm`, remember() loads the ONNX embedder; the next search and
    context in the same process must reuse it (no torch import) and keep the dense leg.
    Runs the default backend (not conftest's forced torch) in a fresh process."""
    env = {k: v for k, v in os.environ.items() if k != "MEMCLI_EMBED_BACKEND"}
    r = subprocess.run([sys.executable, "-c", ONE_PROCESS, str(db_path)], capture_output=True, text=True,
                       env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["backend"] == "OnnxEmbedder"
    assert out["torch"] is False and out["st"] is False
    assert out["search_encoder"] == "onnx" and out["search_legs"] == ["dense", "lexical"]
    assert out["ctx_legs"] == ["dense", "lexical"] and out["degraded"] is None
    assert "我咖啡不加糖" in out["text"]
