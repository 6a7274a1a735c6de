"""memcli.write.give_up_told: one reader of give-ups whose readings carry the verb class (round 40) — taking (不吃,
戒, drink), liking (another liking given up) or doing (a sport or place) — for given_up and means_change. Rules
only (no model); own sentences."""

from __future__ import annotations

import pytest

from memcli.write.give_up_told import GiveUp, give_ups
from memcli.write.given_up import give_up_of
from memcli.write.means_change import activity_of_give_up
from memcli.write.rules import analyze


@pytest.mark.parametrize(("statement", "readings"), [
    ("我现在不吃辣了", [("辣", "taking")]),
    ("我爸戒掉可乐了", [("可乐", "taking")]),
    ("My sister doesn't drink soda anymore", [("soda", "taking")]),
    ("我不喜欢看恐怖片了", [("恐怖片", "liking")]),
    ("I don't like horror films anymore", [("horror films", "liking")]),
    ("我已经不去游泳馆了", [("游泳馆", "doing")]),
    ("我不打篮球了", [("篮球", "doing")]),
    ("I no longer play squash", [("squash", "liking"), ("squash", "doing")]),  # a habit given up, and a sport
    ("我想戒糖", []),  # a wish
    ("I don't drink cola", []),  # no change told
    ("我弟弟不踢足球了", []),  # a relative's activity: only a liking or a thing taken is anyone's
])
def test_each_reading_carries_its_verb_class(statement: str, readings: list[tuple[str, str]]) -> None:
    facts = analyze(statement)
    assert give_ups(facts) == tuple(GiveUp(t, v) for t, v in readings)
    assert give_up_of(facts) == next((t for t, v in readings if v != "doing"), None)
    assert activity_of_give_up(facts) == next((t for t, v in readings if v == "doing"), None)
