"""Three kinds a new user found (round 39), own sentences, real stores, the real default model:

- a fact told with a nominalised subject (我住的是…, 我开的车是…, "The city I live in is …", "What I drive is …") takes
  the slot of the plain clause it restates (:mod:`memcli.write.rules.cleft`), so its correction ends the plain fact;
- a value denied in contrast ("I have a parrot, not a hamster", 我的手机不是黑色的，是银色的) ends the stored fact of
  the same subject and attribute that affirms it (:mod:`memcli.write.denied_plan`), and nothing else;
- a relative's give-up or switch (我爷爷戒酒了, "My son switched to water") ends the relative's habit, never the
  user's own (:mod:`memcli.write.given_up`, :mod:`memcli.write.switch_change`)."""

from __future__ import annotations

import pytest
from _stores import active_of as _active
from _stores import pair_drained

from memcli.write.correction import contrast_denied
from memcli.write.rules import analyze, extract_matches
from memcli.write.rules.switch_to import switch_of

CLEFT_SLOTS = (("我住的是苏州", "我住的是苏州", "residence", "苏州"),
               ("我住的不是南京，而是苏州", "我住的是苏州", "residence", "苏州"),
               ("我现在住的城市是厦门", "我现在住的城市是厦门", "residence", "厦门"),
               ("我上班的地方是一家医院", "我上班的地方是一家医院", "workplace", "医院"),
               ("我养的不是兔子，是仓鼠", "我养的是仓鼠", "owns.仓鼠", "仓鼠"),
               ("我喜欢的运动是羽毛球", "我喜欢的运动是羽毛球", "like.羽毛球", "羽毛球"),
               ("我开的车是别克", "我开的车是别克", "which.开", "别克"),
               ("我舅舅住的是无锡", "我舅舅住的是无锡", "maternal_uncle.residence", "无锡"),
               ("The city I live in is Dundee, not Glasgow", "The city I live in is Dundee", "residence", "dundee"),
               ("The company I work for is Bosch", "The company I work for is Bosch", "workplace", "bosch"),
               ("What I drive is a Subaru", "What I drive is a Subaru", "which.drive", "subaru"),
               ("The car my uncle drives is a Volvo", "The car my uncle drives is a Volvo", "uncle.which.drive",
                "volvo"))


@pytest.mark.parametrize(("said", "statement", "slot", "value"), CLEFT_SLOTS)
def test_a_nominalised_subject_takes_the_plain_clauses_slot(said: str, statement: str, slot: str, value: str) -> None:
    got = extract_matches(said)
    assert [(m.statement, m.slot, m.value) for m in got] == [(statement, slot, value)]
    assert analyze(statement).slot == slot  # the decision reads the stored statement the same way


@pytest.mark.parametrize(("said", "slot"), (("我平时穿的跑鞋是李宁的", "thing:跑鞋.brand"),  # a thing's brand stays
                                            ("我开的车是白色的", "fact.开"),  # how it is: no value taken
                                            ("我最喜欢的水果是芒果", "favourite.水果"),
                                            ("The reason I moved is my job", None)))
def test_what_is_no_nominalised_fact_keeps_its_reading(said: str, slot: str | None) -> None:
    assert [m.slot for m in extract_matches(said)] == ([slot] if slot else [])


@pytest.mark.parametrize(("said", "denied"), (("I have a parrot, not a hamster", ["hamster"]),
                                              ("我的手机不是黑色的，是银色的", ["黑色的"]),
                                              ("我住的不是南京，而是苏州", ["南京"]),
                                              ("I live in Leeds rather than York", ["York"]),
                                              ("Sorry, I meant Leeds, not York", []),  # a correction's own
                                              ("I'm fine, not really", []),
                                              ("I have a parrot", [])))
def test_contrast_denied_reads_the_value_denied_beside_the_one_affirmed(said: str, denied: list[str]) -> None:
    assert contrast_denied(said) == denied


ENDS = (("我住在南京", "我住的不是南京，而是苏州", "我住的是苏州"),
        ("I live in Glasgow", "The city I live in is Dundee, not Glasgow", "The city I live in is Dundee"),
        ("我开的车是大众", "我开的车不是大众，是别克", "我开的车是别克"),
        ("I drive a Mazda", "What I drive is a Subaru, not a Mazda", "What I drive is a Subaru"),
        ("I have a hamster", "I have a parrot, not a hamster", "I have a parrot"),
        ("I'm allergic to shellfish", "I'm allergic to peanuts, not shellfish", "I'm allergic to peanuts"),
        ("我的手机是黑色的", "我的手机不是黑色的，是银色的", "我的手机是银色的"),
        ("我养了一只兔子", "我养的不是兔子，而是仓鼠", "我养的是仓鼠"))


@pytest.mark.parametrize(("first", "second", "stored"), ENDS)
def test_a_value_denied_ends_the_fact_that_affirms_it(mem, first: str, second: str, stored: str) -> None:  # noqa: ANN001
    items = pair_drained(mem, first, second)
    assert stored in items, items
    assert stored in _active(items) and first not in _active(items), items
    assert items[first].invalid_at is not None  # a CONFLICT: ended in world time
    assert items[stored].slot == items[first].slot or "not" in second or "不是" in second


KEPT = (("I love hamsters", "I have a parrot, not a hamster", "I have a parrot"),   # another attribute
        ("I have a hamster", "My nephew has a parrot, not a hamster", "My nephew has a parrot"),  # another person
        ("我喜欢黑色", "我的手机不是黑色的，是银色的", "我的手机是银色的"),
        ("我住在南京", "我姐姐住的不是南京，而是苏州", "我姐姐住的是苏州"),
        ("I work at a tea shop", "I like coffee, not tea", "I like coffee"))


@pytest.mark.parametrize(("first", "second", "stored"), KEPT)
def test_a_value_denied_ends_nothing_about_something_else(mem, first: str, second: str, stored: str) -> None:  # noqa: ANN001
    items = pair_drained(mem, first, second)
    assert {first, stored} <= _active(items), items


RELATIVE_ENDS = (("我爷爷每天都喝白酒", "我爷爷已经戒酒了"),
                 ("My grandma eats chocolate every evening", "我奶奶现在不吃巧克力了"),  # across the languages
                 ("我哥每天抽烟", "My brother quit smoking"),
                 ("My wife drinks cola every day", "My wife doesn't drink cola anymore"),
                 ("我姐姐每天早上喝牛奶", "我姐姐改喝豆浆了"),
                 ("My son drinks juice with every meal", "My son switched to water"))


@pytest.mark.parametrize(("first", "second"), RELATIVE_ENDS)
def test_a_relatives_give_up_or_switch_ends_their_habit(mem, first: str, second: str) -> None:  # noqa: ANN001
    items = pair_drained(mem, first, second)
    assert second in _active(items) and first not in _active(items), items
    assert items[first].invalid_at is not None


RELATIVE_KEPT = (("我每天都喝白酒", "我爷爷已经戒酒了"),
                 ("I eat chocolate every evening", "My grandma doesn't eat chocolate anymore"),
                 ("我每天早上喝牛奶", "我姐姐改喝豆浆了"),
                 ("I drink juice with every meal", "My son switched to water"),
                 ("我每天抽烟", "My brother quit smoking"),
                 ("My wife drinks cola every day", "I don't drink cola anymore"))  # the user's own give-up: hers stays


@pytest.mark.parametrize(("first", "second"), RELATIVE_KEPT)
def test_a_relatives_give_up_never_ends_the_users_habit(mem, first: str, second: str) -> None:  # noqa: ANN001
    items = pair_drained(mem, first, second)
    assert {first, second} <= _active(items), items


@pytest.mark.parametrize(("said", "slot"), (("我姐姐改喝豆浆了", "elder_sister.habit.喝豆浆"),
                                            ("我老公现在换成喝啤酒了", "husband.habit.喝啤酒"),
                                            ("My son switched to water", "son.habit.water"),
                                            ("My mum drinks tea now instead of coffee", "mother.habit.tea"),
                                            ("我改喝豆浆了", "habit.喝豆浆")))
def test_a_switch_is_keyed_as_the_habit_of_whoever_switched(said: str, slot: str) -> None:
    assert [m.slot for m in extract_matches(said)] == [slot]
    assert switch_of(said) is not None


def test_unrelated_facts_stay_add(mem) -> None:  # noqa: ANN001
    items = pair_drained(mem, "我住在南京", "我养的是仓鼠")
    assert {"我住在南京", "我养的是仓鼠"} <= _active(items), items
