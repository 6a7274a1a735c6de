"""Two named attributes of one subject are called apart (a change word alone ends nothing) only when the
model also reads them apart: going running / jogging is one activity in other words, a swim / a diet is not."""

from __future__ import annotations

import pytest

from memcli.models import Decision
from memcli.write.judge import facts_of, hard_guard
from memcli.write.unlinked import SAME_ACTIVITY_COS


@pytest.mark.parametrize(("cosine", "blocked"), [(None, True), (0.39, True), (SAME_ACTIVITY_COS, False), (0.69, False)])
def test_two_habits_are_apart_only_below_the_same_activity_cosine(cosine, blocked):
    new, old = facts_of("I often jog on weekends"), facts_of("I usually go running every morning")
    why = hard_guard(new, old, Decision.UPDATE, cosine=cosine)
    assert (why is not None and "a change word alone ends nothing" in why) is blocked, why


def test_two_subjects_stay_apart_whatever_the_cosine():
    new, old = facts_of("Our hamster died last week, the kids want a new one"), facts_of("My neighbour's name is Pavel")
    why = hard_guard(new, old, Decision.CONFLICT, cosine=0.9)
    assert why is not None and "two subjects" in why
