"""Round 48: time-window and duration questions, both languages (memcli.read.time_window, past_facts).

A month by its name asked in the past ("What happened in March?", 四月份发生了什么), this year, recently (for a
question of the user's doings only), a bare "what happened" with its time alone, and how long / since when: the
memory of the thing answers with its valid time. Real stores, the real default model; sentences our own."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from memcli.read.past_facts import activity_asked
from memcli.read.time_window import RECENT_DAYS, duration_asked, happened, named_month, recent, this_year

REF = datetime(2026, 6, 10, 12, 0, tzinfo=UTC)
AS_OF = "2026-06-10T12:00:00+00:00"


def _month(q: str, ref: datetime = REF) -> tuple[str, str] | None:
    w = named_month(q, ref)
    return None if w is None else (w[0].date().isoformat(), w[1].date().isoformat())


def test_named_month_is_the_last_such_month_begun_by_the_question() -> None:
    assert _month("What happened in March?") == ("2026-03-01", "2026-04-01")
    assert _month("What did I get up to during June?") == ("2026-06-01", "2026-07-01")  # the month asked in
    assert _month("What did I do in October?") == ("2025-10-01", "2025-11-01")  # not begun yet this year
    assert _month("我十月份做了什么") == ("2025-10-01", "2025-11-01")
    assert _month("3月发生了什么") == ("2026-03-01", "2026-04-01")
    assert _month("十二月我去了哪里") == ("2025-12-01", "2026-01-01")


def test_named_month_refuses_dates_bounds_counts_and_the_present() -> None:
    for q in ("What did I do on March 4?", "What did I buy before October?", "What did I do in March 2025?",
              "What do I usually do in October?", "May I ask what I did?", "我三个月前做了什么", "十月以前我住哪",
              "我十月五号做了什么", "我十月份要去哪", "2025年10月我做了什么", "What did I do in March or in May?"):
        assert named_month(q, REF) is None, q


def test_named_month_in_the_users_zone() -> None:
    w = named_month("What happened in May?", REF, timezone(timedelta(hours=8)))
    assert w == (datetime(2026, 4, 30, 16, tzinfo=UTC), datetime(2026, 5, 31, 16, tzinfo=UTC))


def test_this_year_and_recent() -> None:
    assert this_year("What did I learn this year?", REF) == (datetime(2026, 1, 1, tzinfo=UTC),
                                                             datetime(2026, 6, 11, tzinfo=UTC))
    assert this_year("今年我做了什么", REF) is not None
    for q in ("Where do I work this year?", "我今年多大", "今年五月份我做了什么"):
        assert this_year(q, REF) is None, q
    w = recent("最近有什么变化", REF)
    assert w is not None and (w[1] - w[0]).days == RECENT_DAYS and w[1] == datetime(2026, 6, 11, tzinfo=UTC)
    assert recent("What have I been up to lately?", REF) is not None
    assert recent("What did I do last week?", REF) is None
    for q in ("我最近晚上都在忙什么", "What am I doing lately?", "最近我正在学什么"):  # what goes on: no window
        assert recent(q, REF) is None, q


def test_duration_asked() -> None:
    for q in ("How long have I been learning the cello?", "Since when do I live in Bristol?",
              "How long did I live in Leeds?", "How many years have I worked there?", "游泳学了多久",
              "我在成都住了几年了", "我从什么时候开始练瑜伽的", "我养狗多长时间了"):
        assert duration_asked(q), q
    for q in ("How long is my commute?", "How long do I sleep?", "How often do I swim?", "我多久去一次超市",
              "第一次世界大战是哪年开始的",
              "那场比赛持续了多久", "我手机用了好几年了",
              "When is my dentist appointment?", "我什么时候去北京", "How long did I take to get there?"):
        assert not duration_asked(q), q


def test_a_bare_what_happened_asks_the_users_life() -> None:
    for q in ("上个月发生了什么", "最近有什么变化", "四月份都发生了什么？", "What happened in March?",
              "What's changed lately?", "What happened last week?", "今年发生了哪些事", "上个月我去了哪里"):
        assert activity_asked(q), q
    for q in ("What happened to the Roman empire?", "Where did I go to college?",
              "公司上个月发生了什么", "What happened in the match last week?",
              "What did the council decide?"):
        assert not activity_asked(q), q


def test_what_happened_in_a_window_is_a_deed_or_an_event_not_a_fact_told_then() -> None:
    for kind, st in (("other", "I bought a new bike"), ("identity", "I moved to Bristol"),
                     ("relationship", "I got engaged to Sam"), ("identity", "Now I work as a welder"),
                     ("identity", "我换了工作"), ("health", "I've started physiotherapy")):
        assert happened(kind, st), st
    for kind, st in (("health", "I'm allergic to peanuts"), ("preference", "我喜欢吃辣"),
                     ("relationship", "My sister is called Ana"), ("identity", "I work as a welder"),
                     ("habit", "I went running every morning")):
        assert not happened(kind, st), st


EN = [("I started learning the cello.", "2025-11-03T10:00:00+00:00"),
      ("I went to a jazz concert with my cousin.", "2026-03-14T10:00:00+00:00"),
      ("I joined a rowing club.", "2026-05-09T10:00:00+00:00"),
      ("I bought a new bike.", "2026-05-28T10:00:00+00:00"),
      ("I prefer green tea over coffee.", "2026-01-10T10:00:00+00:00"),
      ("I live in Leeds.", "2024-04-01T10:00:00+00:00"),
      ("I moved to Bristol.", "2025-02-01T10:00:00+00:00")]
ZH = [("我开始学游泳了。", "2025-09-01T10:00:00+08:00"),
      ("我去杭州参加了朋友的婚礼。", "2026-04-12T10:00:00+08:00"),
      ("我把客厅的沙发换了。", "2026-05-20T10:00:00+08:00"),
      ("我喜欢吃辣。", "2026-02-01T10:00:00+08:00")]


@pytest.fixture(scope="module")
def store(tmp_path_factory: Any, embedder: Any) -> Any:
    from memcli import Memory

    m = Memory(db=str(tmp_path_factory.mktemp("when48") / "m.db"), user="when48", embedder=embedder)
    for text, at in EN + ZH:
        m.capture(text, at=at)
    s = m.drain()
    assert s.dead == 0 and s.retried == 0, s.errors
    yield m
    m.close()


def _block(store: Any, q: str, as_of: str | None = AS_OF) -> str:
    return store.context(q, as_of=as_of, budget_ms=60_000).text


@pytest.mark.parametrize(("q", "wanted", "unwanted"), [
    ("What happened in March?", ["jazz concert"], ["rowing", "bike", "cello", "tea"]),
    ("What did I do in May?", ["rowing", "bike"], ["jazz", "cello", "tea"]),
    ("What have I been up to lately?", ["bike"], ["rowing", "jazz", "cello", "tea"]),
    ("四月份发生了什么", ["婚礼"], ["沙发", "游泳", "辣"]),
    ("最近有什么变化", ["沙发"], ["婚礼", "游泳", "辣"]),
    ("这段时间我做了哪些事", ["沙发", "bike"], ["婚礼", "游泳", "辣", "rowing"]),
    ("Where did I go in April?", ["婚礼"], ["Bristol", "bike", "jazz"]),
])
def test_window_questions_bring_the_windows_events_only(store: Any, q: str, wanted: list[str],
                                                        unwanted: list[str]) -> None:
    block = _block(store, q)
    assert all(w in block for w in wanted), block
    assert not any(u in block for u in unwanted), block


@pytest.mark.parametrize("q", ["What happened in August?", "八月份我做了什么", "What did I do in February?",
                               "我这个月都干了些什么", "Anything new this month?"])
def test_nothing_in_the_window_says_nothing(store: Any, q: str) -> None:
    assert _block(store, q) == ""


def test_a_state_asked_lately_is_no_window(store: Any) -> None:
    assert "green tea" in _block(store, "What do I like to drink lately?")
    assert "辣" in _block(store, "我最近喜欢吃什么口味")


def test_how_long_is_answered_by_the_things_valid_time(store: Any) -> None:
    block = _block(store, "How long have I been learning the cello?")
    assert "cello" in block and "Nov 3, 2025" in block, block
    block = _block(store, "游泳学了多久")
    assert "游泳" in block and "2025 年 9 月 1 日" in block, block


@pytest.mark.parametrize("q", ["我学游泳几年了", "我从什么时候开始学游泳的"])
def test_how_long_asks_of_the_thing_named_only(store: Any, q: str) -> None:
    block = _block(store, q)
    assert "游泳" in block and "rowing" not in block and "cello" not in block, block


def test_how_long_of_an_ended_thing_shows_both_ends(store: Any) -> None:
    block = _block(store, "How long did I live in Leeds?", as_of=None)
    assert "Leeds" in block and "from Apr 1, 2024 to Feb 1, 2025" in block, block


def test_recently_with_nothing_in_its_days_asks_the_latest_deed(store: Any) -> None:
    # (merge of round 48) "recently" is a window only when a deed falls in its 30 days; months after the last one,
    # 我最近去了哪里 asks for the latest trip, however old, as before the window existed
    assert "杭州" in _block(store, "我最近去了哪里", as_of="2026-11-20T12:00:00+08:00")
    assert "杭州" in _block(store, "我最近去了哪里", as_of="2026-04-20T12:00:00+08:00")
