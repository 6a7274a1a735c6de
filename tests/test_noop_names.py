"""A NOOP never drops a fact that names something else (issue 21: decisions that never hide a
true fact), whichever level or judge said it: a weak LLM judge that merges every gray-zone pair
(a real small model did: Berlin → Munich judged NOOP) is overruled when the two statements name
different things or relations, or the new one names more; a plain restatement is still merged."""

from __future__ import annotations

import pytest
from _judges import Always, kept_after

from memcli.models import Decision
from memcli.write.pair_features import names_another_fact


@pytest.mark.parametrize(("first", "second"), [
    ("I take vitamin D every morning", "I take vitamin C every morning"),
    ("我每天早上吃维生素D", "我每天早上吃维生素C"),
    ("My favourite city to visit is Berlin", "My favourite city to visit is Munich"),
    ("I studied in Boston", "I studied at Boston University"),
])
def test_a_merging_judge_cannot_drop_a_fact_that_names_something_else(mem, first: str, second: str) -> None:
    kept = kept_after(mem, first, second, Always(Decision.NOOP))
    assert {first, second} <= kept, kept


def test_a_restatement_is_still_merged(mem) -> None:
    mem.capture("I take vitamin D every morning", at="2026-01-05")
    mem.capture("Every morning I take vitamin D", at="2026-02-05")
    mem.drain(judge=Always(Decision.NOOP))
    assert [i.statement for i in mem.list()] == ["I take vitamin D every morning"]


def test_the_reasons() -> None:
    assert names_another_fact("我每天早上吃维生素C", "我每天早上吃维生素D").startswith("each names something")
    assert names_another_fact("Ines is my niece", "Ines is my cousin").startswith("each names a relation")
    assert names_another_fact("I studied at Boston University", "I studied in Boston").startswith("the new")
    assert names_another_fact("Every morning I take vitamin D", "I take vitamin D every morning") is None
