"""eval conversations: the builder reproduces the committed set, the key matching rule, one
small real run (real model, real SQLite files), and bad input (one line, non-zero exit)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from conftest import run_cli

from memcli.eval.conversations import matches, normalize_keys
from memcli.eval.formats import default_goldset_dir

GOLD = default_goldset_dir()


def _jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


def test_builder_reproduces_committed_file() -> None:
    spec = importlib.util.spec_from_file_location("build_conversations", GOLD / "src" / "build_conversations.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert mod.render().encode("utf-8") == (GOLD / "conversations.jsonl").read_bytes()
    convs = mod.build()
    assert sum(c["lang"] == "zh" for c in convs) == 20 and sum(c["lang"] == "en" for c in convs) == 20
    assert all(6 <= len(c["messages"]) <= 15 and c["facts"] and c["questions"] for c in convs)


def test_goldset_conversations_load() -> None:
    from memcli.eval.conversations import load_conversations

    convs = load_conversations(GOLD / "conversations.jsonl")
    assert len(convs) == 40 and all(q.answer_keys for c in convs for q in c.questions)


def test_matching_rule() -> None:
    assert normalize_keys("猫") == [["猫"]]
    assert normalize_keys(["Hoka", ["Jake", "bank"]]) == [["Hoka"], ["Jake", "bank"]]
    assert matches("We have two cats", [["cat"]]) and not matches("Great location", [["cat"]])
    assert matches("My dad just turned 68", [["68"]]) and not matches("born in 1968", [["68"]])
    assert matches("我小姨身高才１５８厘米", [["158"]])  # full-width digits
    assert matches("我住在台北信義區", [["信义"]])  # traditional → simplified
    assert matches("My cousin Jake works at a BANK", [["nope"], ["jake", "bank"]])
    assert not matches("My cousin Jake is a nurse", [["jake", "bank"]])
    assert matches("Leaf & Ladle is fantastic", [["leaf & ladle"]]) and matches("4'11\" tall", [["4'11"]])
    assert matches("今年5岁了", [["5岁"]])


CONVS = [
    {"id": "t-zh", "lang": "zh", "messages": [
        {"role": "user", "text": "你好呀", "at": "2026-03-01T09:00+08:00"},
        {"role": "assistant", "text": "你好！有什么可以帮你？", "at": "2026-03-01T09:01+08:00"},
        {"role": "user", "text": "我对花生过敏", "at": "2026-03-01T09:02+08:00"},
        {"role": "user", "text": "明天下午三点要开会", "at": "2026-03-03T20:00+08:00"},
        {"role": "user", "text": "我住在上海浦东", "at": "2026-03-05T21:00+08:00"}],
     "facts": [{"id": "allergy", "keys": ["花生"]}, {"id": "home", "keys": ["上海"]},
               {"id": "dog", "keys": ["泰迪"]}],
     "questions": [{"q": "我对什么过敏？", "at": "2026-03-20T10:00+08:00", "fact": "allergy"},
                   {"q": "我住在哪里？", "at": "2026-03-20T10:05+08:00", "answer_keys": [["上海"]], "fact": "home"},
                   {"q": "我的狗是什么品种？", "at": "2026-03-20T10:06+08:00", "fact": "dog"}]},
    {"id": "t-en", "messages": [
        {"role": "user", "text": "Hi there", "at": "2026-03-01T09:00-05:00"},
        {"role": "assistant", "text": "Hello! How can I help?", "at": "2026-03-01T09:01-05:00"},
        {"role": "user", "text": "I am allergic to peanuts.", "at": "2026-03-01T09:02-05:00"},
        {"role": "user", "text": "I live in Berlin.", "at": "2026-03-04T19:00-05:00"}],
     "facts": [{"id": "allergy", "keys": ["peanut"]}, {"id": "home", "keys": ["berlin"]}],
     "questions": [{"q": "What am I allergic to?", "at": "2026-03-20T10:00-05:00", "fact": "allergy"},
                   {"q": "Where do I live?", "at": "2026-03-20T10:05-05:00", "fact": "home"}]},
]


def test_real_run_two_conversations(cli, tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "c.jsonl", CONVS)
    r = cli("eval", "conversations", "--conversations", str(path), "--json")
    assert r.exit_code == 0, r.stderr
    rep = r.json()
    ov = rep["overall"]
    assert (ov["conversations"], ov["messages"], ov["facts"], ov["questions"]) == (2, 9, 5, 5)
    assert ov["facts_kept"] == 4 and ov["facts_kept_share"] == 0.8  # the dog was never mentioned
    assert ov["answered@3"] == 0.8 and ov["context@3"] == 0.8
    assert rep["by_lang"]["en"]["answered@3"] == 1.0 and rep["by_lang"]["zh"]["facts_kept"] == 2
    assert rep["miss_kinds"] == {"fact not stored": 1}
    (miss,) = rep["misses"]
    assert miss["id"] == "t-zh" and [f["id"] for f in miss["facts_not_kept"]] == ["dog"]
    assert [q["q"] for q in miss["questions_missed"]] == ["我的狗是什么品种？"]
    stored = [m["statement"] for m in miss["memories"] if m["status"] == "active"]
    assert any("花生" in s for s in stored) and not any("开会" in s for s in stored)  # no calendar memory
    text = cli("eval", "conversations", "--conversations", str(path), "--no-context")
    assert text.exit_code == 0 and "80.0%" in text.stdout and "fact not stored 1" in text.stdout


BAD = [
    ("{not json", "line 1: not valid JSON"),
    (json.dumps({"id": "x", "messages": []}), "line 1: messages"),
    (json.dumps({"id": "x"}), "line 1: messages: Field required"),
    (json.dumps({"id": "x", "messages": [{"role": "user", "text": "hi"}]}), "line 1: messages.0.at: Field required"),
    (json.dumps({"id": "x", "messages": [{"role": "user", "text": "hi", "at": "yesterday"}]}),
     "messages.0.at: 'yesterday' is not an ISO-8601 time"),
    (json.dumps({"id": "x", "messages": [{"role": "bot", "text": "hi", "at": "2026-03-01"}]}), "messages.0.role"),
    (json.dumps({"id": "x", "messages": [{"role": "user", "text": "hi", "at": "2026-03-01"}],
                 "facts": [{"id": "f", "keys": []}]}), "facts.0.keys"),
    (json.dumps({"id": "x", "messages": [{"role": "user", "text": "hi", "at": "2026-03-01"}],
                 "facts": [{"id": "f", "keys": [["a", 3]]}]}), "facts.0.keys"),
    (json.dumps({"id": "x", "messages": [{"role": "user", "text": "hi", "at": "2026-03-01"}],
                 "questions": [{"q": "?", "at": "2026-03-02", "fact": "nope"}]}), "questions.0.fact: unknown fact id"),
    (json.dumps({"id": "x", "messages": [{"role": "user", "text": "hi", "at": "2026-03-01"}],
                 "questions": [{"q": "?", "at": "2026-13-02", "answer_keys": ["a"]}]}), "questions.0.at"),
    (json.dumps({"id": "x", "messages": [{"role": "user", "text": "hi", "at": "2026-03-01"}],
                 "questions": [{"q": "?", "at": "2026-03-02"}]}), "needs answer_keys or a fact"),
]


@pytest.mark.parametrize(("line", "expected"), BAD)
def test_bad_input_one_line(tmp_path: Path, line: str, expected: str) -> None:
    ok = json.dumps(CONVS[1], ensure_ascii=False)
    path = tmp_path / "bad.jsonl"
    path.write_text(line + "\n" + ok + "\n" if expected.startswith("line 1") else ok + "\n\n" + line + "\n",
                    encoding="utf-8")
    r = run_cli("eval", "conversations", "--conversations", str(path))
    assert r.exit_code == 2 and r.stdout == ""
    err = r.stderr.strip()
    assert len(err.splitlines()) == 1 and expected in err, err
    if not expected.startswith("line 1"):
        assert "line 3" in err  # the blank line is counted


def test_bad_files_and_options(tmp_path: Path) -> None:
    r = run_cli("eval", "conversations", "--conversations", str(tmp_path / "missing.jsonl"))
    assert r.exit_code != 0 and "no such conversation file" in r.stderr
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n", encoding="utf-8")
    r = run_cli("eval", "conversations", "--conversations", str(empty))
    assert r.exit_code != 0 and "no conversations in file" in r.stderr
    dup = _jsonl(tmp_path / "dup.jsonl", [CONVS[1], CONVS[1]])
    r = run_cli("eval", "conversations", "--conversations", str(dup))
    assert r.exit_code != 0 and "duplicate conversation id 't-en'" in r.stderr
    r = run_cli("eval", "conversations", "--limit", "0")
    assert r.exit_code != 0 and "--limit must be >= 1" in r.stderr
