"""Give-ups the round 38 merge still missed (a new user's trial), own sentences, real stores, the real default model:

- a Chinese 戒 told done (戒了X, 已经戒掉X了, 戒X了) is the give-up of X (:func:`memcli.write.given_up.give_up_of`): the
  rules read it as an event or a catch-all (``event.戒咖啡``), so a habit of X in either language stayed active; a
  戒 wished, denied or going on (想戒, 戒不掉, 在戒) gives up nothing;
- a drink the encoder does not know across the two languages (可乐 / cola 0.50) is matched by the gazetteer's two
  names (:data:`memcli.write.rules.foods.ZH_EN_FOOD`);
- a give-up of a thing taken ("I gave up coffee") ends no job or workplace that only mentions the thing, also where
  a stop told reached it (:func:`memcli.write.linked_change.ended_by`, in :func:`memcli.write.dated_change.
  ending_plan`)."""

from __future__ import annotations

import pytest
from _stores import active_of as _active
from _stores import pair_drained

from memcli.write.given_up import give_up_of
from memcli.write.judge import facts_of

QUITS = (("我戒了可乐", "可乐"), ("我已经戒掉牛奶了", "牛奶"), ("戒烟了", "烟"), ("我现在戒了啤酒", "啤酒"),
         ("我戒掉了吃蛋糕的习惯", "蛋糕"), ("我想戒可乐", None), ("我戒不掉可乐", None), ("我在戒烟", None),
         ("我没戒烟", None), ("我哥哥戒烟了", "烟"))  # (round 39: a relative's give-up is one, of theirs)


@pytest.mark.parametrize(("statement", "thing"), QUITS)
def test_a_chinese_quit_told_done_is_a_give_up(statement: str, thing: str | None) -> None:
    assert give_up_of(facts_of(statement)) == thing


ENDED = (("I drink a can of cola every afternoon", "我戒了可乐"),          # English habit, Chinese 戒
         ("I have a glass of milk before bed", "我已经戒掉牛奶了"),
         ("I usually have a beer after work", "我戒酒了"),                 # a kind given up
         ("我每天都抽烟", "我戒烟了"),                                      # one language
         ("我每天下午都喝一瓶可乐", "I quit cola"),                        # the gazetteer's two names
         ("I love coke", "我现在不喝可乐了"))


@pytest.mark.parametrize(("first", "second"), ENDED)
def test_a_give_up_ends_the_habit(mem, first: str, second: str) -> None:  # noqa: ANN001
    items = pair_drained(mem, first, second)
    active = _active(items)
    assert second in active and first not in active, items
    assert items[first].invalid_at is not None, items[first]  # a CONFLICT: ended in world time


KEPT = (("I run a small coffee roastery", "I gave up coffee"),            # a job: the stop told reached it
        ("I work at a cola bottling plant", "I quit cola"),
        ("我在一家咖啡店打工", "我戒了咖啡"),
        ("I have a glass of milk before bed", "我戒不掉牛奶"))             # denied


@pytest.mark.parametrize(("first", "second"), KEPT)
def test_a_give_up_ends_nothing_else(mem, first: str, second: str) -> None:  # noqa: ANN001
    items = pair_drained(mem, first, second)
    assert {first, second} <= _active(items), items
