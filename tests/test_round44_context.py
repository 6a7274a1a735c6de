"""Round 44: ``context`` under load, and a library's first call.

- A worker abandoned at its call's deadline stops at its next store step: it assembles no block nobody will read
  and gives its reader connection back, instead of computing beside the next call.
- A library process starts loading the read path (and the query encoder, when it loads without torch) on a thread
  when it opens its first Memory on a store, so its first ``context`` finds it loaded without ``warm()``; the CLI,
  one command a process, does not; ``memcli serve``'s warm-up leaves no read-path pattern to compile.

Own sentences, one real store (default model) for the file; the fresh-process cases run in two processes at once.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from memcli import Memory
from memcli.read import context as context_mod
from memcli.read import past_facts

ROOT = Path(__file__).resolve().parents[1]
FACTS = ["My daughter Lena plays the cello", "I keep bees in the back garden", "我每周三晚上去游泳"]

OPENED = """
import json, sys, time
import memcli.memory_warm as warm
from memcli import Memory
import memcli.embed.use  # (binds the real is_prepared: the model loads unprepared, as its encoder reads it)
from memcli.embed import is_loaded, use_prepared
use_prepared.is_prepared = lambda: True  # the warm-up reads it as after `memcli warm`
out = {"before": "memcli.read.context" in sys.modules}
Memory(":memory:", user="u1").close()
Memory(sys.argv[1], user="u1", read_threads=False).close()
out["not_started"] = [t.name for t in warm._started]  # an in-memory store and `memcli serve`'s settings: none
mem = Memory(sys.argv[1], user="u1")
Memory(sys.argv[1], user="u2").close()  # once a process
out["threads"] = [t.name for t in warm._started]
warm._started[0].join(120)
from memcli.relazy import compile_for
out["left_to_compile"] = compile_for(None)
out["encoder_loaded"] = is_loaded(mem.settings.model)
r = mem.context("What instrument does Lena play?", budget_ms=60000, fmt="json")
out["text"], out["encoder"] = r.text, r.retrieval["encoder"]
print(json.dumps(out))
"""

CLI = """
import json, sys
import memcli.memory_warm as warm
sys.argv = ["memcli", "--db", sys.argv[1], "--user", "u1", "list", "--json"]
from memcli.cli import run
try:
    run()
except SystemExit:
    pass
sys.stdout.flush()
print(json.dumps({"threads": [t.name for t in warm._started], "on_open": warm.WARM_ON_OPEN}), file=sys.stderr)
"""

@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory, embedder) -> str:  # noqa: ARG001 - the model, loaded once
    db = str(tmp_path_factory.mktemp("ctx44") / "m.db")
    with Memory(db=db, user="u1") as m:
        for text in FACTS:
            m.remember(text)
    return db


@pytest.fixture(scope="module")
def fresh(store: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """The two new processes' outputs (started together)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MEMCLI_CONFIG": str(tmp_path_factory.mktemp("cfg") / "none.toml")}
    procs = {name: subprocess.Popen([sys.executable, "-c", code, store], stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True, env=env)
             for name, code in (("opened", OPENED), ("cli", CLI))}
    out = {}
    for name, p in procs.items():
        stdout, stderr = p.communicate(timeout=300)
        assert p.returncode == 0, stderr
        out[name] = json.loads(stderr.strip().splitlines()[-1] if name == "cli" else stdout)
    return out


def test_a_library_process_loads_the_read_path_when_it_opens_a_memory(fresh: dict[str, dict]) -> None:
    out = fresh["opened"]
    assert out["before"] is False and out["not_started"] == [] and out["threads"] == ["memcli-warm-up"]
    assert out["left_to_compile"] == 0  # every read-path pattern of both languages compiled before any call
    # the query encoder too when it loads without torch (the default model once `memcli warm` prepared it): the
    # first call uses the loaded model, where it used to load it inside its budget ("…-cold")
    assert out["encoder_loaded"] is True and out["encoder"] == "use-multilingual-v3"
    assert "Lena plays the cello" in out["text"]


def test_the_cli_warms_nothing_and_the_service_leaves_no_pattern_to_compile(fresh: dict[str, dict], embedder) -> None:
    assert fresh["cli"] == {"threads": [], "on_open": False}  # one command a process: no thread for a `list`
    from memcli import relazy
    from memcli.service.pool import warm
    from memcli.settings import load_settings

    for _, pattern in list(relazy._MADE):  # as in a new process: no lazy pattern compiled yet
        pattern.__dict__.pop("_compiled", None)
    warm(load_settings(read_threads=False), embedder)
    assert relazy.compile_for(None) == 0  # a first Chinese request compiles no pattern of the read path


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch):
    """Retrieval held after its ranking until the test releases it (as a rank that misses the deadline is); the
    blocks assembled, counted."""
    release, assembled = threading.Event(), []
    finish, fill = past_facts.finish, context_mod.fill_block

    def stuck(*a, **kw):  # noqa: ANN002, ANN003, ANN202
        release.wait(30)
        return finish(*a, **kw)

    def counted(res, hits, *a, **kw):  # noqa: ANN001, ANN002, ANN003, ANN202
        assembled.append(bool(hits.info.lexical_only_fallback))
        return fill(res, hits, *a, **kw)

    monkeypatch.setattr(past_facts, "finish", stuck)
    monkeypatch.setattr(context_mod, "fill_block", counted)
    yield release, assembled
    release.set()


def test_an_abandoned_worker_stops_at_its_next_step_and_gives_its_reader_back(store: str, held) -> None:
    release, assembled = held
    with Memory(db=store, user="u1") as mem:
        builder = mem.context_builder
        r = mem.context("Where do I keep bees?", budget_ms=600, fmt="json")
        assert "bees in the back garden" in r.text and r.degraded  # the lexical block, ready in time
        assert sum(r.timings_ms.values()) <= 600
        assert builder._idle is None  # the worker still holds its reader
        release.set()
        end = time.monotonic() + 20
        while builder._idle is None and time.monotonic() < end:
            time.sleep(0.01)
        assert builder._idle is not None  # given back once the worker stopped
        # the worker stopped at its first store step after the hold: the whole block, which nobody would read,
        # was never assembled (before round 44 it was, beside whatever call came next)
        assert assembled == [True]
        r = mem.context("Where do I keep bees?", budget_ms=60000)  # the reader given back serves the next call
        assert "bees in the back garden" in r.text
