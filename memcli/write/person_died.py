"""A person's death told ends that person's present states at write time (round 46).

"My grandfather passed away last week" / 我外婆去世了 beside "My grandfather lives in Ohio", 我外婆住在成都: the
home, job, habits and other present facts of the one who died stop holding when the death is told. They are
invalidated (``invalid_at`` = the death's valid time; never deleted: history and ``--as-of`` keep them), the death
is stored. Before, only the read side knew (:mod:`memcli.read.person_ended`); a present-state question then still
found the old fact as true.

Whose death: the death statement's slot subject — a relation key of one holder (``grandfather``,
``maternal_grandmother``, ``aunt.husband``) or a named person (``person:nina``); never the user, a thing (a phone
"died") or a relation the user has several of (``friend``: which friend is not said). The death must be the
subject's own: each possessive between the person and the death word is in the slot ("My aunt's husband died" →
``aunt.husband``; 我外婆的狗死了 read as ``maternal_grandmother`` is the dog's death, nothing ends).

What ends: the subject's present facts; what stays true of someone dead stays (their name, birthday, hometown, the
events and schooling told, blood type, zodiac), and so does a fact marked past or itself an ending.
Pure functions and one store read; :mod:`memcli.write.dated_change` asks them.
"""

from __future__ import annotations

import re
from typing import Any

from memcli import slots
from memcli.text import lang_of, to_simplified
from memcli.write.rules import Facts
from memcli.write.rules.zh_death import death_said

__all__ = ["died_rows", "died_subject", "named_relation", "person_died"]

#: attributes of a person that still hold after their death
_KEPT = frozenset({"name", "birthday", "hometown", "event", "education", "blood_type", "zodiac", "height"})
_ZH_DEATH = re.compile(r"去世|过世|离世|病逝|走了|死了|不在了|逝世")
_NEARLY = re.compile(r"差点|险些|几乎|\b(?:almost|nearly|could have|might have)\b", re.I)
_EN_DEATH = re.compile(r"\b(?:died|passed away|passed on|has passed|is dead|was killed)\b", re.I)


def died_subject(new: Facts) -> str | None:
    """Whose death ``new`` tells (a relation key of one holder or ``person:<name>``), or None: no death told, the
    user's own, a thing's, one of several (``friend``), or a possessive the slot does not follow (我外婆的狗死了)."""
    from memcli.write.linked_change import ending_told

    told = ending_told(new.statement)
    if told is None or told[0] != "death" or not new.slot or not new.positive:
        return None
    subject = slots.split_slot(new.slot)[0]
    if subject == slots.ME or subject.startswith(("thing:", "owns")):
        return None
    if subject.rsplit(".", 1)[-1] in slots.PLURAL_RELATIONS:
        return None
    zh = lang_of(new.statement) == "zh"
    text = to_simplified(new.statement) if zh else new.statement
    m = (_ZH_DEATH if zh else _EN_DEATH).search(text)
    if m is None:
        return None
    before = text[:m.start()]
    if _NEARLY.search(before):
        return None  # "My uncle almost died", 我外公差点走了: no death
    if zh and m.group(0) in ("走了", "不在了") and death_said(text) is None:
        return None  # 我爸出门走了, 我爸刚走了: a leaving (round 47: a kin's death said so has its time or a sign)
    owners = before.count("的") if zh else len(re.findall(r"['’]s\b", before))
    told_by_name = owners == 0 and not re.match(r"(?:my|our)\b|我", before.strip(), re.I)  # (Tom died: a relative's
    if owners != subject.removeprefix("person:").count(".") and not told_by_name:  # slot by the name, named_kind)
        return None  # 我外婆的狗死了: the dog's death, not 外婆's
    return subject


def person_died(new: Facts, old: Facts, also: str | None = None) -> str | None:
    """Why ``new``, a death told (:func:`died_subject`), ends ``old``: a present fact of the same person (not one
    that still holds of the dead: :data:`_KEPT`, not marked past, not itself an ending). ``also``: the relation the
    dead person's name was told of (:func:`named_relation`), whose facts are theirs too. None otherwise."""
    from memcli.write.change_rules import marked_past
    from memcli.write.linked_change import ending_told

    who = died_subject(new)
    if who is None or not old.slot or not old.positive:
        return None
    subject, attr, _ = slots.split_slot(old.slot)
    if subject not in (who, also) or attr in _KEPT or ending_told(old.statement) is not None or \
            marked_past(old.statement):
        return None
    return f"a death told ({who}): their present fact ({attr}) ends"


def named_relation(rows: list[dict[str, Any]], who: str | None) -> str | None:
    """The one relation among ``rows`` (active memories) whose name fact says ``who``'s name (``person:tom`` →
    ``wife.brother`` of "My wife's brother is Tom"), or None: not a named person, no such relation, or several."""
    if not who or not who.startswith("person:"):
        return None
    name = re.escape(to_simplified(who.removeprefix("person:")).casefold())
    said = re.compile(name if not name.isascii() else rf"(?<![a-z]){name}(?![a-z])")
    held = {slots.slot_subject(r["slot"]) for r in rows if r["slot"] and r["slot"].endswith(".name")
            and said.search(to_simplified(r["statement"]).casefold())}
    held = {h for h in held if h != slots.ME and not h.startswith(("thing:", "person:"))}
    return held.pop() if len(held) == 1 else None


def died_rows(store: Any, user: str, new: Facts) -> tuple[list[dict[str, Any]], str | None]:  # noqa: ANN401
    """(the active rows of the person whose death ``new`` tells, the relation their name was told of — see
    :func:`named_relation`); ([], None) when no death is told. ``store``: a MemoryStore."""
    who = died_subject(new)
    if who is None:
        return [], None
    rows = store.list_items(user)
    also = named_relation(rows, who)
    return [r for r in rows if r["slot"] and slots.slot_subject(r["slot"]) in (who, also)], also
