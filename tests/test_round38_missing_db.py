"""A command that reads or changes stored memories never creates a database (round 38).

A mistyped ``--db`` used to be opened with SQLite's create flag: ``list`` answered "no memories"
and left an empty database at the typo. Now every such command says there is none (exit 4, one
line, no file made); ``context`` keeps its contract (nothing on stdout, exit 0) with one note on
stderr, and ``stats`` still says which database, user and model a command would use; the commands
that record something (capture, remember, import, drain) still create it.
"""

from __future__ import annotations

import json

import pytest
from conftest import run_cli
from test_bad_input import assert_error

READERS = [
    ("list",), ("search", "tea"), ("show", "1"), ("history", "1"), ("export",),
    ("forget", "1"), ("correct", "1", "I drink tea"), ("outbox",), ("outbox", "retry", "1"),
    ("redact-secrets",), ("rebuild-episodes",), ("reembed",), ("token", "list"), ("token", "revoke", "1"),
]


@pytest.mark.parametrize("cmd", READERS, ids=lambda c: "-".join(c))
def test_a_reading_command_says_there_is_no_database(tmp_path, cmd):
    db = tmp_path / "typo.db"
    msg = assert_error(run_cli("--db", str(db), "--user", "alice", *cmd), 4)
    assert msg.startswith(f"no memcli database at {db}: nothing was captured there yet"), msg
    assert "--db, MEMCLI_DB" in msg
    assert list(tmp_path.iterdir()) == []  # no database, no -wal / -shm beside it


def test_the_error_is_json_with_json(tmp_path):
    db = tmp_path / "typo.db"
    r = run_cli("--db", str(db), "--json", "--user", "alice", "list")
    assert r.exit_code == 4 and r.stdout == ""
    err = json.loads(r.stderr)["error"]
    assert err["code"] == "store" and err["exit_code"] == 4 and str(db) in err["message"]
    assert not db.exists()


@pytest.mark.parametrize("fmt", ["text", "json", "messages"])
def test_context_gives_no_block_and_one_note(tmp_path, embedder, fmt):
    db = tmp_path / "typo.db"
    r = run_cli("--db", str(db), "--user", "alice", "context", "how do I take my tea", "--format", fmt)
    assert r.exit_code == 0, r.stderr
    assert r.stderr.strip().splitlines() == [
        f"memcli: note: no memory block: no memcli database at {db} yet (nothing was captured there; "
        "check --db, MEMCLI_DB or db in the config file)"]
    if fmt == "text":
        assert r.stdout == ""
    elif fmt == "json":
        out = r.json()
        assert out["text"] == "" and out["hits"] == []
    else:
        assert r.json() == []  # as for a store with no relevant memory: no system, no history given
    assert not db.exists()


def test_stats_says_where_it_would_be_and_creates_nothing(tmp_path):
    db = tmp_path / "typo.db"
    r = run_cli("--db", str(db), "--user", "alice", "--json", "stats")
    assert r.exit_code == 0, r.stderr
    st = r.json()
    assert st["db"] == str(db) and st["db_bytes"] == 0 and st["schema_version"] is None
    assert st["user"] == "alice" and sum(st["items"].values()) == 0
    assert st["sources"] == 0 and st["outbox_depth"] == 0
    assert r.stderr.startswith(f"memcli: note: no memcli database at {db} yet")
    assert not db.exists()


def test_writing_commands_still_create_it_and_readers_then_work(tmp_path, embedder):
    db = tmp_path / "new.db"
    r = run_cli("--db", str(db), "--user", "alice", "capture", "I drink green tea every morning")
    assert r.exit_code == 0, r.stderr
    assert db.exists()
    r = run_cli("--db", str(db), "--user", "alice", "--json", "list")
    assert r.exit_code == 0 and r.json() == []  # captured, not drained yet: an existing empty list
    r = run_cli("--db", str(db), "--user", "alice", "--json", "outbox")
    assert r.exit_code == 0, r.stderr
