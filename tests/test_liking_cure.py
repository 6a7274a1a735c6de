"""Round 28: a liking given up left the old liking active when one side named the verb of eating or drinking
(吃辣 / 辣: two slots, the guard kept the judge's CONFLICT out); a cure of a relative's trouble read as one more
negative statement (NOOP) or as a fact about the disease (ADD). Own sentences; real stores, the real default
model, a real drain."""

from __future__ import annotations

from datetime import UTC, datetime

from _stores import drained

from memcli.write.cure import cure_told, cured_by
from memcli.write.rules import analyze
from memcli.write.rules.match import liked_object

START = datetime(2026, 10, 4, 8, tzinfo=UTC)


def test_a_liked_object_is_keyed_without_its_verb_of_eating_or_drinking():
    assert liked_object("吃甜") == "甜" and liked_object("吃甜的") == "甜" and liked_object("喝奶茶") == "奶茶"
    assert liked_object("eating oysters") == "oysters" and liked_object("drinking green tea") == "green tea"
    assert liked_object("吃") == "吃" and liked_object("hiking") == "hiking"  # nothing left, or no such verb
    assert analyze("我超爱吃甜的").slot == analyze("我现在不吃甜了").slot == "like.甜"
    assert analyze("I love eating oysters").slot == analyze("I don't eat oysters anymore").slot == \
        analyze("I love oysters").slot
    assert analyze("我喜欢看电影").slot == "like.电影"  # (another verb: read as before)


def test_a_liking_given_up_ends_the_liking_said_with_its_verb(db: str, embedder):
    active, ended = drained(db, ["我超爱吃甜的", "我现在不吃甜了",
                                 "I love eating oysters", "I don't eat oysters anymore"], user="zoe", start=START)
    assert ended == {"我超爱吃甜的", "I love eating oysters"}, ended
    assert active == {"我现在不吃甜了", "I don't eat oysters anymore"}, active


def test_a_liking_given_up_keeps_the_liking_of_another_thing(db: str, embedder):
    active, ended = drained(db, ["我超爱吃甜的", "我不喝咖啡了", "I love eating oysters", "I stopped drinking soda"],
                            user="zoe", start=START)
    assert not ended, ended
    assert {"我超爱吃甜的", "I love eating oysters"} <= active, active


def test_a_liking_given_up_ends_the_liking_of_a_kind_of_it_named_by_its_head(db: str, embedder):
    # a Chinese compound's head comes last: 米酒 is a kind of 酒, 带鱼 of 鱼; 鱼香肉丝 is no fish
    active, ended = drained(db, ["我特别爱喝米酒", "我超爱吃带鱼", "我现在不喝酒了", "我不吃鱼了"],
                            user="zoe", start=START)
    assert ended == {"我特别爱喝米酒", "我超爱吃带鱼"}, ended
    active, ended = drained(db, ["我爱吃鱼香肉丝", "我不吃鱼了"], user="yan", start=START)
    assert not ended and "我爱吃鱼香肉丝" in active, (active, ended)


def test_the_trouble_a_cure_tells():
    assert cure_told("我外婆的腰终于治好了") == "腰" and cure_told("我舅舅的肺炎痊愈了") == "肺炎"
    assert cure_told("My sister's wrist has healed") == "wrist"
    assert cure_told("My uncle recovered from pneumonia") == "pneumonia"
    assert cure_told("我外婆的腰还没治好") is None and cure_told("My uncle hasn't recovered from pneumonia") is None
    assert cure_told("我的电脑修好了") is None and cure_told("我的头发剪好了") is None  # no trouble named
    assert cure_told("I recovered my password") is None
    old, new = analyze("我外婆的腰一直不好"), analyze("我外婆的腰终于治好了")
    assert cured_by(new, old) and not cured_by(analyze("我外公的腰终于治好了"), old)  # another person's waist


def test_a_cure_ends_the_same_persons_trouble(db: str, embedder):
    active, ended = drained(db, ["我外婆的腰一直不好", "我外婆的腰终于治好了",
                                 "My uncle has pneumonia", "My uncle's pneumonia is cured"], user="kai", start=START)
    assert ended == {"我外婆的腰一直不好", "My uncle has pneumonia"}, ended
    assert active == {"我外婆的腰终于治好了", "My uncle's pneumonia is cured"}, active


def test_a_cure_of_another_person_or_not_yet_ends_nothing(db: str, embedder):
    active, ended = drained(db, ["我外婆的腰一直不好", "我外公的腰终于治好了", "我外婆的腰还没治好",
                                 "My uncle has pneumonia", "My aunt's pneumonia is cured"], user="kai", start=START)
    assert not ended, ended


def test_a_cure_denied_keeps_the_trouble(db: str, embedder):
    active, ended = drained(db, ["My cousin has bronchitis", "My cousin hasn't recovered from bronchitis yet",
                                 "我表哥的胃一直不好", "我表哥的胃还没有好"], user="kai", start=START)
    assert not ended, ended  # (the "not" read as a flip ended the bronchitis)
    assert {"My cousin has bronchitis", "我表哥的胃一直不好"} <= active, active
