"""Issue 15 §5: ids of memories, sources, outbox tasks and events are never reused after
``forget --purge`` — on a new database and on one migrated from the first schema."""

from __future__ import annotations

from memcli import Memory
from memcli.db import migrations
from memcli.db import schema as s


def _max(mem: Memory, table: str) -> int:
    return int(mem.store.scalar(f"SELECT max(id) FROM {table}") or 0)


def _ids(mem: Memory) -> dict[str, int]:
    return {t: _max(mem, t) for t in (s.ITEMS, s.SOURCES, s.OUTBOX, s.EVENTS)}


def test_purged_ids_are_not_given_again(mem) -> None:
    mem.capture("我喜欢喝龙井茶")
    mem.drain()
    mem.remember("I take my coffee without sugar")
    before = _ids(mem)
    newest = mem.list()[0].id
    assert newest == before[s.ITEMS]
    mem.forget(newest, purge=True)
    mem.capture("My sister lives in Lyon")
    mem.drain()
    after = _ids(mem)
    assert all(after[t] > before[t] for t in before), (before, after)
    new = mem.list()[0]
    assert new.id > newest and new.statement == "My sister lives in Lyon"
    # history of the purged id shows nothing of the new memory
    purge = mem.store.q(f"SELECT action FROM {s.EVENTS} WHERE item_id = ?", (newest,))
    assert [r["action"] for r in purge] == ["PURGE"]


def test_cli_history_of_a_purged_id_is_not_another_memory(cli, db_path) -> None:
    base = ("--db", str(db_path), "--user", "bob")
    first = cli(*base, "remember", "我住在上海", "--json").json()["item"]["id"]
    assert cli(*base, "forget", str(first), "--purge").exit_code == 0
    second = cli(*base, "remember", "我喜欢爬山", "--json").json()["item"]["id"]
    assert second != first
    r = cli(*base, "history", str(first))
    assert r.exit_code != 0 and "no memory with id" in r.stderr


def test_migration_keeps_rows_and_starts_above_purged_ids(tmp_path, monkeypatch, embedder) -> None:
    """A database of the first schema (plain INTEGER PRIMARY KEY) whose newest memory, source,
    task and events were purged: after the migration no id is handed out twice."""
    from memcli.db.connect import Store

    db = tmp_path / "old.db"
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:1])  # the first schema only
    t = "2026-03-01T09:00:00.000000+00:00"
    with Store(db) as st, st.tx():
        for i, text in ((1, "I like hiking"), (2, "我对花生过敏")):
            st.x(f"INSERT INTO {s.SOURCES}(id, user_id, role, content, occurred_at, recorded_at) "
                 "VALUES (?, 'alice', 'user', ?, ?, ?)", (i, text, t, t))
            st.x(f"INSERT INTO {s.OUTBOX}(id, source_id, user_id, idempotency_key, status, next_attempt_at, "
                 "created_at, updated_at) VALUES (?, ?, 'alice', ?, 'done', ?, ?, ?)", (i, i, f"k{i}", t, t, t))
            st.x(f"INSERT INTO {s.ITEMS}(id, user_id, statement, normalized, kind, salience, confidence, origin, "
                 "valid_from, recorded_at, last_confirmed_at) VALUES (?, 'alice', ?, ?, 'other', 0.5, 0.7, "
                 "'extracted', ?, ?, ?)", (i, text, text, t, t, t))
            st.x(f"INSERT INTO {s.ITEM_SOURCES}(item_id, source_id) VALUES (?, ?)", (i, i))
            st.x(f"INSERT INTO {s.EVENTS}(id, user_id, item_id, source_id, action, created_at) "
                 "VALUES (?, 'alice', ?, ?, 'ADD', ?)", (i, i, i, t))
        # memory #3 (source #3, task #3, events #3-#4) existed and was purged: only a PURGE event names it
        st.x(f"INSERT INTO {s.EVENTS}(id, user_id, item_id, source_id, action, created_at) "
             "VALUES (5, 'alice', 3, 3, 'PURGE', ?)", (t,))
        old_rows = st.q(f"SELECT id, statement FROM {s.ITEMS} ORDER BY id")
    monkeypatch.undo()
    with Memory(db=str(db), user="alice") as m:
        assert m.store.scalar("PRAGMA user_version") == len(migrations.MIGRATIONS)
        assert m.store.q(f"SELECT id, statement FROM {s.ITEMS} ORDER BY id") == old_rows
        assert m.store.q("PRAGMA foreign_key_check") == []
        assert [r["source_id"] for r in m.store.q(f"SELECT source_id FROM {s.ITEM_SOURCES} ORDER BY 1")] == [1, 2]
        r = m.remember("My mom's birthday is March 5")
        assert r.item_id > 3  # not the purged #3
        assert m.show(r.item_id).source_ids[0] > 3
        assert int(m.store.scalar(f"SELECT max(id) FROM {s.EVENTS}")) > 5
        m.capture("I work at a bakery")
        assert int(m.store.scalar(f"SELECT max(id) FROM {s.OUTBOX}")) > 2
        m.drain()
        assert "I work at a bakery" in [i.statement for i in m.list()]
