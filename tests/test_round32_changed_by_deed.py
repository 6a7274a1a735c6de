"""Round 32: a value changed by a deed or an event (a thing bought after its trade, a medicine switched by the
doctor, a job got at a named workplace, a job left by name, a move of home, a new landlord) ends the value it
replaces — ``invalid_at`` set, a reason that names the new memory, nothing deleted — and the new value comes first
in ``context``. Own sentences (none from a data set); real stores, the real default model, a real drain."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest
from _stores import say_apart

from memcli import Memory
from memcli.write.decide_range import _facts
from memcli.write.deed_change import bought_instead, landlord_replaced, medicine_switched, replaced_value, taken_now
from memcli.write.home_left import moved_out
from memcli.write.workplace_moved import job_at, left_from, workplace_start

START = datetime(2026, 10, 5, 9, tzinfo=UTC)


@pytest.fixture
def told(db: str, embedder):  # noqa: ARG001 (the real default model, loaded once)
    """``told(turns)``: ``turns`` captured two days apart and drained after each; the open memory and every item by
    statement. Each memory it opened is closed when the test ends."""
    opened: list[Memory] = []

    def tell(turns: list[str], user: str = "kim") -> tuple[Memory, dict]:
        opened.append(m := Memory(db=db, user=user))
        say_apart(m, turns, START)
        return m, {it.statement: it for it in m.list(include_all=True)}

    yield tell
    for m in opened:
        m.close()


def _ended_by(items: dict, old: str, new: str) -> str:
    """The reason ``old`` ended; it must name the memory of ``new`` (or of a memory the same turn wrote)."""
    it = items[old]
    assert it.invalid_at is not None, f"{old!r} is still active"
    ids = {int(i) for i in re.findall(r"#(\d+)", it.invalid_reason or "")}
    assert items[new].id in ids, (it.invalid_reason, items[new].id)
    return it.invalid_reason


def _first(m: Memory, question: str) -> str:
    hits = m.context(question).hits
    assert hits, f"no block for {question!r}"
    return hits[0]["statement"]


# -- the readers, on text -------------------------------------------------------------------------------------
def test_the_deeds_are_read_from_their_words():
    assert job_at("I work evenings as a barista at Copper Kettle Cafe, two shifts a week") == (
        "I work evenings as a barista", "Copper Kettle Cafe")
    assert workplace_start("I got the Northfield Library job", None) == "Northfield Library"
    assert workplace_start("I started at the Westbrook Hotel", "event.started_westbrook") == "the Westbrook Hotel"
    assert workplace_start("I started at the climbing gym", None) is None  # no workplace
    assert workplace_start("I got the job!", None) is None  # no place named
    assert left_from("我从闪送辞了", "我跑的是闪送同城") == {"闪送"}
    assert left_from("我从闪送辞了", "我在顺丰上班") == frozenset()
    assert moved_out("We moved into a terraced house on Birch Row") == "we"
    assert moved_out("I handed the keys back to the agent this morning") == "i"
    assert moved_out("I moved the dentist appointment to a new day") is None


@pytest.mark.parametrize(("new", "old", "ends"), [
    ("Bought it! A used Skoda Fabia, red", "I'm trading in my old Peugeot 208", True),
    ("We bought a Toyota Yaris", "I drive a Honda Jazz", False),  # no trade told: a second car may be kept
    ("We bought a Toyota Yaris to replace it", "I drive a Honda Jazz", True),
    ("I want to buy a Toyota Yaris", "I'm trading in my old Peugeot 208", False),  # only wanted
])
def test_a_thing_bought_ends_the_one_traded_in(new: str, old: str, ends: bool):
    assert (bought_instead(_facts(new, None), _facts(old, None)) is not None) is ends


@pytest.mark.parametrize(("new", "old", "only", "ends"), [
    ("My GP switched me to rosuvastatin", "I take atorvastatin every night", True, True),
    ("My GP switched me to rosuvastatin", "I take atorvastatin every night", False, False),  # which one: unsaid
    ("My GP switched me from atorvastatin to rosuvastatin", "I take atorvastatin every night", False, True),
    ("My GP switched me from simvastatin to rosuvastatin", "I take atorvastatin every night", True, False),
    ("医生给我换成了瑞舒伐他汀", "我一直在吃阿托伐他汀，每晚一片", True, True),
    ("医生把维生素D换成了钙片", "我一直在吃阿托伐他汀，每晚一片", True, False),  # another medicine switched
    ("I switched to oat milk", "I take atorvastatin every night", True, False),  # no medicine
    ("My GP switched me to twice a day", "I take atorvastatin every night", True, False),  # a time, not a medicine
    ("医生给我换成了一天两次", "我一直在吃阿托伐他汀，每晚一片", True, False),
])
def test_a_medicine_switched_ends_the_one_taken(new: str, old: str, only: bool, ends: bool):
    assert (medicine_switched(_facts(new, None), _facts(old, None), only) is not None) is ends


def test_what_is_taken_now_is_told_in_the_language_of_the_switch():
    assert taken_now("我一直在吃阿托伐他汀，每晚一片", "医生给我换成了瑞舒伐他汀") == "我现在吃瑞舒伐他汀"
    assert taken_now("I take atorvastatin every night", "My GP switched me to rosuvastatin") == \
        "I take rosuvastatin now"
    assert taken_now("I love oat milk", "My GP switched me to rosuvastatin") is None


def test_a_new_landlord_ends_the_old_one_only():
    new = _facts("The new landlady is called Mrs. Adeyemi", "landlord.name")
    assert landlord_replaced(new, _facts("Our landlord, Mr. Kowalski, never answers the phone", None))
    assert landlord_replaced(new, _facts("My landlady is Mrs. Adeyemi", "landlord.name")) is None  # the same one
    assert landlord_replaced(_facts("Our landlord, Mr. Kowalski, fixed the boiler", None),
                             _facts("My landlord is Mr. Kowalski", "landlord.name")) is None  # no new one


# -- on real stores -------------------------------------------------------------------------------------------
def test_a_car_bought_after_its_trade_ends_the_trade_and_leads_the_block(told):
    m, items = told(["I drive an old Peugeot 208", "I'm trading in the Peugeot next week",
                          "Bought it! A used Skoda Fabia, red"])
    new = "Bought it! A used Skoda Fabia, red"
    whys = [_ended_by(items, old, new) for old in ("I'm trading in the Peugeot next week",
                                                   "I drive an old Peugeot 208")]  # the car traded in too
    assert any("bought" in why for why in whys), whys
    assert "Skoda" in _first(m, "What car do I drive?")


def test_a_medicine_switched_by_the_doctor_ends_the_old_one_en(told):
    m, items = told(["I take atorvastatin every night", "My GP switched me to rosuvastatin last week"])
    new = next(s for s in items if s.startswith("My GP switched me to rosuvastatin"))
    why = _ended_by(items, "I take atorvastatin every night", new)
    assert "medicine switched" in why, why
    assert items["I take rosuvastatin now"].invalid_at is None
    assert "rosuvastatin" in _first(m, "Which statin do I take?")


def test_a_medicine_switched_by_the_doctor_ends_the_old_one_zh(told):
    m, items = told(["我一直在吃阿托伐他汀，每晚一片", "医生给我换成了瑞舒伐他汀，还是每晚一片"])
    new = next(s for s in items if s.startswith("医生给我换成了瑞舒伐他汀"))
    why = _ended_by(items, "我一直在吃阿托伐他汀，每晚一片", new)
    assert "medicine switched" in why, why
    assert not any("阿托伐他汀" in s and it.invalid_at is None for s, it in items.items())  # no clause kept
    assert "瑞舒伐他汀" in _first(m, "我现在吃的降脂药是哪种？")


def test_two_medicines_and_a_switch_that_names_neither_end_nothing(told):
    m, items = told(["I take atorvastatin every night", "I take metformin twice a day",
                          "My GP switched me to rosuvastatin"])
    assert items["I take atorvastatin every night"].invalid_at is None
    assert items["I take metformin twice a day"].invalid_at is None


def test_a_job_got_at_a_named_workplace_ends_the_old_workplace(told):
    old = "I work evenings as a barista at Copper Kettle Cafe, two shifts a week"
    m, items = told([old, "I got the Northfield Library job"])
    # (round 48, fix48a: the job got, named by its employer, is stored as "I got a new job at <employer>")
    why = _ended_by(items, old, "I got a new job at Northfield Library")
    assert "another workplace" in why, why
    assert not any(it.invalid_at is None and "Copper Kettle" in s for s, it in items.items())
    assert "Northfield Library" in _first(m, "Where do I work now?")


def test_a_job_left_by_name_ends_the_platform_told_in_other_words_zh(told):
    m, items = told(["我跑的是闪送同城，一天跑二十来单", "我从闪送辞了"])
    old = next(s for s in items if s.startswith("我跑的是闪送"))
    assert items[old].invalid_at is not None, items
    assert "闪送" in (items[old].invalid_reason or "")


def test_a_move_and_a_new_landlady_end_the_old_landlord(told):
    old = "Our landlord, Mr. Kowalski, never answers the phone"
    m, items = told(["I live on Sycamore Street", old, "We moved into a terraced house on Birch Row",
                          "The new landlady is called Mrs. Adeyemi"])
    _ended_by(items, old, "We moved into a terraced house on Birch Row")  # (with the old street it ends)
    assert items["I live on Sycamore Street"].invalid_at is not None
    assert not any(it.invalid_at is None and "Mrs" == s.split(", ")[-1] for s, it in items.items())
    assert "Adeyemi" in _first(m, "What's my landlord's name?")
    assert "Birch Row" in _first(m, "Which street do I live on?")


def test_a_second_car_bought_without_a_trade_keeps_the_first(told):
    m, items = told(["I drive a Honda Jazz", "We bought a Toyota Yaris for my son"])
    assert items["I drive a Honda Jazz"].invalid_at is None


def test_a_move_told_late_keeps_the_landlord_told_since(told):
    m, items = told(["My landlord is Mr. Ferris", "We moved into our flat on Dean Street back in 2019"])
    assert items["My landlord is Mr. Ferris"].invalid_at is None, items["My landlord is Mr. Ferris"].invalid_reason


@pytest.mark.parametrize(("new", "old", "ends"), [
    ("My choir practice moved to Thursdays instead of Mondays", "I sing in the cathedral choir on Monday nights", True),
    ("My choir practice moved to Thursdays instead of Mondays", "I go swimming on Monday nights", False),  # other
    ("I drink rooibos instead of coffee now", "I love coffee", False),  # no activity shared: a liking stays
    ("I drink rooibos instead of coffee now", "I drink coffee every morning", True),
    ("I cycle to the office instead of driving", "I drive to the office", False),  # the value is not said
])
def test_a_change_told_with_the_value_it_replaces(new: str, old: str, ends: bool):
    assert (replaced_value(_facts(new, None), _facts(old, None)) is not None) is ends


def test_a_weekly_shift_moved_instead_of_its_old_day_ends_the_old_day(told):
    old = "I sing in the cathedral choir on Monday nights, mostly Bach"
    m, items = told([old, "My choir practice moved to Thursday nights instead of Mondays"])
    it = items[old]
    assert it.invalid_at is not None, items
    assert "Thursday" in _first(m, "Which night is choir practice?")
