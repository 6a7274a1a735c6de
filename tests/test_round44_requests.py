"""Round 44: a loose request about the user's life hands over the facts of its domain, and only those.

A recommendation or help request (推荐, 吃什么好, 送什么, "what should I", "recommend", "help me pick") names no
attribute and shares no word with the facts that serve it; :mod:`memcli.read.domain_request` reads its domain
(food, activity, gift for the one it names, clothes, exercise, pets) and the domains of the stored facts from their
slots and kinds. Asserted on one real store (default model): the facts of the domain are in the block, a fact of
another domain is not (an allergy to a drug is no food allergy, the user's car is no gift idea), and a request with
no personal side, or of a domain the store holds nothing of, gets no block. Own sentences.
"""

from __future__ import annotations

import pytest

from memcli import Memory
from memcli.read.domain_request import memory_domains, request_domains

FACTS = ["我对花生过敏", "我不吃羊肉", "我对阿司匹林过敏", "我腰椎间盘突出", "我喜欢打乒乓球", "我女儿今年十岁",
         "我女儿喜欢弹钢琴", "我开一辆比亚迪",
         "I'm allergic to sesame", "I keep a kosher diet", "I'm allergic to pollen",
         "I have a torn ligament in my knee",
         "I love pottery classes", "My nephew Theo is 6", "Theo is crazy about trains",
         "Theo plays the violin", "Theo won't eat mushrooms", "I wear a size 8 dress",
         "I have a beagle named Biscuit", "I drive a Volvo"]
BUDGET = 120_000


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory, embedder) -> Memory:  # noqa: ARG001 - the model, loaded once
    m = Memory(db=str(tmp_path_factory.mktemp("req44") / "m.db"), user="u1")
    for text in FACTS:
        m.remember(text, at="2026-09-01")
    yield m
    m.close()


def _block(mem: Memory, message: str) -> str:
    return mem.context(message, budget_ms=BUDGET).text


@pytest.mark.parametrize(("message", "want", "avoid"), [
    ("今天晚饭做点什么好", ["花生", "羊肉"], ["阿司匹林", "腰椎"]),
    ("给我推荐一家馆子", ["花生", "羊肉"], ["阿司匹林"]),
    ("这个周末干点什么好", ["乒乓球"], ["花生", "阿司匹林"]),
    ("女儿生日送她什么礼物好", ["十岁", "钢琴"], ["比亚迪", "花生"]),
    ("我适合做什么运动", ["腰椎"], ["花生", "羊肉"]),
    ("What should I cook for dinner tomorrow?", ["sesame", "kosher"], ["pollen", "knee"]),
    ("Any ideas for a birthday present for Theo?", ["Theo is 6", "trains"], ["Volvo", "sesame"]),
    ("What can I get my nephew for Christmas?", ["trains"], ["Volvo"]),
    ("What should I cook for Theo this weekend?", ["mushrooms"], ["violin"]),
    ("Suggest a workout plan for me", ["knee"], ["sesame", "pollen"]),
    ("Help me pick a dress for the wedding", ["size 8"], ["Volvo", "sesame"]),
    ("What treats should I buy for my dog?", ["beagle"], ["sesame", "kosher"]),
])
def test_request_gets_its_domain(mem: Memory, message: str, want: list[str], avoid: list[str]) -> None:
    text = _block(mem, message)
    assert [w for w in want if w not in text] == [], text
    assert [a for a in avoid if a in text] == [], text


@pytest.mark.parametrize("message", [
    "帮我把这句话翻译成日语", "长城有多长", "推荐几部好看的纪录片", "Write a limerick about autumn",
    "What is the boiling point of mercury?", "Recommend a podcast about history",
])
def test_no_personal_side_stays_silent(mem: Memory, message: str) -> None:
    assert _block(mem, message) == ""


@pytest.mark.parametrize(("question", "domains", "person"), [
    ("晚饭吃点什么好", {"food"}, None), ("母亲节送妈妈什么好", {"gift", "person"}, "mother"),
    ("What should I wear tonight?", {"clothes"}, None), ("Plan a trip for me", {"travel"}, None),
])
def test_request_domains(question: str, domains: set[str], person: str | None) -> None:
    req = request_domains(question)
    assert req is not None and set(req.domains) == domains and req.person == person


@pytest.mark.parametrize("question", ["我平时周末做什么", "What did I cook last night?", "长城有多长",
                                      "街角那家川菜馆怎么样", "我新买的外套怎么样", "Translate this into German"])
def test_recall_or_world_is_no_request(question: str) -> None:
    assert request_domains(question) is None


@pytest.mark.parametrize(("slot", "statement", "domains"), [
    ("allergy.花粉", "我对花粉过敏", {"allergy_other"}), ("allergy.虾", "我对虾过敏", {"food"}),
    ("owns.knee injury", "I have a knee injury", {"exercise"}),
    ("like.chess", "I love chess", {"activity", "travel", "kind:game"}),
    ("owns.car", "I drive a Volvo", set()),
])
def test_memory_domains(slot: str, statement: str, domains: set[str]) -> None:
    assert set(memory_domains(slot, statement)) == domains
