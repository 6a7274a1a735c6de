"""Two kinds of wrong decisions a new user found (round 38), own sentences, real stores, the real default model:

- a give-up (不喝X了, "I don't drink X anymore") ends the stored liking or habit of X in either language
  (:mod:`memcli.write.given_up`): told in Chinese after an English habit it was an ADD, both active; and it ends
  nothing else — an unrelated give-up, a fact that only mentions X (a job at a tea house), another drink;
- a switch whose old value is not said (改喝茶, "I switched to tea") is the habit it states (``habit.喝茶`` /
  ``habit.tea``, kind habit; it was ``fact.改`` / ``event.switched_tea``, kind other) and ends the habit of another
  drink or food, never a liking of the thing switched to (:mod:`memcli.write.switch_change`)."""

from __future__ import annotations

import pytest
from _stores import pair_ends as _ends
from _stores import pair_kept as _keeps

from memcli.write.judge import facts_of
from memcli.write.rules.switch_to import switch_of

GIVE_UPS = (("I take my tea with honey", "我现在不喝茶了"),           # English stored, Chinese give-up
            ("我每天晚上都喝啤酒", "I don't drink beer anymore"),      # Chinese stored, English give-up
            ("I have a glass of milk every night", "我已经不喝牛奶了"),
            ("I drink cola with every meal", "I no longer drink cola"),  # one language
            ("我每天都吃巧克力", "我现在不吃巧克力了"),
            ("I usually have a glass of red wine with dinner", "I don't drink alcohol anymore"))  # a kind of it


@pytest.mark.parametrize(("first", "second"), GIVE_UPS)
def test_a_give_up_ends_the_liking_or_habit_in_either_language(mem, first: str, second: str) -> None:  # noqa: ANN001
    _ends(mem, first, second)


GIVE_UPS_KEPT = (("I take my tea with honey", "I don't smoke anymore"),      # another thing given up
                 ("我每天晚上都喝啤酒", "我现在不吃辣了"),
                 ("I work at a tea house downtown", "I don't drink tea anymore"),  # a job that mentions it
                 ("我在一家咖啡馆上班", "我现在不喝咖啡了"),
                 ("I own a little bakery", "我现在不吃面包了"),
                 ("I drink lots of apple juice", "I don't drink beer anymore"))  # another drink


@pytest.mark.parametrize(("first", "second"), GIVE_UPS_KEPT)
def test_a_give_up_ends_nothing_else(mem, first: str, second: str) -> None:  # noqa: ANN001
    _keeps(mem, first, second)


SWITCHES = (("我每天早上喝牛奶", "我改喝豆浆了"),
            ("我每天都吃米饭", "我现在改吃面条了"),
            ("I drink cola every afternoon", "I switched to sparkling water"),
            ("I drink a latte every morning", "I switched to green tea"),
            ("我每天晚上喝红酒", "I switched to beer"),                        # across the two languages
            ("I drink hot chocolate every night", "我换成喝牛奶了"))


@pytest.mark.parametrize(("first", "second"), SWITCHES)
def test_a_switch_ends_the_habit_of_another_drink_or_food(mem, first: str, second: str) -> None:  # noqa: ANN001
    _ends(mem, first, second)


SWITCHES_KEPT = (("我最喜欢喝红茶", "我改喝茶了"),                     # red tea is tea: not what was left
                 ("I really like jasmine tea", "I switched to tea"),
                 ("I love oolong tea", "我现在改喝茶了"),
                 ("I go running every morning", "我改喝茶了"),         # another kind of habit
                 ("我每天骑车上班", "I switched to tea"))


@pytest.mark.parametrize(("first", "second"), SWITCHES_KEPT)
def test_a_switch_keeps_the_thing_switched_to_and_other_habits(mem, first: str, second: str) -> None:  # noqa: ANN001
    _keeps(mem, first, second)


@pytest.mark.parametrize(("statement", "slot", "value"), (("我改喝茶了", "habit.喝茶", "茶"),
                                                          ("我最近换成喝燕麦奶了", "habit.喝燕麦奶", "燕麦奶"),
                                                          ("我从可乐改成喝茶了", "habit.喝茶", "茶"),
                                                          ("I switched to tea", "habit.tea", "tea"),
                                                          ("I've switched to oat milk", "habit.oat milk", "oat milk"),
                                                          ("I now drink tea instead", "habit.tea", "tea")))
def test_a_switch_is_slotted_by_what_is_taken(statement: str, slot: str, value: str) -> None:
    f = facts_of(statement)
    assert (f.slot, f.kind, f.value) == (slot, "habit", value), f


def test_switch_of_reads_the_old_value_and_leaves_other_switches() -> None:
    assert switch_of("我从可乐改成喝茶了") == ("喝", "茶", "可乐", "me")  # (round 39: whose switch, the 4th)
    assert switch_of("I've switched from cola to tea") == ("", "tea", "cola", "me")
    assert switch_of("I now drink tea instead of cola") == ("drink", "tea", "cola", "me")
    assert switch_of("I switched to Hoka") is None           # a brand: memcli.write.linked_change
    assert switch_of("I switched to a startup") is None      # a job
    assert switch_of("我改吃素了") is None                     # a diet
    assert facts_of("I switched to Hoka").kind != "habit"
