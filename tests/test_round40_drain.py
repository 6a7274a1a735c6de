"""Issue 24, round 40: a CONFLICT's search for copies of the old belief (:func:`memcli.write.same_belief.same_belief`)
asks the KNN only when the drain's copy of the active rows (:meth:`memcli.db.active_rows.ActiveRows.keyed`) cannot
say that no other active memory of the user reads as the old memory's slot; the copies it finds are the same."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memcli import Memory
from memcli.db import active_rows
from memcli.models import Candidate
from memcli.write.same_belief import read_slot, same_belief

NOW = datetime.now(UTC)


def _counted(st) -> list[int]:  # noqa: ANN001
    asked: list[int] = []
    knn = st.neighbors
    st.neighbors = lambda *a, **k: asked.append(1) or knn(*a, **k)
    return asked


def _insert(m: Memory, embedder, text: str, slot: str) -> dict:  # noqa: ANN001
    return m.store.insert_item(user_id=m.user, candidate=Candidate(statement=text, slot=slot, valid_from=NOW),
                               origin="extracted", confidence=0.7, vector=embedder.embed_one(text),
                               model=m.settings.model)


@pytest.mark.parametrize("kept", [True, False], ids=["drain copy", "statements"])
def test_a_copy_under_another_slot_is_found_and_none_costs_no_knn(tmp_path: Path, embedder, monkeypatch, kept):
    monkeypatch.setattr(active_rows, "CHECK", True)  # every answer of the copy compared with the statements'
    with Memory(db=str(tmp_path / "m.db"), user="ana", embedder=embedder) as m:
        st = m.store
        st.keep_active_rows(kept)
        asked = _counted(st)
        moved = Candidate(statement="I live in Porto now", slot="residence", valid_from=NOW)
        with st.tx():  # the rows written while the copy is kept, after a decision's read, as a drain writes them
            assert st.find_exact("ana", "i live in lyon") is None
            old = _insert(m, embedder, "I live in Lyon", "residence")
            _insert(m, embedder, "My sister Ines plays the cello", "sister.hobby")
            assert same_belief(st, "ana", st.get_item("ana", old["id"]), moved) == []
            assert len(asked) == (0 if kept else 1)  # nothing else reads as the residence: no KNN with the copy
            # a two-clause turn stored under its other clause's slot, reading as the residence all the same
            copy = _insert(m, embedder, "I live in Lyon, I moved there for a job at the museum", "job")
            assert read_slot(copy) == "residence"
            found = same_belief(st, "ana", st.get_item("ana", old["id"]), moved)
            assert [r["id"] for r in found] == [copy["id"]]
            assert len(asked) == (1 if kept else 2)
            st.update_item(copy["id"], invalid_at=NOW)  # ended: the copy forgets it, no KNN again
            assert same_belief(st, "ana", st.get_item("ana", old["id"]), moved) == []
            assert len(asked) == (1 if kept else 3)


def test_rows_read_cold_are_not_keyed_and_the_keys_follow_rollbacks(tmp_path: Path, embedder):
    with Memory(db=str(tmp_path / "m.db"), user="bo", embedder=embedder) as m:
        stored = m.remember("我住在杭州").item_id  # in the store before the copy: keying it would cost a reading
        st = m.store
        assert st.active_keyed("bo", read_slot, "residence") is None  # no copy kept: not known
        st.keep_active_rows()
        with st.tx():
            assert st.active_keyed("bo", read_slot, "residence") is None  # a row read cold: the KNN is asked
            st.update_item(stored, invalid_at=NOW)  # ended (written through the copy): nothing cold is left
            assert st.active_keyed("bo", read_slot, "residence") == set()
            home = _insert(m, embedder, "我住在苏州", "residence")["id"]
            with pytest.raises(RuntimeError), st.tx():  # a task's savepoint rolled back: its row goes with it
                _insert(m, embedder, "我的家在苏州园区", "residence")
                assert len(st.active_keyed("bo", read_slot, "residence")) == 2
                raise RuntimeError("task failed")
            # the rollback dropped the copy: the user is read again, its rows cold
            assert st.active_keyed("bo", read_slot, "residence") is None
            assert [r["id"] for r in st.active_in_slot("bo", "residence")] == [home]
            assert st.active_keyed("bo", lambda r: r["slot"], "residence") is None  # another key: not answered
