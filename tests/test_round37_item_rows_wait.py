"""Round 37 (issue 24, the drain's write stage): a batch's memory rows and its vector change-log rows wait with its
other rows (:mod:`memcli.db.vec_pending`) and go in with one ``executemany`` per table, their ids given by the writer
(AUTOINCREMENT: one past ``sqlite_sequence`` and the largest id, read under the write lock).

What must hold: the ids, rows and log of the row-by-row writes (a gap left by a deleted memory is not reused, a
rolled-back savepoint's ids are given again as SQLite gives them again); a statement naming the table sees the
waiting rows; an update of a waiting row lands; an insert that cannot be stored fails its own task at once, not the
batch's commit."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from _procs import utterances
from _rows import drained_by, seeded_vec

from memcli.db import vec_pending
from memcli.db.sqlite import SQLiteStore
from memcli.errors import BadInputError, StoreError
from memcli.models import Candidate, Kind
from memcli.timeutil import iso

N_USERS = 3
AT = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def _cand(text: str, slot: str | None = None) -> Candidate:
    return Candidate(statement=text, kind=Kind.PREFERENCE, salience=0.5, valid_from=AT, slot=slot)


def _insert(st: SQLiteStore, user: str, text: str, seed: int, confidence: float = 0.8) -> dict:
    return st.insert_item(user_id=user, candidate=_cand(text), origin="extracted", confidence=confidence,
                          vector=seeded_vec(seed), model="m")


def _state(store: SQLiteStore) -> tuple[list[tuple], list[tuple], list[tuple]]:
    """Every memory row (but its clock time), every change-log row, the AUTOINCREMENT counters."""
    items = [tuple(v for k, v in r.items() if k != "recorded_at") for r in store.q("SELECT * FROM memory_items "
                                                                                    "ORDER BY id")]
    log = [tuple(r.values()) for r in store.q("SELECT seq, user_id, item_id FROM memcli_vec_log ORDER BY seq")]
    seqs = [tuple(r.values()) for r in store.q("SELECT name, seq FROM sqlite_sequence ORDER BY name")]
    return items, log, seqs


def test_a_batched_drain_writes_the_memories_and_log_of_the_row_by_row_one(tmp_path: Path, embedder, monkeypatch):
    recs = utterances(150, seed=23, user_count=N_USERS)
    sizes: dict[str, list[int]] = {"memory_items": [], "memcli_vec_log": []}
    run = vec_pending.Pending._run

    def counted(self, sql, rows):  # noqa: ANN001, ANN202
        for name, got in sizes.items():
            if sql.startswith(f"INSERT INTO {name}("):
                got.append(len(rows))
        return run(self, sql, rows)

    monkeypatch.setattr(vec_pending.Pending, "_run", counted)
    with drained_by(tmp_path / "a.db", recs, embedder, N_USERS, True) as adm:
        s = adm.drain()
        assert s.done == len(recs) and s.dead == 0 and s.conflicted > 0 and s.reinforced > 0
        batched = _state(adm.store)
    items, log, _ = batched
    assert sum(sizes["memory_items"]) == len(items) and len(sizes["memory_items"]) < len(items) / 3  # together
    assert sum(sizes["memcli_vec_log"]) == len(log) and len(sizes["memcli_vec_log"]) < len(log) / 3
    with drained_by(tmp_path / "b.db", recs, embedder, N_USERS, False) as adm:
        adm.drain()
        row_by_row = _state(adm.store)
    assert batched == row_by_row
    assert any(r[10] is not None for r in items)  # invalid_at: a CONFLICT's update of a stored row landed


def test_the_ids_are_those_sqlite_gives_and_a_reader_sees_the_waiting_rows(tmp_path: Path):
    st = SQLiteStore(tmp_path / "m.db")
    try:
        with st.tx():
            for n in range(3):
                _insert(st, "bo", f"I like tea number {n}", n)
        st.purge_item("bo", 3)  # AUTOINCREMENT never gives 3 again
        st.batch_vectors()
        with st.tx():
            a = _insert(st, "bo", "My bike is a blue tandem", 10)
            assert a["id"] == 4 and st.vec_pending.get("memory_items", 4) is not None  # waiting, id given here
            assert st.scalar("SELECT statement FROM memory_items WHERE id = 4") == "My bike is a blue tandem"
            with pytest.raises(RuntimeError), st.tx():  # a task's savepoint rolled back: its id is given again
                assert _insert(st, "bo", "I keep bees in the garden", 11)["id"] == 5
                raise RuntimeError("task failed")
            b = _insert(st, "bo", "I collect old maps of harbours", 12)
            assert b["id"] == 5
            with pytest.raises(StoreError), st.tx():  # not storable: fails here, in its task, not at the commit
                _insert(st, "bo", "I sail on Sundays", 13, confidence=1.5)
            with pytest.raises(BadInputError), st.tx():
                _insert(st, "bo", "I sail on \ud800 Mondays", 14)
            c = _insert(st, "bo", "My cat is called Pebble", 15)
            assert c["id"] == 6
        rows = {r["id"]: r["statement"] for r in st.q("SELECT id, statement FROM memory_items")}
        assert rows == {1: "I like tea number 0", 2: "I like tea number 1", 4: "My bike is a blue tandem",
                        5: "I collect old maps of harbours", 6: "My cat is called Pebble"}
        assert st.scalar("SELECT seq FROM sqlite_sequence WHERE name = 'memory_items'") == 6
        log = [(r["seq"], r["item_id"]) for r in st.q("SELECT seq, item_id FROM memcli_vec_log ORDER BY seq")]
        assert [s for s, i in log if i >= 4] == [log[-3][0], log[-2][0], log[-1][0]] and [i for _, i in log[-3:]] == [
            4, 5, 6]  # one row each, in order: the rolled-back task's seq given again
        assert not any(t.rows for t in st.vec_pending.tables.values())
        assert st.scalar("SELECT count(*) FROM memory_vec") == 5 and st.scalar("SELECT count(*) FROM memory_fts") == 5
    finally:
        st.close()


def test_an_update_of_a_waiting_row_lands_and_so_does_one_of_a_stored_row(tmp_path: Path):
    st = SQLiteStore(tmp_path / "m.db")
    try:
        st.keep_active_rows()  # the drain's copy of the active rows: updates built from it
        with st.tx():
            old = _insert(st, "cy", "I drive a red van", 1)
        st.batch_vectors()
        with st.tx():
            assert st.find_exact("cy", "i drive a blue van") is None  # the user's rows read, as a decision does
            new = _insert(st, "cy", "I drive a green van now", 2)
            st.update_item(new["id"], confidence=0.95, confirmations=2)  # waiting: changed where it waits
            assert st.vec_pending.get("memory_items", new["id"])[7] == 0.95
            st.update_item(old["id"], invalid_at=AT, invalid_reason=f"contradicted by #{new['id']}")  # stored
            assert st.vec_pending.get("memory_items", new["id"]) is not None  # …without writing the waiting rows
            later = _insert(st, "cy", "I drive a green van with a roof box", 3)
            st.set_supersedes(later["id"], new["id"])  # names a waiting memory written before it
        got = {r["id"]: r for r in st.q("SELECT * FROM memory_items")}
        assert (got[new["id"]]["confidence"], got[new["id"]]["confirmations"]) == (0.95, 2)
        assert got[old["id"]]["invalid_at"] == iso(AT) and got[old["id"]]["invalid_reason"].endswith("#2")
        assert got[later["id"]]["supersedes_id"] == new["id"]
        assert st.scalar("SELECT active FROM memory_vec WHERE item_id = ?", (old["id"],)) == 0
    finally:
        st.close()


def test_updates_of_stored_rows_wait_in_order_and_leave_with_their_savepoint(tmp_path: Path):
    """A CONFLICT's end of a stored memory and a NOOP's reinforcement wait (round 37); a statement naming the table
    sees them, a rolled-back task takes its own back, and a later update of another kind lands after them."""
    from memcli.db.written_row import UPDATES

    invalid, confirm = (UPDATES[k][0] for k in (("invalid_at", "invalid_reason"),
                                                 ("confidence", "last_confirmed_at", "confirmations")))
    st = SQLiteStore(tmp_path / "m.db")
    try:
        st.keep_active_rows()
        with st.tx():
            a, b = _insert(st, "di", "I play the cello", 1), _insert(st, "di", "I swim at dawn", 2)
        st.batch_vectors()
        with st.tx():
            assert st.find_exact("di", "i play the oboe") is None  # the user's rows read, as a decision does
            st.update_item(a["id"], confidence=0.85, last_confirmed_at=AT, confirmations=2)
            st.update_item(a["id"], confidence=0.9, last_confirmed_at=AT, confirmations=3)  # the same row again
            assert st.vec_pending.get(confirm, a["id"]) is not None  # waiting
            with pytest.raises(RuntimeError), st.tx():
                st.update_item(b["id"], invalid_at=AT, invalid_reason="a task that failed")
                assert st.vec_pending.get(invalid, b["id"]) is not None
                raise RuntimeError("task failed")
            assert st.vec_pending.get(invalid, b["id"]) is None  # gone with its savepoint
            st.update_item(b["id"], invalid_at=AT, invalid_reason="ended")
            assert st.scalar("SELECT invalid_reason FROM memory_items WHERE id = ?", (b["id"],)) == "ended"  # seen
            st.update_item(a["id"], confidence=0.95, last_confirmed_at=AT, confirmations=4,
                           valid_from=datetime(2026, 1, 1, tzinfo=UTC))  # another kind: the waiting ones first
        got = {r["id"]: r for r in st.q("SELECT * FROM memory_items")}
        assert (got[a["id"]]["confidence"], got[a["id"]]["confirmations"]) == (0.95, 4)
        assert got[a["id"]]["valid_from"].startswith("2026-01-01")
        assert (got[b["id"]]["invalid_at"], got[b["id"]]["invalid_reason"]) == (iso(AT), "ended")
        assert st.scalar("SELECT active FROM memory_vec WHERE item_id = ?", (b["id"],)) == 0
    finally:
        st.close()


def test_what_a_write_transaction_learnt_of_the_schema_holds_until_another_connection_commits(tmp_path: Path):
    """Round 37: the drain's transactions start from the last one's memo of ``table_exists`` while ``PRAGMA
    data_version`` says no other connection committed; another connection's new table is seen at once."""
    st, other = SQLiteStore(tmp_path / "m.db"), SQLiteStore(tmp_path / "m.db")
    reads: list[str] = []

    def trace(_cursor, sql: str, _bindings) -> bool:  # noqa: ANN001
        reads.append(sql)
        return True

    try:
        st.keep_active_rows()
        st.conn.exec_trace = trace
        for _ in range(3):
            with st.tx():
                assert st.table_exists("memory_items") and not st.table_exists("garden_notes")
        assert sum("sqlite_master" in r for r in reads) == 2  # read in the first transaction only
        other.x("CREATE TABLE garden_notes (id INTEGER PRIMARY KEY)")
        with st.tx():
            assert st.table_exists("garden_notes")
        with pytest.raises(RuntimeError), st.tx():
            st.x("CREATE TABLE seed_list (id INTEGER PRIMARY KEY)")
            assert st.table_exists("seed_list")
            raise RuntimeError("rolled back")
        with st.tx():
            assert not st.table_exists("seed_list")
    finally:
        st.conn.exec_trace = None
        st.close()
        other.close()


def test_the_look_aheads_reading_of_an_addressed_turn_reaches_the_writer():
    """Round 37: an episode's text without the name it addresses is primable (:mod:`memcli.primed`): the look-ahead
    reads it for a turn that may be kept, the writer takes it instead of reading the turn again."""
    from memcli import primed
    from memcli.smalltalk import _unaddressed, unaddressed

    turn = "Thanks, Ingrid! The pottery class on Thursday went really well"
    primed.recording(True)
    try:
        _unaddressed.cache_clear()
        want = unaddressed(turn)
        sent = primed.take()
    finally:
        primed.recording(False)
    assert want == "Thanks! The pottery class on Thursday went really well"
    assert sent["memcli.smalltalk._unaddressed"] == [((turn,), want)]
    _unaddressed.cache_clear()
    before = primed.counts()["memcli.smalltalk._unaddressed"]
    primed.prime(sent)
    assert unaddressed(turn) == want
    after = primed.counts()["memcli.smalltalk._unaddressed"]
    assert (after["used"] - before["used"], after["computed"] - before["computed"]) == (1, 0)


def test_the_next_id_is_read_once_and_again_after_another_connection_or_a_direct_insert(tmp_path: Path):
    """Round 37: the next memory id is known from the last row written until another connection commits, a
    rollback, or a row goes in another way (one that names the memory it supersedes)."""
    st, other = SQLiteStore(tmp_path / "m.db"), SQLiteStore(tmp_path / "m.db")
    reads: list[str] = []

    def trace(_cursor, sql: str, _bindings) -> bool:  # noqa: ANN001
        reads.append(sql)
        return True

    def next_id_reads() -> int:
        return sum("sqlite_sequence WHERE name = 'memory_items'" in r for r in reads)

    try:
        st.keep_active_rows()
        st.batch_vectors()
        st.conn.exec_trace = trace
        with st.tx():
            assert _insert(st, "ed", "I knit scarves in winter", 1)["id"] == 1
        with st.tx():
            assert _insert(st, "ed", "I bake rye bread on Fridays", 2)["id"] == 2
        assert next_id_reads() == 1  # known from the row written in the first transaction
        _insert(other, "fi", "I restore old clocks", 3)  # another connection: id 3
        with st.tx():
            assert _insert(st, "ed", "I grow basil indoors", 4)["id"] == 4
            cand = _cand("I bake rye and spelt bread on Fridays")
            row = st.insert_item(user_id="ed", candidate=cand, origin="extracted", confidence=0.8,
                                 vector=seeded_vec(5), model="m", supersedes_id=2)  # goes in at once
            assert row["id"] == 5 and st.vec_pending.get("memory_items", 5) is None
            assert _insert(st, "ed", "I walk to work", 6)["id"] == 6
        assert next_id_reads() == 3
        ids = [r["id"] for r in st.q("SELECT id FROM memory_items ORDER BY id")]
        assert ids == [1, 2, 3, 4, 5, 6]
    finally:
        st.conn.exec_trace = None
        st.close()
        other.close()
