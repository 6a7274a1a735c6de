"""Changes of a plan or an event's time that reach a stored fact (round 19): the slots a trip planned, a plan
called off and an event given or moved to a time take (:mod:`memcli.write.rules.zh_plan`,
:mod:`memcli.write.rules.en_events`), whose trip a cancellation may end (:func:`plan_slot_for`), the time a
rescheduling ends (:func:`rescheduled`), and two events of one kind kept apart (:func:`other_event`). Pure
functions over :class:`~memcli.write.rules.Facts`; :func:`memcli.write.decide.decide` and
:func:`memcli.write.judge.hard_guard` ask them.
"""

from __future__ import annotations

import re
from functools import lru_cache

from memcli import slots
from memcli.text import lang_of, to_simplified
from memcli.write.rules import Facts
from memcli.write.rules.en_events import WHEN
from memcli.write.rules.habit_moved import HABIT_MOVED_SLOT, days_moved_to, hours_of, kind_said, weekdays

__all__ = ["CANCELLED_SLOT", "HABIT_MOVED_SLOT", "PLAN_SLOT", "RESCHEDULED_SLOT", "TIMED_SLOTS",
           "habit_move_kept", "habit_owner_said", "other_event", "owner_unsaid", "plan_slot_for", "rescheduled"]

#: the slot of a trip planned (zh_plan, en_plan) and the one of a plan called off (取消, "cancelled the trip")
PLAN_SLOT, CANCELLED_SLOT = "plan.destination", "event.cancelled"


def plan_slot_for(cancelled: str | None) -> str | None:
    """The slot of the trips a plan called off in slot ``cancelled`` may end: ``plan.destination`` for
    ``event.cancelled``, a relative's (``younger_sister.plan.destination``) for theirs; None for any other slot."""
    if cancelled == CANCELLED_SLOT or (cancelled or "").endswith("." + CANCELLED_SLOT):
        return cancelled[: -len(CANCELLED_SLOT)] + PLAN_SLOT  # type: ignore[index]
    return None


#: the slot of an event moved to another time (婚礼推迟到明年五月了: :func:`memcli.write.rules.zh_plan.plan_moved`)
RESCHEDULED_SLOT = "event.rescheduled"
#: the slots of a time given or moved (an event's, a weekly habit's): the decision reads their neighbours for the
#: fact the time replaces (:func:`rescheduled`)
TIMED_SLOTS = (RESCHEDULED_SLOT, "event.scheduled", HABIT_MOVED_SLOT)
#: a time said in a stored fact (定在10月8号, 下周三, 月底): what a rescheduling may replace
_DATED = re.compile(r"\d|[一二三四五六七八九十两]+(?:月|号|日|点)|周[一二三四五六日天末]|星期|礼拜|[月年](?:底|初|中)|"
                    r"明年|今年|下个?(?:月|周)|定在|安排在|约在|时间")


def _untimed(statement: str) -> frozenset[str]:
    """The words of ``statement`` without its times (6月12号, 下周三, "on June 6", "Friday") and change words
    (now, 现在): what two dates of one event share (Chinese: its characters)."""
    if lang_of(statement) == "zh":
        return frozenset(re.sub(r"\d+|[一二三四五六七八九十两]+(?:月|号|日|点)|[月号日点]|周[一二三四五六日天末]|下个?|"
                                r"明年|今年|后年|现在|已经|改|又|了|，|。", "", to_simplified(statement)))
    # (round 31: "the christening's on the 3rd" is "the christening is on the 10th": a date whole, no copula)
    words = re.findall(r"[a-z']+|\d+(?:st|nd|rd|th)?", re.sub(r"['’]s\b", " is", statement.casefold()))
    return frozenset(w for w in words if not WHEN.fullmatch(w) and not re.fullmatch(
        r"\d+(?:st|nd|rd|th)?|on|at|in|for|the|of|now|actually|still|instead|is|are|will|be", w))


def _same_event(a: str, b: str) -> bool:
    """Two statements of an event's time tell of one event: the words of one, times aside, are all in the other
    (my surgery is now … / my knee surgery is …), not two qualified apart (with Google / with Meta)."""
    x, y = _untimed(a), _untimed(b)
    return x <= y or y <= x


def other_event(new: Facts, old: Facts) -> str | None:
    """Why two facts are two events, neither replacing the other: one is an event's time
    whose event word the other does not name ("interview" beside "My surgery is now on January 14th"), or two
    times of one kind of event (``event.scheduled``) told apart by what qualifies them (跟腾讯的面试 / 跟阿里的面试,
    "interview with Google" / "with Meta"). None otherwise."""
    for a, b in ((new, old), (old, new)):  # an event's word missing from the other: another event (interview / surgery)
        if a.value and _timed(a.slot) and not _mentions(b.statement, a.value):
            return f"two events ({a.value} is not in the other): two facts"
    if new.slot != old.slot or not (new.slot or "").endswith("event.scheduled"):
        return None
    if _same_event(new.statement, old.statement):
        return None
    return f"two events of one kind ({new.value}) told apart by what qualifies them: two facts"


#: the slots of an event's time, whose value is the event word (a plan called off: plan_dropped), and of a weekly
#: habit moved to another day, whose value is the activity (a pottery class moved is not the yoga class)
_EVENT_SLOT = re.compile(r"(?:^|\.)(?:event\.(?:scheduled|rescheduled)|habit\.rescheduled)$")
@lru_cache(maxsize=4096)  # asked of both sides of every pair the hard guard sees
def _timed(slot: str | None) -> bool:
    """``slot`` is an event's or a weekly habit's time (:data:`_EVENT_SLOT`)."""
    return bool(_EVENT_SLOT.search(slot or ""))


def _habit_moved(new: Facts, old: Facts) -> str | None:
    """Why ``new``, a weekly habit moved to another day (``habit.rescheduled``: "My yoga class moved to Thursdays",
    每周三的钢琴课改到周五了), ends ``old``: ``old`` names the activity and a day of the week that ``new`` moves
    from (not an event's time, nor the days ``new`` says it is on). None otherwise."""
    if not new.value or not old.statement or _EVENT_SLOT.search(old.slot or "") and old.slot != new.slot or \
            not (_mentions(old.statement, new.value) or _same_kind(new.statement, old.statement)) or \
            not (was := weekdays(old.statement)):
        return None
    kind, who = kind_said(new.statement)
    if who and who.casefold() not in old.statement.casefold():
        return None  # round 48: my call with Rosa is not my call with Tom
    moved_to = days_moved_to(new.statement)
    if not moved_to:
        return None
    if was <= moved_to:  # round 48: the same days at another hour ("…every other Thursday at 5pm now", was at 4)
        then, now = hours_of(old.statement), hours_of(new.statement)
        if not then or not now or then & now or was != moved_to:
            return None
        return f"the {new.value} moved to another hour: the time stored before ends"
    return f"the {new.value} moved to another day of the week: the day stored before ends"


def habit_move_kept(new: Facts, old: Facts) -> str | None:
    """(round 48) Why a weekly habit moved (``habit.rescheduled``) leaves ``old`` alone though the judge ended it: a
    move ends only the habit :func:`rescheduled` names (one on a day of the week, of the same activity); "My
    pottery class is on Sundays now" ends no "Priya from pottery got engaged". None: no such reason."""
    if new.slot != HABIT_MOVED_SLOT or old.slot == HABIT_MOVED_SLOT or rescheduled(new, old):
        return None
    return "a habit moved ends only the habit of a day it names"


def _same_kind(new: str, old: str) -> bool:
    """(round 48) ``old`` is named by the kind alone that ``new`` moves ("Class is Tuesday nights…" for "My pottery
    class is on Sundays now"): the same kind, and no activity word before it in ``old``'s subject."""
    kind, _ = kind_said(new)
    subject = re.split(r" (?:is|are|was|were) ", old.strip(), maxsplit=1)[0].casefold()
    return kind is not None and re.fullmatch(rf"(?:(?:my|our|the) )?{re.escape(kind)}s?(?:es)?", subject) is not None


def _mentions(statement: str, event: str) -> bool:
    """``statement`` names ``event`` (an event word or phrase: 面试, "dentist appointment", "trip to rome")."""
    if lang_of(event) == "zh":
        return to_simplified(event) in to_simplified(statement)
    words = [w for w in re.findall(r"[a-z']+", event.casefold()) if w not in ("to", "the", "a", "my", "our")]
    said = statement.casefold()
    return bool(words) and any(re.search(rf"\b{re.escape(w)}", said) for w in words)


#: (round 46) an event told by another word in the fact it moves: 婚礼 of 婚礼改到一月了 is 结婚 of Tom 下个月结婚;
#: a wedding ("wed" read of "wedding") is "getting married"
_SAME_EVENT = {"婚礼": ("结婚", "办婚礼", "办酒"), "wed": ("married", "marry", "wedding"),
               "wedding": ("married", "marry"), "生日会": ("生日派对", "过生日"), "birthday party": ("birthday",)}
#: the user's own words in a statement: a rescheduling that says them is the user's event
_FIRST_PERSON = re.compile(r"我|\b(?:i|my|our|we|me|us)\b", re.I)


def owner_unsaid(new: Facts) -> bool:
    """``new`` moves an event (``event.rescheduled``) and names no first-person owner (婚礼改到一月了, "Tom's wedding
    moved to January"): whose event it is, the stored fact it moves tells (round 46: the rules read the subject
    ``me`` or the named person, which kept it from the friend's wedding stored before). Round 48: a weekly habit
    moved (``habit.rescheduled``: 游泳课改到周日下午了) is read the same way — the child's swimming class stored as
    豆豆每周三下午游泳课 is the one moved."""
    return ((new.slot or "").endswith(RESCHEDULED_SLOT) or new.slot == HABIT_MOVED_SLOT) and \
        not _FIRST_PERSON.search(new.statement)


#: (round 47) words before the event that say who moved it or how, not which one it is ("they just moved the
#: wedding up", "we decided to get the kitchen done")
_NOT_QUALIFIER = re.compile(r"they|we|he|she|i|his|her|their|its|just|actually|finally|now|also|so|and|then|"
                            r"moved|pushed|postponed|rescheduled|bumped|brought|delayed|put|off|changed|decided|"
                            r"agreed|chose|opted|to|get|getting|do|doing|have|having|hold|holding|redo|renovate|"
                            r"remodel|repaint|paint|going|gonna|will|'ll|are|'re|'ve")


def rescheduled(new: Facts, old: Facts) -> str | None:
    """Why ``new``, an event moved to another time (slot ``event.rescheduled``, value the event: 婚礼 of
    婚礼推迟到明年五月了, "interview" of "My interview was moved to Friday"), ends ``old``, a stored fact that
    dates the same event (我的婚礼定在10月8号, "My interview is on Tuesday"): ``old`` names the event and a
    time, and is no rescheduling itself. Also ``new`` giving the same event of the same person another time
    (``event.scheduled`` after its ``event.scheduled`` or ``event.rescheduled``: Nina's graduation is on May 30
    → … on June 6; "…pushed to December 3rd" → "My surgery is now on January 14th").
    None otherwise (the caller checks the person)."""
    if new.slot and old.slot and new.slot.endswith("event.scheduled") and _EVENT_SLOT.search(old.slot) and \
            new.slot.rsplit("event.", 1)[0] == old.slot.rsplit("event.", 1)[0] and new.value and \
            new.statement != old.statement and _same_event(new.statement, old.statement):
        return f"another time for the same {new.value}: the time stored before ends"  # Nina's graduation is on …
    if new.slot == HABIT_MOVED_SLOT:
        return _habit_moved(new, old)
    if not (new.slot == RESCHEDULED_SLOT or (new.slot or "").endswith("." + RESCHEDULED_SLOT)) or not new.value:
        return None
    zh = lang_of(new.value) == "zh"
    said, event = (to_simplified(old.statement), to_simplified(new.value)) if zh else \
        (old.statement.casefold(), new.value.casefold())
    named = next((w for w in (event, *_SAME_EVENT.get(event, ())) if w in said), None)  # (round 46: 婚礼 / 结婚)
    if new.subject == "me" and _FIRST_PERSON.search(new.statement) and old.subject not in ("me", "") and \
            not old.subject.startswith("thing:"):
        return None  # (round 46) the user's own event moved (我的婚礼改到五月了): not a relative's
    if old.slot == new.slot or named is None or not (_DATED if zh else WHEN).search(said.replace(named, "")):
        return None
    told = to_simplified(new.statement) if zh else new.statement.casefold()
    head = told[: told.find(event)] if event in told else ""  # what qualifies the event: 跟腾讯的, "dentist"
    words = [re.sub(r"^(?:我们|我)|[的跟和与]|那次|这次|那个|这个", "", head)] if zh else \
        re.sub(r"\b(?:my|our|the|a|an)\b|'s\b", " ", head).split()[-2:]  # (r. 47: the words just before it)
    words = [w for w in words if not _NOT_QUALIFIER.fullmatch(w.casefold())]  # ("they moved the wedding")
    if any(w.strip() and w.strip().casefold() not in said.casefold() for w in words):
        return None  # another interview (跟阿里的) or appointment ("eye doctor"): not the one moved
    return f"the {new.value} moved to another time: the time stored before ends"


#: (round 48) the words a stored weekly habit names its owner with, before its days: 豆豆 of 豆豆每周三下午游泳课
_OWNER_FIRST = re.compile(r"^(?P<who>[^，,。每周星礼]{1,6}?)(?:的)?"
                          r"(?=每(?:个)?(?:周|星期|礼拜)|(?:周|星期|礼拜)[一二三四五六日天])")


def habit_owner_said(new_statement: str, old_statement: str, old_slot: str | None) -> str:
    """``new_statement``, a weekly habit moved with no owner said (游泳课改到周日下午了), with the owner the stored
    habit it ends names first (豆豆每周三下午游泳课 → 豆豆的游泳课改到周日下午了): whose the class is stays told, so
    a question by the child's name finds the new day. ``new_statement`` itself when the stored habit is the user's
    own or names its owner elsewhere."""
    if slots.slot_subject(old_slot) == slots.ME or lang_of(new_statement) != "zh" or \
            (m := _OWNER_FIRST.match(to_simplified(old_statement))) is None or m.group("who") in new_statement or \
            m.group("who") in ("我", "我们"):
        return new_statement
    return f"{m.group('who')}的{new_statement}"
