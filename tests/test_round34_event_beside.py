"""Round 34: a statement telling another event or state on the same topic is stored beside the one it resembles,
never merged into it as a reinforcement (NOOP). The fitted judge had reinforced "I'm a big fan of ceramics" with
a vase made in class (the first two pairs): the new fact was never stored. A restatement (the same fact in other
words) still reinforces: no duplicate pile; and a remark with no deed told and no thing shown is not counted (as
many new words as another fact, it would crowd facts out of the top hits). Own sentences, real stores, the real
default model."""

from __future__ import annotations

from datetime import datetime

import pytest
from _stores import say_apart

from memcli.models import Decision
from memcli.write.event_beside import event_beside, new_content, new_things
from memcli.write.pair_facts import facts_of

START = datetime.fromisoformat("2026-05-04T09:00:00+00:00")

# (stored, incoming, a word only the incoming statement says)
BESIDE = [
    ("I'm a big fan of ceramics", "I made this vase in ceramics class", "vase"),
    ("I'm a big fan of woodworking", "I made this cherry cutting board in woodworking class", "cutting board"),
    ("I took my parrot to the vet on Friday", "My parrot learned to whistle a new song", "whistle"),
    ("My cats are curled up on the sofa", "I took my cats to the groomer in Salem", "groomer"),
    ("我家鹦鹉很怕洗澡", "我家鹦鹉学会了吹一首新曲子", "曲子"),
    ("我特别喜欢烘焙", "我给奶奶烤了一个红枣蛋糕", "蛋糕"),
]

RESTATED = [
    ("I volunteer at the food bank on Saturdays", "On Saturdays I volunteer at the food bank"),
    ("I finally repaired the fence in the back garden", "I fixed the back garden fence at last"),
    ("I'm passionate about restoring vintage radios", "Restoring old radios is something I'm really passionate about"),
    ("我周末喜欢在阳台种花", "周末我喜欢在阳台上种种花"),
    ("我每周六去社区食堂做志愿者", "每个周六我都去社区食堂当志愿者"),
    ("我很喜欢做陶艺", "做陶艺是我很喜欢的事"),
]


@pytest.mark.parametrize(("stored", "incoming", "word"), BESIDE, ids=[b[2] for b in BESIDE])
def test_another_event_on_the_topic_is_stored_beside(mem, stored, incoming, word) -> None:
    say_apart(mem, [stored, incoming], START)
    active = [it.statement for it in mem.list() if it.status == "active"]
    assert any(word in s for s in active), active  # the second event is kept (maybe cut to its clause)
    assert len(active) >= 2, active  # and the first one too


@pytest.mark.parametrize(("stored", "incoming"), RESTATED, ids=[r[0][:12] for r in RESTATED])
def test_a_restatement_still_reinforces(mem, stored, incoming) -> None:
    say_apart(mem, [stored, incoming], START)
    items = mem.list(include_all=True)
    assert len(items) == 1 and items[0].statement == stored and items[0].confirmations == 2, [
        (it.status, it.statement, it.confirmations) for it in items]


def test_new_content_counts_what_a_restatement_would_not_bring() -> None:
    assert new_content("I fixed the back garden fence at last", "I finally repaired the fence in the back garden") \
        <= {"fix"}  # one verb in other words, no new thing
    assert {"sketch", "sharp", "mind"} <= new_content("Yoga calms me down and sketching keeps my mind sharp",
                                                      "Yoga is my way of calming down after a long day")
    assert new_things("我家鹦鹉学会了吹一首新曲子", "我周五带鹦鹉去看了兽医") >= {"曲子"}
    assert not new_things("周末我喜欢在阳台上种种花", "我周末喜欢在阳台种花")


def test_only_a_noop_is_turned_and_never_one_slot_told_again() -> None:
    new, old = facts_of("My parrot learned to whistle a new song"), facts_of("I took my parrot to the vet on Friday")
    assert event_beside(new, old) is not None
    assert event_beside(new, old, Decision.UPDATE) is None  # (the other guards weigh an UPDATE or a CONFLICT)
    assert event_beside(facts_of("Did you take the parrot to the vet in Salem last week?"), old) is None
    remark = facts_of("My cats remind me to slow down and enjoy quiet evenings at home")  # no deed, nothing shown
    assert len(new_content(remark.statement, "My cats love napping in the sun")) >= 2
    assert event_beside(remark, facts_of("My cats love napping in the sun")) is None
    same = facts_of("I live in Berlin with my sister and two cats")  # one strong slot told again
    assert same.slot and event_beside(same, facts_of("I live in Berlin")) is None
