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
    mem.capture("我喜欢喝乌龙茶")
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
    db = tmp_path / "old.db"
    monkeypatch.setattr(migrations, "MIGRATIONS", migrations.MIGRATIONS[:1])  # the first schema only
    with Memory(db=str(db), user="alice") as m:
        m.remember("I like hiking")
        m.remember("我对花生过敏")
        m.capture("I work at a bakery")
        m.drain()
        top = m.list()[0].id
        m.forget(top, purge=True)  # frees the highest id: the old schema would hand it out again
        old_rows = m.store.q(f"SELECT id, statement FROM {s.ITEMS} ORDER BY id")
        old_events = int(m.store.scalar(f"SELECT count(*) FROM {s.EVENTS}"))
    monkeypatch.undo()
    with Memory(db=str(db), user="alice") as m:
        assert m.store.scalar("PRAGMA user_version") == len(migrations.MIGRATIONS)
        assert m.store.q(f"SELECT id, statement FROM {s.ITEMS} ORDER BY id") == old_rows
        assert int(m.store.scalar(f"SELECT count(*) FROM {s.EVENTS}")) == old_events
        assert m.store.q("PRAGMA foreign_key_check") == []
        r = m.remember("My mom's birthday is March 5")
        assert r.item_id > top
        # the lineage links, sources and search still work on the rebuilt tables
        assert [h.statement for h in m.search("hiking")][:1] == ["I like hiking"]
        assert m.show(r.item_id).source_ids
