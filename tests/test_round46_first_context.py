"""Round 46: a library's first ``context`` while the read path still loads answers from the lexical leg, and
``warm()`` does what the warm-up at open does, its questions to the store included.

The read path's loading is held back by the loader's build waiting on an event (a new process under load, whose
imports take longer than the budget); the store, the model and the lexical leg are the real ones.
"""

from __future__ import annotations

import threading

import pytest

from memcli import Memory
from memcli.memory_read import ReadPathLoader
from memcli.read.first_block import LOADING

FACTS = ["I live in Lisbon", "My sister lives in Porto", "My sister works as a nurse in Lyon",
         "I visited Japan last spring", "我对花生过敏", "我妈妈住在杭州"]


@pytest.fixture(scope="module")
def store(tmp_path_factory, embedder) -> str:
    db = str(tmp_path_factory.mktemp("first46") / "m.db")
    with Memory(db=db, user="rosa", embedder=embedder) as mem:
        for text in FACTS:
            assert mem.remember(text).decision == "ADD"
    return db


@pytest.fixture
def loading(store, embedder):
    """``(mem, gate)``: a Memory whose read path is not loaded until ``gate`` is set (or 30 s pass)."""
    gate = threading.Event()
    mem = Memory(db=store, user="rosa", embedder=embedder)
    mem._read_loader = ReadPathLoader(lambda: (gate.wait(30), mem.context_builder)[1])
    yield mem, gate
    gate.set()
    mem.close()


def _lines(res) -> list[str]:  # noqa: ANN001
    return [h["statement"] for h in res.hits]


def test_the_first_call_answers_from_the_lexical_leg_while_the_read_path_loads(loading):
    mem, _ = loading
    res = mem.context("Where does my sister live?", budget_ms=1500)
    assert _lines(res) == ["My sister lives in Porto"]  # every word asked: not her job in Lyon, not my home
    assert res.degraded == LOADING and res.reason is None and "My sister lives in Porto" in res.text
    assert res.hits[0]["subject"] == "sister" and res.retrieval["legs_run"] == ["lexical"]
    zh = mem.context("我对什么过敏？", budget_ms=1500, fmt="messages", system="Be brief.")
    assert _lines(zh) == ["我对花生过敏"] and zh.lang == "zh"
    assert [m["role"] for m in zh.messages] == ["system", "system"] and "我对花生过敏" in zh.messages[1]["content"]


def test_the_lexical_answer_keeps_the_read_paths_rules(loading):
    mem, _ = loading
    mine = mem.context("Where do I live?", budget_ms=1500)
    assert _lines(mine) == ["I live in Lisbon"]  # the sister's home does not answer a question about the user
    for asked in ("What is the capital of Japan?", "thanks, that's all", "谁住在北京？"):
        res = mem.context(asked, budget_ms=600)  # no memory holds every word asked; small talk asks nothing
        assert res.text == "" and res.hits == [] and res.reason.startswith("budget exceeded: the read path was")
    dated = mem.context("Where does my sister live?", budget_ms=600, as_of="2026-01-01")
    assert dated.text == "" and dated.reason.startswith("budget exceeded")  # what the lexical answer cannot honour


def test_a_read_path_ready_within_the_budget_gives_the_full_block(loading):
    mem, gate = loading
    threading.Timer(0.2, gate.set).start()
    res = mem.context("我妈妈住在哪里？", budget_ms=20_000)
    assert res.degraded is None and res.reason is None and _lines(res) == ["我妈妈住在杭州"]
    assert res.hits[0]["subject"] == "mother" and res.retrieval["legs_run"] != ["lexical"]
    again = mem.context("Where does my sister live?", budget_ms=20_000)
    assert again.degraded is None and "My sister lives in Porto" in again.text


def test_warm_does_what_the_warm_up_at_open_does(store, embedder):
    with Memory(db=store, user="rosa", embedder=embedder) as mem:
        out = mem.warm()
        assert out["rehearsed"] is True  # both questions asked of this store, none given way
        assert set(out) == {"online_s", "read_path_s", "encoder_s", "rehearse_s", "encoder", "rehearsed"}
        assert out["encoder"].startswith("use-multilingual-v3") and min(
            v for k, v in out.items() if k.endswith("_s")) >= 0
        res = mem.context("Where does my sister live?", budget_ms=20_000)
        assert res.degraded is None and _lines(res)[0] == "My sister lives in Porto"
