"""The turns of many memories in one statement (``source_ids_by_item``): what ``source_ids_of`` says of
each, memories no longer active included (``--as-of`` finds them), another user's left out. Real
stores (SQLite file and PostgreSQL), the real default model."""

from __future__ import annotations

import pytest

from memcli import Memory

TURNS = ["My sister Lena lives in Rotterdam.", "I work as a nurse at the children's hospital."]


@pytest.mark.backends
def test_the_batched_lookup_says_what_the_one_by_one_lookup_says(db: str, embedder):
    with Memory(db=db, user="bob") as b:
        b.capture("My brother Tomas lives in Vilnius.", at="2026-03-01T09:00:00Z")
        b.drain()
        bobs = [i.id for i in b.list()]
    with Memory(db=db, user="alice") as m:
        said = [m.capture(t, at=f"2026-03-0{n + 1}T09:00:00Z").source_id for n, t in enumerate(TURNS)]
        m.drain()
        job = next(i for i in m.list() if "nurse" in i.statement)
        m.correct(job.id, "I work as a teacher at the primary school.", at="2026-05-01T00:00:00Z")
        explicit = m.remember("My favourite tea is genmaicha.").item_id
        every = [i.id for i in m.list(include_all=True)]
        assert bobs and job.id in [i.id for i in m.list(as_of="2026-04-01T00:00:00Z")]  # a memory of April only
        assert job.id not in [i.id for i in m.list()]
        st = m.store
        got = st.source_ids_by_item("alice", [*every, *bobs, 10**9])
        assert got == {i: st.source_ids_of(i) for i in every if st.source_ids_of(i)}
        assert got[job.id] == [said[1]]  # no longer active: its turn still counts
        assert said[0] in {s for ids in got.values() for s in ids}
        assert not set(got) & set(bobs) and 10**9 not in got
        assert got.get(explicit, []) == st.source_ids_of(explicit)
        assert st.source_ids_by_item("alice", []) == {}
