"""A reaction to the other speaker ("I love that idea", "I'm so proud of you, Priya", 我支持你) is no fact about
the user: no memory (it was stored as a liking of "idea" or "thought", a habit keyed by the name it addresses)
and, alone in a turn, no episode. A demonstrative before a noun names a thing: "I love that bakery" is a
liking. Own sentences; a real store and the real default model for the drain."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli import Memory
from memcli.models import Candidate, Kind
from memcli.write.chatter import is_chatter
from memcli.write.guard import keep
from memcli.write.reaction import is_reaction

REACTIONS = [
    "I love that idea", "I really like your plan!", "Oh wow, I love that!", "I love the thought, Oskar",
    "I'm always here for you, Priya", "I'm so happy for you!", "I'm proud of you", "I totally agree",
    "I can imagine", "I'm sorry to hear that, Ben", "I admire your determination so much", "I love the sound of that",
    "I get it", "I 100% agree, Lena", "Glad you found a good vet, Tom", "I'm so happy you came to visit",
    "我支持你", "真为你高兴！", "我喜欢这个想法", "我完全理解你的感受",
]
AT = datetime(2026, 11, 2, 10, tzinfo=UTC)
LIKINGS = [
    "I love that bakery on Elm Street", "I love it here in Lisbon", "I like it extra spicy", "I love rock climbing",
    "I'm here for a conference", "I'm happy with my new bike", "I like those leather boots",
    "I appreciate strong black tea", "I agree with my brother about most things", "我喜欢那家面馆",
    "我懂一点葡萄牙语", "我支持巴萨", "I'm glad I moved to Denver", "I'm happy to help at the shelter",
    "I'd love to visit Kyoto someday", "I'm proud of you and I got the job too", "Good to know the bus runs late",
]


@pytest.mark.parametrize("text", REACTIONS)
def test_a_reaction_to_the_other_speaker_is_recognised(text: str):
    assert is_reaction(text)
    assert not keep(Candidate(statement=text, kind=Kind.PREFERENCE, valid_from=AT))
    assert is_chatter(text)


@pytest.mark.parametrize("text", LIKINGS)
def test_a_liking_of_a_named_thing_is_no_reaction(text: str):
    assert not is_reaction(text)
    assert keep(Candidate(statement=text, kind=Kind.PREFERENCE, valid_from=AT))


def test_a_drained_reaction_leaves_no_memory_and_no_episode(tmp_path, embedder):
    db = str(tmp_path / "m.db")
    with Memory(db=db, user="mila") as m:
        for n, text in enumerate(["I love that idea, Priya!", "I'm so proud of you", "I love rock climbing",
                                  "我支持你", "我喜欢那家面馆"]):
            m.capture(text, at=f"2026-11-0{n + 1}T10:00:00Z")
        s = m.drain()
        assert s.done == 5
        kept = sorted(it.statement for it in m.list())
        assert kept == ["I love rock climbing", "我喜欢那家面馆"]
        assert [e["text"] for e in m.episodes()] == []


# -- the name a turn is said to ---------------------------------------------------------------------
@pytest.mark.parametrize("text, bare", [
    ("I've been baking a lot lately, Dana", "I've been baking a lot lately"),
    ("That was a while ago, Sam.", "That was a while ago."),
    ("We argued about it a bit, Jo", "We argued about it a bit"),
    ("Our club has a new captain now, Rafael", "Our club has a new captain now, Rafael"),  # the captain: apposition
    ("I went climbing with my cousin, Ines", "I went climbing with my cousin, Ines"),
    ("I moved to Porto, Portugal", "I moved to Porto, Portugal"),
    ("We have two goats, Clover and Basil.", "We have two goats, Clover and Basil."),  # a list goes on
])
def test_a_name_after_an_amount_or_a_time_word_is_who_the_turn_is_said_to(text: str, bare: str):
    from memcli.smalltalk import unaddressed

    assert unaddressed(text) == bare


def test_the_extractor_reads_a_turn_without_the_name_it_addresses(fitted_extractor):
    from memcli.write.extract import MemoryExtractionService, Utterance

    svc = MemoryExtractionService(fitted_extractor)
    texts = ["I started pottery classes last week, Dana.", "I've been baking sourdough a lot lately, Dana!",
             "I went climbing with my cousin, Ines."]
    got = svc.extract_batch([Utterance(n, "u", "user", t, AT) for n, t in enumerate(texts)])
    said = [[c.statement for c in out] for out in got]
    assert all("Dana" not in s for out in said[:2] for s in out) and all(said[:2]), said
    assert any("pottery" in s for s in said[0]) and any("sourdough" in s for s in said[1])
    assert said[2] == ["I went climbing with my cousin, Ines"]
