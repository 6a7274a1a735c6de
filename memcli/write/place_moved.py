"""A move or a new job read as a refinement of the old home or workplace: a change, not a more specific one.

我在一家电商公司上班 then 我跳槽到了另一家电商公司 (round 39): the judge read the new workplace as a more specific
statement of the old (the old value's words are in the new one) and retired the old in system time only — "refined
by #2", no end in world time, as if the user had always worked at the second company. A new home or workplace told
with a change verb (跳槽, 换工作, 换到, 入职, 搬到, 搬家; moved, relocated, a new job, started working, joined) is
another one: :func:`moved_on` turns that UPDATE into the CONFLICT that ends the old (invalid_at: it held until the
change), unless one value holds the other and nothing says it is another (搬到杭州 then 搬到杭州的西湖区: the same move
told closer). It runs after the judge (:func:`memcli.write.decide.decide`), so the judge's features are untouched.

Pure functions of :class:`~memcli.write.rules.match.Facts`; no model, no store.
"""

from __future__ import annotations

import re

from memcli.slots import split_slot
from memcli.text import to_simplified
from memcli.write.job_pair import JOB_BESIDE
from memcli.write.rules.match import Facts

__all__ = ["moved_on", "same_place"]

_PLACE_ATTRS = ("residence", "workplace")
#: a change of home or workplace told by its verb
_MOVED = re.compile(r"跳槽|换工作|换到|换去|入职|搬到|搬去|搬家|调到|"
                    r"\b(?:moved|relocated|new (?:job|position|role)|started working|joined|switched jobs)\b", re.I)
#: the new value said to be another one (另一家, another, a different)
_ANOTHER = re.compile(r"另一|另外一|别的|其他|\b(?:another|a different|other)\b", re.I)
#: count words and articles a value is compared without
_COUNT = re.compile(r"^(?:一家|一个|一所|一间|a |an |the )|[一这那]家")


def _bare(value: str) -> str:
    return _COUNT.sub("", to_simplified(value.casefold()).replace("另", "")).strip()


def moved_on(new: Facts, old: Facts) -> str | None:
    """Why an UPDATE of ``old``'s home or workplace by ``new`` is a move or a new job (a CONFLICT): one strong
    ``residence`` / ``workplace`` slot, another value, a change verb in ``new`` (:data:`_MOVED`), not a job told
    beside the old one (:data:`memcli.write.job_pair.JOB_BESIDE`), and neither value holding the other unless
    ``new`` says it is another (:data:`_ANOTHER`). None for anything else."""
    if not (new.slot and new.slot == old.slot and split_slot(new.slot)[1] in _PLACE_ATTRS):
        return None
    if not new.value or not old.value or not _MOVED.search(new.statement) or JOB_BESIDE.search(new.statement):
        return None
    a, b = _bare(new.value), _bare(old.value)
    if a == b and not _ANOTHER.search(new.statement):
        return None
    if (a in b or b in a) and not _ANOTHER.search(new.statement):
        return None  # 搬到杭州 then 搬到杭州的西湖区: the same move told closer
    what = split_slot(new.slot)[1]
    return f"a move or a new job told ({old.value} → {new.value}): another {what}, not a more specific one"


def same_place(a: str, b: str) -> bool:
    """Whether two values of a home or workplace name one place: the same words, or one holding the other (杭州 /
    杭州的西湖区, "Leeds" / "central Leeds"), counted without articles and count words."""
    x, y = _bare(a), _bare(b)
    return x == y or x in y or y in x
