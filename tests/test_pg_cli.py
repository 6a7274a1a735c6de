"""Issue 13's done-when, through the real CLI on a real PostgreSQL (pgserver): remember /
search / context / capture / drain / forget --purge with ``--db URL``; bob sees none of
alice's memories; an HNSW index exists; after the purge no row of any table holds the text."""

from __future__ import annotations

import pytest

pytest.importorskip("psycopg")

from _pg import connect  # noqa: E402

SECRET = "I take my coffee without sugar"


def _rows_holding(url: str, needle: str) -> list[str]:
    with connect(url) as c:
        tables = [r["table_name"] for r in c.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() "
            "AND table_type = 'BASE TABLE'")]
        return [t for t in tables if c.execute(f'SELECT count(*) AS n FROM "{t}" x WHERE strpos(x::text, %s) > 0',
                                               (needle,)).fetchone()["n"]]


def test_every_command_on_a_postgresql_url(cli, pg_url):
    alice, bob = ("--db", pg_url, "--user", "alice"), ("--db", pg_url, "--user", "bob")
    for text in ("我妈妈的生日是3月5号", SECRET):
        r = cli(*alice, "remember", text, "--json")
        assert r.exit_code == 0, r.stderr
    coffee = r.json()["item"]["id"]
    assert cli(*alice, "capture", "I live in Lyon", "--json").exit_code == 0
    r = cli(*alice, "drain", "--json")
    assert r.exit_code == 0 and r.json()["done"] == 1, r.stderr
    hits = cli(*alice, "search", "coffee", "--json").json()["hits"]
    assert hits and hits[0]["statement"] == SECRET
    assert cli(*alice, "search", "妈妈的生日", "--json").json()["hits"][0]["statement"] == "我妈妈的生日是3月5号"
    ctx = cli(*alice, "context", "how do I take my coffee?")
    assert ctx.exit_code == 0 and SECRET in ctx.stdout
    assert {m["statement"] for m in cli(*alice, "list", "--json").json()} == \
        {"我妈妈的生日是3月5号", SECRET, "I live in Lyon"}

    # bob sees nothing of alice's, by listing, searching, context or id
    assert cli(*bob, "list", "--json").json() == []
    assert cli(*bob, "search", "coffee", "--json").json()["hits"] == []
    assert cli(*bob, "context", "coffee").stdout == ""
    assert cli(*bob, "show", str(coffee)).exit_code == 3
    assert cli(*bob, "forget", str(coffee), "--purge").exit_code == 3

    with connect(pg_url) as c:
        idx = [r["indexdef"] for r in c.execute("SELECT indexdef FROM pg_indexes WHERE "
                                                "schemaname = current_schema() AND tablename = 'memory_vec'")]
    assert any("USING hnsw" in d for d in idx), idx

    assert _rows_holding(pg_url, SECRET)  # positive control
    r = cli(*alice, "forget", str(coffee), "--purge", "--json")
    assert r.exit_code == 0 and r.json()["purged"] is True, r.stderr
    assert _rows_holding(pg_url, SECRET) == []
    assert _rows_holding(pg_url, "without sugar") == []
    assert cli(*alice, "show", str(coffee)).exit_code == 3
    assert len(cli(*alice, "list", "--json").json()) == 2


def test_settings_never_show_the_password(pg_url):
    from memcli.settings import load_settings

    s = load_settings(db="postgresql://alice:s3cret@db.example:5432/mem")
    assert s.db == "postgresql://alice:s3cret@db.example:5432/mem"  # a URL stays a URL (no Path folding)
    assert "s3cret" not in str(s.public_dict())
    assert str(load_settings(db="~/x.db").db).endswith("/x.db")


def test_bad_url_is_one_line_error(cli):
    r = cli("--db", "postgresql://nobody@127.0.0.1:1/none", "--user", "a", "list")
    assert r.exit_code == 4 and r.stderr.count("\n") == 1 and "cannot reach PostgreSQL" in r.stderr
