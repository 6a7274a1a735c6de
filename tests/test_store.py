"""The store: migrations (blank → current, rerun, rollback, newer schema), pragmas,
transactions, and the header check that keeps memcli from writing into a foreign file.

No embedding model is needed here: these tests open stores directly.
"""

from __future__ import annotations

from pathlib import Path

import apsw
import pytest
from conftest import run_cli

from memcli.db import migrations
from memcli.db import schema as s
from memcli.db.connect import BUSY_TIMEOUT_MS, Store
from memcli.errors import MigrationError, StoreCorruptError

CORE_TABLES = {s.META, s.SOURCES, s.OUTBOX, s.ITEMS, s.ITEM_SOURCES, s.EVENTS, s.MIGRATIONS, s.FTS}


def schema_dump(path: Path) -> list[tuple[str, str, str | None]]:
    """Every schema object of a database file, read with a plain apsw connection."""
    conn = apsw.Connection(str(path), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        return list(conn.execute("SELECT type, name, sql FROM sqlite_master ORDER BY type, name"))
    finally:
        conn.close()


def pragma(store: Store, name: str):  # noqa: ANN201
    return store.scalar(f"PRAGMA {name}")


# -- blank → current ------------------------------------------------------------------
def test_blank_database_migrates_to_current_schema(tmp_path):
    with Store(tmp_path / "a.db") as st:
        assert pragma(st, "user_version") == len(migrations.MIGRATIONS) == migrations.current_version()
        names = {r["name"] for r in st.q("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}
        assert CORE_TABLES <= names
        applied = [r["name"] for r in st.q(f"SELECT name FROM {s.MIGRATIONS} ORDER BY rowid")]
        assert applied == [fn.__name__ for fn in migrations.MIGRATIONS]
        # the vec0 table is created lazily with the model's dimension, not by a migration
        assert not st.table_exists(s.VEC)
        item_cols = {r["name"] for r in st.q(f"PRAGMA table_info({s.ITEMS})")}
        assert {"statement", "kind", "salience", "confidence", "valid_from", "invalid_at", "recorded_at",
                "expired_at", "last_confirmed_at", "user_id", "metadata"} <= item_cols
        outbox_unique = st.q(f"PRAGMA index_list({s.OUTBOX})")
        assert any(r["unique"] for r in outbox_unique)


def test_pragmas_are_on(tmp_path):
    with Store(tmp_path / "a.db") as st:
        assert str(pragma(st, "journal_mode")).lower() == "wal"
        assert pragma(st, "foreign_keys") == 1
        assert pragma(st, "busy_timeout") == BUSY_TIMEOUT_MS
        assert pragma(st, "secure_delete") == 1
        assert st.scalar("SELECT vec_version()").startswith("v0.1.")  # sqlite-vec loaded


def test_foreign_keys_enforced(tmp_path):
    with Store(tmp_path / "a.db") as st:
        with pytest.raises(Exception) as exc:
            st.x(f"INSERT INTO {s.ITEM_SOURCES}(item_id, source_id) VALUES (41, 42)")
        assert "FOREIGN KEY" in str(exc.value)
        assert st.scalar(f"SELECT count(*) FROM {s.ITEM_SOURCES}") == 0


def test_rerun_changes_nothing(tmp_path):
    db = tmp_path / "a.db"
    Store(db).close()
    before = schema_dump(db)
    with Store(db) as st:
        times = st.q(f"SELECT name, applied_at FROM {s.MIGRATIONS}")
        assert migrations.migrate(st.conn) == []  # nothing pending
        assert st.q(f"SELECT name, applied_at FROM {s.MIGRATIONS}") == times
        assert pragma(st, "user_version") == migrations.current_version()
    assert schema_dump(db) == before


# -- forward migration, failing migration, newer schema -----------------------------------------
def _m0002_add_notes(conn: apsw.Connection) -> None:
    conn.execute("CREATE TABLE test_notes (id INTEGER PRIMARY KEY, body TEXT)")


def _m0002_broken_sql(conn: apsw.Connection) -> None:
    conn.execute("CREATE TABLE half_done (id INTEGER PRIMARY KEY)")
    conn.execute(f"ALTER TABLE {s.ITEMS} ADD COLUMN notes TEXT")
    conn.execute("THIS IS NOT SQL")


def _m0002_broken_python(conn: apsw.Connection) -> None:
    conn.execute("CREATE TABLE half_done (id INTEGER PRIMARY KEY)")
    raise ValueError("bug in migration code")


def test_new_migration_is_applied_on_open(tmp_path, monkeypatch):
    db = tmp_path / "a.db"
    Store(db).close()
    monkeypatch.setattr(migrations, "MIGRATIONS", [*migrations.MIGRATIONS, _m0002_add_notes])
    with Store(db) as st:
        assert pragma(st, "user_version") == len(migrations.MIGRATIONS)
        assert st.table_exists("test_notes")
        assert [r["name"] for r in st.q(f"SELECT name FROM {s.MIGRATIONS} ORDER BY rowid")][-1] == "_m0002_add_notes"


@pytest.mark.parametrize("bad", [_m0002_broken_sql, _m0002_broken_python])
def test_failing_migration_rolls_back(tmp_path, monkeypatch, bad):
    db = tmp_path / "a.db"
    with Store(db) as st:
        st.x(f"INSERT INTO {s.META}(key, value) VALUES ('keep', 'me')")
    before = schema_dump(db)
    monkeypatch.setattr(migrations, "MIGRATIONS", [*migrations.MIGRATIONS, bad])
    with pytest.raises(MigrationError, match=f"{bad.__name__} failed and was rolled back"):
        Store(db)
    monkeypatch.undo()
    assert schema_dump(db) == before  # no half_done table, no new column
    with Store(db) as st:
        assert pragma(st, "user_version") == migrations.current_version()
        assert st.scalar(f"SELECT count(*) FROM {s.MIGRATIONS}") == migrations.current_version()
        assert st.meta_get("keep") == "me"


def test_failing_migration_on_blank_db_keeps_the_good_ones(tmp_path, monkeypatch):
    monkeypatch.setattr(migrations, "MIGRATIONS", [*migrations.MIGRATIONS, _m0002_broken_sql])
    with pytest.raises(MigrationError):
        Store(tmp_path / "a.db")
    monkeypatch.undo()
    with Store(tmp_path / "a.db") as st:
        assert pragma(st, "user_version") == migrations.current_version()  # the good ones committed on their own
        assert not st.table_exists("half_done")


def test_failing_migration_through_cli_is_one_line(tmp_path, monkeypatch):
    db = tmp_path / "a.db"
    Store(db).close()
    monkeypatch.setattr(migrations, "MIGRATIONS", [*migrations.MIGRATIONS, _m0002_broken_sql])
    r = run_cli("--db", str(db), "list")
    assert r.exit_code == 4
    assert r.stderr.startswith("memcli: error: migration _m0002_broken_sql failed and was rolled back")
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


def test_newer_schema_version_is_a_clear_error(tmp_path):
    db = tmp_path / "a.db"
    with Store(db) as st:
        st.x("PRAGMA user_version = 99")
    with pytest.raises(MigrationError, match="schema version 99 is newer than this memcli"):
        Store(db)
    r = run_cli("--db", str(db), "capture", "hello")
    assert r.exit_code == 4
    assert r.stderr.strip() == (f"memcli: error: database schema version 99 is newer than this memcli "
                                f"({migrations.current_version()}); upgrade memcli")
    conn = apsw.Connection(str(db))
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 99
    assert conn.execute(f"SELECT count(*) FROM {s.SOURCES}").fetchone()[0] == 0
    conn.close()


# -- transactions --------------------------------------------------------------------------------
def test_tx_commits_or_rolls_back_whole(tmp_path):
    with Store(tmp_path / "a.db") as st:
        with st.tx():
            st.meta_set("a", "1")
        with pytest.raises(RuntimeError):
            with st.tx():
                st.meta_set("b", "2")
                raise RuntimeError("boom")
        assert st.meta_get("a") == "1" and st.meta_get("b") is None
        assert st.conn.get_autocommit()  # no transaction left open


def test_nested_tx_is_a_savepoint(tmp_path):
    with Store(tmp_path / "a.db") as st:
        with st.tx():
            st.meta_set("outer", "1")
            with pytest.raises(RuntimeError):
                with st.tx():
                    st.meta_set("inner", "1")
                    raise RuntimeError("inner fails")
            st.meta_set("after", "1")
        assert st.meta_get("outer") == "1" and st.meta_get("after") == "1"
        assert st.meta_get("inner") is None


# -- foreign files are never written -------------------------------------------------------------
@pytest.mark.parametrize("content", [b"x", b"hello, this is my shopping list\n", bytes(range(256)) * 20])
def test_non_sqlite_file_is_refused_and_left_untouched(tmp_path, content):
    p = tmp_path / "notes.txt"
    p.write_bytes(content)
    with pytest.raises(StoreCorruptError, match="not a memcli/SQLite database"):
        Store(p)
    assert p.read_bytes() == content
    assert sorted(x.name for x in tmp_path.iterdir()) == ["notes.txt"]  # no -wal/-shm left behind


def test_empty_file_becomes_a_database(tmp_path):
    p = tmp_path / "empty.db"
    p.touch()
    with Store(p) as st:
        assert pragma(st, "user_version") == migrations.current_version()


@pytest.mark.parametrize("user_version", [0, 3])
def test_another_applications_database_is_refused_and_left_untouched(tmp_path, user_version):
    p = tmp_path / "places.sqlite"
    conn = apsw.Connection(str(p))
    conn.execute("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT); INSERT INTO moz_places(url) "
                 f"VALUES ('https://example.org'); PRAGMA user_version = {user_version}")
    conn.close()
    content = p.read_bytes()
    with pytest.raises(StoreCorruptError, match="SQLite database of another application"):
        Store(p)
    r = run_cli("--db", str(p), "capture", "hello")
    assert r.exit_code == 4 and r.stderr.startswith("memcli: error: ") and "another application" in r.stderr
    assert p.read_bytes() == content  # no memcli tables, not even switched to WAL
    assert sorted(x.name for x in tmp_path.iterdir()) == ["places.sqlite"]


def test_memcli_database_in_wal_opened_twice(tmp_path):
    """The check must not refuse memcli's own database, also while another connection has it open."""
    a = Store(tmp_path / "m.db")
    a.meta_set("x", "1")
    with Store(tmp_path / "m.db") as b:
        assert b.meta_get("x") == "1"
    a.close()
