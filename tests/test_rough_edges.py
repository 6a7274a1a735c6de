"""The first hour of a new user (issue 23): each rough edge found from a fresh clone, as a kind.

- control characters (C0, C1) and ANSI escape sequences never reach the store or the index;
- a read-only file, folder or filesystem opens read-only: every read command works, a write
  says "read-only database";
- a time more than a day ahead is refused (one line, exit 2) unless ``--allow-future``;
- ``/dev/null`` and other non-regular files read as files (empty, or what they give);
- ``export --all | import`` keeps a forgotten memory forgotten;
- ``from memcli import Admin``;
- ``--help`` and every command exit 0 whatever ``TERM`` and stdout are (a file, a closed pipe,
  a closed descriptor), and an internal error always says what failed.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import apsw
import pytest
from conftest import ROOT, run_cli

from memcli import Memory
from memcli.text import clean_text, search_tokens
from memcli.timeutil import now_utc

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def one_error_line(r, code: int) -> str:
    assert r.exit_code == code, (r.exit_code, r.stdout, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("memcli: error: "), r.stderr
    return lines[0]


# -- control characters and ANSI escapes -------------------------------------------------------

def test_ansi_escapes_and_control_characters_are_removed_whole():
    assert clean_text("我养了一只猫\x00叫\x07咪咪\x1b[1;31m很乖\x1b[0m") == "我养了一只猫叫咪咪很乖"
    assert clean_text("a\x1b]0;window title\x07b") == "ab"  # OSC, BEL-terminated
    assert clean_text("see \x1b]8;;https://example.org\x1b\\this\x1b]8;;\x1b\\ link") == "see this link"  # OSC 8
    assert clean_text("x\x9b2Jy\x85z\x7f") == "xyz"  # C1 CSI, NEL, DEL
    assert clean_text("a\x1b(Bb\x1b7c\x1b") == "abc"  # charset and cursor escapes; a lone ESC
    assert clean_text("one\r\ntwo\rthree\tfour\n") == "one\ntwo\nthree\tfour\n"  # whitespace stays
    assert clean_text("unterminated \x1b]title") == "unterminated title"  # no terminator: the text is kept
    toks = search_tokens("I like \x1b[31mred\x1b[0m apples")
    assert toks == ["i", "like", "red", "apples"]


def test_remember_from_stdin_stores_no_escape_residue(cli, tmp_path: Path):
    raw = "我喜欢\x00吃\x07香蕉\x1b[31m和芒果\x1b[0m".encode()
    r = cli("remember", "-", "--kind", "preference", "--json", input=raw)
    assert r.exit_code == 0, r.stderr
    item = r.json()["item"]
    assert item["statement"] == "我喜欢吃香蕉和芒果"
    assert "[" not in (item["slot"] or "") and "31m" not in (item["slot"] or ""), item["slot"]
    hit = cli("search", "芒果", "--json").json()["hits"][0]
    assert hit["statement"] == "我喜欢吃香蕉和芒果"
    assert cli("search", "31m", "--json").json()["hits"] == []


# -- read-only databases -------------------------------------------------------------------------

@contextlib.contextmanager
def read_only_filesystem(tmp_path: Path):
    """A folder whose filesystem (root: a tmpfs remounted read-only) or, for other users, whose
    modes forbid writing; yields (folder, make_read_only)."""
    folder = tmp_path / "vol"
    folder.mkdir()
    mounted = False
    if IS_ROOT:
        if shutil.which("mount") is None:
            pytest.skip("needs mount to make a read-only filesystem")
        r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=32m", "tmpfs", str(folder)], capture_output=True)
        if r.returncode != 0:
            pytest.skip(f"cannot mount tmpfs: {r.stderr.decode(errors='replace').strip()}")
        mounted = True

    def make_read_only() -> None:
        if mounted:
            subprocess.run(["mount", "-o", "remount,ro", str(folder)], check=True)
        else:
            for p in folder.iterdir():
                p.chmod(0o444)
            folder.chmod(0o555)

    try:
        yield folder, make_read_only
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], check=False)
        else:
            folder.chmod(0o755)


def test_read_only_filesystem_every_read_works_and_writes_say_read_only(cli, tmp_path: Path, embedder):
    with read_only_filesystem(tmp_path) as (folder, make_read_only):
        db = str(folder / "m.db")
        with Memory(db=db, user="alice") as m:
            m.remember("I take my coffee without sugar", kind="preference")
            m.remember("My sister lives in Lyon", kind="relationship")
            m.capture("我住在上海", key="k1")
        assert not Path(db + "-wal").exists()  # closed cleanly: reads need no -wal/-shm of their own
        old = str(folder / "old.db")  # a database an older memcli left: opening it would migrate (write)
        shutil.copy(db, old)
        conn = apsw.Connection(old)
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        conn.execute(f"PRAGMA user_version = {version - 1}")
        conn.close()
        make_read_only()
        with pytest.raises(OSError):
            (folder / "probe").write_text("x")

        base = ("--db", db, "--user", "alice")
        r = cli(*base, "list", "--json")
        assert r.exit_code == 0, r.stderr
        assert sorted(x["statement"] for x in r.json()) == ["I take my coffee without sugar",
                                                            "My sister lives in Lyon"]
        r = cli(*base, "search", "coffee", "--json")
        assert r.exit_code == 0, r.stderr
        assert r.json()["hits"][0]["statement"] == "I take my coffee without sugar"
        r = cli(*base, "context", "how do I take my coffee?", "--budget-ms", "60000")
        assert r.exit_code == 0 and "I take my coffee without sugar" in r.stdout, r.stderr
        for args in (["show", "1", "--json"], ["history", "1", "--json"], ["stats", "--json"],
                     ["export", "--all"], ["outbox", "--json"]):
            r = cli(*base, *args)
            assert r.exit_code == 0, (args, r.stderr)
            assert "error" not in r.stderr, (args, r.stderr)
        assert cli(*base, "stats", "--json").json()["items"]["active"] == 2
        assert cli(*base, "outbox", "--json").json()["counts"]["pending"] == 1

        for args in (["remember", "I have a cat"], ["capture", "new utterance"], ["forget", "1"],
                     ["correct", "2", "My sister lives in Paris"], ["drain"]):
            line = one_error_line(cli(*base, *args), 4)
            assert "read-only database" in line and db in line, (args, line)
        line = one_error_line(cli("--db", old, "--user", "alice", "list"), 4)
        assert "read-only database" in line and "older schema" in line and "upgrade" in line, line


# -- times in the future -----------------------------------------------------------------------------

def test_a_time_more_than_a_day_ahead_is_refused_unless_allowed(cli, tmp_path: Path):
    for args, stdin in ((["remember", "I like green tea", "--at", "3026-01-01"], None),
                        (["capture", "I like green tea", "--at", "3026-01-01"], None),
                        (["capture", "-"], '{"text": "I like green tea", "at": "3026-01-01"}\n'),
                        (["import", "-"], '{"text": "I like green tea", "at": "3026-01-01"}\n')):
        line = one_error_line(cli(*args, input=stdin), 2)
        assert "3026-01-01" in line and "more than a day in the future" in line and "--allow-future" in line, line
    stats = cli("stats", "--json").json()
    assert stats["items"]["active"] == 0 and stats["sources"] == 0  # nothing was written

    soon = (now_utc() + timedelta(hours=20)).strftime("%Y-%m-%dT%H:%M:%SZ")  # time zones: within a day is fine
    assert cli("capture", "I like green tea", "--at", soon).exit_code == 0
    r = cli("remember", "I like green tea", "--at", "3026-01-01", "--allow-future", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json()["item"]["valid_from"].startswith("3026-01-01")
    assert cli("capture", "I like oolong", "--at", "3026-01-02", "--allow-future").exit_code == 0


# -- /dev/null and other non-regular files ----------------------------------------------------------

def test_dev_null_and_a_fifo_read_as_files(cli, tmp_path: Path):
    assert cli("remember", "I take my coffee without sugar").exit_code == 0
    r = cli("context", "coffee", "--system", "/dev/null", "--history", "/dev/null", "--format", "messages",
            "--budget-ms", "60000")
    assert r.exit_code == 0, r.stderr
    messages = json.loads(r.stdout)
    assert [m["role"] for m in messages] == ["system"] and "I take my coffee without sugar" in messages[0]["content"]
    r = cli("import", "/dev/null")
    assert r.exit_code == 0 and "no records" in r.stderr, r.stderr

    fifo = tmp_path / "system.fifo"
    os.mkfifo(fifo)
    writer = subprocess.Popen([sys.executable, "-c", f"open({str(fifo)!r}, 'w').write('You are terse.')"])
    r = cli("context", "coffee", "--system", str(fifo), "--format", "messages", "--budget-ms", "60000")
    writer.wait(timeout=60)
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)[0] == {"role": "system", "content": "You are terse."}
    assert "is a folder" in one_error_line(cli("context", "coffee", "--system", str(tmp_path)), 2)


# -- export / import keeps forgotten --------------------------------------------------------------

def test_export_all_then_import_keeps_forgotten_forgotten(tmp_path: Path, embedder):
    with Memory(db=str(tmp_path / "a.db"), user="alice") as a:
        tea = a.remember("I like green tea", kind="preference").item_id
        lyon = a.remember("My sister lives in Lyon", kind="relationship").item_id
        a.correct(lyon, "My sister lives in Paris")
        a.forget(tea)
        lines = [json.dumps(rec) for rec in a.export(include_all=True)]
        before = sorted((i.statement, i.status) for i in a.list(include_all=True))
    assert any(json.loads(ln).get("invalid_reason") == "forgotten by the user" for ln in lines)
    with Memory(db=str(tmp_path / "b.db"), user="alice") as b:
        b.import_jsonl(lines)
        after = sorted((i.statement, i.status) for i in b.list(include_all=True))
        assert b.stats()["items"] == {"active": 1, "invalid": 1, "superseded": 0, "forgotten": 1}
        assert [h.statement for h in b.search("green tea")] == []
    assert after == before
    assert ("I like green tea", "forgotten") in after


@pytest.mark.backends
def test_importing_the_same_file_twice_skips_what_is_already_there(cli, tmp_path: Path, new_db):
    """Issue 23: a second import of an ``export --all`` file wrote its past memories again."""
    a, b = new_db("a"), new_db("b")
    assert cli("--db", a, "remember", "I like green tea", "--at", "2026-01-02").exit_code == 0
    assert cli("--db", a, "remember", "My sister lives in Lyon", "--at", "2026-01-03").exit_code == 0
    lyon = cli("--db", a, "list", "--json").json()[0]["id"]
    assert cli("--db", a, "correct", str(lyon), "My sister lives in Paris").exit_code == 0
    dump = tmp_path / "mine.jsonl"
    dump.write_text(cli("--db", a, "export", "--all").stdout, encoding="utf-8")
    assert len(dump.read_text().splitlines()) == 4  # three memories, then the end line
    r = cli("--db", b, "import", str(dump), "--json")
    assert r.exit_code == 0, r.stderr
    assert (r.json()["records"], r.json()["skipped"]) == (3, 0)
    before = sorted((i["statement"], i["status"]) for i in cli("--db", b, "list", "--all", "--json").json())
    r = cli("--db", b, "import", str(dump))
    assert r.exit_code == 0 and r.stderr.strip() == "imported 0 record(s): nothing new; skipped 3 already present"
    after = sorted((i["statement"], i["status"]) for i in cli("--db", b, "list", "--all", "--json").json())
    assert after == before and len(after) == 3
    assert cli("--db", b, "stats", "--json").json()["sources"] == 3  # no new source rows either
    # the same line twice in one file is written once; a changed valid time is a new record
    r = cli("--db", b, "import", "-", "--json", input='{"text": "I run on Sundays", "at": "2026-02-01"}\n' * 2
            + '{"text": "I like green tea", "at": "2026-03-01"}\n')
    assert (r.json()["records"], r.json()["skipped"]) == (2, 1), r.stdout


# -- the public surface ---------------------------------------------------------------------------------

def test_admin_is_exported_from_the_package(tmp_path: Path, fake_embedder):
    from memcli import Admin
    from memcli.admin import Admin as AdminClass

    assert Admin is AdminClass
    with Memory(db=str(tmp_path / "m.db"), user="alice", embedder=fake_embedder) as m:
        m.capture("hello there")
    with Admin(db=str(tmp_path / "m.db"), embedder=fake_embedder) as adm:
        assert adm.outbox_status().counts["pending"] == 1


# -- help and exit codes whatever the terminal and stdout ------------------------------------------

def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("MEMCLI_")}
    env.update(PYTHONPATH=str(ROOT), XDG_CACHE_HOME=str(tmp_path / "cache"), MEMCLI_DB=str(tmp_path / "cli.db"),
               MEMCLI_USER="alice", MEMCLI_CONFIG=str(tmp_path / "config.toml"), **extra)
    return env


def _memcli(args: list[str], env: dict[str, str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "memcli", *args], env=env, stderr=subprocess.PIPE, timeout=300,
                          **kw)


def _into_closed_pipe(args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    read, write = os.pipe()
    os.close(read)  # the reader is gone before memcli writes (as `| head -0`)
    try:
        return _memcli(args, env, stdout=write)
    finally:
        os.close(write)


def test_help_into_a_closed_pipe_then_into_a_file_exits_0_with_term_set(tmp_path: Path):
    env = _env(tmp_path, TERM="xterm")
    p = _into_closed_pipe(["--help"], env)  # what `memcli --help | head` does first
    assert (p.returncode, p.stderr) == (0, b""), (p.returncode, p.stderr)
    for attempt in ("first", "again"):
        out = tmp_path / f"help-{attempt}.txt"
        with out.open("wb") as f:
            p = _memcli(["--help"], env, stdout=f)
        assert (p.returncode, p.stderr) == (0, b""), (attempt, p.returncode, p.stderr)
        text = out.read_text(encoding="utf-8")
        assert "Usage" in text and "capture" in text and "context" in text and "warm" in text, text
    p = _into_closed_pipe(["--help"], env)  # now from the cache
    assert (p.returncode, p.stderr) == (0, b""), (p.returncode, p.stderr)


def test_help_and_commands_into_a_closed_pipe_exit_0(tmp_path: Path, embedder):
    env = _env(tmp_path, TERM="xterm")
    with Memory(db=env["MEMCLI_DB"], user="alice") as m:
        for n in range(30):
            m.remember(f"I have visited city number {n}")
    for args in (["--help"], ["list"], ["list", "--json"], ["export", "--all"], ["history", "1"]):
        p = _into_closed_pipe(args, env)
        assert (p.returncode, p.stderr) == (0, b""), (args, p.returncode, p.stderr)
    p = _memcli(["list", "--json"], env, stdout=subprocess.DEVNULL, preexec_fn=lambda: os.close(1))
    assert (p.returncode, p.stderr) == (0, b""), p.stderr  # stdout closed outright (`>&-`)


def test_a_cached_failure_is_never_replayed_as_a_silent_exit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    from memcli.cli import fast

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    path = fast.help_cache(["--help"])
    assert path is not None
    path.parent.mkdir(parents=True)
    path.write_text("70\nUsage: half a help", encoding="utf-8")  # what an earlier failed run left
    r = run_cli("--help")
    assert r.exit_code == 0 and "capture" in r.stdout, (r.exit_code, r.stdout, r.stderr)


def test_an_internal_error_says_what_failed(cli, monkeypatch: pytest.MonkeyPatch):
    def broken(self, **_: object) -> None:
        raise RuntimeError("the list broke")

    monkeypatch.setattr(Memory, "list", broken)
    r = cli("list")
    assert r.exit_code == 70, (r.exit_code, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("memcli: internal error in memcli/"), lines[0]
    assert "tests/test_rough_edges.py" not in lines[0]  # names memcli's own frame
    assert "RuntimeError: the list broke" in lines[0] and "--debug" in lines[0], lines[0]


@pytest.mark.parametrize("raw", ["e13", "E7", " e2"])
def test_an_episode_id_given_where_a_memory_id_is_expected_is_named(cli, raw: str):
    cli("remember", "I like green tea")
    for cmd in (["show", raw], ["history", raw], ["correct", raw, "I like black tea"]):
        line = one_error_line(cli(*cmd), 2)
        assert f"{raw.strip()} is an episode" in line and f"memcli forget {raw.strip()}" in line, line
    assert [it["statement"] for it in cli("list", "--json").json()] == ["I like green tea"]  # nothing changed


@pytest.mark.parametrize("raw", ["abc", "-", "1.5", "１２", "e", "12e"])
def test_a_malformed_memory_id_is_one_line(cli, raw: str):
    line = one_error_line(cli("show", "--", raw), 2)
    assert "must be a memory id such as 12" in line, line


@pytest.mark.parametrize("raw", ["-5", "-12", "0"])
def test_a_negative_or_zero_id_gets_the_commands_bad_id_error(cli, raw: str):
    """``show -5`` was "No such option: -5" (the parser read it as an option): now the id's own error,
    the one ``show abc`` gets, for every command taking an id; nothing is changed."""
    cli("remember", "I like green tea")
    for cmd in (["show", raw], ["history", raw], ["correct", raw, "I like black tea"]):
        line = one_error_line(cli(*cmd), 2)
        assert f"Invalid value for 'item_id': must be a memory id such as 12 (see `memcli list`), got '{raw}'" \
            in line, line
    line = one_error_line(cli("forget", raw, "--purge"), 2)
    assert line == ("memcli: error: ID must be a memory id such as 12 or 'm12', or an episode id such as e12 "
                    f"(got '{raw}')")
    for cmd in (["token", "revoke", raw], ["outbox", "retry", raw]):
        line = one_error_line(cli(*cmd), 2)
        assert f"must be a positive id such as 3, got '{raw}'" in line, line
    r = cli("show", raw, "--json")
    assert r.exit_code == 2 and json.loads(r.stderr)["error"]["message"].endswith(f"got '{raw}'"), r.stderr
    assert [it["statement"] for it in cli("list", "--json").json()] == ["I like green tea"]  # nothing changed
    assert one_error_line(cli("show", "-x"), 2).startswith("memcli: error: No such option: -x")  # an option still
