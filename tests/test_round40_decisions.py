"""Round 40's decisions, own sentences, real stores, the real default model:

- a home rented in a place is the residence (:mod:`memcli.write.rules.rented`): a move told later ends it, in both
  languages; a car, a garage or a holiday let rented is no home;
- a means told without its place ("I cycle now", 我现在改骑车了) ends the one way of going the user has stored, and
  none when there are two (:func:`memcli.write.means_change.bare_means_ends`);
- a vehicle had and a way of going are two facts (:func:`memcli.write.means_change.owned_kept`);
- a tool of no known use stands beside another; an app of one use (:data:`memcli.write.rules.means.APPS`) switched
  to ends the app of that use;
- "the town where I grew up is …" and "… isn't X but Y" meet the fact they correct; a seat, a desk, a floor or a
  shift moved to is no new job or home (:mod:`memcli.write.rules.spots`).

Every case is told to its own user of one database and drained once (one drain of every user's tasks), so the file
costs one store."""

from __future__ import annotations

from typing import Any

import pytest
from _stores import cases_told

from memcli.write.rules.cleft import en_plain
from memcli.write.rules.en_denial import denial_last
from memcli.write.rules.means import bare_means, means_of
from memcli.write.rules.rented import en_rented_place, zh_rented_place
from memcli.write.rules.spots import is_spot

#: (turns told a week apart, statements ended, statements active) — the stored statements, as the rules keep them
CASES: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "rent_en": (("I rent a one-bedroom flat in Swansea", "We just moved to Bristol"),
                ("I rent a one-bedroom flat in Swansea",), ("We just moved to Bristol",)),
    "rent_we_en": (("We're renting a cottage in Kendal", "I live in Carlisle now"),
                   ("We're renting a cottage in Kendal",), ("I live in Carlisle now",)),
    "rent_after_en": (("I live in Hove", "I'm renting a studio in Brighton now"),
                      ("I live in Hove",), ("I'm renting a studio in Brighton now",)),
    "rent_zh": (("我在成都租了一套两居室", "我搬到重庆了"), ("我在成都租了一套两居室",), ("我搬到重庆了",)),
    "rent_live_zh": (("我租房住在西安", "我现在住在兰州"), ("我租房住在西安",), ("我现在住在兰州",)),
    "rent_car_en": (("I live in Derby", "I rent a garage for my motorbike"), (),
                    ("I live in Derby", "I rent a garage for my motorbike")),
    "rent_bike_zh": (("我住在福州", "我经常租共享单车"), (), ("我住在福州",)),
    "bare_en": (("I take the tram to work", "I cycle now"), ("I take the tram to work",), ("I cycle now",)),
    "bare_zh": (("我每天坐公交上班", "我现在改骑车了"), ("我每天坐公交上班",), ("我现在改骑车了",)),
    "bare_two_en": (("I take the bus to work", "I drive to the coast on weekends", "I walk now"), (),
                    ("I take the bus to work", "I drive to the coast on weekends", "I walk now")),
    "bare_two_zh": (("我坐地铁上班", "我周末开车去郊外", "我现在骑车了"), (),
                    ("我坐地铁上班", "我周末开车去郊外", "我现在骑车了")),
    "owned_en": (("I drive to work", "I drive a Volkswagen"), (), ("I drive to work", "I drive a Volkswagen")),
    "owned_after_en": (("I drive a Mazda", "I drive to the office now"), (),
                       ("I drive a Mazda", "I drive to the office now")),
    "owned_zh": (("我开车上班", "我开的是一辆吉利"), (), ("我开车上班", "我开的是一辆吉利")),
    "tool_unknown_en": (("I use Evernote for notes", "I use Slack"), (), ("I use Evernote for notes", "I use Slack")),
    "tool_unknown_zh": (("我用印象笔记记笔记", "我用钉钉"), (), ("我用印象笔记记笔记", "我用钉钉")),
    "app_en": (("I use Evernote for notes", "I switched to OneNote"), ("I use Evernote for notes",),
               ("I switched to OneNote",)),
    "hometown_en": (("I grew up in Bath", "The town where I grew up is Wells"), ("I grew up in Bath",),
                    ("The town where I grew up is Wells",)),
    "colour_en": (("My bike is black", "My bike isn't black but silver"), ("My bike is black",),
                  ("My bike is silver",)),
    "seat_zh": (("我在华为上班", "我换到了靠窗的工位"), (), ("我在华为上班",)),
    "desk_en": (("I work at Arup", "I moved to a desk near the kitchen"), (), ("I work at Arup",)),
    "shift_en": (("I live in Hull", "I moved to the night shift"), (), ("I live in Hull",)),
}


@pytest.fixture(scope="module")
def told(tmp_path_factory: Any, embedder: Any) -> dict[str, dict[str, Any]]:
    """Each case's memories (ended ones too) by statement, its turns told a month apart to its own user."""
    return cases_told(str(tmp_path_factory.mktemp("r40") / "m.db"), CASES, embedder)


@pytest.mark.parametrize("name", list(CASES))
def test_each_case_ends_and_keeps_what_it_should(told: dict[str, dict[str, Any]], name: str) -> None:
    items = told[name]
    _, ended, active = CASES[name]
    live = {s for s, it in items.items() if it.invalid_at is None and it.expired_at is None}
    assert set(active) <= live, items
    for s in ended:
        assert s in items and items[s].invalid_at is not None, items


def test_a_rented_home_is_kept_as_the_residence(told: dict[str, dict[str, Any]]) -> None:
    assert told["rent_en"]["I rent a one-bedroom flat in Swansea"].slot == "residence"
    assert told["rent_zh"]["我在成都租了一套两居室"].slot == "residence"
    assert told["rent_car_en"]["I rent a garage for my motorbike"].slot != "residence"


@pytest.mark.parametrize(("predicate", "place"), [
    ("rent a flat in leeds near the station", "leeds near the station"),
    ("are renting a terraced house in york", "york"),
    ("lease an apartment in denver", "denver"), ("have been renting a two-bedroom flat in hove", "hove"),
    ("rent a car for road trips", None), ("rent a cottage in cornwall every summer", None),
    ("rent out a flat in leeds", None), ("rent a storage unit in leeds", None)])
def test_english_rented_place(predicate: str, place: str | None) -> None:
    assert en_rented_place(predicate) == place


@pytest.mark.parametrize(("predicate", "place"), [
    ("在宁波租了个房子", "宁波"), ("租房住在合肥", "合肥"), ("现在在武汉租房住", "武汉"),
    ("在青岛租了个小公寓", "青岛"),
    ("经常租自行车", None), ("在三亚租了一套民宿", None), ("在宁波出租了一套房子", None)])
def test_chinese_rented_place(predicate: str, place: str | None) -> None:
    assert zh_rented_place(predicate) == place


@pytest.mark.parametrize(("statement", "means"), [
    ("I drive most days now", "car"), ("These days I take the train", "train"), ("I cycle these days", "bike"),
    ("我如今开车了", "car"), ("我现在改坐公交了", "bus"), ("我现在都打车", "taxi"),
    ("I drive a Honda", None), ("I can drive now", None), ("I drive", None), ("我会开车了", None),
    ("我现在跑步了", None), ("I drive to work now", None)])
def test_a_bare_means_is_read_only_as_a_way_of_going(statement: str, means: str | None) -> None:
    assert bare_means(statement) == means


@pytest.mark.parametrize(("statement", "activity"), [
    ("I use Obsidian now", "notes"), ("I switched to Spotify", "music"), ("我用高德地图", "maps"),
    ("I use Notion", None), ("I use Figma", None)])
def test_an_app_of_one_use_names_it(statement: str, activity: str | None) -> None:
    m = means_of(statement)
    assert (m.activity if m else None) == activity


@pytest.mark.parametrize(("value", "spot"), [
    ("新的座位", True), ("三楼", True), ("靠窗的工位", True), ("夜班", True), ("a new desk by the window", True),
    ("the third floor", True), ("the night shift", True), ("上海", False), ("市第一医院", False), ("leeds", False),
    ("a flat in camden", False)])
def test_a_spot_inside_a_place(value: str, spot: bool) -> None:
    assert is_spot(value) is spot


def test_english_nominal_subjects_and_a_copula_denied() -> None:
    assert en_plain("The town where I grew up is Leeds") == "I grew up in Leeds"
    assert en_plain("The city where I live is Leeds") == "I live in Leeds"
    assert denial_last("My car isn't red but blue") == "My car is blue, not red"
    assert denial_last("I don't like tea but coffee") == "I don't like tea but coffee"
