"""Round 12's new-user findings, each as its kind:

- root options work on either side of the command (``memcli show 1 --json`` and ``memcli
  --json show 1``, ``memcli list -v``), in the Typer app and in the fast paths alike;
- a command-line word that is not valid UTF-8 is refused with one line (exit 2), nothing written.
"""

from __future__ import annotations

import json

import pytest
from test_bad_input import assert_error, snapshot


@pytest.fixture
def one(cli, db_path):
    base = ("--db", str(db_path), "--user", "alice")
    assert cli(*base, "remember", "I like green tea").exit_code == 0
    return base


@pytest.mark.parametrize("args", [
    ("--json", "show", "1"), ("show", "1", "--json"), ("show", "--json", "1"),
    ("--json", "list"), ("list", "--json"), ("--json", "history", "1"), ("stats", "--json"),
])
def test_json_before_or_after_the_command(cli, one, args):
    r = cli(*one, *args)
    assert r.exit_code == 0, r.stderr
    json.loads(r.stdout)


@pytest.mark.parametrize("args", [("--json", "outbox"), ("outbox", "--json"),
                                  ("--json", "outbox", "retry", "--all-dead"), ("--json", "token", "list")])
def test_json_before_a_group_that_answers_alone(cli, one, args):
    """Round 26's trial: `memcli --json outbox` printed the people's line ("pending 1, ...") though `outbox`
    answers JSON with its own --json: a group's callback did not take the root --json."""
    assert cli(*one, "capture", "I walk to work").exit_code == 0
    r = cli(*one, *args)
    assert r.exit_code == 0, r.stderr
    out = json.loads(r.stdout)
    if args[-1] == "outbox" or args[0] == "outbox":
        assert out["counts"]["pending"] == 1 and out["user"] == "alice"


@pytest.mark.parametrize("args", [
    ("list", "-v"), ("list", "--verbose"), ("show", "1", "--debug"), ("list", "--model", "default"),
    ("drain", "-v"), ("-v", "list"),
])
def test_root_flags_after_the_command(cli, one, args):
    r = cli(*one, *args)
    assert r.exit_code == 0, r.stderr
    assert "green tea" in r.stdout or args[0] == "drain"


@pytest.mark.parametrize("bad", ["2", "-1"])
def test_a_score_floor_outside_the_scores_range_is_refused(cli, one, bad):
    r = cli(*one, "search", "tea", "--min-score", bad)
    assert r.exit_code == 2 and "--min-score" in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_db_and_user_after_the_command(cli, db_path, one):
    assert "green tea" in cli("list", "--db", str(db_path), "--user", "alice").stdout
    assert "green tea" not in cli("--user", "alice", "list", "--db", str(db_path), "--user", "bob").stdout


def test_a_root_json_for_a_command_without_json_output_is_refused(cli, one):
    assert_error(cli(*one, "--json", "serve"), 2, "--json: 'memcli serve' has no JSON output")
    assert_error(cli(*one, "mcp", "--json"), 2, "--json: 'memcli mcp' has no JSON output")


@pytest.mark.parametrize("args", [("--json", "export"), ("export", "--json")])
def test_json_output_anyway_takes_json(cli, one, args):
    r = cli(*one, *args)
    assert r.exit_code == 0 and json.loads(r.stdout.splitlines()[0])["text"] == "I like green tea", r.stderr


TEA_Q = '{"query": "Which tea do I like?"}'


@pytest.mark.parametrize("args", [
    ("tools", "call", "search", TEA_Q, "--json"), ("tools", "call", "--json", "search", TEA_Q),
    ("tools", "call", "search", TEA_Q, "-v"), ("outbox", "retry", "--all-dead", "--verbose"),
])
def test_root_flags_after_a_command_of_a_group(cli, one, args):
    """The root options reach the commands of groups too (typer vendors its own click, so a group is
    known by its commands, not by click's class): `tools call … --json` was 'No such option'."""
    r = cli(*one, *args)
    assert r.exit_code == 0, r.stderr
    if args[0] == "tools":
        assert "green tea" in json.dumps(json.loads(r.stdout), ensure_ascii=False)


@pytest.mark.parametrize("args", [("--json", "capture", "hello there"), ("capture", "hello there", "-v", "--json")])
def test_capture_fast_path_reads_both_orders(cli, one, args, monkeypatch):
    from memcli.cli import fast

    monkeypatch.delenv("MEMCLI_EMBED_BACKEND", raising=False)  # a setting the fast path leaves to the app
    called = []
    monkeypatch.setattr("memcli.cli.entry.main", lambda: called.append(1))  # the Typer app must not run
    r = cli(*one, *args)
    assert r.exit_code == 0 and not called, r.stderr
    assert json.loads(r.stdout)["source_id"] >= 1
    assert fast._parse(list(args))["cmd"]["json"] is True


def test_context_fast_path_reads_a_root_json():
    from memcli.cli.fast_context import _parse

    assert _parse(["--json", "context", "tea"])["json"] is True


@pytest.mark.parametrize("cmd", ["remember", "capture", "search"])
def test_invalid_utf8_in_argv_is_refused(cli, one, db_path, cmd):
    before = snapshot(db_path)
    bad = b"\xff\xfe caf".decode("utf-8", "surrogateescape")  # how Python hands such bytes over
    note = "" if cmd == "search" else "; nothing was written"  # a read does not talk about writing (round 17)
    msg = assert_error(cli(*one, cmd, bad), 2)
    assert msg == f"argument 6 is not valid UTF-8 ('\\xff\\xfe caf'){note}", msg
    r = cli(*one, cmd, bad, "--json")
    assert json.loads(r.stderr)["error"]["code"] == "bad_input" and r.exit_code == 2
    assert snapshot(db_path) == before


# -- correct --at: the correction's valid time, as remember and capture have -------------------
@pytest.mark.backends
def test_correct_at_sets_both_ends_of_the_change(mem):
    from datetime import UTC, datetime

    old = mem.remember("I live in Paris", at="2026-01-01").item_id
    new = mem.correct(old, "I live in Berlin", at="2026-09-01T10:00:00+02:00")
    when = datetime(2026, 9, 1, 8, tzinfo=UTC)
    assert new.valid_from == when and new.supersedes_id == old
    assert mem.show(old).invalid_at == when
    assert [i.statement for i in mem.list(as_of="2026-05-01")] == ["I live in Paris"]
    assert [i.statement for i in mem.list(as_of="2026-10-01")] == ["I live in Berlin"]


@pytest.mark.backends
@pytest.mark.parametrize(("at", "starts"), [
    ("someday", "at: 'someday' is not an ISO-8601 time"),
    ("2099-01-01", "at: 2099-01-01T00:00:00Z is more than a day in the future"),
    ("2025-06-01", "at: 2025-06-01T00:00:00Z is before memory #1 held (from 2026-01-01T00:00:00Z)"),
])
def test_correct_at_is_validated_and_nothing_is_written(mem, at, starts):
    from memcli.errors import BadInputError

    mem.remember("I live in Paris", at="2026-01-01")
    with pytest.raises(BadInputError, match="^" + starts.replace("(", r"\(").replace(")", r"\)")):
        mem.correct(1, "I live in Berlin", at=at)
    assert [(i.id, i.status) for i in mem.list(include_all=True)] == [(1, "active")]


def test_correct_at_on_the_command_line(cli, db_path):
    base = ("--db", str(db_path), "--user", "alice")
    assert cli(*base, "remember", "I live in Paris", "--at", "2026-01-01").exit_code == 0
    before = snapshot(db_path)
    assert_error(cli(*base, "correct", "1", "I live in Rome", "--at", "2099-01-01", "--json"), 2,
                 "at: 2099-01-01T00:00:00Z is more than a day in the future")
    assert snapshot(db_path) == before
    r = cli(*base, "correct", "1", "I live in Berlin", "--at", "2026-09-01", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json()["valid_from"] == "2026-09-01T00:00:00Z"
    assert cli(*base, "show", "1", "--json").json()["invalid_at"] == "2026-09-01T00:00:00Z"
    far = cli(*base, "correct", "2", "I live in Oslo", "--at", "2099-01-01", "--allow-future", "--json")
    assert far.exit_code == 0 and far.json()["valid_from"] == "2099-01-01T00:00:00Z"


# -- an --at with its own offset, on a machine in another zone -----------------------------------
NOTE = ("note: times are shown in UTC, this machine's zone, not the +08:00 --at gave; set timezone "
        "(MEMCLI_TIMEZONE=+08:00 or a name such as Asia/Shanghai) to show them in yours")


@pytest.mark.parametrize("fast", [False, True])
@pytest.mark.parametrize("cmd", ["remember", "capture"])
def test_an_offset_the_display_zone_does_not_share_is_named(cli, db_path, monkeypatch, cmd, fast):
    monkeypatch.setenv("TZ", "UTC")
    if fast:
        monkeypatch.delenv("MEMCLI_EMBED_BACKEND", raising=False)
    base = ("--db", str(db_path), "--user", "alice")
    r = cli(*base, cmd, "I met Anna at the station", "--at", "2026-03-06T01:30:00+08:00")
    assert r.exit_code == 0 and r.stderr.strip().splitlines()[-1] == NOTE, r.stderr
    assert NOTE not in cli(*base, cmd, "I like jazz", "--at", "2026-03-06T01:30:00+00:00").stderr
    assert NOTE not in cli(*base, cmd, "I like tea", "--at", "2026-03-06T01:30:00+08:00", "--json").stderr
    monkeypatch.setenv("MEMCLI_TIMEZONE", "Asia/Shanghai")  # the user's zone, chosen: nothing to say
    assert "note:" not in cli(*base, cmd, "I like rain", "--at", "2026-03-06T01:30:00+08:00").stderr


@pytest.mark.parametrize("fast", [False, True])
def test_the_zone_note_is_said_once_per_store_not_on_every_capture(cli, db_path, tmp_path, monkeypatch, fast):
    monkeypatch.setenv("TZ", "UTC")
    if fast:
        monkeypatch.delenv("MEMCLI_EMBED_BACKEND", raising=False)
    base = ("--db", str(db_path), "--user", "alice")
    at = ("--at", "2026-03-06T01:30:00+08:00")
    first = cli(*base, "capture", "I met Anna at the station", *at)
    assert first.exit_code == 0 and first.stderr.count(NOTE) == 1, first.stderr
    again = cli(*base, "capture", "We had noodles", *at)
    assert again.exit_code == 0 and "captured source #2" in again.stderr and "note:" not in again.stderr
    assert "note:" not in cli("--db", str(db_path), "--user", "bob", "capture", "Hi", *at).stderr  # same store
    other = cli(*base, "capture", "I flew to Tokyo", "--at", "2026-03-06T01:30:00+09:00")
    assert other.stderr.count("not the +09:00 --at gave") == 1, other.stderr  # another offset: said again
    lines = "".join(f'{{"text": "turn {i}", "at": "2026-03-06T0{i}:30:00+08:00"}}\n' for i in range(3))
    fresh = ("--db", str(tmp_path / "other.db"), "--user", "alice")
    batch = cli(*fresh, "capture", "-", input=lines)  # a new store; three turns at +08:00, one note
    from_line = NOTE.replace("--at", "stdin line 1's \"at\"")  # the note names where the offset came from
    assert batch.exit_code == 0 and batch.stderr.count("captured source #") == 3 and batch.stderr.count(from_line) == 1


def test_correct_names_the_zone_too(cli, db_path, monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    base = ("--db", str(db_path), "--user", "alice")
    assert cli(*base, "remember", "I live in Paris", "--at", "2026-01-01").exit_code == 0
    r = cli(*base, "correct", "1", "I live in Shanghai", "--at", "2026-03-06T01:30:00+08:00")
    assert r.exit_code == 0 and r.stderr.strip().splitlines()[-1] == NOTE


def test_a_narrow_table_names_the_zone_of_its_dates(cli, db_path, monkeypatch):
    monkeypatch.setenv("TZ", "UTC")
    base = ("--db", str(db_path), "--user", "alice")
    assert cli(*base, "remember", "I met Anna at the station", "--at", "2026-03-06T01:30:00+08:00").exit_code == 0
    out = cli(*base, "list").stdout  # not a terminal: 80 columns, dates without their time
    assert "valid_from (UTC)" in out and "2026-03-05" in out
    monkeypatch.setenv("MEMCLI_TIMEZONE", "Asia/Shanghai")
    out = cli(*base, "list").stdout
    # a zone name longer than the dates goes under the column's name, so the header does not crowd out
    # the id and statement columns (a trial saw `history` drop both under Asia/Shanghai at 80 columns)
    head = [ln.split() for ln in out.splitlines() if "valid_from" in ln or "(Asia/Shanghai)" in ln]
    assert head[0][-2:] == ["valid_from", "invalid_at"] and head[1][-2:] == ["(Asia/Shanghai)"] * 2, out
    assert " id " in out and "statement" in out and "2026-03-06" in out
    hist = cli(*base, "history", "1").stdout
    assert " id " in hist and "statement" in hist and "I met Anna" in hist, hist
    monkeypatch.setenv("MEMCLI_TIMEZONE", "+08:00")
    assert "valid_from (+08:00)" in cli(*base, "list").stdout
    assert "2026-03-06 01:30:00 +08:00" in cli(*base, "show", "1").stdout


# -- lexical variants: an English word matches where a word starts ---------------------------------
WORDS = {"sold": "I sold my bike last week", "bold": "Painting bold colours relaxes me",
         "old": "My old laptop still works", "older": "My sister is older than me",
         "caps": "OLD habits are hard to break", "paren": "I kept my (old) phone", "zh": "我的old车很旧",
         "coffee": "My coffee mug is blue", "sugar": "我咖啡不加糖"}


@pytest.mark.backends
def test_an_english_variant_matches_at_a_word_start_and_chinese_anywhere(mem):
    ids = {k: mem.remember(t).item_id for k, t in WORDS.items()}
    name = {v: k for k, v in ids.items()}

    def found(variants: list[str]) -> set[str]:
        return {name[i] for i, _ in mem.store.like_search("alice", variants, min_score=1, limit=50)}

    assert found(["old"]) == {"old", "older", "caps", "paren", "zh"}
    assert found(["coff"]) == {"coffee"}  # a partial word still matches from its start
    assert found(["加糖"]) == {"sugar"}  # Chinese: anywhere (不加糖)
    assert found(["ffee"]) == set()
    scores = mem.store.like_scores("alice", ["old"], list(ids.values()))
    assert {name[i] for i, sc in scores.items() if sc} == {"old", "older", "caps", "paren", "zh"}


@pytest.mark.backends
def test_search_for_old_does_not_bring_sold(mem):
    mem.remember("I sold my bike last week")
    hits = mem.search("old", explain=True, legs=["lexical"])
    assert [h.statement for h in hits] == []
