"""A NOOP never drops a fact that names something else (issue 21: decisions that never hide a
true fact), whichever level or judge said it: a weak LLM judge that merges every gray-zone pair
(a real small model did: Berlin → Munich judged NOOP) is overruled when the two statements name
different things or relations, or the new one names more; a plain restatement is still merged."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from memcli.models import Candidate, Decision
from memcli.write.judge import Judge, Neighbor, Verdict
from memcli.write.pair_features import names_another_fact


class MergesEverything(Judge):
    """A judge that calls every candidate a restatement of its nearest neighbour."""

    name = "merges-everything"

    def judge(self, candidate: Candidate, neighbors: Sequence[Neighbor]) -> Verdict:
        return Verdict(Decision.NOOP, neighbors[0].id, "same fact") if neighbors else \
            Verdict(Decision.ADD, None, "nothing near")


@pytest.mark.parametrize(("first", "second"), [
    ("I take vitamin D every morning", "I take vitamin C every morning"),
    ("我每天早上吃维生素D", "我每天早上吃维生素C"),
    ("My favourite city to visit is Berlin", "My favourite city to visit is Munich"),
    ("I studied in Boston", "I studied at Boston University"),
])
def test_a_merging_judge_cannot_drop_a_fact_that_names_something_else(mem, first: str, second: str) -> None:
    mem.capture(first, at="2026-01-05")
    mem.capture(second, at="2026-02-05")
    mem.drain(judge=MergesEverything())
    kept = {i.statement for i in mem.list()}
    assert {first, second} <= kept, kept


def test_a_restatement_is_still_merged(mem) -> None:
    mem.capture("I take vitamin D every morning", at="2026-01-05")
    mem.capture("Every morning I take vitamin D", at="2026-02-05")
    mem.drain(judge=MergesEverything())
    assert [i.statement for i in mem.list()] == ["I take vitamin D every morning"]


def test_the_reasons() -> None:
    assert names_another_fact("我每天早上吃维生素C", "我每天早上吃维生素D").startswith("each names something")
    assert names_another_fact("Ines is my niece", "Ines is my cousin").startswith("each names a relation")
    assert names_another_fact("I studied at Boston University", "I studied in Boston").startswith("the new")
    assert names_another_fact("Every morning I take vitamin D", "I take vitamin D every morning") is None
