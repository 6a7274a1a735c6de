"""Round 46: the rest of a telling (memcli.read.told_with), read on LoCoMo's develop half, tested on own sentences.

A question that names the setting of something told ("What did I make at the glass-blowing class?") finds the
clause that names the setting; the clause that says what was made shares no word with the question and was not
among the first hits — in the same turn, or in the user's next turn when the friend asked. English search now
gives the last place to the first memory told with the best hit. Not across sessions, not for a Chinese query,
not for a list of one or two, never a memory a later change ended.

One real store (default model) for the file, each behaviour its own user, drained once; each asked with the
setting on and off (the same database), so every test can fail; memories alone (episodes off): with the episodes
leg on, the turn itself is often the best hit, and an episode has no mates to bring.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memcli import Memory
from memcli.read.told_with import LEG, MIN_LIMIT, with_told_mates

START = datetime(2026, 4, 6, 19, 0, tzinfo=UTC)
#: facts near "what did I make at the class?" that outrank a clause sharing no word with it
OTHERS = ["I bake my own sourdough bread every Sunday morning.",
          "I took a cooking course in Lyon a few years ago and loved it.",
          "I signed up for a woodworking workshop at the community college.",
          "I built a small bookshelf for my daughter's room last winter.",
          "My colleague Dana throws beautiful ceramic bowls in her spare time.",
          "I usually cycle to the office when it is not raining."]
POTTERY = "I finally went to that pottery evening at the community hall on Thursday."
MUG = "A lopsided mug with a blue glaze, which I now drink my tea from every morning."
#: per user: (role, text, session); each user's turns a minute apart from START
CHATS = {
    "same_turn": [("user", "Last Saturday I took my two nephews to a glass-blowing class downtown. Each of us shaped "
                           "a little green vase to bring home.", "a"), *(("user", t, "a") for t in OTHERS)],
    "next_turn": [("user", POTTERY, "a"), ("assistant", "Oh nice, what did you end up making?", "a"),
                  ("user", MUG, "a"), *(("user", t, "a") for t in OTHERS)],
    "other_session": [("user", POTTERY, "a"), ("user", MUG, "b"), *(("user", t, "b") for t in OTHERS)],
}
CHATS["ended"] = CHATS["same_turn"]


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory, embedder) -> dict[str, tuple[Memory, Memory]]:  # noqa: ARG001
    db = str(tmp_path_factory.mktemp("loc46") / "m.db")
    out = {u: (Memory(db=db, user=u, episodes=False), Memory(db=db, user=u, episodes=False, told_with=False))
           for u in CHATS}
    for user, turns in CHATS.items():
        for n, (role, text, session) in enumerate(turns):
            out[user][0].capture(text, role=role, at=(START + timedelta(minutes=n)).isoformat(),
                                 session=f"{user}-{session}")
        s = out[user][0].drain()
        assert s.dead == 0 and s.retried == 0, s.errors
    yield out
    for on, off in out.values():
        on.close()
        off.close()


def _found(hits, word: str) -> list:
    return [h for h in hits if word in h.statement.casefold()]


def test_the_rest_of_the_best_hits_turn_takes_the_last_place(stores) -> None:
    on, off = stores["same_turn"]
    q = "What did I make at the glass-blowing class?"
    assert not _found(off.search(q, limit=5), "vase")  # the clause naming the class is found, not what was made
    hits = on.search(q, limit=5)
    assert "glass-blowing" in hits[0].statement
    vase = _found(hits, "vase")
    assert vase and vase[0].legs == [LEG] and vase[0].via == hits[0].id
    assert vase[0].p_relevant == hits[0].p_relevant and vase[0].below_floor == hits[0].below_floor
    assert hits[-1] is vase[0] and len(hits) <= 5
    assert vase[0].score <= min(h.score for h in hits[:-1])


def test_the_users_next_turn_after_the_friend_asked(stores) -> None:
    on, off = stores["next_turn"]
    q = "What did I make at the pottery evening?"
    assert not _found(off.search(q, limit=5), "mug")
    hits = on.search(q, limit=5)
    assert "pottery" in hits[0].statement
    mug = _found(hits, "mug")
    assert mug and mug[0].legs == [LEG]


def test_no_mate_from_another_session(stores) -> None:
    on, _ = stores["other_session"]
    hits = on.search("What did I make at the pottery evening?", limit=5)
    assert "pottery" in hits[0].statement
    assert not [h for h in hits if LEG in h.legs]


def test_a_short_list_and_a_past_read_keep_the_best_hits(stores) -> None:
    on, off = stores["same_turn"]
    q = "What did I make at the glass-blowing class?"
    for limit in range(1, MIN_LIMIT):
        assert [h.id for h in on.search(q, limit=limit)] == [h.id for h in off.search(q, limit=limit)]
    assert not [h for h in on.search(q, limit=5, as_of=START + timedelta(days=1)) if LEG in h.legs]


def test_next_turn_is_the_users_own_in_the_session(stores) -> None:
    on, _ = stores["next_turn"]
    rows = on.store.q("SELECT id, role, content FROM memory_sources WHERE user_id = ? ORDER BY id", (on.user,))
    first, asked, reply = rows[0], rows[1], rows[2]
    assert asked["role"] == "assistant"
    assert on.store.next_turn(on.user, first["id"]) == reply["id"]  # the friend's question is not the user's turn
    assert on.store.next_turn(on.user, rows[-1]["id"]) is None
    assert on.store.next_turn("someone-else", first["id"]) is None
    other, _ = stores["other_session"]
    o = other.store.q("SELECT id FROM memory_sources WHERE user_id = ? ORDER BY id", (other.user,))
    assert other.store.next_turn(other.user, o[0]["id"]) is None  # the next turn is in session b


def test_an_ended_mate_is_not_brought(stores) -> None:
    on, _ = stores["ended"]
    q = "What did I make at the glass-blowing class?"
    vase = _found(on.search(q, limit=5), "vase")
    assert vase
    on.forget(vase[0].id)
    assert not _found(on.search(q, limit=5), "vase")


def test_a_weakest_hit_holding_a_word_of_the_question_keeps_its_place(stores) -> None:
    on, off = stores["same_turn"]
    hits = off.search("What did I make at the glass-blowing class?", limit=5)
    assert len(hits) == 5 and "lexical" not in hits[-1].legs
    brought = with_told_mates(on.store, on.settings, on.user, hits, 5)
    assert brought[-1].legs == [LEG] and [h.id for h in brought[:4]] == [h.id for h in hits[:4]]
    worded = [*hits[:4], hits[4].model_copy(update={"legs": ["dense", "lexical"]})]
    assert with_told_mates(on.store, on.settings, on.user, worded, 5) == worded
