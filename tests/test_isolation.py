"""Isolation, as a property test: for random users and memories, every command run as user A
(list, show, history, correct, forget, forget --purge, forget --episode [--purge], export [--episodes],
stats, drain, search, context) never reveals user B's data — memories and episodes — and never changes it.

B's memories carry unique markers; nothing A's commands print may contain one. Commands on
B's ids answer exactly like an id that does not exist. B's rows — items, sources, events,
outbox, source links, full-text and vector rows — are identical before and after. User names
include LIKE wildcards, quotes, case variants and Chinese. Runs on SQLite and PostgreSQL.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import apsw
import pytest
from _procs import connect
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from memcli import Memory
from memcli.db.postgres.url import is_pg_url
from memcli.write.extract import Extractor

pytestmark = pytest.mark.backends

USERS = st.one_of(
    st.sampled_from(["alice", "Alice", "ALICE", "bob", "%", "_", "a%", "al_ce", "'; --", '"', "张三", "李四",
                     "*", "user 1", "default"]),
    st.text(st.characters(categories=["L", "N", "P", "S", "Zs"]), min_size=1, max_size=10),
).map(str.strip).filter(bool)

A_TEXTS = ["我喜欢喝咖啡", "I live in Lyon", "我妈妈的生日是3月5号", "My sister is a doctor", "我不吃香菜",
           "I have a cat named Tom", "我住在上海"]
# (a bank PIN itself is never stored: memcli.sensitive refuses it)
B_TEXTS = ["我喜欢喝咖啡 {m}", "I live in Lyon {m}", "my bank branch is {m}", "我妈妈的生日是3月5号 {m}",
           "{m} 是我的密码", "I have a cat named Tom {m}"]



class FindsNothing(Extractor):
    """Misses every fact: the drained turns are kept as episodes (issue 19)."""

    name = "finds-nothing"

    def extract(self, utt):  # noqa: ANN001, ANN201
        return []


OP = st.one_of(
    st.tuples(st.just("list"), st.sampled_from([(), ("--all",)])),
    st.tuples(st.sampled_from(["forget-episode", "purge-episode"]), st.integers(0, 40)),
    st.tuples(st.just("export"), st.just(("--episodes",))),
    st.tuples(st.sampled_from(["show", "history", "forget", "purge"]), st.integers(0, 40)),
    st.tuples(st.just("correct"), st.integers(0, 40)),
    st.tuples(st.just("export"), st.sampled_from([(), ("--all",)])),
    st.tuples(st.just("stats"), st.just(())),
    st.tuples(st.just("drain"), st.just(())),
    st.tuples(st.sampled_from(["search", "context"]), st.integers(0, 40)),
)


def _conn(db: Path) -> apsw.Connection:
    conn = apsw.Connection(str(db))
    conn.enable_load_extension(True)
    import sqlite_vec

    conn.load_extension(sqlite_vec.loadable_path())
    return conn


def snapshot(db: Path | str, user: str) -> dict[str, list]:
    """Every row that belongs to ``user``, in id order."""
    if is_pg_url(db):
        return _pg_snapshot(str(db), user)
    conn = _conn(db)
    try:
        q = lambda sql, *p: [tuple(r) for r in conn.execute(sql, p)]  # noqa: E731
        ids = [r[0] for r in q("SELECT id FROM memory_items WHERE user_id = ? ORDER BY id", user)]
        marks = ",".join("?" * len(ids)) or "NULL"
        snap = {
            "items": q("SELECT * FROM memory_items WHERE user_id = ? ORDER BY id", user),
            "sources": q("SELECT * FROM memory_sources WHERE user_id = ? ORDER BY id", user),
            "events": q("SELECT * FROM memory_events WHERE user_id = ? ORDER BY id", user),
            "outbox": q("SELECT * FROM memory_capture_outbox WHERE user_id = ? ORDER BY id", user),
            "links": q(f"SELECT * FROM memory_item_sources WHERE item_id IN ({marks}) ORDER BY 1, 2", *ids),
            "fts": q("SELECT rowid, tokens, user_id FROM memory_fts WHERE user_id = ? ORDER BY rowid", user),
            "vec": q("SELECT item_id, active, current, valid_from, invalid_at, embedding FROM memory_vec "
                     "WHERE user_id = ? ORDER BY item_id", user),
            "episodes": q("SELECT * FROM memory_episodes WHERE user_id = ? ORDER BY source_id", user),
            "episode_fts": q("SELECT rowid, tokens, user_key FROM memory_episode_fts WHERE rowid IN "
                             "(SELECT id FROM memory_sources WHERE user_id = ?) ORDER BY rowid", user),
            "episode_vec": q("SELECT source_id, occurred_at, embedding FROM memory_episode_vec WHERE user_id = ? "
                             "ORDER BY source_id", user),
            # links from anyone else's rows into this user's items
            "foreign_refs": q(f"""SELECT 'event', id FROM memory_events WHERE user_id != ? AND
                                  (item_id IN ({marks}) OR other_item_id IN ({marks}))
                                  UNION ALL SELECT 'item', id FROM memory_items WHERE user_id != ? AND
                                  (supersedes_id IN ({marks}) OR superseded_by_id IN ({marks}))""",
                              user, *ids, *ids, user, *ids, *ids),
        }
        assert len(snap["fts"]) == len(ids) and len(snap["vec"]) == len(ids)
        return snap
    finally:
        conn.close()


def _pg_snapshot(db: str, user: str) -> dict[str, list]:
    """:func:`snapshot` on PostgreSQL: the same rows; lexemes and vectors as their text."""
    conn = connect(db)
    try:
        q = lambda sql, *p: conn.execute(sql, p).fetchall()  # noqa: E731
        ids = [r[0] for r in q("SELECT id FROM memory_items WHERE user_id = ? ORDER BY id", user)]
        snap = {
            "items": q("SELECT * FROM memory_items WHERE user_id = ? ORDER BY id", user),
            "sources": q("SELECT * FROM memory_sources WHERE user_id = ? ORDER BY id", user),
            "events": q("SELECT * FROM memory_events WHERE user_id = ? ORDER BY id", user),
            "outbox": q("SELECT * FROM memory_capture_outbox WHERE user_id = ? ORDER BY id", user),
            "links": q("SELECT * FROM memory_item_sources WHERE item_id = ANY(?) ORDER BY 2, 3", ids),
            "fts": q("SELECT item_id, tokens::text, user_id FROM memory_fts WHERE user_id = ? ORDER BY item_id", user),
            "vec": q("SELECT item_id, active, current, valid_from, invalid_at, embedding::text FROM memory_vec "
                     "WHERE user_id = ? ORDER BY item_id", user),
            "episodes": q("SELECT user_id, source_id, occurred_at, is_chatter, is_episode, embed_model, indexed_at, "
                          "tokens::text, embedding::text FROM memory_episodes WHERE user_id = ? ORDER BY source_id",
                          user),
            "foreign_refs": q("""SELECT 'event', id FROM memory_events WHERE user_id != ? AND
                                 (item_id = ANY(?) OR other_item_id = ANY(?))
                                 UNION ALL SELECT 'item', id FROM memory_items WHERE user_id != ? AND
                                 (supersedes_id = ANY(?) OR superseded_by_id = ANY(?))""",
                              user, ids, ids, user, ids, ids),
        }
        assert len(snap["fts"]) == len(ids) and len(snap["vec"]) == len(ids)
        return snap
    finally:
        conn.close()


_EXAMPLES = itertools.count()


@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(users=st.lists(USERS, min_size=2, max_size=2, unique=True), n_a=st.integers(1, 4),
       n_b=st.integers(1, 4), ops=st.lists(OP, min_size=3, max_size=7), data=st.data())
def test_commands_as_a_never_touch_b(cli, embedder, new_db, users, n_a, n_b, ops, data):
    a, b = users
    db = new_db(f"iso{next(_EXAMPLES)}")  # one fresh database per example
    markers = [f"zqb{i}x{abs(hash((a, b, i))) % 10**6}" for i in range(n_b)]
    with Memory(db=str(db), user=a, extractor=FindsNothing()) as ma, \
            Memory(db=str(db), user=b, extractor=FindsNothing()) as mb:  # one episode each, drained first
        a_eps = [ma.capture("我们每年八月都去湖边的小木屋", key="a-ep").source_id]
        b_eps = [mb.capture(f"We spend every August at the lake cabin {markers[0]}", key="b-ep").source_id]
        assert ma.drain().episodes == 1 and mb.drain().episodes == 1
    with Memory(db=str(db), user=a) as ma, Memory(db=str(db), user=b) as mb:
        a_ids = [ma.remember(t).item_id for t in A_TEXTS[:n_a]]
        b_ids = [mb.remember(B_TEXTS[i % len(B_TEXTS)].format(m=m)).item_id for i, m in enumerate(markers)]
        mb.capture(f"I moved to Oslo {markers[0]}", key="b-cap")
        b_ids.append(mb.correct(b_ids[0], f"I live in Paris {markers[0]}").id)
        ma.capture("我喜欢喝茶", key="a-cap")
    before = snapshot(db, b)
    assert len(before["episodes"]) == 1
    all_ids = a_ids + b_ids + [max(a_ids + b_ids) + 7]
    all_eps = a_eps + b_eps + [max(a_eps + b_eps + a_ids + b_ids) + 9]
    # B's statements without their markers: a leak would rank B's items first, and any
    # marker in the output can only come from B's data (the query holds none)
    queries = [t.format(m="").strip() for t in B_TEXTS] + A_TEXTS

    def run(*args: str):
        r = cli("--db", str(db), "--user", a, *args)
        assert "Traceback" not in r.stderr and "internal error" not in r.stderr, r.stderr
        for m in markers:
            assert m not in r.stdout and m not in r.stderr, (args, m, r.stdout, r.stderr)
        return r

    for op, arg in ops:
        if op in ("list", "export", "stats", "drain"):  # drain --user A: B's pending task stays
            r = run(op, *arg, *(("--json",) if op != "export" else ()))
            assert r.exit_code == 0, r.stderr
            continue
        if op in ("search", "context"):
            q = queries[arg % len(queries)]
            extra = ("--budget-ms", "60000", "--format", "json") if op == "context" else ("--json",)
            r = run(op, *extra, "--", q)
            assert r.exit_code == 0, r.stderr
            hits = r.json()["hits"]
            assert all(int(h["ref"][1:]) not in (b_eps if h["ref"][0] == "e" else b_ids) for h in hits)
            continue
        if op in ("forget-episode", "purge-episode"):
            ep = all_eps[arg % len(all_eps)]
            r = run("forget", str(ep), "--episode", *(("--purge",) if op == "purge-episode" else ()))
            if ep not in a_eps:
                assert r.exit_code == 3, r.stderr
                assert r.stderr.strip() == f"memcli: error: no episode with id {ep} for user {a!r}"
            else:
                assert r.exit_code in (0, 3), r.stderr  # 3: A purged it in an earlier op
            continue
        item = all_ids[arg % len(all_ids)]
        args = {"show": ["show", str(item)], "history": ["history", str(item), "--json"],
                "forget": ["forget", str(item)], "purge": ["forget", str(item), "--purge"],
                "correct": ["correct", str(item), data.draw(st.sampled_from(A_TEXTS))]}[op]
        r = run(*args)
        if item not in a_ids:
            assert r.exit_code == 3, (args, r.stderr)
            assert r.stderr.strip() in (f"memcli: error: no memory with id {item} for user {a!r}",  # --json: JSON
                                        json.dumps({"error": {"code": "not_found", "message":
                                                              f"no memory with id {item} for user {a!r}",
                                                              "exit_code": 3}}, ensure_ascii=False))
        else:
            # 3: A purged it in an earlier op; 2: e.g. correcting a version A already corrected
            assert r.exit_code in (0, 2, 3), (args, r.stderr)
    assert snapshot(db, b) == before
