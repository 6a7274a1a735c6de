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
