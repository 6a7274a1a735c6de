"""``forget --purge`` of one of several memories drawn from one turn (a new user's trial): the turn
still backs the other active memories, so it is kept for them — their ``source_ids`` and the turn's
quote (episode) stay — and the command says so; ``--cascade`` erases it too and says which memories
lose it. What the purge erases is still gone from the bytes (the memory's row, index rows and
vector); once no active memory is left on the turn, the next purge erases the turn as before.

Real stores on both backends, the real default model and extractor, our own sentences.
"""

from __future__ import annotations

import pytest
from test_privacy import needles, raw_bytes, sql_hits

from memcli import Memory
from memcli.db.postgres.url import is_pg_url

pytestmark = pytest.mark.backends

#: one turn the default extractor reads as two memories: (the turn, a word of the memory purged first,
#: words that after both purges nothing else holds)
TURNS = {
    "en": ("We moved to Denver last spring, my daughter Mia started at Lincoln Elementary and the "
           "neighbours brought us a lasagna", "Denver", b"Denver"),
    "zh": ("我住在苏州，每天早上骑车去公司上班，路上会经过一座很老的石桥", "苏州", "石桥".encode()),
}


def _drain(db: str, said: str) -> tuple[int, int, int, str | bytes]:
    """(source id, the memory to purge, the other memory, the purged memory's stored vector)."""
    with Memory(db=db, user="alice") as m:
        sid = m.capture(said, at="2026-05-01T09:00:00Z").source_id
        m.drain()
        items = m.list()
        assert len(items) == 2 and all(i.source_ids == [sid] for i in items), [(i.statement, i.source_ids)
                                                                             for i in items]
        assert [e["text"] for e in m.episodes()] == [said]  # the turn is quoted beside its memories
        cast = "::text" if is_pg_url(db) else ""
        doomed = next(i.id for i in items if TURNS_KEY[said] in i.statement)
        other = next(i.id for i in items if i.id != doomed)
        vec = m.store.scalar(f"SELECT embedding{cast} FROM memory_vec WHERE item_id = ?", (doomed,))
    return sid, doomed, other, vec


TURNS_KEY = {said: key for said, key, _ in TURNS.values()}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_purge_keeps_the_turn_another_memory_came_from_and_says_so(cli, db: str, embedder, lang: str):
    said, _, only_turn = TURNS[lang]
    sid, doomed, other, vec = _drain(db, said)
    found = {k: v for k, v in needles("", vec).items() if k.startswith("embedding")}
    before = raw_bytes(db)
    assert len([k for k, v in found.items() if v not in before]) <= 2  # positive control (≤2 split by a page edge)

    r = cli("--db", db, "--user", "alice", "forget", str(doomed), "--purge")
    assert r.exit_code == 0, r.stderr
    assert r.stderr.splitlines() == [f"purged #{doomed}", f"source {sid} kept: it backs memories #{other}; "
                                     f"to erase it too: memcli forget e{sid} --purge --cascade"]
    with Memory(db=db, user="alice") as m:
        assert [(i.id, i.source_ids) for i in m.list(include_all=True)] == [(other, [sid])]
        assert [e["text"] for e in m.episodes()] == [said]  # the quote is still there
        assert m.store.scalar("SELECT count(*) FROM memory_items WHERE id = ?", (doomed,)) == 0
        ev = m.store.q("SELECT action, reason FROM memory_events WHERE item_id = ?", (doomed,))
        assert [(e["action"], e["reason"]) for e in ev] == [
            ("PURGE", f"purged with 0 source(s) and 1 event(s); kept source(s) {sid} backing other memories")]
    after = raw_bytes(db)
    assert only_turn in after  # kept on purpose: the turn backs the other memory
    lost = [k for k, v in found.items() if v in before and v in after]
    assert lost == [], f"the purged memory's vector is still in the files: {lost}"

    # the last active memory on the turn: purging it erases the turn as before
    r = cli("--db", db, "--user", "alice", "forget", str(other), "--purge", "--json")
    assert r.exit_code == 0, r.stderr
    assert (r.json()["sources"], r.json()["kept"], r.json()["shared"]) == (1, [], [])
    assert only_turn not in raw_bytes(db) and sql_hits(db, only_turn.decode()) == []


def test_cascade_erases_the_shared_turn_and_says_who_loses_it(cli, db: str, embedder):
    said, _, only_turn = TURNS["zh"]
    sid, doomed, other, _ = _drain(db, said)
    r = cli("--db", db, "--user", "alice", "forget", str(doomed), "--purge", "--cascade", "--json")
    assert r.exit_code == 0, r.stderr
    out = r.json()
    assert (out["sources"], out["kept"], out["shared"]) == (1, [], [{"source": sid, "memories": [other]}])
    with Memory(db=db, user="alice") as m:
        assert [(i.id, i.source_ids) for i in m.list()] == [(other, [])]
        assert m.episodes() == []
    assert only_turn not in raw_bytes(db) and sql_hits(db, only_turn.decode()) == []


def test_cascade_message_on_the_terminal(cli, db: str, embedder):
    said, _, _ = TURNS["en"]
    sid, doomed, other, _ = _drain(db, said)
    r = cli("--db", db, "--user", "alice", "forget", str(doomed), "--purge", "--cascade")
    assert r.exit_code == 0, r.stderr
    assert r.stderr.splitlines() == [f"purged #{doomed}",
                                     f"source {sid} erased too (--cascade): memories #{other} lose it"]


def test_a_turn_backing_only_retired_memories_is_erased(cli, db: str, embedder):
    """Only an *active* memory keeps a turn: a forgotten one is history, not a reason to keep the words."""
    said, _, only_turn = TURNS["zh"]
    _, doomed, other, _ = _drain(db, said)
    assert cli("--db", db, "--user", "alice", "forget", str(other)).exit_code == 0
    r = cli("--db", db, "--user", "alice", "forget", str(doomed), "--purge", "--json")
    assert r.exit_code == 0, r.stderr
    assert (r.json()["sources"], r.json()["kept"]) == (1, [])
    assert only_turn not in raw_bytes(db)


def test_cascade_needs_purge(cli, db: str, embedder):
    said, _, _ = TURNS["en"]
    _, doomed, _, _ = _drain(db, said)
    for args in (("forget", str(doomed), "--cascade"), ("forget", f"e{doomed}", "--cascade")):
        r = cli("--db", db, "--user", "alice", *args)
        assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "--cascade" in r.stderr, r.stderr
    with Memory(db=db, user="alice") as m:
        assert len(m.list()) == 2


def test_the_kept_turn_is_erased_by_the_command_the_message_names(cli, db: str, embedder):
    """After the purge the memory is gone (``--cascade`` on it again is not found): the line names the
    one command that erases the kept turn, and that command does."""
    said, _, only_turn = TURNS["zh"]
    sid, doomed, other, _ = _drain(db, said)
    r = cli("--db", db, "--user", "alice", "forget", str(doomed), "--purge")
    assert r.exit_code == 0, r.stderr
    command = r.stderr.splitlines()[-1].split("to erase it too: memcli ")[1]
    assert command == f"forget e{sid} --purge --cascade"
    late = cli("--db", db, "--user", "alice", "forget", str(doomed), "--purge", "--cascade")
    assert late.exit_code == 3 and "no memory with id" in late.stderr, late.stderr
    r = cli("--db", db, "--user", "alice", *command.split())
    assert r.exit_code == 0 and r.stderr.splitlines() == [
        f"purged episode e{sid}", f"source {sid} erased too (--cascade): memories #{other} lose it"], r.stderr
    with Memory(db=db, user="alice") as m:
        assert [(i.id, i.source_ids) for i in m.list()] == [(other, [])] and m.episodes() == []
    assert only_turn not in raw_bytes(db) and sql_hits(db, only_turn.decode()) == []
