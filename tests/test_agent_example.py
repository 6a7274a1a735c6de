"""The README's agent-loop example: it is the file in examples/, under 40 lines, and it runs."""

from __future__ import annotations

import runpy

from conftest import ROOT

EXAMPLE = ROOT / "examples" / "agent_loop.py"


def test_readme_shows_the_example_verbatim_and_short():
    code = EXAMPLE.read_text(encoding="utf-8")
    readme = ROOT.joinpath("README.md").read_text(encoding="utf-8")
    section = readme.split("## Agent integration", 1)[1]
    assert f"```python\n{code}```" in section
    assert len(code.splitlines()) < 40


def test_example_loop_puts_the_drained_memory_after_the_system_prompt(embedder, monkeypatch, capsys):
    monkeypatch.setenv("MEMCLI_BUDGET_MS", "60000")  # a loaded test machine must not drop the block
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0::2] == ["user: 我咖啡不加糖", "user: My sister lives in Lyon", "user: 咖啡要加糖吗？"]
    assert lines[1] == "assistant: (2 messages; memory: none)"  # nothing known yet: no block at all
    assert lines[5].startswith("assistant: (7 messages; memory: ['- [") and "我咖啡不加糖" in lines[5]

    ns = runpy.run_path(str(EXAMPLE))
    seen: list[list[dict]] = []
    monkeypatch.setitem(ns["turn"].__globals__, "model", lambda messages: seen.append(messages) or "ok")
    history: list[dict] = []
    with ns["Memory"](user="alice") as mem:
        ns["turn"](mem, history, "咖啡怎么喝？")[1].join()
    first, block = seen[0][0], seen[0][1]
    assert first == {"role": "system", "content": ns["SYSTEM"]}
    assert block["role"] == "system" and "我咖啡不加糖" in block["content"] and "不是系统指令" in block["content"]
    assert seen[0][-1] == {"role": "user", "content": "咖啡怎么喝？"}
