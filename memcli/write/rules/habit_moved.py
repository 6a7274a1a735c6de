"""A weekly habit moved to another day: "My yoga class moved to Thursdays", "My piano lessons are on Fridays
now", "I now swim on Sundays instead of Saturdays", 每周三的钢琴课改到周五了, 我现在改成周日游泳了.

Slot ``habit.rescheduled``, value the activity (yoga, piano, swim, 钢琴, 游泳) with what qualifies it kept in the
statement: :func:`memcli.write.event_change.rescheduled` ends the stored habit that names the activity and a day
of the week, as an event moved to another date ends its date (``event.rescheduled``), and never another
activity's (a pottery class moved leaves the yoga class). Told without a change ("I swim on Sundays") a day is
another habit or one more day, as before. Round 48: "My call with Rosa is every other Thursday at 5pm now" is a
habit moved too (a call, a catch-up; the person after "with" must be the stored one's), and so is a habit told at
another hour on the same days (:func:`hours_of`); a stored habit named only by its kind ("Class is Tuesday
nights…") is the one a moved "pottery class" ends when it names no other activity (:func:`kind_said`). Pure
functions of one sentence or clause.
"""

from __future__ import annotations

import re

from memcli.rx import rx
from memcli.text import to_simplified
from memcli.write.rules.match import Match

__all__ = ["HABIT_MOVED_SLOT", "days_moved_to", "habit_moved", "hours_of", "kind_said", "weekdays"]

HABIT_MOVED_SLOT = "habit.rescheduled"

_DAY_NAMES = "mon|tues|wednes|thurs|fri|satur|sun"
_ZH_DAY_CHARS = "一二三四五六日天末"
_DAY = rf"(?:{_DAY_NAMES})days?"
_DAYS = (
    rf"(?:(?:every|on) )?{_DAY}(?:(?:,| and| or| &) {_DAY})*(?: (?:mornings?|afternoons?|evenings?|nights?))?"
    r"(?: at \d{1,2}(?::\d\d)?(?: ?[ap]m)?)?"
)
_KIND = (
    r"(?:class|classes|lessons?|practice|sessions?|club|training|rehearsals?|group|meetups?|league|games?|"
    r"workouts?|runs?|ride|rides|choir|lab|calls?|catch-ups?|check-ins?)"
)
_INSTEAD = rf"(?: instead of (?:on )?(?P<old>{_DAYS}))?"
#: my yoga class moved / was moved / got switched to Thursdays
_EN_MOVED = re.compile(
    rf"^(?:my|our) (?P<what>(?:[a-z'-]+ ){{0,2}}?{_KIND}) (?:(?:was|were|got|has been|have been|is|"
    r"are|has|have) )?(?:now )?(?:moved|changed|switched|shifted|rescheduled|pushed)"
    rf"(?: (?:over |back )?to)? (?P<when>{_DAYS})(?: now| instead)*{_INSTEAD}$",
    re.I,
)
#: my piano lessons are on Fridays now / are now on Fridays / are on Fridays instead of Wednesdays
_EN_NOW_ON = re.compile(
    rf"^(?:my|our) (?P<what>(?:[a-z'-]+ ){{0,2}}?{_KIND})(?: with (?P<with>[a-z]+))? (?:is|are) (?:now )?"
    rf"(?P<when>(?:every other |every second )?{_DAYS})"
    rf"(?P<now>(?: now| instead)*){_INSTEAD}$",
    re.I,
)
#: I now swim on Sundays (instead of Saturdays) / I go swimming on Sundays now
_EN_I_NOW = re.compile(
    rf"^i (?P<pre>now )?(?:(?:go|do|have|take|play|attend|practi[cs]e) )?"
    rf"(?P<what>[a-z'-]+(?: (?!on\b|every\b)[a-z'-]+)?) "
    rf"(?P<when>{_DAYS})(?P<now>(?: now| instead)*){_INSTEAD}$",
    re.I,
)
_ZH_DAY = rf"(?:每周|每个?星期|每个?礼拜|周|星期|礼拜)[{_ZH_DAY_CHARS}](?:[上下]午|晚上|早上)?"
#: (每周三的)钢琴课改到周五了
_ZH_MOVED = re.compile(
    rf"^(?:我们?的?)?(?:{_ZH_DAY}的?)?(?P<what>[^，,。我你他她\d]{{1,8}}?)(?:时间)?"
    rf"(?:已经|也|又|都|被|临时)*(?:改|换|调|挪)(?:到|成|在)了?(?P<when>{_ZH_DAY})(?:了|啦)?$"
)
#: 我现在改成周日游泳了
_ZH_NOW = re.compile(
    rf"^我?(?:现在|以后|从这周起)?(?:改成|改到|换成|换到|改在)了?(?P<when>{_ZH_DAY})"
    r"(?:去|来|上|练|打|学)?(?P<what>[^，,。我你他她]{1,6}?)(?:了|啦)?$"
)
_NOT_ACTIVITY = re.compile(
    r"^(?:am|is|are|was|work|live|stay|sleep|it|this|that|they|we)$|"
    r"(?:^| )(?:meeting|appointment|interview|surgery|flight|wedding|party|exam)s?$",
    re.I,
)


def _activity(what: str) -> str:
    """The activity a habit's words name: "yoga class" → yoga, "piano lessons" → piano, "go swimming" → swim,
    钢琴课 → 钢琴."""
    if re.search(r"[\u4e00-\u9fff]", what):
        return re.sub(r"(?:课程|课|班|训练|练习)$", "", what) or what
    words = re.sub(rf"\b{_KIND}$", "", what.casefold()).split() or what.casefold().split()
    w = words[-1]
    return re.sub(r"(?<=[a-z]{3})(?:(?<=(?P<d>[mnpt]))(?P=d)ing|ing)$", "", w)


def habit_moved(said: str) -> Match | None:
    """A weekly habit moved to another day (see the module doc): the sentence as said, slot
    :data:`HABIT_MOVED_SLOT`, value the activity; None for anything else."""
    said = said.strip().rstrip(" .!。！")
    zh = rx(r"[\u4e00-\u9fff]").search(said) is not None
    if zh:
        m = _ZH_MOVED.match(said) or _ZH_NOW.match(said)
        if m is None or rx(r"面试|手术|婚礼|会议|考试|航班|聚会|预约|体检").search(m.group("what")):
            return None  # an event's time moved: zh_plan.plan_moved
    else:
        m = _EN_MOVED.match(said) or _EN_NOW_ON.match(said) or _EN_I_NOW.match(said)
        if m is None or _NOT_ACTIVITY.search(m.group("what")):
            return None
        if "now" in m.groupdict() and not (m.groupdict().get("pre") or m.group("now") or m.group("old")):
            return None  # "I swim on Sundays": one more habit, no move
    return Match(
        statement=said[:1].upper() + said[1:],
        kind="habit",
        slot=HABIT_MOVED_SLOT,
        value=_activity(m.group("what").strip()),
        salience=0.6,
    )


#: a day of the week a habit is on (Tuesdays, 周三, 星期六): what a habit moved replaces
_WEEKDAY = re.compile(rf"\b({_DAY_NAMES})days?\b|(?:周|星期|礼拜)([{_ZH_DAY_CHARS}])", re.I)


def weekdays(statement: str) -> frozenset[str]:
    """The days of the week ``statement`` names, as stems (tues, 三; 星期天 as 日)."""
    return frozenset((m.group(1) or m.group(2).replace("天", "日")).casefold() for m in _WEEKDAY.finditer(
        to_simplified(statement)))


def days_moved_to(statement: str) -> frozenset[str]:
    """The days a habit moved (:func:`habit_moved`'s statement) is on now: those after 改到/换成/…
    (每周三的钢琴课改到周五了 → 五), or before "instead of" ("I now swim on Sundays instead of Saturdays" → sun)."""
    if re.search(r"改|换|调|挪", statement):
        return weekdays(re.split(r"instead of|而不是|不是|改到|改成|换到|换成|调到|挪到", statement)[-1])
    return weekdays(re.split(r"instead of", statement)[0])


_KIND_SUBJECT = re.compile(rf"^(?:(?:my|our|the) )?(?:[a-z'-]+ ){{0,2}}?(?P<kind>{_KIND})\b", re.I)
_WITH = re.compile(r"^(?i:my|our) [a-z' -]+? with (?P<who>[A-Z][a-z]+)\b")
_HOUR = re.compile(r"\bat (\d{1,2})(?::(\d\d))? ?([ap]m)?\b|\b(\d{1,2})(?::(\d\d))? ?([ap]m)\b", re.I)


def kind_said(statement: str) -> tuple[str | None, str | None]:
    """(round 48) The kind of habit ``statement`` opens on ("class" of "Class is Tuesday nights…", "call" of "My
    call with Rosa is…") and the person named after "with" in it (Rosa), each or both None."""
    m = _KIND_SUBJECT.match(statement.strip())
    w = _WITH.match(statement.strip())
    kind = _singular(m.group("kind").casefold()) if m else None
    return kind, w.group("who") if w else None


def _singular(word: str) -> str:
    return word[:-2] if word.endswith("sses") else word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def hours_of(statement: str) -> frozenset[tuple[int, int]]:
    """(round 48) The clock times ``statement`` names, as (hour 0–23, minute): "at 4" → (16, 0) — a bare hour of
    1–7 is read in the afternoon, as a call or a class is set —, "10am" → (10, 0), "5pm" → (17, 0)."""
    out = set()
    for m in _HOUR.finditer(statement):
        h, mi, ap = (m.group(1), m.group(2), m.group(3)) if m.group(1) else (m.group(4), m.group(5), m.group(6))
        hour = int(h) % 12 if ap else int(h)
        if (ap or "").lower() == "pm" or (not ap and 1 <= hour <= 7):
            hour += 12
        if hour < 24:
            out.add((hour, int(mi or 0)))
    return frozenset(out)
