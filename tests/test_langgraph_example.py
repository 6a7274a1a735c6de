"""examples/langgraph_agent.py runs offline with the real langgraph and the real model."""

from __future__ import annotations

import runpy

import pytest

pytest.importorskip("langgraph", reason="pip install 'memcli[langgraph]'")

from conftest import ROOT  # noqa: E402

EXAMPLE = ROOT / "examples" / "langgraph_agent.py"


def test_the_graph_reads_the_block_and_captures_the_turn(embedder, monkeypatch, capsys):
    monkeypatch.setenv("MEMCLI_BUDGET_MS", "60000")  # a loaded test machine must not drop the block
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    lines = capsys.readouterr().out.splitlines()
    assert lines[0::3] == ["user: 我咖啡不加糖", "user: My sister lives in Lyon", "user: 咖啡要加糖吗？"]
    assert lines[1:3] == ["assistant: (2 messages; top memory: none)", "block: none"]  # nothing known yet
    assert lines[7:9] == ["assistant: (3 messages; top memory: 我咖啡不加糖)", "block: yes"]  # the first turn, drained
    from memcli import Memory

    with Memory(user="alice") as mem:
        assert sorted(i.statement for i in mem.list()) == ["My sister lives in Lyon", "我咖啡不加糖"]
        assert mem.outbox_status().counts["done"] == 6  # three user turns and the three replies (role assistant)
