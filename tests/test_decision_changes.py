"""Issues 19 §3 and 21: a change told in new words is a change, whatever the phrasing; what a
change must not hide (a past event, another colleague, a turn of talk) stays — as rules (pure
functions) and on real stores with the real default model, through ``remember`` and the drain."""

from __future__ import annotations

from datetime import UTC
from pathlib import Path

import pytest
from conftest import assert_second_decided

from memcli.models import Decision
from memcli.write.change_rules import past_event_kept, talk_only, told_change
from memcli.write.clauses import generic_slot, specific_slot
from memcli.write.judge import facts_of, hard_guard


@pytest.mark.parametrize(("text", "slot", "value"), [
    ("I report to Sandra Kim", "boss.name", "Sandra Kim"),
    ("Now I report to Helen Moss", "boss.name", "Helen Moss"),
    ("我现在向赵磊汇报", "boss.name", "赵磊"),
    ("我现在直接汇报给何静", "boss.name", "何静"),
    ("现在我们领导换成了刘波", "boss.name", "刘波"),
    ("毕业后就一直在南京工作", "workplace", "南京"),  # a time phrase is no subject: the user's
    ("我2019年开始在腾讯工作", "workplace", "腾讯"),
    ("我弟弟2019年开始在腾讯工作", "younger_brother.workplace", "腾讯"),
])
def test_the_parse_reads_the_slot_a_change_is_told_in(text: str, slot: str, value: str) -> None:
    assert generic_slot(text) == (slot, value)


def test_every_write_path_reads_the_same_specific_slot() -> None:
    from datetime import datetime

    from memcli.models import Candidate
    from memcli.write.extract import enrich

    # the rules name no attribute (fact.report), the parse does: remember/import take it like the drain
    assert specific_slot("I report to Sandra Kim", "fact.report") == "boss.name"
    cand = Candidate(statement="I report to Sandra Kim", valid_from=datetime(2026, 1, 5, tzinfo=UTC))
    assert enrich(cand).slot == "boss.name"
    assert specific_slot("I live in Paris", "residence") == "residence"  # a specific slot stays
    assert specific_slot("我们给狗改名叫豆豆了", None, things=False) is None  # no thing: subject from remember


def test_a_change_in_new_words_and_what_stays_true() -> None:
    # typed values on both sides of one slot, a change marker or two names: the slot was read right
    assert told_change(facts_of("我现在在美团做前端", "workplace"), facts_of("我在字节做前端开发", "workplace"))
    assert told_change(facts_of("I report to Sandra Kim", "boss.name"), facts_of("My boss is Greg Hall"))
    assert not told_change(facts_of("工作上出了问题", "job"), facts_of("我是一名护士", "job"))
    # a past event is history: a later move does not contradict the offer that brought it
    assert past_event_kept(facts_of("我已经搬到上海了，住在浦东"), facts_of("我拿到了上海一家银行的offer"))
    assert past_event_kept(facts_of("I started working at Google in 2021"),
                           facts_of("I started working at Google in 2019")) is None  # another date: a change
    # a turn of talk, thanks or intentions only states nothing to contradict
    assert talk_only("你好，今天想跟你聊聊我的旅行计划") and talk_only("Thanks for the tips, I'll try them out")
    assert not talk_only("我会弹钢琴") and not talk_only("Running? No thanks, I hate it")
    assert not talk_only("I live in Paris")
    # a new keyed fact beside a statement that never names its object: two facts
    horses = facts_of("My daughter Emma is obsessed with horses right now", "daughter.like.horses")
    assert "two facts" in hard_guard(horses, facts_of("My daughter Emma is seven and in second grade"),
                                     Decision.CONFLICT, 0.5)
    # a relation the user has several of: another age may be another colleague
    why = hard_guard(facts_of("我同事今年32岁"), facts_of("我同事今年36岁"), Decision.CONFLICT, 0.9)
    assert why is not None and "several" in why
    assert hard_guard(facts_of("我妈妈住在北京"), facts_of("我妈妈住在上海"), Decision.CONFLICT, 0.9) is None


@pytest.mark.parametrize(("first", "second", "decision"), [
    ("我在京东做运营", "我现在在网易做运营", "CONFLICT"),
    ("My boss is Greg Hall", "I report to Nina Patel now", "CONFLICT"),
    ("我领导叫孙浩", "现在我们领导换成了周敏", "CONFLICT"),
    ("I live in Denver", "Update: we moved to Tucson last month", "CONFLICT"),
    ("我拿到了深圳一家公司的offer", "我已经搬到深圳了，住在南山", "ADD"),
    ("谢谢你的建议，我会试着早点睡", "今天先到这里吧，我们下次再聊", "ADD"),
    ("我同事今年36岁", "我同事今年32岁", "ADD"),
])
def test_changes_and_kept_facts_on_a_real_store(tmp_path: Path, embedder, first: str, second: str,
                                                decision: str) -> None:
    assert_second_decided(tmp_path / "c.db", embedder, first, second, decision)


def test_a_change_told_in_a_later_turn_invalidates_the_old_value_through_the_drain(tmp_path: Path,
                                                                                    embedder) -> None:
    from memcli import Memory

    with Memory(db=str(tmp_path / "d.db"), user="u", embedder=embedder) as m:
        m.capture("我领导叫马超，人挺好的。", role="user", at="2026-03-01T09:00+08:00")
        m.capture("马超被调去上海了，现在我们领导换成了何静。", role="user", at="2026-04-01T09:00+08:00")
        m.drain()
        items = m.list(include_all=True)
    active = [it.statement for it in items if it.status == "active"]
    assert any("何静" in s for s in active), active
    # the old boss is no longer the boss; what was said of him stays, naming him (round 41: the clause after a name
    # carries it — 我领导马超人挺好的 —, so no active memory says 我领导 of nobody, to be read as the new boss's)
    assert not any(it.slot == "boss.name" and "马超" in it.statement for it in items if it.status == "active"), active
    assert all("马超" in s or "何静" in s for s in active if "领导" in s), active
