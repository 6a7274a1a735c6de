"""Round 21's trial: a correction of one part of a combined memory hid its other true facts; corrections by a
relative's name left the value told by the relation active; an age said in words was no age; a liking given
up (现在不太能…了) and a habit said as past (以前…) stayed active. Own sentences; real stores, the real default
model, a real drain."""

from __future__ import annotations

from datetime import UTC, datetime

from _stores import drained

START = datetime(2026, 11, 2, 9, tzinfo=UTC)


def test_a_possessive_clause_after_and_is_its_own_fact_and_a_correction_ends_only_it(db: str, embedder):
    active, ended = drained(db, ["My wife Clara is a nurse and her birthday is May 3rd",
                                 "Correction: Clara's birthday is May 5th"], user="ann", start=START)
    assert ended == {"My wife Clara's birthday is May 3rd"}, ended
    assert active == {"My wife Clara is a nurse", "Clara's birthday is May 5th"}, active


def test_a_chinese_combined_turn_corrected_by_the_name_keeps_the_job(db: str, embedder):
    active, ended = drained(db, ["我老公叫王磊，他是医生，他的生日是7月3号", "更正一下，王磊的生日是7月5号"],
                            user="li", start=START)
    assert ended == {"我老公王磊的生日是7月3号"}, ended
    assert "我老公王磊是医生" in active and "王磊的生日是7月5号" in active, active


def test_a_birthday_corrected_by_the_relatives_name_ends_the_one_told_by_the_relation(db: str, embedder):
    active, ended = drained(db, ["My son's birthday is August 3rd", "My son is called Ollie",
                                 "Ollie's birthday is August 5th"], user="ann", start=START)
    assert ended == {"My son's birthday is August 3rd"}, ended
    assert {"Ollie's birthday is August 5th", "My son is called Ollie"} <= active, active


def test_a_chinese_birthday_corrected_by_the_name(db: str, embedder):
    active, ended = drained(db, ["我女儿的生日是9月2号", "我女儿叫朵朵", "朵朵的生日是9月4号"],
                            user="li", start=START)
    assert ended == {"我女儿的生日是9月2号"}, ended
    assert {"朵朵的生日是9月4号", "我女儿叫朵朵"} <= active, active


def test_an_age_in_words_is_an_age_and_a_birthday_told_by_name_moves_it_on(db: str, embedder):
    active, ended = drained(db, ["My daughter is six", "My daughter's name is Ivy", "Ivy turned seven yesterday"],
                            user="ann", start=START)
    assert ended == {"My daughter is six"}, ended
    assert "Ivy turned seven" in active, active


def test_an_age_in_words_reads_as_the_age_slot():
    from memcli.write.rules import analyze

    assert analyze("My nephew is eleven").slot == "nephew.age"
    assert analyze("My nephew is eleven").value == "eleven"
    assert analyze("My nephew is tall").slot != "nephew.age"


def test_a_name_shared_by_two_relatives_leaves_the_named_slot(db: str, embedder):
    # two relatives said with the same name: no guess whose birthday it is, both stay
    active, ended = drained(db, ["My brother Sam lives in Leeds", "My boss Sam is strict",
                                 "My brother's birthday is June 1st", "Sam's birthday is June 9th"],
                            user="ann", start=START)
    assert not ended, ended


def test_a_correction_of_one_clause_of_a_combined_memory_keeps_its_other_clause(db: str, embedder):
    active, ended = drained(db, ["My van is a grey Transit and the plate is KLM-5521",
                                 "Sorry, I meant the plate is KLM-5512, not 5521"], user="ann", start=START)
    assert ended == {"My van is a grey Transit and the plate is KLM-5521"}, ended
    assert active == {"My van is a grey Transit", "The plate is KLM-5512"}, active


def test_untouched_parts_of_a_stored_statement():
    from memcli.write.untouched import untouched_parts

    assert untouched_parts("My van is a grey Transit and the plate is KLM-5521", "The plate is KLM-5512",
                           None) == ["My van is a grey Transit"]
    assert untouched_parts("我表姐在银行上班，她住在杭州", "我表姐现在住在苏州",
                           "cousin.residence") == ["我表姐在银行上班"]
    assert untouched_parts("My van is a grey Transit", "My van is a red Transit", None) == []  # one clause
    # a clause the new statement restates stays with the new memory, not re-stored
    assert untouched_parts("I live in Leeds and my office is in York", "I live in Bath and my office is in York",
                           "residence") == []


def test_a_liking_given_up_in_general_ends_the_liking_of_a_kind_of_it(db: str, embedder):
    active, ended = drained(db, ["我特别爱吃麻辣的火锅", "我现在不太能吃麻辣了",
                                 "I really like sweet pastries", "I don't eat sweet things anymore"],
                            user="mo", start=START)
    assert ended == {"我特别爱吃麻辣的火锅", "I really like sweet pastries"}, ended
    assert {"我现在不太能吃麻辣了", "I don't eat sweet things anymore"} <= active, active


def test_a_liking_given_up_leaves_a_liking_of_another_thing(db: str, embedder):
    active, ended = drained(db, ["我喜欢吃辣椒炒肉", "我喜欢喝茉莉花茶", "我现在不吃辣了"], user="mo", start=START)
    assert not ended, ended
    assert {"我喜欢吃辣椒炒肉", "我喜欢喝茉莉花茶"} <= active, active


def test_a_habit_told_as_past_with_a_time_of_day_is_stored_ended_in_both_languages(db: str, embedder):
    active, ended = drained(db, ["我以前晚上喝菊花茶", "I used to walk the dog in the mornings"],
                            user="mo", start=START)
    assert ended == {"我以前晚上喝菊花茶", "I used to walk the dog in the mornings"}, ended
    assert not active, active


def test_a_correction_naming_only_the_right_date_with_a_slip_owned_replaces_the_date(db: str, embedder):
    active, ended = drained(db, ["我外甥的生日是10月3号", "其实是10月6号，我之前记错了",
                                 "My niece Zoe's birthday is March 7th", "Actually it's March 9th, I misremembered"],
                            user="li", start=START)
    assert ended == {"我外甥的生日是10月3号", "My niece Zoe's birthday is March 7th"}, ended
    assert active == {"我外甥的生日是10月6号", "My niece Zoe's birthday is March 9th"}, active


def test_a_slip_owned_with_no_earlier_value_of_its_type_stores_nothing(db: str, embedder):
    active, ended = drained(db, ["我住在苏州", "其实是5月14号，我之前记错了"], user="li", start=START)
    assert active == {"我住在苏州"} and not ended, (active, ended)


def test_two_named_relatives_of_one_relation_keep_their_own_birthdays(db: str, embedder):
    # a sister named in English and an elder sister named in Chinese: two people, neither birthday ends the other
    active, ended = drained(db, ["My sister is called Maya", "Maya's birthday is July 2", "我姐姐叫小雅",
                                 "小雅的生日是3月9号"], user="ann", start=START)
    assert not ended, ended
    assert {"Maya's birthday is July 2", "小雅的生日是3月9号"} <= active, active
