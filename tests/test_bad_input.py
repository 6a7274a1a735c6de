"""Bad input through the real CLI (issue 2 §5): one line on stderr starting ``memcli: error:``,
a non-zero exit code, no traceback, nothing on stdout and nothing half-written.

Only the few cases that need an existing memory load the embedding model.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import run_cli

from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.settings_sources import USER_RULE

TABLES = (s.SOURCES, s.OUTBOX, s.ITEMS, s.ITEM_SOURCES, s.EVENTS, s.FTS)


def snapshot(db: Path) -> dict[str, int] | None:
    """Row counts of every memcli table (None: no database file)."""
    if not db.exists():
        return None
    with Store(db) as st:
        out = {t: st.scalar(f"SELECT count(*) FROM {t}") for t in TABLES}
        out["vec"] = st.scalar(f"SELECT count(*) FROM {s.VEC}") if st.table_exists(s.VEC) else 0
        return out


def assert_error(r, code: int, starts: str = "") -> str:  # noqa: ANN001
    """The one-line error contract; returns the message after the prefix. A command given
    ``--json`` prints the same error as one JSON line (``{"error": {"code", "message",
    "exit_code"}}``): its message is read from there, and its exit code must agree."""
    assert r.exit_code == code, (r.exit_code, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert "Traceback" not in r.stderr and r.stdout == ""
    if lines[0].startswith('{"error": '):
        import json

        err = json.loads(lines[0])["error"]
        assert err["exit_code"] == code and err["code"], err
        msg = err["message"]
        assert msg.startswith(starts), msg
        return msg
    assert lines[0].startswith("memcli: error: "), r.stderr
    msg = lines[0].removeprefix("memcli: error: ")
    assert msg.startswith(starts), msg
    return msg


@pytest.fixture
def base(db_path):
    """CLI args for alice on the test database, with one captured utterance already stored."""
    args = ("--db", str(db_path), "--user", "alice")
    assert run_cli(*args, "capture", "already here", "--key", "k0").exit_code == 0
    return args


# -- text ------------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["", "   ", "\t\n", "\u200b\u200d", "\x00\x07"])
def test_empty_text(base, db_path, text):
    before = snapshot(db_path)
    assert_error(run_cli(*base, "capture", text), 2, "text is empty")
    assert_error(run_cli(*base, "remember", text), 2, "text is empty")
    assert snapshot(db_path) == before


@pytest.mark.parametrize("text", ["", "   ", "\t\n", "\u200b\u200d", "\x00\x07"])
def test_an_empty_query_is_bad_input_like_an_empty_text(base, db_path, text, tmp_path):
    """Issue 23: `search ""` and `context ""` exited 0; now every edge refuses a blank query."""
    before = snapshot(db_path)
    for cmd in (("search",), ("context",), ("context", "--format", "json"), ("search", "--json")):
        assert_error(run_cli(*base, *cmd, text), 2, "query is empty")
        assert_error(run_cli(*base, *cmd, "-", input=text), 2, "query is empty")
    assert snapshot(db_path) == before
    from memcli import Memory
    from memcli.errors import BadInputError

    with Memory(db=str(db_path), user="alice") as m:
        for call in (m.search, m.context):
            with pytest.raises(BadInputError, match="^query is empty$"):
                call(text)
        with pytest.raises(BadInputError, match="^query must be a string, got NoneType$"):
            m.search(None)  # type: ignore[arg-type]


def test_text_over_the_limit(base, db_path, monkeypatch):
    before = snapshot(db_path)
    # a long turn is stored whole (issue 15 §7); only past max_turn_chars is it refused
    assert run_cli(*base, "capture", "x" * 4001, "--key", "long-turn").exit_code == 0
    assert_error(run_cli(*base, "capture", "x" * 100_001), 2,
                 "text is 100001 characters; the limit is 100000 (max_turn_chars)")
    monkeypatch.setenv("MEMCLI_MAX_TURN_CHARS", "10")
    assert_error(run_cli(*base, "capture", "我咖啡不加糖，谢谢你们啊"), 2,
                 "text is 12 characters; the limit is 10 (max_turn_chars)")
    monkeypatch.setenv("MEMCLI_MAX_TEXT_CHARS", "10")
    assert_error(run_cli(*base, "remember", "I take my coffee without sugar"), 2, "text is 30 characters")
    assert run_cli(*base, "capture", "我咖啡不加糖").exit_code == 0
    after = snapshot(db_path)
    assert after[s.SOURCES] == before[s.SOURCES] + 2 and after[s.ITEMS] == 0


@pytest.mark.parametrize("at", ["yesterday", "2026-13-01", "2026-02-30T10:00", "1800-01-01", "", "12:00"])
def test_invalid_at(base, db_path, at):
    before = snapshot(db_path)
    msg = assert_error(run_cli(*base, "capture", "hello", "--at", at), 2, "at: ")
    assert "ISO-8601" in msg or "out of range" in msg or "empty time" in msg
    assert_error(run_cli(*base, "remember", "hello", "--at", at), 2, "at: ")
    assert snapshot(db_path) == before


def test_invalid_role_and_kind(base, db_path):
    before = snapshot(db_path)
    assert_error(run_cli(*base, "capture", "hi", "--role", "bot"), 2, "role: must be 'user' or 'assistant', got 'bot'")
    assert_error(run_cli(*base, "remember", "hi", "--kind", "food"), 2, "kind: must be 'preference', 'relationship'")
    assert snapshot(db_path) == before


# -- ids ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("cmd", [("show",), ("history",), ("forget",), ("forget", "--purge"), ("correct",)])
def test_unknown_id(base, db_path, cmd):
    before = snapshot(db_path)
    extra = ("new text",) if cmd == ("correct",) else ()
    msg = assert_error(run_cli(*base, cmd[0], "999", *cmd[1:], *extra), 3)
    assert msg == "no memory with id 999 for user 'alice'"
    assert snapshot(db_path) == before


def test_another_users_id_is_not_found(cli, db_path):
    base = ("--db", str(db_path))
    iid = cli(*base, "--user", "alice", "remember", "我妈妈的生日是3月5号", "--json").json()["item"]["id"]
    before = snapshot(db_path)
    for cmd in (("show",), ("history",), ("forget",), ("forget", "--purge"), ("correct",)):
        extra = ("我妈妈的生日是3月6号",) if cmd == ("correct",) else ()
        msg = assert_error(cli(*base, "--user", "bob", cmd[0], str(iid), *cmd[1:], *extra), 3)
        # the same words as for an id that does not exist: nothing reveals that it exists
        assert msg == f"no memory with id {iid} for user 'bob'"
    assert snapshot(db_path) == before


# -- JSON Lines --------------------------------------------------------------------------------
GOOD = '{"text": "我咖啡不加糖", "at": "2026-03-01"}'


@pytest.mark.parametrize("bad, expect", [
    ('{"text": "oops"', "line 3: not valid JSON"),
    ('["a", "b"]', "line 3: not valid JSON (expected a JSON object)"),
    ('{"txt": "typo in the field name"}', "line 3: text: Field required"),
    ('{"text": 42}', "line 3: text: needs text, got 42"),
    ('{"text": "hi", "at": "last tuesday"}', "line 3: at: 'last tuesday' is not an ISO-8601 time"),
    ('{"text": "   "}', "line 3: text is empty"),
    ('{"text": "' + "x" * 100_001 + '"}', "line 3: text is 100001 characters; the limit is 100000 (max_turn_chars)"),
])
def test_malformed_capture_jsonl_names_the_line(base, db_path, bad, expect):
    before = snapshot(db_path)
    data = "\n".join([GOOD, "", bad, '{"text": "after"}']) + "\n"  # line 2 is blank: still counted
    msg = assert_error(run_cli(*base, "capture", "-", input=data), 2, expect)
    assert msg.endswith("nothing was written")
    assert snapshot(db_path) == before  # the valid line 1 was not kept either


@pytest.mark.parametrize("bad, expect", [
    ('{"text": "oops"', "line 3: not valid JSON"),
    ('{"text": "hi", "kind": "food"}', "line 3: kind: must be 'preference', "),
    ('{"text": "hi", "confidence": 1.5}', "line 3: confidence: needs a number ≤ 1, got 1.5"),
    ('{"text": "hi", "metadata": "not an object"}', "line 3: metadata: needs a JSON object, got 'not an object'"),
    ('{"text": "hi", "role": "user"}', "line 3: role: unknown field"),
    ('{"text": "hi", "at": "2026-03-01", "invalid_at": "2026-01-01"}', "line 3: invalid_at is before at"),
    ('{"text": ""}', "line 3: text is empty"),
])
def test_malformed_import_names_the_line(base, db_path, tmp_path, bad, expect):
    f = tmp_path / "in.jsonl"
    f.write_text("\n".join([GOOD, "", bad, '{"text": "after"}']) + "\n", encoding="utf-8")
    before = snapshot(db_path)
    msg = assert_error(run_cli(*base, "import", str(f)), 2, f"{f} {expect}")  # round 31: the file named too
    assert msg.endswith("nothing was written")
    msg = assert_error(run_cli(*base, "import", "-", input=f.read_text(encoding="utf-8")), 2, f"stdin {expect}")
    assert snapshot(db_path) == before


def test_import_missing_file(base, db_path, tmp_path):
    before = snapshot(db_path)
    assert_error(run_cli(*base, "import", str(tmp_path / "nope.jsonl")), 2, "no such file:")
    assert snapshot(db_path) == before


def test_invalid_utf8(base, db_path, tmp_path):
    before = snapshot(db_path)
    data = GOOD.encode() + b"\n" + b'{"text": "caf\xe9"}\n'
    assert_error(run_cli(*base, "capture", "-", input=data), 2, "stdin line 2: not valid UTF-8; nothing was written")
    assert_error(run_cli(*base, "import", "-", input=data), 2, "stdin line 2: not valid UTF-8")
    assert_error(run_cli(*base, "remember", "-", input=b"caf\xe9\n"), 2, "stdin line 1: not valid UTF-8")
    f = tmp_path / "latin1.jsonl"
    f.write_bytes(data)
    assert_error(run_cli(*base, "import", str(f)), 2, f"{f} line 2: not valid UTF-8")
    assert snapshot(db_path) == before


# -- the database file -------------------------------------------------------------------------
def _truncated_sqlite(tmp_path: Path) -> bytes:
    good = tmp_path / "good.db"
    with Store(good) as st:
        for i in range(200):
            st.x(f"INSERT INTO {s.META}(key, value) VALUES (?, ?)", (f"k{i}", "v" * 200))
        st.q("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(good.read_bytes())
    data[4096:] = b"\xde\xad\xbe\xef" * ((len(data) - 4096) // 4)  # header intact, pages garbage
    return bytes(data)


@pytest.mark.parametrize("kind", ["text", "random", "one-byte", "garbage-pages"])
def test_corrupt_or_foreign_database_file(tmp_path, kind):
    content = {"text": b"my notes, not a database\n", "random": bytes(range(256)) * 40, "one-byte": b"x",
               "garbage-pages": None}[kind]
    if content is None:
        content = _truncated_sqlite(tmp_path)
    db = tmp_path / "foreign.db"
    db.write_bytes(content)
    for cmd in (("capture", "hello"), ("list",), ("stats",)):
        r = run_cli("--db", str(db), "--user", "alice", *cmd)
        msg = assert_error(r, 4)
        assert "not a memcli/SQLite database or corrupt" in msg or "migration" in msg or "database" in msg
    assert db.read_bytes() == content  # never rewritten


def test_db_in_a_missing_folder(tmp_path):
    db = tmp_path / "no" / "such" / "folder" / "m.db"
    msg = assert_error(run_cli("--db", str(db), "capture", "hello"), 4)
    assert msg == (f"folder {db.parent} does not exist; create it or choose another db "
                   "(--db, MEMCLI_DB or db in the config file)")
    assert not (tmp_path / "no").exists()


def test_db_path_is_a_folder(tmp_path):
    msg = assert_error(run_cli("--db", str(tmp_path), "list"), 4)
    assert msg == f"{tmp_path} is a folder, not a database file"


# -- numbers and usage -------------------------------------------------------------------------
HUGE = str(2**80)


@pytest.mark.parametrize("cmd", [("show", HUGE), ("history", HUGE), ("forget", HUGE), ("forget", HUGE, "--purge"),
                                 ("correct", HUGE, "new text")])
def test_ids_outside_sqlite_range_are_not_found(base, db_path, cmd):
    before = snapshot(db_path)
    assert_error(run_cli(*base, *cmd), 3, f"no memory with id {cmd[1]} for user 'alice'")
    assert snapshot(db_path) == before


@pytest.mark.parametrize("raw", ["-5", "0"])
def test_ids_below_one_are_bad_ids(base, db_path, raw):
    """Ids start at 1: 0 and -5 (also after ``--``) are bad input, as ``abc`` is, not "not found"."""
    before = snapshot(db_path)
    for args in (("show", raw), ("show", "--", raw)):
        assert_error(run_cli(*base, *args), 2, f"Invalid value for 'item_id': must be a memory id such as 12 "
                                               f"(see `memcli list`), got '{raw}'")
    assert snapshot(db_path) == before


def test_huge_list_limit(base):
    r = run_cli(*base, "list", "--limit", HUGE, "--json")
    assert r.exit_code == 0 and r.json() == []


@pytest.mark.parametrize("args, expect", [
    (("show", "abc"), "Invalid value for 'item_id': must be a memory id such as 12 (see `memcli list`), got 'abc'"),
    (("bogus",), "No such command 'bogus'; see 'memcli --help'"),
    (("list", "--limit", "0"), "Invalid value for '--limit': needs a number ≥ 1, got '0'"),
    (("capture",), "Missing argument 'text'; see 'memcli capture --help'"),
    (("stats", "--bogus"), "No such option: --bogus; see 'memcli stats --help'"),
    (("search", "--limt", "3", "coffee"), "No such option: --limt (did you mean --limit?); see 'memcli search --help'"),
    (("list", "--al"), "No such option: --al (did you mean --all?); see 'memcli list --help'"),
    (("show", "1", "2"), "Got unexpected extra argument"),
])
def test_usage_errors_are_one_line(base, db_path, args, expect):
    before = snapshot(db_path)
    assert_error(run_cli(*base, *args), 2, expect)
    assert snapshot(db_path) == before


def test_bare_memcli_shows_help():
    r = run_cli()
    assert r.exit_code == 2 and "Usage: memcli" in r.stdout and "capture" in r.stdout


@pytest.mark.parametrize(("args", "expect"), [
    (("--db", "", "list"), "invalid setting db: empty (a file path, or a postgresql:// URL)"),
    (("--db", " ", "capture", "hello there"), "invalid setting db: empty (a file path, or a postgresql:// URL)"),
    (("--db", "", "context", "where do I live"), "invalid setting db: empty (a file path, or a postgresql:// URL)"),
    (("search", "tea", "--db", ""), "invalid setting db: empty (a file path, or a postgresql:// URL)"),
    (("search", "tea", "--user", ""), "invalid setting user: user must not be empty; " + USER_RULE),
    (("search", "tea", "--model", ""),
     "invalid setting model: String should have at least 1 character"),
])
def test_an_empty_flag_is_refused_not_taken_as_unset(args, expect: str) -> None:
    """An empty --db / --user / --model is given, not unset (an empty --db once fell back to the
    default database): one line, exit 2, on the fast paths (capture, context) as on the full one."""
    r = run_cli(*args)
    assert r.exit_code == 2, r.stderr
    assert r.stderr.strip() == f"memcli: error: {expect}"


@pytest.mark.parametrize("cmd", [("eval", "decisions", "--pairs"), ("eval", "extraction", "--cases"),
                                 ("eval", "conversations", "--conversations")])
def test_a_folder_given_for_a_data_file_says_so(cmd, tmp_path: Path) -> None:
    r = run_cli(*cmd, str(tmp_path))
    assert r.exit_code == 2 and "is a folder" in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(("lines", "expect"), [
    (['{"text": "ok"}', '{"text": "!", "key": "\\ud800"}'], "line 2: key: not valid Unicode (an unpaired surrogate)"),
    (['{"text": "!", "session": "a\\udc80"}'], "line 1: session: not valid Unicode (an unpaired surrogate)"),
])
def test_a_lone_surrogate_in_a_captured_field_names_its_line_and_field(base, db_path, lines, expect):
    before = snapshot(db_path)
    msg = assert_error(run_cli(*base, "capture", "-", input="\n".join(lines) + "\n"), 2)
    assert msg == f"{expect}; nothing was written"
    assert snapshot(db_path) == before


def test_a_lone_surrogate_in_an_argument_field_is_one_line(base, db_path):
    before = snapshot(db_path)  # non-UTF-8 bytes in argv reach Python as lone surrogates
    for args in (("--key", "k\udcff"), ("--session", "s\udcff")):
        msg = assert_error(run_cli(*base, "capture", "hello", *args), 2)
        assert msg == f"argument 8 is not valid UTF-8 ('{args[1][0]}\\xff'); nothing was written"
    assert snapshot(db_path) == before


@pytest.mark.parametrize("meta", ['{"k": "x\\udc80"}', '{"x\\ud800": 1}', '{"k": ["a", "\\udfff"]}'])
def test_a_lone_surrogate_in_imported_metadata_names_its_line(base, db_path, meta):
    before = snapshot(db_path)
    lines = '{"text": "I like tea"}\n{"text": "I like jazz", "metadata": ' + meta + "}\n"
    msg = assert_error(run_cli(*base, "import", "-", input=lines), 2)
    assert msg == "stdin line 2: metadata: not valid Unicode (an unpaired surrogate); nothing was written"
    assert snapshot(db_path) == before
