"""Issue 15 §2: traditional Chinese is matched as simplified and stored as the user wrote it
(capture → drain → search on a real store with the real model)."""

from __future__ import annotations

import pytest

from memcli.text import normalize, search_tokens, to_simplified


def say(mem, text: str, at: str | None = None):
    mem.capture(text, at=at)
    s = mem.drain()
    assert s.dead == 0 and s.retried == 0, s.errors
    return s


def test_converter_knows_the_common_characters() -> None:
    assert to_simplified("我對花生過敏") == "我对花生过敏"
    assert to_simplified("我媽媽的生日是3月5號") == "我妈妈的生日是3月5号"
    assert to_simplified("I live in Taipei") == "I live in Taipei"  # no CJK: untouched
    assert normalize("我對花生過敏！") == normalize("我对花生过敏")
    assert "过敏" in search_tokens("我對花生過敏")


def test_cached_conversion_is_each_texts_own() -> None:
    """Short texts' conversions are cached: each text, asked in turn and again, gets its own."""
    pairs = {"我對花生過敏": "我对花生过敏", "我媽媽的生日是3月5號": "我妈妈的生日是3月5号", "臺北": "台北",
             "我对猫过敏": "我对猫过敏", "喜歡貓": "喜欢猫"}
    long_text = "我對花生過敏，" * 60  # over CACHED_CHARS: converted each time
    for _ in range(2):
        for trad, simp in pairs.items():
            assert to_simplified(trad) == simp
        assert to_simplified(long_text) == "我对花生过敏，" * 60


def test_language_guess_counts_letters() -> None:
    from memcli.text import is_cjk_text

    assert is_cjk_text("我喜欢猫 cats")  # 4 of 8 letters
    assert not is_cjk_text("I really love my cat 猫")  # 1 of 17
    assert is_cjk_text("猫", threshold=1.0) and not is_cjk_text("猫a", threshold=1.0)
    assert not is_cjk_text("123 ，。!") and not is_cjk_text("")
    assert not is_cjk_text("\ufa6e\ufa6f")  # unassigned code points in a CJK block are no letters


def test_traditional_capture_is_a_memory_in_the_users_script_and_found_from_simplified(mem) -> None:
    s = say(mem, "我對花生過敏")
    assert s.added == 1
    [item] = mem.list()
    assert item.statement == "我對花生過敏"  # the user's own text
    assert item.slot == "allergy.花生"  # slots in one script
    assert [h.id for h in mem.search("过敏")] == [item.id]
    assert [h.id for h in mem.search("過敏")] == [item.id]
    assert [h.id for h in mem.search("花生")] == [item.id]


def test_simplified_memory_found_from_a_traditional_query(mem) -> None:
    say(mem, "我喜欢喝龙井茶")
    [item] = mem.list()
    assert [h.id for h in mem.search("龍井茶")] == [item.id]


def test_same_subject_across_scripts_is_a_conflict(mem) -> None:
    say(mem, "我媽媽的生日是3月5號", "2026-03-01T09:00:00+08:00")
    s = say(mem, "我妈妈的生日是3月6号", "2026-04-01T09:00:00+08:00")
    assert s.conflicted == 1 and s.added == 0
    [active] = mem.list()
    assert active.statement == "我妈妈的生日是3月6号"
    old = next(i for i in mem.list(include_all=True) if i.id != active.id)
    assert old.statement == "我媽媽的生日是3月5號" and old.status == "invalid"


@pytest.mark.parametrize(("first", "second"), [("我對花生過敏", "我对花生过敏"), ("我喜欢猫", "我喜歡貓")])
def test_same_fact_in_both_scripts_is_one_memory(mem, first: str, second: str) -> None:
    say(mem, first)
    s = say(mem, second)
    assert s.reinforced == 1 and s.added == 0
    [item] = mem.list()
    assert item.statement == first and item.confirmations == 2


def test_traditional_polarity_flip_is_a_conflict(mem) -> None:
    say(mem, "我喜歡貓", "2026-03-01T09:00:00Z")
    s = say(mem, "我不喜歡貓", "2026-05-01T09:00:00Z")
    assert s.conflicted == 1
    assert [i.statement for i in mem.list()] == ["我不喜歡貓"]
