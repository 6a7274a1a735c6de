"""A new turn must not end a true fact it shares nothing with (round 30), own sentences, real stores, the
real default model, after the judge (its features untouched):

- something taken up ("I've started going swimming …, 3 times a week") sharing only time words with a
  stored fact (night shifts, 4 nights a week) ended it: a pursuit begun beside it (:func:`begun_apart`);
- one shared word beside numbers that measure different things (a year / a count of students) read as
  a number changed (:func:`begun_apart`, checked on the pair: the judge's CONFLICT needs a fuller store);
- a move to the place the user lives, told as long ago (我八年前搬到…, "I moved to … ten years ago"), ended
  that home (:func:`moved_in_kept`); a move elsewhere still ends it;
- a dose changed ("My doctor upped my … to 40mg", 医生把…加到三片) was another fact: both doses stayed and
  the later stop ended the old one; now the old dose ends, and the stop ends the new one (:mod:`dose_change`).
"""

from __future__ import annotations

import pytest

from memcli.write.dated_change import moved_in_kept
from memcli.write.dose_change import dose_changed
from memcli.write.pair_facts import facts_of
from memcli.write.unlinked import begun_apart


def _drained(mem, *turns: str) -> dict[str, object]:  # noqa: ANN001
    for i, t in enumerate(turns):
        mem.capture(t, at=f"2026-0{i + 1}-05T09:00:00Z")
        mem.drain()
    return {it.statement: it for it in mem.list(include_all=True)}


def _active(items: dict[str, object]) -> set[str]:
    return {s for s, it in items.items() if it.invalid_at is None and it.status == "active"}


def test_something_taken_up_keeps_the_night_shifts(mem) -> None:  # noqa: ANN001
    old = "I work nights at the care home, 4 nights a week"
    items = _drained(mem, old, "I've started going swimming before my shifts, 3 times a week")
    assert old in _active(items) and len(_active(items)) == 2, items
    assert items[old].invalid_at is None


def test_one_word_and_numbers_of_other_measures_link_nothing() -> None:
    visa, tutoring = facts_of("My work visa runs until june 2029"), facts_of("Now i teach maths online, 3 students")
    assert begun_apart(facts_of("Now i do tutoring in french online, 2 students"),
                       facts_of("My student visa lasts until may 2030")) is not None
    assert begun_apart(tutoring, visa) is None  # nothing shared: the no-link rule before it decides
    same = facts_of("I do tutoring 3 nights a week"), facts_of("I do tutoring 2 nights a week")
    assert begun_apart(*same) is None  # one measure given another number: a change
    assert begun_apart(facts_of("I switched to swimming, 3 times a week"),
                       facts_of("I go running 4 nights a week")) is None  # a switch is a change
    # a day of the calendar is one measure however it is written (3rd / 14 March / 3月9号): an event's new day
    assert begun_apart(facts_of("My operation is now on 9 March"),
                       facts_of("My knee operation got pushed to February 20th")) is None
    assert begun_apart(facts_of("The recital is now on the 2nd"),
                       facts_of("My daughter's recital was moved to the 14th")) is None
    assert begun_apart(facts_of("手术现在改在3月9号"), facts_of("我膝盖的手术推迟到了2月20号")) is None


@pytest.mark.parametrize(("home", "moved"), [("I live in Harrogate, in a flat near the station",
                                              "I moved to Harrogate ten years ago"),
                                             ("我住在阳光花园小区，三楼。", "我们八年前搬到阳光花园小区的")])
def test_a_move_long_ago_to_the_home_keeps_it(mem, home: str, moved: str) -> None:  # noqa: ANN001
    items = _drained(mem, home, moved)
    kept = next(s for s in items if s.startswith(home.rstrip("。")[:8]))
    assert items[kept].invalid_at is None and kept in _active(items), items
    assert len(_active(items)) == 2, items


def test_a_move_elsewhere_still_ends_the_home(mem) -> None:  # noqa: ANN001
    items = _drained(mem, "I live in Harrogate", "I moved to York last month")
    assert "I live in Harrogate" not in _active(items), items
    assert items["I live in Harrogate"].invalid_at is not None
    assert moved_in_kept(facts_of("I moved out of Harrogate"), facts_of("I live in Harrogate")) is None


@pytest.mark.parametrize(("dose", "changed", "stop"), [
    ("I take 20mg of citalopram every morning", "My doctor upped my citalopram to 40mg",
     "I stopped taking the citalopram"),
    ("I take 75mg of venlafaxine a day", "The doctor increased my venlafaxine to 150mg",
     "I stopped taking the venlafaxine"),
    ("我每天吃两片降压药", "医生把降压药加到三片", "我不吃降压药了")])
def test_a_dose_changed_ends_the_old_and_a_stop_the_new(mem, dose: str, changed: str, stop: str) -> None:  # noqa: ANN001
    items = _drained(mem, dose, changed)
    assert _active(items) == {changed}, items
    assert items[dose].invalid_at.date().isoformat() == "2026-02-05", items[dose]
    mem.capture(stop, at="2026-03-05T09:00:00Z")
    mem.drain()
    items = {it.statement: it for it in mem.list(include_all=True)}
    assert items[changed].invalid_at is not None and items[changed].invalid_at.date().isoformat() == "2026-03-05"
    assert not {dose, changed} & _active(items), items


def test_a_dose_of_another_medicine_or_person_is_kept(mem) -> None:  # noqa: ANN001
    items = _drained(mem, "My dad takes 10mg of amlodipine", "My doctor upped my amlodipine to 20mg",
                     "I give my dog 5mg of prednisolone a day")
    assert len(_active(items)) == 3, items
    assert dose_changed(facts_of("The doctor raised my sertraline to 100mg"),
                        facts_of("I take 50mg of metformin")) is None
