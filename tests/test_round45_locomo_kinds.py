"""Round 45: what LoCoMo's first five conversations (the develop half) still lost, each kind read in general.

- **A second deed or thing merged into the first by a NOOP** (memcli.write.deed_beside): "We won it by a close
  score" stored, then weeks later "We even won a medal" — the judge reinforced the first and the medal was lost.
  Another deed told on another day with a content word the stored one lacks, or a statement that says it adds
  (also, even, another…) with such a word, is an ADD. A rewording ("We got the win"), a denial ("not even cider"),
  a deed of the same day, one told with a year or month (maybe its date corrected) stay the judge's.
- **A reply that describes the speaker's thing the other speaker just asked about** (memcli.write.described_reply):
  "What does it show?" → "It's a chart of …" scored low alone (whose thing?) and was lost; kept now, as said, when
  the turn before is the other speaker's question about a thing. Not after a remark, not how it was.

Own sentences; one real store (default model) for the file, each behaviour its own user, drained once.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memcli import Memory
from memcli.models import Decision
from memcli.write.decide_range import _facts
from memcli.write.deed_beside import deed_beside, one_more, other_day_deed
from memcli.write.described_reply import described_sentence

START = datetime(2026, 3, 2, 18, 0, tzinfo=UTC)
#: per user: (role, text, days after START, session); two chats of one behaviour share a user, each its own session
CHATS = {
    "medal": [("user", "We won it by a single point", 0, "a"), ("user", "We even won a medal", 40, "b")],
    "reworded": [("user", "We won it by a single point", 0, "a"),
                 ("user", "We got the win by a single point", 40, "b")],
    "asked": [("assistant", "Love this chart on your wall. What does it show?", 0, "a"),
              ("user", "Thanks, Ola! It's a chart of the old canal locks - you can spot every mill along it.", 0, "a"),
              ("assistant", "They look so fluffy! What do you feed them?", 1, "b"),
              ("user", "They eat mostly pellets and fresh greens, plus a strawberry now and then.", 1, "b")],
    "not_asked": [("assistant", "Your wall looks great, by the way.", 0, "a"),
                  ("user", "Thanks, Ola! It's a chart of the old canal locks - you can spot every mill along it.", 0,
                   "a"),
                  ("assistant", "What did you think of it?", 1, "b"), ("user", "It was amazing, honestly.", 1, "b")],
}


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory, embedder) -> dict[str, Memory]:  # noqa: ARG001 - loaded once
    db = str(tmp_path_factory.mktemp("loc45") / "m.db")
    out = {u: Memory(db=db, user=u) for u in CHATS}
    for user, turns in CHATS.items():
        for n, (role, text, day, session) in enumerate(turns):
            out[user].capture(text, role=role, at=(START + timedelta(days=day, minutes=n)).isoformat(),
                              session=f"{user}-{session}")
    for m in out.values():
        s = m.drain()
        assert s.dead == 0 and s.retried == 0, s.errors
    yield out
    for m in out.values():
        m.close()


def _active(m: Memory) -> list[str]:
    return [it.statement for it in m.list() if it.status == "active"]


# -- 1. a second deed or thing is no reinforcement --------------------------------------------------------------------
def test_a_second_deed_said_with_even_is_kept_beside_the_first(stores: dict[str, Memory]) -> None:
    held = _active(stores["medal"])  # (main: NOOP p 0.87, the medal lost)
    assert any("medal" in s for s in held) and any("single point" in s for s in held), held


def test_a_reworded_deed_is_still_one_memory(stores: dict[str, Memory]) -> None:
    items = stores["reworded"].list(include_all=True)
    assert len(items) == 1 and items[0].confirmations >= 2, [(i.status, i.statement) for i in items]


D1, D2 = START, START + timedelta(days=40)


@pytest.mark.parametrize(("old", "new", "days", "why"), [
    ("We hosted some gatherings", "We had a great time at an outdoor folk night", (D1, D2), "another deed"),
    ("We hosted some gatherings", "We had a great time at an outdoor folk night", (D1, D1), None),  # the same day
    ("We won it by a single point", "We got the win by a single point", (D1, D2), None),  # a rewording
    ("We won it by a single point", "We won it by a single point in 2024", (D1, D2), None),  # a date given: the judge's
    ("I won't give up", "I won't let anything stop me", (D1, D2), None),  # a denial is no deed
    ("I baked an oat cake with plums", "I also love a vegan pistachio mousse", (D1, D1), "one more"),
    ("I love oat cake", "I also love oat cake", (D1, D2), None),  # nothing new
    ("I don't drink alcohol", "I never drink, not even cider", (D1, D2), None),  # a denial: adds nothing
    ("Do we have any plans?", "We even booked a cabin", (D1, D2), None),  # a question beside
])
def test_deed_beside_reads_the_kind(old: str, new: str, days: tuple[datetime, datetime], why: str | None) -> None:
    got = deed_beside(_facts(new, None), _facts(old, None), Decision.NOOP, days[1], days[0])
    assert (got or "").startswith(why) if why else got is None, got
    assert deed_beside(_facts(new, None), _facts(old, None), Decision.ADD, days[1], days[0]) is None
    if why == "one more":
        assert one_more(_facts(new, None), _facts(old, None)) and not other_day_deed(
            _facts(new, None), _facts(old, None), days[1], days[0])


# -- 2. a reply describing the thing the other one asked about -----------------------------------------------------
@pytest.mark.parametrize("word", ["canal locks", "pellets"])
def test_a_description_answering_the_other_ones_question_is_kept(stores: dict[str, Memory], word: str) -> None:
    held = _active(stores["asked"])  # (main: nothing of either)
    assert any(word in s for s in held), held
    assert not any(s.rstrip("?").endswith(("show", "eat")) for s in held), held  # the question is no memory


def test_a_description_after_a_remark_or_how_it_was_is_not_kept_by_it(stores: dict[str, Memory]) -> None:
    assert _active(stores["not_asked"]) == []


@pytest.mark.parametrize(("text", "said"), [
    ("Yep! It's a copy of my gran's recipe book.", "It's a copy of my gran's recipe book."),
    ("The picture is from a pine wood near my parents' farm. So still.", "The picture is from a pine wood near my "
     "parents' farm."),
    ("It's a lot of fun, honestly.", None),  # an amount, no kind of thing
    ("It was amazing!", None),  # how it was
    ("I love it. It's a chart of the canal.", None),  # the turn names it first: round 35's reading
])
def test_described_sentence_shape(text: str, said: str | None) -> None:
    assert described_sentence(text) == said
