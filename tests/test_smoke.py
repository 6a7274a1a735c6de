"""End-to-end smoke test of the foundation through the real CLI entry point."""

from __future__ import annotations


def test_capture_remember_list_isolation(cli, db_path):
    db = str(db_path)
    r = cli("--db", db, "--user", "alice", "capture", "我咖啡不加糖", "--key", "k1", "--json")
    assert r.exit_code == 0, r.stderr
    assert r.json()["duplicate"] is False
    r = cli("--db", db, "--user", "alice", "capture", "我咖啡不加糖", "--key", "k1", "--json")
    assert r.json()["duplicate"] is True

    r = cli("--db", db, "--user", "alice", "remember", "我妈妈的生日是3月5号", "--json")
    assert r.exit_code == 0, r.stderr
    item_id = r.json()["item"]["id"]
    listed = cli("--db", db, "--user", "alice", "list", "--json").json()
    assert [m["statement"] for m in listed] == ["我妈妈的生日是3月5号"]
    assert cli("--db", db, "--user", "bob", "list", "--json").json() == []
    r = cli("--db", db, "--user", "bob", "show", str(item_id))
    assert r.exit_code == 3
    assert r.stderr.strip() == f"memcli: error: no memory with id {item_id} for user 'bob'"
