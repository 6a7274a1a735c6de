"""Two jobs of one person: a new one told plainly ends the old, one told beside it keeps both (zh and en).

A person has one main job unless told otherwise. "I'm a postman" then "I'm a paramedic at a hospital", 我是司机
then 我在一家医院当医生: the second names another occupation in the same slot and ends the first (CONFLICT). The
two occupations' words are far apart for the model (postman / paramedic: cosine ~0.33), and the hard guard
took that for a job slot read from unrelated words (工作上出了问题) and kept both; two occupations named are no
such slot (:func:`occupations_changed`, read by :func:`memcli.write.change_rules.told_change`).

A job told beside the other one — "I also work as a bartender", "on weekends I …", "a second job as a tutor",
part-time, 兼职, 副业, 也是, 周末, 业余 — keeps both (:func:`job_beside`, read by
:func:`memcli.write.value_types.attributes_apart`), unless the same statement ends the old one (quit, no
longer, 辞职, 不再, 转行).

A new occupation the judge read as a more specific one — "I'm a postman" then "Next Monday I start at a pharmacy
as a cashier" (the weekday read as a number the old value lacks), 我是程序员 then 我是一名消防员 (一名 read as
a quantity) — is no refinement: :func:`job_replaced` turns that UPDATE into the CONFLICT that ends the old job
(invalid_at: it was true until the change). It runs after the judge (:func:`memcli.write.decide.decide`), so the
judge's features are untouched; a value that contains the other ("nurse" → "senior nurse", 护士 → 护士长) stays
an UPDATE.

Pure functions of :class:`~memcli.write.rules.match.Facts`; no model, no store.
"""

from __future__ import annotations

import re

from memcli.slots import split_slot
from memcli.text import lang_of, to_simplified
from memcli.write.rules.job_moved import en_occupation, zh_occupation
from memcli.write.rules.match import Facts

__all__ = ["JOB_BESIDE", "job_beside", "job_replaced", "occupations_changed"]

_JOB_ATTRS = ("job", "occupation")
#: a job told as held beside another (also, too, a second job, part-time, on weekends; 兼职, 副业, 也是, 周末)
JOB_BESIDE = re.compile(
    r"\b(?:also|too|as well|second job|another job|side (?:job|gig|hustle|business)|part[- ]time|on the side|"
    r"on (?:the )?weekends?|at (?:the )?weekends?|moonlight\w*|in my (?:spare|free) time)\b|"
    r"兼职|兼任|兼做|兼着|副业|第二份工作|另一份工作|也(?:是|在|当|做|干)|业余|周末|另外(?:还)?(?:在|做|当|干)|同时(?:还|也)?(?:在|做|当|干)",
    re.I)
#: the old job ended in the same statement (quit, no longer, 辞职, 不再, 转行): a change, not a second job
_ENDED = re.compile(r"\b(?:quit|no longer|not anymore|any ?more|left|instead|switched|changed)\b|"
                    r"辞职|辞掉|不再|不干|不做了|转行|改行|换工作|跳槽", re.I)


def _attr(f: Facts) -> str | None:
    return split_slot(f.slot)[1] if f.slot else None


def job_beside(new: Facts, old: Facts) -> str | None:
    """Why ``new`` (a job) leaves ``old``'s job standing: ``new`` tells it is held beside another (see the module
    docstring); None when it is not so, or either is no job."""
    if _attr(old) not in _JOB_ATTRS or _attr(new) not in _JOB_ATTRS:
        return None
    said = to_simplified(new.statement)
    if not JOB_BESIDE.search(said) or _ENDED.search(said):
        return None
    return f"another job told beside the one held ({old.slot}: also / part-time / 兼职): both hold"


def _occupation(f: Facts) -> bool:
    """``f``'s job value names an occupation by the rules' vocabulary (English values are stemmed: the
    statement's word each value word opens is read: paramed → paramedic)."""
    if not f.value:
        return False
    if lang_of(f.value) == "zh":
        return zh_occupation(to_simplified(f.value))
    said = f.statement.casefold()
    for w in re.findall(r"[a-z]{3,}", f.value.casefold()):
        for word in re.findall(rf"\b{re.escape(w)}[a-z]*", said):
            if en_occupation(word):
                return True
    return False


def occupations_changed(new: Facts, old: Facts) -> bool:
    """``new`` and ``old`` give one job slot two different values that both name an occupation (postman /
    paramedic, 司机 / 医生): the slot was read from occupation nouns, not from unrelated words."""
    return bool(new.slot) and new.slot == old.slot and _attr(new) in _JOB_ATTRS and new.value != old.value \
        and _occupation(new) and _occupation(old)


#: a count word before an occupation (一名消防员, "a nurse"): no part of the occupation
_COUNT_WORD = re.compile(r"^(?:[一1](?:名|位|个|份)|an?\s+)", re.I)


def _job_words(value: str) -> str:
    return _COUNT_WORD.sub("", to_simplified(value).strip().casefold()).strip()


def job_replaced(new: Facts, old: Facts) -> str | None:
    """Why an UPDATE of ``old``'s job by ``new`` is a change of job (a CONFLICT that ends ``old``): both name an
    occupation (:func:`occupations_changed`), neither value holds the other (English words, Chinese characters;
    a count word such as 一名 / "a" left out) and ``new`` is not told beside ``old`` (:func:`job_beside`).
    None when ``new`` may refine ``old`` ("nurse" → "senior nurse") or is no such pair."""
    if not occupations_changed(new, old) or job_beside(new, old):
        return None
    a, b = _job_words(new.value or ""), _job_words(old.value or "")
    if not a or not b or a == b:
        return None
    if a.isascii() and b.isascii():
        wa, wb = set(a.split()), set(b.split())
        if wa <= wb or wb <= wa:
            return None
    elif a.replace(" ", "") in b.replace(" ", "") or b.replace(" ", "") in a.replace(" ", ""):
        return None
    return f"another occupation in the job slot ({old.value} → {new.value}): a change of job, not a more specific one"
