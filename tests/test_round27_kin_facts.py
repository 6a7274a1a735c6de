"""Round 27's trial: a relative's second health fact ended the first (a "no" about another thing read as
a polarity flip), a correction told in the next turn (不对，是周四 / "Sorry, I meant Thursday") changed
nothing, and a sentence of a pet and a job was kept whole beside its parts. Own sentences; real stores,
the real default model, a real drain."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from _stores import drained

from memcli import Memory

START = datetime(2026, 11, 20, 9, tzinfo=UTC)


def test_a_relatives_second_condition_said_with_a_no_keeps_the_first(db: str, embedder):
    active, ended = drained(db, ["我爸有糖尿病", "我爸膝盖不好", "我姑姑有哮喘", "我姑姑睡眠不好",
                                 "My uncle has gout", "My uncle doesn't hear well"], user="li", start=START)
    assert not ended, ended
    assert active == {"我爸有糖尿病", "我爸膝盖不好", "我姑姑有哮喘", "我姑姑睡眠不好", "My uncle has gout",
                      "My uncle doesn't hear well"}, active


def test_a_cure_told_still_ends_the_condition(db: str, embedder):
    active, ended = drained(db, ["我爸有糖尿病", "我爸有胃炎", "我爸的胃炎治好了", "我爸膝盖不好", "我爸的膝盖好了",
                                 "My aunt has a sprained ankle", "My aunt's ankle has healed"], user="li", start=START)
    assert ended == {"我爸有胃炎", "我爸膝盖不好", "My aunt has a sprained ankle"}, ended
    assert {"我爸有糖尿病", "我爸的胃炎治好了", "我爸的膝盖好了", "My aunt's ankle has healed"} <= active, active


def test_the_same_thing_denied_still_ends_it(db: str, embedder):
    active, ended = drained(db, ["我妈有胃病", "我妈没有胃病"], user="li", start=START)
    assert ended == {"我妈有胃病"} and active == {"我妈没有胃病"}, (active, ended)


def _told(db: str, turns: list[str], user: str) -> list:
    """Every memory of ``user`` after capturing ``turns`` a minute apart, draining after each."""
    m = Memory(db=db, user=user)
    try:
        for n, text in enumerate(turns):
            m.capture(text, at=(START + timedelta(minutes=n)).isoformat())
            m.drain()
        return m.list(include_all=True)
    finally:
        m.close()


def test_a_weekday_corrected_in_the_next_turn_ends_the_one_told(db: str, embedder):
    for user, turns, old, new in [
        ("li", ["我每周二上钢琴课", "不对，是周五"], "我每周二上钢琴课", "我每周五上钢琴课"),
        ("ann", ["My yoga class is on Tuesday", "Sorry, I meant Friday"], "My yoga class is on Tuesday",
         "My yoga class is on Friday"),
    ]:
        items = {i.statement: i for i in _told(db, turns, user)}
        assert set(items) == {old, new}, items
        assert items[new].invalid_at is None
        # round 46: a slip put right, not a change: the told value is retired (UPDATE) and the right one holds
        # from when the slip was told (round 27 ended the told value in world time when the correction was said)
        assert items[old].status == "superseded" and items[old].superseded_by_id == items[new].id, items[old]
        assert items[new].valid_from == START, items[new]


def test_a_date_corrected_in_the_next_turn_with_only_a_denial(db: str, embedder):
    items = {i.statement: i for i in _told(db, ["我侄子的生日是6月12号", "不对，应该是6月14号"], "li")}
    assert set(items) == {"我侄子的生日是6月12号", "我侄子的生日是6月14号"}, items
    # round 46: the slip is retired (superseded), not ended in world time
    assert items["我侄子的生日是6月12号"].status == "superseded" and items["我侄子的生日是6月14号"].status == "active"


def test_a_denial_alone_or_without_a_value_of_the_type_changes_nothing(db: str, embedder):
    items = _told(db, ["我住在杭州", "不对，是周五"], "li")
    assert [(i.statement, i.invalid_at) for i in items] == [("我住在杭州", None)], items


def test_a_pet_and_a_job_in_one_sentence_are_two_facts_not_the_sentence(db: str, embedder):
    active, ended = drained(db, ["I have a cat named Mochi and I work as a nurse in Denver"], user="ann",
                            start=START)
    assert not ended
    assert active == {"I have a cat", "My cat is named Mochi", "I work as a nurse in Denver"}, active


def test_a_weekday_is_a_named_day_not_the_words_sat_or_sun():
    """The day of the week a next-turn correction replaces is the one earlier value of its type: "sat" and
    "the sun" are no days (read as days, the earlier turn held three and the correction was lost)."""
    from memcli.write.value_correction import rewritten

    assert rewritten("Sorry, I meant Thursday", ["We sat in the sun and I booked the vet for Wednesday"]) == (
        "We sat in the sun and I booked the vet for Thursday", "Wednesday")
    assert rewritten("Sorry, I meant Friday", ["The vet is on Tues"]) == ("The vet is on Friday", "Tues")
