"""One life event told twice with its date (issue 21): "same event, same date" is a restatement
(NOOP), "same event, another date" a correction (CONFLICT), whichever statement gives the date as
a relative time (去年, 上个月, "two years ago", "last March") and which as a written one (2024年9月,
"in 2021"): the relative one is resolved against the time it was said
(:mod:`memcli.write.pair_dates`), on every write path alike.

One event means: the same owner (never two people), the same polarity, no name or relation changed,
a life event that happens once (married, graduated, joined, moved, got a licence, 毕业, 入职, 领养 …:
the rules' life-event words) on one side at least for another date (the same date and the same words
are one event whatever it is), and what happened — the statements without their dates —
sharing at least half its content units (:data:`SAME_EVENT_OVERLAP`). A trip taken twice ("went to
Japan") is no life event: two dates are two trips. Two written dates are left to the judge (its
``number/date changed`` features were fitted on them); the rule needs one relative date.

A fact that ends (:func:`ending_plan`, :func:`memcli.write.linked_change.ended_by`): a death, a
parting, a job left or a thing sold is a CONFLICT with the present fact it names, whatever the judge
said (ADD beside it, or a NOOP: 旺财上个月走了 / 我的狗叫旺财 share the dog's name); the old fact gets
``invalid_at`` = the new statement's valid time, the new statement is stored.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from datetime import datetime
from typing import Any

import numpy as np

from memcli.db.store import MemoryStore
from memcli.models import Candidate, Decision, Level
from memcli.settings import Settings
from memcli.text import lang_of, to_simplified
from memcli.timeutil import from_iso
from memcli.write.decide_range import Plan, _cosine_to, _facts, neighbors_of, target_and_neighbors
from memcli.write.given_up import given_up_kept
from memcli.write.judge import different_people, numbers_clash
from memcli.write.linked_change import being_died, called_off, ended_by, ending_told, names_told, thing_kind
from memcli.write.pair_dates import When, date_relation, strip_dates, tells_future, when_from_text, when_of
from memcli.write.pair_facts import content_units
from memcli.write.pair_names import names_added, names_changed, relations_changed
from memcli.write.person_died import died_rows, person_died
from memcli.write.quantities import quantity_changed
from memcli.write.rules import Facts
from memcli.write.thing_ended import having_ended, thing_ended, thing_rows
from memcli.write.value_types import JOB_KEPT

__all__ = ["FINER_ADDS", "FINER_DATE", "SAME_EVENT_OVERLAP", "dated_at", "dated_decision", "dated_plan", "end_at",
           "ending_plan", "finer_of", "finer_told", "moved_in_kept", "row_when"]

#: content-unit Jaccard overlap of two statements without their dates above which they tell one event
SAME_EVENT_OVERLAP = 0.5


#: once-in-a-life events the rules' life-event words miss (a licence or degree with its kind named, a first)
_ONCE = re.compile(r"\b(?:got|earned|received|passed|obtained) (?:my|a|his|her|their|our) (?:[\w'’-]+ ){0,2}?"
                   r"(?:license|licence|degree|diploma|certificate|phd|doctorate|black belt|citizenship)\b|"
                   r"\b(?:my|his|her|our|their) first\b|\bwas born\b|换了?(?:新)?工作|第一次|拿到了?.{0,6}证")


def _life_event(text: str) -> bool:
    from memcli.write.rules.en_words import _LIFE
    from memcli.write.rules.zh_words import _LIFE_EVENT

    zh = lang_of(text) == "zh"
    t = text if zh else text.casefold()
    return bool((_LIFE_EVENT if zh else _LIFE).search(t) or _ONCE.search(t))


def dated_decision(new: Facts, new_when: When | None, old: Facts, old_when: When | None) -> tuple[Decision, str] | None:
    """NOOP / UPDATE (the same date, ``new`` names more) / CONFLICT (another date) when ``new`` and
    ``old`` tell one life event with dates of which one at least is relative; None otherwise."""
    rel = date_relation(new_when, old_when)
    if rel is None:
        return None
    finer = finer_of(new_when, old_when)
    if not (new_when.relative or old_when.relative or finer):  # type: ignore[union-attr]
        return None  # two written dates of one precision: the judge's (its number/date changed features)
    if new.positive != old.positive or different_people(new, old):
        return None
    a, b = strip_dates(new.statement), strip_dates(old.statement)
    if not a or not b or names_changed(a, b) or relations_changed(a, b):
        return None
    x, y = content_units(a), content_units(b)
    one_value = bool(finer and new.slot and new.slot == old.slot and new.value and new.value == old.value)
    if not one_value and (not x or not y or len(x & y) / len(x | y) < SAME_EVENT_OVERLAP):
        return None  # (round 46: "started working at Acme" / "joined Acme", one slot's one value, dated finer)
    if finer and not (new_when.relative or old_when.relative) and len(x - y) > FINER_ADDS:  # type: ignore[union-attr]
        return None  # two written dates and more told beside the finer one (在微信团队): the judge's
    if rel == "different" and not (_life_event(a) or _life_event(b)):
        return None  # a trip or a habit told with two dates may be two of them
    dates = f"{new_when.text()} / {old_when.text()}"  # type: ignore[union-attr]
    if rel == "different":
        return Decision.CONFLICT, f"one event told with another date ({dates}): a correction"
    if numbers_clash(_facts(a, None).numbers, _facts(b, None).numbers) or quantity_changed(a, b):
        return None  # another age, amount or day beside the date (今年34岁 / 今年35岁): not this rule's
    if names_added(a, b):
        return Decision.UPDATE, f"one event told with the same date ({dates}), naming more: more specific"
    if finer:  # round 46: "in March 2024" / "on 3 March 2024": one start, not a change of it
        return Decision.NOOP, f"one event told with {FINER_DATE} ({dates}): a restatement"
    return Decision.NOOP, f"one event told with the same date ({dates}): a restatement"


#: content units the incoming statement may add to the stored one's (a verb: "joined" / "started working") when two
#: written dates of one event are told at two precisions; more is more told (the judge's)
FINER_ADDS = 1


#: the words of a NOOP's reason when one telling of an event dates it finer than the other (round 46)
FINER_DATE = "the same date, one finer"


def _fields(w: When) -> int:
    return 1 + (w.month is not None) + (w.day is not None)


def finer_of(a: When | None, b: When | None) -> int:
    """+1 when ``a`` dates inside ``b``'s period more finely ("3 March 2024" in "March 2024", June 2021 in 2021),
    -1 the other way round, 0 otherwise (another date, one precision, no date, a year inferred or unsaid): two
    written dates of one thing told at two precisions are one date (round 46)."""
    if a is None or b is None or a.yearless or b.yearless or date_relation(a, b) != "same":
        return 0
    return (_fields(a) > _fields(b)) - (_fields(a) < _fields(b))


def dated_at(candidate: Candidate) -> bool:
    """Whether ``candidate``'s valid time lies in the date it tells (the extractor set it from the date: "on 3 March
    2024" → 2024-03-03), not at the time it was said."""
    w = candidate_when(candidate)
    v = candidate.valid_from
    return w is not None and v.year == w.year and (w.month is None or v.month == w.month) and (
        w.day is None or v.day == w.day)


def finer_told(row: dict[str, Any], candidate: Candidate) -> int:
    """:func:`finer_of` of a restatement ``candidate`` (its ``event_when`` or statement) against the stored ``row``:
    +1 the candidate dates it finer inside the row's period (the row's valid time is refined to the candidate's),
    -1 coarser (the row's finer valid time stays), 0 otherwise."""
    return finer_of(candidate_when(candidate), row_when(row))


def row_when(row: dict[str, Any]) -> When | None:
    """A stored memory's date: its ``event_when`` column (resolved when it was said), else its
    statement read against its valid time (memories stored before dates were kept, or corrected)."""
    if row.get("event_when"):
        return when_from_text(row["event_when"])
    return when_of(row["statement"], from_iso(row["valid_from"]))


def candidate_when(candidate: Candidate) -> When | None:
    """The incoming statement's date: its ``event_when`` (:func:`memcli.write.decide.decide_and_apply`
    sets it from the said time), else its statement read against its valid time."""
    if candidate.event_when is not None:
        return when_from_text(candidate.event_when)
    return when_of(candidate.statement, candidate.valid_from)


_DATE_HINT = re.compile(r"\d|年|月|前|天|ago|last|this|yesterday|today|"
                        r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec", re.I)


#: words of the present (今年八岁, "this year"): a state said at two times, not two dated events
_PRESENT = re.compile(r"今年|这个月|本月|今天|现在|目前|\b(?:this year|this month|today|now|currently)\b", re.I)


def dated_plan(store: MemoryStore, settings: Settings, user: str, candidate: Candidate, vector: np.ndarray | None,
               plan: Plan, exclude: Collection[int]) -> Plan | None:
    """The plan :func:`dated_decision` gives against the decided target or the nearest memories
    (cosine ≥ ``dedup_lower``), when it differs from ``plan``; None: no dated event, or the same."""
    if not (_DATE_HINT.search(candidate.statement) or candidate.event_when is not None):
        return None
    new_when = candidate_when(candidate)
    if new_when is None:
        return None
    rows: list[dict[str, Any]] = [plan.target] if plan.target is not None else []
    ids = [nb.id for nb in neighbors_of(store, user, vector, settings.decide_neighbors)
           if nb.cosine >= settings.dedup_lower] if vector is not None else []
    seen = {r["id"] for r in rows}
    rows += [r for r in (store.items_by_ids(user, ids) if ids else []) if r["id"] not in seen]
    new = _facts(candidate.statement, candidate.slot)
    for row in rows:
        if row["id"] in exclude or row["invalid_at"] is not None or row["expired_at"] is not None:
            continue
        hit = dated_decision(new, new_when, _facts(row["statement"], row["slot"]), row_when(row))
        if hit is None:
            if plan.decision == Decision.NOOP and plan.target is not None and plan.target["id"] == row["id"] \
                    and date_relation(new_when, row_when(row)) == "different" \
                    and not _PRESENT.search(candidate.statement + " " + row["statement"]) \
                    and not (tells_future(candidate.statement) and tells_future(row["statement"])):
                # a restatement keeps its date: two dates are two things (or a correction the rule above takes);
                # a plan told again later ("next month" twice) is the judge's: a plan's day moves as it nears
                return Plan(Decision.ADD, Level.JUDGE, None, plan.cosine,
                            f"two dates ({new_when.text()} / {row_when(row).text()}): not a restatement; "  # type: ignore[union-attr]
                            f"{plan.judge or plan.level.value} said NOOP for #{row['id']}", "date")
            continue
        if plan.target is not None and plan.target["id"] == row["id"] and plan.decision == hit[0]:
            return None
        if hit[0] == Decision.NOOP and plan.decision == Decision.UPDATE and plan.target is not None \
                and plan.target["id"] == row["id"] and FINER_DATE not in hit[1]:
            return None  # the judge read more detail beside the same date: keep its UPDATE
        return Plan(hit[0], Level.JUDGE, row, _cosine_to(store, row["id"], vector, ()),
                    f"{hit[1]}; {plan.judge or plan.level.value} said {plan.decision.value}", "date")
    return None


def ending_plan(store: MemoryStore, settings: Settings, user: str, candidate: Candidate, vector: np.ndarray | None,
                plan: Plan, exclude: Collection[int]) -> Plan | None:
    """A CONFLICT with the nearest active memory (or the same person's workplace) that ``candidate``
    ends (:func:`~memcli.write.linked_change.ended_by`), when ``plan`` is an ADD or a NOOP (or an UPDATE the
    judge read of a death or a plan called off); None otherwise."""
    told, had = ending_told(candidate.statement), having_ended(candidate.statement)
    if told is None and had is None:
        return None
    if plan.decision not in (Decision.ADD, Decision.NOOP):
        if told is None:
            return None
        if plan.decision != Decision.UPDATE or plan.target is None or not (
                told[0] == "death" or called_off(candidate.statement, "")):
            return None  # (a death or a plan called off the judge read as a refinement: it ends a fact, or it is ADD)
        if called_off(candidate.statement, plan.target["statement"]):
            return Plan(Decision.ADD, Level.JUDGE, None, plan.cosine, f"a plan called off is no refinement of "
                        f"#{plan.target['id']}, which is no plan; {plan.judge or plan.level.value} said UPDATE",
                        "ending")
    from memcli.slots import join_slot, split_slot

    new = _facts(candidate.statement, candidate.slot)
    rows = target_and_neighbors(store, settings, user, vector, plan.target)
    subj = split_slot(new.slot)[0] if new.slot else new.subject
    rows += store.active_in_slot(user, join_slot(subj or "me", "workplace"))
    rows += store.active_in_slot(user, join_slot(subj or "me", "job"))  # a job changed ends the occupation too
    rows += _beings_of(store, user, candidate.statement)  # 我的狗去世了: the user's dog, whatever the store's size
    died, also = died_rows(store, user, new)
    rows += died  # 我外婆去世了: her present facts, whatever the store's size (round 46)
    seen: set[int] = set()
    for row in rows:
        if row["id"] in seen or row["id"] in exclude or row["invalid_at"] is not None or row["expired_at"] is not None:
            continue
        seen.add(row["id"])
        old = _job_row(row)
        one = _one_named(store, user, row) or _named_here(new.statement, old)  # round 48: of two dogs, the one named
        why = (told and ended_by(new, old, different_people(new, old))) or (
            being_died(new, old) or thing_ended(new, old, names_told(old)) if one else None) or \
            person_died(new, old, also)  # round 44: any end; round 46: a person's death, their present states
        if why and given_up_kept(new, old, settings.model):
            continue  # "I gave up coffee" beside "I work at a coffee roastery": a stop of a thing taken ends no job
        if why:
            return Plan(Decision.CONFLICT, Level.JUDGE, row, _cosine_to(store, row["id"], vector, ()),
                        f"{why}; {plan.judge or plan.level.value} said {plan.decision.value}", "ending")
    if plan.decision == Decision.NOOP and plan.target is not None and called_off(candidate.statement,
                                                                                 plan.target["statement"]):
        return Plan(Decision.ADD, Level.JUDGE, None, plan.cosine, f"a plan called off is no restatement of "
                    f"#{plan.target['id']}, which is no plan; {plan.judge or plan.level.value} said NOOP", "ending")
    return None


def ended_with(store: MemoryStore, user: str, candidate: Candidate, old: dict[str, Any]) -> list[dict[str, Any]]:
    """The other active facts of the job that ``candidate`` ends with ``old`` (an ending CONFLICT): a job
    changed or left ends the same person's ``workplace`` and ``job`` together ("I work at a law firm" and
    "I am a paralegal", both from one turn); a move of home the other home relations
    (:func:`~memcli.write.home_left.home_ended_with`). Empty for any other ending (a death or a sale names one
    fact)."""
    from memcli.write.deed_change import deed_ended_with
    from memcli.write.home_left import home_ended_with
    from memcli.write.resumed import resumed_ended_with

    if moved := home_ended_with(store, user, candidate, old):  # a move of home: its other relations (round 31)
        return moved
    if deeds := deed_ended_with(store, user, candidate, old):  # a deed: its other memories (round 32)
        return deeds
    if again := resumed_ended_with(store, user, candidate, old):  # a restart: the give-up and the diet (round 46)
        return again
    told = ending_told(candidate.statement)
    if (kind := thing_kind(old["slot"])) and _alone(store, user, old) and (
            told is not None and told[0] == "death" or thing_ended(
                _facts(candidate.statement, candidate.slot), _facts(old["statement"], old["slot"]), names_told(
                    _facts(old["statement"], old["slot"])))):
        return thing_rows(store, user, old, kind)  # the being's or thing's having, name, age … (round 44)
    new = _facts(candidate.statement, candidate.slot)
    died, also = died_rows(store, user, new)
    if person_died(new, _facts(old["statement"], old["slot"]), also):  # a person's death: their other present facts
        return [r for r in died if r["id"] != old["id"] and person_died(new, _facts(r["statement"], r["slot"]), also)]
    if told is None or told[0] != "job":
        return []
    from memcli.slots import join_slot, split_slot

    subj = split_slot(new.slot)[0] if new.slot else new.subject
    rows = [*store.active_in_slot(user, join_slot(subj or "me", "workplace")),
            *store.active_in_slot(user, join_slot(subj or "me", "job"))]
    told_with = _told_with(store, user, old, rows) if not JOB_KEPT.search(new.statement) else set()
    out = []
    for r in rows:
        fr = _job_row(r)
        if r["id"] != old["id"] and r["invalid_at"] is None and r["expired_at"] is None \
                and (r["id"] in told_with or ended_by(new, fr, different_people(new, fr))):
            out.append(r)
    return out


def _told_with(store: MemoryStore, user: str, old: dict[str, Any], rows: list[dict[str, Any]]) -> set[int]:
    """The ids of ``rows`` (the same person's ``workplace`` and ``job`` facts) drawn from a turn ``old`` was drawn
    from too: linked facts of one telling (round 43). "I work at Acme as a chemist" is stored as a workplace and a
    job; "I left Acme" names only the workplace, and the job told with it ends with it — a job told on its own
    ("I'm a chemist", another turn) names no Acme and stays (:func:`~memcli.write.linked_change.ended_by`)."""
    ids = [int(r["id"]) for r in rows if r["id"] != old["id"]]
    if not ids:
        return set()
    by_item = store.source_ids_by_item(user, [int(old["id"]), *ids])
    told = set(by_item.get(int(old["id"]), ()))
    return {i for i in ids if told & set(by_item.get(i, ()))}


def _beings_of(store: MemoryStore, user: str, statement: str) -> list[dict[str, Any]]:
    """The active ``owns.<kind>`` / ``thing:<kind>.name`` rows of each kind a death told of the user's names
    (我的狗…, "my old dog…"); none when no death is told."""
    told = ending_told(statement)
    if (told is None or told[0] != "death") and having_ended(statement) is None:
        return []  # (round 44: a sale, a giving away, a "no longer have" too)
    kinds = {k for w in re.findall(r"\b(?:my|our|the|that)\s+([a-z]+)(?:\s+([a-z]+))?", statement.lower())
             for k in w if k}
    zh = re.findall(r"(?:我的|我家的?|我们家的?|我养的|家里的?|没有|不养|不再养|把)[那这]?[一]?[只条匹头辆台个]?小?"
                    r"([\u4e00-\u9fff]{1,3})", statement)
    kinds |= {w[:n] for w in zh for n in (1, 2, 3) if len(w) >= n}
    out: list[dict[str, Any]] = []
    for k in sorted(kinds)[:12]:
        out += [*store.active_in_slot(user, f"owns.{k}"), *store.active_in_slot(user, f"thing:{k}.name")]
    return out


def _one_named(store: MemoryStore, user: str, row: dict[str, Any]) -> bool:
    """At most one being of ``row``'s kind is named (a second dog named: "my dog" is neither for sure)."""
    kind = thing_kind(row["slot"])
    return kind is not None and len(store.active_in_slot(user, f"thing:{kind}.name")) <= 1


def _alone(store: MemoryStore, user: str, old: dict[str, Any]) -> bool:
    """No other being of ``old``'s kind is named beside it (``old``, just ended, is no longer active): with a name,
    none named otherwise (round 48: Juniper rehomed ends nothing of Rusty); without, at most one named."""
    mine = names_told(_facts(old["statement"], old["slot"]))
    others = [r for r in store.active_in_slot(user, f"thing:{thing_kind(old['slot'])}.name") if r["id"] != old["id"]]
    if not mine:
        return len(others) <= 1
    return all(mine & names_told(_facts(r["statement"], r["slot"])) for r in others)


def _named_here(statement: str, old: Facts) -> bool:
    """``statement`` names a name ``old`` (a fact of a being or thing) gives it: of two of a kind, that one."""
    return thing_kind(old.slot) is not None and any(
        re.search(rf"(?<!\w){re.escape(n)}(?!\w)", statement, re.I) for n in names_told(old))


def _job_row(row: dict[str, Any]) -> Any:  # noqa: ANN401 - the rules' Facts
    """The facts of a stored row, its slot kept when stored as a ``job`` or ``workplace`` (I am a paralegal reads
    as is.paralegal alone; stored under ``job``, a job changed or left ends it)."""
    from dataclasses import replace

    from memcli.slots import split_slot

    f = _facts(row["statement"], row["slot"])
    if row["slot"] and f.slot != row["slot"] and split_slot(row["slot"])[1] in ("job", "workplace"):
        return replace(f, slot=row["slot"])
    return f


def end_at(valid_from: datetime, said: datetime, began: datetime) -> datetime:
    """When a stored fact that began at ``began`` stops holding, contradicted by a fact valid from ``valid_from``
    and said at ``said``: ``valid_from``, or — dated before the stored one began ("I started running last month"
    beside "I hate running" told since) — when it was said, never before ``began`` (invalid_at >= valid_from)."""
    return valid_from if valid_from >= began else max(said, began)


#: a move told with the place moved to (moved to Leeds, moved back into town; 搬到 / 搬来 / 住进 …)
_EN_MOVED_TO = re.compile(r"\b(?:moved|relocated|came)\s+(?:back\s+|over\s+)?(?:to|into)\s+(?:the\s+)?"
                          r"([\w'’-]+(?:\s+(?!ago\b|in\b|on\b|last\b|when\b|from\b|with\b|because\b|since\b|"
                          r"after\b|for\b|and\b)[\w'’-]+){0,2})", re.I)
_ZH_MOVED_TO = re.compile(r"(?:搬到|搬来|搬去|搬进|搬回|住进)了?([\u4e00-\u9fffA-Za-z0-9]{2,}?)"
                          r"(?:的|了|来|去|住|，|。|,|$)")
#: a leaving told (moved out of, moved away; 搬离 / 搬出 / 搬走): the place is left, not reached
_LEFT = re.compile(r"\bmoved (?:out|away)\b|\bleft\b|搬离|搬出|搬走|离开")
_LIVES = re.compile(r"\b(?:live|living|lives|based)\b|住|家在", re.I)


def moved_in_kept(new: Facts, old: Facts) -> str | None:
    """Why a move told in ``new`` (incoming) to the place ``old`` (stored, positive) says the user lives in
    keeps ``old`` (None: it is no such move): "I moved to Harrogate ten years ago" beside "I live in
    Harrogate", 我八年前搬到X的 beside 我住在X — the move into the present home, however long ago, is how
    that home began, not a new one. A leaving (moved out, 搬离), another place, or a stored fact that is itself a
    move (the same move told with another date) is left to the judge."""
    zh = lang_of(new.statement) == "zh"
    text = to_simplified(new.statement) if zh else new.statement
    if not (new.positive and old.positive) or _LEFT.search(text) or _LEFT.search(old.statement) \
            or not _LIVES.search(old.statement):
        return None
    rx = _ZH_MOVED_TO if zh else _EN_MOVED_TO
    m, stored = rx.search(text), to_simplified(old.statement) if zh else old.statement
    if m is None or rx.search(stored):
        return None  # (two moves: the same one told with another date is the dated rules' and the judge's)
    place, stored = m.group(1).strip().casefold(), stored.casefold()
    if len(place) < 2 or place not in stored or re.search(r"\bfrom\s+" + re.escape(place), stored) \
            or "从" + place in stored:
        return None
    return f"a move to where the user lives ({m.group(1).strip()}): how that home began, it goes on"
