"""No clause of a told turn is lost, and a clause that omits its subject (or says it by a pronoun) is
stored with whom it is about: the pet, not the household (我们家的猫叫X，是…，N岁了); the relation a
他/她 clause means when the rules read only the clause before it; a person's own trait (成绩, 身体)
after the person. Own sentences; real store and default model."""

from __future__ import annotations

from _stores import told

from memcli.write.clauses import Unit
from memcli.write.rules.zh_carry import zh_parts

pet = told("pet", ["我们家的猫叫年糕，是一只狸花猫，四岁了"])
resigned = told("resigned", ["我同事老周辞职了，他去成都开了一家民宿"])
surgery = told("surgery", ["我舅舅上周做了手术，他恢复得很快"])
trait = told("trait", ["我侄女上高中了，成绩很好，每天练钢琴"])
en_pronoun = told("en_pronoun", ["My cousin Leo moved to Oslo. He works as a nurse there"])


def _said(store) -> dict[str, str | None]:
    return {i.statement: i.slot for i in store.list()}


def test_the_pet_is_carried_not_the_household(pet):
    said = _said(pet)
    assert said.get("我们家的猫是一只狸花猫", "").startswith("thing:猫"), said
    assert said.get("我们家的猫四岁了") == "thing:猫.age", said
    assert not [s for s in said if s.startswith(("我们家四岁", "我们家是"))], said


def test_a_pronoun_clause_the_rules_missed_is_kept_with_whom_it_means(resigned, surgery):
    said = _said(resigned)
    assert "我同事老周辞职了" in said, said
    assert any(s.startswith("我同事") and "成都" in s for s in said), said  # 他 → 我同事…, its own memory
    said = _said(surgery)
    assert any(s.startswith("我舅舅") and "手术" in s and "恢复" not in s for s in said), said  # not the two joined
    assert any(s.startswith("我舅舅") and "恢复" in s and "手术" not in s for s in said), said


def test_a_persons_trait_is_the_persons(trait):
    said = _said(trait)
    assert said.get("我侄女成绩很好") == "niece.fact.成绩", said
    assert not [s for s in said if s.startswith("成绩")], said
    assert any(s.startswith("我侄女") and "钢琴" in s for s in said), said


def test_english_pronoun_clause_names_the_relative(en_pronoun):
    said = _said(en_pronoun)
    assert any(s.startswith("My cousin Leo") and "nurse" in s for s in said), said


def test_zh_parts_splits_only_where_whom_is_known():
    got = zh_parts(Unit("我表哥离婚了，他在深圳做律师", "zh"))
    assert [(r.text, s.text) for r, s in got] == [("我表哥离婚了", "我表哥离婚了"),
                                                  ("我表哥在深圳做律师", "他在深圳做律师")]
    # 她 cannot mean a brother, 他 no thing: the unit stays whole
    whole = Unit("我弟弟结婚了，她是护士", "zh")
    assert zh_parts(whole) == [(whole, whole)]
    assert len(zh_parts(Unit("这家店很好吃，他们家的面也不错", "zh"))) == 1
    assert zh_parts(Unit("My sister is a nurse, she works nights", "en")) == [
        (Unit("My sister is a nurse, she works nights", "en"),) * 2]
