"""Migration m0004_fts_user_key on real SQLite files: an FTS5 table without ``user_key`` is
rebuilt in resumable batches — killed with SIGKILL mid-way, the next open goes on from its
cursor and every row, token and search result comes through; writes made while it is pending
reach the new table. The old rows hold the terms of their time (English words unstemmed);
m0007 (run by the same open) turns them into today's, in the old table before the copy."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import apsw
import pytest

from memcli.db import bounded, index
from memcli.db import fts_layout as fl
from memcli.db import schema as s
from memcli.db.connect import Store
from memcli.db.migrations import MIGRATIONS
from memcli.db.search import fts_query, fts_sql
from memcli.text import search_tokens

ROOT = Path(__file__).resolve().parents[1]
WORDS = ["咖啡", "喜欢", "猫", "coffee", "tea", "lyon", "python", "开发"]
QUERIES = [["咖啡"], ["喜欢", "猫"], ["coffee", "tea", "lyon"], ["python", "开发"]]
USERS = ("alice", "bob", "a@b.c")


def _text(i: int) -> str:
    return " ".join(WORDS[j % len(WORDS)] for j in range(i % 5, i % 5 + 1 + i % 3)) + f" 第{i}条"


def _old_fts_db(path: Path, n: int) -> None:
    """A database migrated up to (not including) m0004, with ``n`` items in the old FTS5 layout."""
    conn = apsw.Connection(str(path))
    stop = [fn.__name__ for fn in MIGRATIONS].index("m0004_fts_user_key")
    for number, fn in enumerate(MIGRATIONS[:stop], start=1):
        conn.execute("BEGIN IMMEDIATE")
        fn(conn)
        conn.execute(f"CREATE TABLE IF NOT EXISTS {s.MIGRATIONS} (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
        conn.execute(f"INSERT INTO {s.MIGRATIONS} VALUES (?, '2026-01-01T00:00:00Z')", (fn.__name__,))
        conn.execute(f"PRAGMA user_version = {number}")
        conn.execute("COMMIT")
    assert not fl.has_user_key(conn)
    conn.execute("BEGIN")
    for i in range(1, n + 1):
        user, text = USERS[i % 3], _text(i)
        inv = "2026-02-01T00:00:00Z" if i % 4 == 0 else None
        conn.execute(f"INSERT INTO {s.ITEMS}(id, user_id, statement, normalized, kind, salience, confidence, origin, "
                     "valid_from, invalid_at, recorded_at, last_confirmed_at) VALUES (?, ?, ?, ?, 'other', 0.5, 0.9, "
                     "'import', '2025-01-01T00:00:00Z', ?, '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z')",
                     (i, user, text, text, inv))
        conn.execute(f"INSERT INTO {s.FTS}(rowid, tokens, user_id) VALUES (?, ?, ?)",
                     (i, " ".join(search_tokens(text)), user))  # the terms of before m0007
    conn.execute("COMMIT")
    conn.close()


def _fts_rows(conn: apsw.Connection, keyed: bool = True) -> list[tuple]:
    cols = "rowid, tokens, user_id" + (", user_key" if keyed else "")
    return [tuple(r.values()) if isinstance(r, dict) else tuple(r)
            for r in conn.execute(f"SELECT {cols} FROM {s.FTS} ORDER BY rowid")]


def _expected(path: Path) -> tuple[list[tuple], dict]:
    """The old table's rows with today's terms (m0007 applied to a copy) and, per query and user,
    the join's top rows (the reference ranking)."""
    ref = path.with_suffix(".ref")
    shutil.copy(path, ref)
    with Store.__new__(Store) as st:
        st.path, st.conn = ref, apsw.Connection(str(ref))
        with st.conn:
            fl.m0007_english_word_forms(st.conn)
        st.conn.row_trace = lambda c, r: {d[0]: v for d, v in zip(c.get_description(), r, strict=True)}
        rows = _fts_rows(st.conn, keyed=False)
        top = {(tuple(q), u): [r["id"] for r in st.q(fts_sql(), [fts_query(q), u, u, 20])]
               for q in QUERIES for u in USERS}
    return rows, top


def _check_done(path: Path, rows: list[tuple], top: dict) -> None:
    with Store(path) as st:
        assert fl.has_user_key(st.conn) and not fl.needs_fts_rebuild(st.conn)
        assert st.meta_get(fl.CURSOR_KEY) is None
        got = _fts_rows(st.conn)
        assert [r[:3] for r in got] == rows
        assert all(r[3] == bounded.user_token(r[2]) for r in got)
        for (q, u), ids in top.items():
            assert [i for i, _ in bounded.fts_top(st, u, fts_query(list(q)), limit=20)] == ids, (q, u)
        names = [r["name"] for r in st.q(f"SELECT name FROM {s.MIGRATIONS}")]
        assert names.count("m0004_fts_user_key") == 1


def test_open_rebuilds_the_old_table_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    _old_fts_db(path, 400)
    rows, top = _expected(path)
    assert any(top.values())
    _check_done(path, rows, top)  # the open migrates and finishes the rebuild before it returns


def test_rebuild_killed_midway_resumes_from_its_cursor(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    n = 3000
    _old_fts_db(path, n)
    rows, top = _expected(path)
    child = textwrap.dedent(f"""
        import time, apsw
        from memcli.db import fts_layout as fl
        from memcli.db.migrations import migrate
        c = apsw.Connection({str(path)!r}); c.set_busy_timeout(5000)
        migrate(c)  # m0004 itself only starts the rebuild
        def progress(done, total):
            print(done, total, flush=True); time.sleep(0.2)
        fl.resume_fts_rebuild(c, batch=100, progress=progress)
        print("finished", flush=True)
    """)
    proc = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.stdout is not None
    lines = [proc.stdout.readline() for _ in range(3)]
    os.kill(proc.pid, signal.SIGKILL)  # mid-way, possibly inside the next batch's transaction
    proc.wait()
    assert [line.split() for line in lines] == [["100", str(n)], ["200", str(n)], ["300", str(n)]], lines

    raw = apsw.Connection(str(path))
    assert fl.needs_fts_rebuild(raw) and not fl.has_user_key(raw)  # the old table still serves
    cursor = fl._cursor(raw)
    assert 300 <= cursor < n
    assert int(raw.execute(f"SELECT count(*) FROM {fl.NEW}").fetchone()[0]) == cursor
    assert _fts_rows(raw, keyed=False) == rows
    raw.close()
    _check_done(path, rows, top)  # the next open goes on from the cursor and swaps


def test_resume_copies_only_what_is_left(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    _old_fts_db(path, 1000)
    rows, top = _expected(path)

    class Stop(Exception):
        pass

    def stop_after_two(done: int, total: int) -> None:
        if done >= 200:
            raise Stop

    raw = apsw.Connection(str(path))
    from memcli.db.migrations import migrate

    assert migrate(raw) == ["m0004_fts_user_key", *[fn.__name__ for fn in MIGRATIONS][
        [fn.__name__ for fn in MIGRATIONS].index("m0004_fts_user_key") + 1:]]
    with pytest.raises(Stop):
        fl.resume_fts_rebuild(raw, batch=100, progress=stop_after_two)
    assert fl._cursor(raw) == 200
    assert fl.resume_fts_rebuild(raw, batch=300) == 800  # 200 already there: not copied again
    assert fl.resume_fts_rebuild(raw) == 0
    raw.close()
    _check_done(path, rows, top)


def test_writes_while_pending_reach_the_new_table(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    _old_fts_db(path, 500)
    raw = apsw.Connection(str(path))
    from memcli.db.migrations import migrate

    migrate(raw)

    def stop(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        fl.resume_fts_rebuild(raw, batch=200, progress=stop)  # ids 1..200 copied, then "killed"
    raw.close()
    # another process between two batches writes through the index functions (raw store object:
    # a Store open would finish the rebuild first)
    st = Store.__new__(Store)
    st.path, st.conn = path, apsw.Connection(str(path))
    st.conn.row_trace = lambda c, r: {d[0]: v for d, v in zip(c.get_description(), r, strict=True)}
    assert fl._cursor(st.conn) == 200
    with st.tx():
        index.index_fts(st, 10, "bob", "我喜欢钢琴")  # copied already: both tables
        index.index_fts(st, 300, "alice", "I like jazz")  # not yet: the old table, the copy takes it
        index.unindex(st, 20)
        index.unindex(st, 400)
        index.index_fts(st, 501, "alice", "新的钢琴课", fresh=True)
    st.conn.close()
    with Store(path) as done:
        got = {r[0]: r[1:] for r in _fts_rows(done.conn)}
        assert len(got) == 499 and 20 not in got and 400 not in got
        assert got[10] == (" ".join(index.fts_tokens("我喜欢钢琴")), "bob", bounded.user_token("bob"))
        assert got[300][0] == " ".join(index.fts_tokens("I like jazz")) and got[501][1] == "alice"
        for user, ids in (("alice", [501]), ("bob", [10])):
            hits = done.q(f"SELECT rowid FROM {s.FTS} WHERE {s.FTS} MATCH ? ORDER BY rowid",
                          (bounded.user_match(user, '"钢琴"'),))
            assert [r["rowid"] for r in hits] == ids
