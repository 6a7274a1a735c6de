"""Round 30 (zhuser37): a month of Chinese daily-life chat (a grandmother, a student) lost a relative's
birthday told by a coming day, and ended facts that a later "no" did not touch.

1. A birthday told by a day counted from the turn (下个月12号是小敏生日, 后天是我妈生日) or date first was
   set aside as a plan (memory is not a calendar): it is read as its calendar day, counted from the turn.
2. A Chinese polarity flip that shares one character with the stored fact (吃 of 吃辣 / 吃药, 好 of
   好多了 / 不太好, 压 of 高血压 / 降压药) ended it: one shared character is a piece of two words, not a
   thing both name; both facts are kept. A true negation (我不吃辣了 after 我爱吃辣) still ends it.
"""

from datetime import UTC, datetime

import pytest

from memcli import Memory
from memcli.write.birthday_date import dated_birthdays
from memcli.write.decide import _facts
from memcli.write.negation_scope import flip_off_topic
from tests._stores import drained

START = datetime(2026, 5, 6, 9, 0, tzinfo=UTC)  # a Wednesday


@pytest.mark.parametrize("text,want", [
    ("下个月20号是阿芳生日", "阿芳的生日是6月20号"),
    ("阿芳的生日是下个月3号，得提前准备", "阿芳的生日是6月3号，得提前准备"),
    ("后天是我外婆的生日", "我外婆的生日是5月8号"),
    ("下周五是我老公生日", "我老公的生日是5月15号"),
    ("9月9号是我舅舅的生日", "我舅舅的生日是9月9号"),
    ("2号是我闺女生日", "我闺女的生日是6月2号"),  # a day of the month already past: next month's
])
def test_a_birthday_told_by_a_coming_day_is_its_calendar_day(text, want):
    assert dated_birthdays(text, START) == want


@pytest.mark.parametrize("text", ["今天是我的生日", "明天是个好日子", "他生日是明天", "我下个月去成都",
                                  "谁的生日是下周三"])
def test_other_text_is_left_alone(text):
    assert dated_birthdays(text, START) == text


def test_the_drained_birthday_is_dated_and_answers_later(tmp_path):
    with Memory(db=str(tmp_path / "m.db"), user="u") as m:
        m.capture("下个月20号是阿芳生日，我想送她一本书", at=START.isoformat())
        m.drain()
        assert "阿芳的生日是6月20号" in {i.statement for i in m.list()}
        block = m.context("阿芳生日是哪天").text
    assert "6月20号" in block, block


def test_one_shared_character_is_no_contradiction():
    def why(old: str, new: str) -> str | None:
        return flip_off_topic(_facts(new, None), _facts(old, None))

    assert why("我不爱吃海鲜", "我总是忘了吃维生素")  # 吃 alone
    assert why("我腰好多了", "我最近睡得不太好")  # 好 alone
    assert why("我爱吃辣", "我不吃辣了") is None  # 吃 and 辣: the judge's
    assert why("我每天一包烟", "我不抽烟了") is None  # the "no" says only one more character: the judge's
    assert why("我晚上常喝点茶", "茶我现在一口都不碰") is None  # 茶, a word of its own: the thing denied


@pytest.mark.parametrize("old,new", [
    ("我不爱吃海鲜", "我总是忘了吃维生素"),
    ("我腰好多了", "我最近睡得不太好"),
])
def test_a_no_sharing_one_character_ends_nothing(tmp_path, old, new):
    active, ended = drained(str(tmp_path / "m.db"), [old, new], user="u", start=START)
    assert old in active and not ended, (active, ended)


def test_a_true_chinese_negation_still_ends_the_fact(tmp_path):
    active, ended = drained(str(tmp_path / "m.db"), ["我爱吃辣", "我不吃辣了"], user="u", start=START)
    assert "我不吃辣了" in active and "我爱吃辣" in ended, (active, ended)
