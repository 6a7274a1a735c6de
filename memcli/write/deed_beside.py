"""A NOOP that would merge a second deed or a second thing into the first (round 45, LoCoMo's develop half).

Friends catching up tell one topic over months: "We won it by a single point" in spring, "We even won a medal" in
autumn; "We hosted some gatherings" in January, "we had a great time at an outdoor folk night" (last week) in June;
"I baked an oat cake with plums the other day" then "I also love a vegan pistachio mousse". The encoder puts each
pair close and the judge may reinforce the stored one (NOOP): the medal, the folk night and the mousse were lost,
though a later question asks for them. Round 34's :func:`memcli.write.event_beside.event_beside` lets such a NOOP
stand unless the new statement brings two words of content the stored one lacks (a restatement brings up to two);
these bring one — the thing itself. What tells that one word is another fact, not a rewording, is said around it:

- **another deed on another day** (:func:`other_day_deed`): both statements tell a deed done once
  (:func:`memcli.write.event_days.tells_event`: I / we / my X + a past verb), their valid times (the day each
  happened, a relative time read into it) fall on two calendar days, and the new one brings a content word the
  stored one lacks (:func:`memcli.write.event_beside.new_content`, irregular past forms read as their bases: "We
  got the win" rewords "We won it"; the new deed's own verb not counted: "I fixed the fence" rewords "I repaired
  the fence"). A retelling of the same deed later brings none; a time coarser than a day in
  the words (a year, a month, "ago") may be one event retold with its date corrected, and is left to the judge (as
  :func:`memcli.write.event_days.other_day_event`);
- **one more, said so** (:func:`one_more`): the new statement says it adds — also, even, another, as well, one
  more, a second — and brings a content word the stored one lacks (the mousse beside the cake). "too" is not read:
  chat's "me too", "it's my escape too" echo the other speaker.

Neither reads one strong slot told again (the slot comparison weighs those), a question, a denial ("I won't let
anything stop me" is no deed of winning; "not even beer" adds nothing), or non-English text. Pure functions over
:class:`~memcli.write.rules.Facts`; :func:`memcli.write.decide.decide` calls :func:`deed_beside` beside
``event_beside`` (outside the hard guard: the fitted judge's features stay those it was fitted on).
"""

from __future__ import annotations

import re
from datetime import datetime

from memcli.models import Decision
from memcli.write.change_rules import EN_TOLD_EVENT
from memcli.write.event_beside import new_content
from memcli.write.event_days import _COARSE_TIME, tells_event
from memcli.write.rules import Facts
from memcli.write.value_types import asks, strong

__all__ = ["deed_beside", "one_more", "other_day_deed"]

#: a denial: no deed done, whatever its verb ("won't" opens with "won")
_DENIED = re.compile(r"n't\b|\b(?:not|never|no longer)\b", re.I)
#: a word that says the statement adds one more beside what was told ("too" is left out: an echo in chat)
_ADDS = re.compile(r"\b(?:also|even|another|as well|one more|a second)\b", re.I)


#: irregular past forms and their bases: "We got the win" rewords "We won it", it brings no new word
_BASES = dict(pair.split(":") for pair in (
    "won:win got:get took:take made:make went:go ran:run saw:see met:meet gave:give found:find bought:buy "
    "brought:bring wrote:write drew:draw sang:sing built:build caught:catch held:hold lost:lose paid:pay sent:send "
    "spent:spend taught:teach flew:fly drove:drive rode:ride swam:swim sold:sell began:begin had:have did:do "
    "threw:throw grew:grow left:leave kept:keep").split())
_IRREGULAR = re.compile(r"\b(?:" + "|".join(_BASES) + r")\b", re.I)


def _new_words(new: str, old: str) -> frozenset[str]:
    """:func:`~memcli.write.event_beside.new_content` of the two with their irregular past forms as bases, the
    verb of ``new``'s deed left out: another verb for one deed is a rewording ("I fixed the fence" / "I repaired
    the fence"); what a second deed brings is its thing (a medal, a folk night)."""
    def based(t: str) -> str:
        return _IRREGULAR.sub(lambda m: _BASES[m[0].lower()], t)
    if (m := EN_TOLD_EVENT.match(new)) is not None:
        new = new[:m.end()].rsplit(None, 1)[0] + new[m.end():]
    return new_content(based(new), based(old))


def _comparable(new: Facts, old: Facts) -> bool:
    """Both English statements, neither denied nor a question, not one strong slot told again."""
    return (new.statement.isascii() and old.statement.isascii() and new.positive and old.positive
            and not _DENIED.search(new.statement) and not _DENIED.search(old.statement)
            and not asks(new.statement) and not asks(old.statement)
            and not (new.slot and new.slot == old.slot and strong(new.slot)))


def other_day_deed(new: Facts, old: Facts, new_from: datetime | None, old_from: datetime | None) -> str | None:
    """Why ``new`` is another deed than ``old`` (see the module doc): both deeds done once, on two calendar days
    (``new_from`` / ``old_from``: their valid times), ``new`` bringing a content word ``old`` lacks. None: not so."""
    if new_from is None or old_from is None or new_from.date() == old_from.date() or not _comparable(new, old):
        return None
    if not (tells_event(new.statement) and tells_event(old.statement)):
        return None
    if _COARSE_TIME.search(new.statement) or _COARSE_TIME.search(old.statement):
        return None  # (maybe one event retold with its date corrected: the judge's)
    if not (extra := _new_words(new.statement, old.statement)):
        return None
    return (f"another deed on another day ({old_from.date().isoformat()} / {new_from.date().isoformat()}: "
            f"{', '.join(sorted(extra)[:4])}): both happened, not a restatement")


def one_more(new: Facts, old: Facts) -> str | None:
    """Why ``new`` tells one more thing beside ``old`` (see the module doc): it says it adds (also, even,
    another …) and brings a content word ``old`` lacks. None: not so."""
    if not _comparable(new, old) or (said := _ADDS.search(new.statement)) is None:
        return None
    if not (extra := _new_words(new.statement, old.statement)):
        return None
    return (f"one more told beside the stored one ({said[0].lower()}: {', '.join(sorted(extra)[:4])}): another "
            "fact, not a restatement")


def deed_beside(new: Facts, old: Facts, decision: Decision, new_from: datetime | None,
                old_from: datetime | None) -> str | None:
    """Why ``decision``, a NOOP of stored ``old`` by ``new``, would hide another deed or thing: ADD instead (a
    one-line reason), or None (it may be merged, or ``decision`` is no NOOP). ``new_from`` / ``old_from``: the
    valid times of the candidate and of the stored memory (aware datetimes, or None when unknown)."""
    if decision != Decision.NOOP:
        return None
    return other_day_deed(new, old, new_from, old_from) or one_more(new, old)
