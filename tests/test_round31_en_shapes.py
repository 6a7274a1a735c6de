"""English facts the write path lost or decided wrong (round 31), own sentences, real stores, the real default model:

- an amount told changed (my X went up / dropped to, <someone> raised / cut my X to + a new amount) and a plan
  (planning to, plan to, have decided to, going to + a time a month or more away) were scored low by the
  fitted clause model and stored nothing, or stored with no slot: they are kept by their shape
  (:mod:`memcli.write.told_shapes_en`), the change on the slot of the amount told before, so it ends it;
- a wish (I'd love to…), a hedge (I'm thinking about…) or a condition with what would follow (if …, I'll …) the
  model itself kept is dropped;
- half doses (half a tablet, one and a half capsules, a tablet and a half) were read as no amount, so a dose
  changed to one was no change (or the new dose was dropped as a repeat): they are read as 0.5 / 1.5 / 2.5.

A wish, a condition, a question, a hedge (thinking about) or another person's amount is no shape kept."""

from __future__ import annotations

import pytest
from _stores import pair_drained

from memcli.write.dose_change import _but_the_dose
from memcli.write.quantities import quantities
from memcli.write.told_shapes import as_stated, only_wished, plan_told, told_by_shape

CHANGES = (("I drink three coffees a day", "I'm down to one coffee a day"),
           ("I drink five cans of soda a day", "I'm down to two cans of soda a day"),
           ("My mortgage payment is 1,900 a month", "As of this month my mortgage payment went down to 1,750"),
           ("My storage unit is 80 a month", "The owner raised my storage unit to 95 a month"))
PLANS = ("I'm planning to retile the bathroom in April", "My wife and I are going to sell the caravan next summer",
         "We've decided to homeschool our youngest")
NOT_TOLD = ("I'd love to retile the bathroom", "If my phone plan goes up to 50 I'll switch",
            "Is your phone plan going up to 42?", "I'm thinking about selling the caravan",
            "I might retile the bathroom in April", "I'm going to the barber next week")
DOSES = (("I take one tablet of levothyroxine every morning", "My doctor lowered my levothyroxine to half a tablet"),
         ("I take one capsule of omeprazole a day", "I take one and a half capsules of omeprazole a day"),
         ("I take 40 mg of atorvastatin at night", "I take 80 mg of atorvastatin at night now"),
         ("I take 5 mg of ramipril daily", "I take 2.5 mg of ramipril daily"))


def _ended(items: dict[str, object], first: str, second: str) -> None:
    active = {s for s, it in items.items() if it.status == "active"}
    assert second in active and first not in active, {s: it.status for s, it in items.items()}
    assert items[first].invalid_at is not None or items[first].status == "superseded", items[first]


@pytest.mark.parametrize(("first", "second"), CHANGES)
def test_an_amount_told_changed_ends_the_old_amount(mem, first: str, second: str) -> None:  # noqa: ANN001
    _ended(pair_drained(mem, first, second), first, second)


def test_a_change_told_takes_the_slot_of_its_amount(mem) -> None:  # noqa: ANN001
    items = pair_drained(mem, "My car payment is 420 a month", "My car payment went down to 380 a month")
    assert items["My car payment went down to 380 a month"].slot == "car_payment", items  # a later change meets it


def test_plans_told_are_kept_with_no_slot(mem) -> None:  # noqa: ANN001
    for n, text in enumerate(PLANS):
        mem.capture(text, at=f"2026-06-0{n + 1}T09:00:00Z")
    mem.drain()
    items = {it.statement: it for it in mem.list(include_all=True)}
    assert set(PLANS) <= {s for s, it in items.items() if it.status == "active"}, items
    assert all(items[p].slot is None for p in PLANS), {p: items[p].slot for p in PLANS}  # a plan is no state yet


def test_wishes_conditions_questions_and_hedges_store_nothing(mem) -> None:  # noqa: ANN001
    assert not any(told_by_shape(t, "en") or as_stated(t) for t in NOT_TOLD)
    for text in NOT_TOLD:  # (the model kept a wish, a condition and a hedge: dropped whatever it scores them)
        mem.capture(text, at="2026-06-05T09:00:00Z")
    mem.drain()
    assert [it.statement for it in mem.list(include_all=True)] == []
    assert not only_wished("I'd like to be called Sam", "en")  # a name asked for is no wish
    assert not only_wished("If it's sunny I usually cycle to work", "en")  # a habit under a condition is a fact


def test_another_persons_amount_is_not_the_users(mem) -> None:  # noqa: ANN001
    items = pair_drained(mem, "My phone plan is 35 a month", "My brother's phone plan went up to 42 a month")
    assert items["My phone plan is 35 a month"].status == "active", items  # his change ends nothing of mine
    assert not told_by_shape("My brother's phone plan went up to 42 a month", "en")


@pytest.mark.parametrize(("first", "second"), DOSES)
def test_a_half_dose_or_a_dose_told_again_ends_the_old_dose(mem, first: str, second: str) -> None:  # noqa: ANN001
    _ended(pair_drained(mem, first, second), first, second)


def test_halves_are_read_as_amounts() -> None:
    assert quantities("I take half a tablet of aspirin") == {("tablet", 0.5)}
    assert quantities("I take one and a half pills") == {("pill", 1.5)}
    assert quantities("a capsule and a half at night") == {("capsule", 1.5)}
    assert quantities("I drink two and a half cups of tea") == {("cup", 2.5)}
    assert quantities("It took half an hour") == frozenset()  # a half of no portion or dose
    assert _but_the_dose("I take half a tablet of aspirin now") == _but_the_dose("I take one tablet of aspirin")


def test_shapes() -> None:
    assert told_by_shape("Our water bill has dropped to 38 a month", "en")
    assert told_by_shape("They cut my shifts to three a week", "en")
    assert told_by_shape("I'm down to two coffees a day", "en")
    assert not told_by_shape("The stock market went up today", "en")
    assert not told_by_shape("His hours were cut to 10 a week", "en")
    assert not told_by_shape("My heart rate went up to 150 during the run", "en")  # a passing state
    assert as_stated("My phone plan went up to 42 a month") == "My phone plan is 42 a month"
    assert as_stated("They cut my shifts to three a week") == "My shifts are three a week"
    assert as_stated("My pay went up by 200 a month") is None  # changed by an amount: no value now
    assert plan_told("I am planning on taking a pottery class") and plan_told("Next year we are going to rent it out")
    assert not plan_told("I was planning to retile the bathroom") and not plan_told("I'm not planning to move")
    assert not plan_told("I'm going to call her tomorrow")  # going to with no time a month or more away
    assert not plan_told("My neighbour is planning to sell his car")  # another's plan
