"""Round 28's new user, three rough edges: a correction that differs only in spacing is the text the
memory already says (nothing written); ``drain --max-seconds 0`` is refused and a budget that stops a
drain says how many tasks wait; ``context --system FILE`` drops the file's final newline. Each on the
library, the CLI and the tools; HTTP in test_service.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli
from test_bad_input import assert_error, snapshot

from memcli.errors import BadInputError
from memcli.text import same_text
from memcli.tools import call_tool

pytestmark = pytest.mark.backends

SPACED = ["My cousin  teaches chemistry in Porto", "My cousin\u3000teaches chemistry in Porto",
          "  My cousin teaches chemistry in Porto \n", "My cousin\tteaches  chemistry\nin Porto"]


def test_same_text_reads_spacing_alone_as_no_change() -> None:
    for spaced in SPACED:
        assert same_text(spaced, "My cousin teaches chemistry in Porto"), spaced
    for changed in ("my cousin teaches chemistry in Porto", "My cousin teaches chemistry in Porto.",
                    "My cousin teaches chemistry inPorto", "My cousin teaches chemistry in Porto!"):
        assert not same_text(changed, "My cousin teaches chemistry in Porto"), changed
    assert same_text("我表哥在波尔图　教化学", "我表哥在波尔图 教化学")
    assert not same_text("我表哥在波尔图教化学", "我表哥在波尔图 教化学")  # a space put in is a change


def test_a_correction_differing_only_in_spacing_writes_nothing(mem) -> None:
    first = mem.remember("My cousin teaches chemistry in Porto").item_id
    before = (len(mem.list(include_all=True)), len(mem.history(first)["events"]), mem.stats()["sources"])
    for spaced in SPACED:
        same = mem.correct(first, spaced)
        assert (same.id, same.status, same.statement) == (first, "active", "My cousin teaches chemistry in Porto")
        assert call_tool(mem, "correct", {"id": first, "text": spaced})["unchanged"] is True
    assert (len(mem.list(include_all=True)), len(mem.history(first)["events"]), mem.stats()["sources"]) == before
    # case is a change: a new version
    new = mem.correct(first, "My cousin teaches Chemistry in Porto")
    assert new.id != first and mem.show(first).superseded_by_id == new.id


def test_cli_correct_spacing_only_and_drain_budget(db_path: Path, backend: str, tmp_path: Path) -> None:
    if backend != "sqlite":
        pytest.skip("the CLI's surface; the store is the library's, tested on both backends above")
    base = ("--db", str(db_path), "--user", "alice")
    assert run_cli(*base, "remember", "我每天早上喝绿茶").exit_code == 0
    before = snapshot(db_path)
    r = run_cli(*base, "correct", "1", "-", input="我每天早上喝绿茶\n")
    assert (r.exit_code, r.stdout, r.stderr) == (0, "", "nothing changed: #1 already says that\n")
    r = run_cli(*base, "correct", "1", "I drink  green tea\u3000every morning")
    assert r.exit_code == 0 and r.stderr == "corrected #1 → #2 (confidence 1.0)\n"
    r = run_cli(*base, "correct", "2", "I drink green tea every morning\n")
    assert r.stderr == "nothing changed: #2 already says that\n"
    for text in ("我周末去爬山", "我养了一只猫", "我在学日语"):
        assert run_cli(*base, "capture", text).exit_code == 0
    before = snapshot(db_path)
    msg = assert_error(run_cli(*base, "drain", "--max-seconds", "0"), 2)
    assert msg == "max_seconds (--max-seconds): 0 drains nothing; give more than 0 (or leave it out: no limit)"
    assert snapshot(db_path) == before  # nothing claimed
    r = run_cli(*base, "drain", "--limit", "1")
    assert r.exit_code == 0 and r.stderr.startswith("drained 1/1 task(s)"), r.stderr
    assert r.stderr.endswith("\n2 task(s) still waiting in the outbox; run `memcli drain` again to go on\n")
    assert run_cli(*base, "drain", "--limit", "1", "--json").json()["waiting"] == 1
    r = run_cli(*base, "drain", "--max-seconds", "600")
    assert r.exit_code == 0 and "still waiting" not in r.stderr and r.stderr.count("\n") == 1, r.stderr
    # --system: the file's final newline ends its last line, it is not part of the prompt
    for body in ("Answer briefly.\n", "Answer briefly.\r\n", "Answer briefly."):
        (tmp_path / "sys.txt").write_bytes(body.encode())
        r = run_cli(*base, "context", "thanks", "--format", "messages", "--system", str(tmp_path / "sys.txt"))
        assert r.json() == [{"role": "system", "content": "Answer briefly."}], (body, r.stdout)
    (tmp_path / "sys.txt").write_text("Answer briefly.\n\nUse metric units.\n\n", encoding="utf-8")
    r = run_cli(*base, "context", "thanks", "--format", "messages", "--system", str(tmp_path / "sys.txt"))
    assert r.json()[0]["content"] == "Answer briefly.\n\nUse metric units.\n"  # one final newline, no more


def test_the_library_refuses_a_zero_drain_budget_and_counts_what_a_budget_left(mem) -> None:
    for text in ("I started learning the violin", "My dog is called Pepper", "I work night shifts"):
        mem.capture(text)
    with pytest.raises(BadInputError, match=r"^max_seconds: 0 drains nothing; give more than 0"):
        mem.drain(max_seconds=0)
    assert mem.outbox_status().counts["pending"] == 3
    s = mem.drain(limit=2)
    assert (s.done, s.waiting) == (2, 1)
    assert mem.drain().waiting is None  # no budget, no limit: it ran until the outbox was empty
    mem.capture("I moved to Ghent")
    s = mem.drain(max_seconds=600)
    assert (s.done, s.waiting) == (1, 0)


def test_the_library_takes_a_system_prompt_as_given(mem) -> None:
    res = mem.context("thanks", fmt="messages", system="Answer briefly.\n")
    assert res.messages[0] == {"role": "system", "content": "Answer briefly.\n"}
