"""The online capture step: one source row + one pending outbox row in one transaction,
idempotency keys (given or derived), ``capture -`` JSON Lines, and no model import.

These tests never load the embedding model (they call the CLI entry point directly).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memcli.db import open_store
from memcli.db import schema as s

pytestmark = pytest.mark.backends


def rows(db: Path, table: str) -> list[dict]:
    with open_store(db) as st:
        return st.q(f"SELECT * FROM {table} ORDER BY id")


def counts(db: Path) -> tuple[int, int]:
    return len(rows(db, s.SOURCES)), len(rows(db, s.OUTBOX))


def test_capture_writes_one_source_and_one_pending_task(db):
    r = run_cli("--db", db, "--user", "alice", "capture", "我咖啡不加糖", "--json")
    assert r.exit_code == 0, r.stderr
    out = r.json()
    assert out["duplicate"] is False and out["user"] == "alice"
    (src,) = rows(db, s.SOURCES)
    (task,) = rows(db, s.OUTBOX)
    assert src["content"] == "我咖啡不加糖" and src["user_id"] == "alice" and src["role"] == "user"
    assert task["source_id"] == src["id"] == out["source_id"] and task["id"] == out["outbox_id"]
    assert (task["status"], task["attempts"], task["user_id"]) == ("pending", 0, "alice")
    assert task["idempotency_key"] == out["idempotency_key"]
    with open_store(db) as st:  # no item, no index row: capture does no model work
        assert st.scalar(f"SELECT count(*) FROM {s.ITEMS}") == 0
        assert st.scalar(f"SELECT count(*) FROM {s.FTS}") == 0
        assert not st.table_exists(s.VEC)


def test_capture_fields_are_stored(db):
    r = run_cli("--db", db, "-u", "alice", "capture", "Sure, noted.", "--role", "assistant",
                "--at", "2026-03-01T09:30:00+08:00", "--session", "s1", "--json")
    assert r.exit_code == 0, r.stderr
    (src,) = rows(db, s.SOURCES)
    assert src["role"] == "assistant" and src["session_id"] == "s1"
    assert src["occurred_at"] == "2026-03-01T01:30:00.000000+00:00"  # stored as UTC, fixed width
    assert r.json()["occurred_at"] == "2026-03-01T01:30:00Z"


def test_same_key_twice_leaves_one_and_says_so(db):
    args = ("--db", db, "--user", "alice", "capture", "我咖啡不加糖", "--key", "k1")
    first = run_cli(*args)
    assert first.exit_code == 0 and first.stderr.startswith("captured source #1, outbox task #1")
    second = run_cli(*args)
    assert second.exit_code == 0
    assert second.stderr.strip() == "already captured (key k1); nothing added"
    assert counts(db) == (1, 1)
    # the key wins even over different text: the caller says it is the same message
    third = run_cli(*args[:-3], "something else", "--key", "k1", "--json")
    assert third.json()["duplicate"] is True and third.json()["source_id"] == 1
    assert third.json()["text_differs"] is True  # … and says that the text was another
    assert counts(db) == (1, 1)


def test_keys_are_scoped_by_user(db):
    for user in ("alice", "bob"):
        assert run_cli("--db", db, "--user", user, "capture", "hi", "--key", "k1").exit_code == 0
    assert counts(db) == (2, 2)
    assert {r["user_id"] for r in rows(db, s.OUTBOX)} == {"alice", "bob"}


def test_derived_key_makes_identical_capture_a_noop(db):
    base = ("--db", db, "--user", "alice", "capture", "我咖啡不加糖", "--json")
    a = run_cli(*base, "--at", "2026-03-01T09:00:00Z").json()
    b = run_cli(*base, "--at", "2026-03-01T09:00:00Z").json()
    assert a["duplicate"] is False and b["duplicate"] is True
    assert a["idempotency_key"] == b["idempotency_key"] and len(a["idempotency_key"]) == 32
    assert counts(db) == (1, 1)
    # a different time, session or role is a different utterance
    assert run_cli(*base, "--at", "2026-03-01T09:00:01Z").json()["duplicate"] is False
    assert run_cli(*base, "--at", "2026-03-01T09:00:00Z", "--session", "s2").json()["duplicate"] is False
    assert run_cli(*base, "--at", "2026-03-01T09:00:00Z", "--role", "assistant").json()["duplicate"] is False
    # the same instant written with another offset is the same utterance
    assert run_cli(*base, "--at", "2026-03-01T17:00:00+08:00").json()["duplicate"] is True
    assert counts(db) == (4, 4)


def test_capture_without_at_twice_is_two_utterances(db):
    base = ("--db", db, "--user", "alice", "capture", "ok", "--json")
    assert run_cli(*base).json()["duplicate"] is False
    assert run_cli(*base).json()["duplicate"] is False
    assert counts(db) == (2, 2)


def test_capture_jsonl_from_stdin(db):
    lines = [
        {"text": "我妈妈的生日是3月5号", "at": "2026-03-01", "session": "s1"},
        {"text": "Noted!", "role": "assistant", "at": "2026-03-01T00:00:05Z", "session": "s1"},
        {"text": "I take my coffee without sugar", "key": "m-3"},
        {"text": "I take my coffee without sugar", "key": "m-3"},  # repeated key inside the batch
    ]
    data = "\n".join(json.dumps(x, ensure_ascii=False) for x in lines[:2]) + "\n\n" + \
        "\n".join(json.dumps(x) for x in lines[2:]) + "\n"
    r = run_cli("--db", db, "--user", "alice", "capture", "-", "--json", input=data)
    assert r.exit_code == 0, r.stderr
    out = r.json()
    assert [o["duplicate"] for o in out] == [False, False, False, True]
    assert out[2]["idempotency_key"] == "m-3"
    srcs = rows(db, s.SOURCES)
    assert [x["content"] for x in srcs] == ["我妈妈的生日是3月5号", "Noted!", "I take my coffee without sugar"]
    assert [x["role"] for x in srcs] == ["user", "assistant", "user"]
    assert srcs[0]["occurred_at"] == "2026-03-01T00:00:00.000000+00:00" and srcs[0]["session_id"] == "s1"
    assert {t["status"] for t in rows(db, s.OUTBOX)} == {"pending"} and counts(db) == (3, 3)
    # the same stream again adds nothing: every line has a time or a key
    again = run_cli("--db", db, "--user", "alice", "capture", "-", "--json",
                    input="\n".join(json.dumps(x, ensure_ascii=False) for x in lines if "at" in x or "key" in x))
    assert all(o["duplicate"] for o in again.json())
    assert counts(db) == (3, 3)


def test_capture_jsonl_human_output(db):
    data = '{"text": "a", "key": "x"}\n{"text": "b", "key": "x"}\n'
    r = run_cli("--db", db, "--user", "alice", "capture", "-", input=data)
    assert r.exit_code == 0 and r.stdout == ""
    assert r.stderr.splitlines() == ["captured source #1, outbox task #1 (pending)",
                                     "warning: key x was already captured with another text (source #1); "
                                     "nothing added: a new turn needs a new key"]


def test_capture_library_api(mem_nomodel):
    res = mem_nomodel.capture("I moved to Lyon", at="2026-08-18T09:00:00Z", key="msg-42")
    assert res.duplicate is False and res.idempotency_key == "msg-42"
    assert mem_nomodel.capture("I moved to Lyon", key="msg-42").duplicate is True
    assert mem_nomodel.stats()["outbox"] == {"pending": 1, "processing": 0, "done": 0, "dead": 0}


@pytest.fixture
def mem_nomodel(db):
    from memcli import Memory

    m = Memory(db=db, user="alice")
    yield m
    m.close()


# -- no model import on the online path --------------------------------------------------------
HEAVY = ("torch", "transformers", "sentence_transformers", "jieba")

PROBE = """
import json, sys
sys.argv = ["memcli", *json.loads(sys.argv[1])]
from memcli.cli import main
code = 0
try:
    main()
except SystemExit as exc:
    code = exc.code or 0
print(json.dumps({"code": code, "heavy": [m for m in HEAVY if m in sys.modules]}))
""".replace("HEAVY", repr(HEAVY))


@pytest.mark.parametrize("extra", [["capture", "我咖啡不加糖"], ["capture", "-", "--json"]])
def test_capture_process_imports_no_model(db, tmp_path, extra):
    args = ["--db", db, "--user", "alice", *extra]
    p = subprocess.run([sys.executable, "-c", PROBE, json.dumps(args)], capture_output=True, text=True,
                       input='{"text": "hello"}\n', timeout=120, cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout.strip().splitlines()[-1])
    assert out == {"code": 0, "heavy": []}
    assert counts(db) == (1, 1)


def test_python_m_memcli_capture_importtime(db, tmp_path):
    """The real ``python -m memcli capture`` process: -X importtime lists every module loaded."""
    # only the settings the fast path resolves itself (conftest's MEMCLI_EMBED_BACKEND is another)
    env = {k: v for k, v in os.environ.items() if k != "MEMCLI_EMBED_BACKEND"}
    p = subprocess.run([sys.executable, "-X", "importtime", "-m", "memcli", "--db", db, "--user", "alice",
                        "capture", "I take my coffee without sugar"], capture_output=True, text=True,
                       timeout=120, cwd=tmp_path, env=env)
    assert p.returncode == 0, p.stderr[-2000:]
    loaded = {line.split("|")[-1].strip() for line in p.stderr.splitlines() if line.startswith("import time:")}
    assert "memcli.write.capture_core" in loaded  # the fast path (memcli.cli.fast) took it
    assert not {m for m in loaded if m.split(".")[0] in HEAVY}
    # nor the Typer app's stack: ~0.3 s of imports for a process an agent runs once per turn
    assert not {m for m in loaded if m.split(".")[0] in ("pydantic", "pydantic_settings", "typer", "click", "rich")}
    # numpy is not a model, but ~0.1 s of a process that should feel instant (sqlite_vec's
    # __init__ and the vector helpers import it; the capture path loads neither)
    assert "numpy" not in loaded
    assert counts(db) == (1, 1)


def test_capture_jsonl_with_bom_and_crlf(db):
    data = '\ufeff{"text": "hello", "key": "a"}\r\n{"text": "wo\u2028rld", "key": "b"}\r\n'.encode()
    r = run_cli("--db", db, "--user", "alice", "capture", "-", "--json", input=data)
    assert r.exit_code == 0, r.stderr
    assert [x["content"] for x in rows(db, s.SOURCES)] == ["hello", "wo\u2028rld"]


def test_naive_datetimes_from_python_are_utc(mem_nomodel, db):
    from datetime import datetime

    res = mem_nomodel.capture("hi", at=datetime(2026, 3, 1, 9, 0))
    assert res.occurred_at.isoformat() == "2026-03-01T09:00:00+00:00"
    assert rows(db, s.SOURCES)[0]["occurred_at"] == "2026-03-01T09:00:00.000000+00:00"
    again = mem_nomodel.capture("hi", at=datetime.fromisoformat("2026-03-01T17:00:00+08:00"))
    assert again.duplicate is True  # the same instant



# -- capture -: every option means what it means with a text argument (never ignored) ----------------
OPTS = ("--role", "assistant", "--at", "2026-03-01T09:30:00+08:00", "--session", "s7")


def _turn(db: str, n: int = 0) -> tuple:
    """What a capture stored: source (role, session, occurred_at, content) and the task's key."""
    src, task = rows(db, s.SOURCES)[n], rows(db, s.OUTBOX)[n]
    return src["role"], src["session_id"], src["occurred_at"], src["content"], task["idempotency_key"]


@pytest.mark.parametrize("key", [(), ("--key", "msg-9")])
def test_capture_stdin_takes_the_options_a_text_argument_takes(db, new_db, key):
    other = new_db("text")
    r = run_cli("--db", other, "--user", "alice", "capture", "I like green tea", *OPTS, *key)
    assert r.exit_code == 0, r.stderr
    r = run_cli("--db", db, "--user", "alice", "capture", "-", *OPTS, *key, input='{"text": "I like green tea"}\n')
    assert r.exit_code == 0, r.stderr
    assert _turn(db) == _turn(other)  # the same row and the same key, given or derived
    assert _turn(db)[:3] == ("assistant", "s7", "2026-03-01T01:30:00.000000+00:00")
    if key:
        assert _turn(db)[4] == "msg-9"


def test_capture_stdin_options_fill_only_what_a_line_leaves_out(db):
    lines = ['{"text": "a", "session": "s7"}', '{"text": "b", "session": null}',
             '{"text": "c", "role": "user", "at": "2026-03-01T01:30:00Z"}', '{"text": "d"}']
    r = run_cli("--db", db, "--user", "alice", "capture", "-", "--session", "s7", "--at", "2026-03-01T09:30:00+08:00",
                input="\n".join(lines) + "\n")
    assert r.exit_code == 0, r.stderr
    assert [(x["content"], x["role"], x["session_id"], x["occurred_at"]) for x in rows(db, s.SOURCES)] == \
        [(t, "user", "s7", "2026-03-01T01:30:00.000000+00:00") for t in "abcd"]


@pytest.mark.parametrize("args, data, message", [
    (("--session", "s1"), '{"text": "a"}\n{"text": "b", "session": "s2"}\n',
     'line 2: its "session" is "s2" but --session says \'s1\': give one or the other; nothing was written'),
    (("--role", "assistant"), '{"text": "a", "role": "user"}\n', 'line 1: its "role" is "user" but --role'),
    (("--at", "2026-03-01"), '{"text": "a", "at": "2026-03-02"}\n', 'line 1: its "at" is "2026-03-02" but --at'),
    (("--key", "k1"), '{"text": "a", "key": "k2"}\n', 'line 1: its "key" is "k2" but --key'),
    (("--key", "k1"), '{"text": "a"}\n\n{"text": "b"}\n',
     '--key names one turn and stdin holds 2: give each line its own "key"; nothing was written'),
    (("--role", "bot"), '{"text": "a"}\n', "--role must be user or assistant, got 'bot'"),
    (("--at", "soon"), '{"text": "a"}\n', "--at: 'soon' is not an ISO-8601 time"),
])
def test_capture_stdin_refuses_an_option_it_cannot_apply(db, args, data, message):
    r = run_cli("--db", db, "--user", "alice", "capture", "-", *args, input=data)
    assert r.exit_code == 2 and r.stdout == "" and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert r.stderr.startswith(f"memcli: error: {message}"), r.stderr
    assert counts(db) == (0, 0)

# -- property: capture is idempotent per (user, key) ----------------------------------------------
_utterance = st.fixed_dictionaries({
    "user": st.sampled_from(["alice", "bob"]),
    "text": st.sampled_from(["我咖啡不加糖", "I take my coffee without sugar", "  hi  ", "我妈妈的生日是3月5号"]),
    "key": st.one_of(st.none(), st.sampled_from(["k1", "k2"])),
    "at": st.sampled_from(["2026-03-01T09:00:00Z", "2026-03-01T17:00:00+08:00", "2026-03-02"]),
    "session": st.one_of(st.none(), st.just("s1")),
})


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(_utterance, max_size=12))
def test_capture_rows_equal_distinct_keys(tmp_path_factory, batch):
    """Whatever the order and repeats, one source + one task per distinct (user, key), where the
    key is the given one or derived from (session, role, cleaned text, instant)."""
    from memcli import Memory
    from memcli.timeutil import parse_at

    db = tmp_path_factory.mktemp("prop") / "m.db"
    expected = set()
    for u in batch:
        with Memory(db=str(db), user=u["user"]) as m:
            res = m.capture(u["text"], at=u["at"], key=u["key"], session=u["session"])
        ident = u["key"] or (u["session"], u["text"].strip(), parse_at(u["at"]))
        assert res.duplicate == ((u["user"], ident) in expected)
        expected.add((u["user"], ident))
    if batch:
        assert counts(db) == (len(expected), len(expected))
