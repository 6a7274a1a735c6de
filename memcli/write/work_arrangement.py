"""A change in how one works, or how one gets there, is no change of where or as what one works (round 40).

A new user's trial: "I switched to the night shift at the hospital" ended "I work as a nurse at St. Mary's
hospital" (the fitted judge's CONFLICT p 0.84: a change told, most of the old words missing), and 现在在字节跳动上班
ended 我现在改成每天骑车上班了 (CONFLICT p 0.87). A shift, a schedule, a team, a department, a ward or a desk changes
inside one job: the nurse is still a nurse at St. Mary's. And where one works (``workplace``, ``job``) and how one
gets to work (:func:`memcli.write.rules.means.means_of`: the bike, the bus, 骑车) are two slots: neither ends the
other.

- :func:`arrangement_of`: the arrangement a statement tells changed or now held (the night shift, 夜班, the marketing
  team, 市场部), or None.
- :func:`arrangement_kept`: why a stored job or workplace stays beside such a change of the same person's (a
  workplace or a place named by the change and not by the stored fact, "… at Mercy General", 调到苏州的市场部, is the
  judge's to weigh; so is a branch or head office, 分公司, 总部, "the London office": a workplace moved), or a commute
  beside a workplace.

Pure functions over :class:`~memcli.write.rules.Facts`; :func:`memcli.write.decide.decide` asks them.
"""

from __future__ import annotations

import re

from memcli.slots import split_slot
from memcli.text import lang_of, pos_tags, to_simplified
from memcli.write.rules import Facts
from memcli.write.rules.means import means_of

__all__ = ["arrangement_kept", "arrangement_of"]

#: the parts of one job that change inside it: a shift, the hours, a team, a department, a ward, a desk
_EN_PART = (r"(?:night|day|early|late|morning|evening|graveyard|weekend|swing|split)[ -]?shifts?|shifts?|rota|"
            r"schedule|hours|nights|days|weekends|team|squad|department|dept|division|unit|ward|desk|floor|"
            r"cubicle|seat|project|crew")
_EN_ARRANGEMENT = re.compile(
    rf"\b(?:switched|moved|changed|transferred|swapped|put|placed|assigned|reassigned|rotated|started|now|"
    rf"got moved|got transferred|got put|got switched|been moved|been put|am on|'m on|working|work)\b"
    rf"(?: (?:over|back))?(?: (?:to|onto|on|into|in|from))? (?:the |a |an |my |our |another |a new |new )?"
    rf"(?:(?!at\b|for\b|with\b)[a-z-]+ ){{0,2}}(?P<part>{_EN_PART})\b", re.I)
_ZH_PART = (r"(?:夜班|白班|早班|晚班|中班|大夜班|小夜班|倒班|轮班|班次|排班|值班|工位|座位|部门|项目组|小组|组|"
            r"团队|科室|病区|病房|岗位|[\u4e00-\u9fff]{0,3}[^\W总]部)")
_ZH_ARRANGEMENT = re.compile(rf"(?:调到|调去|调进|换到|换成|改成|改上|转到|转去|轮到|分到|上|倒|值)(?:了)?"
                             rf"[^，,。我]{{0,8}}?(?P<part>{_ZH_PART})")
#: a workplace named by the change itself ("the night shift at Mercy General"): another workplace is the judge's
_EN_NAMED_AT = re.compile(r"\b(?:at|with|for|in) (?:(?:the|a|an) )?(?:[a-z]+ ){0,2}"
                          r"(?P<name>(?!(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|Mon|Tue|Wed|Thu|Fri|Sat|Sun)"
                          r"[a-z]*\b)[A-Z][\w'.&-]*(?: [A-Z][\w'.&-]*){0,3})")
_WORK_ATTRS = frozenset({"job", "workplace", "employer", "company", "occupation"})


def arrangement_of(statement: str) -> str | None:
    """The part of one job a statement tells changed or now held (the night shift, 夜班, the marketing team, 市场部),
    or None."""
    if lang_of(statement) == "zh":
        m = _ZH_ARRANGEMENT.search(to_simplified(statement))
    else:
        m = _EN_ARRANGEMENT.search(statement)
    return m.group("part") if m else None


def _work_fact(f: Facts) -> bool:
    """``f`` tells where or as what its subject works (a ``job`` / ``workplace`` slot)."""
    if not f.slot:
        return False
    return split_slot(f.slot)[1] in _WORK_ATTRS


def _names_another_place(new: str, old: str) -> bool:
    """The change names a workplace or a place the stored fact does not: an English capitalised name after at /
    with / for ("… at Mercy General"), a Chinese place name (调到苏州的市场部: another city's office)."""
    if lang_of(new) == "zh":
        t = to_simplified(old)
        return any(flag == "ns" and w not in t for w, flag in pos_tags(to_simplified(new)))
    return any(m.group("name").casefold() not in old.casefold() for m in _EN_NAMED_AT.finditer(new))


def arrangement_kept(new: Facts, old: Facts) -> str | None:
    """Why the stored ``old`` stays beside ``new`` whatever the judge said, or None: ``new`` changes a part of one
    job (a shift, a team, a desk) and ``old`` tells the job or the workplace of the same person, ``new`` naming no
    other workplace; or one of the two tells how its subject gets to work and the other where or as what they work
    (two slots)."""
    if new.subject != old.subject:
        return None
    if (part := arrangement_of(new.statement)) and _work_fact(old) and not _work_fact(new) and \
            not _names_another_place(new.statement, old.statement):
        return f"a change inside one job ({part}): the job and the workplace stay"
    for a, b in ((new, old), (old, new)):
        m = means_of(a.statement)
        if m is not None and m.activity == "go:work" and _work_fact(b) and means_of(b.statement) is None and \
                not _work_fact(a):
            return f"how one gets to work ({m.means}) and where one works: two slots"
    return None
