"""A changed means of one activity ends the old one; an activity given up ends its habit, in either language (round 39).

A new user's trial: "I take the bus to work" then "I drive to work now" was an ADD, both active (the hard guard's
"another remark": a third of the content carried); 我开车上班 then 我现在骑车上班 a NOOP (p 0.51: the new means lost);
"I use Windows" then 我换成Mac了, "I play tennis every Saturday" then 我现在不打网球了, "I go to the gym three times a
week" then 我不去健身房了 were ADDs: no content word compares across the scripts and the generic slots (``fact.tak``,
``fact.开车``, ``fact.打网球``) name the first verb, not the activity.

- :func:`means_changed`: ``new`` and ``old`` tell one activity of one person (:func:`memcli.write.rules.means.
  means_of`: getting to work, using a phone, paying …) with two means that are not one thing (bus / car, iPhone /
  华为手机; one thing in two languages — the multilingual encoder at :data:`~memcli.write.thing_named.
  SAME_THING_COSINE` — or a means that only names the kind, "my phone", is the same), ``new`` not told beside the
  other (also, sometimes, 也, 有时) and ``old`` no past: the activity is the slot, the means its value, and the new
  value ends the old (a CONFLICT, with or without a change marker: one gets to work one way).
- :func:`means_kept`: two ways of two activities ("I take the bus to work" / "I drive to the beach on weekends") or
  two means told side by side neither contradict nor restate each other: no CONFLICT, UPDATE or NOOP.
- :func:`activity_given_up`: a "no" with a change told on doing a sport or going somewhere (我现在不打网球了,
  我不去健身房了, "I don't play tennis anymore", "I stopped going to the gym": the doing reading of the one give-up
  reader, :func:`memcli.write.give_up_told.give_ups`) ends the user's present habit that
  names the activity in either language (:data:`ACTIVITIES`' two names, else the encoder as
  :func:`memcli.write.thing_named.names_thing` does); a relative's give-up, a job at a gym, an event stay.
- :func:`bare_means_ends` (round 40): a means told with no place gone to ("I drive now", 我现在开车了) is the new
  means of the one way of going somewhere the person has stored, and of none when they have two or more (to work by
  bus, to the lake by car: which one changed is not said, so it is kept beside them) or none; :func:`bare_kept`
  keeps a judge from ending one way of going with it pair by pair (the store decides, not the nearest fact).
- :func:`owned_kept` (round 40): a vehicle had ("I drive a Honda", "I have a Tesla", 我开的是比亚迪) and a way of
  going ("I drive to work", 我坐地铁上班) are two facts: neither ends the other, though both may read ``which.drive``.

Pure functions over :class:`~memcli.write.rules.Facts`; :func:`memcli.write.decide.decide` asks them.
"""

from __future__ import annotations

import re

from memcli.slots import split_slot
from memcli.text import lang_of, to_simplified
from memcli.write.change_rules import marked_past
from memcli.write.give_up_told import ACTIVITIES, give_ups
from memcli.write.pair_facts import content_units
from memcli.write.rules import Facts
from memcli.write.rules.makes import one_make
from memcli.write.rules.means import GENERIC, Means, bare_means, beside_told, means_of
from memcli.write.thing_named import SAME_THING_COSINE, names_thing

__all__ = ["ACTIVITIES", "activity_given_up", "activity_of_give_up", "bare_kept", "bare_means_ends", "going",
           "means_changed", "means_kept", "owned_kept"]

#: a day's one-off (今天我打车上班, "This morning I took a taxi to work"): the habit is not changed
_ONE_OFF = re.compile(r"今天|昨天|今早|今晚|刚才|这次|那天|\b(?:today|yesterday|this morning|tonight|"
                      r"this time|that day|last night)\b", re.I)
_OF_DOING = frozenset({"habit", "like", "favourite"})
_CATCH_ALL = frozenset({"fact", "which", "is"})
#: a catch-all fact told as done again and again ("I go to the gym three times a week", 我每周六打网球): a habit;
#: "I run a small coffee roastery", "I coach a swimming team" tell no habit of doing the thing
_HABITUAL = re.compile(r"每|经常|常常|天天|总是|平时|一般|周末|一周|星期|礼拜|次|"
                       r"\b(?:every|each|daily|weekly|often|usually|regularly|weekends?|times? a|once a|twice a|"
                       r"on (?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b", re.I)


def _whose(f: Facts) -> str:
    """Whose way of doing ``f`` tells: a subject read as a thing (``thing:现`` of 我现在骑车上班, a misparse) is the
    user's."""
    return "me" if f.subject.startswith("thing:") else f.subject


def _same_person(new: Facts, old: Facts) -> bool:
    return _whose(new) == _whose(old)


#: under this cosine two means named in two languages are two things (iphone / 华为手机 0.50, apple music / qq音乐
#: 0.63); between it and :data:`SAME_THING_COSINE` the encoder cannot tell (iphone / 苹果手机 0.72): no rule
OTHER_THING_COSINE = 0.65


def _same_means(a: Means, b: Means, model: str) -> bool | None:
    """Two means of one activity are one thing (True): equal, one holds the other's words, one only names the kind
    ("my phone"), one make in two languages (:func:`~memcli.write.rules.makes.one_make`, else the encoder at
    :data:`~memcli.write.thing_named.SAME_THING_COSINE`); two things (False); or None: the encoder cannot tell."""
    x, y = a.means.casefold(), b.means.casefold()
    if x == y or x in y or y in x or x.split()[0] in GENERIC or y.split()[0] in GENERIC:
        return True  # ("my phone a lot": no make told)
    if lang_of(x) == lang_of(y):
        return False
    if one_make({x}, {y}):
        return True
    from memcli.write.cross_lang import thing_cosine

    cos = thing_cosine(model, a.means, b.means)
    return True if cos >= SAME_THING_COSINE else False if cos < OTHER_THING_COSINE else None


def _same_activity(a: Means, b: Means, model: str) -> bool:
    if a.activity == b.activity:
        return True
    x, y = a.activity.removeprefix("for:"), b.activity.removeprefix("for:")
    if a.activity.startswith("for:") and b.activity.startswith("for:"):
        if lang_of(x) == lang_of(y):
            return bool(content_units(x)) and content_units(x) == content_units(y)
        from memcli.write.cross_lang import thing_cosine

        return thing_cosine(model, x, y) >= SAME_THING_COSINE
    return False


def _pair(new: Facts, old: Facts) -> tuple[Means, Means] | None:
    a, b = means_of(new.statement), means_of(old.statement)
    if a is None or b is None or not _same_person(new, old) or not new.positive or not old.positive:
        return None
    return a, b


def means_changed(new: Facts, old: Facts, model: str) -> str | None:
    """Why ``new`` ends ``old``: one activity of one person, another means (see the module doc); None: it does not."""
    pair = _pair(new, old)
    if pair is None or marked_past(old.statement) or beside_told(new.statement) or _ONE_OFF.search(new.statement):
        return None
    a, b = pair
    if not _same_activity(a, b, model) or _same_means(a, b, model) is not False:
        return None
    return f"another means of one activity ({a.activity}: {b.means} → {a.means}): the old means ends"


def means_kept(new: Facts, old: Facts, model: str) -> str | None:
    """Why ``old`` stays beside ``new`` (None: this rule says nothing): two ways of two activities, or another
    means told beside the old one."""
    pair = _pair(new, old)
    if pair is None:
        return None
    a, b = pair
    if not _same_activity(a, b, model):
        return f"two activities ({b.activity} / {a.activity}): two facts"
    if (beside_told(new.statement) or _ONE_OFF.search(new.statement)) and _same_means(a, b, model) is False:
        return f"another means told beside the old one or once ({b.means} / {a.means}): both held"
    return None


def activity_of_give_up(new: Facts) -> str | None:
    """The sport or place the user tells they gave up (网球 of 我现在不打网球了, gym of "I don't go to the gym
    anymore"), or None: not the user's, no "no" on doing, or no change told (the doing reading of
    :func:`memcli.write.give_up_told.give_ups`)."""
    return next((g.thing for g in give_ups(new) if g.verb == "doing"), None)


def _names_activity(statement: str, thing: str, model: str) -> bool:
    t = to_simplified(statement).casefold()
    if lang_of(thing) == "zh" and lang_of(t) != "zh":
        return any(re.search(rf"\b{re.escape(en)}\b", t) for en in ACTIVITIES.get(thing, ())) or names_thing(
            statement, thing, model)
    if lang_of(thing) != "zh" and lang_of(t) == "zh":
        return any(zh in t for zh, ens in ACTIVITIES.items() if thing in ens) or names_thing(statement, thing, model)
    return names_thing(statement, thing, model)


def activity_given_up(new: Facts, old: Facts, model: str) -> str | None:
    """Why the give-up ``new`` ends ``old`` (see the module doc); None: it does not."""
    thing = activity_of_give_up(new)
    if thing is None or _whose(old) != "me" or not old.positive or marked_past(old.statement) or not old.slot:
        return None
    attr = split_slot(old.slot)[1]
    if not (attr in _OF_DOING or old.kind in ("habit", "preference") or attr in _CATCH_ALL and _HABITUAL.search(
            to_simplified(old.statement))):
        return None  # a workplace, a job, an event, a business: only mentions it
    if not _names_activity(old.statement, thing, model):
        return None
    return f"an activity given up ({thing}): the habit of it ends"


def going(statement: str) -> bool:
    """``statement`` tells a way of going somewhere ("I take the bus to work", 我骑车上班): what a bare means may
    change."""
    m = means_of(statement)
    return m is not None and m.activity.startswith("go:")


def bare_means_ends(new: Facts, olds: list[Facts], model: str) -> list[tuple[int, str]]:
    """``[(index in olds, why)]`` of the ways of going that ``new``, a means told with no place gone to
    (:func:`memcli.write.rules.means.bare_means`: "I drive now", 我现在开车了), ends: those of the one activity of
    going somewhere the same person has in ``olds`` (the user's active facts that tell one, :func:`going`), when
    their means is another and not told beside another (sometimes, 也). Empty: not a bare means, two or more
    activities stored (which one changed is not said) or none, or the means is the one stored."""
    means = bare_means(new.statement)
    if means is None or not new.positive or beside_told(new.statement) or _ONE_OFF.search(new.statement):
        return []
    acts: dict[str, list[tuple[int, Means]]] = {}
    for i, old in enumerate(olds):
        m = means_of(old.statement)
        if m is not None and m.activity.startswith("go:") and old.positive and _same_person(new, old) and \
                not marked_past(old.statement):
            acts.setdefault(m.activity, []).append((i, m))
    if len(acts) != 1:
        return []
    activity, held = next(iter(acts.items()))
    told = Means(activity, means)
    if any(_same_means(told, m, model) is not False for _, m in held):
        return []  # (the means stored, told again without its place)
    return [(i, f"another means of the one way of going stored ({activity}: {m.means} → {means}), told without "
                f"its place: the old means ends") for i, m in held if not beside_told(olds[i].statement)]


def bare_kept(new: Facts, old: Facts) -> str | None:
    """Why a judge's CONFLICT or UPDATE of the way of going ``old`` by the bare means ``new`` ("I drive now") is not
    taken pair by pair (:func:`bare_means_ends` decides it over all the ways of going stored); None: not such a
    pair."""
    if bare_means(new.statement) is None or not going(old.statement):
        return None
    return "a means told without its place: the ways of going stored decide what it changes"


def _had(f: Facts) -> bool:
    """``f`` tells a thing had or driven, not a way of going: ``owns.…``, or a ``which.…`` (drive a Honda, 开的是…)
    that names no place gone to."""
    return bool(f.slot) and split_slot(f.slot)[1] in ("owns", "which") and not going(f.statement) and \
        bare_means(f.statement) is None


def owned_kept(new: Facts, old: Facts) -> str | None:
    """Why ``old`` stays beside ``new`` when one tells a vehicle had and the other a way of going ("I drive to work"
    / "I drive a Honda", "I catch a train to the office" / "I bought a Tesla"): two facts, owning and commuting; None:
    not such a pair."""
    if going(new.statement) and _had(old) or going(old.statement) and _had(new):
        return "a thing had and a way of going are two facts"
    return None
