"""A value changed by a deed ends the value it replaces (round 32).

A change told as a deed or an event, not as "X is now Y", shares no slot and few words with the value it replaces,
so the judge added it beside the old one and both stayed active (the old one, told in the words of a question, was
served first):

- **a thing bought after the old one was to go**: "I'm trading in my old Fiesta" then "We bought a used Kia Ceed"
  (one kind of thing in the gazetteer of :mod:`memcli.write.linked_change`, another brand): the trade told before is
  done and the thing traded in is gone, so the memory telling the trade ends, and with it a memory of the user's
  having or driving that thing ("I drive a Fiesta"). A purchase alone ("We bought a Kia" beside "I drive a Ford")
  ends nothing unless it says it replaces (instead, to replace, traded): a household may keep two cars;
- **a medicine switched by the doctor**: 医生给我换成了X / "My doctor switched me to X" ends the user's taking of
  another medicine: the one it names as switched from (把Y换成X, "from Y to X"), else the only medicine the user was
  told to take among the nearest memories (two or more: which one is not said, nothing ends);
- **a new landlord told**: "The new landlady is called Mrs. Reyes" ends the memory that says who the user's landlord
  was ("Our landlord, Mr. Brandt, is friendly") when it names someone else.

Each is a CONFLICT (the old memory gets ``invalid_at`` and a reason naming the new one; nothing is deleted), made in
:func:`deed_plan` for an ADD or a NOOP; :func:`deed_ended_with` gives the other memories the same deed ends (two
copies of one belief, the trade and the car it names). A start at another workplace or a job got there
(:mod:`memcli.write.workplace_moved`) is read here too, among the nearest memories whatever their slot. Pure
functions of text but the two store readers.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from typing import Any

import numpy as np

from memcli.models import Candidate, Decision, Level
from memcli.primed import primable
from memcli.settings import Settings
from memcli.slots import split_slot
from memcli.text import lang_of, to_simplified
from memcli.write.decide_range import Plan, _cosine_to, _facts, target_and_neighbors
from memcli.write.home_left import began_after, home_left, landlord_named, moved_out
from memcli.write.linked_change import brands_in
from memcli.write.rules.match import Facts
from memcli.write.workplace_moved import workplace_left, workplace_start

__all__ = ["bought_instead", "deed_ended_with", "deed_plan", "ends_whole", "landlord_named", "landlord_replaced",
           "medicine_switched", "medicine_taken", "replaced_value", "taken_now", "trade_told"]

_EN_BOUGHT = re.compile(r"^(?:(?:i|we)(?:'ve| have| just| finally| recently| eventually)* )?(?:bought|purchased|"
                        r"picked up|ended up buying|got ourselves|got myself)\b", re.I)
_ZH_BOUGHT = re.compile(r"^(?:我们|我|咱们|咱)?(?:刚|刚刚|已经|终于|昨天|今天|上周|前两天)*"
                        r"(?:买了|新买了|提了|入手了|提车)")
#: a trade or a sale of the thing the user has, told before it is done (or done: traded in)
_TRADE = re.compile(r"\b(?:trading in|trade in|trade-in|traded in|trading|selling|sell|getting rid of|replacing|"
                    r"part[- ]exchang\w*)\b|卖掉|要卖|准备卖|置换|以旧换新|换掉", re.I)
_INSTEAD = re.compile(r"\b(?:instead|to replace|replac\w+|traded|trade-in)\b|换了|换成|替换", re.I)
_NOT_DONE = re.compile(r"\b(?:not|never|n't|want|wants|thinking|might|may|plan|planning|going to|hope|if)\b|"
                       r"没|不|想|打算|准备|可能", re.I)


def trade_told(statement: str) -> dict[str, frozenset[str]]:
    """The brands per kind of thing ``statement`` tells the user is trading in or selling ("I'm trading in my old
    Fiesta" → {"car": {"ford", "fiesta"}}); empty when no trade is told."""
    return brands_in(statement) if _TRADE.search(to_simplified(statement)) else {}


def _bought(statement: str) -> bool:
    t = to_simplified(statement.strip())
    return bool((_ZH_BOUGHT if lang_of(t) == "zh" else _EN_BOUGHT).match(t))


def bought_instead(new: Facts, old: Facts, traded: Iterable[str] = ()) -> str | None:
    """Why a purchase told in ``new`` ends ``old`` (None: it does not): ``old`` is the user's, of the same kind of
    thing with another brand, and it tells the trade itself, or names a brand ``traded`` (told traded in by another
    memory), or ``new`` says it replaces."""
    if not (new.positive and old.positive and _bought(new.statement)):
        return None
    if old.subject not in ("me", new.subject) or (old.slot and split_slot(old.slot)[1] == "event"):
        return None
    a, b = brands_in(new.statement), brands_in(old.statement)
    for kind in sorted(a.keys() & b.keys()):
        if a[kind] & b[kind]:
            continue
        was = "/".join(sorted(b[kind]))
        if trade_told(old.statement).get(kind):
            return f"a {kind} bought ({'/'.join(sorted(a[kind]))}) after the trade told ({was}): the trade is done"
        if b[kind] & set(traded) or _INSTEAD.search(to_simplified(new.statement)):
            return f"a {kind} bought ({'/'.join(sorted(a[kind]))}) in place of the one traded in ({was})"
    return None


_ZH_SWITCH = re.compile(r"(?:把(?P<src>[\u4e00-\u9fffA-Za-z]{2,8}?))?(?:换成了?|改成了?|改用|换为|改为|改吃|换了)"
                        r"(?P<to>[\u4e00-\u9fffA-Za-z]{2,10}?)(?=了|吧|啦|[，,。.!！;；\s]|$)")
_ZH_MED = re.compile(r"药|医生|大夫|医院|片|粒|毫克|胶囊")
_ZH_TAKES = re.compile(r"(?:吃|服用?|用)(?:着|的是)?")
#: a switch done to the user by someone (给我换成X了: the doctor named in the clause before, which the turn split off)
#: told with a dose's rate (也是一天两次) is a medicine's, no medicine word needed (round 47)
_ZH_DONE_TO_ME = re.compile(r"(?:给|帮)我(?:的药)?$")
_ZH_DOSE_RATE = re.compile(r"(?:一|每)(?:天|日)[一二两三四\d]次")
_EN_SWITCH = re.compile(r"\b(?:switched|changed|moved|swapped)\b (?:me |my (?P<src>[\w-]+) |us )?(?:from "
                        r"(?P<src2>[\w-]+) )?(?:to|onto|over to) (?P<to>[\w-]+)", re.I)
_EN_MED = re.compile(r"\b(?:doctor|gp|dr|prescri\w*|mg|tablets?|pills?|medications?|meds|medicines?|dose|"
                     r"cardiologist|psychiatrist|consultant|specialist)\b", re.I)
_EN_TAKES = re.compile(r"\b(?:take|taking|takes|i'm on|i am on|been on)\b", re.I)
_DOSE_WORDS = re.compile(r"药|片|粒|毫克|胶囊|一天|每天|每日|早上|晚上|睡前|\b(?:mg|mcg|tablets?|pills?|daily|a day|"
                         r"every (?:morning|evening|night|day)|twice|once)\b", re.I)
#: subjects who switch a medicine that is the patient's
_PRESCRIBERS = frozenset({"doctor", "gp", "psychiatrist", "consultant", "specialist", "cardiologist", "医生", "大夫"})


#: words after "switched me to" that name no medicine: a dose, a time, an article
_NOT_MEDICINE = frozenset({"a", "an", "the", "my", "another", "something", "it", "twice", "once", "daily", "half",
                           "lower", "higher", "smaller", "bigger", "generic", "morning", "mornings", "evening",
                           "evenings", "night", "nights", "every", "one", "two", "three", "weekly", "tablets", "pills",
                           "liquid", "injections"})
_ZH_NOT_MEDICINE = re.compile(r"[\d一二两三四五六七八九十半]+(?:天|日|次|片|粒|顿|毫克|周|个)|每|早|晚|睡前|中午|饭")
#: what a Chinese taking names after its verb (a count first: 吃一片阿司匹林): a medicine's name (2+ characters, not a
#: time or a dose: 我晚上吃，一天两次) or 药 (吃降压药, 吃药)
_ZH_TAKEN = re.compile(r"(?:[\d一二两三四五六七八九十半]+(?:片|粒|颗|毫克|mg|个)的?)?"
                       r"(?![\d一二两三四五六七八九十半]+(?:天|日|次|片|粒|顿|毫克|周|个)|每|早|晚|睡前|中午|饭)"
                       r"(?:[\u4e00-\u9fffA-Za-z]{2}|药)")


def _switch(statement: str) -> tuple[str | None, str] | None:
    """(medicine switched from or None, medicine switched to) of a switch a doctor made, or None."""
    zh = lang_of(statement) == "zh"
    t = to_simplified(statement) if zh else statement
    m = (_ZH_SWITCH if zh else _EN_SWITCH).search(t)
    if m is None or _NOT_DONE.search(t[:m.start()]):
        return None
    if not (_ZH_MED if zh else _EN_MED).search(t) and not (zh and _ZH_DONE_TO_ME.search(t[:m.start()])
                                                           and _ZH_DOSE_RATE.search(t)):
        return None
    src = m.group("src") if zh else (m.group("src") or m.group("src2"))
    to = m.group("to")
    if (not zh and to.casefold() in _NOT_MEDICINE) or (zh and _ZH_NOT_MEDICINE.match(to)):
        return None  # (a dose or a time switched: "switched me to twice a day", 换成一天两次; dose_change reads it)
    return src, to


def medicine_taken(statement: str) -> bool:
    """``statement`` tells the user takes something as a medicine (我一直在吃二甲双胍，一天两次, "I take lisinopril
    every morning"). A Chinese taking must name what is taken (round 47): 我早上吃 / 我晚上吃, the time of the
    taking a turn split off its own clause, is no second medicine beside the one it was told of (two takers, the
    switch could not say which one it ends, and ended none)."""
    zh = lang_of(statement) == "zh"
    t = to_simplified(statement) if zh else statement
    if zh:
        return any(_ZH_TAKEN.match(t, m.end()) for m in _ZH_TAKES.finditer(t)) and bool(_DOSE_WORDS.search(t))
    return bool(_EN_TAKES.search(t) and (_DOSE_WORDS.search(t) or _EN_MED.search(t)))


def medicine_switched(new: Facts, old: Facts, only: bool = True) -> str | None:
    """Why a switch of medicine told in ``new`` ends ``old``, the user's taking of another medicine (None: it does
    not). ``only``: ``old`` is the only medicine taken among the memories read (needed when ``new`` does not say
    which medicine it switches from)."""
    if not (new.positive and old.positive) or (sw := _switch(new.statement)) is None:
        return None
    if new.subject not in ("me", *_PRESCRIBERS) or old.subject != "me" or not medicine_taken(old.statement):
        return None
    src, to = sw
    said = to_simplified(old.statement).casefold()
    if to.casefold() in said or (lang_of(old.statement) != lang_of(new.statement)):
        return None  # (the same medicine told again, at another dose: memcli.write.dose_change reads it)
    if src is not None and src.casefold() not in said:
        return None
    if src is None and not only:
        return None
    return f"a medicine switched ({src or 'the one taken'} → {to}): the old one is no longer taken"


_NEW_LANDLORD = re.compile(r"\b(?:the|my|our) new (?:landlord|landlady)\b", re.I)


def landlord_replaced(new: Facts, old: Facts) -> str | None:
    """Why a new landlord told in ``new`` ("The new landlady is called Mrs. Reyes") ends ``old``, which says who
    the user's landlord was and names another person (None: it does not)."""
    if not (new.positive and _NEW_LANDLORD.search(new.statement)):  # (what else is said of the old one: "… won't …")
        return None
    if (name := landlord_named(old.statement)) is None or name.casefold() in new.statement.casefold():
        return None
    return f"a new landlord told: {name} is no longer the user's landlord"


#: a change told with the value it replaces: "they need me on Fridays now instead of Wednesdays"
_INSTEAD_OF = re.compile(r"\binstead of (?:on |the |my |a |an )?(?P<was>[\w'-]+)", re.I)
_EN_STOP_UNITS = frozenset({"i", "me", "my", "we", "our", "now", "on", "the", "a", "an", "at", "to", "of", "in", "is",
                            "are", "need", "needs", "instead", "moved", "move", "they", "it", "so", "and", "morning",
                            "evening", "night", "afternoon", "week", "day", "weekend", "every", "from", "with"})


def replaced_value(new: Facts, old: Facts) -> str | None:
    """Why ``new``, a change told with the value it replaces ("My choir practice moved to Thursdays instead of
    Mondays"), ends ``old``, the same person's present statement of that value with the same activity ("I sing with
    the Cathedral choir on Monday nights"), or None: another value, another activity (no word shared beside the
    value), a denied or past statement. English (the Chinese shapes are read by told_shapes)."""
    if lang_of(new.statement) == "zh" or not (new.positive and old.positive) or old.subject != "me":
        return None
    if (m := _INSTEAD_OF.search(new.statement)) is None or (old.slot and split_slot(old.slot)[1] == "event") or \
            _INSTEAD_OF.search(old.statement):
        return None  # (a change told before is history of its own)
    was = m.group("was").casefold()
    stem = was[:-1] if was.endswith("s") and len(was) > 3 else was
    if not re.search(rf"\b{re.escape(stem)}s?\b", old.statement, re.I):
        return None
    words = {w.casefold().rstrip("s") for w in re.findall(r"[A-Za-z][\w'-]+", new.statement[:m.start()])}
    shared = {w.casefold().rstrip("s") for w in re.findall(r"[A-Za-z][\w'-]+", old.statement)} & words
    shared -= {stem.rstrip("s")} | {w.rstrip("s") for w in _EN_STOP_UNITS}
    if not any(len(w) > 3 for w in shared):
        return None
    return f"a change told with the value it replaces (instead of {m.group('was')}; {'/'.join(sorted(shared))})"


def _why(new: Facts, old: Facts, traded: Collection[str], takers: int, home: bool = True) -> str | None:
    return bought_instead(new, old, traded) or medicine_switched(new, old, takers <= 1) or \
        landlord_replaced(new, old) or workplace_left(new, old) or replaced_value(new, old) or (
            home_left(new.statement, old.statement) if home else None)


def _live(rows: Iterable[dict[str, Any]], exclude: Collection[int]) -> list[dict[str, Any]]:
    seen: set[int] = set()
    out = []
    for r in rows:
        if r["id"] in seen or r["id"] in exclude or r["invalid_at"] is not None or r["expired_at"] is not None:
            continue
        seen.add(r["id"])
        out.append(r)
    return out


def _context(new: Facts, rows: list[dict[str, Any]]) -> tuple[frozenset[str], int]:
    """(brands told traded in by any of ``rows``, how many of ``rows`` tell a medicine taken)."""
    traded = frozenset(b for r in rows for bs in trade_told(r["statement"]).values() for b in bs)
    takers = sum(1 for r in rows if medicine_taken(r["statement"])) if _switch(new.statement) else 0
    return traded, takers


def deed_plan(store: Any, settings: Settings, user: str, candidate: Candidate, vector: np.ndarray | None,
              plan: Plan, exclude: Collection[int]) -> Plan | None:
    """A CONFLICT with the judge's target or the nearest active memory (or the user's ``job``) that the deed told
    in ``candidate`` ends (see the module doc), when ``plan`` is an ADD or a NOOP, or (round 47) a switch of
    medicine the judge made an UPDATE or CONFLICT of a memory that tells no medicine taken (给我换成X了 as the
    refinement of 我现在天天在家闲着: the switch ends the medicine, never another fact); None otherwise. Reads only."""
    new = _facts(candidate.statement, candidate.slot)
    if plan.decision not in (Decision.ADD, Decision.NOOP) and not _misread_switch(new.statement, plan):
        return None
    if not _deed_told(new.statement, new.slot):  # each reason of _why starts from a deed told in ``new``: no rows read
        return None
    rows = [*target_and_neighbors(store, settings, user, vector, plan.target), *store.active_in_slot(user, "job")]
    if _far_reaching(candidate.statement, candidate.slot):  # a job, a home: what it ends may be told in any words
        rows += store.list_items(user)
    rows = _live(rows, exclude)
    traded, takers = _context(new, rows)
    for row in rows:
        # a move ends the home relations told before it, never one that began after it (a move told late, "we moved
        # here in 2019", keeps the landlord told since); a move restated (NOOP) is no new move
        home = plan.decision == Decision.ADD and not began_after(row, candidate)
        if why := _why(new, _facts(row["statement"], row["slot"]), traded, takers, home):
            return Plan(Decision.CONFLICT, Level.JUDGE, row, _cosine_to(store, row["id"], vector, ()),
                        f"{why}; {plan.judge or plan.level.value} said {plan.decision.value}", "deed")
    return None


def _misread_switch(statement: str, plan: Plan) -> bool:
    """``plan`` hides a memory that tells no medicine taken by ``statement``, a switch of medicine (the judge's
    UPDATE/CONFLICT on a pair that shares no thing: round 46's refit made one of 给我换成X了，也是一天一片 and a habit
    of staying home, p 0.65, and the medicine taken stayed)."""
    return plan.decision in (Decision.UPDATE, Decision.CONFLICT) and plan.target is not None \
        and _switch(statement) is not None and not medicine_taken(plan.target["statement"])


def _far_reaching(statement: str, slot: str | None) -> bool:
    """A start at another workplace, a move of home or a new landlord: the memory it ends shares few words with it
    and may be far from the nearest ones, so every active memory of the user is read (such turns are rare)."""
    return workplace_start(statement, slot) is not None or moved_out(statement) is not None or \
        bool(_NEW_LANDLORD.search(statement))


@primable(maxsize=16384)  # asked of every candidate: the drain's look-ahead computes it (memcli.write.precompute)
def _deed_told(statement: str, slot: str | None) -> bool:
    return _bought(statement) or _switch(statement) is not None or _far_reaching(statement, slot) or \
        bool(_INSTEAD_OF.search(statement))


def ends_whole(old: str, new: str) -> bool:
    """``new``'s deed ends all that ``old`` tells (a medicine switched: its dose too; the landlord of a home left or
    replaced; a thing traded in): no clause of ``old`` is kept apart (:mod:`memcli.write.untouched`)."""
    return (_switch(new) is not None and medicine_taken(old)) or (landlord_named(old) is not None and (
        moved_out(new) is not None or bool(_NEW_LANDLORD.search(new)))) or (_bought(new) and bool(trade_told(old)))


def taken_now(old: str, new: str) -> str | None:
    """What the user takes now, told as a present fact, when a switch of medicine told in ``new`` ends the taking
    told in ``old`` (医生给我换成了X → 我现在吃X, "My doctor switched me to X" → "I take X now"): the switch itself
    names neither taking nor medicine, so a question of what the user takes found nothing once the old one ended."""
    if (sw := _switch(new)) is None or not medicine_taken(old):
        return None
    return f"我现在吃{sw[1]}" if lang_of(new) == "zh" else f"I take {sw[1]} now"


def deed_ended_with(store: Any, user: str, candidate: Candidate, old: dict[str, Any]) -> list[dict[str, Any]]:
    """The user's other active memories the deed told in ``candidate`` ends beside ``old``, which a CONFLICT ends: a
    copy of the same belief, the car whose trade was told, and — when the judge ended another memory ("My food bank
    shift moved: … instead of Wednesdays" beside a remark on Wednesdays) — the memory the deed itself ends. Empty when
    ``candidate`` tells no deed."""
    if not _deed_told(candidate.statement, candidate.slot):
        return []
    new = _facts(candidate.statement, candidate.slot)
    rows = [r for r in _live(store.list_items(user), (old["id"],)) if r["statement"] != candidate.statement]
    traded, _ = _context(new, [old, *rows])
    traded |= frozenset(b for bs in trade_told(old["statement"]).values() for b in bs)
    # (a medicine: only the one named; a home's relations: memcli.write.home_left.home_ended_with)
    return [r for r in rows if _why(new, _facts(r["statement"], r["slot"]), traded, 2, home=False)]
