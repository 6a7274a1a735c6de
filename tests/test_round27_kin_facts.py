"""Round 27's trial: a relative's second health fact ended the first (a "no" about another thing read as
a polarity flip), a correction told in the next turn (不对，是周四 / "Sorry, I meant Thursday") changed
nothing, and a sentence of a pet and a job was kept whole beside its parts. Own sentences; real stores,
the real default model, a real drain."""

from __future__ import annotations

from datetime import UTC, datetime

from _stores import drained

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
