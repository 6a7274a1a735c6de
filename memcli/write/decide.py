"""The four-state decision (ADD / NOOP / UPDATE / CONFLICT), three levels cheapest first.

1. **exact**: the normalised statement equals a stored active one → NOOP (reinforce), no model;
   **slot** (cheap and explicit, part of the rules): an active memory of the same
   ``subject.attribute`` slot with another value, a flipped polarity or another number →
   CONFLICT, a more specific value → UPDATE, the same value → NOOP — even when the cosine is
   below ``dedup_lower`` (recorded as level ``judge``, judge ``slot``);
2. **vector**: KNN over the user's active memories (vec0 partition ``user_id``, ``active = 1``): cosine ≥
   ``dedup_upper`` → NOOP unless :func:`~memcli.write.judge.guard` objects (a polarity flip, a changed number/date or
   another slot is never a NOOP, whatever the cosine); cosine < ``dedup_lower`` → ADD; every neighbour at or above
   ``dedup_lower`` about another subject (我妈妈… vs 我…) → ADD without a judge (recorded as level ``judge``, judge
   ``subject``; goldset: 110 such pairs are ADD, none CONFLICT/UPDATE);
3. **judge**: the gray zone (and guarded pairs) → one judge call (LLM when configured, else offline); an id the judge
   was not shown fails the task (ExtractionError), never a write. A judge's NOOP across a polarity flip or a changed
   number/date is overridden into a CONFLICT with the guard's reason (recorded in the event), never an ADD beside the
   old fact; an LLM judge's ADD for a pair the offline judge finds related and flipped (a hard guard) is that offline
   CONFLICT, with both reasons. A NOOP whose statement tells another event is an ADD (memcli.write.event_beside).

Outcomes (issue 3 §6: ADD inserts, NOOP reinforces, UPDATE supersedes in system time, CONFLICT invalidates in
world time, each one event) are written by :func:`memcli.write.outcome.apply_plan` in the same transaction.

This module is the one place where candidates become items: ``remember``, ``import`` and
the outbox worker (``drain``) all call :func:`decide_and_apply`.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Any

import numpy as np

from memcli.db.store import MemoryStore
from memcli.models import Candidate, Decision, DecisionResult, Level, Origin
from memcli.settings import Settings
from memcli.text import normalize
from memcli.write import linked_change as lc
from memcli.write.another_one import another_beside, another_named
from memcli.write.backends import get_judge
from memcli.write.change_rules import (
    keyed_side_by_side,
    passing_wish_kept,
    refinement_drops_value,
    told_event_kept,
    told_remark_kept,
)
from memcli.write.correction_plan import corrected_plan, slip_plan
from memcli.write.cross_lang import restated
from memcli.write.cure import cure_denied, cure_of_another, cure_plan
from memcli.write.dated_change import FINER_DATE, dated_plan, ending_plan, moved_in_kept
from memcli.write.decide_range import (
    Plan,
    Prefetched,
    _cosine_to,
    _facts,
    _guarded_noop,
    decide_whole_range,
    neighbors_of,
)
from memcli.write.decide_reads import DecisionReads, vector_key
from memcli.write.deed_beside import deed_beside
from memcli.write.deed_change import deed_plan
from memcli.write.degree_told import narrowed, reduction_beside
from memcli.write.denied_plan import denied_kept, denied_of, denied_plan
from memcli.write.detail_denied import detail_denied
from memcli.write.dose_change import dose_plan
from memcli.write.earlier_place import earlier_plan
from memcli.write.event_beside import event_beside
from memcli.write.event_change import (
    HABIT_MOVED_SLOT,
    PLAN_SLOT,
    habit_move_kept,
    habit_owner_said,
    owner_unsaid,
    plan_slot_for,
    rescheduled,
)
from memcli.write.event_change import TIMED_SLOTS as _TIMED
from memcli.write.event_days import as_time, other_day_event
from memcli.write.extract import enrich
from memcli.write.fitted import hide_floor
from memcli.write.given_up import give_up_of, given_up_ends, given_up_kept
from memcli.write.goal_apart import goal_apart
from memcli.write.home_left import home_plan
from memcli.write.job_change import promotion_kept
from memcli.write.job_pair import job_replaced
from memcli.write.judge import (
    HARD_GUARDS,
    Judge,
    OfflineJudge,
    check_verdict,
    compare_slot,
    different_people,
    guard,
    hard_guard,
    other_person,
    strong,
)
from memcli.write.kept_apart import apart_plan
from memcli.write.languages_kept import languages_kept
from memcli.write.liking_over import broader_liking_over, is_liking_given_up
from memcli.write.means_change import (
    activity_given_up,
    activity_of_give_up,
    bare_kept,
    bare_means_ends,
    going,
    means_changed,
    means_kept,
    owned_kept,
)
from memcli.write.named_kind import LOW_COSINE_GUARD, kind_slot
from memcli.write.negation_scope import flip_off_topic
from memcli.write.object_swap import denies_old, swapped_object, swapped_value
from memcli.write.outcome import apply_plan
from memcli.write.pair_facts import content_units
from memcli.write.pair_names import relation_fact_beside
from memcli.write.place_moved import moved_on
from memcli.write.plan_done import plan_done
from memcli.write.plan_kept import plan_change_ends, plan_change_kept
from memcli.write.resumed import resumed_plan
from memcli.write.rules.means import bare_means, means_of
from memcli.write.rules.switch_to import switch_of
from memcli.write.start_words import start_of_another, stop_of_another
from memcli.write.state_change import state_beside, worse_kept
from memcli.write.switch_change import switch_ends, switch_kept
from memcli.write.told_kept import age_kept, home_kept
from memcli.write.unlinked import nothing_shared
from memcli.write.work_arrangement import arrangement_kept
from memcli.write.zh_change_told import added_kept, past_kept

__all__ = ["decide", "decide_and_apply", "neighbors_of"]


def decide(store: MemoryStore, settings: Settings, user: str, candidate: Candidate, vector: np.ndarray | None,
           judge: Judge | None = None, exclude: Collection[int] = (), pre: Prefetched | None = None) -> Plan:
    """Choose ADD / NOOP / UPDATE / CONFLICT for ``candidate`` (writes nothing).

    ``exclude``: ids of memories the same utterance already wrote or decided on — its other
    clauses were said together with this one, so a judge that weighs the whole range (the fitted
    one) never compares them (two facts of 我喜欢喝美式咖啡，不加奶 neither restate nor contradict
    each other).

    Whatever level or judge chose it, a NOOP / UPDATE / CONFLICT that
    :func:`~memcli.write.judge.hard_guard` forbids (two people; values of types that do not
    compare; no shared slot and almost no shared content; a NOOP that would drop a fact naming
    something else) becomes ADD, its reason recorded.

    ``pre``: the reads (and verdict) of this candidate made when its drained batch began
    (:func:`memcli.write.decide_range.prefetch`; only for a candidate no earlier decision of the
    batch can have changed them, with nothing to ``exclude``).

    Raises:
        ExtractionError: the judge failed or named a memory it was not shown.
    """
    judge = judge or get_judge(settings)
    store = DecisionReads(store)  # type: ignore[assignment]  # nothing is written until decide returns
    if pre is not None and pre.same is None and vector is not None:  # the batch read them: nothing written since
        store.seed(("nbs", user, vector_key(vector), settings.decide_neighbors), pre.nbs)  # type: ignore[attr-defined]
    plan = _decide(store, settings, user, candidate, vector, judge, exclude, pre)
    if slip := slip_plan(store, settings, user, candidate, vector, plan, exclude):
        return slip  # round 46: "不对，是三月十四号" puts the turn before right (memcli.write.correction_plan)
    if again := resumed_plan(store, user, candidate, plan, exclude):
        return again  # round 46: "I'm back on coffee" ends "I quit coffee" (memcli.write.resumed)
    if xl := restated(store, settings, user, candidate, vector, plan, exclude):
        return xl  # the same fact in the other language (memcli.write.cross_lang)
    if plan.level != Level.EXACT:  # one life event told with its date (去年 / 2024年): same date or another
        plan = dated_plan(store, settings, user, candidate, vector, plan, exclude) or plan
        # two facts a guard tied (kept_apart), or the first ending: a death, parting, job left, sale, cure, dose, a deed
        ending = next(filter(None, (f(store, settings, user, candidate, vector, plan, exclude)
                                    for f in (apart_plan, ending_plan, cure_plan, dose_plan, deed_plan,
                                              earlier_plan))), None)  # (round 45: a home told with an earlier year)
        if ending is not None:
            return ending
        if plan.judge == "date" and FINER_DATE in plan.reason:  # round 46: one date told finer; the rule compared
            return plan  # the statements without their dates (a month's name is no name the guards may count)
    if plan.decision == Decision.ADD:  # (a correction, a value denied in contrast: the memory saying it ends)
        return corrected_plan(store, settings, user, candidate, vector, plan, exclude) or denied_plan(
            store, settings, user, candidate, vector, plan, exclude) or _linked_change(
            store, settings, user, candidate, vector, plan, exclude) or home_plan(
            store, settings, user, candidate, vector, plan, exclude) or plan_done(  # round 47: a planned move done
            store, settings, user, candidate, vector, plan, exclude) or plan
    if plan.target is None or plan.level == Level.EXACT:
        return plan
    new, old = _facts(candidate.statement, candidate.slot), _facts(plan.target["statement"], plan.target["slot"])
    gp = goal_apart(candidate.kind, candidate.slot, plan.target["kind"], plan.target["slot"])  # round 48: hopes
    why = gp or hard_guard(new, old, plan.decision, plan.cosine, hide_floor(settings, judge)) or relation_fact_beside(
        new, old) or event_beside(new, old, plan.decision) or (  # (not in hard_guard: its reasons are a judge
        reduction_beside(new, old) or another_beside(new, old) or state_beside(new, old)  # round 47: feels better
        if plan.decision == Decision.NOOP else None) or \
        deed_beside(new, old, plan.decision, candidate.valid_from, as_time(plan.target.get("valid_from")))  # feature);
    # round 41: cut down; round 42: one more of a kind (我又买了一辆车); round 45: a deed of another day, one more said
    if why and why.endswith(LOW_COSINE_GUARD) and "named_slot" in (candidate.metadata or {}):
        why = None  # the slot is the named thing's (memcli.write.named_kind): the name links the two, not the words
    if why is None and plan.decision == Decision.NOOP and (swap := swapped_object(new.statement, old.statement)):
        if change := swapped_value(new, old):  # 在腾讯 / 在字节跳动做产品经理: one job, another employer
            return Plan(Decision.CONFLICT, Level.JUDGE, plan.target, plan.cosine,
                        f"{change}; {plan.judge or plan.level.value} said NOOP", "swap")
        why = f"one thing swapped ({swap}): another fact, not a restatement"
    if why is None and plan.decision == Decision.NOOP and (mine := given_up_ends(new, old, settings.model)):
        return Plan(Decision.CONFLICT, Level.JUDGE, plan.target, plan.cosine,  # "I gave up coffee" reinforced the
                    f"{mine}; {plan.judge or plan.level.value} said NOOP", "slot")  # coffee habit (a trial)
    if why is None and plan.decision == Decision.NOOP and (means := means_changed(new, old, settings.model)):
        return Plan(Decision.CONFLICT, Level.JUDGE, plan.target, plan.cosine,  # 我开车上班 / 我现在骑车上班 was
                    f"{means}; {plan.judge or plan.level.value} said NOOP", "slot")  # reinforced (round 39)
    if why is None and plan.decision == Decision.CONFLICT and plan.judge == "fitted" and new.value == old.value and \
            new.value and (same := compare_slot(new, old)) is not None and same[0] == Decision.NOOP and \
            content_units(new.statement) <= content_units(old.statement):  # (在网易做运营 after 在京东: a word more)
        return Plan(Decision.NOOP, Level.JUDGE, plan.target, plan.cosine,  # one value told again: it contradicts
                    f"{same[1]}, nothing more told; the fitted judge said CONFLICT", "restated")  # nothing
    if why is None and plan.decision in (Decision.CONFLICT, Decision.UPDATE):
        # 我不打算放弃日语 beside 我在学日语: the "no" is on the stopping; "My aunt's flu is cured" beside "My uncle
        # has the flu": another person's cure; 还没治好 beside the trouble: it goes on; round 38: a give-up of coffee
        # beside a job at a coffee shop, a switch to tea beside a liking of green tea
        why = lc.stop_denied(new, old) or cure_of_another(new, old) or cure_denied(new, old) or \
            moved_in_kept(new, old) or given_up_kept(new, old, settings.model) or switch_kept(
                new, old, settings.model) or denied_kept(new, old, denied_of(candidate)) or plan_change_kept(
                    new, old) or arrangement_kept(new, old) or detail_denied(new, old) or home_kept(
                        new, old) or age_kept(new, old) or worse_kept(
                            new, old, plan.decision)  # (round 39: "a parrot, not a hamster" beside "I love
        # hamsters"; round 40: a plan changed from Oslo beside a trip to Denver, a night shift beside the job; round
        # 41: 我拿铁不加糖 beside the latte every morning, a detail of the habit; round 47: a race in the city, a doctor
        # near the house end no home, a child's first day at school no age, a state told worse ends nothing)
    if why is None:  # round 39: bus to work / car to the beach; a means told beside the other (also, 有时); round 40:
        why = means_kept(new, old, settings.model) or owned_kept(new, old) or (  # a car had beside a way of going,
            bare_kept(new, old) if plan.decision != Decision.NOOP else None) or (  # "I drive now" (the store
            languages_kept(new, old) if plan.decision != Decision.NOOP else None)  # decides); Spanish, Portuguese
    if why is None and plan.decision == Decision.CONFLICT and (kind := narrowed(new, old)):
        return Plan(Decision.UPDATE, Level.JUDGE, plan.target, plan.cosine,  # 我喜欢喝茶 / 我现在只喝普洱茶 (round 41)
                    f"{kind}; {plan.judge or plan.level.value} said CONFLICT", "narrowed")
    if why is None and plan.decision == Decision.UPDATE and (denied := denies_old(new.statement, old.statement)):
        return Plan(Decision.CONFLICT, Level.JUDGE, plan.target, plan.cosine,  # 我住在常州，不是无锡
                    f"a correction: the stored value is denied ({denied}); {plan.judge or plan.level.value} said "
                    "UPDATE", "correction")
    if why is None and plan.decision != Decision.NOOP and not (new.slot and new.slot == old.slot and strong(new.slot)):
        # (outside hard_guard: the judge's features stay those it was fitted on); a stop of what an event took up
        # ends it ("I started learning Japanese" / "I gave up on Japanese"): the told-event guard does not keep it
        stops = lc.taken_up(old) and lc.stopped_doing(new, old, different_people(new, old))
        why = (None if stops else told_event_kept(new, old)) or told_remark_kept(new, old, plan.cosine) \
            or keyed_side_by_side(new, old) \
            or nothing_shared(new, old) or other_day_event(new, old, candidate.valid_from, as_time(
                plan.target.get("valid_from"))) or (plan.decision == Decision.CONFLICT and (
                flip_off_topic(new, old) or stop_of_another(new, old)) or None) \
            or start_of_another(new, old)  # round 43: a stop of another thing; round 44: a start of another
    if why is None and plan.decision == Decision.UPDATE:
        why = refinement_drops_value(new, old)  # My mum is 68 / My mum takes metformin: another fact, kept
    if why is None and plan.decision != Decision.NOOP:
        why = passing_wish_kept(new, old) or promotion_kept(candidate.statement, plan.target["statement"],
                                                            plan.target["slot"]) or past_kept(  # round 47
            candidate.statement, plan.target["statement"]) or added_kept(
                candidate.statement, plan.target["statement"]) or habit_move_kept(new, old) or another_named(
                    new, old)  # round 48: a habit moved; a second dog named, not the first renamed
    if why is None and plan.decision == Decision.UPDATE and (job := job_replaced(new, old) or moved_on(new, old)):
        return Plan(Decision.CONFLICT, Level.JUDGE, plan.target, plan.cosine,  # 我是程序员 → 我是一名消防员
                    f"{job}; {plan.judge or plan.level.value} said UPDATE", plan.judge)
    if why is None:
        return plan
    plan = Plan(Decision.ADD, Level.JUDGE, None, plan.cosine,
                f"hard guard: {why}; {plan.judge or plan.level.value} said {plan.decision.value} "
                f"for #{plan.target['id']}: ADD", "guard")
    return corrected_plan(store, settings, user, candidate, vector, plan, exclude) or denied_plan(
        store, settings, user, candidate, vector, plan, exclude) or _linked_change(
        store, settings, user, candidate, vector, plan, exclude) or plan  # round 31: a denied value ends anyway


def _linked_change(store: MemoryStore, settings: Settings, user: str, candidate: Candidate,
                   vector: np.ndarray | None, plan: Plan, exclude: Collection[int]) -> Plan | None:
    """A CONFLICT with a stored fact of another attribute that a change told in ``candidate`` ends
    (:mod:`memcli.write.linked_change`: a move beside a workplace given as a place, a switch of
    brand of one kind of thing), when the decision so far is ``plan`` (an ADD). None: no such fact."""
    new = _facts(candidate.statement, candidate.slot)
    if bare_means(candidate.statement):  # "I drive now": the one way of going stored, if one (round 40)
        goes = [r for r in store.list_items(user) if r["id"] not in exclude and going(r["statement"])]
        for i, why in bare_means_ends(new, [_facts(r["statement"], r["slot"]) for r in goes], settings.model)[:1]:
            return Plan(Decision.CONFLICT, Level.JUDGE, goes[i], _cosine_to(store, goes[i]["id"], vector, ()),
                        f"{why}; {plan.reason}", "slot")
    rows: list[dict[str, Any]] = [r for s in lc.ended_slots(new) for r in store.active_in_slot(user, s)]
    if lc.brands_in(candidate.statement) or (new.slot or "").endswith(_TIMED) or is_liking_given_up(new) or \
            switch_of(candidate.statement) or give_up_of(new) or means_of(candidate.statement) or \
            activity_of_give_up(new):
        # (a time of an event or a weekly habit; a liking given up: the likings of a kind of it; a switch: the habit)
        ids = [nb.id for nb in neighbors_of(store, user, vector, settings.decide_neighbors)]
        rows += store.items_by_ids(user, ids) if ids else []
    if new.slot and strong(new.slot):  # one thing swapped in a one-valued attribute (another hospital, same job)
        rows += store.active_in_slot(user, new.slot)
    plans = store.active_in_slot(user, ps) if (ps := plan_slot_for(new.slot)) else []  # (a relative's: theirs)
    rows += plans  # a plan called off: the trip it names, or the only one planned
    if (new.slot or "").endswith(PLAN_SLOT):  # a plan changed (不去成都了，改去重庆): the plan it names (round 42)
        for row in store.active_in_slot(user, new.slot or ""):
            if row["id"] not in exclude and (why := plan_change_ends(new, _facts(row["statement"], row["slot"]))):
                return Plan(Decision.CONFLICT, Level.JUDGE, row, _cosine_to(store, row["id"], vector, ()),
                            f"{why}; {plan.reason}", "slot")
    for row in rows:
        if row["id"] in exclude or row["invalid_at"] is not None or row["expired_at"] is not None:
            continue
        old = _facts(row["statement"], row["slot"])
        if mine := given_up_ends(new, old, settings.model) or switch_ends(new, old, settings.model) or \
                means_changed(new, old, settings.model) or activity_given_up(new, old, settings.model):
            return Plan(Decision.CONFLICT, Level.JUDGE, row, _cosine_to(store, row["id"], vector, ()),
                        f"{mine}; {plan.reason}", "slot")  # (round 38: either language; whose, these rules say)
        if different_people(new, old) and old.slot != ps and not owner_unsaid(new) and not (
                new.slot == HABIT_MOVED_SLOT and rescheduled(new, old)):  # (a plan's subject reads
            # "plan": whose the slot says; round 46: "Tom's wedding moved to January", whose the stored fact says;
            # round 48: "Class is Tuesday nights" read as a person's is the habit a move names)
            continue
        why = lc.moved_from_workplace(new, old) or lc.workplace_left(new, old) or lc.switched_brand(new, old) or \
            swapped_value(new, old) or lc.plan_dropped(new, old, len(plans)) or rescheduled(new, old) or \
            broader_liking_over(new, old)
        if why:
            return Plan(Decision.CONFLICT, Level.JUDGE, row, _cosine_to(store, row["id"], vector, ()),
                        f"{why}; {plan.reason}", "slot")
    return None


def _decide(store: MemoryStore, settings: Settings, user: str, candidate: Candidate, vector: np.ndarray | None,
            judge: Judge | None = None, exclude: Collection[int] = (), pre: Prefetched | None = None) -> Plan:
    """:func:`decide` before the hard guard."""
    same = pre.same if pre is not None else store.find_exact(user, normalize(candidate.statement))
    if same is not None:
        return Plan(Decision.NOOP, Level.EXACT, same, 1.0, "same statement")
    new = _facts(candidate.statement, candidate.slot)
    nbs = pre.nbs if pre is not None else neighbors_of(store, user, vector, settings.decide_neighbors)
    judge = judge or get_judge(settings)
    if getattr(judge, "whole_range", False):
        return decide_whole_range(store, settings, user, candidate, vector, judge, new, nbs, exclude, pre)
    if new.slot:  # explicit slot comparison, whatever the cosine
        for row in (pre.slot_rows if pre is not None else store.active_in_slot(user, new.slot)):
            hit = compare_slot(new, _facts(row["statement"], row["slot"]))
            if hit:
                return Plan(hit[0], Level.JUDGE, row, _cosine_to(store, row["id"], vector, nbs), hit[1], "slot")
    if not nbs:
        return Plan(Decision.ADD, Level.VECTOR, None, None, "no stored memory to compare with")
    top = nbs[0]
    objection = guard(new, _facts(top.statement, top.slot))
    if top.cosine >= settings.dedup_lower and all(
            other_person(new, _facts(nb.statement, nb.slot)) for nb in nbs if nb.cosine >= settings.dedup_lower):
        # every close neighbour is about someone else (我妈妈… vs 我…): another fact, no judge
        return Plan(Decision.ADD, Level.JUDGE, None, top.cosine,
                    "a new fact: the close memories are about someone else", "subject")
    if top.cosine >= settings.dedup_upper and objection is None:
        return Plan(Decision.NOOP, Level.VECTOR, store.get_item(user, top.id), top.cosine,
                    f"cosine {top.cosine:.3f} >= upper {settings.dedup_upper}")
    if top.cosine < settings.dedup_lower:
        return Plan(Decision.ADD, Level.VECTOR, None, top.cosine,
                    f"cosine {top.cosine:.3f} < lower {settings.dedup_lower}")
    shown = [nb for nb in nbs if nb.cosine >= settings.dedup_lower] or [top]
    verdict = check_verdict(judge.judge(candidate, shown), shown, judge.name)
    cos = next((nb.cosine for nb in shown if nb.id == verdict.target_id), top.cosine)
    why = f"{verdict.reason} (cosine {cos:.3f}" + (f", guarded: {objection})" if objection else ")")
    if verdict.decision == Decision.ADD or verdict.target_id is None:
        if not isinstance(judge, OfflineJudge):  # an LLM's ADD beside its own opposite: the offline judge checks
            off = OfflineJudge(settings).judge(candidate, shown)
            if off.decision == Decision.CONFLICT and off.target_id is not None:
                tgt = store.get_item(user, off.target_id)
                g = guard(new, _facts(tgt["statement"], tgt["slot"]))
                if g in HARD_GUARDS:
                    c = next((nb.cosine for nb in shown if nb.id == tgt["id"]), cos)
                    return Plan(Decision.CONFLICT, Level.JUDGE, tgt, c,
                                f"judge {judge.name} said ADD ({verdict.reason}), but {g} with #{tgt['id']}: "
                                f"CONFLICT by the offline judge ({off.reason})", judge.name)
        return Plan(Decision.ADD, Level.JUDGE, None, cos, why, judge.name)
    target = store.get_item(user, verdict.target_id)
    if verdict.decision == Decision.NOOP and (plan := _guarded_noop(new, target, verdict.reason, judge.name, cos)):
        return plan
    return Plan(verdict.decision, Level.JUDGE, target, cos, why, judge.name)


def decide_and_apply(
    store: MemoryStore,
    settings: Settings,
    user: str,
    candidate: Candidate,
    vector: np.ndarray | None,
    *,
    origin: Origin,
    model: str | None,
    source_ids: Sequence[int] = (),
    judge: Judge | None = None,
    timings: dict[str, float] | None = None,
    exclude: Collection[int] = (),
    pre: Prefetched | None = None,
    said_at: datetime | None = None,
) -> DecisionResult:
    """Decide what ``candidate`` means against the user's active items and write it.

    Must run inside ``store.tx()`` so that a failure writes nothing.
    ``vector``: float32 (dim,), L2-normalised, or None when no model is used.
    ``timings``: optional dict; seconds are added to its ``decide`` and ``write`` keys.
    ``exclude``: see :func:`decide`; a NOOP on one of them writes nothing (an utterance confirms a memory once,
    however many of its clauses restate it), and a CONFLICT ends none as a copy of the old belief (round 21: the
    job a turn takes up is not the one it leaves, 我辞掉了银行的工作，下个月去学校当老师). ``pre``: see :func:`decide`.
    ``said_at``: when the statement was said (aware; default its ``valid_from``): a date it gives
    (去年, "last March", 2024年9月) is resolved against it once and kept in the memory's own column
    ``event_when`` (:mod:`memcli.write.pair_dates`; never its metadata) — the drain passes the utterance's
    time, since its ``valid_from`` is already moved back by the relative time; ``remember``/``import`` their ``--at``.

    Raises:
        ExtractionError: the judge failed or named a memory it was not shown (nothing written).
    """
    t0 = time.perf_counter()
    cand = _with_when(enrich(candidate), said_at)
    if (kind := kind_slot(store, user, cand, vector, pre.nbs if pre is not None else None)) is not None:
        named = {**cand.metadata, "named_slot": cand.slot}  # 旺财今年六岁了 → the named dog's age
        cand, pre = cand.model_copy(update={"slot": kind, "metadata": named}), None
    plan = decide(store, settings, user, cand, vector, judge, exclude, pre)
    if plan.decision == Decision.CONFLICT and plan.target is not None and cand.slot == HABIT_MOVED_SLOT and \
            (said := habit_owner_said(cand.statement, plan.target["statement"], plan.target["slot"])) != cand.statement:
        cand = cand.model_copy(update={"statement": said})  # 豆豆的游泳课改到周日下午了: whose class moved (round 48)
    t1 = time.perf_counter()
    if plan.decision == Decision.NOOP and plan.target is not None and plan.target["id"] in exclude:
        # the same utterance already wrote or confirmed this memory: one utterance confirms it once
        return DecisionResult(decision=Decision.NOOP, level=plan.level, item_id=plan.target["id"],
                              other_item_id=plan.target["id"], cosine=plan.cosine, judge=plan.judge,
                              reason=f"{plan.reason}; already confirmed by this utterance")
    try:
        return apply_plan(store, settings, user, cand, vector, plan, origin=origin, model=model,
                          source_ids=source_ids, keep=exclude)
    finally:
        if timings is not None:
            timings["decide"] = timings.get("decide", 0.0) + (t1 - t0)
            timings["write"] = timings.get("write", 0.0) + (time.perf_counter() - t1)


def _with_when(cand: Candidate, said_at: datetime | None) -> Candidate:
    """``cand`` with its resolved date in ``event_when`` (a column of its own, never the user's
    metadata, which ``export`` gives back as imported). A weekly habit moved to another day (``habit.rescheduled``:
    游泳课改到周日下午了) keeps none: it is a day of every week, never one Sunday (round 48)."""
    from memcli.write.pair_dates import moved_back, when_of, when_to_text

    if cand.event_when is not None or cand.slot == HABIT_MOVED_SLOT:
        return cand
    w = when_of(cand.statement, said_at or cand.valid_from)
    if w is None and said_at is not None:  # the extractor read the relative time into valid_from
        w = moved_back(cand.valid_from, said_at)
    return cand if w is None else cand.model_copy(update={"event_when": when_to_text(w)})
