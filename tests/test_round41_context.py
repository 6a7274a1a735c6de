"""Round 41: the context block of an agent that calls ``context`` before every reply.

- A message that tells (news, a remark) gets only the memories it is about (memcli.read.told): not every stored
  allergy for "I'm allergic to penicillin"; questions get what they got.
- One fact once: a line another line of the block holds whole is left out, the fuller one stays (memcli.read.repeats).
- A hedge of another clause of the turn does not make a changed plan "unsure" (confidence rule 1, per fact).
- MCP tool errors name the tool and the fix (memcli.mcp_errors); the library's texts stay.

Own sentences, one real store (default model) for the file, drained once.
"""

from __future__ import annotations

import pytest

from memcli import Memory
from memcli.errors import BadInputError, NotFoundError, StoreLockedError
from memcli.governance.confidence import extracted, hedges
from memcli.mcp_errors import tool_error
from memcli.read.repeats import holds_whole, without_repeats
from memcli.read.told import tells
from memcli.tools import call_tool

TOLD = ["I'm allergic to shellfish", "I'm a big fan of bluegrass music", "My brother Idris works as a paramedic",
        "I drive an old grey Volvo estate", "I love Korean barbecue", "I love Korean barbecue, especially pork belly",
        "I'm training for the Lisbon half marathon", "我对虾过敏", "我喜欢听评书", "我姐姐在武汉当老师",
        "我喜欢喝普洱茶", "我喜欢喝普洱茶，尤其是熟普", "我开一辆银色的大众"]
PLANS = [("I'm flying to Vienna in April", "Change of plans: I'm flying to Prague in April, I think Vienna was too "
          "pricey"), ("我国庆去桂林玩", "桂林估计人太多，国庆改去大理了")]
BUDGET = 120_000  # a loaded machine must not change what is asserted


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory, embedder) -> Memory:  # noqa: ARG001 - the model, loaded once
    db = str(tmp_path_factory.mktemp("ctx41") / "m.db")
    m = Memory(db=db, user="u1")
    for i, text in enumerate(TOLD):
        m.capture(text, at=f"2026-10-{1 + i:02d}T09:00:00Z")
    with Memory(db=db, user="u2") as plans:
        for old, new in PLANS:
            plans.capture(old, at="2026-09-01T09:00:00Z")
            plans.capture(new, at="2026-09-20T09:00:00Z")
        plans.drain()
    m.drain()
    yield m
    m.close()


def _block(mem: Memory, message: str) -> tuple[list[str], object]:
    r = mem.context(message, budget_ms=BUDGET)
    return [h["statement"] for h in r.hits], r


@pytest.mark.parametrize("message", ["I'm allergic to penicillin", "我对青霉素过敏"])
def test_news_of_another_allergy_gets_no_list_of_allergies(mem: Memory, message: str) -> None:
    shown, r = _block(mem, message)
    assert shown == [] and r.dropped_not_told >= 1 and "the message tells" in r.reason, (shown, r.reason)


@pytest.mark.parametrize(("message", "about"), [
    ("I'm not allergic to shellfish anymore", "I'm allergic to shellfish"),  # the news contradicts it
    ("I just bought a new car", "I drive an old grey Volvo estate"),  # a car: the one it may replace
    ("我买了一辆新车", "我开一辆银色的大众"),
    ("My brother just got promoted to station manager", "My brother Idris works as a paramedic"),  # his job
    ("我姐姐换工作了", "我姐姐在武汉当老师"),
    ("Thanks, the marathon went great", "I'm training for the Lisbon half marathon"),
])
def test_news_keeps_the_memory_it_is_about(mem: Memory, message: str, about: str) -> None:
    shown, r = _block(mem, message)
    assert about in shown, (shown, r.reason)
    if message.startswith("I'm not allergic"):
        assert "我对虾过敏" not in shown  # shrimp is another member of the list, not the one the news is about


@pytest.mark.parametrize(("question", "wanted"), [
    ("What am I allergic to?", {"I'm allergic to shellfish", "我对虾过敏"}),
    ("我对什么过敏", {"I'm allergic to shellfish", "我对虾过敏"}),
])
def test_questions_get_what_they_got(mem: Memory, question: str, wanted: set[str]) -> None:
    shown, r = _block(mem, question)
    assert wanted <= set(shown) and r.dropped_not_told == 0


@pytest.mark.parametrize(("question", "fuller", "shorter"), [
    ("Do I like Korean barbecue?", "I love Korean barbecue, especially pork belly", "I love Korean barbecue"),
    ("我喜欢喝什么茶", "我喜欢喝普洱茶，尤其是熟普", "我喜欢喝普洱茶"),  # a memory and the quote of its turn
])
def test_one_fact_once_the_fuller_line(mem: Memory, question: str, fuller: str, shorter: str) -> None:
    shown, r = _block(mem, question)
    assert fuller in shown and shorter not in shown and r.dropped_repeats == 1, shown
    assert shorter in [it.statement for it in mem.list()]  # the store keeps both: the block alone chooses


def test_a_hedge_of_another_clause_leaves_the_changed_plan_sure(mem: Memory) -> None:
    with Memory(settings=mem.settings.model_copy(update={"user": "u2"})) as plans:
        items = plans.list(include_all=True)
    new = {it.statement: it for it in items if it.status == "active"}
    assert new["Change of plans: I'm flying to Prague in April"].confidence == 0.8
    assert new["我国庆改去大理了"].confidence == 0.8
    assert any(it.statement == "I'm flying to Vienna in April" and it.status != "active" for it in items)


@pytest.mark.parametrize(("text", "statement", "hedged"), [
    ("Change of plans: I'm flying to Prague in April, I think Vienna was too pricey", "Vienna was too pricey", True),
    ("I think my cousin lives in Graz", "My cousin lives in Graz", True),
    ("My cousin lives in Graz, I believe", "My cousin lives in Graz", True),  # a clause that only hedges
    ("Not sure if it's still true, but my cousin lives in Graz", "My cousin lives in Graz", True),
    ("我表姐好像在青岛工作", "我表姐在青岛工作", True),
    ("好像是吧，我表姐在青岛工作", "我表姐在青岛工作", True),
    ("我表姐在青岛工作，那边估计挺冷", "我表姐在青岛工作", False),
])
def test_hedge_read_on_the_fact_clauses(text: str, statement: str, hedged: bool) -> None:
    assert hedges(text, statement) is hedged
    assert extracted(text, None, statement) == (0.45 if hedged else 0.8)
    assert extracted(text) == 0.45  # the turn alone, as before


@pytest.mark.parametrize(("message", "telling"), [
    ("I'm allergic to penicillin", True), ("Just got back from a week in Crete", True),
    ("我哥哥下个月结婚", True), ("Thank you, my nephew loved the kite", True), ("谢谢你，我外甥很喜欢那个风筝", True),
    ("What am I allergic to", False), ("Do I still drive the Volvo", False), ("我对什么过敏", False),
    ("我哥哥多大了", False), ("Remind me what my brother does", False),
    ("I forgot when my nephew's birthday is", False), ("Write a poem about my dog", False),
    ("帮我给我姐姐写一段生日祝福", False), ("coffee", False), ("我妈妈的生日", False),
    ("my brother", False), ("I'm allergic to penicillin, what can I take for a sore throat?", False),
    ("You were right about the bakery", False), ("我姐姐是不是在武汉", False),
])
def test_tells(message: str, telling: bool) -> None:
    assert tells(message) is telling


@pytest.mark.parametrize(("shorter", "fuller", "held"), [
    ("I love Korean barbecue", "I love Korean barbecue, especially pork belly", True),
    ("我喜欢喝普洱茶", "我喜欢喝普洱茶，尤其是熟普", True),
    ("I love Korean barbecue", "I don't love Korean barbecue anymore", False),  # turned around
    ("I love Korean barbecue", "I love Korean barbecue, but not anymore", False),
    ("I love Korean barbecue", "I love Korean barbecue but not pork belly", False),  # a "not" in the rest: both stay
    ("我喜欢猫", "我以前喜欢猫", False), ("我喜欢猫", "我不喜欢猫", False),
    ("I love cats", "I love catsup on fries", False),  # a word, not a piece of one
    ("My aunt visits my mother", "My mother visits my aunt every week", False),  # another order: another fact
    ("I ski", "I ski in Norway", False),  # one word: too little to be a fact of its own
])
def test_holds_whole(shorter: str, fuller: str, held: bool) -> None:
    assert holds_whole(shorter, fuller) is held


def test_without_repeats_keeps_the_rank_of_the_better(mem: Memory) -> None:
    hits = mem.search("Korean barbecue pork belly bluegrass", limit=5)
    by = {h.statement: h for h in hits}
    order = [by["I love Korean barbecue"], by["I'm a big fan of bluegrass music"],
             by["I love Korean barbecue, especially pork belly"]]
    kept, n = without_repeats(order)
    assert [h.statement for h in kept] == ["I love Korean barbecue, especially pork belly",
                                           "I'm a big fan of bluegrass music"] and n == 1


def test_mcp_errors_name_the_tool_and_the_fix(mem: Memory) -> None:
    with pytest.raises(NotFoundError) as missing:
        call_tool(mem, "forget", {"id": 9999})
    assert str(missing.value) == "no memory with id 9999 for user 'u1'"  # the library's text stays
    said = tool_error("forget", missing.value)
    assert said.startswith("forget: no memory #9999 among this user's memories; nothing was done; find the memory "
                           "with search") and "u1" not in said
    with pytest.raises(BadInputError) as bad:
        call_tool(mem, "search", {"query": "  "})
    said = tool_error("search", bad.value)
    assert said.startswith("search: query: is empty; nothing was done; call it as {\"query\"") and \
        said.count("search:") == 1
    with pytest.raises(BadInputError) as long:
        call_tool(mem, "remember", {"text": "t" * 5000})
    said = tool_error("remember", long.value)
    assert said.startswith("remember: text is 5000 characters; the limit is 4000;") and "max_text_chars" not in said
    assert said.endswith("pass one short statement of the fact")
    busy = tool_error("remember", StoreLockedError("database is locked"))
    assert busy == "remember: database is locked; nothing was done; the memory store is busy or unavailable: try " \
                   "the call again later"
