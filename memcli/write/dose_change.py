"""A dose changed ends the dose told before: "I take 20mg of citalopram" then "The doctor upped my
citalopram to 40mg", 我每天吃半片降压药 then 医生把降压药加到一片.

The judge reads the second as another fact (a new number and a new verb, few words shared) and adds it,
so both doses stay active and a later stop ("I stopped taking the citalopram") ends only the one it sits
nearest to. :func:`dose_changed` reads the pair itself: ``new`` tells a change of amount (upped, increased,
lowered, cut … to; 加到 / 减到 / 调到 …) with a dose (a number and a unit of medicine: mg, mcg, ml, units,
tablets; 毫克, 片, 粒); ``old`` gives the same unit another amount; and both name one medicine (a content
word they share that is no word of dosing). :func:`dose_plan` makes it a CONFLICT: the old dose ends at the
new statement's valid time.
"""

from __future__ import annotations

import re
from collections.abc import Collection

import numpy as np

from memcli.db.store import MemoryStore
from memcli.models import Candidate, Decision, Level
from memcli.settings import Settings
from memcli.slots import ME
from memcli.text import lang_of, to_simplified
from memcli.write.decide_range import Plan, _cosine_to, _facts, neighbors_of, target_and_neighbors
from memcli.write.judge import different_people
from memcli.write.pair_facts import content_units
from memcli.write.quantities import quantities
from memcli.write.rules.match import Facts

__all__ = ["PRESCRIBERS", "dose_changed", "dose_plan", "medicine", "times_of_day", "two_times"]

#: English units of a dose, folded as :func:`memcli.write.quantities.quantities` folds them (plural off)
_EN_DOSE_UNITS = frozenset({"mg", "mcg", "µg", "ml", "unit", "iu", "tablet", "pill", "capsule", "puff", "drop"})
#: Chinese measure characters of a dose (毫克 → 毫, 片, 粒, 颗, 支, 滴, 单位 → 单)
_ZH_DOSE_UNITS = frozenset("毫片粒颗支滴单")
_EN_CHANGE = re.compile(r"\b(?:upped|increased|raised|lowered|reduced|decreased|cut|dropped|bumped|doubled|halved|"
                        r"changed|adjusted|put me (?:up|down|on)|moved me|went (?:up|down)|gone (?:up|down)|"
                        r"taken (?:up|down))\b.*?\b(?:to|on)\b", re.I)
_ZH_CHANGE = re.compile(r"(?:加到|加量到|增加到|增到|提高到|提到|减到|减量到|减少到|降到|调到|调整到|改成|改为|换成)")
#: content units of dosing, not of a medicine: they link no two medicines
_EN_DOSING = frozenset({"tak", "take", "dos", "dose", "doctor", "gp", "mg", "mcg", "ml", "dail", "day", "morning",
                        "night", "evening", "week", "upp", "increas", "rais", "lower", "reduc", "decreas", "cut",
                        "tablet", "pill", "capsul", "unit", "every", "now", "my", "start", "put", "went"})

#: subjects who change a dose that is another's (the patient's): "My doctor upped my citalopram to 40mg"
PRESCRIBERS = frozenset({"doctor", "gp", "psychiatrist", "consultant", "specialist", "pharmacist"})

_ZH_DOSING = frozenset("药吃服每天日次医生加减调到把的我了用早晚上午睡前")


def _doses(text: str) -> dict[str, frozenset[float]]:
    """The amounts ``text`` gives per dose unit (``40mg`` → {"mg": {40.0}})."""
    units = _ZH_DOSE_UNITS if lang_of(text) == "zh" else _EN_DOSE_UNITS
    out: dict[str, set[float]] = {}
    for unit, v in quantities(text):
        if unit in units:
            out.setdefault(unit, set()).add(v)
    return {u: frozenset(v) for u, v in out.items()}


#: a dose (a number and a unit of medicine, a half too: 一片半, 半粒, 20mg) and the words of a time now
_ZH_DOSE = re.compile(r"(?:[\d.]+|[零〇一二两三四五六七八九十百]+)\s*个?[片粒颗支滴]半?|半[片粒颗支滴]|[\d.]+\s*毫克|"
                      r"现在|目前|如今|开始")
_ZH_AMOUNT = re.compile(r"(?:[\d.]+|[零〇一二两三四五六七八九十百]+)\s*个?[片粒颗支滴]半?|半[片粒颗支滴]|[\d.]+\s*毫克")
_EN_DOSE = re.compile(r"\b(?:(?:[\d.]+|one|two|three|four|an?)(?: and a half)?|(?:a |one )?half(?: an?| of an?)?)\s*"
                      r"(?:mg|mcg|ml|units?|iu|tablets?|pills?|capsules?)\b(?: and a half\b)?|"
                      r"\b(?:now|currently|these days|at the moment)\b", re.I)


def _but_the_dose(text: str) -> str:
    """``text`` without its dose and a word of now (我现在每天吃一片半降压药 → 我每天吃#降压药): two statements
    alike in all else tell one dose, changed, though no verb of change is said (round 31)."""
    zh = lang_of(text) == "zh"
    said = (_ZH_DOSE if zh else _EN_DOSE).sub("", to_simplified(text) if zh else text)
    return re.sub(r"[\s\W]+", "", said).casefold()


#: words of a time of day, each to one of four times (the evening and the night are one: 晚上 / 睡前)
_ZH_TIMES = (("morning", re.compile(r"早上|早晨|清晨|早饭|早餐|上午|起床|空腹|早起")),
             ("noon", re.compile(r"中午|午饭|午餐")),
             ("afternoon", re.compile(r"下午")),
             ("night", re.compile(r"晚上|晚饭|晚餐|傍晚|睡前|睡觉前|临睡|夜里|夜间|半夜|每晚|晚间")))
_EN_TIMES = (("morning", re.compile(r"\b(?:mornings?|breakfast|a\.?m\.?|on waking|when I wake up)\b", re.I)),
             ("noon", re.compile(r"\b(?:noon|midday|lunch(?:time)?)\b", re.I)),
             ("afternoon", re.compile(r"\bafternoons?\b", re.I)),
             ("night", re.compile(r"\b(?:evenings?|nights?|tonight|bedtime|bed|dinner|supper|p\.?m\.?)\b", re.I)))


def times_of_day(text: str) -> frozenset[str]:
    """The times of day ``text`` names (morning, noon, afternoon, night): 早上吃一片 → {"morning"},
    早晚各一片 is read as no time (早 and 晚 alone are left out)."""
    zh = lang_of(text) == "zh"
    t = to_simplified(text) if zh else text
    return frozenset(name for name, rx in (_ZH_TIMES if zh else _EN_TIMES) if rx.search(t))


def two_times(new: str, old: str) -> bool:
    """Each statement names a time of day and no time is named by both (早上 / 晚上; morning / at night)."""
    a, b = times_of_day(new), times_of_day(old)
    return bool(a) and bool(b) and not a & b


def dose_changed(new: Facts, old: Facts) -> str | None:
    """Why ``new`` (incoming) replaces the dose ``old`` (stored) tells (None: it does not): a change of amount
    told with a dose of a unit ``old`` gives another amount, and one medicine named in both."""
    zh = lang_of(new.statement) == "zh"
    if zh != (lang_of(old.statement) == "zh") or not new.positive or not old.positive:
        return None
    if not (_ZH_CHANGE if zh else _EN_CHANGE).search(to_simplified(new.statement) if zh else new.statement) and \
            _but_the_dose(new.statement) != _but_the_dose(old.statement):
        return None  # no change told, and more than the dose differs (早上吃一片 / 晚上吃半片: two doses)
    if two_times(new.statement, old.statement):
        return None  # 早上一片 / 晚上改成半片: the night dose changed, the morning one stays (round 31)
    a, b = _doses(new.statement), _doses(old.statement)
    units = [u for u in a.keys() & b.keys() if a[u] != b[u]]
    if not units:
        return None
    if (named := medicine(new.statement, old.statement)) is None:
        return None
    u = units[0]
    return (f"a dose changed ({'/'.join(f'{v:g}' for v in sorted(b[u]))} → "
            f"{'/'.join(f'{v:g}' for v in sorted(a[u]))} {u}, {named}): the old dose ends")


def medicine(new: str, old: str) -> str | None:
    """What both statements name that is no word of dosing (citalopram; 降压): a content word shared, or in
    Chinese two characters or more (in ``old``'s order); None: nothing."""
    if lang_of(new) != "zh":
        shared = {u for u in content_units(new) & content_units(old) if not any(c.isdigit() for c in u)}
        return min(shared - _EN_DOSING, default=None)
    # the amounts said first (一片, 两粒, 半片): a unit character left is part of a name (钙片, 维生素片; round 31)
    new, old = _ZH_AMOUNT.sub("", to_simplified(new)), _ZH_AMOUNT.sub("", to_simplified(old))
    shared = {u for u in content_units(new) & content_units(old) if not any(c.isdigit() for c in u)}
    chars = shared - _ZH_DOSING
    return "".join(c for c in dict.fromkeys(to_simplified(old)) if c in chars) if len(chars) >= 2 else None


def _prescribed_near(store: MemoryStore, settings: Settings, user: str, vector: np.ndarray | None,
                     target: dict | None, new: Facts) -> bool:
    """A stop told by the user (``new``) may end a dose a doctor set: the judge's target or a neighbour
    (:func:`~memcli.write.decide_range.target_and_neighbors`, read from what the neighbours show) is a
    prescriber's statement giving a dose. False: no row can be ended by the stop, none need be read."""
    if new.subject != ME:
        return False
    shown = [(target["statement"], target["slot"])] if target is not None else []
    if vector is not None:
        shown += [(nb.statement, nb.slot) for nb in neighbors_of(store, user, vector, settings.decide_neighbors)]
    return any(_facts(s, slot).subject in PRESCRIBERS and _doses(s) for s, slot in shown)


def dose_plan(store: MemoryStore, settings: Settings, user: str, candidate: Candidate, vector: np.ndarray | None,
              plan: Plan, exclude: Collection[int]) -> Plan | None:
    """A CONFLICT with the judge's target or the nearest active memory whose dose ``candidate`` changes
    (:func:`dose_changed`), when ``plan`` is an ADD or a NOOP, or an UPDATE / CONFLICT of another memory;
    None otherwise (no dose change told, or the judge already ends that memory)."""
    from memcli.write.linked_change import stopped_doing

    stop = plan.decision == Decision.ADD and not _doses(candidate.statement)
    if not (_doses(candidate.statement) or stop):
        return None
    new = _facts(candidate.statement, candidate.slot)
    if stop and not _prescribed_near(store, settings, user, vector, plan.target, new):
        return None  # a stop ends only a dose a doctor set for the user: no such memory near, no row to read
    owner = ME if new.subject in PRESCRIBERS else new.subject  # (my doctor upped my dose: the dose is mine)
    for row in target_and_neighbors(store, settings, user, vector, plan.target):
        if row["id"] in exclude or row["invalid_at"] is not None or row["expired_at"] is not None:
            continue
        old = _facts(row["statement"], row["slot"])
        if stop:  # a stop of a medicine whose dose a doctor set ("My GP put me up to 40mg" / "I stopped it")
            why = (stopped_doing(new, old, False) or (None if new.positive or medicine(
                new.statement, row["statement"]) is None else "a medicine no longer taken")) \
                if old.subject in PRESCRIBERS and new.subject == ME and _doses(row["statement"]) else None
        elif owner == ME and new.subject != ME:
            why = dose_changed(new, old) if old.subject == ME else None
        else:
            why = None if different_people(new, old) else dose_changed(new, old)
        if why is None:
            continue
        if plan.target is not None and plan.target["id"] == row["id"] and \
                plan.decision in (Decision.UPDATE, Decision.CONFLICT):
            return None
        return Plan(Decision.CONFLICT, Level.JUDGE, row, _cosine_to(store, row["id"], vector, ()),
                    f"{why}; {plan.judge or plan.level.value} said {plan.decision.value}", "dose")
    return None
