"""Round 46: odd Chinese slot heads, and names that are no one.

- A weak slot keyed by a word that names nothing (:mod:`memcli.write.rules.odd_head`): a "no" (我家没有洗碗机 was
  ``fact.没有``, every "no" of the user's one slot), a verb of change or a clause of change (``event.换成…``), a
  one-character adjective (新…) or a number takes the slot of what the fact is about; a pet-talk word keys its
  animal's liking (:func:`memcli.write.rules.match.liked_object`: 狗狗 → 狗).
- A place, a brand or an organisation opening a statement (:mod:`memcli.org_names`) is no person: the write path
  gives no ``person:`` slot ("Netflix now offers…", 京东…), the read path no told name to answer a world question.
  People told by name alone stay people.

Own sentences; one real store (default model) for the decisions a shared slot makes.
"""

from __future__ import annotations

import pytest

from memcli.org_names import org_or_place_en, org_or_place_zh
from memcli.read.told_name import subject_names
from memcli.write.rules import extract_matches
from tests._stores import pair_ends


def _slots(text: str) -> list[str | None]:
    return [m.slot for m in extract_matches(text)]


@pytest.mark.parametrize(("text", "slot"), [
    ("我家没有洗碗机", "owns.洗碗机"),  # a "no" of a thing: the thing's slot, as 我家有一台洗碗机
    ("我不会滑雪", "fact.滑雪"),
    ("我还没学会游泳", "fact.游泳"),  # a verb of learning before it: what is learnt
    ("我们小区换成了新物业", "thing:小区.fact.物业"),  # 新 names nothing
    ("我们家换成了燃气灶", "event.燃气灶"),  # the clause of change: the thing changed to
    ("何家明其联系电话是13900001111", "person:何家明.phone"),  # 其: the named one's phone, no number as a head
    ("我超喜欢狗狗", "like.狗"), ("我现在不喜欢狗了", "like.狗"),
])
def test_a_fact_gets_the_slot_of_what_it_is_about(text: str, slot: str) -> None:
    assert _slots(text) == [slot]


def test_owning_and_its_no_share_one_slot() -> None:
    assert _slots("我家有一台洗碗机") == _slots("我家没有洗碗机")


@pytest.mark.parametrize(("statement", "question", "names"), [
    ("Google now offers free lunch", "Does Google offer free lunch?", set()),  # a brand of the list
    ("Netflix raised its prices", "Did Netflix raise prices?", set()),  # "its": a thing
    ("Vandelay Industries Corp is hiring", "Is Vandelay Industries Corp hiring?", set()),
    ("Paris is lovely in May", "Is Paris lovely?", set()),
    ("西湖边的柳树发芽了", "西湖在哪", set()),  # a place word (ns) ending in a place's character
    ("京东今年又裁员了", "京东怎么样", set()),
    ("海底捞又涨价了", "海底捞贵吗", set()),  # jieba reads 海底 | 捞: the statement opens with a known brand
    ("Marta said she lives in Porto", "Where does Marta live?", {"marta"}),  # people stay people
    ("Marta now offers free lessons", "What does Marta offer?", {"marta"}),
    ("Lisa launched her own bakery", "What did Lisa launch?", {"lisa"}),
    ("淑芬住在宁波", "淑芬住在哪里", {"淑芬"}),
    ("桂兰说她在医院上班", "桂兰在哪上班", {"桂兰"}),  # jieba tags the name ns: no place's last character
])
def test_names_that_are_no_one(statement: str, question: str, names: set[str]) -> None:
    assert subject_names(statement, question) == names


def test_org_or_place_tests() -> None:
    assert org_or_place_en("Apple", "released a phone") and org_or_place_en("Initech", "laid off half its staff")
    assert not org_or_place_en("Initech", "laid off her whole team")  # someone's team
    assert not org_or_place_en("Oskar", "said he lives in Graz") and not org_or_place_en("Nina", "offers lessons")
    assert org_or_place_zh("黄山", "黄山今年游客很多") and org_or_place_zh("星光集团", "星光集团搬到了郊区")
    assert not org_or_place_zh("建国", "建国说他住在杭州") and not org_or_place_zh("志强", "志强开了一家新店")


@pytest.mark.parametrize("text", ["Netflix now offers a cheaper plan", "Google now offers free lunch",
                                  "Paris is lovely in May", "京东搬到了新园区", "谷歌搬到了新大楼",
                                  "星巴克今年又涨价了"])
def test_the_write_path_gives_no_person(text: str) -> None:
    assert not [s for s in _slots(text) if s and s.startswith("person:")]


def test_the_write_path_keeps_a_person_named_alone() -> None:
    assert _slots("Marta now offers free lessons")[0].startswith("person:marta")
    assert _slots("何家明其联系电话是13900001111")[0].startswith("person:何家明")


@pytest.fixture()
def mem(tmp_path, embedder):  # noqa: ANN001, ANN201 - pytest fixtures; the model, loaded once
    from memcli import Memory

    m = Memory(db=str(tmp_path / "m.db"), user="u46", embedder=embedder)
    yield m
    m.close()


@pytest.mark.parametrize(("first", "second", "slot"), [
    ("我家有一台洗碗机", "我家现在没有洗碗机了", "owns.洗碗机"),  # before: the "no" stored as fact.没有
    ("我超喜欢狗狗", "我现在不喜欢狗了", "like.狗"),  # before: like.狗狗 ended by like.狗
])
def test_the_no_is_stored_in_the_slot_it_ends(mem, first: str, second: str, slot: str) -> None:  # noqa: ANN001
    pair_ends(mem, first, second)
    items = {it.statement: it for it in mem.list(include_all=True)}
    assert items[first].slot == items[second].slot == slot, {s: it.slot for s, it in items.items()}
