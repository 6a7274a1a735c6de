"""memcli.numerals: one table and one reader of number words, both languages (round 40)."""

from __future__ import annotations

import pytest

from memcli.numerals import EN_NUMBER_WORDS, EN_TENS, en_number, zh_number


@pytest.mark.parametrize(("text", "value"), [
    ("七", 7), ("两", 2), ("十", 10), ("十四", 14), ("四十", 40), ("六十八", 68), ("两百", 200), ("三百零九", 309),
    ("九千四", 9400), ("三万", 30000), ("五万六", 56000), ("一九九八", 1998), ("三〇", 30)])
def test_zh_number_reads_chinese_numerals(text: str, value: int) -> None:
    assert zh_number(text) == value


@pytest.mark.parametrize("text", ["", "十几", "几", "五个", "7", "半"])
def test_zh_number_reads_nothing_else(text: str) -> None:
    assert zh_number(text) is None


@pytest.mark.parametrize(("words", "value"), [
    ("seven", 7), ("Seventeen", 17), ("zero", 0), ("sixty", 60), ("thirty-four", 34), ("ninety nine", 99),
    ("an", 1), ("A couple  of", 2), ("a couple", 2), ("few", 3), ("several", 3), ("42", 42)])
def test_en_number_reads_words_and_counts(words: str, value: int) -> None:
    assert en_number(words) == value


@pytest.mark.parametrize("words", ["dozen", "many", "twenty-ten", "thirty-zero", "", "٣"])
def test_en_number_reads_nothing_else(words: str) -> None:
    assert en_number(words) is None


def test_tables_are_in_counting_order() -> None:
    assert list(EN_NUMBER_WORDS.values()) == list(range(20))
    assert list(EN_TENS.values()) == list(range(20, 100, 10))
