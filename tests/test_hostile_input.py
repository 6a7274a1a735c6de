"""Hostile input, as property tests (hypothesis) over capture, remember, search and context:
arbitrary Unicode (control, zero-width, right-to-left, emoji, unpaired surrogates), invalid
UTF-8 on stdin, FTS5 operators, SQL-injection strings, 1 MB texts, malformed JSON Lines.

The property: never a traceback or an "internal error"; either a clear one-line error
(exit 2, bad input) or a correct result (exit 0, what was stored is the cleaned text); the
database passes ``integrity_check`` afterwards. CLI calls run in-process (fast); a few run
through a real process, where invalid UTF-8 in argv becomes lone surrogates.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import unicodedata
from pathlib import Path

import apsw
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from memcli.settings_sources import user_problem

FAST = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                        HealthCheck.too_slow])
SLOWER = settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                          HealthCheck.too_slow])

NASTY = [
    # FTS5 syntax
    '"', '""', '"x', "NEAR(", "NEAR(a b, 2)", "AND", "OR", "NOT", "a OR b", "*", "^start", "a:b", "col:term",
    "c++", "50%", "-x", "+y", "(", ")", "{a b}", "multi-agent", "who's", "\\", "'",
    # SQL injection
    "'; DROP TABLE memory_items; --", "\" OR 1=1 --", "Robert'); DROP TABLE students;--", "%' OR '1'='1",
    "1; ATTACH DATABASE '/tmp/x.db' AS x; --", "' UNION SELECT statement FROM memory_items --",
    # invisible, direction, control
    "\u200b", "\u200d", "\u200e", "\u200f", "\u202e", "\u2066", "\ufeff", "\x00", "\x07", "\x1b[31m", "\r", "\x85",
    "\u2028", "\u2029",
    # surrogates (unpaired), emoji, combining marks, wide and rare script
    "\ud800", "\udfff", "\udcff", "👩‍👩‍👧‍👦", "🇨🇳", "e\u0301\u0301\u0301", "ｆｕｌｌｗｉｄｔｈ", "𠀋𡈽", "ﷺ", "ᚠᛇᚻ",
    # ordinary words so some texts are real memories
    "我喜欢喝咖啡", "我妈妈的生日是3月5号", "I live in Lyon", "coffee", "咖啡",
]

any_char = st.characters(exclude_categories=())  # includes unpaired surrogates (Cs)
hostile = st.one_of(
    st.text(any_char, max_size=60),
    st.lists(st.one_of(st.sampled_from(NASTY), st.text(any_char, max_size=8)), max_size=8).map("".join),
)


def assert_clean_outcome(r, ok_codes=(0, 2)) -> None:
    assert r.exit_code in ok_codes, (r.exit_code, r.stderr)
    assert "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
    if r.exit_code:
        lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1 and lines[0].startswith(("memcli: error: ", '{"error": ')), r.stderr


def integrity_ok(db: Path) -> None:
    conn = apsw.Connection(str(db))
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        conn.close()


#: invisible format characters a stored text must not keep: zero-width space / non-joiner / joiner,
#: left-to-right and right-to-left marks, the bidi embeddings and overrides (U+202A–U+202E), the
#: bidi isolates (U+2066–U+2069) and the byte-order mark — written out here, not taken from memcli
INVISIBLE = frozenset("\u200b\u200c\u200d\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\ufeff")
LIMIT = 4000  # the default max_text_chars


def _without_escapes(t: str) -> str:
    """ECMA-48 escape sequences removed whole, read by a scan (not memcli's regex): CSI (ESC [ or
    0x9B, parameters 0x30-0x3F, intermediates 0x20-0x2F, a final 0x40-0x7E), a control string (ESC ]
    P X ^ _ or 0x90 0x98 0x9D 0x9E 0x9F) up to BEL, ESC \\ or 0x9C, and ESC + intermediates + a final
    0x30-0x7E; a sequence that does not complete leaves its introducer to the control-character rule."""
    out, i, n = [], 0, len(t)

    def run(j: int, lo: str, hi: str) -> int:
        while j < n and lo <= t[j] <= hi:
            j += 1
        return j

    while i < n:
        c, end = t[i], None
        if c == "\x9b" or (c == "\x1b" and t[i + 1:i + 2] == "["):
            j = run(run(i + (1 if c == "\x9b" else 2), "\x30", "\x3f"), "\x20", "\x2f")
            end = j + 1 if j < n and "\x40" <= t[j] <= "\x7e" else None
        if end is None and (c in "\x90\x98\x9d\x9e\x9f" or (c == "\x1b" and t[i + 1:i + 2] in tuple("]PX^_"))):
            j = i + (1 if c != "\x1b" else 2)
            while j < n and t[j] not in "\x07\x1b\x9c":
                j += 1
            if j < n and t[j] in "\x07\x9c":
                end = j + 1
            elif t[j:j + 2] == "\x1b\\":
                end = j + 2
        if end is None and c == "\x1b":
            j = run(i + 1, "\x20", "\x2f")
            end = j + 1 if j < n and "\x30" <= t[j] <= "\x7e" else None
        if end is None:
            out.append(c)
            i += 1
        else:
            i = end
    return "".join(out)


def _surrogate(text: str) -> bool:
    """A lone surrogate: what Python makes of argv bytes that are no UTF-8 (refused by the CLI)."""
    return any(unicodedata.category(c) == "Cs" for c in text)


def cleaned_or_none(text: str) -> str | None:
    """What a stored text must be, by the documented rule and nothing of memcli's: control
    characters (Unicode category Cc, except tab and newline; CR and CRLF read as newline), lone surrogates
    (Cs) and :data:`INVISIBLE` removed, NFC, surrounding whitespace stripped; None when that
    leaves nothing or more than :data:`LIMIT` characters (the input must then be refused)."""
    text = _without_escapes(text.replace("\r\n", "\n").replace("\r", "\n"))  # CR is a line end
    kept = "".join(ch for ch in text if not (
        unicodedata.category(ch) == "Cs" or ch in INVISIBLE
        or (unicodedata.category(ch) == "Cc" and ch not in "\t\n\r")))
    out = unicodedata.normalize("NFC", kept).strip()
    return out if out and len(out) <= LIMIT else None


def test_the_oracle_itself():
    """Hand-checked values, so the oracle is not taken on trust either."""
    assert cleaned_or_none("  a\u200bb\x00c\u202e ") == "abc"
    assert cleaned_or_none("e\u0301") == "\u00e9"  # NFC
    assert cleaned_or_none("\ud800\u200d\x07") is None and cleaned_or_none("x" * 4001) is None
    assert cleaned_or_none("line\nbreak\ttab") == "line\nbreak\ttab"
    assert cleaned_or_none("a\x1b[31mred\x1b0b\x1b]0;title\x07c\x1b[") == "aredbc"


# -- capture / remember ------------------------------------------------------------------------

@FAST
@given(text=hostile)
def test_capture_arg(cli, db_path: Path, text: str):
    r = cli("--db", str(db_path), "--user", "alice", "capture", "--json", "--", text)
    if text == "-":
        return
    assert_clean_outcome(r)
    if _surrogate(text):  # a word of argv that is no UTF-8: refused whole, nothing written
        assert r.exit_code == 2 and "not valid UTF-8" in r.stderr, r.stderr
        integrity_ok(db_path)
        return
    want = cleaned_or_none(text)
    assert (r.exit_code == 0) == (want is not None), (text, r.stderr)
    if want is None:  # refused: blank after cleaning, or over the limit, and the line says which
        assert r.exit_code == 2 and ("empty" in r.stderr or "limit" in r.stderr), r.stderr
    if r.exit_code == 0:
        sid = r.json()["source_id"]
        conn = apsw.Connection(str(db_path))
        try:
            assert conn.execute("SELECT content FROM memory_sources WHERE id = ?", (sid,)).fetchone()[0] == want
        finally:
            conn.close()
    integrity_ok(db_path)


@FAST
@given(user=hostile, key=hostile, session=hostile, at=st.one_of(hostile, st.sampled_from(
    ["2026-03-01", "2026-03-01T09:30:00+08:00", "1899-12-31", "10000-01-01", "2026-02-30", "now", ""]))
)
def test_capture_options(cli, db_path: Path, user: str, key: str, session: str, at: str):
    r = cli("--db", str(db_path), "--user", user, "capture", "我喜欢喝咖啡", "--key", key, "--session", session,
            "--at", at, "--json")
    assert_clean_outcome(r)
    fields = ("user", "--at", "at:", "key", "session", "Unicode", "UTF-8")
    bad_user = user_problem(user) is not None  # the one rule (blank, a space at an end, control or invisible)
    if bad_user:  # a user that cannot be stored is refused (the first bad option is named)
        assert r.exit_code == 2 and any(w in r.stderr for w in fields), (user, r.stderr)
    elif r.exit_code == 0:  # stored under that user, with the text as given
        sid = r.json()["source_id"]
        conn = apsw.Connection(str(db_path))
        try:
            row = conn.execute("SELECT user_id, content FROM memory_sources WHERE id = ?", (sid,)).fetchone()
        finally:
            conn.close()
        assert row == (user, "我喜欢喝咖啡")  # as given: never trimmed into another user
    else:  # refused: the one line says which input was wrong
        assert any(w in r.stderr for w in fields), r.stderr
    integrity_ok(db_path)


@SLOWER
@given(text=hostile)
@example(text="ÀÀÀ駋")  # found by hypothesis in round 48: Latin letters no ASCII, read as not Chinese, recursed
def test_remember_arg(cli, db_path: Path, text: str):
    r = cli("--db", str(db_path), "--user", "alice", "remember", "--json", "--", text)
    if text == "-":
        return
    assert_clean_outcome(r)
    if _surrogate(text):  # a word of argv that is no UTF-8: refused whole, nothing written
        assert r.exit_code == 2 and "not valid UTF-8" in r.stderr, r.stderr
        integrity_ok(db_path)
        return
    want = cleaned_or_none(text)
    assert (r.exit_code == 0) == (want is not None), (text, r.stderr)
    if want is None:  # refused: blank after cleaning, or over the limit, and the line says which
        assert r.exit_code == 2 and ("empty" in r.stderr or "limit" in r.stderr), r.stderr
    if r.exit_code == 0:
        out = r.json()
        if out["decision"]["decision"] == "ADD":  # else it restated a stored memory (NOOP, ...)
            assert out["item"]["statement"] == want
        listed = cli("--db", str(db_path), "--user", "alice", "list", "--json").json()
        assert out["item"]["id"] in [m["id"] for m in listed]
        conn = apsw.Connection(str(db_path))
        try:  # the explicit source keeps exactly the cleaned text
            assert conn.execute("SELECT count(*) FROM memory_sources WHERE content = ?", (want,)).fetchone()[0]
        finally:
            conn.close()
    integrity_ok(db_path)


@FAST
@given(data=st.one_of(
    st.binary(max_size=200),
    st.lists(st.one_of(st.binary(max_size=40), st.sampled_from([
        b"\xff\xfe", b"\xc3\x28", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xc0\xaf", b"\x00", b"\r\n", b"\n",
        b'{"text": "\\ud800"}', b'{"text": "\xe6\x88\x91"}', b'{"text": 5}', b'{"text": null}', b"[]", b"{}",
        b'{"text": "a", "at": 1e400}', b'{"text": "a", "extra": 1}', b'{"text": "a", "role": "system"}',
        b'{"text": "a"', b"[" * 5000, b'{"a":' * 3000, b'{"text": "' + b"x" * 5000 + b'"}',
        b'{"text": "a", "key": "\\udc80"}', b'{"text": "a", "session": "\\u0000"}',
    ])), max_size=6).map(b"\n".join),
))
def test_capture_and_import_jsonl_stdin(cli, db_path: Path, data: bytes):
    for cmd in ("capture", "import"):
        r = cli("--db", str(db_path), "--user", "alice", cmd, "-", "--json", input=data)
        assert_clean_outcome(r)
        if r.exit_code:  # refused as a whole: the line names where, and nothing was written
            assert "line" in r.stderr or "stdin" in r.stderr or "empty" in r.stderr, r.stderr
            assert cli("--db", str(db_path), "--user", "alice", "stats", "--json").json()["sources"] == 0
        else:  # accepted: every record the output reports is stored, and no other
            out = r.json()
            records = len(out) if cmd == "capture" else out["records"]
            # blank as the reader sees it: str.strip() of the decoded line (U+001C-U+001F are whitespace
            # to Python's str, not to bytes.strip())
            non_blank = [ln for ln in data.split(b"\n") if ln.decode("utf-8").strip()]
            assert records == len(non_blank), (data, r.stdout)  # one record per non-blank line
            written = cli("--db", str(db_path), "--user", "alice", "stats", "--json").json()["sources"]
            assert written == len({ln for ln in non_blank}) or written == records, (written, records)
        db_path.unlink(missing_ok=True)
    integrity_ok(db_path) if db_path.exists() else None


@FAST
@given(data=st.binary(max_size=300))
def test_remember_stdin_bytes(cli, db_path: Path, data: bytes):
    r = cli("--db", str(db_path), "--user", "alice", "remember", "-", "--json", input=data)
    assert_clean_outcome(r)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:  # refused with a message that says why
        assert r.exit_code == 2 and "not valid UTF-8" in r.stderr, r.stderr
        return
    want = cleaned_or_none(text)
    assert r.exit_code == (0 if want is not None else 2), (data, r.stderr)
    if want is None:
        assert ("empty" in r.stderr or "limit" in r.stderr), r.stderr
    elif r.json()["decision"]["decision"] == "ADD":
        assert r.json()["item"]["statement"] == want
    integrity_ok(db_path)


# -- search / context ------------------------------------------------------------------------------

@pytest.fixture
def seeded(cli, db_path: Path) -> Path:
    for t in ["我喜欢喝咖啡", "我妈妈的生日是3月5号", "I live in Lyon", "My sister is a doctor"]:
        assert cli("--db", str(db_path), "--user", "alice", "remember", t).exit_code == 0
    return db_path


@FAST
@given(query=hostile, as_of=st.one_of(st.none(), hostile, st.sampled_from(["2026-03-01", "1899-01-01", "9999-12-31"])))
def test_search(cli, seeded: Path, query: str, as_of: str | None):
    r = cli("--db", str(seeded), "--user", "alice", "search", "--json", *(("--as-of", as_of) if as_of is not None
                                                                            else ()), "--", query)
    if query == "-":
        return
    assert_clean_outcome(r)
    if r.exit_code == 0:
        hits = r.json()["hits"]
        assert all(h["statement"] in {"我喜欢喝咖啡", "我妈妈的生日是3月5号", "I live in Lyon",
                                      "My sister is a doctor"} for h in hits)
    integrity_ok(seeded)


@FAST
@given(query=hostile)
def test_context(cli, seeded: Path, query: str):
    r = cli("--db", str(seeded), "--user", "alice", "context", "--budget-ms", "60000", "--format", "json",
            "--", query)
    if query == "-":
        return
    assert_clean_outcome(r)
    if r.exit_code == 0:
        out = r.json()
        assert out["text"] == "" or out["text"].count("\n") == len(out["hits"]) + 1
    integrity_ok(seeded)


def test_fts_and_sql_syntax_finds_the_memory(cli, seeded: Path):
    """Operators around a real word are text, not syntax: the memory is still found."""
    for q in ['咖啡"', "NEAR(咖啡", "咖啡 OR", "咖啡*", "'; DROP TABLE memory_items; -- 咖啡", "Lyon:", "-Lyon",
              "Lyon)", '"Lyon']:
        r = cli("--db", str(seeded), "--user", "alice", "search", "--json", "--", q)
        assert r.exit_code == 0, (q, r.stderr)
        assert r.json()["hits"], q
    assert len(cli("--db", str(seeded), "--user", "alice", "list", "--json").json()) == 4


# -- 1 MB -----------------------------------------------------------------------------------------

MB = "我喜欢喝咖啡。I like coffee. " * 40_000  # ~1 MB of UTF-8


@pytest.mark.parametrize("args,stdin", [
    (["capture", MB], None),
    (["remember", MB], None),
    (["capture", "-"], json.dumps({"text": MB}, ensure_ascii=False)),
    (["remember", "-"], MB),
    (["capture", "-"], "\n".join(json.dumps({"text": f"我喜欢猫 {i}"}) for i in range(20000))),
], ids=["capture-arg", "remember-arg", "capture-jsonl", "remember-stdin", "capture-20k-lines"])
def test_one_megabyte_inputs(cli, db_path: Path, args, stdin):
    assert len((stdin or args[-1]).encode("utf-8")) > 500_000
    r = cli("--db", str(db_path), "--user", "alice", *args, "--json", input=stdin)
    assert_clean_outcome(r)
    if stdin and stdin.count("\n") > 1000:  # many small lines: all captured, in one transaction
        assert r.exit_code == 0, r.stderr
        assert len(r.json()) == 20000
    else:  # one huge text: refused, nothing written
        assert r.exit_code == 2 and "limit" in r.stderr, r.stderr
        assert cli("--db", str(db_path), "--user", "alice", "stats", "--json").json()["sources"] == 0
    integrity_ok(db_path)


@pytest.mark.parametrize("cmd", ["search", "context"])
def test_one_megabyte_query(cli, seeded: Path, cmd: str):
    budget = ["--budget-ms", "60000"] if cmd == "context" else []  # about truncation, not speed: a loaded machine
    r = cli("--db", str(seeded), "--user", "alice", cmd, MB, *budget, "--json")  # may pass 800 ms cold
    assert_clean_outcome(r)
    # a query is cut to its first part, not refused: it still finds the coffee memory it starts with
    assert r.exit_code == 0, r.stderr
    out = r.json()
    if cmd == "search":
        assert out["info"]["query_truncated"] is True and out["hits"][0]["statement"] == "我喜欢喝咖啡"
    else:
        assert "我喜欢喝咖啡" in out["text"]


# -- real processes: bytes in argv and on stdin ----------------------------------------------------

def _run(db: Path, *args: bytes, stdin: bytes = b"") -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
    return subprocess.run([sys.executable.encode(), b"-m", b"memcli", b"--db", str(db).encode(), *args],
                          input=stdin, capture_output=True, env=env, timeout=120)


#: per case below: the exit code and what the one line (or the output) must say
EXPECTED = [
    (2, "argument 4 is not valid UTF-8"),  # undecodable user: refused, the word named
    (2, "is not valid UTF-8"),  # undecodable key
    (2, "is not valid UTF-8"),  # undecodable session
    (2, "is not valid UTF-8"),  # undecodable bytes in the text: refused whole (they were dropped silently)
    (2, "stdin line 2: not valid UTF-8"),  # the whole stdin refused, line named
    (2, "stdin line 1: not valid UTF-8"),
    (2, "argument 6 is not valid UTF-8"),  # an undecodable query: refused like any other word
]


def test_invalid_utf8_argv_and_stdin_real_process(tmp_path: Path):
    db = tmp_path / "m.db"
    cases = [
        ([b"--user", b"\xff\xfe", b"capture", b"hello"], b""),
        ([b"--user", b"u", b"capture", b"hello", b"--key", b"k\xed\xa0\x80"], b""),
        ([b"--user", b"u", b"capture", b"hello", b"--session", b"\xc3\x28"], b""),
        ([b"--user", b"u", b"capture", b"\xff\xfeabc"], b""),
        ([b"--user", b"u", b"capture", b"-"], b'{"text": "ok"}\n\xff\xfe\n'),
        ([b"--user", b"u", b"remember", b"-"], b"\xe6\x88\x91\xff"),
        ([b"--user", b"u", b"search", b"\xff"], b""),
    ]
    for (args, stdin), (code, needle) in zip(cases, EXPECTED, strict=True):
        r = _run(db, *args, stdin=stdin)
        err = r.stderr.decode("utf-8", "replace")
        assert r.returncode == code, (args, r.returncode, err)
        assert "Traceback" not in err and "internal error" not in err, (args, err)
        if code:
            assert len(err.strip().splitlines()) == 1 and needle in err, (args, err)
        else:
            assert needle in r.stdout.decode("utf-8") + err, (args, r.stdout, err)
    # every case was refused: nothing was written
    conn = apsw.Connection(str(db))
    try:
        assert conn.execute("SELECT user_id, content FROM memory_sources").fetchall() == []
    finally:
        conn.close()
    integrity_ok(db)


def test_a_text_read_as_not_chinese_with_cjk_and_no_ascii_letter_ends_nothing() -> None:
    # (merge of round 48) ending_told read the Chinese words of an English clause by dropping its ASCII letters and
    # asking again; a text with other letters only (À, é, Ω) stayed the same and recursed without end
    from memcli.write.linked_change import ending_told

    assert ending_told("ÀÀÀ駋") is None
    for text in ("ééé我们分手了", "ΩΩΩ 他走了", "Ünïcödé 换了新工作"):  # no RecursionError, whatever it reads
        assert ending_told(text) is None or ending_told(text)[0] in ("death", "couple", "job", "sold"), text
