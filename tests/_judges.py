"""A stub judge for the decision tests: it gives one verdict, whatever it is shown, so a test can
check what the hard guard and the decision step make of a judge that is wrong."""

from __future__ import annotations

from collections.abc import Sequence

from memcli.models import Candidate, Decision
from memcli.write.judge import Judge, Neighbor, Verdict


class Always(Judge):
    """Calls every candidate ``decision`` of its nearest neighbour (ADD: a new memory, and ADD
    when nothing is near)."""

    def __init__(self, decision: Decision) -> None:
        self.decision = decision
        self.name = f"always-{decision.value.lower()}"

    def judge(self, candidate: Candidate, neighbors: Sequence[Neighbor]) -> Verdict:
        if self.decision == Decision.ADD or not neighbors:
            return Verdict(Decision.ADD, None, "kept apart" if neighbors else "nothing near")
        return Verdict(self.decision, neighbors[0].id, f"always {self.decision.value}")


def kept_after(mem, first: str, second: str, judge: Judge) -> set[str]:  # noqa: ANN001
    """Capture ``first`` then ``second`` a month later, drain with ``judge``: the active statements."""
    mem.capture(first, at="2026-01-05")
    mem.capture(second, at="2026-02-05")
    mem.drain(judge=judge)
    return {i.statement for i in mem.list()}
