"""A person the user names two ways answers the question asked either way (found by a fresh-user
trial: "When is my sister's birthday?" got no block although "My sister is called Anna" and
"Anna's birthday is June 3" were both stored), and a question that names a person by one of
their facts is grounded once subject expansion finds that person's asked attribute."""

from __future__ import annotations

from memcli.read.answer import found_by_fact
from memcli.read.subject import aliased


def _block(mem, query: str) -> str:  # noqa: ANN001
    return mem.context(query, budget_ms=60000).text


def test_a_relation_named_by_name_answers_the_relation_question(mem) -> None:  # noqa: ANN001
    for s in ("My sister is called Anna", "Anna's birthday is June 3", "我姐姐叫小美", "小美的生日是5月1号",
              "My brother Tom lives in Lyon"):
        mem.remember(s)
    assert "June 3" in _block(mem, "When is my sister's birthday?")
    assert "5月1号" in _block(mem, "我姐姐的生日是哪天？")
    assert "5月1号" in _block(mem, "我姐姐生日是几号？")
    assert _block(mem, "When is my mother's birthday?") == ""  # nobody's name says mother
    assert _block(mem, "What's the capital of France?") == ""


def test_a_name_of_another_relation_is_no_alias(mem) -> None:  # noqa: ANN001
    mem.remember("My brother is called Ben")
    mem.remember("Anna's birthday is June 3")
    hits = mem.search("When is my sister's birthday?", limit=5)
    assert all(h.below_floor for h in hits if "Anna" in h.statement)


def test_person_by_fact_question_is_grounded(mem) -> None:  # noqa: ANN001
    mem.remember("我表哥身高182厘米")
    mem.remember("我表哥叫周明远")
    mem.remember("我妈妈喜欢养花")
    assert "周明远" in _block(mem, "那个身高是182厘米的人，姓名是什么？")
    assert _block(mem, "珠穆朗玛峰有多高？") == ""


def test_found_by_fact_needs_two_asked_attributes_of_one_subject() -> None:
    asked = ["someone.height", "someone.name"]
    assert found_by_fact(asked, [("boss.height", "boss.name")])
    assert not found_by_fact(asked, [("boss.height", "mother.name")])  # another person's name
    assert not found_by_fact(["someone.height"], [("boss.height", "boss.name")])  # only one attribute asked
    assert not found_by_fact(asked, [("boss.job", "boss.name")])  # the hit holds no asked attribute
    assert aliased("person:anna.birthday", {"person:anna": "sister"}) == "sister.birthday"
    assert aliased("person:ben.birthday", {"person:anna": "sister"}) == "person:ben.birthday"
