"""A clause whose object is only a pronoun for what the other clause of its sentence says ("My husband
got me into it, now I run every weekend") means nothing alone: round 18's trial found "My husband got
me into it" stored as a memory of its own. The sentence is read whole. Own sentences; real store and
default model."""

from __future__ import annotations

from _stores import told

pointing = told(
    "pointing", ["My uncle got me into it, now I fish every Sunday", "I love knitting, my neighbour talked me into it"]
)


def test_no_memory_is_a_pronoun_clause_alone(pointing):
    said = [i.statement for i in pointing.list()]
    assert not [s for s in said if s.rstrip(".!").endswith(("into it", "about it", "into that")) and "," not in s], said
    assert any("uncle" in s and "fish" in s for s in said), said  # who got the user into it is kept, with what
    assert any("neighbour" in s and "knitting" in s for s in said), said
