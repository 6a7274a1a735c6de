"""Round 39, the read path: a how-to or a market, weather or news question gets no block; a bare word grounds a memory
of the other language; a quoted turn that repeats a memory shown is left out — own sentences, real SQLite stores, the
real default model.

"How do I cook dumplings?" over a liking of dumplings and a share price over the user's employer had printed the
user's facts (the lexical leg's match on the topic word grounded them): :mod:`memcli.read.how_to` reads both kinds and
``world_fact`` keeps them ungrounded. ``search 咖啡`` over only an English coffee memory had p 0 (a lexical match cannot
cross scripts): :mod:`memcli.read.cross_word` reads the bare word through the encoder. A turn telling again what a
memory says was quoted beside it: :func:`memcli.read.quotes.for_block` now checks the quote against each memory shown.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from _stores import module_store

from memcli.read.cross_word import CROSS_MIN_COS, bare_words, crossed, statement_words
from memcli.read.how_to import asks_market, procedure_rest
from memcli.read.quotes import adds, for_block
from memcli.read.results import Hit
from memcli.read.tokens import query_tokens

AT = "2026-05-04T09:00:00+08:00"


@pytest.mark.parametrize("question", [
    "How do I make pierogi?", "how can i fix a squeaky door hinge", "What's the best way to learn Portuguese?",
    "Teach me how to knit a scarf", "Any good recipe for lemon tart?", "How long do I boil a duck egg?",
    "How to repot an orchid?", "馄饨怎么包", "红烧肉的做法", "如何做红烧肉", "我该怎么修自行车", "普洱茶怎么泡",
    "教我包馄饨",
])
def test_a_how_to_question(question: str) -> None:
    assert procedure_rest(question) is not None, question


@pytest.mark.parametrize("question", [
    "How do I take my tea?",                # a verb of the user's habits
    "How often do I bake bread?",           # a routine's frequency
    "How do I usually cook rice?",          # a routine
    "How do I get to work?",                # no verb of a procedure
    "What did I pay for my laptop?",
    "我怎么去公司",                          # no modal before 怎么: the user's own way
    "我平时怎么做饭的?",                     # a routine
    "咖啡怎么喝",                            # a verb of the user's habits
    "我该怎么办",                            # advice, no procedure
])
def test_no_how_to(question: str) -> None:
    assert procedure_rest(question) is None, question


def test_the_asker_of_a_how_to_is_anyone_but_the_rest_is_read() -> None:
    assert "I" not in (procedure_rest("How do I cook pierogi?") or "I").split()
    assert "my" in (procedure_rest("How do I cook pierogi for my twins?") or "").split()
    assert "我" not in (procedure_rest("我该怎么修自行车") or "我")


@pytest.mark.parametrize(("question", "market"), [
    ("Nvidia stock price?", True), ("What's the exchange rate for the yen?", True),
    ("What's the weather like in Boston today?", True), ("Is it going to rain tomorrow?", True),
    ("What are Volvo shares trading at?", True), ("阿里巴巴今天股价", True), ("明天杭州天气怎么样", True),
    ("金价多少", True),
    ("weather", False), ("天气", False),        # a bare market word: a topic looked up
    ("I love stormy weather", False),          # a statement asks nothing
    ("What did I pay for my laptop?", False), ("我的手机多少钱买的", False),
])
def test_a_market_weather_or_news_question(question: str, market: bool) -> None:
    assert asks_market(question) is market


def _block(store, question: str) -> list[str]:
    res = store.context(question, limit=3)
    return [h["statement"] for h in res.hits] if res.text else []


en = module_store("tomasz", (
    "I've been working at Nvidia since 2021",
    "I absolutely love pierogi",
    "I bake sourdough bread every Sunday",
    "I take my tea with honey and lemon",
    "I paid 1200 dollars for my laptop",
    "My monthly rent is 1800 dollars",
    "I cycle to work every day",
), AT)


@pytest.mark.parametrize("question", [
    "Nvidia stock price?",                       # the employer's share price: a public thing's state
    "How do I make pierogi?",                    # the "I" of a how-to is anyone
    "How can I bake sourdough bread at home?",
    "Any good recipe for pierogi?",
    "What's the best way to fix a laptop hinge?",
    "What's the weather like in Boston today?",
])
def test_a_world_question_gets_no_block_en(en, question: str) -> None:
    assert _block(en, question) == [], question


@pytest.mark.parametrize(("question", "answer"), [
    ("How do I take my tea?", "honey"),
    ("What did I pay for my laptop?", "1200"),
    ("What's my rent?", "1800"),
    ("How do I get to work?", "cycle"),
    ("How often do I bake bread?", "Sunday"),
])
def test_a_question_about_the_user_keeps_its_block_en(en, question: str, answer: str) -> None:
    assert any(answer in s for s in _block(en, question)), (question, _block(en, question))


zh = module_store("xiaoyu", (
    "我在阿里巴巴上班",
    "我特别爱吃馄饨",
    "我平时自己做饭，最拿手的是红烧肉",
    "我每天坐公交去公司",
    "我的手机是去年花四千块买的",
), AT)


@pytest.mark.parametrize("question", ["馄饨怎么包", "红烧肉的做法", "如何做红烧肉", "阿里巴巴今天股价", "手机怎么截图"])
def test_a_world_question_gets_no_block_zh(zh, question: str) -> None:
    assert _block(zh, question) == [], question


@pytest.mark.parametrize(("question", "answer"), [
    ("我怎么去公司", "公交"), ("我平时怎么做饭的?", "做饭"), ("我在哪上班", "阿里巴巴"), ("我的手机多少钱买的", "四千"),
    ("我爱吃什么", "馄饨"),
])
def test_a_question_about_the_user_keeps_its_block_zh(zh, question: str, answer: str) -> None:
    assert any(answer in s for s in _block(zh, question)), (question, _block(zh, question))


def test_a_bare_word_is_only_topic_words() -> None:
    assert bare_words("咖啡", query_tokens("咖啡")) == ["咖啡"]
    assert bare_words("espresso?", query_tokens("espresso?")) == ["espresso"]
    assert bare_words("我喝咖啡吗", query_tokens("我喝咖啡吗")) == []           # a question about the user
    assert bare_words("Where do I work?", query_tokens("Where do I work?")) == []
    assert "green tea" in statement_words("I drink green tea at night")


def test_a_word_crosses_to_its_translation_only(embedder) -> None:
    cache: dict = {}
    embed = embedder.embed_batch
    vice = "I drink an espresso with oat milk, coffee being my vice"
    assert crossed(["咖啡"], vice, embed, cache) == {"咖啡": "coffee"}
    assert crossed(["股票"], "I take my coffee with oat milk", embed, cache) == {}
    assert crossed(["bicycle"], "我每天骑自行车上班", embed, cache) == {"bicycle": "自行车"}
    assert crossed(["咖啡"], "我每天喝咖啡", embed, cache) == {}  # the same script: the lexical leg's
    assert 0.5 < CROSS_MIN_COS < 0.9


oat = module_store("rhiannon", ("I take my coffee with a dash of oat milk",), AT)
cha = module_store("weiming", ("我每天骑自行车上班",), AT)


def _over(store, query: str) -> list[str]:
    return [h.statement for h in store.search(query, limit=3) if not h.below_floor]


def test_a_bare_word_grounds_a_memory_of_the_other_language(oat, cha) -> None:
    assert any("coffee" in s for s in _over(oat, "咖啡"))
    assert any("coffee" in s for s in _block(oat, "咖啡?"))        # asked: a topic looked up, not the world's
    assert any("自行车" in s for s in _over(cha, "bicycle"))
    assert any("自行车" in s for s in _block(cha, "bicycle?"))


def test_an_unrelated_bare_word_stays_empty(oat, cha) -> None:
    assert _over(oat, "股票") == [] and _block(oat, "股票") == []
    assert _over(cha, "piano") == [] and _block(cha, "piano") == []


def test_a_telling_again_adds_nothing() -> None:
    memory = "I keep my bike in the hallway"
    assert not adds("As I told you, I keep my bike in the hallway", [memory])
    assert not adds("我跟你说过的，我把自行车放在走廊", ["我把自行车放在走廊"])
    assert adds("As I told you, I keep my bike in the hallway next to the boiler", [memory])


told_twice = module_store("ffion", (
    "I keep my passport in the top drawer of my desk",
    "Like I said, I keep my passport in the top drawer of my desk",
), AT)


def test_a_quote_repeating_a_memory_shown_is_left_out(told_twice) -> None:
    # the second turn drew no memory (the fact was stored): it was an episode, quoted under the memory it repeats
    assert any("Like I said" in e["text"] for e in told_twice.episodes())
    res = told_twice.context("Where do I keep my passport?", limit=3)
    assert "top drawer" in res.text
    assert "you said" not in res.text, res.text


def _hit(i: int, text: str, origin: str = "extracted", **kw) -> Hit:
    ids = {"episode_id": i} if origin == "episode" else {"id": i}
    return Hit(**ids, statement=text, kind="episode" if origin == "episode" else "other", effective_confidence=0.8,
               valid_from=datetime(2026, 1, 1, tzinfo=UTC), score=0.5, origin=origin, **kw)


def test_a_quote_is_checked_against_each_memory_shown() -> None:
    memory = _hit(1, "I keep my passport in the top drawer of my desk")
    again = _hit(7, "As I told you, I keep my passport in the top drawer of my desk", "episode")
    more = _hit(8, "I keep my passport in the top drawer of my desk, under the tax papers", "episode")
    assert [(h.origin, h.key) for h in for_block([memory, again])] == [("extracted", 1)]
    assert [(h.origin, h.key) for h in for_block([memory, more])] == [("extracted", 1), ("episode", 8)]
    # a memory the gate leaves out carries nothing: the turn is then the carrier
    gated = _hit(2, "I keep my passport in the top drawer of my desk", below_floor=True)
    assert [(h.origin, h.key) for h in for_block([gated, again])] == [("extracted", 2), ("episode", 7)]
    # two memories that hold the turn's words between them are not one that repeats it
    bank, sister = _hit(3, "My sister lives in Cardiff"), _hit(4, "I work at a bank")
    mixed = _hit(9, "My sister works at a bank in Cardiff", "episode")
    assert ("episode", 9) in [(h.origin, h.key) for h in for_block([bank, sister, mixed])]
