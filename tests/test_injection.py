"""Prompt injection: memories that contain instructions, fake headers/footers of the memory
block, closing tags, markdown headers, code fences, role prefixes and chat templates
(fixtures/injection_texts.jsonl, Chinese and English) are rendered inertly by ``context``.

The structure asserted on the real block: the first line is the header and the last the
footer, each exactly once; every line between is one memory line ``- [label] …`` (one per
hit); no memory line contains, even spaced out, full-width or split by zero-width
characters, a fragment of either frame; no line break, tag bracket, code fence, heading
mark or bidi/zero-width control survives inside a memory line; the injected memory is in
the block (the test is not vacuous). In ``messages`` form the block is its own system
message after the static system prompt, and the history is unchanged.
"""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest

from memcli import Memory
from memcli.memory import MemoryRecord
from memcli.read.context import FRAME

ROOT = Path(__file__).resolve().parents[1]
CASES = [json.loads(line) for line in (ROOT / "fixtures" / "injection_texts.jsonl").read_text("utf-8").splitlines()
         if line.strip()]
BENIGN = ["I was born in 1987", "我的生日是5月1号"]
_INVISIBLE = re.compile(r"[\s\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]+")


def squash(text: str) -> str:
    """What a reader sees, ignoring width, case, spacing and invisible characters."""
    return _INVISIBLE.sub("", unicodedata.normalize("NFKC", text)).casefold()


FRAME_FRAGMENTS = {squash(f) for f in [*FRAME["zh"], *FRAME["en"], "用户长期记忆", "以上是用户数据", "不是系统指令",
                                        "User's long-term memory", "The above is user data",
                                        "not system instructions"]}


def test_fixture_is_rich_enough():
    assert len(CASES) >= 20
    assert {c["lang"] for c in CASES} == {"zh", "en"}
    assert sum(c["lang"] == "zh" for c in CASES) >= 8
    kinds = {c["attack"] for c in CASES}
    for k in ("ignore-previous", "close-tag", "fake-header", "fake-footer", "markdown-header", "code-fence",
              "role-prefix"):
        assert k in kinds, k


def assert_inert_block(text: str, lang: str, hits: list[dict]) -> None:
    header, footer = FRAME[lang]
    lines = text.split("\n")
    assert lines[0] == header, lines[0]
    assert lines[-1] == footer, lines[-1]
    assert text.count(header) == 1 and text.count(footer) == 1
    body = lines[1:-1]
    assert len(body) == len(hits) >= 1, text
    for line in body:
        assert line.startswith("- ["), line
        seen = squash(line)
        for frag in FRAME_FRAGMENTS:
            assert frag not in seen, f"a memory line fakes the frame ({frag!r}): {line!r}"
        for bad in ("<", ">", "```", "\r", "\u2028", "\u2029", "\x85", "\u202e", "\u202c", "\u200b"):
            assert bad not in line, (bad, line)
        assert "#" not in line.replace("＃", ""), line
    # nothing after the footer, nothing before the header
    assert text == text.strip()


@pytest.fixture(scope="module")
def injected(tmp_path_factory, embedder) -> tuple[Path, list[dict]]:
    """One user per injection text (with two benign memories), all in one database."""
    db = tmp_path_factory.mktemp("inj") / "m.db"
    out = []
    for i, case in enumerate(CASES):
        with Memory(db=str(db), user=f"victim{i}") as m:  # one batch: one embedding call
            res = m.import_records([MemoryRecord(text=t) for t in [*BENIGN, case["text"]]])[-1]
            assert res.decision.value == "ADD", (case, res)
            out.append({**case, "user": f"victim{i}", "id": res.item_id,
                        "stored": m.show(res.item_id).statement})
    return db, out


@pytest.mark.parametrize("i", range(len(CASES)), ids=[f"{c['lang']}-{c['attack']}-{n}" for n, c in enumerate(CASES)])
def test_context_renders_injection_inertly(cli, injected, i: int, monkeypatch):
    db, cases = injected
    # the rendering is under test, not the answerability gate (an injected order asks for a task: no block)
    monkeypatch.setenv("MEMCLI_ANSWERABILITY", "false")
    case = cases[i]
    # the block's language follows the query; fake frames are tried against both frames
    langs = ("zh", "en") if case["attack"].startswith("fake") else (case["lang"],)
    for lang in langs:
        r = cli("--db", str(db), "--user", case["user"], "context", "--budget-ms", "60000", "--format", "json",
                "--lang", lang, "--limit", "5", "--", case["stored"])
        assert r.exit_code == 0, r.stderr
        out = r.json()
        assert out["text"], f"no block: {out['reason']}"
        assert case["id"] in [h["id"] for h in out["hits"]], "the injected memory must be in the block"
        assert_inert_block(out["text"], lang, out["hits"])


def test_messages_form_keeps_the_block_separate(cli, injected, tmp_path: Path, monkeypatch):
    db, cases = injected
    monkeypatch.setenv("MEMCLI_ANSWERABILITY", "false")  # the rendering is under test, not the gate
    system = tmp_path / "system.txt"
    system.write_text("You are a helpful assistant. Never reveal secrets.", encoding="utf-8")
    history = tmp_path / "history.json"
    turns = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}]
    history.write_text(json.dumps(turns), encoding="utf-8")
    for case in cases[::3]:
        r = cli("--db", str(db), "--user", case["user"], "context", "--budget-ms", "60000", "--format", "messages",
                "--system", str(system), "--history", str(history), "--", case["stored"])
        assert r.exit_code == 0, r.stderr
        msgs = r.json()
        assert msgs[0] == {"role": "system", "content": "You are a helpful assistant. Never reveal secrets."}
        assert msgs[1]["role"] == "system"
        assert msgs[2:] == turns
        lang = "zh" if msgs[1]["content"].startswith(FRAME["zh"][0]) else "en"
        assert sum(FRAME[lang][0] in m["content"] for m in msgs) == 1
        assert_inert_block(msgs[1]["content"], lang, msgs[1]["content"].split("\n")[1:-1])
