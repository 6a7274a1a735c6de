"""Round 21 (gate28): the answerability gate keeps the memory that answers, and serves no personal fact to a
general task or a general question. Own sentences, both languages; real stores drained by the real pipeline
with the real default model, asserting which memory is served (or no block) per kind, negatives included.

1. The top answering memory was vetoed (p 0): the user's own job said with a relation word (我是一名…老师 read
   as a teacher of theirs), an ability asked as 能…吗 over a taste memory (the slot ``like.…`` vs the asked
   ``allergy``), a relative's attribute said in a clause the slot did not take ("… and his birthday is …" as
   ``brother.job``).
2. A task, a topic to be told about, a question in a general frame, or one matched only on a relative's fact,
   naming nobody of the user's, got the matching personal memory (memcli/read/general.py).
"""

from __future__ import annotations

import pytest
from _stores import told

from memcli.read.general import general_request
from memcli.read.question_subject import user_is

# ---- 1. the answering memory is kept ---------------------------------------------------------------------------

kept_store = told(
    "kept_store",
    [
        "我是一名高中物理老师",
        "我在无锡上班",
        "我现在不太能吃甜了",
        "I can't have dairy anymore, it upsets my stomach",
        "My brother Tomas is a pilot and his birthday is on August 9th",
        "我住在常州",
        "I live in Exeter",
        "我每周三晚上去打羽毛球",
    ],
)


@pytest.mark.parametrize(
    ("statement", "own"),
    [("我是一名高中物理老师", True), ("我在一所小学当老师", True), ("我现在是公司的老板", True),
     ("我的老师是王老师", False), ("我老板人很好", False), ("我女儿的老师姓王", False), ("我跟我老师学琴", False)],
)
def test_a_relation_word_said_as_the_users_own_role(statement: str, own: bool) -> None:
    assert user_is(statement) is own


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("我是做什么工作的？", "物理老师"),
        ("我的职业是什么", "物理老师"),
        ("我能吃甜吗？", "不太能吃甜"),
        ("Can I have dairy?", "dairy"),
        ("When is my brother's birthday?", "August 9th"),
        ("我哥哥生日是哪天", "August 9th"),
        ("What does my brother do?", "pilot"),
    ],
)
def test_the_memory_that_answers_is_served(kept_store, question: str, words: str) -> None:
    res = kept_store.context(question)
    assert words in res.text, (res.text, res.reason)
    top = kept_store.search(question)[0]
    assert words in top.statement and not top.below_floor and top.p_relevant > 0, (top.statement, top.p_relevant)


@pytest.mark.parametrize(
    ("question", "absent"),
    [
        ("Where does my brother live?", "Tomas"),  # his city is not stored: not the pilot fact, nor the user's city
        ("我爸爸的生日是哪天", "August"),  # another relative
        ("When is my birthday?", "Tomas"),  # the user's own, not the brother's
        ("我对什么过敏", "物理老师"),
    ],
)
def test_another_attribute_or_person_is_still_no_answer(kept_store, question: str, absent: str) -> None:
    res = kept_store.context(question)
    assert absent not in res.text, (res.text, res.reason)


# ---- 2. general tasks and questions get no block -----------------------------------------------------------------

general_store = told(
    "general_store",
    [
        "I work the overnight shift at a hospital pharmacy",
        "下周我要去洛阳出差",
        "我儿子在学围棋",
        "My daughter takes ballet classes twice a week",
        "I'm flying to Lisbon in July",
        "我住在南通",
    ],
)


@pytest.mark.parametrize(
    ("question", "general"),
    [
        ("Write me a short poem about overnight shifts", True),
        ("给我写一段关于洛阳的介绍", True),
        ("介绍一下洛阳", True),
        ("Tell me about Lisbon", True),
        ("What are common health problems of overnight shifts?", True),
        ("常见的围棋入门书有哪些", True),
        ("Write a poem about my daughter", False),
        ("给我写一段关于我儿子的话", False),
        ("Tell me about my trip to Lisbon", False),
        ("When am I flying to Lisbon?", False),
        ("我什么时候去洛阳", False),
    ],
)
def test_a_general_request_is_read_from_its_words(question: str, general: bool) -> None:
    from memcli.read.answer import anchor
    from memcli.read.request import addressed, is_task, wants_taste
    from memcli.read.slot_leg import query_slot_keys
    from memcli.read.tokens import query_tokens

    slots = query_slot_keys(question)
    mine = bool(anchor(question, slots) or addressed(question, slots, query_tokens(question, drop_stopwords=False)))
    task = is_task(question) and not wants_taste(question)
    assert general_request(question, slots, task=task, has_anchor=mine) is general


@pytest.mark.parametrize(
    "question",
    [
        "Write me a short poem about overnight shifts",
        "What are common health problems of overnight shifts?",
        "给我写一段关于洛阳的介绍",
        "介绍一下洛阳",
        "Tell me about Lisbon",
        "围棋怎么入门？",
        "学围棋要多少钱？",
        "How much do ballet classes cost?",
    ],
)
def test_a_general_task_or_question_gets_no_block(general_store, question: str) -> None:
    res = general_store.context(question)
    assert res.text == "", (res.text, res.reason)


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("When am I flying to Lisbon?", "Lisbon"),
        ("我什么时候去洛阳", "洛阳"),
        ("我儿子在学什么", "围棋"),
        ("What classes does my daughter take?", "ballet"),
        ("What shift do I work?", "overnight"),
    ],
)
def test_the_same_topic_asked_about_the_user_is_answered(general_store, question: str, words: str) -> None:
    res = general_store.context(question)
    assert words in res.text, (res.text, res.reason)
