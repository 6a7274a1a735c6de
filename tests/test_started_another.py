"""A start of one thing after a stop of another is two facts (round 29's month of Chinese chat: 我开始学吉他了
ended 我不学日语了 as a "polarity flip", so the user's giving up Japanese was lost). A start of the same thing
still contradicts the stop. Real store, real default model."""

from __future__ import annotations

from _stores import told

from memcli.write.negation_scope import started_another
from memcli.write.rules import analyze

both = told("both", ["我在杭州一家银行上班", "最近在学书法，准备考级", "我不学书法了，工作太忙了",
                     "我开始学围棋了，每周六下午上课"])


def test_the_stop_stays_beside_the_new_start(both):
    active = [m.statement for m in both.list()]
    assert any("不学书法" in s for s in active), active
    assert any("围棋" in s for s in active), active


def test_only_another_object_after_the_shared_verb_is_another_thing():
    assert started_another(analyze("我开始学围棋了"), analyze("我不学书法了"))
    assert started_another(analyze("我又开始学书法了"), analyze("我不学书法了")) is None  # the same thing
    assert started_another(analyze("我又开始抽烟了"), analyze("我戒烟了")) is None  # the object is shared
    assert started_another(analyze("我不学围棋了"), analyze("我不学书法了")) is None  # no start
