"""Round 11's new-user findings, each as its kind:

- a flag takes no value, so ``--help`` shows no type for it (typer printed ``--json <bool>``);
- with ``--json``, an error is JSON too: one line ``{"error": {"code", "message", "exit_code"}}``
  on stderr (the HTTP service's body), stdout empty, the same exit code — for every kind of
  error (usage, bad input, not found);
- ``list --as-of T`` lists what was believed true at T (the rule of ``search --as-of``), on
  SQLite and PostgreSQL;
- an idempotency key reused for *another* text is still a duplicate (the key names the
  message) but says so (``text_differs``, a warning line), on SQLite and PostgreSQL; the same
  text under the same key stays a quiet duplicate;
- an English episode that stands in ``search`` for a memory drawn from its turn names that
  memory (``memory_ids``), so its id can be found.
"""

from __future__ import annotations

import json

import pytest
from test_bad_input import assert_error, snapshot

from memcli import Memory
from memcli.errors import BadInputError


def json_error(r, exit_code: int, code: str) -> str:  # noqa: ANN001
    """The ``--json`` error contract; returns the message."""
    assert r.exit_code == exit_code, (r.exit_code, r.stderr)
    assert r.stdout == "" and "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    body = json.loads(lines[0])
    assert set(body) == {"error"} and body["error"]["code"] == code and body["error"]["exit_code"] == exit_code
    return body["error"]["message"]


@pytest.mark.parametrize("cmd", [("list",), ("search",), ("capture",), ("drain",)])
def test_a_flag_shows_no_type_in_help(cli, cmd):
    out = cli(*cmd, "--help").stdout
    assert "--json" in out
    assert "<bool>" not in out
    assert "<str>" in out  # options that take a value keep their type


def test_json_errors_are_json_for_every_kind(cli, db_path):
    base = ("--db", str(db_path), "--user", "alice")
    assert cli(*base, "capture", "hello").exit_code == 0  # a database (show on none: exit 4, round 38)
    assert json_error(cli(*base, "show", "999", "--json"), 3, "not_found") == "no memory with id 999 for user 'alice'"
    assert json_error(cli(*base, "search", "咖啡", "--as-of", "someday", "--json"), 2, "bad_input").startswith(
        "as_of (--as-of): 'someday' is not an ISO-8601 time")
    assert "--limit" in json_error(cli(*base, "list", "--limit", "0", "--json"), 2, "bad_input")
    assert json_error(cli(*base, "capture", "   ", "--json"), 2, "bad_input") == "text is empty"
    # without --json: the one text line, unchanged
    assert_error(cli(*base, "show", "999"), 3, "no memory with id 999")


def test_the_cli_and_the_service_share_error_codes():
    from memcli import errors as e
    from memcli.service.errors import body, status_of

    assert status_of(e.StoreLockedError("x")) == (503, "store_locked")
    assert status_of(e.StoreCorruptError("x")) == (503, "store")
    assert status_of(e.NotFoundError("x")) == (404, "not_found")
    assert body("bad_input", "two\nlines", 2) == e.error_body("bad_input", "two lines", 2)


@pytest.mark.backends
def test_list_as_of_shows_what_was_believed_then(mem):
    mem.remember("我住在杭州", at="2025-01-01")
    mem.remember("我搬到上海了", at="2026-06-01")
    assert [i.statement for i in mem.list()] == ["我搬到上海了"]
    assert [i.statement for i in mem.list(as_of="2025-06-01")] == ["我住在杭州"]
    assert [i.statement for i in mem.list(as_of="2026-07-01")] == ["我搬到上海了"]
    assert mem.list(as_of="2024-01-01") == []
    with pytest.raises(BadInputError, match="not an ISO-8601 time"):
        mem.list(as_of="last spring")


def test_list_as_of_on_the_cli(cli, db_path):
    base = ("--db", str(db_path), "--user", "alice")
    assert cli(*base, "remember", "I live in Leeds", "--at", "2025-02-01").exit_code == 0
    assert cli(*base, "remember", "I moved to York", "--at", "2026-05-01").exit_code == 0
    then = cli(*base, "list", "--as-of", "2025-12-31", "--json").json()
    assert [i["statement"] for i in then] == ["I live in Leeds"]
    assert_error(cli(*base, "list", "--as-of", "yesterday-ish"), 2, "as_of (--as-of): 'yesterday-ish'")


@pytest.mark.backends
def test_a_reused_key_with_another_text_says_so(mem):
    first = mem.capture("我周末常去图书馆", key="turn-7")
    again = mem.capture("我周末常去图书馆", key="turn-7")
    assert again.duplicate and again.source_id == first.source_id and not again.text_differs
    other = mem.capture("我周末常去游泳馆", key="turn-7")  # the key names the message: nothing added …
    assert other.duplicate and other.source_id == first.source_id
    assert other.text_differs  # … but the caller learns that the text was another
    assert not mem.capture("我周末常去游泳馆", key="turn-9").duplicate


def test_a_reused_key_on_the_cli_warns_and_adds_nothing(cli, db_path):
    base = ("--db", str(db_path), "--user", "alice")
    assert cli(*base, "capture", "I play chess on Sundays", "--key", "m1").exit_code == 0
    before = snapshot(db_path)
    r = cli(*base, "capture", "I play tennis on Sundays", "--key", "m1")
    assert r.exit_code == 0 and r.stdout == ""
    assert r.stderr.strip() == ("warning: key m1 was already captured with another text (source #1); "
                                "nothing added: a new turn needs a new key")
    assert cli(*base, "capture", "I play tennis on Sundays", "--key", "m1", "--json").json()["text_differs"] is True
    r = cli(*base, "capture", "I play chess on Sundays", "--key", "m1")
    assert r.exit_code == 0 and r.stderr.strip() == "already captured (key m1); nothing added"
    assert snapshot(db_path) == before


def test_an_english_episode_standing_for_a_memory_names_it(db_path, embedder):
    with Memory(db=str(db_path), user="alice", embedder=embedder) as m:
        # (a turn adding words to its memory: one whose memory holds all its words is listed as that memory, round 46)
        m.capture("Phew, what a trip. We finally settled in Denver after the long drive.")
        m.capture("My brother repairs old clocks in a shop on Elm Street.")
        m.drain()
        memories = {i.statement: i.id for i in m.list()}
        hits = m.search("Denver")
    denver = [i for s, i in memories.items() if "Denver" in s]
    assert len(denver) == 1
    top = hits[0]
    assert top.origin == "episode" and "Denver" in top.statement
    assert top.memory_ids == denver
    assert all(h.memory_ids == [] for h in hits if h.origin != "episode")


def test_http_non_utf8_body_is_bad_input_and_list_takes_as_of(http_service):
    import httpx
    from _http import http_user

    base, settings = http_service
    _, auth = http_user(settings, "alice")
    r = httpx.post(f"{base}/v1/capture", content=b'{"text": "caf\xe9"}', headers={
        **auth, "content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"]["code"] == "bad_input", r.text
    for text, at in (("I live in Leeds", "2025-02-01"), ("I moved to York", "2026-05-01")):
        assert httpx.post(f"{base}/v1/memories", json={"text": text, "at": at}, headers=auth).status_code == 201
    then = httpx.get(f"{base}/v1/memories", params={"as_of": "2025-12-31"}, headers=auth).json()["memories"]
    assert [m["statement"] for m in then] == ["I live in Leeds"]
    bad = httpx.get(f"{base}/v1/memories", params={"as_of": "soon"}, headers=auth)
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "bad_input"
