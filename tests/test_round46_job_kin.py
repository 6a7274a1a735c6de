"""Round 46: a job question reads the user's workplace that names a role (``read/slot_leg.PLACE_KIN`` both ways).

A new job told with its employer first in a code-switched turn is stored under ``workplace`` with the role inside
the statement; "What's my job?" asks ``job`` and the fitted gate read the workplace as no answer (p 0.03): the block
was empty. Our own sentences, a real SQLite store and the real default model.
"""

from __future__ import annotations

import pytest

from memcli import Memory


@pytest.fixture(scope="module")
def store(tmp_path_factory, embedder):  # noqa: ANN001,ANN201
    path = str(tmp_path_factory.mktemp("r46job") / "job.db")
    with Memory(db=path, user="u", embedder=embedder) as m:
        m.capture("换了份工作 at an insurer now, 在 Allianz 做 actuary", session="s1")
        m.capture("My sister works at a bakery", session="s1")
        m.drain()
    with Memory(db=path, user="u", embedder=embedder) as m:
        yield m


def _block(m: Memory, q: str) -> list[str]:
    return [h["statement"] for h in m.context(q, limit=3).hits]


def test_the_workplace_is_stored_with_its_role(store: Memory) -> None:
    rows = {r.slot: r.statement for r in store.list()}
    assert "Allianz" in rows.get("workplace", ""), rows


@pytest.mark.parametrize("q", ["What's my job?", "What do I do for a living?", "Where do I work?"])
def test_a_job_question_gets_the_workplace_that_names_a_role(store: Memory, q: str) -> None:
    block = _block(store, q)
    assert block and "Allianz" in block[0], block


def test_another_persons_workplace_is_no_answer_to_mine(store: Memory) -> None:
    assert not any("bakery" in s for s in _block(store, "What's my job?"))


def test_a_workplace_naming_no_role_is_not_raised() -> None:
    from memcli.read.results import Hit, construct
    from memcli.read.slot_leg import held_answers

    def hit(statement: str) -> Hit:
        return construct(Hit, id=1, statement=statement, kind="identity", effective_confidence=0.8, score=0.5,
                         origin="capture", slot="workplace", legs=["dense", "slot"], p_relevant=0.03,
                         below_floor=True)

    named, bare = hit("换了份工作, 在 Allianz 做 actuary"), hit("I joined Allianz last spring")
    assert held_answers([named, bare], "What's my job?", ["job"], 0.06) == 1
    assert not named.below_floor and named.p_relevant == 0.06 and bare.below_floor
