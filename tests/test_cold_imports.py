"""A cold ``memcli context`` process loads only what the command uses (issue #24, cold start).

Run in a new process (the test session has everything imported already), so each check can
fail honestly: no CLI framework (typer, click, rich, markdown-it), no pydantic-settings (nor the
asyncio it pulled in: memcli.settings_sources resolves the sources), no Snowball stemmer but the
English one, no config-file helpers without a config file, not the threshold fitting
(memcli.calibrate) for the stale-calibration check, and the patterns of paths the command did
not take (secrets, named people, hedges, the split of a remembered text) not compiled, no scan
of the installed distributions for pydantic plugins, and numpy's OpenBLAS with one thread. The
collector the fast path turns off for its run is on again, and the environment as it was, when
main() returns to a caller.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

PROBE = """
import gc, json, os, sys
import importlib.metadata as md
scanned, entry_points = [], md.entry_points
md.entry_points = lambda **kw: scanned.append(kw.get("group")) or entry_points(**kw)  # before pydantic binds it
sys.argv = ["memcli", "--db", sys.argv[1], "--user", "u", "context", "where does my sister live"]
from memcli.cli import main
code = 0
try:
    main()
except SystemExit as exc:
    code = exc.code or 0
from memcli.text import word_form
stem = word_form("painting")  # the English stemmer, as the lexical leg loads it
import importlib
never_run = {"memcli.sensitive": ("_EN_SECRET", "_ZH_SECRET", "_CONFIDE", "_DIGITS"),  # secrets: the write path's
             "memcli.governance.confidence": ("_HEDGE",), "memcli.write.split": ("_EN_SUBJECT", "_EN_JOINED",
                                                                                 "_ZH_SENTENCE_END")}
from memcli.read.context import ContextResult
from memcli.read.results import Hit, RetrievalInfo
from memcli.settings import Settings
built = [c.__name__ for c in (Settings, Hit, RetrievalInfo, ContextResult) if c.__pydantic_complete__]
from threadpoolctl import threadpool_info
blas = [i["num_threads"] for i in threadpool_info() if i["internal_api"] == "openblas"]
lazy = [f"{m}.{n}" for m, names in never_run.items() for n in names  # a re.Pattern has no __dict__: compiled
        if "_compiled" in getattr(getattr(importlib.import_module(m), n), "__dict__", {"_compiled": 1})]
from memcli.read import request
ahead = {n: "_compiled" in getattr(request, n).__dict__ for n in ("_TASK_EN", "_TASK_ZH")}  # round 43: prepare
print(json.dumps({"code": code, "stem": stem, "mods": sorted(sys.modules), "compiled": lazy, "gc": gc.isenabled(),
                  "ahead": ahead,
                  "scanned": scanned, "plugins_env": os.environ.get("PYDANTIC_DISABLE_PLUGINS"), "built": built,
                  "blas": blas, "blas_env": os.environ.get("OPENBLAS_NUM_THREADS")}))
"""


def test_a_cold_context_loads_only_what_it_uses(tmp_path) -> None:  # noqa: ANN001
    env = {**os.environ, "MEMCLI_CONFIG": str(tmp_path / "no-config.toml")}
    for name in ("PYDANTIC_DISABLE_PLUGINS", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MEMCLI_EMBED_THREADS"):
        env.pop(name, None)
    env.pop("MEMCLI_EMBED_BACKEND", None)  # (conftest's, for sentence-transformers models) a setting: validated
    p = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "m.db")],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        env=env,
    )
    assert p.returncode == 0, p.stderr[-2000:]
    out = json.loads(p.stdout.strip().splitlines()[-1])
    assert out["code"] == 0 and out["stem"] == "paint"
    mods = set(out["mods"])
    assert "memcli.read.context" in mods  # the command did run its read path
    assert not {
        m
        for m in mods
        if m.split(".")[0]
        in ("typer", "click", "rich", "markdown_it", "snowballstemmer", "pydantic_settings", "asyncio", "dotenv")
    }
    assert {m.rsplit(".", 1)[-1] for m in mods if m.endswith("_stemmer")} == {"english_stemmer"}
    assert not {"difflib", "tomllib"} & mods  # no config file to read or to check keys of
    assert "memcli.calibrate" not in mods  # the stale-calibration check is memcli.settings'
    assert out["compiled"] == []
    # the read path's patterns the English query could use were compiled before the clock, not the Chinese ones
    # (MemoryContextBuilder.prepare, round 43)
    assert out["ahead"] == {"_TASK_EN": True, "_TASK_ZH": False}
    assert out["gc"] is True
    # pydantic built its models without scanning every distribution for plugins (its public switch),
    # and the environment is as it was once main() returns
    assert "pydantic" not in out["scanned"] and out["plugins_env"] is None
    # and built no validator or serializer at all: the settings from quick_settings, the results made
    # with model_construct and written with results.plain (issue 24, round 18)
    assert out["built"] == []
    # numpy's OpenBLAS started one thread, not one per core that spins beside the query (round 19),
    # and the variable is gone again once main() returns
    assert out["blas"] == [1] and out["blas_env"] is None
