"""Round 47 (issue 24): the drain's look-ahead reads each claimed batch's context — the turns before each
utterance, the assistant's question a short reply answers — on a connection of its own
(:func:`memcli.write.prepare.reads_ahead`), not the writer: ~1.4 ms of the writer's CPU a batch of 32, on the
drain's critical path, moved to the process that has time to spare. What is stored is the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from memcli import Memory
from memcli.admin import Admin
from memcli.db.sqlite import SQLiteStore
from memcli.write import prepare, worker

#: (role, text) a user's chat: questions of the assistant answered by short replies (read with the question:
#: :attr:`memcli.write.extract.Utterance.asked`) and facts told outright, in two languages
CHAT = [("assistant", "Which town are you living in at the moment?"), ("user", "Aveiro, since the autumn."),
        ("user", "I have a parrot called Kiwi"), ("assistant", "What is your job?"), ("user", "Welder."),
        ("assistant", "你周末一般做什么运动？"), ("user", "打羽毛球。"), ("user", "我对花生过敏"),
        ("assistant", "What do you like to drink in the morning?"), ("user", "Black coffee, always."),
        ("user", "My sister lives in Ghent"), ("user", "我住在厦门")]
USERS = ("ana", "bo")


@pytest.fixture(autouse=True)
def _one_thread(monkeypatch) -> None:  # noqa: ANN001
    """The drain forks only in a process with no other thread (an idle one an earlier test left does not count)."""
    monkeypatch.setattr(worker.threading, "active_count", lambda: 1)


def _captured(db: Path, embedder) -> None:  # noqa: ANN001
    for u in USERS:
        with Memory(db=str(db), user=u, embedder=embedder) as m:
            for i, (role, text) in enumerate(CHAT):
                m.capture(text, role=role, at=f"2026-03-01T10:{i:02d}:00Z")


def _drained(db: Path, embedder) -> tuple[object, dict[str, list[tuple]]]:  # noqa: ANN001
    """Drain ``db`` in batches of 4 (6 batches: the look-ahead prepares the 5 after the first); the summary and,
    per user, every memory (statement, slot, active, the turns it came from) and every episode's turn."""
    with Admin(db=str(db), embedder=embedder, drain_batch_size=4, drain_ahead=True) as adm:
        s = adm.drain()
    got = {}
    with SQLiteStore(db) as st:
        for u in USERS:
            items = [(r["statement"], r["slot"], r["invalid_at"] is None,
                      tuple(x["source_id"] for x in st.q("SELECT source_id FROM memory_item_sources WHERE item_id = ? "
                                                         "ORDER BY source_id", (r["id"],))))
                     for r in st.q("SELECT id, statement, slot, invalid_at FROM memory_items WHERE user_id = ? "
                                   "ORDER BY id", (u,))]
            episodes = [tuple(r.values()) for r in st.q("SELECT source_id FROM memory_episodes WHERE user_id = ? "
                                                        "ORDER BY source_id", (u,))]
            got[u] = items + episodes
    return s, got


def test_reads_ahead_on_a_sqlite_file_only(tmp_path: Path) -> None:
    with SQLiteStore(tmp_path / "f.db") as st:
        assert prepare.reads_ahead(st)
    with SQLiteStore(":memory:") as st:  # the fork's copy of a memory database never sees a later capture
        assert not prepare.reads_ahead(st)
    assert not prepare.reads_ahead(object())


def test_the_writer_reads_no_context_of_the_batches_the_look_ahead_prepares(tmp_path: Path, embedder,
                                                                          monkeypatch) -> None:
    _captured(tmp_path / "a.db", embedder)
    read_here: list[int] = []
    real = prepare.utterances

    def counted(w, tasks):  # noqa: ANN001,ANN202 - in this process (the look-ahead's calls count in its own copy)
        read_here.append(len(tasks))
        return real(w, tasks)

    monkeypatch.setattr(prepare, "utterances", counted)
    monkeypatch.setattr(worker, "utterances", counted)
    s, got = _drained(tmp_path / "a.db", embedder)
    assert s.done == 2 * len(CHAT) and s.dead == 0 and "wait" in s.seconds  # the look-ahead prepared batches 2–6
    assert read_here == [4]  # the first batch only, prepared here before the fork (main: [4, 4, 4, 4, 4, 4])
    statements = {x[0] for x in got["ana"] if len(x) == 4}
    # the short replies were read with the assistant's question: the look-ahead read the context
    assert {"I am living in Aveiro, since the autumn", "My job is Welder"} <= statements, statements


def test_what_is_stored_is_the_same_as_when_the_writer_reads_the_context(tmp_path: Path, embedder,
                                                                        monkeypatch) -> None:
    _captured(tmp_path / "ahead.db", embedder)
    _captured(tmp_path / "here.db", embedder)
    s1, ahead = _drained(tmp_path / "ahead.db", embedder)
    monkeypatch.setattr(prepare, "reads_ahead", lambda store: False)  # the writer reads every batch's context
    s2, here = _drained(tmp_path / "here.db", embedder)
    assert (s1.added, s1.reinforced, s1.updated, s1.conflicted, s1.episodes) == \
        (s2.added, s2.reinforced, s2.updated, s2.conflicted, s2.episodes)
    assert ahead == here
    assert len(ahead["bo"]) >= 8
