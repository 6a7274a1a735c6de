"""Round 41's decisions and its one reader of relative time; own sentences, real stores, the real default model.

- a detail denied (no sugar in the latte, tea without lemon) is one more fact beside the habit it details, unless
  the stored fact names what is denied (:mod:`memcli.write.detail_denied`);
- a habit cut down is no restatement of it; "only" a kind of the thing narrows it: an UPDATE, not its end
  (:mod:`memcli.write.degree_told`);
- a switch naming only its new app ends the app of the same use (Notion: notes; to-do apps: tasks);
- a shift, a team or a rota moved to is no home (:mod:`memcli.write.rules.spots`);
- "last Monday", a bare past weekday and "last weekend" mean one day on the read path, the write path's dates and
  the clause rules (:mod:`memcli.reltime`), told on a Monday, a Thursday, a Sunday and at a month's end.

Every case is told to its own user of one database and drained once."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest
from _stores import cases_told

from memcli.read.time_intent import relative_window
from memcli.reltime import moved_back, recent_weekend, weekday_last
from memcli.write.decide_range import _facts
from memcli.write.degree_told import narrowed, reduction_beside
from memcli.write.detail_denied import detail_denied
from memcli.write.pair_dates import when_of
from memcli.write.rules.en_words import _ago_of as en_ago_of
from memcli.write.rules.match import resolve_ago
from memcli.write.rules.means import means_of
from memcli.write.rules.spots import is_spot
from memcli.write.rules.zh_words import _ago_of as zh_ago_of

#: (turns told a week apart, statements ended, statements active) — the stored statements, as the rules keep them
CASES: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "detail_zh": (("我每天早上喝一杯拿铁", "我拿铁不加糖"), (), ("我每天早上喝一杯拿铁", "我拿铁不加糖")),
    "detail_en": (("I have a cup of black tea every afternoon", "I take my tea without lemon"), (),
                  ("I have a cup of black tea every afternoon", "I take my tea without lemon")),
    "switch_notion": (("I take notes in Evernote", "I switched to Notion"), ("I take notes in Evernote",),
                      ("I switched to Notion",)),
    "switch_tasks": (("I use Todoist for my to-do lists", "I switched to TickTick"),
                     ("I use Todoist for my to-do lists",), ("I switched to TickTick",)),
    "notion_beside": (("I use Evernote for notes", "I use Notion"), (), ("I use Evernote for notes", "I use Notion")),
    "shift_en": (("I live in Leeds", "I moved to the day shift"), (), ("I live in Leeds", "I moved to the day shift")),
    "team_en": (("I live in Leeds", "I moved to the marketing team"), (),
                ("I live in Leeds", "I moved to the marketing team")),
    "cut_down_zh": (("我每天都喝奶茶", "我最近少喝点奶茶了"), (), ("我每天都喝奶茶", "我最近少喝点奶茶了")),
}


@pytest.fixture(scope="module")
def told(tmp_path_factory: Any, embedder: Any) -> dict[str, dict[str, Any]]:
    """Each case's memories (ended ones too) by statement, its turns told a month apart to its own user."""
    return cases_told(str(tmp_path_factory.mktemp("r41") / "m.db"), CASES, embedder)


@pytest.mark.parametrize("name", list(CASES))
def test_each_case_ends_and_keeps_what_it_should(told: dict[str, dict[str, Any]], name: str) -> None:
    items = told[name]
    _, ended, active = CASES[name]
    live = {s for s, it in items.items() if it.invalid_at is None and it.expired_at is None}
    assert set(active) <= live, items
    for s in ended:
        assert s in items and items[s].invalid_at is not None, items


def test_a_shift_or_team_moved_to_is_no_home(told: dict[str, dict[str, Any]]) -> None:
    assert told["shift_en"]["I moved to the day shift"].slot != "residence"
    assert told["team_en"]["I moved to the marketing team"].slot != "residence"
    assert told["shift_en"]["I live in Leeds"].slot == "residence"


def _pair(new: str, old: str) -> tuple[Any, Any]:
    return _facts(new, None), _facts(old, None)


@pytest.mark.parametrize(("old", "new", "kept"), [
    ("我每周游泳两次", "我游泳不戴泳帽", True), ("I bake bread every Sunday", "My bread has no salt in it", True),
    ("我每天早上吃燕麦粥", "我的燕麦粥不加牛奶", True),
    ("我喝咖啡加奶", "我喝咖啡不加奶", False), ("I take my tea with lemon", "I take my tea without lemon", False),
    ("我每天喝咖啡", "我不再喝咖啡了", False), ("I eat meat", "I eat no meat", False),
    ("I eat porridge every morning", "I never eat porridge without honey", False)])
def test_a_detail_denied_keeps_the_habit_unless_it_names_what_is_denied(old: str, new: str, kept: bool) -> None:
    assert (detail_denied(*_pair(new, old)) is not None) == kept


@pytest.mark.parametrize(("old", "new", "kind"), [
    ("I read novels", "These days I only read crime novels", True), ("我喜欢喝茶", "我现在只喝普洱茶", True),
    ("我喜欢听音乐", "我现在只听爵士乐", True),
    ("I like milk in my coffee", "I only put oat milk in my coffee now", True),
    ("I like coffee", "I only drink tea now", False), ("我喜欢喝绿茶", "我现在只喝红茶", False),
    ("我喜欢听摇滚乐", "我现在只听爵士乐", False), ("I love rock music", "I only listen to jazz music now", False)])
def test_only_a_kind_of_the_thing_narrows_it(old: str, new: str, kind: bool) -> None:
    assert (narrowed(*_pair(new, old)) is not None) == kind


@pytest.mark.parametrize(("old", "new", "beside"), [
    ("我每天都喝奶茶", "我最近少喝点奶茶了", True),
    ("I play chess online every night", "I play less chess these days", True),
    ("I drink less coffee", "I drink less coffee now", False), ("我每天喝咖啡", "我每天都喝咖啡", False)])
def test_a_habit_cut_down_is_no_restatement(old: str, new: str, beside: bool) -> None:
    assert (reduction_beside(*_pair(new, old)) is not None) == beside


@pytest.mark.parametrize(("value", "spot"), [
    ("the marketing team", True), ("the weekend rota", True), ("市场部", True), ("项目组", True),
    ("the day shift", True), ("华南", False), ("东部", False), ("leeds", False), ("a flat in camden", False)])
def test_a_team_or_rota_is_a_spot(value: str, spot: bool) -> None:
    assert is_spot(value) == spot


@pytest.mark.parametrize(("statement", "use"), [
    ("I switched to Notion", "notes"), ("I switched to TickTick", "tasks"),
    ("I use Todoist for my to-do lists", "tasks"), ("我改用Notion了", "notes"),
    ("I use Notion", None), ("I use Notion for my team wiki", "for:my team wiki"), ("I use Figma", None)])
def test_apps_of_one_use(statement: str, use: str | None) -> None:
    m = means_of(statement)
    assert (m.activity if m else None) == use


# -- one reader of relative time ---------------------------------------------------------------------------------
MON, THU, SUN, END = date(2026, 3, 2), date(2026, 3, 5), date(2026, 3, 8), date(2026, 3, 31)  # END: a Tuesday

#: (told on, English phrase of a past act, Chinese one or None, the day it means)
DAYS = [
    (THU, "last Monday", None, date(2026, 3, 2)), (MON, "last Monday", None, date(2026, 2, 23)),
    (SUN, "last Monday", None, date(2026, 3, 2)), (MON, "last Sunday", None, date(2026, 2, 22)),
    (END, "last Monday", None, date(2026, 3, 23)),
    (THU, "on Monday", "周一", date(2026, 3, 2)), (MON, "on Monday", "周一", date(2026, 2, 23)),
    (SUN, "on Saturday", "周六", date(2026, 3, 7)), (END, "on Tuesday", "周二", date(2026, 3, 24)),
    (THU, "last weekend", "上周末", date(2026, 2, 28)), (MON, "last weekend", "上周末", date(2026, 2, 28)),
    (SUN, "last weekend", "上周末", date(2026, 2, 28)), (END, "last weekend", "上周末", date(2026, 3, 28)),
]


@pytest.mark.parametrize(("ref", "phrase", "zh", "day"), DAYS)
def test_one_day_on_every_path(ref: date, phrase: str, zh: str | None, day: date) -> None:
    said = datetime(ref.year, ref.month, ref.day, 10, tzinfo=UTC)
    questions = [f"What did I do {phrase}?"] + ([f"我{zh}做了什么"] if zh else [])
    for q in questions:  # the read path: the window's first day
        window = relative_window(q, said)
        assert window is not None and window[0].date() == day, q
    statements = [f"I went to the dentist {phrase}"] + ([f"我{zh}去看了牙医"] if zh else [])
    for s in statements:  # the write path's date
        w = when_of(s, said)
        assert w is not None and (w.year, w.month, w.day) == (day.year, day.month, day.day), s
    ago, _ = en_ago_of(f"I went to the dentist {phrase}")  # the clause rules' valid time
    assert resolve_ago(said, ago).date() == day
    if zh and zh.startswith("上"):
        ago, _ = zh_ago_of(f"我{zh}去看了牙医")
        assert resolve_ago(said, ago).date() == day


def test_the_weekend_just_lived_and_the_one_before() -> None:
    assert recent_weekend(SUN).start == date(2026, 3, 7) and recent_weekend(THU).start == date(2026, 2, 28)
    said = datetime(2026, 3, 8, 20, tzinfo=UTC)
    assert relative_window("What did I do over the weekend?", said)[0].date() == date(2026, 3, 7)  # type: ignore[index]
    assert relative_window("What did I do last weekend?", said)[0].date() == date(2026, 2, 28)  # type: ignore[index]


def test_moved_back_keeps_the_time_of_day_and_the_month_end() -> None:
    said = datetime(2026, 3, 31, 18, 30, tzinfo=UTC)
    assert moved_back(said, "month", 1) == datetime(2026, 2, 28, 18, 30, tzinfo=UTC)
    assert moved_back(said, "weekend", 1) == datetime(2026, 3, 28, 18, 30, tzinfo=UTC)
    assert weekday_last(date(2026, 3, 4), 1) == date(2026, 2, 24)  # told on a Wednesday: not yesterday
    with pytest.raises(ValueError):
        moved_back(datetime(1, 1, 3, tzinfo=UTC), "year", 1)
