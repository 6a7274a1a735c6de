"""An English time phrase is cut from a memory only when its valid time says it instead.

Round 25's new user said "I've been learning to play the cello since last winter" and got the memory
"I've been learning to play the cello since" (the phrase cut, its "since" left dangling, the valid time
the day it was said), and "My daughter turns seven in April" lost its month. Now a time that dates the fact
(yesterday, two weeks ago, last winter, back in March, earlier this year; "since" / "from" with it) is cut
with its preposition and moves the valid time back; one with no date to move to (in April, this year) or a
limit that is not when the fact began (until last year, before last summer) stays in the user's words, valid
from when it was said. Chinese had the same kind: 我从去年开始吃素 was kept as 我从开始吃素, 我去年三月搬到了…
as 我三月搬到了… from a year back, 上个月底… as 底…, 去年之前… as 之前… from a year back. Own sentences; the
rules, then a real store with the default model end to end."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from memcli.write.rules.en import extract_matches
from memcli.write.rules.en_words import _ago_of
from memcli.write.rules.match import resolve_ago
from memcli.write.rules.zh_words import _ago_of as zh_ago_of

KEPT = [  # (turn, statement): no date the valid time could carry, so the words stay
    ("My son Theo turns ten in June", "My son Theo turns ten in June"),
    ("I moved to Bristol in October", "I moved to Bristol in October"),
    ("In June my son Theo turns ten", "In June my son Theo turns ten"),
]
CUT = [  # (turn, statement, ago): dated, so the words go with their preposition
    ("I've been learning the oboe since last winter", "I've been learning the oboe", ("season", 2)),
    ("I've been vegetarian since last month", "I've been vegetarian", ("month", 1)),
    ("Back in April I joined a climbing gym", "I joined a climbing gym", ("month_of", 4)),
    ("Earlier this year I took up rowing", "I took up rowing", ("year_start", 0)),
    ("I quit coffee three weeks ago", "I quit coffee", ("week", 3)),
]


@pytest.mark.parametrize("turn, statement", KEPT)
def test_a_time_no_date_carries_stays_in_the_words(turn: str, statement: str):
    got = extract_matches(turn)
    assert [m.statement for m in got] == [statement] and got[0].ago is None


@pytest.mark.parametrize("turn, statement, ago", CUT)
def test_a_dated_time_is_cut_with_its_preposition(turn: str, statement: str, ago: tuple[str, int]):
    got = extract_matches(turn)
    assert [(m.statement, m.ago) for m in got] == [(statement, ago)]


@pytest.mark.parametrize("bound", ["until", "till", "before", "after", "by"])
def test_a_limit_is_no_valid_time(bound: str):
    """"until last year" says when the fact stopped, not when it began: no valid time moved back."""
    assert _ago_of(f"I had a motorbike {bound} last year") == (None, "I had a motorbike")


def test_the_slot_is_the_one_without_the_time():
    """The words kept change no slot: a later "I moved to Leeds" compares with the same key."""
    assert [m.slot for m in extract_matches("I moved to Bristol in October")] == \
        [m.slot for m in extract_matches("I moved to Bristol")] == ["residence"]


ZH = [  # (clause, (ago, rest)): 从 … 开始 cut with a dated time; a month of last year dated; the rest kept whole
    ("我从去年开始练瑜伽", (("year", 1), "我练瑜伽")),
    ("从上周起我每天早上喝燕麦奶", (("week", 1), "我每天早上喝燕麦奶")),
    ("我自从两年前就开始养鹦鹉", (("year", 2), "我就开始养鹦鹉")),
    ("我去年十月搬到了青岛", (("day_in_year", 11001), "我搬到了青岛")),  # (round 47: zh_dates, one unit)
    ("我前年3月份换了工作", (("day_in_year", 20301), "我换了工作")),
    ("我去年之前一直在成都上班", (None, "我去年之前一直在成都上班")),
    ("我直到去年都住在无锡", (None, "我直到去年都住在无锡")),
    ("上个月底我把车卖了", (None, "上个月底我把车卖了")),
    ("从去年秋天开始我在学古筝", (("day_in_year", 10901), "我在学古筝")),  # (round 47: a season read)
    ("我上周搬到了合肥", (("week", 1), "我搬到了合肥")),  # as before
]


@pytest.mark.parametrize("clause, want", ZH)
def test_a_chinese_time_is_cut_only_with_the_date_it_gives(clause: str, want: tuple):
    assert zh_ago_of(clause) == want


@pytest.mark.parametrize("at, ago, day", [
    (datetime(2026, 5, 20, tzinfo=UTC), ("month_in_year", 110), "2025-10-01"),  # 去年十月
    (datetime(2026, 5, 20, tzinfo=UTC), ("month_in_year", 203), "2024-03-01"),  # 前年三月
    (datetime(2026, 3, 10, tzinfo=UTC), ("season", 2), "2025-12-01"),   # last winter, said in March
    (datetime(2026, 12, 5, tzinfo=UTC), ("season", 2), "2025-12-01"),   # ... said in December: not this one
    (datetime(2026, 8, 20, tzinfo=UTC), ("season", 8), "2025-06-01"),   # last summer, said in late August
    (datetime(2026, 9, 1, tzinfo=UTC), ("season", 8), "2026-06-01"),    # ... said once it is over
    (datetime(2026, 8, 20, tzinfo=UTC), ("month_of", 3), "2026-03-01"),  # back in March
    (datetime(2026, 2, 20, tzinfo=UTC), ("month_of", 3), "2025-03-01"),  # ... said before this March
    (datetime(2026, 4, 14, tzinfo=UTC), ("year_start", 0), "2026-01-01"),
])
def test_a_month_or_season_resolves_to_its_first_day(at: datetime, ago: tuple[str, int], day: str):
    assert resolve_ago(at, ago).date().isoformat() == day


def test_a_drained_turn_keeps_its_words_or_its_date(tmp_path: Path):
    from memcli import Memory

    said = datetime(2026, 9, 10, 9, tzinfo=UTC)
    with Memory(db=str(tmp_path / "t.db"), user="noor") as mem:
        for text in ("I've been learning the oboe since last winter", "My son Theo turns ten in June",
                     "Back in April I joined a climbing gym", "I had a motorbike until last year", "我从去年开始练瑜伽",
                     "我去年十月搬到了青岛"):
            mem.capture(text, at=said.isoformat())
        mem.drain()
        got = {i.statement: i.valid_from.date().isoformat() for i in mem.list()}
    assert got == {"I've been learning the oboe": "2025-12-01", "My son Theo turns ten in June": "2026-09-10",
                   "I joined a climbing gym": "2026-04-01", "I had a motorbike until last year": "2026-09-10",
                   "我练瑜伽": "2025-09-10", "我搬到了青岛": "2025-10-01"}
