"""The fast ``context`` path (no typer/click/rich) means exactly what the Typer command means:
same settings, same library call, same output and errors — and it steps aside for the rest."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT, run_cli

from memcli.cli import fast, fast_context


@pytest.fixture
def seeded(mem, db: str) -> str:
    mem.remember("我咖啡不加糖", kind="preference", at="2026-08-18T09:00:00Z")
    mem.remember("我妈妈的生日是3月5号", kind="relationship", at="2026-08-20T09:00:00Z")
    mem.remember("I take my tea with milk", kind="preference", at="2026-08-21T09:00:00Z")
    return db


def _stable(out: str) -> str:
    """JSON output without the figures that differ from run to run (times, the encoder's state)."""
    try:
        data = json.loads(out)
    except ValueError:
        return out
    if isinstance(data, dict):
        data.pop("elapsed_ms", None)
        data.pop("timings_ms", None)  # (wall times, round 43)
        for k in ("timings_ms", "encoder"):
            (data.get("retrieval") or {}).pop(k, None)
    return json.dumps(data, sort_keys=True)


CASES = [
    ["context", "加糖吗"],
    ["context", "加糖吗", "--format", "json", "--budget-ms", "60000"],
    ["context", "how do I take my tea?", "--json", "--budget-ms=60000", "--limit", "3", "--max-tokens", "60"],
    ["context", "咖啡", "--format=messages", "-k", "2", "--lang", "en", "--budget-ms", "60000"],
    ["context", "量子力学的基本原理"],  # nothing relevant: no output, exit 0
    ["context", "   "],  # a blank query: the one-line error
    ["context", "咖啡", "--format", "yaml"],
    ["context", "咖啡", "--lang", "fr", "--budget-ms", "60000"],
    ["context", "咖啡", "--format", "messages", "--json", "--budget-ms", "60000"],
    ["context", "咖啡", "--format", "yaml", "--json"],  # a bad --format is refused with --json too
]


def test_json_with_format_messages_carries_the_messages(seeded: str) -> None:
    """Round 25's new user: `--format messages --json` printed the JSON result with "messages": null
    (--json replaced the format); now the result is built as messages and printed whole."""
    got = run_cli("--db", seeded, "--user", "alice", "context", "咖啡要加糖吗", "--format", "messages", "--json",
                  "--budget-ms", "60000").json()
    assert got["format"] == "messages" and got["messages"][0]["role"] == "system"
    assert got["messages"][0]["content"] == got["text"] and "我咖啡不加糖" in got["text"]


@pytest.mark.parametrize("args", CASES)
def test_fast_context_equals_the_typer_command(seeded: str, monkeypatch: pytest.MonkeyPatch, args: list[str]) -> None:
    base = ["--db", seeded, "--user", "alice"]
    a = run_cli(*base, *args)
    with monkeypatch.context() as m:
        m.setattr(fast, "try_fast", lambda argv: None)  # the Typer app only
        b = run_cli(*base, *args)
    assert (a.exit_code, _stable(a.stdout), a.stderr) == (b.exit_code, _stable(b.stdout), b.stderr)


@pytest.mark.parametrize("argv", [
    ["context", "q", "-v"], ["-v", "context", "q"], ["context", "-"], ["context", "q", "--system", "p.txt"],
    ["context", "q", "--history", "h.json"], ["--model", "e5", "context", "q"], ["context", "q", "--limit", "0"],
    ["context", "q", "--limit", "101"], ["context", "q", "--budget-ms", "x"], ["context", "q", "--lang", "zh", "--lang",
                                                                                 "en"],
    ["context"], ["context", "a", "b"], ["context", "--help"], ["search", "context"], ["capture", "context"],
    ["-u=bob", "context", "q"], ["context", "q", "--lang", "-x"],
])
def test_everything_else_goes_to_the_typer_app(argv: list[str]) -> None:
    with pytest.raises(fast_context._Fallback):
        fast_context._parse(argv)


def test_a_context_process_imports_no_cli_framework(seeded: str) -> None:
    code = ("import sys\nfrom memcli.cli import main\n"
            f"sys.argv = ['memcli', '--db', {seeded!r}, '--user', 'alice', 'context', '加糖吗',\n"
            "            '--budget-ms', '60000']\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'typer', 'click', 'rich'}), file=sys.stderr)")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=Path(ROOT),
                       timeout=300)
    assert "我咖啡不加糖" in r.stdout
    assert r.stderr.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize("fast_path", [True, False])
def test_an_empty_block_the_budget_cut_short_says_so_on_stderr(seeded: str, monkeypatch: pytest.MonkeyPatch,
                                                               fast_path: bool) -> None:
    """A caller of the text form can tell "nothing relevant" (no output at all) from "ran out of
    time" (one note on stderr, stdout still empty, exit 0); ``--json`` carries it in its fields."""
    base = ["--db", seeded, "--user", "alice"]
    from memcli.read import context as context_mod

    assemble = context_mod.assemble

    def slow(*a, **kw):  # noqa: ANN002, ANN003, ANN202 - a warm process's lexical block fits 1 ms (round 43 keeps it)
        time.sleep(0.01)
        return assemble(*a, **kw)

    with monkeypatch.context() as m:
        if not fast_path:
            m.setattr(fast, "try_fast", lambda argv: None)
        m.setattr(context_mod, "assemble", slow)
        short = run_cli(*base, "context", "how do I take my tea?", "--budget-ms", "1")
        nothing = run_cli(*base, "context", "量子力学的基本原理", "--budget-ms", "60000")
        verbose = run_cli(*base, "context", "how do I take my tea?", "--budget-ms", "1", "-v")
    assert (short.exit_code, short.stdout) == (0, "")
    assert short.stderr.startswith("memcli: note: no memory block, and the time budget cut the search short")
    assert "--budget-ms" in short.stderr and short.stderr.count("\n") == 1
    assert (nothing.exit_code, nothing.stdout, nothing.stderr) == (0, "", "")
    assert "memcli: note" not in verbose.stderr and "budget exceeded" in verbose.stderr


@pytest.mark.parametrize("fast_path", [True, False])
def test_an_empty_block_for_want_of_tokens_says_so_on_stderr(seeded: str, monkeypatch: pytest.MonkeyPatch,
                                                             fast_path: bool) -> None:
    """--max-tokens below the block's frame (71 tokens in English) left a relevant memory out with no
    word at all, as if nothing were relevant; now one note says what was left out and what to raise."""
    base = ["--db", seeded, "--user", "alice"]
    with monkeypatch.context() as m:
        if not fast_path:
            m.setattr(fast, "try_fast", lambda argv: None)
        tight = run_cli(*base, "context", "how do I take my tea?", "--max-tokens", "60", "--budget-ms", "60000")
        roomy = run_cli(*base, "context", "how do I take my tea?", "--max-tokens", "400", "--budget-ms", "60000")
    assert (tight.exit_code, tight.stdout) == (0, "")
    assert tight.stderr == ("memcli: note: no memory block, though 1 relevant memory was found: max_tokens 60 leaves "
                            "no room inside the block frame (71 tokens); raise --max-tokens\n")
    assert "I take my tea with milk" in roomy.stdout and roomy.stderr == ""
