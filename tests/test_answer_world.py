"""Round 17 (gate17): a general question that shares a word with a personal memory gets no block
(长江有多长 vs 我坐游轮游了长江三峡; "How tall is Mount Hood?" vs "I hiked Mount Hood"), and a question
about the user asked without 我 / "my" keeps it — the question's reading (no model), then real SQLite
stores with the real default model."""

from __future__ import annotations

import pytest
from _stores import say_all, told

AT = "2026-05-01T09:00:00+08:00"

ZH_FACTS = ["我去年秋天坐船游了漓江", "我每天早上喝一杯美式咖啡", "我每年四月去医院体检", "我周末常去爬泰山",
            "我在学Java编程", "我开一辆红色的比亚迪", "我同事老邵是山东人"]
EN_FACTS = ["I rafted down the Colorado River last summer", "I drink an oat milk latte every morning",
            "I hiked Mount Hood in May", "I'm learning Rust in the evenings", "I drive a silver Mazda",
            "I'm vegetarian", "My coworker Priya grew up in Leeds"]


def _world(question: str, people: tuple[str, ...] = (), others: bool = False) -> bool:
    from memcli.read.answer import anchor
    from memcli.read.request import about_world, addressed
    from memcli.read.slot_leg import query_slot_keys
    from memcli.read.tokens import query_tokens

    slots = query_slot_keys(question)
    tokens = query_tokens(question, drop_stopwords=False)
    mine = bool(anchor(question, slots) or addressed(question, slots, tokens))
    return about_world(question, slots, tokens, has_anchor=mine, people=people, others=others)


@pytest.mark.parametrize("question", [
    "长江有多长", "黄山在哪个省", "体检一般包括哪些项目", "Python里的列表和元组有什么区别", "怎么做麻婆豆腐",
    "为什么天空是蓝色的", "狗的寿命一般有多长", "十七乘以二十三是多少", "拿铁和卡布奇诺有什么区别",
    "What's the tallest mountain in Africa?", "How tall is Mount Hood?", "Why do cats purr?", "What is 17 times 23?",
    "Who created Linux?",
])
def test_a_question_about_the_world(question: str) -> None:
    assert _world(question)


@pytest.mark.parametrize("question", [
    "什么时候体检", "开的是什么车", "平时喝什么茶", "周二晚上有什么安排", "住在哪个区", "还抽烟吗", "叫什么来着",
    "家里的狗叫什么名字", "咖啡要加糖吗", "咖啡怎么喝", "我住在哪", "我妈妈住在哪", "那个来自重庆的人叫什么",
    "谁对花粉过敏",
    "Coffee order?", "Dog's name?", "What car again?", "Which night is volleyball?", "Where do I live?",
    "What's the name of the person from Leeds?", "Any food allergies?",
])
def test_a_question_about_the_user(question: str) -> None:
    assert not _world(question)


def test_a_person_of_the_hits_or_who_among_them_is_not_the_world() -> None:
    assert _world("What are Priya's hobbies?")  # nobody stored of that name: no hit names her
    assert not _world("What are Priya's hobbies?", people=("priya",))
    assert _world("老王住在哪里") and not _world("老王住在哪里", people=("老王",))  # a nickname of the hits
    # a relative's job among the hits: which of them
    assert _world("Who is a paramedic?") and not _world("Who is a paramedic?", others=True)
    assert _world("青霉素是谁发现的") and _world("Who created Linux?")


zh = told("zh", ZH_FACTS, AT)
en = told("en", EN_FACTS, AT)


@pytest.mark.parametrize("question", ["漓江在哪个省", "泰山有多高", "咖啡最早是在哪里种植的", "Java和C++有什么区别",
                                      "比亚迪是哪一年成立的", "体检前需要空腹吗"])
def test_a_general_chinese_question_sharing_a_word_gets_no_block(zh, question: str) -> None:
    res = zh.context(question)
    assert res.text == "" and res.reason.startswith("no relevant memories"), (question, res.text)


@pytest.mark.parametrize("question", ["What's the tallest mountain in Africa?", "How long is the Colorado River?",
                                      "How tall is Mount Hood?", "How much caffeine is in a latte?",
                                      "What is Rust's borrow checker?", "Where is Mazda headquartered?"])
def test_a_general_english_question_sharing_a_word_gets_no_block(en, question: str) -> None:
    res = en.context(question)
    assert res.text == "" and res.reason.startswith("no relevant memories"), (question, res.text)


@pytest.mark.parametrize(("question", "fact"), [("什么时候体检", "体检"), ("每年几月去体检", "体检"),
                                                ("早上喝什么咖啡", "美式咖啡"), ("周末常去爬哪座山", "泰山"),
                                                ("老邵是哪里人", "山东")])
def test_a_chinese_question_about_the_user_without_wo_keeps_its_block(zh, question: str, fact: str) -> None:
    assert fact in zh.context(question).text, question


@pytest.mark.parametrize(("question", "fact"), [("Coffee order?", "oat milk latte"),
                                                ("Recommend a restaurant I'd like", "vegetarian"),
                                                ("What car again?", "Mazda"), ("Where did Priya grow up?", "Leeds")])
def test_an_english_question_about_the_user_without_my_keeps_its_block(en, question: str, fact: str) -> None:
    assert fact in en.context(question).text, question


def test_a_word_saying_when_grounds_nothing() -> None:
    """今天天气怎么样 shares only 今天 with the remark 今天好累啊: the day of any question and of any remark
    (round 18: the remark was quoted, as 今天 counted as a topic word and 天天 inside 今天天气 as a routine)."""
    from memcli.read.answer import topic_coverage
    from memcli.read.request import informative_match
    from memcli.read.tokens import query_tokens, when_only

    for q, said in (("今天天气怎么样", "今天好累啊，加班到十点才回家"), ("Any news today?", "Today was exhausting")):
        tokens = query_tokens(q, drop_stopwords=True)
        assert when_only(tokens, said) and topic_coverage(tokens, said) == 0
        assert not informative_match(q, tokens, said) and _world(q), q
    assert not when_only(query_tokens("今天加班到几点", drop_stopwords=True), "今天好累啊，加班到十点才回家")
    assert _world("明天会下雨吗") and _world("Weather today?") and _world("tomorrow's forecast?")
    assert not _world("平时天天喝咖啡吗")  # a routine still is the user's


@pytest.mark.parametrize("question", ["Where was that ramen place?", "Which trail was hiked three years ago?",
                                      "Which gym these days?", "Which bike for commuting?"])
def test_an_english_question_pointing_back_or_choosing_is_about_the_user(question: str) -> None:
    assert not _world(question)


def test_a_general_question_gets_no_quote_of_a_remark_sharing_its_day(mem) -> None:
    say_all(mem, ["今天好累啊，加班到十点才回家", "Today was exhausting, I worked late until ten"], AT)
    for q in ("今天天气怎么样", "今天有什么新闻", "What's the weather like today?", "Weather today?"):
        res = mem.context(q)
        assert res.text == "", (q, res.text)
    assert "加班" in mem.context("我今天加班到几点？").text
