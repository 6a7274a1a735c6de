"""A change told with a past date ends the old fact at the change's valid time (round 38, own sentences).

A trial reported a give-up told today with "last month" whose new memory held from a month ago while the old
habit ended only today. On this tree a CONFLICT already ends the old memory at the new one's ``valid_from`` when
that is after the old one began (:func:`memcli.write.dated_change.end_at`, applied by
:func:`memcli.write.outcome.conflict`), on the drain (the relative word resolved) and by ``remember --at``; a change
dated before the old fact began (an older fact told later) ends it when it was said, never before it began
(docs/decisions.md, round 19). These tests pin both, with ``list --as-of`` either side of the change.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

OLD_AT, SAID = "2025-03-01T09:00:00Z", "2026-09-15T09:00:00Z"


def _drained(mem, text: str, at: str) -> None:
    mem.capture(text, at=at)
    s = mem.drain()
    assert s.dead == 0 and s.retried == 0, s.errors


def _as_of(cli, db_path, when: str) -> list[str]:
    r = cli("--db", str(db_path), "--user", "alice", "list", "--as-of", when, "--json")
    assert r.exit_code == 0, r.stderr
    return [i["statement"] for i in r.json()]


@pytest.mark.parametrize(("old", "change", "began"), [
    ("I play chess every Sunday.", "I quit chess last month.", datetime(2026, 8, 15, 9, tzinfo=UTC)),
    ("我每天晚上跑步。", "上个月我不跑步了。", datetime(2026, 8, 15, 9, tzinfo=UTC)),
    ("I live in Bristol.", "I moved to Cardiff last year.", datetime(2025, 9, 15, 9, tzinfo=UTC)),
    ("我住在成都。", "去年我搬到了西安。", datetime(2025, 9, 15, 9, tzinfo=UTC)),
])
def test_a_dated_change_ends_the_old_fact_when_the_change_began(mem, cli, db_path, old, change, began):
    _drained(mem, old, OLD_AT)
    _drained(mem, change, SAID)
    items = {i.status: i for i in mem.list(include_all=True)}
    new, ended = items["active"], items["invalid"]
    assert new.valid_from == began  # the relative word moved the new fact back from when it was said
    assert ended.invalid_at == new.valid_from and ended.valid_from == datetime(2025, 3, 1, 9, tzinfo=UTC)
    mem.close()
    assert _as_of(cli, db_path, "2025-06-01") == [ended.statement]  # before the change: only the old fact
    between = "2026-09-01" if began.year == 2026 else "2026-01-01"  # after the change, before it was said
    assert _as_of(cli, db_path, between) == [new.statement]


@pytest.mark.parametrize(("old", "change"), [
    ("I play chess every Sunday.", "I quit chess."),
    ("我每天晚上跑步。", "我不跑步了。"),
])
def test_remember_at_ends_the_old_fact_at_the_given_time(mem, cli, db_path, old, change):
    mem.remember(old, at=OLD_AT)
    res = mem.remember(change, at="2026-08-15T09:00:00Z")
    assert res.decision.value == "CONFLICT", res.reason
    ended = mem.show(res.other_item_id)
    assert ended.invalid_at == datetime(2026, 8, 15, 9, tzinfo=UTC)
    new = mem.show(res.item_id).statement
    mem.close()
    assert _as_of(cli, db_path, "2026-08-01") == [ended.statement]
    assert _as_of(cli, db_path, "2026-09-01") == [new]


@pytest.mark.parametrize(("old", "change"), [
    ("I live in Bristol.", "I moved to Cardiff last year."),
    ("我住在成都。", "去年我搬到了西安。"),
])
def test_a_change_dated_before_the_old_fact_began_ends_it_when_said(mem, old, change):
    """An older fact told later: the old one was said after the change's date; it ends when the change was
    said (today's rule, docs/decisions.md round 19), never before it began."""
    _drained(mem, old, "2026-09-01T09:00:00Z")
    _drained(mem, change, SAID)
    items = {i.status: i for i in mem.list(include_all=True)}
    assert items["active"].valid_from == datetime(2025, 9, 15, 9, tzinfo=UTC)
    assert items["invalid"].invalid_at == datetime(2026, 9, 15, 9, tzinfo=UTC)
    assert items["invalid"].invalid_at >= items["invalid"].valid_from
