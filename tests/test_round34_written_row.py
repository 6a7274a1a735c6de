"""Round 34 (issue 24, the drain's write stage): a memory row inserted or updated is built from the values
written (:mod:`memcli.db.written_row`) instead of returned by ``INSERT/UPDATE … RETURNING *``, which SQLite runs
as a temporary trigger with a statement journal of its own. The row handed back must be the stored row exactly:
the same values, the same Python types and the columns in the table's order (an event's snapshot is that dict
dumped to JSON); a value its column would convert is read back instead."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from memcli import Memory
from memcli.db.sqlite import SQLiteStore
from memcli.db.written_row import inserted_row
from memcli.models import Candidate, Kind
from memcli.timeutil import iso


def _stored(st: SQLiteStore, item_id: int) -> dict:
    return st.one("SELECT * FROM memory_items WHERE id = ?", (item_id,))


def _same(got: dict, want: dict) -> None:
    assert got == want
    assert list(got) == list(want)  # the table's column order
    assert [type(v) for v in got.values()] == [type(v) for v in want.values()]


def _vec(seed: int) -> np.ndarray:
    v = np.random.default_rng(seed).standard_normal(512).astype(np.float32)
    return v / np.linalg.norm(v)


def test_inserted_and_updated_rows_equal_the_stored_ones(tmp_path: Path) -> None:
    st = SQLiteStore(tmp_path / "m.db")
    st.keep_active_rows(True)
    st.batch_vectors(True)
    try:
        plain = Candidate(statement="I keep two hives of bees", kind=Kind.OTHER, salience=0.4,
                          valid_from=datetime(2026, 3, 1, tzinfo=UTC))
        dated = Candidate(statement="我下个月去成都出差", kind=Kind.HABIT, slot="trip.city", salience=1.0,
                          valid_from=datetime(2026, 3, 2, tzinfo=UTC), event_when="2026-04",
                          confirmed_at=datetime(2026, 3, 5, tzinfo=UTC), metadata={"said": "下个月", "n": [1, 2.5]})
        with st.tx():
            a = st.insert_item(user_id="rhea", candidate=plain, origin="extracted", confidence=0.6,
                               vector=_vec(1), model="m", source_ids=[])
            b = st.insert_item(user_id="rhea", candidate=dated, origin="user", confidence=1.0, vector=None,
                               model=None, supersedes_id=a["id"], invalid_at=datetime(2026, 5, 1, tzinfo=UTC),
                               invalid_reason="an older trip")
            st.find_exact("rhea", a["normalized"])  # the copy of active rows loads: update_item builds from it
            assert st.active_rows.held(a["id"]) is not None
            up = st.update_item(a["id"], confidence=0.75, last_confirmed_at=datetime(2026, 3, 9, tzinfo=UTC),
                                confirmations=2)
            _same(up, _stored(st, a["id"]))
            gone = st.update_item(a["id"], invalid_at=datetime(2026, 3, 10, tzinfo=UTC), invalid_reason="moved on")
            _same(gone, _stored(st, a["id"]))
            assert st.active_rows.held(a["id"]) is None  # no longer active: the next update reads RETURNING
            again = st.update_item(a["id"], superseded_by_id=b["id"], expired_at=datetime(2026, 3, 11, tzinfo=UTC))
            _same(again, _stored(st, a["id"]))
        _same(b, _stored(st, b["id"]))
        assert b["event_when"] == "2026-04" and b["metadata"] == '{"said": "下个月", "n": [1, 2.5]}'
        assert b["valid_from"] == iso(dated.valid_from) and b["last_confirmed_at"] == iso(dated.confirmed_at)
        assert (b["expired_at"], b["confirmations"], b["superseded_by_id"]) == (None, 1, None)
        assert _stored(st, a["id"])["confirmations"] == 2 and _stored(st, a["id"])["confidence"] == 0.75
    finally:
        st.batch_vectors(False)
        st.close()


def test_a_value_its_column_would_convert_is_read_back(tmp_path: Path) -> None:
    """An int in a REAL column is stored as a float, a float in an INTEGER column as an int (when whole): the
    row handed back is the stored one, not the values written."""
    st = SQLiteStore(tmp_path / "m.db")
    try:
        values = {"user_id": "rhea", "statement": "I swim at dawn", "normalized": "iswimatdawn", "kind": "habit",
                  "slot": None, "salience": 1, "confidence": 0.5, "origin": "user",
                  "valid_from": "2026-03-01T00:00:00.000000+00:00", "invalid_at": None,
                  "recorded_at": "2026-03-01T00:00:00.000000+00:00",
                  "last_confirmed_at": "2026-03-01T00:00:00.000000+00:00", "supersedes_id": None,
                  "invalid_reason": None, "metadata": "{}", "embed_model": None, "event_when": None}
        with st.tx():
            row = inserted_row(st, values)
        assert type(row["salience"]) is float and row["salience"] == 1.0
        _same(row, _stored(st, row["id"]))
    finally:
        st.close()


def test_a_drain_writes_no_returning_and_its_events_snapshot_the_stored_rows(tmp_path: Path, embedder) -> None:
    """A drain of new sentences (an addition, a restatement, a changed value) runs no RETURNING on
    ``memory_items``, and an addition's event keeps the row as stored (its snapshot's fields)."""
    import json

    seen: list[str] = []
    with Memory(db=str(tmp_path / "m.db"), user="rhea", embedder=embedder) as mem:
        for text, day in (("My favourite tree is the ginkgo", 1), ("I keep two hives of bees", 2),
                          ("My favourite tree is the ginkgo", 3), ("I moved to Tromsø last week", 4),
                          ("I moved to Bergen last week", 30), ("I play the oboe in a quartet", 31)):
            mem.capture(text, at=datetime(2026, 3, day, 9, tzinfo=UTC))
        mem.store.conn.exec_trace = lambda _c, sql, _b: seen.append(" ".join(sql.split())) or True
        s = mem.drain()
        mem.store.conn.exec_trace = None
        assert s.done == 6 and s.added >= 3 and s.reinforced >= 1, s
        assert [x for x in seen if x.startswith("INSERT INTO memory_items")]
        assert not [x for x in seen if "memory_items" in x and "RETURNING" in x]
        checked = 0
        for ev in mem.store.q("SELECT action, item_id, after FROM memory_events WHERE action IN ('ADD', 'NOOP')"):
            after = json.loads(ev["after"])
            stored = _stored(mem.store, ev["item_id"])
            unchanged = stored["confirmations"] == 1 and stored["invalid_at"] is None and stored["expired_at"] is None
            if ev["action"] == "ADD" and unchanged:  # not reinforced nor ended since: the row as it was inserted
                assert after == {k: stored[k] for k in after} and len(after) > 5
                checked += 1
        assert checked >= 2
