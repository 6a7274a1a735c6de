"""Round 31: what a month of Chinese daily life (a retired worker, a delivery rider) lost, by kind of sentence;
own sentences, real stores, the real default model.

- two facts of one person (我师傅说…精度不行 / 我师傅还说让我多练焊接) shared the person's characters (Chinese
  content units are characters) and nothing else: the "no" of one ended the other (a polarity-flip CONFLICT).
  The person both open with links no two facts (:mod:`memcli.write.shared_person`); a "no" about what the
  other says still ends it (我妈在医院当护士 / 我妈不在医院当护士了);
- a word of about after a number (三万多, 七千来块) or a particle (四万五了) was read as the number's unit, so
  two amounts of savings "measured different things" and the old one stayed active
  (:mod:`memcli.write.quantities`);
- a turn that opens with whom the speaker did it with (跟表姐合伙开了一家花店) or with a word holding a degree
  character (超市, 太极) was read with no one as its subject and scored as no fact
  (:func:`memcli.write.rules.zh_carry.says_no_one`);
- 老伴 / 老伴儿 (an older speaker's spouse) was no relation word: 老伴胃不好 was read as a thing, and the clause
  after it (吃不了凉的) kept without whom it is about.
"""

from __future__ import annotations

import pytest
from _stores import pair_drained, say_all

from memcli.write.quantities import quantities
from memcli.write.rules.match import Facts
from memcli.write.rules.zh_carry import carried_subjects, says_no_one
from memcli.write.shared_person import without_person


def _facts(statement: str, positive: bool = True) -> Facts:
    return Facts(statement=statement, slot=None, value=None, positive=positive)


def test_the_person_both_open_with_is_taken_out() -> None:
    pair = without_person(_facts("我舅舅每周六去钓鱼"), _facts("我舅舅不太会用手机", False))
    assert pair is not None
    assert (pair[0].statement, pair[1].statement) == ("每周六去钓鱼", "不太会用手机")
    assert not pair[1].positive  # (the polarity is kept)
    # the user, two people, a thing, or a side with under two content units of its own: as it is
    assert without_person(_facts("我每周六去钓鱼"), _facts("我不太会用手机")) is None
    assert without_person(_facts("我舅舅每周六去钓鱼"), _facts("我姑姑不太会用手机")) is None
    assert without_person(_facts("我舅舅每周六去钓鱼"), _facts("我舅舅病了")) is None
    assert without_person(_facts("My uncle fishes on Saturdays"), _facts("My uncle can't use a phone")) is None


def test_two_things_said_of_one_person_both_stay(mem) -> None:  # noqa: ANN001
    items = pair_drained(mem, "我师傅说这台车床精度不行", "我师傅还说让我多练焊接")
    assert items["我师傅说这台车床精度不行"].status == "active", items["我师傅说这台车床精度不行"].invalid_reason
    assert items["我师傅还说让我多练焊接"].status == "active"


def test_a_no_about_what_the_person_did_still_ends_it(mem) -> None:  # noqa: ANN001
    items = pair_drained(mem, "我妈在医院当护士", "我妈不在医院当护士了")
    assert items["我妈在医院当护士"].status != "active"
    assert items["我妈不在医院当护士了"].status == "active"


@pytest.mark.parametrize(("text", "want"), [
    ("我银行卡里存了三万多", set()),  # 多: about, no unit
    ("我现在存款有四万五了", set()),  # 了: a particle, no unit
    ("我一个月挣七千来块", {("月", 1.0), ("块", 7000.0)}),  # 来 skipped: the unit after it
    ("我每天坐两个多小时地铁", {("小", 2.0)}),
    ("我家有五十多个人", {("人", 50.0)}),
    ("我每天跑五公里", {("公", 5.0)}),  # (as before)
])
def test_a_word_of_about_or_a_particle_is_no_unit(text: str, want: set) -> None:
    assert set(quantities(text)) == want


def test_savings_told_again_end_the_old_amount(mem) -> None:  # noqa: ANN001
    items = pair_drained(mem, "我银行卡里存了三万多", "我现在存款有四万五了")
    assert items["我银行卡里存了三万多"].status != "active"
    assert items["我现在存款有四万五了"].status == "active"
    block = mem.context("我现在存了多少钱？", budget_ms=60000).text
    assert "四万五" in block and "三万多" not in block, block


@pytest.mark.parametrize("clause", ["跟表姐合伙开了一家花店", "和同事凑钱买了一台咖啡机", "跟邻居学会了包粽子",
                                    "上周去超市办了张会员卡"])
def test_an_opening_with_whom_or_a_degree_character_in_a_word_is_the_speakers(clause: str) -> None:
    assert says_no_one(clause)


@pytest.mark.parametrize("clause", ["跟着感觉走", "和平时一样", "跟你说个事", "超级喜欢这个颜色", "太累了不想动"])
def test_a_phrase_or_a_judgement_still_says_no_one(clause: str) -> None:
    assert not says_no_one(clause)


@pytest.mark.parametrize(("turn", "kept"), [
    # (where the shop is stays with it: a thing's detail told as a tail, round 31 tails)
    ("跟表姐合伙开了一家花店，就在学校对面", "我跟表姐合伙开了一家花店，就在学校对面"),
    ("和同事凑钱买了一台咖啡机，放在办公室", "我和同事凑钱买了一台咖啡机"),
    ("上周去超市办了张会员卡", "我去超市办了张会员卡"),
])
def test_such_a_turn_is_kept_as_the_speakers(mem, turn: str, kept: str) -> None:  # noqa: ANN001
    say_all(mem, [turn])
    assert kept in {it.statement for it in mem.list()}, [it.statement for it in mem.list()]


def test_an_older_speakers_spouse_is_a_person_the_next_clause_continues(mem) -> None:  # noqa: ANN001
    assert carried_subjects(["老伴胃不好", "吃不了凉的"]) == [None, "老伴"]
    say_all(mem, ["老伴胃不好，吃不了凉的，一吃就疼"])
    said = {it.statement for it in mem.list()}
    assert any(s.startswith("老伴吃不了凉的") for s in said), said


def test_a_piece_with_whom_the_speaker_does_it_is_kept_beside_a_rule_fact(mem) -> None:  # noqa: ANN001
    # the rules carry the first piece (a job); the second was glued to it and lost with it
    say_all(mem, ["我在一家物流公司开车，跟我表哥一起跑长途"])
    said = {it.statement for it in mem.list()}
    assert "我跟我表哥一起跑长途" in said and "我在一家物流公司开车" in said, said


def test_a_change_of_one_persons_school_year_still_ends_the_old(mem) -> None:  # noqa: ANN001
    # no "no" in either: the person may be all that links a change told in new words
    items = pair_drained(mem, "我女儿在读小学五年级", "我女儿现在上初一了")
    assert items["我女儿在读小学五年级"].status != "active"
    assert items["我女儿现在上初一了"].status == "active"


@pytest.mark.parametrize(("old", "new", "apart"), [
    ("我准备攒够二十万块回老家开超市", "回老家开超市的事我定在二〇三〇年", True),  # a year beside an amount
    ("我计划二〇二九年回老家开超市", "回老家开超市的事我改到二〇三〇年了", False),  # one year for another: a change
    ("我每个月房租两千块", "我现在每个月房租两千五百块", False),  # one measure, another value
    ("我妈是五年前做的胆囊手术", "我妈2021年做了胆囊手术", False),  # a year beside a time: maybe one day told again
])
def test_a_year_beside_an_amount_is_no_changed_value(old: str, new: str, apart: bool) -> None:
    from memcli.write.pair_facts import facts_of
    from memcli.write.unlinked import begun_apart

    assert (begun_apart(facts_of(new), facts_of(old)) is not None) == apart


def test_a_goal_told_with_its_amount_stays_beside_the_year_set_for_it(mem) -> None:  # noqa: ANN001
    # the goal has a slot of its own (我的目标是…), the year does not: the slot held it out of the measure check
    mem.capture("我的目标是攒够二十万块在县城买房", at="2026-03-05T21:00:00+08:00")
    mem.capture("在县城买房的时间我定在二〇三〇年", at="2026-03-20T21:00:00+08:00")
    mem.drain()
    items = {it.statement: it for it in mem.list(include_all=True)}
    assert items["我的目标是攒够二十万块在县城买房"].status == "active", items["我的目标是攒够二十万块在县城买房"]
    assert items["在县城买房的时间我定在二〇三〇年"].status == "active"
