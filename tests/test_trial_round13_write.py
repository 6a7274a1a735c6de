"""Round 13's user trial, three write-path kinds fixed as kinds (sentences written for this test, none from
a data set): an English stop of a habit ends the habit it names, as a Chinese one does; a relative named
in either language is one relation; a short value told in both languages is one memory. Decisions run on
a real store with the default model, through capture → drain (and ``remember``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli import slots
from memcli.write.rules import analyze, extract_matches


def _drained(db: str, turns: list[str], user: str = "rin") -> tuple[list[str], list[str]]:
    """(active statements, every statement) after capturing and draining ``turns`` one by one."""
    from memcli import Memory

    m = Memory(db=db, user=user)
    try:
        for n, turn in enumerate(turns):
            m.capture(turn, at=datetime(2025, 4, 1 + n, 9, tzinfo=UTC).isoformat())
            m.drain()
        return sorted(i.statement for i in m.list()), sorted(i.statement for i in m.list(include_all=True))
    finally:
        m.close()


# -- 1. an English stop of a habit -----------------------------------------------------------------
@pytest.mark.parametrize(("text", "statements"), [
    ("I stopped going to the pool", ["I stopped going to the pool"]),  # "going to" is no plan here
    ("I've given up baking bread", ["I've given up baking bread"]),
    ("I no longer drink soda", ["I no longer drink soda"]),
    ("I don't play chess anymore", ["I don't play chess anymore"]),
    ("Stopped going to choir practice", ["I stopped going to choir practice"]),
    ("I'm thinking of quitting the choir", []),  # only intended: no fact
    ("I'm going to the pool tomorrow", []),  # a plan stays no memory
    ("I stopped by the bakery", []),  # a visit, no stop of a habit
    ("I cancelled my climbing gym membership", ["I cancelled my climbing gym membership"]),  # a subscription
    ("I cancelled the dentist appointment", []),  # a calendar item stays no memory
])
def test_english_stops_are_extracted(text: str, statements: list[str]) -> None:
    got = [m.statement for m in extract_matches(text)]
    assert got == statements


def test_an_english_stop_reads_as_a_no() -> None:
    for text in ("I stopped going to the pool", "I've given up baking bread", "I don't play chess anymore"):
        assert analyze(text).positive is False, text


def test_an_english_stop_ends_the_habit_it_names(db: str, embedder) -> None:  # noqa: ANN001
    active, _ = _drained(db, ["I swim at the pool every Saturday", "I stopped going to the pool",
                              "I bake bread on Sundays", "I've given up baking bread",
                              "I play chess with my neighbour", "I don't play chess anymore",
                              "I eat fish", "I no longer eat fish", "I have a climbing gym membership",
                              "I cancelled my climbing gym membership"])
    assert active == sorted(["I stopped going to the pool", "I've given up baking bread",
                             "I don't play chess anymore", "I no longer eat fish",
                             "I cancelled my climbing gym membership"]), active


def test_a_stop_with_nothing_to_end_is_stored_and_a_denied_stop_keeps_the_fact(db: str, embedder) -> None:  # noqa: ANN001
    active, _ = _drained(db, ["I quit drinking soda", "I go running every morning",
                              "I didn't stop going running", "I'm thinking of quitting running",
                              "I play the cello", "I gave up knitting"])
    assert "I quit drinking soda" in active  # nothing to end: what the user no longer does
    assert "I go running every morning" in active  # denied, then only intended: the habit holds
    assert "I play the cello" in active and "I gave up knitting" in active  # a stop of another thing


# -- 2. one relation in both languages ---------------------------------------------------------------
def test_a_relative_named_in_either_language_is_one_relation() -> None:
    assert slots.relation_zh("阿姨") == slots.relation_en("aunt") == "aunt"
    for zh, en in [("舅妈", "aunt"), ("姑父", "uncle"), ("叔叔", "uncle"), ("姐夫", "brother-in-law"),
                   ("嫂子", "sister-in-law"), ("小姨子", "sister-in-law"), ("前妻", "ex")]:
        assert slots.same_relation(slots.relation_zh(zh), slots.relation_en(en)), (zh, en)
    # two Chinese words for two people stay two, even where English has one word for both
    assert not slots.same_relation(slots.relation_zh("舅舅"), slots.relation_zh("叔叔"))
    assert not slots.same_relation(slots.relation_zh("姐夫"), slots.relation_zh("小舅子"))
    assert analyze("我小姨子住在苏州").subject == "wife_younger_sister"  # was read as 小姨
    assert analyze("我外孙女叫朵朵").subject == "granddaughter"


def test_a_relative_told_of_in_both_languages_is_one_person(db: str, embedder) -> None:  # noqa: ANN001
    active, _ = _drained(db, ["My aunt lives in Bordeaux", "我阿姨搬到里昂了", "我舅舅住在西安",
                              "我叔叔住在兰州"])
    assert "My aunt lives in Bordeaux" not in active and "我阿姨搬到里昂了" in active, active
    assert {"我舅舅住在西安", "我叔叔住在兰州"} <= set(active)  # two uncles, two facts


# -- 3. a short value in two languages ---------------------------------------------------------------
def test_a_short_value_told_in_both_languages_is_one_memory(db: str, embedder) -> None:  # noqa: ANN001
    from memcli import Memory

    active, _ = _drained(db, ["I enjoy cooking", "我喜欢做饭", "I like hiking", "我喜欢游泳", "I like cats",
                              "我喜欢狗"])
    assert "I enjoy cooking" in active and "我喜欢做饭" not in active, active  # one preference, one memory
    assert {"I like hiking", "我喜欢游泳", "I like cats", "我喜欢狗"} <= set(active)  # two things: two facts
    m = Memory(db=db, user="rin")
    try:
        cooking = next(i for i in m.list() if i.statement == "I enjoy cooking")
        assert cooking.confirmations == 2
    finally:
        m.close()


def test_a_change_in_the_other_language_is_still_a_change(db: str, embedder) -> None:  # noqa: ANN001
    active, _ = _drained(db, ["I live in Shanghai", "我搬到北京了"])
    assert active == ["我搬到北京了"], active
