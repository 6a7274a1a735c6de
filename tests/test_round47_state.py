"""Round 47: a changed state is no restatement; a symptom that names an allergy is that allergy. Own sentences,
real SQLite stores, the real default model.

- a statement that tells the same thing's state changed (feels better / worse, healed, recovered; 好多了, 好了, 恢复了,
  更严重了) beside the stored state is another fact, never a NOOP folding it into the old memory
  (:mod:`memcli.write.state_change`); both telling a change stay one fact;
- "X gives me hives", "I break out in a rash from X", "X makes my throat swell", 我吃X会起疹子, 一碰X就长湿疹: the
  ``allergy`` slot of whoever reacts, as "I'm allergic to X" (:mod:`memcli.write.rules.allergy_told`), found when
  asked what they are allergic to."""

from __future__ import annotations

from typing import Any

import pytest
from _stores import module_store

from memcli.models import Decision
from memcli.write.decide_range import _facts
from memcli.write.rules.allergy_told import allergy_once, en_allergy_plain, zh_allergy_plain
from memcli.write.rules.match import Match
from memcli.write.state_change import state_beside, worse_kept


@pytest.mark.parametrize(("old", "new"), [
    ("My right wrist is a little weak since I broke it skiing", "My wrist feels better already"),
    ("I have had a dry cough for a week", "My cough is getting worse"),
    ("My shoulder has been aching since I moved the piano", "My shoulder has healed"),
    ("My sister's back has been hurting for months", "My sister's back doesn't hurt anymore"),
    ("我最近老是失眠", "我的失眠好了"),
    ("我爸爸的胃一直不好", "我爸爸的胃好多了"),
    ("我的鼻炎又犯了", "我的鼻炎更严重了"),
])
def test_a_changed_state_is_no_restatement(old: str, new: str) -> None:
    assert state_beside(_facts(new, None), _facts(old, None)) is not None


@pytest.mark.parametrize(("old", "new"), [
    ("My knee feels better now", "My knee is feeling a lot better"),  # both tell the change: one fact
    ("我的腰好多了", "我的腰已经好多了"),
    ("I like green tea", "I like green tea better than coffee"),  # a preference compared, no state
    ("我想换工作", "我想好了，要换工作"),  # 想好了: decided, no state
    ("我要搬家", "东西都收拾好了"),
    ("My knee is weak", "My knee is weak"),
])
def test_no_change_told_leaves_the_judge_alone(old: str, new: str) -> None:
    assert state_beside(_facts(new, None), _facts(old, None)) is None


def test_a_state_that_got_better_is_kept_beside_the_old_one(mem: Any) -> None:
    mem.remember("我最近老是失眠", at="2026-02-01T09:00:00Z")
    r = mem.remember("我的失眠好了", at="2026-03-01T09:00:00Z")
    assert r.decision.value == "ADD", r.reason  # the fitted judge said NOOP (p 0.99) before round 47
    live = {it.statement for it in mem.list()}
    assert live == {"我最近老是失眠", "我的失眠好了"}
    assert all(it.confirmations == 1 for it in mem.list())


@pytest.mark.parametrize(("old", "new", "kept"), [
    ("我的咳嗽一直没好", "我的咳嗽更严重了", True),
    ("My eczema has been bad since winter", "My eczema is getting worse", True),
    ("My back hurts", "My back feels better", False),  # better may end it: the judge decides
    ("My back is getting worse", "My back is even worse now", False),  # both tell it: no guard here
    ("I get hay fever", "I get hay fever that flares up every May", False),  # a detail of it, no change told
])
def test_a_state_told_worse_ends_nothing(old: str, new: str, kept: bool) -> None:
    assert (worse_kept(_facts(new, None), _facts(old, None), Decision.CONFLICT) is not None) is kept
    assert worse_kept(_facts(new, None), _facts(old, None), Decision.UPDATE) is None  # a refinement: the judge's


def test_a_worse_cough_does_not_end_the_cough(mem: Any) -> None:
    mem.remember("我的咳嗽一直没好", at="2026-02-01T09:00:00Z")
    r = mem.remember("我的咳嗽更严重了", at="2026-03-01T09:00:00Z")
    assert r.decision.value == "ADD", r.reason  # the fitted judge ended it (CONFLICT, a polarity flip) before
    assert {it.statement for it in mem.list()} == {"我的咳嗽一直没好", "我的咳嗽更严重了"}


def test_the_same_change_told_twice_is_one_memory(mem: Any) -> None:
    mem.remember("My knee feels better now", at="2026-02-01T09:00:00Z")
    r = mem.remember("My knee is feeling a lot better", at="2026-03-01T09:00:00Z")
    assert r.decision.value == "NOOP", r.reason


@pytest.mark.parametrize(("clause", "plain"), [
    ("Strawberries give me hives.", "I am allergic to strawberries"),
    ("I break out in a rash from wool sweaters", "I am allergic to wool sweaters"),
    ("My husband gets hives from penicillin", "My husband is allergic to penicillin"),
    ("Walnuts make my throat swell up", "I am allergic to walnuts"),
    ("My daughter gets a rash whenever she eats eggs", "My daughter is allergic to eggs"),
    ("Nina breaks out in hives from cats", "Nina is allergic to cats"),
    ("Stress gives me hives", None),  # no allergen
    ("Red wine gives me a headache", None),  # a headache names no allergy
    ("I got a rash", None),  # from nothing named
])
def test_an_english_symptom_reads_as_its_allergy(clause: str, plain: str | None) -> None:
    assert en_allergy_plain(clause) == plain


@pytest.mark.parametrize(("clause", "plain"), [
    ("我吃虾会起疹子", "我吃虾就过敏"),
    ("我女儿喝牛奶会长湿疹", "我女儿一喝牛奶就过敏"),
    ("我儿子吃了芒果嘴都肿了", "我儿子吃了芒果就过敏"),
    ("我老公一碰猫就起红疹", "我老公一碰猫就过敏"),
    ("我昨天起了疹子", None),  # no allergen told
    ("我吃辣会上火", None),  # no reaction of the skin
])
def test_a_chinese_symptom_reads_as_its_allergy(clause: str, plain: str | None) -> None:
    assert zh_allergy_plain(clause) == plain


allergic = module_store("allergic", [
    "Strawberries give me hives, which is sad because I love them.",
    "My husband gets hives from penicillin.",
    "Our neighbour's kid breaks out in a rash from sunscreen.",
    "我女儿喝牛奶会长湿疹",
    "I run five kilometres every morning.",
    "我吃虾会起疹子",
    "Kiwis make my mouth itch, I'm allergic.",
])


def test_symptoms_are_stored_as_allergies_of_whoever_reacts(allergic: Any) -> None:
    slots = {it.slot for it in allergic.list()}
    assert {"husband.allergy.penicillin", "neighbour.child.allergy.sunscreen", "daughter.allergy.牛奶",
            "allergy.虾"} <= slots
    assert any(s.startswith("allergy.strawberr") for s in slots), slots  # (the rules' own singular)
    assert {it.kind for it in allergic.list() if (it.slot or "").endswith(("penicillin", "虾"))} == {"health"}
    assert any(s.startswith("allergy.kiwi") for s in slots), slots
    assert not any(s.endswith("is.allergic") for s in slots), slots  # the bare "I'm allergic" after it: one allergy


@pytest.mark.parametrize(("question", "word"), [
    ("What is my husband allergic to?", "penicillin"),
    ("What am I allergic to?", "Strawberries"),
    ("我女儿对什么过敏", "牛奶"),
    ("我对什么过敏", "虾"),
])
def test_asked_what_they_are_allergic_to_the_symptom_answers(allergic: Any, question: str, word: str) -> None:
    hits = allergic.search(question, limit=3)
    assert any(word in h.statement for h in hits), [h.statement for h in hits]


def test_a_bare_allergic_is_dropped_only_beside_an_allergy_of_the_same_person() -> None:
    sesame = Match(statement="Sesame gives me hives", kind="health", slot="allergy.sesame", value="sesame")
    bare = Match(statement="I'm allergic", kind="identity", slot="is.allergic", value="allergic")
    hers = Match(statement="My sister gets hives from oats", kind="health", slot="sister.allergy.oat", value="oat")
    assert allergy_once([sesame, bare]) == [sesame]
    assert allergy_once([hers, bare]) == [hers, bare]  # the sister's allergy says nothing of mine
    said = Match(statement="I'm really allergic", kind="other", slot=None, value="")  # (a clause the model kept)
    assert allergy_once([sesame, said]) == [sesame]
    assert allergy_once([said]) == [said]  # alone it is all that was told
