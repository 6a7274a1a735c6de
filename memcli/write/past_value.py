"""A past value told beside the current one in the same turn: history, not a present fact.

我哥哥以前住在广州，现在搬到深圳了 / "My brother used to live in Boston but now lives in Denver" give two
candidates: the past city and the current one. Told in two turns, the later one ends the earlier by a
CONFLICT or UPDATE (:mod:`memcli.write.decide`); told in one turn, nothing ended the past one and both stood
as active. So a candidate that is marked past (以前/之前/原来/曾经/过去/从前, "used to", "previously",
"formerly") and not present (现在/目前/如今, "now", "currently"), whose statement without the past marker
reads as the same slot (subject.attribute) as another candidate of the turn with another value, is marked
``ended``: :func:`memcli.write.decide.decide_and_apply` stores it already invalid (``invalid_at`` =
``valid_from``, the time it was said), as a CONFLICT stores an incoming fact that a user-set one overrules —
world time says it no longer holds, the record of what was told stays (``memcli history``, ``list --all``).

A past fact alone in a turn (我以前住在广州, "I used to live in Boston") is left as it is: it is kept, with the
weak slot the rules give it (``fact.住``), and a later present value is decided against it as before; a habit
or a liking told as past (我以前每天喝三杯咖啡, "I used to love horror movies") is stored ended the same way:
it no longer holds, and a present one must not read as held "since" the day it was said.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memcli.models import Candidate, Kind

__all__ = ["mark_ended_past"]

#: a past marker (with the space after an English one, so :func:`_without_past` leaves no double space)
_PAST = re.compile(r"以前|之前|原来|曾经|过去|从前|\b(?:used to|previously|formerly)\b\s*", re.I)
_NOW = re.compile(r"现在|目前|如今|\bnow\b|\bcurrently\b|\bthese days\b|\bnowadays\b", re.I)


def _slot_values(text: str) -> dict[str, str]:
    """The specific slots the rules read in ``text`` → their values."""
    from memcli import slots
    from memcli.write.rules import extract_matches

    out: dict[str, str] = {}
    for m in extract_matches(text):
        if m.slot and ".fact." not in m.slot and not m.slot.startswith(("fact.", "event.")) and m.value \
                and slots.split_slot(m.slot)[1]:
            out.setdefault(m.slot, m.value)
    return out


def _without_past(statement: str) -> str:
    return _PAST.sub("", statement)


#: a past marker that heads the statement (我以前…, 我爸以前…, "I used to…"), not a "before" of a clause (我睡觉以前…)
#: nor "be / get used to" (accustomed)
_PAST_HEAD = re.compile(r"^(?:我们?|我的?[爸妈哥姐弟妹儿女老爷奶外][\u4e00-\u9fff]?|[他她])?"
                        r"(?:以前|从前|过去|曾经|原来)(?!的)|"
                        r"(?<!\bam )(?<!'m )(?<!\bis )(?<!'s )(?<!\bare )(?<!'re )(?<!\bwas )(?<!\bwere )(?<!\bbe )"
                        r"(?<!\bget )(?<!\bgot )(?<!\bgetting )\bused to\b", re.I)
_HABITUAL = re.compile(r"每天|每周|每月|每晚|每年|天天|经常|常常|总是|早上|早晨|晚上|中午|睡前|周末|"  # (a time of day:
                       r"\b(?:a|per|every|each) (?:day|week|month|night|morning)\b|"  # 我以前早上喝咖啡 is a habit)
                       r"\bdaily\b|\bweekly\b|\bin the (?:mornings?|evenings?)\b|\bat night\b|\bon weekends\b", re.I)


def _past_habit(cand: Candidate) -> bool:
    """``cand`` alone tells a habit or a liking that no longer holds (我以前每天喝三杯咖啡, "I used to love
    horror movies"): a past marker at its head, no present one, and without the marker a habit or a liking."""
    from memcli.write.rules import extract_matches

    s = cand.statement
    if not _PAST_HEAD.search(s) or _NOW.search(s):
        return False
    if cand.kind in (Kind.HABIT, Kind.PREFERENCE) or _HABITUAL.search(s):
        return True
    return any(m.kind in (Kind.HABIT, Kind.PREFERENCE) for m in extract_matches(_without_past(s)))


#: a change told by its verb (换到 / 搬到 / 跳槽 / 入职, moved / started / joined): the value it brings is the
#: current one
_CHANGE = re.compile(r"换到|换去|换工作|跳槽|搬到|搬去|搬家|调到|转到|入职|"
                     r"\b(?:moved|relocated|started|joined|switched|transferred)\b", re.I)


#: a time of this year said with the value (今年三月, this month): told as now, against a value told of an earlier year
_THIS = re.compile(r"今年|本月|这个月|\bthis (?:year|month|spring|summer|autumn|fall|winter)\b", re.I)


def _dated_past(cands: Sequence[Candidate]) -> list[Candidate]:
    """``cands`` with a value told at an earlier date (我去年在杭州工作) marked ``ended`` when the turn tells the
    same slot's value now, later, by a change (今年三月换到了深圳 → 我现在在深圳上班): the same history as a past
    marker tells (round 39)."""
    out = list(cands)
    for i, past in enumerate(cands):
        if past.ended or not past.slot or _NOW.search(past.statement) or _CHANGE.search(past.statement):
            continue
        then = _slot_values(past.statement)
        if past.slot not in then:
            continue
        for cur in cands:
            if cur is past or cur.valid_from <= past.valid_from or \
                    not (_NOW.search(cur.statement) or _CHANGE.search(cur.statement) or _THIS.search(cur.statement)):
                continue
            now = _slot_values(cur.statement)
            if past.slot in now and now[past.slot] != then[past.slot]:
                out[i] = past.model_copy(update={"ended": True})
                break
    return out


#: a Chinese statement of someone else with a past marker after its subject (我朋友阿伟以前是厨师, 我表哥以前在银行上班)
_ZH_OTHERS_PAST = re.compile(r"^(?:我的?)?[\u4e00-\u9fff]{1,6}?(?:以前|从前|过去|曾经|原来)(?!的)")


def _others_past(cand: Candidate) -> Candidate:
    """``cand`` with the slot its statement reads without its past marker, when it tells what another person was (a
    job, a workplace, a home: 我朋友阿伟以前是厨师 → ``person:阿伟.job``): the marker broke the rules' parse
    (``friend.fact.阿伟``, ``person:阿伟以前.job``, ``colleague.fact.小``: round 45). Kept active, as the user's own
    past fact alone is (a person's history is asked: 陈晓以前在哪工作过; stored ended it was lost to
    ``eval conversations``); a later present value of the slot is decided against it. ``cand`` itself for anything
    else (the user's own past fact is left as the module doc says)."""
    from memcli import slots
    from memcli.write.rules import analyze

    s = cand.statement
    if cand.ended or not _ZH_OTHERS_PAST.match(s) or _NOW.search(s) or s.startswith(("我以前", "我从前", "我过去",
                                                                                    "我曾经", "我原来")):
        return cand
    f = analyze(_without_past(s))
    subject, attr, _ = slots.split_slot(f.slot or "") if f.slot else (None, None, None)
    if not subject or subject == slots.ME or attr not in ("job", "workplace", "residence", "hometown", "education"):
        return cand
    return cand.model_copy(update={"slot": f.slot})


def mark_ended_past(cands: Sequence[Candidate]) -> list[Candidate]:
    """``cands`` of one turn, a past value of a slot whose current value the turn also tells marked ``ended``
    (by a past marker, or by an earlier told date beside a change: :func:`_dated_past`), a habit or a liking
    told as past (:func:`_past_habit`) marked ``ended`` whatever else the turn tells; another person's job, workplace
    or home told as past read with its slot (:func:`_others_past`)."""
    cands = [_others_past(c) if _PAST.search(c.statement) else c for c in cands]
    if len(cands) > 1:
        cands = _dated_past(cands)
    if not any(_PAST.search(c.statement) for c in cands):
        return list(cands)
    cands = [c.model_copy(update={"ended": True}) if not c.ended and _past_habit(c) else c for c in cands]
    if len(cands) < 2:
        return list(cands)
    out = list(cands)
    for i, past in enumerate(cands):
        if not _PAST.search(past.statement) or _NOW.search(past.statement):
            continue
        then = _slot_values(_without_past(past.statement))
        for j, cur in enumerate(cands):
            if j == i or (_PAST.search(cur.statement) and not _NOW.search(cur.statement)):
                continue
            now = _slot_values(cur.statement)
            if cur.slot and cur.slot not in now:
                now[cur.slot] = ""
            if any(s in now and now[s] != v for s, v in then.items()):
                out[i] = past.model_copy(update={"ended": True})
                break
    return out
