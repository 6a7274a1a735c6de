"""Explicit memories through the CLI and the library: remember, list, show, correct, forget
(and --purge), history, stats, import/export, and user isolation. Real model, real files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from memcli.db import migrations
from memcli.db import schema as s
from memcli.embed import vec_to_blob


@pytest.fixture
def run(cli, db_path):
    """``run("alice", "list", "--json")`` → CliResult on the test database."""

    def _run(user: str, *args: str, input: str | None = None):  # noqa: ANN202
        return cli("--db", str(db_path), "--user", user, *args, input=input)

    return _run


def ok_json(r):  # noqa: ANN001, ANN201
    assert r.exit_code == 0, r.stderr
    return r.json()


def remember(run, user: str, text: str, *extra: str) -> dict:  # noqa: ANN001
    return ok_json(run(user, "remember", text, "--json", *extra))


def raw_bytes(db: Path) -> bytes:
    """The database, its WAL and shared-memory file, as stored on disk."""
    return b"".join(Path(str(db) + suf).read_bytes() for suf in ("", "-wal", "-shm")
                    if Path(str(db) + suf).exists())


# -- remember / list / show ------------------------------------------------------------------
def test_remember_list_show(run):
    out = remember(run, "alice", "我妈妈的生日是3月5号", "--kind", "relationship", "--at", "2026-03-01")
    assert out["decision"]["decision"] == "ADD"
    item = out["item"]
    assert item["statement"] == "我妈妈的生日是3月5号" and item["kind"] == "relationship"
    assert item["confidence"] == 0.95 and item["origin"] == "explicit" and item["status"] == "active"
    assert item["valid_from"] == "2026-03-01T00:00:00Z" and item["invalid_at"] is None
    assert len(item["source_ids"]) == 1
    remember(run, "alice", "I take my coffee without sugar")
    listed = ok_json(run("alice", "list", "--json"))
    assert [m["statement"] for m in listed] == ["I take my coffee without sugar", "我妈妈的生日是3月5号"]
    shown = ok_json(run("alice", "show", str(item["id"]), "--json"))
    assert shown["statement"] == item["statement"] and shown["id"] == item["id"]
    human = run("alice", "show", str(item["id"]))
    assert human.exit_code == 0 and "我妈妈的生日是3月5号" in human.stdout


def test_remember_same_statement_reinforces(run, db_path):
    a = remember(run, "alice", "I take my coffee without sugar")
    b = remember(run, "alice", "i take my coffee, without sugar!")  # same normalised statement
    assert b["decision"]["decision"] == "NOOP" and b["item"]["id"] == a["item"]["id"]
    assert b["item"]["confirmations"] == 2 and b["item"]["confidence"] > a["item"]["confidence"]
    assert len(ok_json(run("alice", "list", "--json"))) == 1


def test_remember_indexes_fts_and_vec(mem, embedder):
    res = mem.remember("我喜欢喝咖啡")
    st = mem.store
    assert st.scalar(f"SELECT user_id FROM {s.FTS} WHERE rowid = ?", (res.item_id,)) == "alice"
    hits = st.q(f"SELECT rowid FROM {s.FTS} WHERE {s.FTS} MATCH ?", ('"咖啡"',))
    assert [h["rowid"] for h in hits] == [res.item_id]
    q = vec_to_blob(embedder.embed_one("我喜欢喝咖啡"))
    knn = st.q(f"SELECT item_id, distance FROM {s.VEC} WHERE embedding MATCH ? AND k = 1 AND user_id = 'alice' "
               "AND active = 1", (q,))
    assert knn[0]["item_id"] == res.item_id and knn[0]["distance"] < 1e-4
    assert st.meta_get("embed_model") == "use-multilingual-v3" and st.meta_get("embed_dim") == "512"


# -- correct ----------------------------------------------------------------------------------
def test_correct(run, mem):
    old = remember(run, "alice", "My sister lives in Lyon", "--kind", "relationship")["item"]
    new = ok_json(run("alice", "correct", str(old["id"]), "My sister lives in Paris", "--json"))
    assert new["statement"] == "My sister lives in Paris" and new["confidence"] == 1.0
    assert new["origin"] == "correction" and new["status"] == "active" and new["kind"] == "relationship"
    assert new["supersedes_id"] == old["id"]
    old_now = ok_json(run("alice", "show", str(old["id"]), "--json"))
    assert old_now["status"] == "invalid" and old_now["superseded_by_id"] == new["id"]
    assert old_now["invalid_at"] == new["valid_from"]  # invalidated from the moment of the correction
    assert old_now["invalid_at"] > old["valid_from"]
    assert [m["id"] for m in ok_json(run("alice", "list", "--json"))] == [new["id"]]
    ev = mem.store.one(f"SELECT * FROM {s.EVENTS} WHERE action = 'CORRECT'")
    assert (ev["item_id"], ev["other_item_id"]) == (new["id"], old["id"])
    assert json.loads(ev["before"])["statement"] == "My sister lives in Lyon"
    assert json.loads(ev["after"])["statement"] == "My sister lives in Paris"
    # the vector index mirrors it: the old item is no longer active inside the KNN
    flags = {r["item_id"]: r["active"] for r in mem.store.q(f"SELECT item_id, active FROM {s.VEC}")}
    assert flags == {old["id"]: 0, new["id"]: 1}


def test_a_correction_takes_the_slot_its_own_words_give(run):
    """A correction about something else never inherits the old memory's slot: "I have two cats" is
    no residence of the sister, so a question about where she lives no longer finds it."""
    old = remember(run, "alice", "My sister lives in Lyon")["item"]
    assert old["slot"] == "sister.residence"
    assert ok_json(run("alice", "correct", str(old["id"]), "I have two cats", "--json"))["slot"] == "owns.cat"
    same = remember(run, "alice", "我妈妈住在长沙")["item"]
    assert ok_json(run("alice", "correct", str(same["id"]), "我妈妈住在武汉", "--json"))["slot"] == "mother.residence"


def test_correct_twice_must_go_to_the_newest_version(run):
    old = remember(run, "alice", "My sister lives in Lyon")["item"]
    new = ok_json(run("alice", "correct", str(old["id"]), "My sister lives in Paris", "--json"))
    r = run("alice", "correct", str(old["id"]), "My sister lives in Rome")
    assert r.exit_code == 2
    assert r.stderr.strip() == (f"memcli: error: memory #{old['id']} was already superseded by "
                                f"#{new['id']}; correct #{new['id']} instead")
    assert [m["statement"] for m in ok_json(run("alice", "list", "--json"))] == ["My sister lives in Paris"]
    newest = ok_json(run("alice", "correct", str(new["id"]), "My sister lives in Rome", "--json"))
    assert newest["supersedes_id"] == new["id"]
    assert [m["statement"] for m in ok_json(run("alice", "list", "--json"))] == ["My sister lives in Rome"]


def test_correct_a_forgotten_memory_is_refused(run):
    item = remember(run, "alice", "My sister lives in Lyon")["item"]
    assert run("alice", "forget", str(item["id"])).exit_code == 0
    r = run("alice", "correct", str(item["id"]), "My sister lives in Paris")
    assert r.exit_code == 2
    assert r.stderr.strip() == f"memcli: error: memory #{item['id']} was forgotten; `memcli remember` the fact instead"
    assert ok_json(run("alice", "list", "--json")) == []


def test_correct_a_contradicted_memory_is_refused(run):
    """Correcting a memory a CONFLICT invalidated would stand a second active value beside the one
    that replaced it: refused, nothing written."""
    old = remember(run, "alice", "我咖啡不加糖")["item"]
    newer = remember(run, "alice", "我现在喝咖啡开始加糖了")
    assert newer["decision"]["decision"] == "CONFLICT"
    r = run("alice", "correct", str(old["id"]), "我咖啡加一点糖")
    assert r.exit_code == 2
    assert r.stderr.strip().startswith(f"memcli: error: memory #{old['id']} is no longer valid (")
    assert [m["statement"] for m in ok_json(run("alice", "list", "--json"))] == ["我现在喝咖啡开始加糖了"]


# -- forget ---------------------------------------------------------------------------------
def test_forget_keeps_history(run, mem):
    item = remember(run, "alice", "I take my coffee without sugar")["item"]
    r = run("alice", "forget", str(item["id"]))
    assert r.exit_code == 0 and r.stderr.strip() == f"forgot #{item['id']}"
    assert ok_json(run("alice", "list", "--json")) == []
    (kept,) = ok_json(run("alice", "list", "--all", "--json"))
    assert kept["id"] == item["id"] and kept["status"] == "forgotten"
    assert kept["invalid_at"] is not None and kept["expired_at"] is not None
    actions = [e["action"] for e in ok_json(run("alice", "history", str(item["id"]), "--json"))["events"]]
    assert actions == ["ADD", "FORGET"]
    assert mem.store.scalar(f"SELECT active FROM {s.VEC} WHERE item_id = ?", (item["id"],)) == 0


def test_forget_twice_changes_nothing(run):
    item = remember(run, "alice", "I take my coffee without sugar")["item"]
    first = ok_json(run("alice", "forget", str(item["id"]), "--json"))
    assert first == {"id": item["id"], "purged": False, "already": False}
    before = ok_json(run("alice", "show", str(item["id"]), "--json"))
    r = run("alice", "forget", str(item["id"]))
    assert r.exit_code == 0 and r.stderr.strip() == f"#{item['id']} was already forgotten; nothing changed"
    assert ok_json(run("alice", "show", str(item["id"]), "--json")) == before  # expired_at not moved
    events = ok_json(run("alice", "history", str(item["id"]), "--json"))["events"]
    assert [e["action"] for e in events] == ["ADD", "FORGET"]


def test_forget_a_corrected_version_keeps_its_times(run):
    old = remember(run, "alice", "My sister lives in Lyon")["item"]
    ok_json(run("alice", "correct", str(old["id"]), "My sister lives in Paris", "--json"))
    before = ok_json(run("alice", "show", str(old["id"]), "--json"))
    assert run("alice", "forget", str(old["id"])).exit_code == 0
    after = ok_json(run("alice", "show", str(old["id"]), "--json"))
    assert after["status"] == "forgotten"
    assert after["invalid_at"] == before["invalid_at"]  # world time it stopped holding is unchanged


def test_forget_purge_erases_every_copy(run, mem, db_path, embedder):
    # private, not secrets (a password or code itself is never stored: memcli.sensitive, test_trial_round12_write)
    secret = "I hid the spare key behind the zebra-kumquat mural"
    secret_zh = "我把备用钥匙藏在斑马金橘花盆底下"
    keep = remember(run, "alice", "I take my coffee without sugar")["item"]
    ids = [remember(run, "alice", t)["item"]["id"] for t in (secret, secret_zh)]
    ok_json(run("alice", "remember", secret, "--json"))  # reinforced: a second source row
    blobs = [vec_to_blob(embedder.embed_one(t))[:64] for t in (secret, secret_zh)]
    data = raw_bytes(db_path)
    assert b"kumquat" in data and secret_zh.encode() in data and all(b in data for b in blobs)
    st = mem.store
    src_ids = {i: [r["source_id"] for r in st.q(f"SELECT source_id FROM {s.ITEM_SOURCES} WHERE item_id = ?", (i,))]
               for i in ids}
    assert len(src_ids[ids[0]]) == 2
    for item_id in ids:
        out = ok_json(run("alice", "forget", str(item_id), "--purge", "--json"))
        assert out["purged"] is True
    assert out["sources"] == 1
    for item_id in ids:
        assert st.scalar(f"SELECT count(*) FROM {s.ITEMS} WHERE id = ?", (item_id,)) == 0
        assert st.scalar(f"SELECT count(*) FROM {s.FTS} WHERE rowid = ?", (item_id,)) == 0
        assert st.scalar(f"SELECT count(*) FROM {s.VEC} WHERE item_id = ?", (item_id,)) == 0
        assert st.scalar(f"SELECT count(*) FROM {s.ITEM_SOURCES} WHERE item_id = ?", (item_id,)) == 0
        assert [e["action"] for e in st.q(f"SELECT action FROM {s.EVENTS} WHERE item_id = ? OR other_item_id = ?",
                                          (item_id, item_id))] == ["PURGE"]
        assert run("alice", "show", str(item_id)).exit_code == 3
    for sid in src_ids[ids[0]] + src_ids[ids[1]]:
        assert st.scalar(f"SELECT count(*) FROM {s.SOURCES} WHERE id = ?", (sid,)) == 0
    data = raw_bytes(db_path)
    assert b"kumquat" not in data and secret_zh.encode() not in data
    assert "斑马".encode() not in data  # no jieba token left in FTS segments either
    assert not any(b in data for b in blobs)  # nor the vectors
    # the rest is intact
    assert [m["id"] for m in ok_json(run("alice", "list", "--json"))] == [keep["id"]]
    assert st.scalar("PRAGMA integrity_check") == "ok"


def test_purge_a_corrected_memory_erases_the_correction_trail(run, mem, db_path):
    old = remember(run, "alice", "My sister lives in Quixotetown")["item"]
    new = ok_json(run("alice", "correct", str(old["id"]), "My sister lives in Paris", "--json"))
    ok_json(run("alice", "forget", str(old["id"]), "--purge", "--json"))
    assert b"Quixotetown" not in raw_bytes(db_path)
    cur = ok_json(run("alice", "show", str(new["id"]), "--json"))
    assert cur["status"] == "active" and cur["supersedes_id"] is None


# -- history / stats -------------------------------------------------------------------------
def test_history_follows_the_lineage(run):
    a = remember(run, "alice", "My sister lives in Lyon")["item"]
    b = ok_json(run("alice", "correct", str(a["id"]), "My sister lives in Paris", "--json"))
    c = ok_json(run("alice", "correct", str(b["id"]), "My sister lives in Rome", "--json"))
    for start in (a["id"], b["id"], c["id"]):
        h = ok_json(run("alice", "history", str(start), "--json"))
        assert [i["id"] for i in h["items"]] == [a["id"], b["id"], c["id"]]
        assert [(e["action"], e["item_id"], e["other_item_id"]) for e in h["events"]] == [
            ("ADD", a["id"], None), ("CORRECT", b["id"], a["id"]), ("CORRECT", c["id"], b["id"])]
    human = run("alice", "history", str(a["id"]))
    assert human.exit_code == 0 and "CORRECT" in human.stdout and "Rome" in human.stdout


def test_stats(run, db_path):
    assert run("alice", "capture", "hello", "--key", "k").exit_code == 0
    a = remember(run, "alice", "I take my coffee without sugar")["item"]
    b = remember(run, "alice", "My sister lives in Lyon")["item"]
    ok_json(run("alice", "correct", str(b["id"]), "My sister lives in Paris", "--json"))
    assert run("alice", "forget", str(a["id"])).exit_code == 0
    remember(run, "bob", "I am bob")
    st = ok_json(run("alice", "stats", "--json"))
    assert st["user"] == "alice"
    assert st["items"] == {"active": 1, "invalid": 1, "superseded": 0, "forgotten": 1}
    assert st["sources"] == 4 and st["outbox_depth"] == 1
    assert st["outbox"] == {"pending": 1, "processing": 0, "done": 0, "dead": 0}
    assert (st["model"], st["dim"], st["schema_version"]) == ("use-multilingual-v3", 512, len(migrations.MIGRATIONS))
    assert st["db"] == str(db_path) and st["db_bytes"] >= db_path.stat().st_size > 0
    assert ok_json(run("bob", "stats", "--json"))["items"]["active"] == 1
    table = run("alice", "stats")  # a table and nothing else: no title line repeating the command
    lines = table.stdout.splitlines()
    assert table.exit_code == 0 and lines[0].startswith("┌") and "memcli stats" not in table.stdout, table.stdout
    assert lines[1].split() == ["│", "user", "│", "alice", "│"]


# -- import / export -------------------------------------------------------------------------
RECORDS = [
    {"text": "我妈妈的生日是3月5号", "kind": "relationship", "at": "2026-03-01T00:00:00Z", "confidence": 0.9,
     "metadata": {"source": "chat", "tags": ["family"], "n": 3}},
    {"text": "I take my coffee without sugar", "kind": "preference", "metadata": {"source": "form"}},
    {"text": "I live in Lyon", "at": "2026-01-05"},
]


def test_import_export_round_trip(run, tmp_path, cli):
    f = tmp_path / "in.jsonl"
    f.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in RECORDS) + "\n", encoding="utf-8")
    out = ok_json(run("alice", "import", str(f), "--json"))
    assert out["records"] == 3 and out["decisions"] == {"ADD": 3}
    listed = {m["statement"]: m for m in ok_json(run("alice", "list", "--json"))}
    mom = listed["我妈妈的生日是3月5号"]
    assert mom["metadata"] == RECORDS[0]["metadata"] and mom["confidence"] == 0.9 and mom["kind"] == "relationship"
    assert mom["origin"] == "import" and mom["valid_from"] == "2026-03-01T00:00:00Z"
    assert listed["I live in Lyon"]["confidence"] == 0.95  # the default for an explicit memory
    assert ok_json(run("alice", "show", str(mom["id"]), "--json"))["metadata"] == RECORDS[0]["metadata"]

    exported = run("alice", "export")
    assert exported.exit_code == 0
    *lines, end = [json.loads(x) for x in exported.stdout.splitlines()]
    assert end == {"v": 2, "records": 3}  # format 2: the rows in the order they were stored, then the end line
    assert [x["text"] for x in lines] == ["我妈妈的生日是3月5号", "I take my coffee without sugar", "I live in Lyon"]
    assert {k: lines[0][k] for k in (*RECORDS[0], "v", "origin", "id")} == {
        **RECORDS[0], "at": "2026-03-01T00:00:00Z", "v": 2, "origin": "import", "id": mom["id"]}
    assert [s["text"] for s in lines[0]["sources"]] == [RECORDS[0]["text"]]
    assert [e["action"] for e in lines[0]["events"]] == ["ADD"]
    # into another database (and another user) from stdin, then export again: identical
    other = tmp_path / "other.db"
    r = cli("--db", str(other), "--user", "carol", "import", "-", input=exported.stdout)
    assert r.exit_code == 0 and r.stderr.strip() == "imported 3 record(s): ADD 3"
    again = cli("--db", str(other), "--user", "carol", "export")
    assert again.stdout == exported.stdout


def test_an_import_is_not_a_confirmation(run, tmp_path, cli):
    """Export then import keeps when the user last confirmed a fact, so its confidence goes on
    decaying from then instead of jumping back up (the new-user trial's finding: 0.58 [unsure]
    became 0.80 after a round trip). A confirmed_at in the future counts as now."""
    recs = [{"text": "I live in Lyon", "at": "2024-01-05", "confirmed_at": "2024-01-05", "confidence": 0.8},
            {"text": "I play chess", "confirmed_at": "2999-01-01T00:00:00Z"}]
    f = tmp_path / "in.jsonl"
    f.write_text("\n".join(json.dumps(r) for r in recs) + "\n", encoding="utf-8")
    assert run("alice", "import", str(f), "--allow-future").exit_code == 0
    listed = {m["statement"]: m for m in ok_json(run("alice", "list", "--json"))}
    lyon = listed["I live in Lyon"]
    assert lyon["last_confirmed_at"] == "2024-01-05T00:00:00Z" and lyon["effective_confidence"] < 0.8
    assert listed["I play chess"]["last_confirmed_at"] < "2999"
    other = tmp_path / "other.db"
    assert cli("--db", str(other), "--user", "bob", "import", "-", input=run("alice", "export").stdout).exit_code == 0
    again = {m["statement"]: m for m in cli("--db", str(other), "--user", "bob", "list", "--json").json()}
    for k in ("last_confirmed_at", "confidence", "effective_confidence"):
        assert again["I live in Lyon"][k] == lyon[k], k


def test_export_all_round_trips_invalid_memories(run, tmp_path, cli):
    a = remember(run, "alice", "My sister lives in Lyon")["item"]
    ok_json(run("alice", "correct", str(a["id"]), "My sister lives in Paris", "--json"))
    c = remember(run, "alice", "I smoke")["item"]
    assert run("alice", "forget", str(c["id"])).exit_code == 0
    active_only = [json.loads(x) for x in run("alice", "export").stdout.splitlines()][:-1]
    assert [x["text"] for x in active_only] == ["My sister lives in Paris"]
    everything = run("alice", "export", "--all").stdout
    lines = [json.loads(x) for x in everything.splitlines()][:-1]
    assert [x["text"] for x in lines] == ["My sister lives in Lyon", "My sister lives in Paris", "I smoke"]
    assert lines[0]["invalid_at"] == lines[1]["at"] and "invalid_at" not in lines[1]
    other = tmp_path / "other.db"
    assert cli("--db", str(other), "--user", "alice", "import", "-", input=everything).exit_code == 0
    listed = cli("--db", str(other), "--user", "alice", "list", "--json").json()
    assert [m["statement"] for m in listed] == ["My sister lives in Paris"]  # nothing resurrected
    assert cli("--db", str(other), "--user", "alice", "export", "--all").stdout == everything


# -- isolation ---------------------------------------------------------------------------------
def test_bob_cannot_reach_alices_memories(run, db_path):
    item = remember(run, "alice", "我妈妈的生日是3月5号", "--kind", "relationship")["item"]
    iid = str(item["id"])
    remember(run, "bob", "I am bob")
    assert [m["statement"] for m in ok_json(run("bob", "list", "--all", "--json"))] == ["I am bob"]
    for args in (("show", iid), ("history", iid), ("forget", iid), ("forget", iid, "--purge"),
                 ("correct", iid, "我妈妈的生日是3月6号")):
        r = run("bob", *args)
        assert r.exit_code == 3, (args, r.stderr)
        assert r.stderr.strip() == f"memcli: error: no memory with id {iid} for user 'bob'"
        assert "我妈妈" not in r.stdout + r.stderr
    assert "我妈妈" not in run("bob", "export", "--all").stdout
    bob_stats = ok_json(run("bob", "stats", "--json"))
    assert bob_stats["items"]["active"] == 1 and bob_stats["sources"] == 1
    # alice's memory is untouched
    after = ok_json(run("alice", "show", iid, "--json"))
    assert after["status"] == "active" and after["statement"] == "我妈妈的生日是3月5号"
    assert [e["action"] for e in ok_json(run("alice", "history", iid, "--json"))["events"]] == ["ADD"]


def test_library_is_bound_to_one_user(mem, db_path):
    from memcli import Memory, NotFoundError

    iid = mem.remember("I live in Lyon").item_id
    with Memory(db=str(db_path), user="bob") as bob:
        assert bob.list(include_all=True) == [] and list(bob.export(include_all=True)) == [{"v": 2, "records": 0}]
        for call in (lambda: bob.show(iid), lambda: bob.history(iid), lambda: bob.forget(iid),
                     lambda: bob.forget(iid, purge=True), lambda: bob.correct(iid, "I live in Paris")):
            with pytest.raises(NotFoundError):
                call()
    assert mem.show(iid).status == "active"


# -- help --------------------------------------------------------------------------------------
@pytest.mark.parametrize("cmd", ["capture", "remember", "correct", "forget", "list", "show", "history", "stats",
                                 "import", "export", "reembed"])
def test_every_command_has_help_with_an_example(cmd):
    from conftest import run_cli

    r = run_cli(cmd, "--help")
    assert r.exit_code == 0 and "Usage: memcli " + cmd in r.stdout
    assert "Example" in r.stdout and f"memcli {cmd}" in r.stdout.replace("memcli --user alice ", "memcli ")
    assert "--json" in r.stdout or cmd == "export"


def test_root_help_names_the_environment_variables():
    from conftest import run_cli

    r = run_cli("--help")
    assert r.exit_code == 0
    for env in ("MEMCLI_DB", "MEMCLI_USER", "MEMCLI_MODEL"):
        assert env in r.stdout


def test_import_of_nothing_says_so(db_path):
    from conftest import run_cli

    r = run_cli("--db", str(db_path), "--user", "alice", "import", "-", input="\n\n")
    assert r.exit_code == 0 and r.stderr.strip() == "imported 0 record(s): the input had no records"


def test_export_import_round_trip_with_unicode_line_separators(run, tmp_path, cli):
    """JSON strings may hold U+2028/U+2029/U+0085 unescaped; they must not split a record."""
    item = remember(run, "alice", "line one\u2028line two\u2029end")["item"]
    assert item["statement"] == "line one\u2028line two\u2029end"
    exported = run("alice", "export").stdout
    assert len(exported.split("\n")) == 3  # one record, the end line, the final newline
    r = cli("--db", str(tmp_path / "o.db"), "--user", "alice", "import", "-", input=exported)
    assert r.exit_code == 0, r.stderr
    assert cli("--db", str(tmp_path / "o.db"), "--user", "alice", "export").stdout == exported


def test_import_file_with_bom_and_crlf(run, tmp_path):
    f = tmp_path / "windows.jsonl"
    f.write_bytes('\ufeff{"text": "I take my coffee without sugar", "metadata": {"n": "a\\u0085b"}}\r\n'
                  .encode("utf-8"))
    out = ok_json(run("alice", "import", str(f), "--json"))
    assert out["records"] == 1
    (m,) = ok_json(run("alice", "list", "--json"))
    assert m["statement"] == "I take my coffee without sugar" and m["metadata"] == {"n": "a\x85b"}


def test_remember_with_a_naive_datetime_is_utc(mem):
    from datetime import datetime

    from memcli.memory import MemoryRecord

    item = mem.show(mem.remember("I live in Lyon", at=datetime(2026, 1, 5, 12, 0)).item_id)
    assert item.valid_from.isoformat() == "2026-01-05T12:00:00+00:00"
    assert MemoryRecord(text="x", at=datetime(2026, 1, 5)).at.tzinfo is not None


def test_json_output_shapes_are_stable(run):
    """--json is for scripts: these keys are the contract (add keys, never rename or drop)."""
    cap = ok_json(run("alice", "capture", "hello", "--json"))
    assert set(cap) == {"source_id", "outbox_id", "idempotency_key", "duplicate", "user", "occurred_at",
                        "text_differs", "redacted"}
    assert cap["redacted"] == {}
    out = remember(run, "alice", "I take my coffee without sugar")
    assert set(out) == {"decision", "item"}
    assert {"decision", "level", "item_id", "other_item_id", "cosine", "judge", "reason"} <= set(out["decision"])
    item_keys = {"id", "user", "statement", "kind", "slot", "salience", "confidence", "effective_confidence",
                 "origin", "status", "valid_from", "invalid_at", "recorded_at", "expired_at", "last_confirmed_at",
                 "confirmations", "supersedes_id", "superseded_by_id", "invalid_reason", "metadata", "source_ids"}
    assert item_keys <= set(out["item"])
    (listed,) = ok_json(run("alice", "list", "--json"))
    assert item_keys <= set(listed)
    h = ok_json(run("alice", "history", str(listed["id"]), "--json"))
    assert set(h) == {"id", "items", "events"}
    assert {"id", "item_id", "other_item_id", "source_id", "action", "level", "cosine", "judge", "reason",
            "before", "after", "created_at"} <= set(h["events"][0])
    st = ok_json(run("alice", "stats", "--json"))
    assert {"user", "items", "sources", "outbox", "outbox_depth", "model", "dim", "configured_model", "db",
            "db_bytes", "schema_version"} <= set(st)
    assert set(ok_json(run("alice", "forget", str(listed["id"]), "--json"))) == {"id", "purged", "already"}


def test_remember_with_past_at_is_confirmed_now(mem):
    """--at says since when a fact holds; the user states it now, so decay starts now."""
    item = mem.show(mem.remember("我妈妈的生日是3月5号", at="2026-03-01").item_id)
    assert item.valid_from.isoformat() == "2026-03-01T00:00:00+00:00"
    assert item.last_confirmed_at > item.valid_from
    assert item.effective_confidence == item.confidence == 0.95


def test_correct_with_past_at_is_confirmed_now(run, mem):
    """Round 25's new user: `correct 4 "I work at a bookshop" --at 2026-09-01` said "confidence 1.0" and
    `list` showed 0.91: the correction was confirmed at its --at, so it had decayed since. The user says it
    now, as `remember --at` does; the CLI, the library (and so PATCH and the correct tool) alike."""
    first = ok_json(run("alice", "remember", "I work at a bakery", "--at", "2026-02-01", "--json"))["item"]["id"]
    new = ok_json(run("alice", "correct", str(first), "I work at a bookshop", "--at", "2026-09-01", "--json"))
    shown = ok_json(run("alice", "show", str(new["id"]), "--json"))
    assert shown["valid_from"] == "2026-09-01T00:00:00Z" and shown["last_confirmed_at"] > "2026-09-02"
    assert shown["effective_confidence"] == shown["confidence"] == 1.0
    item = mem.show(mem.correct(mem.remember("I cycle to work", at="2026-01-10").item_id, "I walk to work",
                                at="2026-05-01"))
    assert item.last_confirmed_at > item.valid_from and item.effective_confidence == 1.0


def test_list_orders_by_valid_time_as_its_help_says(cli, tmp_path):
    """Issue 23: `list` is newest *valid time* first; a memory remembered last with an early
    --at comes after the others, and the help, README and tour say so."""
    base = ("--db", str(tmp_path / "order.db"), "--user", "alice")
    for text, at in (("I like green tea", "2026-04-01"), ("I play chess on Fridays", "2026-05-01"),
                     ("My sister lives in Lyon", "2026-03-01")):
        assert cli(*base, "remember", text, "--at", at).exit_code == 0
    rows = cli(*base, "list", "--json").json()
    assert [r["statement"] for r in rows] == ["I play chess on Fridays", "I like green tea", "My sister lives in Lyon"]
    assert "newest valid time first" in " ".join(cli("list", "--help").stdout.split())
    from conftest import ROOT

    for doc in ("README.md", "docs/getting-started.md"):
        assert "# active memories, newest valid time first" in (ROOT / doc).read_text(encoding="utf-8")
