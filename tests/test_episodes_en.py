"""English episodes (issue 19): a told event one memory carries whole stays findable in the speaker's
words; a state with a known attribute does not, so a value changed later never comes back."""

from __future__ import annotations

from memcli import Memory
from memcli.read.episodes import EN_EPISODE_RRF_K, EN_EPISODE_WEIGHTS
from memcli.write.chatter import uncovered


def test_a_told_event_carried_whole_stays_an_episode_a_state_does_not():
    assert uncovered("I ran a half marathon in Leeds", ["I ran a half marathon in Leeds"], [False])
    assert not uncovered("I live in Porto", ["I live in Porto"], [True])
    assert not uncovered("I live in Porto", ["I live in Porto"])  # states unknown: as before


def test_english_episodes_are_fused_like_the_raw_baseline():
    assert EN_EPISODE_WEIGHTS == {"dense": 1.0, "lexical": 1.0} and EN_EPISODE_RRF_K == 60


def test_a_moved_residence_never_comes_back_as_an_episode(db: str, embedder):
    with Memory(db=db, user="alice") as m:
        m.capture("I live in Porto", at="2026-01-05T09:00:00+00:00")
        m.capture("I moved to Lisbon last month", at="2026-06-01T09:00:00+00:00")
        m.drain()
        assert all("Porto" not in str(e) for e in m.episodes()), m.episodes()
        assert all(h.origin != "episode" or "Porto" not in h.statement for h in m.search("Porto", limit=5))


def test_the_name_a_turn_addresses_is_left_out_of_what_it_is_found_by():
    from memcli.smalltalk import unaddressed

    assert unaddressed("Thanks, Rosalind! The clock chimes again.") == "Thanks! The clock chimes again."
    assert unaddressed("Hey Tobias, what a week.") == "Hey, what a week."
    said = "That sounds lovely, Priya. I baked rye bread today."
    assert unaddressed(said) == "That sounds lovely. I baked rye bread today."
    assert unaddressed("Aww, Kemal - that's kind of you") == "Aww - that's kind of you"
    # a name that is what the sentence says stays: an apposition, a place after a place, a subject
    for kept in (
        "My aunt lives in my home country, Chile.",
        "We drove to Lyon, France.",
        "Wow, Dublin was rainy!",
        "Yesterday, I painted the fence.",
        "我今天见了小王",
    ):
        assert unaddressed(kept) == kept


def test_a_question_naming_the_addressee_finds_the_remark_not_the_greetings(db: str, embedder):
    with Memory(db=db, user="alice") as m:
        for n, text in enumerate(
            [
                "Hey Rosalind, so good to see you again, what a week it has been!",
                "Thanks so much, Rosalind! You always know how to cheer me up.",
                "Aww, Rosalind, you are too kind, talk soon!",
                "Last weekend I finally repaired the old grandfather clock in the hallway.",
            ]
        ):
            m.capture(text, at=f"2026-03-0{n + 1}T09:00:00+00:00")
        m.drain()
        assert any("Rosalind" in str(e) for e in m.episodes())  # the turn is kept as said
        assert m.store.episode_fts("alice", ["rosalind"], limit=5) == []
        hits = m.search("What did Rosalind's friend repair last weekend?", limit=5)
        assert hits and "grandfather clock" in hits[0].statement, [h.statement for h in hits]
