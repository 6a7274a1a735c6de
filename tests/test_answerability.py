"""Issue 20: an empty block when nothing is relevant, a subject's facts together, query-side
attributes, confidence that means something — on real SQLite stores with the real model."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from _stores import say_all, told

from memcli.governance.confidence import is_hedged, label

AT = "2026-06-01T09:00:00+08:00"

ZH_FACTS = ["我叫孙若溪", "我住在南京鼓楼区", "我在一家保险公司做精算师", "我养了一条狗，叫阿福", "我对青霉素过敏",
            "我老公叫何子默", "我老公是牙医", "我婆婆的老家是安徽黄山", "我儿子今年读三年级", "我喜欢周末去爬紫金山",
            "我的领导叫钱卫东", "我领导的老家是江西九江"]
EN_FACTS = ["My name is Nora Lind", "I live in Leeds", "I work as a physiotherapist", "I have a ginger cat named Miso",
            "I'm allergic to shellfish", "My husband is called Arjun", "My husband is a pilot",
            "My boss is called Greta", "My boss grew up in Oslo", "My daughter is 9", "I go swimming every Saturday"]


zh = told("zh", ZH_FACTS, AT)
en = told("en", EN_FACTS, AT)


@pytest.mark.parametrize("question", ["乞力马扎罗山有多高", "帮我把这段话翻译成日语", "用Go写一个HTTP服务器",
                                      "为什么海水是咸的"])
def test_unrelated_chinese_questions_get_no_block(zh, question: str) -> None:
    res = zh.context(question)
    assert res.text == "" and res.reason.startswith("no relevant memories"), (question, res.text)
    hits = zh.search(question, limit=10)
    assert all(h.below_floor for h in hits)  # search still lists them (those above the cosine floor), marked
    assert all(0 <= h.p_relevant < hits.info.answer_min_p for h in hits)


EN_UNRELATED = ["What is the capital of Peru?", "Write a haiku about the sea", "How do I reverse a list in Python?",
                "Why is the ocean salty?", "Who discovered penicillin?", "Summarise the plot of Hamlet",
                "How many moons does Jupiter have?", "Convert 30 Celsius to Fahrenheit", "What causes thunder?",
                "Explain what a hash map is"]


def test_unrelated_english_questions_mostly_get_no_block(en) -> None:
    # the held-out rate on the goldset is ~86% for general questions, ~91% for tasks (docs/answerability.md);
    # near ones (the sea ~ swimming, penicillin ~ an allergy to it) may still pass
    blocks = {q: en.context(q).text for q in EN_UNRELATED}
    empty = [q for q, t in blocks.items() if not t]
    assert len(empty) >= 7, {q: t.splitlines()[1:-1] for q, t in blocks.items() if t}


@pytest.mark.parametrize(("question", "fact"), [("我的狗叫什么", "我的狗叫阿福"), ("我对什么过敏", "我对青霉素过敏"),
                                               ("我老公做什么工作", "我老公是牙医")])
def test_answer_questions_keep_their_fact(zh, question: str, fact: str) -> None:
    res = zh.context(question)
    assert fact in res.text, (question, res.text)
    hits = zh.search(question)
    [hit] = [h for h in hits[:3] if h.statement == fact]
    assert not hit.below_floor and hit.p_relevant >= hits.info.answer_min_p


def test_the_gate_can_be_turned_off(zh) -> None:
    question = "我老公是做什么工作的"
    zh.settings.answerability = False
    hits = zh.search(question)
    assert hits and all(h.p_relevant is None and not h.below_floor for h in hits)  # nothing gated, nothing scored
    assert zh.context(question).text != ""


@pytest.mark.parametrize(("question", "expect"), [
    ("那个老家在九江的人叫什么名字？", ["我领导的老家是江西九江", "我的领导叫钱卫东"]),
    ("What's the name of the person who grew up in Oslo?", ["My boss grew up in Oslo", "My boss is called Greta"]),
])
def test_a_person_named_by_another_fact_comes_with_the_name(mem, question: str, expect: list[str]) -> None:
    say_all(mem, ZH_FACTS if "九江" in question else EN_FACTS)
    hits = mem.search(question, limit=5)
    top3 = [h.statement for h in hits[:3]]
    assert all(e in top3 for e in expect), (question, top3)
    brought = next(h for h in hits if h.statement == expect[1])
    assert brought.via is not None and "subject" in brought.legs and hits.info.expanded >= 1
    assert "subject" in hits.info.timings_ms
    block = mem.context(question).text
    assert all(e in block for e in expect), block


def test_expansion_brings_only_the_asked_attribute(zh) -> None:
    hits = zh.search("那个老家在九江的人叫什么名字？", limit=10)
    assert [h.statement for h in hits if h.via is not None] == ["我的领导叫钱卫东"]


def test_query_side_attribute_reaches_the_hometown(mem) -> None:
    say_all(mem, ["我表妹的家乡在浙江宁波", "我表妹在读研究生", "我表妹喜欢练瑜伽"])
    hits = mem.search("我表妹是哪里的人啊？", explain=True)
    assert hits[0].statement == "我表妹的家乡在浙江宁波" and hits[0].explain.slot_rank == 1
    assert "cousin_younger_female.hometown" in hits.info.slots


# -- confidence (rule 1 by evidence, rule 2 by attribute) -------------------------------------------
def test_plain_first_person_facts_are_at_least_fairly_sure(zh) -> None:
    block = zh.context("我叫什么名字").text
    assert "- [比较确定] 我叫孙若溪" in block or "- [很确定] 我叫孙若溪" in block, block
    for item in zh.list():
        assert label(item.effective_confidence) != "不太确定", (item.statement, item.effective_confidence)


def test_hedged_statements_start_lower(mem) -> None:
    assert is_hedged("I think my sister lives in Lyon") and is_hedged("我大概一米七五")
    assert not is_hedged("My sister lives in Lyon") and not is_hedged("我一米七五")
    say_all(mem, ["I think my sister lives in Lyon", "My brother lives in Austin"])
    conf = {i.statement: i.confidence for i in mem.list()}
    assert conf["My brother lives in Austin"] == mem.settings.confidence_extracted == 0.8
    assert conf["My sister lives in Lyon"] == mem.settings.confidence_hedged == 0.45
    assert label(conf["My sister lives in Lyon"], "en") == "unsure"


def test_a_name_said_long_ago_is_still_the_name(mem) -> None:
    long_ago = (datetime.now(UTC) - timedelta(days=800)).isoformat()
    say_all(mem, ["我叫孙若溪", "我住在南京鼓楼区"], at=long_ago)
    eff = {i.statement: i.effective_confidence for i in mem.list()}
    assert label(eff["我叫孙若溪"]) == "比较确定"  # stable attribute: ten-year half-life
    assert label(eff["我住在南京鼓楼区"]) == "不太确定"  # a residence unconfirmed for two years decays


def test_repeating_a_fact_reinforces_it(mem) -> None:
    say_all(mem, ["My name is Nora Lind"])
    say_all(mem, ["My name is Nora Lind"], at="2026-06-03T09:00:00+08:00")
    [item] = mem.list()
    assert item.confidence > 0.8 and item.confirmations == 2


# -- weights ----------------------------------------------------------------------------------------
def test_foreign_weights_file_is_one_clear_error(cli, db, tmp_path: Path, monkeypatch) -> None:
    bad = tmp_path / "answer.json"
    bad.write_text(json.dumps({"model": "some-model", "features": ["cos"]}), encoding="utf-8")
    monkeypatch.setenv("MEMCLI_ANSWER_WEIGHTS", str(bad))
    r = cli("--db", db, "search", "coffee")
    assert r.exit_code != 0 and "answerability weights" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    monkeypatch.setenv("MEMCLI_ANSWER_WEIGHTS", str(broken))
    r = cli("--db", db, "search", "coffee")
    assert r.exit_code != 0 and "cannot read answerability weights" in r.stderr and "Traceback" not in r.stderr


def test_answerability_is_shared_by_subject() -> None:
    # the question finds an event by one fact (p high) and asks another of its facts (p low):
    # every fact of that subject shares the best p; the user's own facts and slotless hits do not
    from memcli.read.answer import answer_subject, share_by_subject

    slots = {1: "thing:城市半程马拉松.持续时间", 2: "thing:城市半程马拉松.地点", 3: "thing:读书会.地点",
             4: "residence", 5: "like.川菜", 6: None, 7: "boss.hometown", 8: "boss.name"}
    subject_of = {i: answer_subject(s) for i, s in slots.items()}
    assert subject_of[4] is None and subject_of[5] is None and subject_of[6] is None
    p = share_by_subject({1: 0.9, 2: 0.02, 3: 0.01, 4: 0.5, 5: 0.03, 6: 0.2, 7: 0.04, 8: 0.3}, subject_of)
    assert p == {1: 0.9, 2: 0.9, 3: 0.01, 4: 0.5, 5: 0.03, 6: 0.2, 7: 0.3, 8: 0.3}


def test_a_question_about_nobody_the_legs_do_not_confirm_is_not_grounded() -> None:
    # the first stage of the cut: a question that names neither the user nor anyone of theirs and
    # that the lexical and slot legs do not confirm gets p = 0 for every hit (dense neighbours only)
    from memcli.read.answer import anchor, grounded, hit_features

    def row(*, lexical: bool = False, slot: bool = False, has_anchor: int = 0, topic: bool = False,
            task: bool = False) -> list[float]:
        return hit_features(cos=0.3, lexical=lexical, slot=slot, cover=0.0, strong_cover=0.0, ratio=1.0, best_cos=0.3,
                            mean_cos=0.15, rank=1, subject=0, attr=0, has_anchor=has_anchor, query_chars=8,
                            task=task, lexical_topic=topic)

    assert not grounded([row(), row()]) and not grounded([])
    assert grounded([row(), row(lexical=True, topic=True)]) and grounded([row(slot=True, has_anchor=1)])
    assert grounded([row(has_anchor=1)])
    # a lexical match on a common word only (熊猫吃什么 vs 我爱吃辣), a slot of nobody's (宇宙有多大 → an
    # age), the requester of a task (帮我写…, "draft an email to my landlord") ground nothing
    assert not grounded([row(lexical=True)]) and not grounded([row(slot=True)])
    assert not grounded([row(has_anchor=1, task=True)])
    # the requester's 我 is no anchor, a relative's is (给我爸…: 我 before a relation word)
    assert anchor("帮我写一封请假邮件", []) == 0 and anchor("哪天该给我爸送礼物", []) == 1
    assert anchor("How do bees make honey?", []) == 0 and anchor("Where does my dad live?", []) == 1


def test_a_relation_said_in_other_words_is_the_relation() -> None:
    # a relative of a relative (composed) or a colloquial name reads as the stored relation key
    from memcli.read.answer import subject_feature
    from memcli.read.kin import question_relation

    assert question_relation("我爸的妈妈住在哪") == "paternal_grandmother"
    assert question_relation("我老婆的爸爸做什么工作") == "father_in_law"
    assert question_relation("Where does my dad's sister live?") == "paternal_aunt"
    assert question_relation("What does my hubby do?") == "husband" and question_relation("我妈妈住在哪") is None
    assert subject_feature("我妈的哥哥喜欢什么", ["mother.like"], "maternal_uncle.like") == 1
    assert subject_feature("我妈的哥哥喜欢什么", ["mother.like"], "mother.like") == -1
    # read in the question sentence, not in the chatter before it
    assert question_relation("My hubby is away this week. Anyway, what is the capital of Peru?") is None


@pytest.mark.parametrize(("question", "own", "other"), [
    ("我住在哪个城市", "我住在南京鼓楼区", "我妈妈住在长沙"),
    ("Where do I live?", "I live in Leeds", "My sister lives in Bristol"),
])
def test_a_question_about_the_user_is_not_answered_by_a_relative(mem, question: str, own: str, other: str) -> None:
    # the user's own question (我 / I, no relation) is another subject than a relative's fact: that hit is left out
    say_all(mem, [own, other, *(EN_FACTS[5:8] if question.isascii() else ZH_FACTS[5:8])])
    hits = mem.search(question, limit=10)
    texts = {h.statement: h for h in hits}
    assert other in texts and texts[other].below_floor and texts[other].p_relevant == 0  # vetoed: no topic word
    text = mem.context(question).text
    assert own in text and other not in text


def test_whose_fact_and_which_attribute() -> None:
    # the user vs a relative; two names under one relation key; a generic slot's attribute read from its statement
    from memcli.read.answer import attr_feature, subject_feature
    from memcli.read.mismatch import asks_me, names_after_relation

    assert asks_me("我住在哪个城市") and asks_me("What's my blood type?") and asks_me("帮我查查我的生日是哪天")
    assert not asks_me("我的猫叫什么名字") and not asks_me("我妈妈住在哪") and not asks_me("我想问一下，小林开什么车？")
    assert subject_feature("我住在哪个城市", ["residence"], "mother.residence", "我妈妈住在长沙") == -1
    assert subject_feature("我住在哪个城市", ["residence"], "residence", "我住在杭州") == 0
    assert names_after_relation("我的同事老王喜欢钓鱼") == {"老王"}
    assert names_after_relation("my coworker Sam") == {"sam"}
    wang = ("person:老王.like.钓鱼", "我的同事老王喜欢钓鱼")
    assert subject_feature("我的同事小张喜欢什么", ["colleague.like"], *wang) == -1
    assert subject_feature("我的同事老王喜欢什么", ["colleague.like"], *wang) == 1
    assert attr_feature(["daughter.name"], "fact.小女儿", "我小女儿今年十岁") == -1
    assert attr_feature(["son.school"], "fact.读", "我大儿子在英国读大学") == 1


def test_a_task_and_an_informative_match() -> None:
    # issue 20: tasks in both languages; a lexical match counts on a topic word or a name only
    from memcli.read.request import informative_match, is_task
    from memcli.read.tokens import query_tokens

    assert is_task("帮我写一封请假邮件") and is_task("把这段代码改成异步的") and is_task("用SQL查询每个部门的人数")
    assert is_task("Translate this into German") and is_task("Come up with a name for my blog")
    assert not is_task("我妹妹在哪上班") and not is_task("给我妈买什么礼物好")
    assert not is_task("Where does my sister work?")

    def m(q: str, s: str) -> bool:
        return informative_match(q, query_tokens(q), s)

    assert not m("熊猫吃什么", "我爱吃辣") and not m("Where do penguins live?", "My sister lives in Lyon")
    assert m("那个来自重庆的人叫什么", "我上司的老家是重庆") and m("How old is Ray?", "Ray turned 40 in May")
    assert m("小陈靠什么谋生", "小陈在银行上班")  # a nickname jieba cuts with the next character
    assert not m("我小女儿叫什么名字", "我小女儿今年五岁")  # a relation word says whose fact, not its topic


@pytest.mark.parametrize(("question", "fact"), [("有什么过敏的吗", "我对青霉素过敏"), ("过敏吗", "我对青霉素过敏")])
def test_a_question_put_to_the_user_with_no_subject_is_about_the_user_zh(zh, question: str, fact: str) -> None:
    mine = zh.context("我" + question)  # the same question naming the user answers from the stored allergy
    assert fact in mine.text
    assert fact in zh.context(question).text, question


def test_a_question_put_to_the_user_with_no_subject_is_about_the_user_en(en) -> None:
    assert "I'm allergic to shellfish" in en.context("Do I have any food allergies?").text
    assert "I'm allergic to shellfish" in en.context("Any food allergies?").text


def test_a_question_names_no_subject_only_when_nothing_is_said_of_one() -> None:
    from memcli.read.request import addressed
    from memcli.read.tokens import query_tokens
    from memcli.slot_query import query_slots

    def said(q: str) -> bool:
        return addressed(q, query_slots(q), query_tokens(q, drop_stopwords=False))

    assert said("Any food allergies?") and said("Favourite colour?") and said("有什么过敏的吗")
    assert said("喜欢什么颜色") and said("叫什么名字")
    # a subject before the attribute, a verb with its subject, a question word as the subject,
    # a quantity, a third person, an imperative, someone of the user's
    assert not said("宇宙有多大") and not said("熊猫吃什么") and not said("How old is the universe?")
    assert not said("Where do penguins live?") and not said("Who invented the telephone?")
    assert not said("一斤等于多少克") and not said("谁住在大连") and not said("Write a poem about autumn")
    assert not said("Capital of Japan?") and not said("我妈妈对什么过敏") and not said("Write a haiku about autumn?")
