"""Round 44: English read-path leftovers of round 43.

- A kind asked of a thing named only as a modifier ("our caravan insurance firm") is not the thing's kind, and a
  school subject by name answers "what subject" (memcli.read.asked_thing.modifiers_dropped; kinds' ``subject``).
- An alternative question ("Do I drive or take the bus to work?") is answered by a third thing of a family that is
  one choice (a bike: *neither*), and "than me" is the standard of a comparison, not its subject
  (memcli.read.compare.offers_alternatives; memcli.read.mismatch.asks_me).
- A start told by its calendar date ("since 2019", "since May 2023", "since the 5th of April") is valid from that
  date, in a sentence and in a short reply (memcli.write.rules.en_since; memcli.reltime.moved_back).

Own sentences, one real store (default model) for the file: each behaviour its own user, drained once.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from memcli import Memory
from memcli.read.asked_thing import modifiers_dropped
from memcli.read.compare import offers_alternatives
from memcli.read.kinds import kind_feature, kinds_of
from memcli.reltime import moved_back
from memcli.write.rules.en_since import past_span

BUDGET = 120_000  # a loaded machine must not change what is asserted
AT = "2026-05-04T09:00:00+00:00"
ASK = "2026-06-01T09:00:00+00:00"
TURNS = {
    "choice": [
        ("user", "My older sister Greta is a dentist in Bergen."), ("user", "I ride my bike to the depot most days."),
        ("user", "I'd take rooibos over any other drink."), ("user", "We have a ginger cat called Mango."),
        ("user", "My cousin works as a sound engineer."),
    ],
    "teach": [
        ("user", "Long week. At least coaching the under-14s and teaching geography keeps me busy."),
        ("user", "We sold our little yacht to my neighbour in April."),
        ("user", "My favourite painter is Frida Kahlo."),
    ],
    "since": [
        ("user", "I've lived in Dundee since 2019."),  # and a start of another thing below ends nothing of it
        ("assistant", "How long have you been a vegan?"), ("user", "Since May 2023."),
        ("assistant", "How long have you been at the library?"), ("user", "Since the 5th of April."),
        ("user", "I've been learning the harp since February."),
    ],
}


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory, embedder) -> dict[str, Memory]:  # noqa: ARG001 - loaded once
    db = str(tmp_path_factory.mktemp("en44") / "m.db")
    out = {u: Memory(db=db, user=u) for u in TURNS}
    for user, said in TURNS.items():
        for n, (role, text) in enumerate(said):
            out[user].capture(text, role=role, at=f"2026-05-04T09:{n:02d}:00+00:00")
    for m in out.values():
        s = m.drain()
        assert s.dead == 0 and s.retried == 0, s.errors
    yield out
    for m in out.values():
        m.close()


def _block(m: Memory, q: str) -> str:
    return m.context(q, budget_ms=BUDGET, as_of=ASK).text


# -- 1. the kind of the thing asked ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "kept"), [
    ("What's our yacht insurance firm?", "What's our   insurance firm?"),  # a company asked, not a yacht
    ("What's my car insurance renewal date?", "What's my   insurance renewal date?"),
    ("What dog breed do I have?", "What dog breed do I have?"),  # a sort of dog: the dog's kind
    ("What dog food do I buy?", "What dog food do I buy?"),  # the head is a kind of its own
    ("What car do I drive?", "What car do I drive?"),
    ("Which dance class do I take?", "Which dance class do I take?"),  # a class of the activity: a dance
])
def test_a_modifier_names_no_kind_of_the_thing_asked(question: str, kept: str) -> None:
    assert modifiers_dropped(question) == kept


def test_a_school_subject_is_a_kind_of_its_own_family() -> None:
    assert kinds_of("I teach maths and physics at a sixth-form college") == frozenset({"subject"})
    assert kind_feature("What subject do I teach?", "I teach economics") == 1
    assert kind_feature("What music do I like?", "I teach economics") == 0  # another family: no veto


@pytest.mark.parametrize(("question", "answer"), [
    ("What subject do I teach?", "geography"),  # told only in a turn: the kind held, not unheld
    ("Who is my favourite painter?", "Kahlo"),
])
def test_a_subject_told_in_passing_answers(stores: dict[str, Memory], question: str, answer: str) -> None:
    assert answer in _block(stores["teach"], question)


def test_a_modifier_only_near_miss_gets_no_block(stores: dict[str, Memory]) -> None:
    assert _block(stores["teach"], "What's our yacht insurance company?") == ""


# -- 2. alternatives ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("question", "offers"), [
    ("Do I prefer tea or coffee?", True), ("Is my sister in Oslo or Bergen?", True),
    ("What do I drink, tea or coffee?", True), ("Do I like coffee or not?", False),
    ("Where does my sister live?", False), ("我喜欢茶还是咖啡", False),
])
def test_an_alternative_question(question: str, offers: bool) -> None:
    assert offers_alternatives(question) is offers


@pytest.mark.parametrize(("question", "answer"), [
    ("Do I drive or take the bus to work?", "bike"),  # neither: a third way to travel
    ("Is Greta older or younger than me?", "older sister"),  # "than me": the standard, not the subject
    ("Is my sister a dentist or a doctor?", "dentist"),
    ("Do I prefer tea or coffee?", "rooibos"),
    ("Do we have a cat or a dog?", "cat"),
])
def test_an_alternative_question_gets_the_memory_that_decides_it(stores: dict[str, Memory], question: str,
                                                                  answer: str) -> None:
    assert answer in _block(stores["choice"], question)


@pytest.mark.parametrize("question", ["Do I prefer Netflix or Disney?", "Is my uncle in Leeds or York?"])
def test_an_alternative_nothing_decides_gets_no_block(stores: dict[str, Memory], question: str) -> None:
    assert _block(stores["choice"], question) == ""


# -- 3. a start by its calendar date -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("words", "span", "day"), [
    ("since 2019", ("on_date", 20190101), "2019-01-01"), ("since may 2023", ("on_date", 20230501), "2023-05-01"),
    ("since the 5th of april", ("month_day", 405), "2026-04-05"), ("since june 20th", ("month_day", 620), "2025-06-20"),
    ("from 3 march 2024 on", ("on_date", 20240303), "2024-03-03"), ("since march", ("month_of", 3), "2026-03-01"),
    ("since march 2030", ("on_date", 20300301), "2026-05-04"),  # ahead of when it was said: no start
    ("since april 31st", ("month_day", 431), "2026-05-04"),  # no such day
])
def test_a_start_by_its_date(words: str, span: tuple[str, int], day: str) -> None:
    assert past_span(words) == span
    assert moved_back(datetime(2026, 5, 4, 9, tzinfo=UTC), *span).date().isoformat() == day


@pytest.mark.parametrize(("words", "day"), [
    ("Dundee since 2019", "2019-01-01"), ("vegan since May 2023", "2023-05-01"),  # the reply read with its question
    ("library since the 5th of April", "2026-04-05"), ("harp since February", "2026-02-01"),
])
def test_the_stored_fact_is_valid_from_its_start(stores: dict[str, Memory], words: str, day: str) -> None:
    items = [i for i in stores["since"].list() if words in i.statement]
    assert [i.valid_from.date().isoformat() for i in items] == [day], [i.statement for i in stores["since"].list()]


@pytest.mark.parametrize(("stored", "incoming", "beside"), [
    ("I own an old bicycle", "My bicycle got stolen on Friday", True),  # what happened to the thing that day
    ("I have a vegetable garden", "The garden flooded last night", True),
    ("I have a fish tank", "I cleaned the fish tank today", True),
    ("I have a fish tank", "I have a fish tank at home", False),  # no day: the other guards' to weigh
    ("I went running yesterday", "I went for a run yesterday", False),  # the day in both: a restatement may be
    ("I have a cat", "Do I still have the cat today?", False),  # a question is no fact
])
def test_a_day_told_beside_a_state_is_no_noop(stored: str, incoming: str, beside: bool) -> None:
    from memcli.models import Decision
    from memcli.write.event_beside import event_beside
    from memcli.write.rules import Facts

    why = event_beside(Facts(incoming, None, None, True), Facts(stored, None, None, True), Decision.NOOP)
    assert (why is not None and "happened" in why) is beside, why
