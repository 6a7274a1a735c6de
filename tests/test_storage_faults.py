"""Storage faults: a read-only file or folder, a full disk, a database held by another
writer, a file that is not a database. Each must give one clear line on stderr, a non-zero
exit code, and leave what was already committed intact.

Running as root (CI containers), file modes do not stop writes, so read-only is made with
``chattr +i`` and a full disk with a small tmpfs; the tests skip when neither works. The
``PRAGMA max_page_count`` variant of a full disk runs everywhere.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import apsw
import pytest

from memcli import Memory
from memcli.errors import StoreFullError

IS_ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def one_line_error(r, code: int, *needles: str) -> None:
    """The CLI failed with ``code`` and exactly one ``memcli: error:`` line on stderr (with
    ``--json``: one JSON error line of that exit code)."""
    assert r.exit_code == code, (r.exit_code, r.stdout, r.stderr)
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, r.stderr
    if lines[0].startswith('{"error": '):
        import json

        assert json.loads(lines[0])["error"]["exit_code"] == code, lines[0]
    else:
        assert lines[0].startswith("memcli: error: "), r.stderr
    assert "Traceback" not in r.stderr
    for n in needles:
        assert n in lines[0], lines[0]


def committed(db: Path) -> dict:
    """What is committed, read with a plain connection: integrity, statements, source texts."""
    conn = apsw.Connection(str(db))  # read-write, so that closing it removes -wal and -shm
    try:
        ok = conn.execute("PRAGMA integrity_check").fetchall()
        stmts = sorted(r[0] for r in conn.execute("SELECT statement FROM memory_items"))
        sources = sorted(r[0] for r in conn.execute("SELECT content FROM memory_sources"))
        return {"integrity": [r[0] for r in ok], "items": stmts, "sources": sources}
    finally:
        conn.close()


@pytest.fixture
def seeded(db_path: Path, embedder) -> Path:
    """A database with two remembered memories and one captured utterance, closed."""
    with Memory(db=str(db_path), user="alice") as m:
        m.remember("I take my coffee without sugar")
        m.remember("我妈妈的生日是3月5号")
        m.capture("我住在上海", key="k0")
    return db_path


@contextlib.contextmanager
def read_only(path: Path):
    """Make ``path`` (file or folder) unwritable for this process, then restore it."""
    if IS_ROOT:
        if shutil.which("chattr") is None:
            pytest.skip("running as root without chattr: cannot make a path read-only")
        r = subprocess.run(["chattr", "+i", str(path)], capture_output=True)
        if r.returncode != 0:
            pytest.skip(f"chattr +i not supported here: {r.stderr.decode(errors='replace').strip()}")
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
    else:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(mode)


# -- read-only ---------------------------------------------------------------------------

def test_read_only_file_refuses_writes_and_still_reads(cli, seeded: Path):
    before = committed(seeded)
    db = str(seeded)
    with read_only(seeded):
        r = cli("--db", db, "--user", "alice", "capture", "new utterance")
        one_line_error(r, 4, "read-only", db)
        r = cli("--db", db, "--user", "alice", "remember", "I have a cat")
        one_line_error(r, 4, "read-only")
        r = cli("--db", db, "--user", "alice", "forget", "1")
        one_line_error(r, 4, "read-only")
        # Reading still works on a read-only file.
        r = cli("--db", db, "--user", "alice", "list", "--json")
        assert r.exit_code == 0, r.stderr
        assert sorted(m["statement"] for m in r.json()) == before["items"]
        r = cli("--db", db, "--user", "alice", "search", "coffee", "--json")
        assert r.exit_code == 0, r.stderr
        assert r.json()["hits"][0]["statement"] == "I take my coffee without sugar"
        r = cli("--db", db, "--user", "alice", "context", "coffee", "--budget-ms", "60000")
        assert r.exit_code == 0 and "I take my coffee without sugar" in r.stdout, r.stderr
        r = cli("--db", db, "--user", "alice", "drain")  # the worker must write: refused cleanly
        one_line_error(r, 4, "read-only")
    assert committed(seeded) == before
    assert before["integrity"] == ["ok"]


def test_read_only_folder_refuses_writes(cli, seeded: Path):
    before = committed(seeded)
    db = str(seeded)
    assert not Path(db + "-wal").exists()  # else writes would go through the existing files
    with read_only(seeded.parent):
        for args in (["capture", "new utterance"], ["remember", "I have a cat"], ["forget", "1", "--purge"]):
            r = cli("--db", db, "--user", "alice", *args)
            one_line_error(r, 4, db)
        r = cli("--db", str(seeded.parent / "new.db"), "--user", "alice", "capture", "x")
        one_line_error(r, 4, "new.db")
    assert committed(seeded) == before
    assert not (seeded.parent / "new.db").exists()


# -- full disk ---------------------------------------------------------------------------

@pytest.fixture
def tiny_fs(tmp_path: Path):
    """An 8 MiB tmpfs mounted in the test folder (root only; skipped otherwise)."""
    mnt = tmp_path / "tiny"
    mnt.mkdir()
    if not IS_ROOT or shutil.which("mount") is None:
        pytest.skip("needs root to mount a small tmpfs")
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(mnt)], capture_output=True)
    if r.returncode != 0:
        pytest.skip(f"cannot mount tmpfs: {r.stderr.decode(errors='replace').strip()}")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def fill(folder: Path, leave_bytes: int) -> Path:
    """Fill the filesystem of ``folder`` with a filler file, then give back ``leave_bytes``."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        for chunk in (1 << 20, 1 << 16, 512):
            with contextlib.suppress(OSError):
                while True:
                    os.write(fd, b"\0" * chunk)
    finally:
        os.close(fd)
    os.truncate(filler, max(0, filler.stat().st_size - leave_bytes))
    return filler


@pytest.mark.parametrize("leave_kib", [0, 64])
def test_full_disk_one_line_error_and_data_intact(cli, tiny_fs: Path, embedder, leave_kib: int):
    db = tiny_fs / "m.db"
    with Memory(db=str(db), user="alice") as m:
        m.remember("I take my coffee without sugar")
        m.remember("我妈妈的生日是3月5号")
    before = committed(db)
    filler = fill(tiny_fs, leave_kib * 1024)
    big = "我喜欢在周末去公园散步,然后喝一杯咖啡。" * 150
    for args in (["capture", big], ["remember", big[:3000]], ["correct", "1", big[:3000]],
                 ["forget", "2", "--purge"]):
        r = cli("--db", str(db), "--user", "alice", *args)
        one_line_error(r, 4, "disk or quota full")
    filler.unlink()
    assert committed(db) == before
    r = cli("--db", str(db), "--user", "alice", "capture", "after the disk was freed", "--json")
    assert r.exit_code == 0, r.stderr


def test_purge_on_nearly_full_disk_says_what_happened(cli, tiny_fs: Path, embedder):
    """The purge transaction fits but the VACUUM that follows does not: the message must not
    claim "nothing was written", and the purged text must still be gone from the files."""
    db = tiny_fs / "m.db"
    with Memory(db=str(db), user="alice") as m:
        doomed = m.remember("my bike is parked by gate zqxpurgemarker 4711").item_id
        m.remember("我喜欢猫")
    filler = fill(tiny_fs, 600 * 1024)
    r = cli("--db", str(db), "--user", "alice", "forget", str(doomed), "--purge")
    filler.unlink()
    after = committed(db)
    if r.exit_code == 0:  # enough room after all: a plain success is fine too
        assert "my bike is parked by gate zqxpurgemarker 4711" not in after["items"]
    else:
        one_line_error(r, 4)
        purged = "my bike is parked by gate zqxpurgemarker 4711" not in after["items"]
        assert ("nothing was written" in r.stderr) == (not purged), r.stderr
        if purged:
            assert "purge was committed" in r.stderr
    if "my bike is parked by gate zqxpurgemarker 4711" not in after["items"]:
        raw = b"".join(p.read_bytes() for p in tiny_fs.iterdir() if p.name.startswith("m.db"))
        assert b"zqxpurgemarker" not in raw
    assert after["integrity"] == ["ok"]


def test_page_limit_full_is_store_full_error(seeded: Path, embedder):
    """Where no small filesystem can be mounted: SQLite's own size limit gives SQLITE_FULL."""
    before = committed(seeded)
    with Memory(db=str(seeded), user="alice") as m:
        pages = m.store.scalar("PRAGMA page_count")
        m.store.q(f"PRAGMA max_page_count = {int(pages)}")
        with pytest.raises(StoreFullError, match="full"):
            m.capture_jsonl([f'{{"text": "{"很长的一句话" * 600}", "key": "k{i}"}}' for i in range(20)])
    assert committed(seeded) == before


# -- locked by another writer --------------------------------------------------------------

def test_locked_past_busy_timeout(cli, seeded: Path, monkeypatch: pytest.MonkeyPatch):
    before = committed(seeded)
    db = str(seeded)
    monkeypatch.setenv("MEMCLI_BUSY_TIMEOUT_MS", "150")
    holder = apsw.Connection(db)
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("INSERT INTO memcli_meta(key, value) VALUES ('held', 'yes')")
    try:
        for args in (["capture", "while locked"], ["remember", "I have a cat"], ["forget", "1"],
                     ["forget", "2", "--purge"], ["correct", "1", "I take my coffee with sugar"], ["drain"]):
            r = cli("--db", db, "--user", "alice", *args)
            one_line_error(r, 4, "locked")
        # Readers are not blocked in WAL mode.
        r = cli("--db", db, "--user", "alice", "list", "--json")
        assert r.exit_code == 0, r.stderr
        assert sorted(m["statement"] for m in r.json()) == before["items"]
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert committed(seeded) == before
    conn = apsw.Connection(db)
    try:  # the drain claimed nothing: the captured task is untouched
        assert conn.execute("SELECT status, attempts FROM memory_capture_outbox").fetchall() == [("pending", 0)]
    finally:
        conn.close()
    r = cli("--db", db, "--user", "alice", "capture", "after the lock", "--json")
    assert r.exit_code == 0, r.stderr


def test_locked_by_another_process_real_cli(seeded: Path, tmp_path: Path):
    """The same through real processes: a holder process and the installed ``memcli``."""
    before = committed(seeded)
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import apsw, sys; c = apsw.Connection(sys.argv[1]); c.execute('BEGIN IMMEDIATE');"
         "c.execute(\"INSERT INTO memcli_meta(key, value) VALUES ('held', 'yes')\");"
         "print('held', flush=True); sys.stdin.read()", str(seeded)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        env = {**os.environ, "MEMCLI_BUSY_TIMEOUT_MS": "300"}
        r = subprocess.run([sys.executable, "-m", "memcli", "--db", str(seeded), "--user", "alice",
                            "capture", "while locked"], capture_output=True, text=True, env=env, timeout=120)
    finally:
        holder.communicate("", timeout=30)
    assert r.returncode == 4, r.stderr
    assert r.stderr.strip().count("\n") == 0 and "locked" in r.stderr, r.stderr
    assert committed(seeded) == before


# -- not a database -------------------------------------------------------------------------

@pytest.mark.parametrize("content", [
    b"this is a text file, not a database\n" * 20,
    bytes(range(256)) * 40,
    b"SQLite format 3\x00" + b"\xff" * 4080,  # a forged header over garbage
], ids=["text", "binary", "forged-header"])
def test_not_a_database(cli, tmp_path: Path, content: bytes):
    path = tmp_path / "notes.db"
    path.write_bytes(content)
    for args in (["capture", "hello"], ["list"], ["remember", "I have a cat"], ["stats", "--json"]):
        r = cli("--db", str(path), "--user", "alice", *args)
        one_line_error(r, 4, "notes.db")
    assert path.read_bytes() == content, "a file that is not ours must not be touched"


def test_truncated_database(cli, seeded: Path):
    """A memcli database cut short (copy interrupted): a store error, never a traceback."""
    data = seeded.read_bytes()
    cut = seeded.parent / "cut.db"
    cut.write_bytes(data[: len(data) // 3])
    for args in (["list", "--json"], ["capture", "hello"], ["export"]):
        r = cli("--db", str(cut), "--user", "alice", *args)
        assert r.exit_code in (0, 4), r.stderr
        assert "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
        if r.exit_code:
            one_line_error(r, 4)


def test_database_path_is_a_folder_or_missing_folder(cli, tmp_path: Path):
    r = cli("--db", str(tmp_path), "--user", "alice", "list")
    one_line_error(r, 4, "folder")
    r = cli("--db", str(tmp_path / "no" / "such" / "m.db"), "--user", "alice", "capture", "hi")
    one_line_error(r, 4, "does not exist")
