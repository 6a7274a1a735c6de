"""A correction opened softly ("Actually …, not 35", 其实…，不是五岁) ends the memory that says the denied value
(round 20's new-user trial: "Actually Kofi is 36, not 35" left "My brother Kofi is 35" active beside it, two
ages both 'fairly sure' in one block). Real store, real default model; sentences written for these tests."""

from __future__ import annotations

import pytest

from memcli import Memory
from memcli.write.correction import denied_values


@pytest.mark.parametrize("text, denied", [
    ("Actually Kofi is 36, not 35", ["35"]),
    ("I was wrong, the recital is on the 9th, not the 2nd", ["2nd"]),
    ("No, Ama lives in Kumasi, not Accra", ["Accra"]),
    ("其实朵朵今年六岁，不是五岁", ["五岁"]),
    ("Sorry, I meant Kofi is 36, not 35", ["35"]),  # the strict opener, as before
    # no correction: a soft opener alone, a contrast alone, a hedge
    ("Actually I like tea", []), ("I like tea, not coffee", []), ("Kofi is 36, not 35", []),
    ("Actually I went, not really for long", []),
])
def test_denied_values(text: str, denied: list[str]) -> None:
    assert denied_values(text) == denied


@pytest.mark.parametrize("first, second, old, new", [
    ("My brother Kofi is 35", "Actually Kofi is 36, not 35", "My brother Kofi is 35", "Kofi is 36"),
    ("My cousin Ama lives in Accra", "No, Ama lives in Kumasi, not Accra", "My cousin Ama lives in Accra",
     "Ama lives in Kumasi"),
    ("我表姐的女儿叫朵朵，今年五岁", "其实朵朵今年六岁，不是五岁", "我表姐的女儿朵朵今年五岁", "朵朵今年六岁"),
])
def test_a_soft_correction_ends_the_denied_value(db: str, first: str, second: str, old: str, new: str) -> None:
    with Memory(db=db, user="alice") as m:
        m.capture(first, at="2026-09-02T09:00:00Z")
        m.capture(second, at="2026-10-10T09:00:00Z")
        assert m.drain().dead == 0
        status = {i.statement: i.status for i in m.list(include_all=True)}
        assert (status[old], status[new]) == ("invalid", "active"), status
