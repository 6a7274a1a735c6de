"""Issue 24, round 40: a CONFLICT's search for copies of the old belief (:func:`memcli.write.same_belief.same_belief`)
asks the KNN only when the drain's copy of the active rows (:meth:`memcli.db.active_rows.ActiveRows.keyed`) says
another active memory of the user reads as the old memory's slot; the copies it finds are the same either way."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memcli import Memory
from memcli.db import active_rows
from memcli.models import Candidate
from memcli.write.same_belief import read_slot, same_belief


def _counted(st) -> list[int]:  # noqa: ANN001
    asked: list[int] = []
    knn = st.neighbors
    st.neighbors = lambda *a, **k: asked.append(1) or knn(*a, **k)
    return asked


@pytest.mark.parametrize("kept", [True, False], ids=["drain copy", "statements"])
def test_a_copy_under_another_slot_is_found_and_none_costs_no_knn(tmp_path: Path, embedder, monkeypatch, kept):
    monkeypatch.setattr(active_rows, "CHECK", True)  # every answer of the copy compared with the statements'
    now = datetime.now(UTC)
    with Memory(db=str(tmp_path / "m.db"), user="ana", embedder=embedder) as m:
        old = m.remember("I live in Lyon").item_id
        m.remember("My sister Ines plays the cello")
        st = m.store
        vec = st.vector_of(old)
        st.keep_active_rows(kept)
        asked = _counted(st)
        moved = Candidate(statement="I live in Porto now", slot="residence", valid_from=now)
        with st.tx():
            assert same_belief(st, "ana", st.get_item("ana", old), moved) == []
            assert len(asked) == (0 if kept else 1)  # nothing else reads as the residence: no KNN with the copy
            # a two-clause turn stored under its other clause's slot, reading as the residence all the same
            copy = st.insert_item(user_id="ana", candidate=Candidate(
                statement="I live in Lyon, I moved there for a job at the museum", slot="job", valid_from=now),
                origin="extracted", confidence=0.7, vector=vec, model=m.settings.model)
            assert read_slot(copy) == "residence"
            found = same_belief(st, "ana", st.get_item("ana", old), moved)
            assert [r["id"] for r in found] == [copy["id"]]
            assert len(asked) == (1 if kept else 2)
            st.update_item(copy["id"], invalid_at=now)  # ended: the copy forgets it, no KNN again
            assert same_belief(st, "ana", st.get_item("ana", old), moved) == []
            assert len(asked) == (1 if kept else 3)


def test_the_keyed_rows_follow_writes_and_rollbacks(tmp_path: Path, embedder):
    now = datetime.now(UTC)
    with Memory(db=str(tmp_path / "m.db"), user="bo", embedder=embedder) as m:
        home = m.remember("我住在杭州").item_id
        st = m.store
        assert st.active_keyed("bo", read_slot, "residence") is None  # no copy kept: not known
        st.keep_active_rows()
        with st.tx():
            assert st.active_keyed("bo", read_slot, "residence") == {home}
            with pytest.raises(RuntimeError), st.tx():  # a task's savepoint rolled back: its row goes with it
                st.insert_item(user_id="bo", candidate=Candidate(statement="我住在苏州", slot="residence",
                                                                 valid_from=now),
                               origin="extracted", confidence=0.7, vector=None, model=None)
                assert len(st.active_keyed("bo", read_slot, "residence")) == 2
                raise RuntimeError("task failed")
            assert st.active_keyed("bo", read_slot, "residence") == {home}
            assert st.active_keyed("bo", lambda r: r["slot"], "residence") is None  # another key: not answered
