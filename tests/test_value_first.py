"""A fact said value first (九月二号是我爸的生日, 常州是我外婆的老家) gets the slot of its attribute, as the
same fact said attribute first does (round 29's month of Chinese chat: the value-first birthday was stored as
``thing:<date>.is``, so the correction 不对，…的生日是… left it active and shown beside the new date).
Real store, real default model."""

from __future__ import annotations

from _stores import told

from memcli.write.clause_slots import generic_slot

corrected = told("corrected", ["下个月九号是我姐的生日，到时候提醒我买蛋糕", "我在南京一家书店上班",
                                "不对，我姐的生日是下个月十号，不是九号，我记岔了"])


def test_the_value_first_form_reads_the_attribute_of_the_relative():
    assert generic_slot("九月二号是我爸的生日") == ("father.birthday", "九月二号")
    assert generic_slot("常州是我外婆的老家")[0].endswith(".hometown")
    assert generic_slot("0512-6688是我的新号码") == ("phone", "0512-6688")
    # no known attribute noun, or a demonstrative as the value: not read this way
    assert generic_slot("蓝色是我最喜欢的") is None or generic_slot("蓝色是我最喜欢的")[0] != "favourite"
    assert generic_slot("这是我妈的手机") is None or not generic_slot("这是我妈的手机")[0].endswith("phone")


def test_a_correction_ends_the_value_first_fact(corrected):
    # a birthday told by a coming day is stored with its calendar day (round 30: memcli.write.birthday_date)
    birthdays = [m.statement for m in corrected.list() if "生日" in m.statement]
    assert len(birthdays) == 1 and "10号" in birthdays[0] and "我姐" in birthdays[0], birthdays
    res = corrected.context("我姐生日是几号")
    shown = [h["statement"] for h in res.hits if "生日" in h["statement"]][:3]
    assert shown and all("10号" in s for s in shown), shown
