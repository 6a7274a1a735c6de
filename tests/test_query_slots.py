"""Issue 15 §6: the natural question reaches the current fact of its slot (the slot leg),
in both languages, on a real store drained through the real write path."""

from __future__ import annotations

import pytest

JAN, JUNE = "2026-01-10T09:00:00+08:00", "2026-06-10T09:00:00+08:00"


def say(mem, text: str, at: str | None = None):
    mem.capture(text, at=at)
    s = mem.drain()
    assert s.dead == 0 and s.retried == 0, s.errors
    return s


@pytest.mark.parametrize(("old", "new", "questions"), [
    ("我住在上海", "我搬到北京了", ["我住在哪", "我住哪里？", "我家在哪", "where do I live"]),
    ("I live in Boston", "I moved to Denver", ["where do I live", "Where do I live now?", "我住在哪"]),
])
def test_where_do_i_live_finds_the_replacement(mem, cli, db_path, old: str, new: str, questions: list[str]) -> None:
    say(mem, old, JAN)
    s = say(mem, new, JUNE)
    assert s.conflicted == 1
    [current] = mem.list()
    assert current.statement == new
    for q in questions:
        hits = mem.search(q, explain=True)
        assert [h.id for h in hits][:1] == [current.id], (q, [h.statement for h in hits])
        assert hits[0].explain.slot_rank == 1 and "residence" in hits.info.slots
        assert old not in [h.statement for h in hits]  # the old fact stays hidden
    block = cli("--db", str(db_path), "--user", "alice", "context", questions[0], "--budget-ms", "60000")
    assert block.exit_code == 0 and new in block.stdout and old not in block.stdout


@pytest.mark.parametrize(("facts", "question", "expect"), [
    (["我妈妈的生日是3月5号", "我喜欢喝龙井茶"], "我妈妈生日是哪天", "我妈妈的生日是3月5号"),
    (["我媽媽的生日是3月5號", "我喜欢喝龙井茶"], "我媽媽生日是哪天？", "我媽媽的生日是3月5號"),
    (["My mom's birthday is March 5", "I like hiking"], "when is my mom's birthday", "My mom's birthday is March 5"),
    (["I work as a nurse", "I like hiking"], "what's my job", "I work as a nurse"),
    (["我是一名护士", "我喜欢爬山"], "我做什么工作", "我是一名护士"),
    (["Call me Sam", "I like hiking"], "what is my name", "Call me Sam"),
    (["叫我小红就行", "我喜欢爬山"], "我叫什么名字", "叫我小红就行"),
])
def test_attribute_questions_reach_their_slot(mem, facts: list[str], question: str, expect: str) -> None:
    for f in facts:
        say(mem, f, JAN)
    assert expect in [i.statement for i in mem.list()]
    hits = mem.search(question)
    assert hits and hits[0].statement == expect, (question, [h.statement for h in hits], hits.info.slots)


def test_another_subjects_slot_is_not_mine(mem) -> None:
    say(mem, "我妈妈住在杭州", JAN)
    say(mem, "我住在北京", JAN)
    hits = mem.search("我住在哪", explain=True)
    assert hits[0].statement == "我住在北京"
    assert all(h.explain.slot_rank is None for h in hits if h.statement == "我妈妈住在杭州")


def test_as_of_uses_the_slot_leg_too(mem) -> None:
    say(mem, "我住在上海", JAN)
    say(mem, "我搬到北京了", JUNE)
    hits = mem.search("我住在哪", as_of="2026-03-01")
    assert [h.statement for h in hits][:1] == ["我住在上海"]


def test_no_slot_no_leg(mem) -> None:
    say(mem, "我喜欢喝龙井茶", JAN)
    hits = mem.search("龙井茶")
    assert hits.info.slots == [] and "slot" not in hits.info.legs_run
