"""Round 38: a question with a modal before eating or drinking (能 / 可以 / 能不能 / 可不可以; "can", "could",
"allowed to") about the user's or their people's fact gets its block — own sentences, a real store, the real
default model.

The slot vocabulary reads 能吃 / 可以喝 / "can i eat" as asking an ``allergy``. Asked as that only, a stored diet or
dislike (我老公不吃辣 is ``husband.like.辣``) held "another specific attribute", no allergy was stored, and with a
one-character topic (辣, 鱼) no lexical word confirmed it: the hit was vetoed (p 0) and the block left empty,
while 我老公吃辣吗 found it. A hit holding the subject's ``diet`` or ``like`` now answers it too (the ``attr``
feature, :func:`memcli.read.meal.ability_keys`); a question about the world with a modal stays empty.
"""

from __future__ import annotations

import pytest
from _stores import module_store

from memcli.read.meal import ability_keys
from memcli.read.slot_leg import query_slot_keys

AT = "2026-05-11T20:00:00+00:00"
FACTS = (
    "我老公不吃辣",
    "我女儿不爱吃鱼",
    "我爸爸不喝酒",
    "我儿子还不会开车",
    "My wife is allergic to shellfish",
    "I hate mushrooms",
    "My son doesn't drink coffee",
)

store = module_store("modal", FACTS, AT)


def test_a_modal_eat_question_is_answered_by_diet_and_likes_of_its_subject() -> None:
    def answered_by(q: str) -> list[str]:
        return ability_keys(q, query_slot_keys(q))

    assert answered_by("我老公能吃辣吗？") == ["husband.allergy", "husband.diet", "husband.like"]
    assert answered_by("我女儿可不可以吃鱼") == ["daughter.allergy", "daughter.diet", "daughter.like"]
    assert answered_by("Can I have mushrooms on my pizza?") == ["allergy", "diet", "like"]
    # the slot leg still asks the allergy only: every like of the user by prefix would outrank the answer
    assert query_slot_keys("我老公能吃辣吗？") == ["husband.allergy"]
    # an allergy asked by its own word stays an allergy
    assert answered_by("我老公对什么过敏") == ["husband.allergy"]
    # no allergy read: nothing added
    assert ability_keys("我老公能开车吗", ["husband.fact"]) == ["husband.fact"]


def _block(store, question: str) -> str:  # noqa: ANN001
    return store.context(question, as_of=AT).text


@pytest.mark.parametrize(("question", "fact"), [
    ("我老公能吃辣吗？", "我老公不吃辣"),
    ("我老公可以吃辣吗？", "我老公不吃辣"),
    ("我老公能不能吃辣？", "我老公不吃辣"),
    ("我老公可不可以吃辣", "我老公不吃辣"),
    ("我女儿能吃鱼吗", "我女儿不爱吃鱼"),
    ("我女儿可以吃鱼吗？", "我女儿不爱吃鱼"),
    ("我爸爸可以喝酒吗", "我爸爸不喝酒"),
    ("我儿子能开车吗", "我儿子还不会开车"),
    ("Can my wife eat shellfish?", "My wife is allergic to shellfish"),
    ("Can I have mushrooms on my pizza?", "I hate mushrooms"),
    ("Is my son allowed to drink coffee?", "My son doesn't drink coffee"),
])
def test_a_modal_question_about_a_stored_fact_gets_it(store, question: str, fact: str) -> None:  # noqa: ANN001
    assert fact in _block(store, question)


def test_another_memory_does_not_outrank_the_answer(store) -> None:  # noqa: ANN001
    top = store.search("Can my wife eat shellfish?", as_of=AT)[0]
    assert top.statement == "My wife is allergic to shellfish" and not top.below_floor


@pytest.mark.parametrize("question", ["Can dogs eat chocolate?", "孕妇能吃螃蟹吗", "猫能喝牛奶吗",
                                      "Can you drink coffee while pregnant?", "狗可以吃鱼吗"])
def test_a_modal_question_about_the_world_stays_empty(store, question: str) -> None:  # noqa: ANN001
    assert _block(store, question) == ""
