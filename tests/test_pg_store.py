"""The PostgreSQL store itself, on a real server (pgserver): schema rules, migrations,
the dense and lexical indexes, outbox claims, errors. The behaviour tests that run on both
backends are parametrised elsewhere (``backend`` fixture)."""

from __future__ import annotations

import threading

import numpy as np
import pytest

pytest.importorskip("psycopg")

from _pg import connect  # noqa: E402

from memcli.db import schema as s  # noqa: E402
from memcli.db.postgres import outbox as pgo  # noqa: E402
from memcli.db.postgres import search as pgs  # noqa: E402
from memcli.db.postgres.connect import PgStore, to_pg_sql  # noqa: E402
from memcli.db.postgres.migrations import GLOBAL_TABLES, MIGRATIONS  # noqa: E402
from memcli.db.postgres.url import is_pg_url, redact_url  # noqa: E402
from memcli.errors import BadInputError, ConfigError, ModelMismatchError, NotFoundError, StoreError  # noqa: E402

T0 = "2026-01-01T00:00:00.000000+00:00"


@pytest.fixture
def store(pg_url):
    st = PgStore(pg_url)
    yield st
    st.close()


def _unit(rng: np.random.Generator, dim: int = 8) -> np.ndarray:
    v = rng.standard_normal(dim).astype(np.float32)
    return v / np.linalg.norm(v)


def _item(st: PgStore, user: str, text: str, *, active: bool = True) -> dict:
    row = st.one(f"""INSERT INTO {s.ITEMS}(user_id, statement, normalized, kind, salience, confidence, origin,
                     valid_from, recorded_at, last_confirmed_at, invalid_at)
                     VALUES (?, ?, ?, 'fact', 0.5, 0.9, 'explicit', ?, ?, ?, ?) RETURNING *""",
                 (user, text, text.lower(), T0, T0, T0, None if active else T0))
    assert row is not None
    return row


def test_url_detection_and_redaction():
    assert is_pg_url("postgresql://u:p@h/db") and is_pg_url("postgres://h/db") and not is_pg_url("/tmp/x.db")
    assert redact_url("postgresql://alice:s3cret@db.example:5432/mem") == "postgresql://alice@db.example:5432/mem"
    assert to_pg_sql("SELECT a::text FROM t WHERE a = ? AND b = :b AND c LIKE '%?' AND d % 2 = 1") == \
        "SELECT a::text FROM t WHERE a = %s AND b = %(b)s AND c LIKE '%?' AND d %% 2 = 1"


def test_every_table_is_keyed_by_user_for_citus(store, pg_url):
    """Citus rule on the live schema: every memory table has user_id NOT NULL, and every
    primary key, unique constraint and foreign key includes it."""
    pgs.ensure_vec_table(store, 8, "test-model")  # the lazily created vector table too
    with connect(pg_url) as c:
        tables = [r["table_name"] for r in c.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
            "AND table_type = 'BASE TABLE'")]
        assert set(tables) >= {s.SOURCES, s.OUTBOX, s.ITEMS, s.ITEM_SOURCES, s.EVENTS, s.FTS, s.VEC, *GLOBAL_TABLES}
        cons = c.execute("""SELECT rel.relname AS t, con.conname AS name, con.contype AS type,
                                   array(SELECT a.attname::text FROM unnest(con.conkey) k
                                         JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k) AS cols
                            FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid
                            WHERE rel.relnamespace = current_schema()::regnamespace
                              AND con.contype IN ('p', 'u', 'f')""").fetchall()
        nullable = {r["table_name"]: r["is_nullable"] for r in c.execute(
            "SELECT table_name, is_nullable FROM information_schema.columns WHERE table_schema = current_schema() "
            "AND column_name = 'user_id'")}
    for t in tables:
        if t in GLOBAL_TABLES:
            continue
        assert nullable.get(t) == "NO", f"{t} lacks user_id NOT NULL"
        assert any(c["t"] == t and c["type"] == "p" for c in cons), f"{t} has no primary key"
    bad = [(c["t"], c["name"]) for c in cons if c["t"] not in GLOBAL_TABLES and "user_id" not in c["cols"]]
    assert bad == []
    assert len(cons) > 12


def test_hnsw_index_partial_on_active_rows(store, pg_url):
    pgs.ensure_vec_table(store, 8, "m")
    with connect(pg_url) as c:
        idx = c.execute("SELECT indexdef FROM pg_indexes WHERE schemaname = current_schema() "
                        "AND tablename = %s", (s.VEC,)).fetchall()
    defs = " ".join(r["indexdef"] for r in idx)
    assert "USING hnsw (embedding vector_cosine_ops) WHERE active" in defs


def test_migrations_recorded_and_idempotent(store, pg_url):
    assert store.schema_version() == len(MIGRATIONS)
    names = [r["name"] for r in store.q(f"SELECT name FROM {s.MIGRATIONS} ORDER BY version")]
    assert names == [m.__name__ for m in MIGRATIONS]
    PgStore(pg_url).close()  # a second open migrates nothing
    assert store.schema_version() == len(MIGRATIONS)


def test_concurrent_first_opens_migrate_once(pg_url):
    errors: list[BaseException] = []

    def open_once() -> None:
        try:
            PgStore(pg_url).close()
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=open_once) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with connect(pg_url) as c:
        assert c.execute(f"SELECT count(*) AS n FROM {s.MIGRATIONS}").fetchone()["n"] == len(MIGRATIONS)


def test_rows_look_like_sqlite_rows(store):
    sid = store.x(f"INSERT INTO {s.SOURCES}(user_id, role, content, occurred_at, recorded_at) "
                  "VALUES (?, 'user', ?, ?, ?) RETURNING id", ("alice", "hi", "2026-03-01T08:00:00+08:00", T0))
    row = store.one(f"SELECT * FROM {s.SOURCES} WHERE user_id = ? AND id = ?", ("alice", sid))
    assert row["occurred_at"] == "2026-03-01T00:00:00.000000+00:00"  # memcli's fixed-width UTC text
    it = _item(store, "alice", "x")
    assert it["metadata"] == "{}" and isinstance(it["id"], int)


def test_bad_text_is_one_line_bad_input(store):
    for bad in ("a\ud800", "a\x00b"):
        with pytest.raises(BadInputError):
            store.x(f"INSERT INTO {s.SOURCES}(user_id, role, content, occurred_at, recorded_at) "
                    "VALUES ('alice', 'user', ?, now(), now())", (bad,))


def test_unreachable_server_is_one_clear_error():
    with pytest.raises(StoreError, match="cannot reach PostgreSQL") as ei:
        PgStore("postgresql://bob:secret@127.0.0.1:1/mem", connect_timeout_s=1)
    assert "secret" not in str(ei.value)


def test_vector_extension_not_enabled_names_the_fix(pg_server):
    """A real database without the extension, opened by a role that may not create it
    (pgvector is not a trusted extension): one error saying what a superuser must run."""
    import uuid

    import psycopg
    db, role = "novec_" + uuid.uuid4().hex[:8], "plain_" + uuid.uuid4().hex[:8]
    with psycopg.connect(pg_server, autocommit=True) as c:
        c.execute(f"CREATE ROLE {role} LOGIN")
        c.execute(f"CREATE DATABASE {db} OWNER {role}")
    url = pg_server.replace("postgres:@/postgres", f"{role}:@/{db}")
    try:
        with pytest.raises(StoreError, match=r"ask a superuser to run `CREATE EXTENSION vector;`") as ei:
            PgStore(url)
        assert "\n" not in str(ei.value)
    finally:
        with psycopg.connect(pg_server, autocommit=True) as c:
            c.execute(f"DROP DATABASE {db}")
            c.execute(f"DROP ROLE {role}")


def test_server_without_pgvector_names_the_fix():
    """No pgvector on the server at all (pg_available_extensions has no row): the message
    names the package to install. A stand-in connection answers "no rows"."""
    from memcli.db.postgres import connect as pgc

    class NoRows:
        def execute(self, sql, params=None):
            return self

        def fetchone(self):
            return None

    with pytest.raises(StoreError, match="no pgvector extension.*apt install postgresql-16-pgvector"):
        pgc._ensure_vector(NoRows(), " at test")


def test_model_dimension_mismatch(store):
    pgs.ensure_vec_table(store, 8, "m8")
    with pytest.raises(ModelMismatchError):
        pgs.ensure_vec_table(store, 16, "m16")


def test_knn_returns_k_active_rows_among_many_users(store):
    """The HNSW scan alone would return at most ef_search rows before the user filter; the
    exact fallback makes the answer min(k, n) for any user."""
    rng = np.random.default_rng(3)
    pgs.ensure_vec_table(store, 8, "m")
    with store.tx():
        for u in range(60):
            for j in range(12):
                row = _item(store, f"u{u}", f"u{u} fact {j}", active=j % 3 != 0)
                pgs.index_vector(store, row, _unit(rng))
    q = _unit(rng)
    hits = pgs.knn(store, "u7", q, 10)
    assert len(hits) == 8  # 8 active rows of u7, never fewer
    ids = [h[0] for h in hits]
    rows = store.q(f"SELECT id, user_id, invalid_at FROM {s.ITEMS} WHERE id = ANY(?)", (ids,))
    assert all(r["user_id"] == "u7" and r["invalid_at"] is None for r in rows)
    cos = [h[1] for h in hits]
    assert cos == sorted(cos, reverse=True) and all(-1.0 <= c <= 1.0 for c in cos)
    assert len(pgs.knn(store, "u7", q, 3)) == 3
    assert pgs.knn(store, "nobody", q, 3) == []


def test_knn_as_of_is_exact_and_uses_validity(store):
    rng = np.random.default_rng(4)
    pgs.ensure_vec_table(store, 8, "m")
    old = _item(store, "a", "old", active=False)
    pgs.index_vector(store, old, _unit(rng))
    from datetime import UTC, datetime

    assert pgs.knn(store, "a", _unit(rng), 5) == []
    assert [h[0] for h in pgs.knn(store, "a", _unit(rng), 5, as_of=datetime(2025, 1, 1, tzinfo=UTC))] == []
    # valid_from = invalid_at = T0: never believed at any instant
    assert pgs.knn(store, "a", _unit(rng), 5, as_of=datetime(2026, 1, 1, tzinfo=UTC)) == []


def test_fts_and_like_legs(store):
    a = _item(store, "alice", "我喜欢喝咖啡")
    b = _item(store, "alice", "I like c++ and multi-agent systems")
    gone = _item(store, "alice", "我喜欢喝咖啡 too", active=False)
    other = _item(store, "bob", "我喜欢喝咖啡")
    for r, toks in ((a, ["我", "喜欢", "喝", "咖啡"]), (b, ["i", "like", "c++", "multi-agent", "systems"]),
                    (gone, ["咖啡"]), (other, ["咖啡"])):
        pgs.index_fts(store, r["user_id"], r["id"], toks)
    assert [h[0] for h in pgs.fts_search(store, "alice", ["咖啡"], limit=10)] == [a["id"]]
    assert [h[0] for h in pgs.fts_search(store, "alice", ["c++", "zzz"], limit=10)] == [b["id"]]
    for hostile in (["'"], ["a'b"], ["\\"], ["&", "|", "!", "("], ["NEAR("], [":*"]):
        assert pgs.fts_search(store, "alice", hostile, limit=10) == []
    assert pgs.fts_search(store, "alice", [], limit=10) == []
    hits = pgs.like_search(store, "alice", ["加糖", "咖啡"], min_score=2, limit=10)
    assert hits == [(a["id"], 2)]
    assert pgs.like_search(store, "alice", ["MULTI"], min_score=2, limit=10) == [(b["id"], 5)]
    assert pgs.like_search(store, "alice", ["%", "_", "\\"], min_score=1, limit=10) == []


def test_slot_leg_and_like_scores(store):
    rows = {}
    for text, slot in (("a1", "allergy"), ("a2", "allergy.peanut"), ("a3", "allergy-x"), ("c", "coffee.sugar"),
                       ("n", None)):
        rows[text] = store.one(f"""INSERT INTO {s.ITEMS}(user_id, statement, normalized, kind, slot, salience,
                                   confidence, origin, valid_from, recorded_at, last_confirmed_at)
                                   VALUES ('u', ?, ?, 'fact', ?, 0.5, 0.9, 'x', ?, ?, ?) RETURNING id""",
                               (text, text, slot, T0, T0, T0))["id"]
    assert pgs.slot_search(store, "u", ["coffee", "allergy"], limit=10) == [rows["c"], rows["a2"], rows["a1"]]
    assert pgs.slot_search(store, "other", ["allergy"], limit=10) == []
    assert pgs.slot_search(store, "u", ["allergy"], limit=1) == [rows["a2"]]  # newest first within a key
    assert pgs.like_scores(store, "u", ["a", "a1"], [rows["a1"], rows["c"]]) == {rows["a1"]: 3, rows["c"]: 0}


def test_claim_skip_locked_gives_each_task_to_one_worker(store, pg_url):
    with store.tx():
        for i in range(40):
            sid = store.x(f"INSERT INTO {s.SOURCES}(user_id, role, content, occurred_at, recorded_at) "
                          "VALUES (?, 'user', ?, ?, ?) RETURNING id", (f"u{i % 3}", f"t{i}", T0, T0))
            store.x(f"INSERT INTO {s.OUTBOX}(source_id, user_id, idempotency_key, next_attempt_at, created_at, "
                    "updated_at) VALUES (?, ?, ?, ?, ?, ?)", (sid, f"u{i % 3}", f"k{i}", T0, T0, T0))
    got: dict[str, list[int]] = {}
    now, lease = "2026-01-02T00:00:00.000000+00:00", "2026-01-02T00:01:00.000000+00:00"

    def worker(name: str) -> None:
        st = PgStore(pg_url)
        mine: list[int] = []
        while True:
            rows = pgo.claim_rows(st, t=now, lease=lease, owner=name, limit=3, max_attempts=5)
            if not rows:
                break
            mine += [r["id"] for r in rows]
            with st.tx():
                for r in rows:
                    assert pgo.complete_row(st, user=r["user_id"], task_id=r["id"], owner=name, t=now)
        got[name] = mine
        st.close()

    threads = [threading.Thread(target=worker, args=(f"w{i}",)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    all_ids = sorted(i for v in got.values() for i in v)
    assert len(all_ids) == 40 and len(set(all_ids)) == 40
    assert store.scalar(f"SELECT count(*) FROM {s.OUTBOX} WHERE status = 'done' AND attempts = 1") == 40


def test_expired_lease_is_reclaimed_and_dead_after_max(store):
    sid = store.x(f"INSERT INTO {s.SOURCES}(user_id, role, content, occurred_at, recorded_at) "
                  "VALUES ('a', 'user', 'x', ?, ?) RETURNING id", (T0, T0))
    store.x(f"INSERT INTO {s.OUTBOX}(source_id, user_id, idempotency_key, next_attempt_at, created_at, updated_at) "
            "VALUES (?, 'a', 'k', ?, ?, ?)", (sid, T0, T0, T0))
    t1, l1 = "2026-01-02T00:00:00.000000+00:00", "2026-01-02T00:01:00.000000+00:00"
    assert len(pgo.claim_rows(store, t=t1, lease=l1, owner="w1", limit=5, max_attempts=2)) == 1
    assert pgo.claim_rows(store, t=t1, lease=l1, owner="w2", limit=5, max_attempts=2) == []  # leased
    t2, l2 = "2026-01-02T00:02:00.000000+00:00", "2026-01-02T00:03:00.000000+00:00"
    r = pgo.claim_rows(store, t=t2, lease=l2, owner="w2", limit=5, max_attempts=2)
    assert [x["attempts"] for x in r] == [2]  # reclaimed after the lease expired
    assert not pgo.complete_row(store, user="a", task_id=r[0]["id"], owner="w1", t=t2)  # w1 lost its lease
    t3 = "2026-01-02T00:04:00.000000+00:00"
    assert pgo.claim_rows(store, t=t3, lease=t3, owner="w3", limit=5, max_attempts=2) == []
    row = store.one(f"SELECT status, last_error FROM {s.OUTBOX}")
    assert row["status"] == "dead" and "lease expired after attempt 2" in row["last_error"]


def test_pool_serves_threads(pg_url):
    st = PgStore(pg_url, pool_size=3)
    out: list[int] = []

    def work() -> None:
        with st.tx():
            out.append(st.scalar("SELECT count(*) FROM memory_items"))

    threads = [threading.Thread(target=work) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    st.close()
    assert out == [0] * 6


def test_psycopg_missing_is_a_config_error(monkeypatch):
    import builtins

    real = builtins.__import__

    def fake(name, *a, **k):
        if name == "psycopg" or name.startswith("psycopg."):
            raise ImportError(name)
        return real(name, *a, **k)

    monkeypatch.setattr(builtins, "__import__", fake)
    with pytest.raises(ConfigError, match=r"memcli\[postgres\]"):
        PgStore("postgresql://x/y")


def test_scale_out_doc_shows_the_schema_memcli_creates():
    import re
    import textwrap
    from pathlib import Path

    from memcli.db.postgres.migrations import CORE_DDL, vec_table_ddl

    doc = (Path(__file__).resolve().parents[1] / "docs" / "scale-out.md").read_text(encoding="utf-8")
    block = re.search(r"<!-- DDL:BEGIN.*?```sql\n(.*?)```\n<!-- DDL:END -->", doc, re.S)
    assert block, "docs/scale-out.md lost its DDL block"
    want = textwrap.dedent(CORE_DDL).strip() + "\n" + textwrap.dedent(vec_table_ddl(512)).strip()
    assert block.group(1).strip() == want.strip()


def test_items_lineage_purge_on_the_store_interface(pg_url):
    """The interface methods that carry logic on PostgreSQL (insert with indexes, update with
    the validity mirror, recursive lineage, purge of every copy of the text)."""
    from datetime import UTC, datetime

    from memcli.db.postgres.store import PostgresStore
    from memcli.models import Candidate

    st = PostgresStore(pg_url)
    rng = np.random.default_rng(9)
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    try:
        src = st.add_source("alice", role="explicit", content="我妈妈的生日是3月5号", occurred_at=t0, recorded_at=t0)
        st.add_source("alice", role="user", content="对了，我妈妈的生日是3月5号哦", occurred_at=t0, recorded_at=t0)
        bob_src = st.add_source("bob", role="user", content="我妈妈的生日是3月5号", occurred_at=t0, recorded_at=t0)
        a = st.insert_item(user_id="alice", candidate=Candidate(statement="我妈妈的生日是3月5号", valid_from=t0,
                                                                slot="mother.birthday"),
                           origin="explicit", confidence=0.95, vector=_unit(rng), model="m", source_ids=[src])
        b = st.insert_item(user_id="alice", candidate=Candidate(statement="我妈妈的生日是3月6号", valid_from=t0),
                           origin="correction", confidence=1.0, vector=_unit(rng), model="m", supersedes_id=a["id"])
        st.update_item(a["id"], superseded_by_id=b["id"], expired_at=t0)
        c = st.insert_item(user_id="alice", candidate=Candidate(statement="unrelated", valid_from=t0),
                           origin="explicit", confidence=0.9, vector=_unit(rng), model="m")
        st.record_event(user_id="alice", action="CONFLICT", item_id=c["id"], other_item_id=b["id"])
        assert st.lineage("alice", a["id"]) == {a["id"], b["id"], c["id"]}
        assert st.lineage("bob", a["id"]) == {a["id"]}
        assert [h[0] for h in st.knn("alice", st.vector_of(b["id"]), 5)][0] == b["id"]
        assert a["id"] not in [h[0] for h in st.knn("alice", st.vector_of(a["id"]), 5)]  # expired: not active
        assert [h[0] for h in st.fts_search("alice", ["mother"], limit=5)] == []  # a is superseded
        assert st.item_status_counts("alice", "x") == {"active": 2, "invalid": 0, "superseded": 1, "forgotten": 0}
        assert st.source_ids_of(a["id"]) == [src]

        counts = st.purge_item("alice", a["id"])
        st.compact()
        assert counts["sources"] == 2
        with pytest.raises(NotFoundError):
            st.get_item("alice", a["id"])
        assert st.get_item("alice", b["id"])["supersedes_id"] is None
        with connect(pg_url) as conn:
            for t in (s.SOURCES, s.ITEMS, s.EVENTS, s.FTS, s.ITEM_SOURCES, s.OUTBOX):
                n = conn.execute(f"SELECT count(*) AS n FROM {t} x WHERE x::text LIKE %s AND x.user_id = 'alice'",
                                 ("%3月5号%",)).fetchone()["n"]
                assert n == 0, t
        assert st.count_sources("bob") == 1 and bob_src  # bob's identical utterance is his, untouched
        with pytest.raises(NotFoundError):
            st.purge_item("bob", b["id"])
    finally:
        st.close()


def test_one_users_write_transactions_run_one_after_the_other(pg_url):
    """Two workers deciding the same statement for one user: the second waits on the user's
    lock (seen in pg_locks) and then finds the first one's item, so it cannot ADD it again.
    Another user is not held up."""
    import time
    from datetime import UTC, datetime

    from memcli.db.postgres.store import PostgresStore
    from memcli.models import Candidate

    a, b, c = PostgresStore(pg_url), PostgresStore(pg_url), PostgresStore(pg_url)
    t0 = datetime(2026, 1, 1, tzinfo=UTC)
    cand = Candidate(statement="I like tea", valid_from=t0)
    seen: list = []
    try:
        with a.tx():
            assert a.find_exact("alice", "iliketea") is None
            with c.tx():  # another user proceeds while alice is held
                assert c.find_exact("bob", "iliketea") is None

            def second() -> None:
                with b.tx():
                    seen.append(b.find_exact("alice", "iliketea"))

            th = threading.Thread(target=second)
            th.start()
            with connect(pg_url) as conn:
                for _ in range(500):  # until the second worker waits on the advisory lock
                    if conn.execute("SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' "
                                    "AND NOT granted").fetchone()["n"]:
                        break
                    time.sleep(0.02)
                else:
                    raise AssertionError("the second worker never waited for alice's lock")
            assert seen == []
            a.insert_item(user_id="alice", candidate=cand, origin="extracted", confidence=0.7, vector=None, model=None)
        th.join()
        assert seen and seen[0] is not None and seen[0]["statement"] == "I like tea"
    finally:
        for st in (a, b, c):
            st.close()
