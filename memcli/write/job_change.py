"""A change of job told in one clause and the new job in the next (我上周换工作了，现在在一家银行做数据分析;
"I switched jobs in May, now I work at a bank"): the new job is stored with the change it was told with.

The clause units read the two apart: the change clause states no job of its own (a fragment, or no memory
at all) and the new workplace or job, read without it, is a fact beside the old job — the judge found
nothing to end (another slot, other words) and both jobs stayed active. Said together, the statement
tells the change (:func:`~memcli.write.linked_change.ending_told`), and the decision ends the old job and
workplace as it does for "I changed jobs, now I work at …" said in one clause. A job told as kept in the
same turn (还是当护士, "still a nurse") leaves the turn as it is (:mod:`memcli.write.rules.job_moved`).
Pure functions over the candidates of one turn; no model, no store.
"""

from __future__ import annotations

import re

from memcli.models import Candidate
from memcli.slots import split_slot
from memcli.text import to_simplified
from memcli.textcache import short_cached
from memcli.write.clauses import clean, en_parts, units
from memcli.write.linked_change import _JOB_CHANGED, _JOB_KEPT

_JOB_ATTRS = ("workplace", "job", "occupation")
#: a promotion told (升职 / 晋升 / 被提拔 / "got promoted", "was made head of …"): another role at the same place
_PROMOTED = re.compile(
    r"升职|晋升|升为|升任|被?提拔|提干|转正|\bpromot(?:ed|ion)\b|\b(?:was|got) made\b|\bmade (?:a )?partner\b", re.I
)


def _is_job(c: Candidate) -> bool:
    if not c.slot:
        return False
    subject, attr, _ = split_slot(c.slot)
    return subject == "me" and attr in _JOB_ATTRS


def with_job_change(text: str, cands: list[Candidate]) -> list[Candidate]:
    """``cands`` (one turn's) with the clause that tells a change of job put before each new job or workplace
    that does not tell it itself, and the change clause dropped as a candidate of its own (see the module doc).
    As given when the turn tells no change of job, keeps the job, or tells it in the same clause as the job."""
    if not any(_is_job(c) for c in cands) or (told := _change_told(text)) is None:  # (no job: the turn unread)
        return cands
    change = next((p for u in units(text) for p in en_parts(u) if told.search(p.text)), None)
    said = clean(change) if change is not None else ""
    if not said or any(_is_job(c) and told.search(to_simplified(c.statement)) for c in cands):
        return cands  # the change and the job in one clause: the statement tells both already
    zh = change.lang == "zh"
    out: list[Candidate] = []
    for c in cands:
        if not _is_job(c) and (
            to_simplified(c.statement).rstrip("。.!！") in change.text
            or told.search(to_simplified(c.statement))
            and len(c.statement) <= len(change.text)
        ):
            continue  # the change clause alone: told with the job below
        if _is_job(c):
            st = c.statement if zh or re.match(r"I\b", c.statement) else c.statement[:1].lower() + c.statement[1:]
            c = c.model_copy(update={"statement": said if st.rstrip("。.!！") in said  # (round 46: the switched
                                     else f"{said}{'，' if zh else ', '}{st}"})  # clause is the change's: said once)
        out.append(c)
    return out


@short_cached(1000, 8192)
def _change_told(text: str) -> re.Pattern[str] | None:
    """The pattern by which ``text`` (a whole turn) tells a change of job, None when it tells none or keeps the job:
    read once per turn (round 35: the drain reads the same turn of many users)."""
    simple = to_simplified(text)
    told = _JOB_CHANGED if _JOB_CHANGED.search(simple) else _PROMOTED  # (a promotion: the role now, told with it)
    return told if told.search(simple) and not _JOB_KEPT.search(simple) else None


#: a workplace named in a statement: "at/for <place>", "to/in <Place>", 在<place>当/做/上班/工作
_EN_PLACE = re.compile(r"\b(?:[Aa]t|[Ff]or|[Ww]ith)\s+(?:the\s+|a\s+|an\s+)?\w|\b(?:to|in)\s+(?:the\s+)?[A-Z]\w+")
_ZH_PLACE = re.compile(r"在.{2,}?(?:当|做|担任|上班|工作|任职|就职)")


def _names_place(statement: str) -> bool:
    return bool(
        _ZH_PLACE.search(statement) if re.search(r"[\u4e00-\u9fff]", statement) else _EN_PLACE.search(statement)
    )


def promotion_kept(new_statement: str, old_statement: str, old_slot: str | None) -> str | None:
    """Why a promotion (``new_statement``) does not end the stored job ``old_statement`` names with its
    workplace ("I'm a nurse at a hospital in Leeds" / "I got promoted to ward sister"): the role changed, the
    workplace and the city did not, and the promotion names none — both stay (the newer says the role now).
    None: no promotion told, the stored fact names no workplace, or the promotion names one of its own."""
    if not _PROMOTED.search(new_statement) or _names_place(new_statement) or not _names_place(old_statement):
        return None
    if old_slot and split_slot(old_slot)[1] not in (*_JOB_ATTRS, "fact", "is") and "." in old_slot:
        return None
    return "a promotion keeps the workplace the stored job names (the role changed, not the place)"
