"""Chinese extraction, round 41: every told fact stored, with its own subject.

Own sentences, one real store drained once (the default extractor and model):

- a clause without a subject after a person named (X叫Y, a relation and a name, a person met) is that person's,
  said with the name — never the user's (``rules/zh.py``, ``zh_subject``, ``zh_carry``);
- a clause that only says when a trip leaves or comes back is one memory with the trip told before it
  (``rules/zh_trip``);
- a turn of noun phrases only is one memory (``write/noun_turn``);
- a list after a verb of having, liking or an allergy is one fact per object, a list bought one fact
  (``rules/zh_lists``);
- a pair holding the user (我跟我老公住在…) is the user's residence, and the partner's;
- 很少…了 is a liking in decline: it ends the stored liking.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli.write.noun_turn import noun_turn
from memcli.write.rules.zh_trip import continues_trip, trip_place
from tests._stores import module_store, say_apart

PEOPLE = ("我最要好的朋友叫赵磊，经常来我家吃饭", "我的高中同学叫孙悦，现在在广州开餐厅",
          "我新认识了一个朋友，叫吴迪，是个厨师", "我邻居刘大爷，每天傍晚去遛狗")
TRIPS = ("去云南的机票买好了，国庆节出发", "我女儿去澳洲留学了，后年夏天回来")
NOUNS = ("西红柿、土豆和两斤牛肉", "一把吉他，两台音箱")
LISTS = ("我养了三只鸡和一只鹅", "我对牛奶和鸡蛋过敏", "我爱喝绿茶，豆浆", "我买了香蕉、苹果和葡萄")
PAIR = "我跟我老公住在厦门"
ALONE = "上海"

store = module_store("r41", [*PEOPLE, *TRIPS, *NOUNS, *LISTS, PAIR, ALONE])


@pytest.fixture(scope="module")
def items(store):  # noqa: ANN001, ANN201
    return {it.statement: it for it in store.list(include_all=True)}


@pytest.mark.parametrize(("said", "who", "what"), [
    (PEOPLE[0], "赵磊", "来我家吃饭"), (PEOPLE[1], "孙悦", "开餐厅"), (PEOPLE[2], "吴迪", "厨师"),
    (PEOPLE[3], "刘大爷", "遛狗")])
def test_a_clause_after_a_person_named_is_that_persons(items, said: str, who: str, what: str) -> None:  # noqa: ANN001
    told = [s for s in items if what in s]
    assert told and all(who in s for s in told), list(items)  # said with whom it is about
    assert not any(s.startswith(("我经常", "我现在在广州", "我是个厨师", "我每天傍晚")) for s in items), list(items)
    assert all(items[s].slot is None or not items[s].slot.startswith(("job", "workplace", "fact.")) for s in told)


def test_a_person_met_is_the_subject_of_the_clauses_after(items) -> None:  # noqa: ANN001
    slots = {it.slot for it in items.values()}
    assert {"friend.name", "friend.job"} <= slots and "job" not in slots, slots
    assert "best_friend.name" in slots and "classmate.name" in slots, slots


@pytest.mark.parametrize(("said", "place", "when"), [(TRIPS[0], "云南", "国庆节出发"),
                                                     (TRIPS[1], "澳洲", "后年夏天回来")])
def test_a_trips_time_is_stored_with_where_it_goes(items, said: str, place: str, when: str) -> None:  # noqa: ANN001
    timed = [s for s in items if when in s]
    assert timed and all(place in s for s in timed), list(items)


def test_a_booked_trip_is_the_plans_destination(items) -> None:  # noqa: ANN001
    it = items[TRIPS[0]]
    assert it.slot == "plan.destination", (it.slot, list(items))


@pytest.mark.parametrize("said", NOUNS)
def test_a_turn_of_noun_phrases_is_one_memory(items, said: str) -> None:  # noqa: ANN001
    assert said in items, list(items)


def test_one_bare_noun_is_no_memory(items) -> None:  # noqa: ANN001
    assert not any(s.strip("我") == ALONE for s in items), list(items)


@pytest.mark.parametrize(("said", "facts"), [
    (LISTS[0], {"我养了三只鸡": "owns.鸡", "我养了一只鹅": "owns.鹅"}),
    (LISTS[1], {"我对牛奶过敏": "allergy.牛奶", "我对鸡蛋过敏": "allergy.鸡蛋"}),
    (LISTS[2], {"我爱喝绿茶": "like.绿茶", "我爱喝豆浆": "like.豆浆"})])
def test_a_list_kept_by_its_object_is_one_fact_each(items, said: str, facts: dict) -> None:  # noqa: ANN001
    assert {s: items[s].slot for s in facts if s in items} == facts, list(items)


def test_a_list_bought_is_one_fact(items) -> None:  # noqa: ANN001
    bought = [s for s in items if "葡萄" in s]
    assert len(bought) == 1 and all(w in bought[0] for w in ("香蕉", "苹果")), list(items)


def test_a_pair_holding_the_user_is_the_users_residence_and_the_partners(items) -> None:  # noqa: ANN001
    homes = {it.slot: s for s, it in items.items() if "厦门" in s}
    assert homes.get("residence") == PAIR and "husband.residence" in homes, homes


@pytest.mark.parametrize(("text", "listed"), [
    ("纸巾、洗衣液和牙膏。", "纸巾、洗衣液和牙膏"), ("三本小说", "三本小说"),
    ("一台洗衣机一台冰箱", "一台洗衣机一台冰箱"),
    ("杭州", None), ("好的谢谢", None), ("我买了纸巾", None), ("周末去爬山", None), ("你呢", None), ("他们俩", None)])
def test_noun_turn(text: str, listed: str | None) -> None:
    assert noun_turn(text) == listed


@pytest.mark.parametrize(("clause", "before", "place"), [
    ("下周五出发", "去桂林的车票订好了", "桂林"), ("月底回来", "我去北京出差了", "北京"),
    ("八点到", "火车晚点了", None)])
def test_a_trips_time_and_place(clause: str, before: str, place: str | None) -> None:
    assert continues_trip(clause) and trip_place(before) == place
    assert not continues_trip("出发") and not continues_trip("我很想出去走走")


def test_rarely_any_more_ends_the_liking(tmp_path, embedder) -> None:  # noqa: ANN001
    from memcli import Memory

    m = Memory(db=str(tmp_path / "m.db"), user="u41", embedder=embedder)
    say_apart(m, ["我特别爱吃巧克力", "我现在很少吃巧克力了", "我很少喝可乐了"],
              datetime(2026, 6, 1, tzinfo=UTC))
    got = {it.statement: (it.slot, it.invalid_at is None) for it in m.list(include_all=True)}
    m.close()
    assert got["我现在很少吃巧克力了"] == ("like.巧克力", True) and got["我特别爱吃巧克力"][1] is False, got
    assert got["我很少喝可乐了"] == ("like.可乐", True), got
