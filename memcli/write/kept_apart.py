"""Two statements the judge's number/date guard ties as one changed value that are two true facts (round 31).

- **Two doses at two times of day**: 我早上吃一片降压药 then 我晚上再吃半片降压药 ("I take one in the morning" /
  "half at night"). The amounts differ, so the judge's ``number/date changed`` guard read a changed dose and
  ended the morning one; but a dose at another time of day is another dose, both taken. The same time of day
  with another amount stays a change (:func:`memcli.write.dose_change.dose_changed`).
- **An amount changed by so much**: 我的工资是八千 then 工资涨了两千 ("My rent went up by 100"). The change
  states no amount now, only the step from the amount told before: ending the stored amount would leave a
  step from nothing (the amount now, 一万, could no longer be read). Both stay, the stored amount first in
  time; a later amount told outright (我的工资是一万) ends them as any changed value does.

:func:`apart_plan` turns the judge's NOOP / UPDATE / CONFLICT of such a pair into an ADD.
"""

from __future__ import annotations

import re
from collections.abc import Collection

import numpy as np

from memcli.db.store import MemoryStore
from memcli.models import Candidate, Decision, Level
from memcli.settings import Settings
from memcli.text import lang_of, to_simplified
from memcli.write.decide_range import Plan, _facts
from memcli.write.dose_change import _doses, medicine, times_of_day, two_times
from memcli.write.judge import different_people
from memcli.write.pair_facts import content_units
from memcli.write.told_shapes import changed_by

__all__ = ["apart", "apart_plan", "changed_by_en"]

#: an amount said to have changed by so much: "went up by 100", "rose by £50", "increased by 10%"
_EN_BY = re.compile(r"\b(?:(?:went|gone|goes|go|is|was|are|were|been|has gone|have gone) (?:up|down)|raised|cut|"
                    r"increased|decreased|reduced|lowered|rose|risen|fell|fallen|dropped|jumped|climbed)\s+by\s+"
                    r"(?:about |around |another |a further )?[$£€¥]?\d", re.I)


def changed_by_en(text: str) -> bool:
    """An English statement tells an amount changed by so much ("My rent went up by 100")."""
    return lang_of(text) != "zh" and _EN_BY.search(text) is not None


def _by_step(new: str, old: str) -> str | None:
    """What ``new`` changed by a step that ``old`` names too (工资; rent), None: no such step or another thing."""
    if lang_of(new) == "zh":
        what = changed_by(to_simplified(new))
        return what if what and what in to_simplified(old) and re.search(r"\d|[一二两三四五六七八九十百千万]",
                                                                         to_simplified(old)) else None
    if not changed_by_en(new) or not re.search(r"\d", old):
        return None
    shared = {u for u in content_units(new) & content_units(old) if u.isalpha() and u not in _EN_STEP_WORDS}
    return min(shared, default=None)


_EN_STEP_WORDS = frozenset({"went", "gone", "up", "down", "by", "rose", "risen", "increas", "decreas", "reduc",
                            "lower", "cut", "rais", "fell", "drop", "my", "now", "month", "year", "week", "dollar",
                            "pound", "euro"})


def apart(new: str, old: str) -> str | None:
    """Why ``new`` and ``old`` are two facts the number/date guard would tie (None: nothing found)."""
    if _doses(new) and _doses(old) and two_times(new, old) and (named := medicine(new, old)):
        return f"two doses of {named} at two times of day ({'/'.join(sorted(times_of_day(old)))} → " \
               f"{'/'.join(sorted(times_of_day(new)))}): both kept"
    if what := _by_step(new, old):
        return f"{what} changed by so much: the amount told before and the step both kept (the amount now is both)"
    return None


def apart_plan(store: MemoryStore, settings: Settings, user: str, candidate: Candidate, vector: np.ndarray | None,
               plan: Plan, exclude: Collection[int]) -> Plan | None:
    """An ADD in place of the judge's NOOP / UPDATE / CONFLICT of a memory that ``candidate`` stands beside
    (:func:`apart`) and that is of the same person; None otherwise."""
    del store, settings, user, vector, exclude  # (the judge's target alone is weighed)
    t = plan.target
    if t is None or plan.decision == Decision.ADD or plan.level == Level.EXACT:
        return None
    if different_people(_facts(candidate.statement, candidate.slot), _facts(t["statement"], t["slot"])):
        return None
    why = apart(candidate.statement, t["statement"])
    if why is None:
        return None
    return Plan(Decision.ADD, Level.JUDGE, None, plan.cosine,
                f"{why}; {plan.judge or plan.level.value} said {plan.decision.value} #{t['id']}", "apart")
