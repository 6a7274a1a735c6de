"""Round 46: a question asking for all of a kind gets every current fact of it; one start told twice at two
precisions is one start.

- "What are my plans?", "What pets do I have?", "Which countries have I been to?", 我养了哪些宠物, 我有哪些计划,
  我都去过哪些地方 list every stored fact of the kind (memcli.read.all_of), and only those: the job, an allergy to an
  animal, a car, a plan to go somewhere, a sister's dog or a husband's plan stay out of a list of the user's pets,
  plans or trips; a plan whose date has passed is no current plan. A question of one thing ("What's my cat called?")
  is not a list. Hobbies are pastimes: no taste in food, no dislike.
- Search lists the memory where a short English turn only restates it (memcli.read.quotes.memory_first).
- "In March 2024 I started working at …" then "I started at … on 3 March 2024" is a NOOP that refines the valid time
  to the day (the vaguer telling after the finer one leaves it), not a CONFLICT ending the first; a start told in
  another year still ends it (memcli.write.dated_change.finer_of, memcli.write.pair_dates: "3 March 2024").

Own sentences, real stores (default model): one drained store for the list questions, small ones for the dates.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from memcli import Memory
from memcli.read.all_of import asked_all
from memcli.write.pair_dates import When, when_of

BUDGET = 120_000  # a loaded machine must not change what is asserted
NOW = datetime.now(UTC).replace(microsecond=0)
TURNS = [  # (days before now, what the user said)
    (30, "I'm going to repaint the garage door in the spring"),
    (20, "We plan to visit my aunt in Porto next year"),
    (6, "Next month I'll start learning the oboe"),
    (500, "Next month I'm going to sell the old sofa"),  # its month passed long ago
    (40, "We adopted a tabby cat and named her Crumble"),
    (35, "I also have a parrot called Sunny"),
    (12, "My brother gave me a hamster last week"),
    (28, "I'm allergic to horses"),
    (26, "I drive a grey Skoda"),
    (25, "I earn my living as a pharmacist"),
    (16, "My sister has a golden retriever"),  # hers, not the user's
    (15, "My husband is going to retire next year"),
    (14, "I like spicy ramen"),
    (13, "I hate crowded trains"),
    (11, "My favourite pastime is fly fishing"),
    (10, "I love playing the ukulele"),
    (9, "I visited Morocco in 2019"),
    (8, "Last summer we went to Vietnam"),
    (7, "我去过新疆"),
    (24, "我养了一只橘猫"),
    (23, "我家还有一只鹦鹉"),
    (22, "我打算明年去学潜水"),
    (21, "我计划暑假带孩子去云南"),
    (19, "我去过西安"),
    (18, "我小时候去过哈尔滨"),
    (17, "我在一家医院当护士"),
]


@pytest.fixture(scope="module")
def mem(tmp_path_factory: pytest.TempPathFactory, embedder) -> Memory:  # noqa: ARG001 - loaded once
    m = Memory(db=str(tmp_path_factory.mktemp("list46") / "m.db"), user="u46")
    for days, text in TURNS:
        m.capture(text, at=(NOW - timedelta(days=days)).isoformat())
    s = m.drain()
    assert s.dead == 0 and s.retried == 0, s.errors
    yield m
    m.close()


def _block(mem: Memory, question: str) -> str:
    return mem.context(question, budget_ms=BUDGET).text


@pytest.mark.parametrize(("question", "listed", "left"), [
    ("What are my plans?", ["garage door", "Porto", "oboe"], ["sofa", "pharmacist", "tabby", "Skoda", "retire"]),
    ("What pets do I have?", ["tabby", "parrot", "hamster"], ["horses", "Skoda", "pharmacist", "oboe", "retriever"]),
    ("我养了哪些宠物？", ["橘猫", "鹦鹉"], ["护士", "潜水", "西安"]),
    ("我有哪些计划？", ["潜水", "云南"], ["橘猫", "护士", "哈尔滨"]),
    ("我都去过哪些地方？", ["西安", "哈尔滨", "新疆"], ["护士", "橘猫", "云南"]),  # (云南: a plan, not been)
    ("Which countries have I been to?", ["Morocco", "Vietnam"], ["Porto", "oboe", "pharmacist"]),
    ("What are my hobbies?", ["fly fishing", "ukulele"], ["ramen", "crowded trains", "pharmacist"]),  # no taste
])
def test_a_list_question_gets_every_fact_of_its_kind_and_only_those(mem: Memory, question: str, listed: list[str],
                                                                     left: list[str]) -> None:
    text = _block(mem, question)
    for word in listed:
        assert word in text, (question, word, text)
    for word in left:
        assert word not in text, (question, word, text)


def test_a_question_of_one_thing_is_no_list(mem: Memory) -> None:
    assert asked_all("What's my cat called?") is None
    assert asked_all("What are my plans for Saturday?") is None  # a plan of one day: the gate's question
    assert asked_all("我的猫叫什么？") is None
    assert asked_all("What are my plans?").plan  # type: ignore[union-attr]
    assert "bird" in asked_all("Which pets do we have?").kinds  # type: ignore[union-attr]
    assert asked_all("我有哪些爱好？").slots == ("like",)  # type: ignore[union-attr]
    text = _block(mem, "What's my cat called?")
    assert "Crumble" in text and "parrot" not in text and "hamster" not in text, text


def test_a_day_first_date_is_read_whole() -> None:
    said = datetime(2026, 6, 1, tzinfo=UTC)
    assert when_of("I started at Acme on 3 March 2024", said) == When(2024, 3, 3)
    assert when_of("We met on 12 May 2020", said) == When(2020, 5, 12)
    assert when_of("I bought 2 dec cards", said) is None  # an abbreviation after a number is no month
    assert when_of("I have 3 may be more", said) is None


def _told_twice(tmp_path, first: str, then: str) -> tuple[list, list]:  # noqa: ANN001 - pytest's tmp_path
    m = Memory(db=str(tmp_path / "d.db"), user="d46")
    try:
        m.capture(first, at="2026-05-01T09:00:00+00:00")
        m.drain()
        m.capture(then, at="2026-06-01T09:00:00+00:00")
        m.drain()
        items = m.list(include_all=True)
        return [i for i in items if i.invalid_at is None], [i for i in items if i.invalid_at is not None]
    finally:
        m.close()


@pytest.mark.parametrize(("first", "then", "day"), [
    ("In March 2024 I started working at Calder Print", "I started at Calder Print on 3 March 2024", "2024-03-03"),
    ("I started working at Calder Print on 3 March 2024", "I joined Calder Print in March 2024", "2024-03-03"),
    ("In 2021 I moved to Lyon", "I moved to Lyon in June 2021", "2021-06-01"),
    # Chinese: one start too, dated finer as the English (round 47: zh_dates reads a written date into valid time)
    ("2024年3月我开始在星河印刷上班", "2024年3月3日我开始在星河印刷上班", "2024-03-03"),
])
def test_one_start_told_at_two_precisions_is_one_memory_dated_finer(tmp_path, embedder, first: str, then: str,  # noqa: ANN001, ARG001
                                                                     day: str) -> None:
    active, ended = _told_twice(tmp_path, first, then)
    assert len(active) == 1 and not ended, (active, ended)
    assert active[0].confirmations == 2  # the first memory, told again: a NOOP
    assert active[0].valid_from.date().isoformat() == day


def test_a_start_told_in_another_year_still_ends_the_first(tmp_path, embedder) -> None:  # noqa: ANN001, ARG001
    active, ended = _told_twice(tmp_path, "I started at Calder Print in 2023",
                                "I started at Calder Print in March 2024")
    assert [i.statement for i in active] == ["I started at Calder Print in March 2024"]
    assert [i.statement for i in ended] == ["I started at Calder Print in 2023"]


@pytest.mark.parametrize(("question", "statement", "slot", "listed"), [
    ("What languages do I speak?", "I can get by in Portuguese", None, True),
    ("What languages do I speak?", "My wife speaks Italian", None, False),
    ("What pets do I have?", "My mum's cat is called Tiger", None, False),
    ("What pets do I have?", "My son and I have a rabbit", None, True),
    ("What pets do I have?", "I'm scared of dogs", None, False),  # an animal met or feared is no pet
    ("What pets do I have?", "Grandad keeps pigeons", "grandfather.owns.pigeon", False),
    ("我有哪些计划？", "我妹妹打算明年出国", None, False),
])
def test_a_list_holds_the_users_own(question: str, statement: str, slot: str | None, listed: bool) -> None:
    from memcli.read.all_of import of_kind

    assert of_kind(asked_all(question), statement, slot) is listed  # type: ignore[arg-type]


def test_search_lists_the_memory_a_turn_only_restates(tmp_path, embedder) -> None:  # noqa: ANN001, ARG001
    """A short turn whose memory holds its words (its "last year" held by the memory's date), or a turn its memory
    holds word for word, is listed as the memory; a turn that tells more stays, naming its memory."""
    now = datetime.now(UTC)
    with Memory(db=str(tmp_path / "e.db"), user="e46") as m:
        for n, text in enumerate(["Last year I flew to Iceland",
                                  "We went to Peru in 2023 and my brother got altitude sickness in Cusco",
                                  "Phew, what a week. I finally got my welding certificate.",
                                  "My favourite snack is salted almonds"]):
            m.capture(text, at=(now - timedelta(days=10 - n)).isoformat())
        m.drain()
        iceland = m.search("Which countries have I been to?")
        peru = m.search("Who got altitude sickness?")
        welding = m.search("What certificate did I get?")
    assert iceland[0].origin == "extracted" and "Iceland" in iceland[0].statement, iceland
    assert not [h for h in iceland if h.origin == "episode" and "Iceland" in h.statement], iceland
    assert peru[0].origin == "extracted" and "Cusco" in peru[0].statement, peru
    assert not [h for h in peru if h.origin == "episode" and "Peru" in h.statement], peru
    assert welding[0].origin == "episode" and welding[0].memory_ids, welding  # "Phew, what a week" is more
