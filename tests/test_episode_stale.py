"""A stale turn is no current fact (memcli.read.quotes.mark_turns): a turn whose memories a later change
all ended, and whose words add nothing to theirs, is not quoted in a current ``context`` block; it is with
``--as-of`` a time they held, ``search`` still lists it (marked ``superseded``), and a turn that told a
detail no memory captured is still quoted. Real store, real default model, wording of our own."""

from __future__ import annotations

import pytest

from memcli import Memory
from memcli.read import quotes
from memcli.read.results import Hit
from memcli.timeutil import parse_at

STALE_EN = (
    "Honestly I prefer green tea to espresso these days",
    "I switched to espresso, I drink espresso every morning now",
)
STALE_ZH = ("嗯，最近我更爱喝咖啡", "我现在改喝茶了，每天早上一壶绿茶")


def _store(db: str, turns: tuple[str, ...]) -> Memory:
    m = Memory(db=db, user="stale")
    for n, t in enumerate(turns):
        m.capture(t, at=f"2026-11-{8 + 6 * n:02d}T10:00:00Z")
        m.drain()
    return m


def _episode(sid: int, text: str) -> Hit:
    return Hit(
        episode_id=sid,
        statement=text,
        kind="episode",
        effective_confidence=0.0,
        valid_from="2026-11-08T10:00:00Z",
        score=0.5,
        origin="episode",
    )


@pytest.mark.backends
def test_an_english_turn_whose_memory_was_ended_is_not_quoted_as_current(db: str, embedder):
    with _store(db, STALE_EN) as m:
        q = "espresso or green tea?"
        res = m.context(q, budget_ms=60000)
        assert "espresso" in res.text and "green tea to espresso" not in res.text, res.text
        old = next(h for h in m.search(q, limit=5) if h.origin == "episode" and "green tea to" in h.statement)
        assert old.superseded  # search lists it, marked with the memories that were ended
        then = m.context(q, budget_ms=60000, as_of="2026-11-10")
        assert "green tea to espresso" in then.text, then.text  # when it held, the old liking is there
        # the same turn with a detail no memory holds is still quoted: one name more
        told = _episode(old.episode_id, STALE_EN[0] + " Rosa")
        quotes.mark_turns(m.store, "stale", [told])
        assert not told.superseded and quotes.for_block([told]) == [told]


@pytest.mark.backends
def test_a_chinese_turn_whose_memory_was_ended_is_stale_unless_it_told_more(db: str, embedder):
    with _store(db, STALE_ZH) as m:
        sid = int(m.store.q("SELECT id FROM memory_sources ORDER BY id")[0]["id"])
        stale = _episode(sid, STALE_ZH[0])
        quotes.mark_turns(m.store, "stale", [stale])
        assert stale.superseded and quotes.for_block([stale]) == []
        held = _episode(sid, STALE_ZH[0])  # at a time the memory held, the turn is no stale one
        quotes.mark_turns(m.store, "stale", [held], parse_at("2026-11-10"))
        assert not held.superseded and quotes.for_block([held]) == [held]
        told = _episode(sid, STALE_ZH[0] + "，是表姐从云南寄来的")  # a detail no memory captured
        quotes.mark_turns(m.store, "stale", [told])
        assert not told.superseded and quotes.for_block([told]) == [told]
