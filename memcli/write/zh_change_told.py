"""A change told in everyday Chinese words, read as the change it is (round 47).

A family-care user tells changes the way one talks, not as "X changed to Y": the rules read each clause alone,
so the new value was lost or kept as a fragment without its subject, and the old value stayed current.
:func:`told_change` rewrites such a turn (simplified Chinese, before the extractor reads it) into the shapes the
rules already read as a change, and :func:`marked_changes` marks the candidates a medicine swap gives:

- **A thing swapped for a person** — ``(医生)(给/把)(someone's)(原来吃的)X换成Y了`` in a long visit message
  (今天陪外婆去医院…，把原来吃的X换成Y了，一天两次): ``<owner>现在吃Y，<owner>以前吃X``; the owner is the person the
  clause names (把我爸的药…), else the last relative named before it (陪外婆, 带我妈), else the speaker. The
  current value carries the old one as ``corrects`` (the stored memory that says X ends:
  :mod:`memcli.write.correction_plan`), the past one is stored ended (history: 以前吃什么 answers). A generic class
  swapped (把降压药换成Y) gives only the current value.
- **A plan dropped for another** — ``(time)不回/不去X了，<someone>(说)想(带…)去Y…``: the new place is told by another
  clause, not by 改去; read as ``(time)不去X了，改去Y`` (:mod:`memcli.write.rules.zh_plan` ends the plan).
- **A move done, told in a long message** — ``今天搬家…新家在Y``: read as ``我们现在住在Y`` (a home, not a plan);
  the home carries ``moved_to`` (:mod:`memcli.write.plan_done` ends the plan to move there).
- **A relative's medicine told after the doctor's word** — ``<relative>…，医生让他…，另外每天吃X``: read as
  ``<relative>每天吃X`` (not the doctor's, not the speaker's); ``<relative>的降糖药大夫又添了一种，X，晚饭后一块吃``:
  read as ``<relative>现在还吃X``.
- **An activity stopped and replaced** — ``<who>的A课不上了，改成<when>学B``: the new activity had no subject
  (改成每周六学B, a habit of no one); read as ``<who>不学A了，<who><when>学B``, which carries A as
  ``corrects`` (the stored A ends).

:func:`complaint_only` tells a statement that is only a complaint or a feeling (压力山大, 愁人, 经理又画大饼,
累瘫了), or a relay that names no news (物业刚在群里通知了): the turn's chatter, never a durable fact (the turn
stays findable as an episode).
Pure functions of text; no model, no store.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memcli.models import Candidate
from memcli.write.zh_news_told import news_told

__all__ = ["complaint_only", "marked_changes", "told_change"]

#: a relative of the speaker named in a clause (with or without 我/我的 before it)
_KIN = (r"(?:我的?|我们家?的?)?(?:妈妈|爸爸|老妈|老爸|我妈|我爸|父亲|母亲|奶奶|爷爷|外婆|姥姥|外公|姥爷|婆婆|"
        r"公公|岳母|岳父|丈母娘|老丈人|老婆|老公|爱人|媳妇|儿子|女儿|闺女|孩子|哥哥|姐姐|弟弟|妹妹|[妈爸哥姐])")
_KIN_RE = re.compile(_KIN)
_SWAP = re.compile(
    rf"^(?:医生|大夫)?(?:又|也|还|就|直接|已经)?(?:给|帮|替)?(?P<o1>{_KIN})?(?:把|将)(?P<o2>{_KIN})?的?"
    r"(?:原来|之前|以前|一直|平时|本来)?(?P<verb>吃|用|喝|打|抹|涂)?的?(?P<old>[\u4e00-\u9fffA-Za-z0-9]{1,10}?)"
    r"(?:换成|改成|换为|改为)了?(?P<new>[\u4e00-\u9fffA-Za-z0-9]{2,12}?)(?:了|啦)?$")
#: a new value that is a time or an amount (a schedule moved: :func:`memcli.write.told_shapes.schedule_changed`)
_TIMEISH = re.compile(r"[周点号月日天年次]|星期|礼拜|上午|下午|早上|晚上|中午|\d|[一二两三四五六七八九十]")
#: an old value that is an activity or a class (its own kind below), or a pronoun
_NOT_THING = re.compile(r"[课班]$|^[它他她这那]")
#: a class of medicine, not one (把降压药换成Y: she still takes 降压药)
_GENERIC = re.compile(r"^(?:[\u4e00-\u9fff]{0,3}药|药物|[\u4e00-\u9fff]{0,2}片)$")
_MEDICINE = re.compile(r"药|医|片|胶囊|针|吃")


def _owner(word: str) -> str:
    w = re.sub(r"^(?:我们家?的?|我的?)", "", word)
    w = {"老妈": "妈", "老爸": "爸", "妈妈": "妈", "爸爸": "爸"}.get(w, w)
    return "我" + w


def _clauses(text: str) -> list[str]:
    return re.split(r"(?<=[，,。！!；;])", text)


def _swap(text: str) -> tuple[str, str, str] | None:
    """``text`` with its swap clause read as the current and past value, the old value and the owner; or None."""
    parts = _clauses(text)
    for i, part in enumerate(parts):
        body = part.rstrip("，,。！!；;")
        m = _SWAP.match(body)
        if m is None or _TIMEISH.search(m.group("new")) or _NOT_THING.search(m.group("old")) or not (
                m.group("verb") or re.search(r"药|医生|大夫", text)):  # (把头像换成了猫: no thing taken or used)
            continue
        who = m.group("o2") or m.group("o1")
        if who is None:
            named = [k.group(0) for k in _KIN_RE.finditer("".join(parts[:i]))]
            who = named[-1] if named else "我"
        owner = "我" if who == "我" else _owner(who)
        verb = m.group("verb") or ("吃" if _MEDICINE.search(text) else "用")
        old, new = m.group("old"), m.group("new")
        said = f"{owner}现在{verb}{new}" if _GENERIC.match(old) else f"{owner}以前{verb}{old}，{owner}现在{verb}{new}"
        end = part[len(body):]
        return "".join(parts[:i]) + said + end + "".join(parts[i + 1:]), ("" if _GENERIC.match(old) else old), owner
    return None


_DROPPED = re.compile(r"^(?P<head>[^，,。！!？?]{0,12}?)不(?P<v>回|去)(?P<old>[\u4e00-\u9fff]{1,8}?)了$")
_NEW_PLACE = re.compile(r"^[^不没？?]{0,16}?(?:想|要|准备|打算|决定)?(?:带[^，,。去]{1,6})?"
                        r"去(?!看|吃|玩|买|做|打|逛|爬|跑|学|上|找|见|接|送|参加)(?P<new>[\u4e00-\u9fff]{2,5}?)(?:玩|过年|过节|旅游|旅行|度假|看看|过|了|$)")


def _redirected(text: str) -> str | None:
    parts = _clauses(text)
    for i, part in enumerate(parts[:-1]):
        if not _DROPPED.match(part.rstrip("，,")):
            continue
        nxt = parts[i + 1].rstrip("，,。！!；;")
        if nxt.startswith(("改", "换")):
            return None  # 改去Y: the rules read it as it is
        m = _NEW_PLACE.match(nxt)
        if m is None:
            return None
        return "".join(parts[:i + 1]) + f"改去{m.group('new')}" + parts[i + 1][len(nxt):] + "".join(parts[i + 2:])
    return None


_MOVED = re.compile(r"(?:今天|昨天|前天|上周|上个月|刚|终于|已经)[^，,。！!？?]{0,4}"
                    r"搬(?:完|好)?家(?:了)?|搬完家|搬过去了")
_NEW_HOME = re.compile(r"(?:我们|我)?(?:的)?新家(?:就)?在")
_NOT_DONE = re.compile(r"打算|准备|计划|要搬|想搬|下个?月|明年|下周")


def _moved(text: str) -> str | None:
    if not _MOVED.search(text) or _NOT_DONE.search(text) or not _NEW_HOME.search(text):
        return None
    return _NEW_HOME.sub("我们现在住在", text, count=1)


def _moved_to(text: str) -> str:
    """The place a move done (read by :func:`_moved`) is to: the words after 住在, up to the clause's end."""
    m = re.search(r"我们现在住在(?P<place>[^，,。！!；;]{2,16})", text)
    return re.sub(r"(?:那边|那儿|那里|附近|一带)$", "", m.group("place")) if m else ""


_REPLACED = re.compile(r"(?P<who>[\u4e00-\u9fff]{1,6}?)的(?P<old>[\u4e00-\u9fff]{1,6}?)(?:课|班)?"
                       r"(?:也|就)?不(?:上|学|去)了(?P<sep>[，,])(?:又)?(?:改成|换成|改为|改学|换学)(?P<rest>[^，,。！!；;]{2,20})")


def _replaced(text: str) -> tuple[str, str, str] | None:
    m = _REPLACED.search(text)
    if m is None or _KIN_RE.fullmatch(m.group("old")):
        return None
    who, rest = m.group("who"), m.group("rest")
    if not re.search(r"学|上|练|去|打|踢|弹", rest):
        rest = "学" + rest
    if re.match(r"(?:周|星期|礼拜)[一二三四五六日天末]", rest):
        rest = "每" + rest  # a class that replaces a class is weekly (周日上午练B: every Sunday)
    said = f"{who}不学{m.group('old')}了{m.group('sep')}{who}{rest}"
    return text[:m.start()] + said + text[m.end():], m.group("old"), who


#: the doctor's word about a relative (医生让他…, 医生叫她…): the clauses after it that drop their subject are the
#: relative's
_DOCTOR_SAID = re.compile(r"(?:医生|大夫)(?:又|还)?(?:让|叫|要|嘱咐|交代|说)(?:他|她)")
_TAKES = re.compile(r"^(?:另外|还要|还得|并且|而且|然后|同时)?(?P<what>(?:每天|每日|按时|一天|早晚|坚持|长期)"
                    r"[^，,。！!；;]{0,3}?(?:吃|服用)[^，,。！!；;]{2,20})$")


def _carried(text: str) -> str | None:
    """…，医生让他…，另外每天吃X: the medicine clause said with the relative it is for (not the doctor's, not the
    speaker's)."""
    m = _DOCTOR_SAID.search(text)
    named = [k.group(0) for k in _KIN_RE.finditer(text[:m.start()])] if m else []
    if m is None or not named:
        return None
    owner, out, at = _owner(named[-1]), [], 0
    for part in _clauses(text):
        body = part.rstrip("，,。！!；;")
        t = _TAKES.match(body) if at >= m.end() else None
        out.append(f"{owner}{t.group('what')}{part[len(body):]}" if t else part)
        at += len(part)
    return "".join(out)


#: a medicine added for a relative (外婆的降糖药大夫又添了一种，X，晚饭后一块吃): X is taken now, beside the others
_ADDED = re.compile(rf"(?P<kin>{_KIN})的(?P<what>[\u4e00-\u9fff]{{0,4}}药)(?:医生|大夫)?(?:又|还|也)?(?:给(?:她|他))?"
                    r"(?:加了|多加了|新加了|添了)(?:一种|一样|一个|一款)?[，,]?(?P<new>[\u4e00-\u9fffA-Za-z0-9]{2,8}?)"
                    r"(?:[，,](?:早上|晚上|中午|[早午晚]?饭[后前]|睡前|每天)?(?:一起|一块)?吃)?(?=[，,。！!；;]|$)")


def _added(text: str) -> str | None:
    m = _ADDED.search(text)
    if m is None or _TIMEISH.search(m.group("new")):
        return None
    return text[:m.start()] + f"{_owner(m.group('kin'))}现在还吃{m.group('new')}" + text[m.end():]


def told_change(text: str) -> tuple[str, dict[str, str]] | None:
    """A Chinese user turn ``text`` (simplified) with a change told in everyday words read as the rules read a
    change (see the module doc), and what :func:`marked_changes` needs of a swap (``old``, ``owner``); None when
    the turn tells no such change."""
    if not re.search(r"[\u4e00-\u9fff]", text or ""):
        return None
    out, meta = text, {}
    if (sw := _swap(out)) is not None:
        out, meta = sw[0], ({"old": sw[1], "owner": sw[2]} if sw[1] else {})
    for f in (_redirected, _moved, _carried, _added, news_told):  # (round 48: life news, memcli.write.zh_news_told)
        out = f(out) or out
    if (moved := _moved(text)) is not None and (place := _moved_to(moved)):
        meta = {**meta, "moved_to": place}
    if (rp := _replaced(out)) is not None:
        out, meta = rp[0], {"old": rp[1], "owner": rp[2]}
    return (out, meta) if out != text else None


def marked_changes(cands: Sequence[Candidate], meta: dict[str, str]) -> list[Candidate]:
    """``cands`` of a turn :func:`told_change` read a swap or a replaced activity in: a past value stored ended, the
    owner's new value carrying the old one as ``corrects`` (``meta``: ``old``, ``owner``; ``cands`` as they are
    without them)."""
    old, owner, place = meta.get("old"), meta.get("owner"), meta.get("moved_to")
    if place:  # a move done: the home told carries its place (memcli.write.plan_done ends the plan to move there)
        cands = [c.model_copy(update={"metadata": {**c.metadata, "moved_to": place}}) if place in c.statement else c
                 for c in cands]
    if not old or not owner:
        return list(cands)
    out = []
    for c in cands:
        s = c.statement
        if s.startswith(f"{owner}以前") and old in s:
            c = c.model_copy(update={"ended": True})
        elif s.startswith(owner) and old not in s and "不" not in s and "corrects" not in c.metadata:
            c = c.model_copy(update={"metadata": {**c.metadata, "corrects": [old]}})
        out.append(c)
    return out


#: a complaint or a feeling said in passing (愁人, 压力山大, 画大饼, 累瘫了, 烦死了, 心累): no durable fact
_COMPLAINT = re.compile(
    r"^[\u4e00-\u9fff]{0,6}?"
    r"(?:又|还|真|真的|太|也|都|老|总|总是|天天|一直|简直|快|实在|有点)*"
    r"(?:愁人|愁死(?:人|我)?了?|压力山大|压力好大|压力太大了?|画大饼|画饼|累死(?:我|人)?了?|累瘫了?|累趴了?|烦死(?:我|人)?了?|"
    r"心累|头大|头疼死了|崩溃了?|要疯了|太难了|好难啊|糟心|闹心|心烦|气死(?:我|人)?了?)(?:了|啊|呀|啦|哈|唉)*$")


#: a relay of news with no news in it (物业刚在群里通知了, 教练刚说的): the clause beside it tells what changed
_RELAY_ONLY = re.compile(r"^[\u4e00-\u9fff]{1,4}?(?:刚|刚刚|刚才|已经|也)?在[\u4e00-\u9fff]{0,4}群里?"
                         r"(?:改|说|通知|发|讲)(?:过|了)*$")


def complaint_only(statement: str) -> bool:
    """``statement`` (Chinese) is only a complaint or a feeling of the moment, or a relay that names no news (see
    the module doc): chatter."""
    s = statement.strip("。！!，, ")
    return bool(_COMPLAINT.match(s) or _RELAY_ONLY.match(s))


#: a fact told of the past: a past marker near the statement's head (我以前…, 以前在上一家…, 我妈原来…), "used to"
_PAST_TOLD = re.compile(r"^[^，,。]{0,6}?(?:以前|之前|原来(?=在|是|做|住|吃|用|干)|曾经|过去|从前|上一家|"
                        r"上家|前一家|上一份|前公司)|\b(?:used to|previously|formerly)\b", re.I)
_NOW_TOLD = re.compile(r"现在|目前|如今|\bnow\b|\bcurrently\b", re.I)


def past_kept(new_statement: str, old_statement: str) -> str | None:
    """Why a fact told of the past (``new_statement``: 以前在上一家公司做运营, "I used to work in retail") must not
    UPDATE or CONFLICT a current one (``old_statement``, no past marker): it is history, an ADD; None otherwise."""
    if not _PAST_TOLD.search(new_statement) or _NOW_TOLD.search(new_statement) or _PAST_TOLD.search(old_statement):
        return None
    return "a fact told of the past ends nothing current"


#: one more taken beside what is taken (现在还吃X, 也在吃X, 又加了X): an addition, not a swap
_ADDED_TOLD = re.compile(r"(?:现在|另外|同时)?(?:还|也)(?:在)?(?:吃|服用|用)|又加了|多加了|新加了")


def added_kept(new_statement: str, old_statement: str) -> str | None:
    """Why a medicine or a thing told as taken *too* (``new_statement``: 我妈现在还吃X) must not end another one
    (``old_statement``, which does not name X): the two hold together; None otherwise."""
    m = _ADDED_TOLD.search(new_statement)
    if m is None:
        return None
    new = new_statement[m.end():].strip("，,。 ")
    return None if not new or new[:2] in old_statement else "a thing taken too, beside the other"


#: the speaker's job at a former employer (我以前在上一家公司做的是X, 我之前在前公司做X): history by its own words
_PREVIOUS_JOB = re.compile(r"^我(?:以前|之前|原来|过去)?(?:在|是在)?(?:上一家|上家|前一家|前公司|上一份工作)")


def previous_job_ended(cands: Sequence[Candidate]) -> list[Candidate]:
    """``cands`` with the speaker's job or workplace told at a former employer (上一家公司, 前公司; no 现在) stored
    ended, in the slot its words read without the past marker (``job``, ``workplace``): it held before, not now, and
    a 以前 question finds it among the ended facts (:func:`memcli.read.past_facts.ended_hits`)."""
    from memcli import slots
    from memcli.write.rules import analyze

    out = []
    for c in cands:
        if not c.ended and _PREVIOUS_JOB.match(c.statement) and not _NOW_TOLD.search(c.statement):
            slot = analyze(re.sub(r"以前|之前|原来|过去", "", c.statement, count=1)).slot
            if not (slot and slots.split_slot(slot)[1] in ("job", "workplace")):
                slot = "job" if re.search(r"(?:做|干|当)(?:的是)?", c.statement) else None  # (…干的是X)
            if slot:
                c = c.model_copy(update={"ended": True, "slot": slot})
        out.append(c)
    return out
