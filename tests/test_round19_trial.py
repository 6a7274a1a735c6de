"""Round 19's new-user trial: an unrelated event ended a new one (an interview's time moved was decided a
CONFLICT with a surgery's, cosine 0.35, "number/date changed"); a surgery moved twice kept its first date;
a fact dated before a stored one began ended it before it began (invalid_at < valid_from). Own sentences;
real store and default model."""

from __future__ import annotations

from datetime import UTC, datetime

import apsw
from _stores import drained

START = datetime(2026, 10, 1, 9, tzinfo=UTC)


def test_an_events_new_time_ends_only_that_event_and_the_last_time_stays(db: str, embedder):
    told = [
        "My hip surgery is on November 12th",
        "I have an interview with the NHS trust on December 10th",
        "My hip surgery got pushed to December 3rd because the surgeon is away",
        "My surgery is now on January 14th",
        "My interview with the county library was moved to December 15th",
    ]
    active, ended = drained(db, told, user="tom", start=START)
    assert active == {
        "My surgery is now on January 14th",
        "My interview with the county library was moved to December 15th",
    }, active
    assert len(ended) == 3


def test_an_event_told_with_an_earlier_time_is_not_ended_by_another_event(db: str, embedder):
    from memcli import Memory

    with Memory(db=db, user="tom") as m:
        m.capture("My surgery is now on January 14th", at="2026-10-05T10:00:00+00:00")
        m.drain()
        m.capture("I have an interview with the NHS trust on December 10th", at="2026-10-03T10:00:00+00:00")
        m.capture("The NHS interview was moved to December 15th", at="2026-10-04T10:00:00+00:00")
        m.drain()
        active = {i.statement for i in m.list()}
    assert {"My surgery is now on January 14th", "The NHS interview was moved to December 15th"} <= active


def test_a_fact_dated_before_a_stored_one_began_never_ends_it_before_it_began(db: str, embedder):
    from memcli import Memory

    with Memory(db=db, user="tom") as m:
        m.capture("I really hate cycling", at="2026-10-07T10:00:00+00:00")
        m.drain()
        m.capture("I started cycling last month and now I actually enjoy it", at="2026-10-20T10:00:00+00:00")
        m.drain()
    conn = apsw.Connection(db)
    rows = list(conn.execute("SELECT valid_from, invalid_at FROM memory_items"))
    assert rows and all(inv is None or inv >= frm for frm, inv in rows), rows


def test_a_tag_question_or_a_third_partys_absence_is_no_memory():
    from memcli.write.rules.en import extract_matches

    assert extract_matches("Gorgeous sunset tonight, isn't it") == []
    assert extract_matches("The dentist is away this week") == []
    assert [m.slot for m in extract_matches("These boots are comfortable")] == ["thing:boot.opinion.comfortable"]
