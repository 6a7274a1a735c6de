"""Subjects that Chinese chat drops: put back before the clause that drops them.

Chat names a subject once and drops it in the clauses after it (我表哥是广东人，特别爱喝早茶;
最近胃不好，不能吃辣了). Read alone, 特别爱喝早茶 says nothing of whom it is about and the clause
model scores it as no fact; read with the subject it continues (我表哥特别爱喝早茶) it is a whole
clause like any other. Pure functions over text, on the Chinese rules' parse.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memcli import slots
from memcli.write.clauses import Unit
from memcli.write.rules import zh_patterns, zh_words
from memcli.write.rules.zh import _continues, _Ctx, _subject, _topic_any, _topic_first, prepare
from memcli.write.rules.zh_facts import _pos
from memcli.write.rules.zh_words import _BODY_TOPIC, _IRREALIS, _MENTAL

__all__ = ["carried_subjects", "with_subjects"]



def carried_subjects(clauses: Sequence[str]) -> list[str | None]:
    """For each clause of one utterance, in order: the subject it drops and continues, as written
    before it (我, 我室友, 我同事小陈) — or, for a bare noun phrase after ``X是Y``, the ``X是`` whose
    next value it is (我研究生读的是同济，建筑学专业) — or None (a subject of its own, a thing's, or
    none to carry).

    ``carried_subjects(["我表哥是广东人", "特别爱喝早茶"])`` → ``[None, "我表哥"]``: chat drops the
    subject of every clause after the first, and a clause read without it (特别爱喝早茶) says nothing of
    whom it is about. A thing's subject is not carried (楼下那家面馆很好吃，价格也便宜), nor a subject
    into a plan, wish or duty (…，要控制饮食): what one should do is no fact of one's life."""
    out: list[str | None] = []
    last: str | None = None
    head: str | None = None  # the subject and copula of the clause before (我研究生读的是), for a list's next value
    for i, clause in enumerate(clauses):
        c = prepare(re.split(r"[，,]", clause, maxsplit=1)[0])
        before = clauses[i - 1].strip("，,。！!？? ") if i else None  # (its end may introduce a thing)
        if head and c and len(c) <= 10 and all(f[:1] == "n" or f in ("eng", "j") for _, f in _pos(c)):
            out.append(head)  # 我研究生读的是同济，建筑学专业 → 我研究生读的是建筑学专业: one more value
            continue
        if zh_words.ZH_CORRECTION_OPEN.fullmatch(clause.strip() + "，"):  # 我说错了，…: no subject to carry on
            out.append(None)
            last = head = None
            continue
        sub = _subject(_topic_first(c) or _topic_any(c) or c, _Ctx()) if c else None
        cop = re.match(r"^[^，,]{2,12}?(?:是|叫)(?!不是)", c) if sub is not None and not sub[0].startswith("thing:") \
            else None
        head = cop.group(0) if cop else None
        if sub is not None:
            thing = sub[0].startswith("thing:") and _BODY_TOPIC.match(c) is None  # 最近胃不好: the user's stomach
            last = None if thing else ("我" if sub[0] == slots.ME or sub[0].startswith("thing:") else sub[1])
            out.append(None)
        elif last and c and zh_patterns.OF_THING.match(c) and before and not re.match(r"^我(?:也|还|就)?是", before) \
                and (new := zh_patterns.RX_MATCH_CLAUSE_4.search(before)):
            out.append("这" + new.group(0)[1:])  # 学了一道新菜，叫做X → 这道新菜叫做X: not the user's name
            last = None
        elif last and c and not re.search(r"[我你您他她它]", c) and not _MENTAL.match(c) and \
                not _IRREALIS.search(c) and not re.match(r"^(?:要|得|需要|应该|必须)", c) and \
                not zh_words.BARE_JUDGEMENT.fullmatch(c) and _continues(c, last == "我"):
            out.append(last)
        else:
            out.append(None)
            last = None
    return out


def with_subjects(parts: list[Unit]) -> list[Unit]:
    """``parts`` (one utterance's units) with the subject a Chinese unit drops put back before it
    (我表哥是广东人，特别爱喝早茶 → the second unit read as 我表哥特别爱喝早茶; :func:`carried_subjects`):
    what the clause model scores and what a kept unit states. The fit reads the units as said; a
    unit with its subject put back is a whole clause like most it was fitted on. Other units are
    returned as they are."""
    zh = [i for i, u in enumerate(parts) if u.lang == "zh"]
    if len(zh) < 2:
        return list(parts)
    out = list(parts)
    for i, sub in zip(zh, carried_subjects([parts[i].text for i in zh]), strict=True):
        if sub:
            out[i] = Unit(sub + parts[i].text, parts[i].lang)
    return out
