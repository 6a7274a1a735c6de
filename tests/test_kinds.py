"""Issue 20, near misses: the kind of thing a question asks vs the kind a hit names
(memcli/read/kinds.py) — the gazetteer reading, the feature, and the feature on a real store."""

from __future__ import annotations

import pytest

from memcli.read.answer import FEATURES
from memcli.read.kinds import FAMILY, KINDS, kind_feature, kind_missing, kinds_of


@pytest.mark.parametrize(("text", "kinds"), [
    ("我家那只柴犬今年三岁了", {"dog"}),
    ("我有一只英短，叫团子", {"cat"}),
    ("My sister adopted a labradoodle", {"dog"}),
    ("Our two kittens sleep all day", {"cat"}),
    ("我的车是辆白色的比亚迪", {"car"}),  # 车 with a brand: a car, not a bike
    ("我每天骑车去地铁站", {"bike", "sport"}),
    ("我骑什么车去公司", {"bike", "motorbike"}),  # 骑…车: two wheels, which one unsaid
    ("我开什么车", {"car"}),  # 开…车: a car
    ("I ride a moped to the office", {"motorbike"}),
    ("Which truck does my brother drive?", {"car"}),
    ("我最近迷上了一部韩剧", {"show"}),
    ("My favourite band is from Dublin", {"music"}),
    ("我在学拉小提琴", {"instrument"}),
    ("I'm learning Italian", {"language"}),
    ("我周末踢足球", {"sport"}),
    ("我在银行上班", set()),
    ("我家楼下有个火车站", set()),  # a station names no vehicle of the user's
    ("I run a small bookshop", set()),  # run a business: no sport
])
def test_kinds_of_reads_breeds_brands_and_verbs(text: str, kinds: set[str]) -> None:
    assert kinds_of(text) == kinds


def test_every_kind_has_a_family_and_words_in_both_languages() -> None:
    assert set(KINDS) == set(FAMILY)
    assert all(zh.split() and en.strip() for zh, en in KINDS.values())
    assert "kind" in FEATURES


@pytest.mark.parametrize(("question", "statement", "value"), [
    ("我的猫叫什么名字", "我养了一只泰迪，叫豆豆", -1),  # a cat asked, a dog stored
    ("我的狗叫什么名字", "我养了一只泰迪，叫豆豆", 1),
    ("What's my cat called?", "I have a beagle named Rufus", -1),
    ("What's my dog called?", "I have a beagle named Rufus", 1),
    ("我最喜欢的电影是哪部", "我最喜欢的乐队是五月天", -1),  # a taste asked by its own word
    ("What's my favourite book?", "My favourite singer is Adele", -1),
    ("Who's my favourite singer?", "My favourite singer is Adele", 1),
    ("我骑什么自行车", "我开一辆蓝色的大众", -1),  # a thing no slot names: a bike asked, a car stored
    ("What car do I drive?", "I cycle to work on a road bike", -1),
    ("我在学什么乐器", "我最近在学法语", -1),
    ("我的猫叫什么名字", "我在银行上班", 0),  # nothing typed on the hit's side
    ("我住在哪里", "我养了一只泰迪", 0),  # nothing typed on the question's side
    ("我的猫叫什么", "我最喜欢的乐队是五月天", 0),  # another family: no evidence either way
])
def test_kind_feature_compares_within_a_family(question: str, statement: str, value: int) -> None:
    assert kind_feature(question, statement) == value


def test_kind_missing_is_of_the_question_over_its_hits() -> None:
    hits = ["我叫葛书婷", "我养了一只金毛，叫可乐", "我周末去骑车"]
    assert kind_missing("我的猫叫什么名字", hits) == 1  # no hit names a cat
    assert kind_missing("我的狗叫什么名字", hits) == 0
    assert kind_missing("我开什么车", hits) == 1  # a bike is no car
    assert kind_missing("我住在哪里", hits) == 0  # nothing typed asked
    assert kind_missing("What music do I like?", ["My favourite band is Blur"]) == 0


def test_a_statement_naming_an_occupation_holds_a_job() -> None:
    # a generic slot (….is, ….fact.…) whose statement names no attribute the reader knows
    from memcli.read.answer import attr_feature
    from memcli.read.mismatch import names_occupation

    assert names_occupation("我舅舅以前是邮局的司机") and names_occupation("My aunt used to be a librarian")
    assert not names_occupation("我舅舅住在无锡") and not names_occupation("My aunt loves gardening")
    assert attr_feature(["maternal_uncle.hometown"], "thing:舅舅以前.is", "我舅舅以前是邮局的司机") == -1
    assert attr_feature(["aunt.job"], "aunt.fact.librarian", "My aunt used to be a librarian") == 1


def test_a_pet_asked_by_the_wrong_animal_on_a_real_store(mem) -> None:
    for fact in ["我叫葛书婷", "我住在合肥", "我养了一只金毛，叫可乐", "我在一家医院做药剂师"]:
        mem.capture(fact, at="2026-05-01T09:00:00+08:00")
    assert mem.drain().dead == 0
    idx = FEATURES.index("kind")

    def dog_hit(question: str):
        hits = mem.search(question, limit=5, explain=True)
        return next(h for h in hits if "金毛" in h.statement)

    wrong, right = dog_hit("我的猫叫什么名字"), dog_hit("我的狗叫什么名字")
    assert wrong.explain.answer_features[idx] == -1 and right.explain.answer_features[idx] == 1
    assert wrong.p_relevant == 0 and wrong.below_floor and not right.below_floor  # another kind: vetoed
    assert mem.context("我的猫叫什么名字").text == ""  # no cat stored: no block at all
