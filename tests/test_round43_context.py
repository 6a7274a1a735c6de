"""Round 43: ``context`` is never empty-handed for want of time, and hands over only what a request needs.

- The hard budget: the lexical ranking's block is assembled as soon as that ranking exists and kept; at the deadline
  the caller gets the best block ready then (the whole one, else the lexical one), and "ran out of time" stays
  apart from "nothing relevant". Asserted by hooks that hold the rest of retrieval past the deadline and slow the
  assembly down, not by wall times of a loaded machine (speed: bench/bench_context_load.py).
- The window leg answers questions about a time ("What did I read today?", 我今天干什么了), not every message naming
  one: a telling (今晚给我老婆做饭) or a suggestion asked ("any ideas?", 做什么好) says when a thing is to be done.

Own sentences, one real store (default model) for the file: facts remembered a month ago, events today.
"""

from __future__ import annotations

import threading
import time
from datetime import UTC, datetime, timedelta

import pytest

from memcli import Memory
from memcli.cli.jsonout import emit_context
from memcli.read import context as context_mod
from memcli.read import past_facts
from memcli.read.past_facts import asks_time
from memcli.read.time_intent import relative_window, suggestion_asked

OLD = ["My wife Priya is allergic to sesame", "Priya doesn't eat beef",
       "I have run a small pharmacy in Bristol for years", "我老公叫陈刚，他不吃辣", "陈刚对花生过敏"]
TODAY = ["I got the car's tyres changed this morning", "It's my grandmother's 90th birthday today",
         "I finished a jigsaw puzzle of a lighthouse today", "我今天下午去银行办了张卡", "今天是我外公的生日"]
BUDGET = 120_000  # a loaded machine must not change what is asserted where time is not the subject


def _noon_zone() -> str:
    """An IANA zone where it is about midday now: "today" holds the turns told a minute ago, whatever the hour."""
    hours = max(-12, min(12, 12 - datetime.now(UTC).hour))
    return "UTC" if hours == 0 else f"Etc/GMT{-hours:+d}"  # (Etc/GMT-5 is five hours ahead of UTC)


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory, embedder) -> Memory:  # noqa: ARG001 - the model, loaded once
    m = Memory(db=str(tmp_path_factory.mktemp("ctx43") / "m.db"), user="u1", timezone=_noon_zone())
    now = datetime.now(UTC)
    for i, text in enumerate(OLD):
        m.remember(text, at=now - timedelta(days=30, minutes=i))
    for i, text in enumerate(TODAY):
        m.remember(text, at=now - timedelta(minutes=2 + i))
    yield m
    m.close()


def _shown(mem: Memory, message: str) -> list[str]:
    return [h["statement"] for h in mem.context(message, budget_ms=BUDGET).hits]


# -- the window leg ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("message", "asks"), [
    ("今晚给我老公做饭，做什么好？", False), ("今晚给我老公做饭", False), ("这个周末带老公去哪玩比较好？", False),
    ("明天要不要给外婆打个电话？", False), ("今晚吃什么好？", False), ("我平时周末干嘛？", False),
    ("Cooking for my wife tonight, any ideas?", False), ("What should I make for dinner tonight?", False),
    ("I'm taking Priya to the theatre tomorrow", False), ("Can you suggest a film for this weekend?", False),
    ("Not sure what to cook tonight", False), ("Write a poem about yesterday", False),
    ("我今天干什么了？", True), ("我今晚有什么安排", True), ("我昨天去哪了？", True),
    ("What did I do today?", True), ("What am I doing next week?", True), ("Who did I meet last Tuesday?", True),
])
def test_a_time_word_is_a_question_about_that_time_only_when_the_message_asks_it(message: str, asks: bool) -> None:
    assert asks_time(message) is asks
    window = past_facts.asked_window(message, "en" if message.isascii() else "zh", None, UTC)
    assert (window is not None) is asks  # every message here names a time: the window is read exactly when asked
    if not asks:
        assert relative_window(message, datetime.now(UTC), UTC) is not None or "平时" in message


def test_a_suggestion_is_read_in_both_languages() -> None:
    assert suggestion_asked("what's a good place to eat tonight")
    assert suggestion_asked("周末去哪玩合适")
    assert not suggestion_asked("What did I do on Friday?") and not suggestion_asked("我周五做了什么")
    assert not suggestion_asked("我今天好像很好")  # 好 after no question word asks no choice


def test_a_request_about_a_relative_gets_their_facts_not_todays_events(mem: Memory) -> None:
    shown = _shown(mem, "今晚给我老公做饭，做什么好？")
    assert any("不吃辣" in s for s in shown), shown
    assert not any(w in s for s in shown for w in ("银行", "外公", "tyres", "jigsaw", "grandmother")), shown
    shown = _shown(mem, "Cooking for my wife tonight, any ideas?")
    assert not any(w in s for s in shown for w in ("银行", "外公", "tyres", "jigsaw", "grandmother")), shown


@pytest.mark.parametrize(("question", "answer"), [
    ("What did I do today?", "jigsaw"), ("我今天干什么了？", "银行"), ("What did I finish today?", "jigsaw"),
])
def test_a_question_about_the_day_keeps_its_events(mem: Memory, question: str, answer: str) -> None:
    shown = _shown(mem, question)
    assert any(answer in s for s in shown), shown
    assert not any("sesame" in s or "花生" in s for s in shown), shown  # a month-old fact is no event of today


# -- the hard budget -----------------------------------------------------------------------------------------------

@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch):
    """The retrieval after its lexical ranking held until the test ends (as a dense leg or a rank missing the
    deadline is), and every block's assembly slowed by 0.3 s."""
    release = threading.Event()
    finish, assemble = past_facts.finish, context_mod.assemble

    def stuck(*a, **kw):  # noqa: ANN002, ANN003, ANN202
        release.wait(30)
        return finish(*a, **kw)

    def slow(*a, **kw):  # noqa: ANN002, ANN003, ANN202
        time.sleep(0.3)
        return assemble(*a, **kw)

    monkeypatch.setattr(past_facts, "finish", stuck)
    monkeypatch.setattr(context_mod, "assemble", slow)
    yield
    release.set()


def test_the_lexical_block_ready_before_the_deadline_is_handed_over(mem: Memory, held: None) -> None:
    r = mem.context("Does Priya eat beef?", budget_ms=2500, fmt="json")
    # the lexical block was assembled on the worker as soon as its ranking existed, 0.3 s of assembly included;
    # before, it was assembled on the caller's thread 40 ms before the deadline and dropped as late
    assert "Priya doesn't eat beef" in r.text, r
    assert r.degraded == "lexical only: the dense leg had not finished" and r.reason is None
    assert r.retrieval["legs_run"] == ["lexical"] and r.timings_ms["block"] >= 300
    assert r.timings_ms["retrieval"] + r.timings_ms["block"] <= 2500 <= r.elapsed_ms  # ready in time; waited no more


def test_out_of_time_stays_apart_from_nothing_relevant(mem: Memory, held: None, capsys) -> None:
    r = mem.context("What's the capital of Peru?", budget_ms=1500, fmt="json")
    assert r.text == "" and r.degraded and r.cut_short  # nothing lexical, and the rest cut short: said so
    emit_context(r, "text")
    assert "the time budget cut the search short (lexical only" in capsys.readouterr().err
    r = mem.context("Does Priya eat beef?", budget_ms=1, fmt="json")  # no block ready at all
    assert r.text == "" and r.reason.startswith("budget exceeded: retrieval not done") and r.retrieval == {}


def test_the_whole_block_in_time_is_not_degraded(mem: Memory) -> None:
    r = mem.context("Does Priya eat beef?", budget_ms=BUDGET, fmt="json")
    assert "Priya doesn't eat beef" in r.text and r.degraded is None
    assert "dense" in r.retrieval["legs_run"] and set(r.timings_ms) == {"retrieval", "block"}
