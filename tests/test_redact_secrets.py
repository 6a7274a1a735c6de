"""Secrets, finished: ``capture`` says what it redacted, and ``redact-secrets`` cleans stores
written before capture redacted (rows written straight through the store API, as an earlier
memcli did). Real stores on both backends, the real model for the vectors; the check that a
secret is gone reads the database file's bytes (PostgreSQL: every row of every table as text),
after a positive control that the same check sees it before.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from memcli import Memory
from memcli.db.postgres.url import is_pg_url
from memcli.errors import StoreError
from memcli.models import Candidate
from memcli.timeutil import now_utc, parse_at

#: made-up secrets, each said with its name (a Luhn-valid test card number)
WIFI = "zqxwifi7731"
CARD = "4539 1488 0343 6467"
PIN_ZH = "583920"
KEY = "sk-zqxkey9042"
BOB_PIN = "zqxbobpass55"
SAID = f"my wifi password is {WIFI} and my card number is {CARD}"
MEMORY = f"My api key is {KEY}"
SAID_ZH = f"我的银行卡密码是{PIN_ZH}"
CONFIDED = "don't tell anyone, but I am applying to the zqxconfided company"


def raw_bytes(db: str) -> bytes:
    """SQLite: the database file with its -wal and -shm; PostgreSQL: every row of every table as text."""
    if is_pg_url(db):
        from _procs import connect

        conn = connect(db)
        try:
            tables = [r[0] for r in conn.execute(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
                "AND table_type = 'BASE TABLE'")]
            return b"\n".join(str(conn.execute(f'SELECT string_agg(x::text, E\'\\n\') FROM "{t}" x').fetchone()[0]
                                   or "").encode("utf-8") for t in tables)
        finally:
            conn.close()
    return b"".join(Path(db + sfx).read_bytes() for sfx in ("", "-wal", "-shm") if Path(db + sfx).exists())


def _old_store(db: str, embedder) -> dict[str, int]:  # noqa: ANN001
    """What an earlier memcli left: secrets in captured turns (one still pending in the outbox,
    one kept as an episode), in a memory with its vector and full-text row, in the memory's ADD
    event snapshot and its metadata — for alice; and one secret of bob's."""
    t = parse_at("2026-03-01")
    with Memory(db=db, user="alice", embedder=embedder) as m:
        st = m.store
        pending = st.capture("alice", role="user", session=None, content=SAID, occurred_at=t, key="k1", now=now_utc())
        ep = st.capture("alice", role="user", session=None, content=SAID_ZH, occurred_at=t, key="k2", now=now_utc())
        st.record_episode("alice", ep.source_id, occurred_at=t, content=SAID_ZH, chatter=False,
                          vector=embedder.embed_one(SAID_ZH), model=m.settings.model, now=now_utc())
        st.add_source("alice", role="user", content=CONFIDED, occurred_at=t, recorded_at=now_utc())
        src = st.add_source("alice", role="explicit", content=MEMORY, occurred_at=t, recorded_at=now_utc())
        row = st.insert_item(user_id="alice", candidate=Candidate(statement=MEMORY, valid_from=t,
                                                                  metadata={"note": f"api key: {KEY}"}),
                             origin="explicit", confidence=1.0, vector=embedder.embed_one(MEMORY),
                             model=m.settings.model, source_ids=[src])
        st.record_event(user_id="alice", action="ADD", item_id=row["id"], source_id=src, level="explicit",
                        after={"statement": MEMORY})
        keep = m.remember("I take my coffee without sugar").item_id
        bob = st.add_source("bob", role="user", content=f"my email password is {BOB_PIN}", occurred_at=t,
                            recorded_at=now_utc())
    return {"item": int(row["id"]), "episode": ep.source_id, "pending": pending.outbox_id, "keep": keep, "bob": bob}


@pytest.mark.backends
def test_redact_secrets_dry_run_then_apply_leaves_no_secret_bytes(cli, db: str, embedder):
    ids = _old_store(db, embedder)
    before = raw_bytes(db)
    for secret in (WIFI, CARD, PIN_ZH, KEY, "zqxconfided", BOB_PIN):  # positive control: the check sees them
        assert secret.encode() in before, secret

    dry = cli("--db", db, "--user", "alice", "redact-secrets", "--json")
    assert dry.exit_code == 0, dry.stderr
    out = dry.json()
    assert out["applied"] is False and out["user"] == "alice" and out["users"] == 1
    assert out["redacted"] == {"card_number": 1, "confided": 1, "key": 4, "password": 2}
    assert out["columns"] == {"memory_events.after": 1, "memory_items.metadata": 1, "memory_items.statement": 1,
                              "memory_sources.content": 4}
    assert out["memories"] == 1 and out["verified"] is None
    for secret in (WIFI, CARD, PIN_ZH, KEY):  # a dry run wrote nothing
        assert secret.encode() in raw_bytes(db), secret
    human = cli("--db", db, "--user", "alice", "redact-secrets")
    assert human.exit_code == 0 and "would redact 8 stored secret(s) in 7 row(s)" in human.stdout
    assert "--apply" in human.stderr and WIFI not in human.stdout + human.stderr

    done = cli("--db", db, "--user", "alice", "redact-secrets", "--apply", "--json")
    assert done.exit_code == 0, done.stderr
    got = done.json()
    assert got["applied"] is True and got["verified"] is True and got["episodes"] == 1
    assert got["redacted"] == out["redacted"] and got["rows"] == 7
    after = raw_bytes(db)
    for secret in (WIFI, CARD, PIN_ZH, KEY, "zqxconfided"):
        assert secret.encode() not in after, secret
    assert BOB_PIN.encode() in after  # the other user's rows are not touched

    with Memory(db=db, user="alice", embedder=embedder) as m:
        item = m.show(ids["item"])
        assert item.statement == "My api key is [redacted]" and item.metadata == {"note": "api key: [redacted]"}
        vec = m.store.vector_of(ids["item"])
        assert vec is not None and float(np.dot(vec, embedder.embed_one(item.statement))) > 0.999
        assert [e["id"] for e in m.episodes()] == []  # the turn with a placeholder is no episode
        redact = [e for e in m.events(ids["item"]) if e.action == "REDACT"]
        assert [e.reason for e in redact] == ["secrets redacted in place: 1 key or token"]
        assert m.show(ids["keep"]).statement == "I take my coffee without sugar"
        contents = {r["text"] for r in m.store.stored_texts("alice") if r["column"] == "content"}
        assert "my wifi password is [redacted] and my card number is [redacted]" in contents
        assert "我的银行卡密码是[已隐去]" in contents and "[redacted: said in confidence]" in contents
        assert m.outbox_status().counts["pending"] >= 1  # the pending turn is drained later, redacted

    again = cli("--db", db, "--user", "alice", "redact-secrets", "--json").json()
    assert again["rows"] == 0 and again["redacted"] == {}
    assert "no stored secrets found" in cli("--db", db, "--user", "alice", "redact-secrets").stderr
    bob = cli("--db", db, "--user", "bob", "redact-secrets", "--json").json()
    assert bob["redacted"] == {"password": 1}


@pytest.mark.backends
def test_all_users_for_the_operator(cli, db: str, embedder):
    _old_store(db, embedder)
    out = cli("--db", db, "redact-secrets", "--all-users", "--apply", "--json").json()
    assert out["users"] == 2 and out["user"] is None and out["verified"] is True
    assert BOB_PIN.encode() not in raw_bytes(db) and WIFI.encode() not in raw_bytes(db)
    assert cli("--db", db, "redact-secrets", "--all-users", "--json").json()["rows"] == 0


def test_bad_input_is_one_line_and_writes_nothing(cli, db_path: Path, embedder):
    db = str(db_path)
    _old_store(db, embedder)
    before = raw_bytes(db)
    r = cli("--db", db, "--user", "alice", "redact-secrets", "--all-users", "--apply")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "--all-users" in r.stderr
    r = cli("--db", db, "--user", "alice", "redact-secrets", "--apply", "now")
    assert r.exit_code == 2
    assert raw_bytes(db) == before


def test_a_failure_midway_rolls_back_whole(db_path: Path, embedder, monkeypatch):
    db = str(db_path)
    _old_store(db, embedder)
    with Memory(db=db, user="alice", embedder=embedder) as m:
        counted = m.redact_secrets()

        def broken(store, row, vector):  # noqa: ANN001, ANN202 - the memory's re-index fails after rows were updated
            raise StoreError("disk I/O error; nothing was written")

        monkeypatch.setattr(type(m.store), "reindex_item", broken)
        with pytest.raises(StoreError):
            m.redact_secrets(apply=True)
        monkeypatch.undo()
        assert m.redact_secrets() == counted
    assert WIFI.encode() in raw_bytes(db)


def test_capture_reports_what_it_redacted(cli, db_path: Path, embedder):
    db = str(db_path)
    r = cli("--db", db, "--user", "alice", "capture", f"please charge my card {CARD} for the tickets", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json()["redacted"] == {"card_number": 1} and CARD not in r.stdout
    r = cli("--db", db, "--user", "alice", "capture", SAID)  # human: one line says what went
    assert r.exit_code == 0 and "redacted before storing: 1 card number, 1 password" in r.stderr
    assert WIFI not in r.stderr
    r = cli("--db", db, "--user", "alice", "capture", "-", input='{"text": "my bank PIN is 4821"}\n')  # full path
    assert r.exit_code == 0 and "redacted before storing: 1 PIN" in r.stderr, r.stderr
    plain = cli("--db", db, "--user", "alice", "capture", "I like green tea", "--json").json()
    assert plain["redacted"] == {}
    with Memory(db=db, user="alice", embedder=embedder) as m:
        res = m.capture(SAID_ZH)
        assert res.redacted == {"password": 1}
        assert m.redact_secrets()["rows"] == 0  # what capture stores needs no redaction
    assert CARD.encode() not in raw_bytes(db) and PIN_ZH.encode() not in raw_bytes(db)


def test_http_capture_reports_what_it_redacted(http_service):
    import httpx
    from _http import http_user

    base, settings = http_service
    _, auth = http_user(settings, "alice")
    r = httpx.post(f"{base}/v1/capture", json={"text": f"the door code is {PIN_ZH}"}, headers=auth)
    assert r.status_code == 200, r.text
    assert r.json()["redacted"] == {"code": 1} and PIN_ZH not in r.text
