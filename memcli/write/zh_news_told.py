"""Life news told in spoken Chinese, read in the shapes the rules read (round 48).

A young office worker tells the biggest news of her months in chat words the rules read nothing of, or read without
whom it is about: the new value was lost and the old one stayed current. :func:`news_told` rewrites such a turn
(simplified Chinese, before the extractor reads it; called by :func:`memcli.write.zh_change_told.told_change`):

- **Together with someone** — ``X跟我表白了，我答应了，现在算正式在一起了``: the bare ``在一起了`` names no one; read as
  ``我跟X正式在一起了`` (the partner, X the last person the turn names).
- **A pet taken to the vet** — ``<pet>最近不吃东西，带它去看了兽医，说是<illness>``: ``它`` read as the pet the turn
  opens with, and the diagnosis as the pet's (``兽医说<pet>得了<illness>``), never a fragment of no one.
- **An offer with its employer and pay** — ``拿到offer了！<employer>，月薪<pay>``:
  ``我拿到了<employer>的offer，我新工作月薪<pay>`` (the new job's pay: it ends the old pay).
- **The first day at a new employer** — ``今天入职<employer>``: ``我今天入职<employer>`` and (a
  workplace told as a change of job: ``我换工作了，现在在<employer>上班``, which ends the old job).
- **A new rent with its terms** — ``…看了房…，月租<amount>，押一付三``: ``我现在房租一个月<amount>``.
- **A plan or an activity called off with no other** — ``(time)不去X了，<reason>`` → ``我(time)去X的计划取消了``;
  ``<activity>不做了`` → ``我不做<activity>了`` (read as an activity given up).

Pure functions of text; no model, no store.
"""

from __future__ import annotations

import re

from memcli.write.rules.coref_mentions import ZH_REL

__all__ = ["news_told"]

_END = r"(?=[，,。！!；;～~]|$)"

#: a bare "together now" clause: no one it is with
_TOGETHER = re.compile(r"(?:^|(?<=[，,。！!]))(?:我们?)?(?:现在|已经|终于|总算)?(?:算是?|也算)?(?:正式)?"
                       r"(?:在一起|确定关系)了" + _END)
#: the person who asked or was asked (X跟我表白了, 我跟X表白了, X向我求婚了)
_SUITOR = re.compile(r"(?:^|[，,。！!])([\u4e00-\u9fff]{2,3}?)(?:跟|和|向|对)我(?:表白|告白|求婚|表明心意)|"
                     r"我(?:跟|和|向|对)([\u4e00-\u9fff]{2,3}?)(?:表白|告白|求婚)")


def _together(text: str) -> str | None:
    m = _TOGETHER.search(text)
    suitors = list(_SUITOR.finditer(text[:m.start()])) if m else []
    if m is None or not suitors:
        return None
    who = suitors[-1].group(1) or suitors[-1].group(2)
    if re.fullmatch(ZH_REL, who):
        return None
    return text[:m.start()] + f"我跟{who}正式在一起了" + text[m.end():]


#: the pet the turn opens with, before how it is (年糕最近不怎么吃东西, 我家豆豆这两天老吐)
_PET_HEAD = re.compile(r"^(?:我家的?|我的)?(?P<pet>[\u4e00-\u9fff]{2,3}?)(?=最近|这两天|这几天|前两天|今天|昨天|老是?|"
                       r"一直|总是?|突然|又|有点|不(?:太|怎么|爱|肯)?(?:吃|喝|动))")
#: taken to the vet (带它去看了兽医, 带它去了宠物医院)
_TO_VET = re.compile(r"带它(?:去)?(?:看了?|去了?|到)(?:兽医|宠物医院|医院|医生)")
#: the diagnosis clause after it, whose subject chat drops (说是肠胃炎, 医生说是皮肤病)
_DIAGNOSED = re.compile(r"(?:^|(?<=[，,]))(?:(?:兽医|医生|大夫)(?:说|讲))?说?是(?:得了)?(?P<ill>[\u4e00-\u9fff]{1,6}"
                        r"(?:炎|病|症|感冒|发烧|结石|过敏|骨折|癣|瘤))" + _END)


def _pet_seen(text: str) -> str | None:
    head = _PET_HEAD.match(text)
    if head is None or not _TO_VET.search(text) or re.match(ZH_REL, head.group("pet")):
        return None
    pet = head.group("pet")
    out = re.sub(r"它(?!们)", pet, text)
    return _DIAGNOSED.sub(lambda m: f"兽医说{pet}得了{m.group('ill')}", out, count=1)


_ORG = r"[\u4e00-\u9fffA-Za-z0-9]{2,12}?"
_PAY = r"(?P<pay>[0-9一二两三四五六七八九十百千万点.]+(?:[wWkK]|块钱?|元)?)"
#: an offer with whose it is and its pay, the employer told after it (拿到offer了！星河科技，月薪两万二)
_OFFER = re.compile(rf"(?:我)?(?:拿到|收到)了?(?:offer|录用通知|录取通知)了?[！!，,。～~]*(?P<co>{_ORG})[，,](?:的)?"
                    rf"(?:月薪|薪资|工资|薪水)(?:是|给)?{_PAY}" + _END, re.I)
#: the first day at an employer (今天入职星河科技, 正式入职了XX)
_JOINED = re.compile(r"(?:^|(?<=[，,。！!]))我?(?P<when>今天|昨天|前天|刚|刚刚|正式|终于)(?:正式)?入职了?"
                     rf"(?P<co>{_ORG})(?:了|啦)?" + _END)
#: a rent told with its amount, in a turn about a flat (看了房, 租了, 一房一厅, 房子)
_RENT = re.compile(rf"(?:^|(?<=[，,]))(?:每个?月)?(?:月租|房租|租金)(?:是|要|才)?(?:每个?月|一个月)?{_PAY}" + _END)
_FLAT = re.compile(r"看了?房|看房|租了|新房子|房子|[一两二三]房一厅|[一两二三]室一?厅|单间|公寓")
#: a plan called off with no other told (国庆不去成都了，机票太贵): the time, then the place
_CALLED_OFF = re.compile(r"^(?P<time>[^，,。！!？?我]{1,6}?)(?:就|也|都)?不去(?P<place>[\u4e00-\u9fff]{2,6}?)了" + _END)
#: an activity called off, told first (副业不做了, 兼职不干了)
_STOPPED = re.compile(r"^(?P<what>代购|直播|家教|网店|外卖|跑腿|[\u4e00-\u9fff]{0,4}(?:副业|兼职|生意|工作室))"
                      r"(?:就|也)?不(?:做|干|搞|弄)了" + _END)


def _offer(text: str) -> str | None:
    m = _OFFER.search(text)
    if m is None:
        return None
    return text[:m.start()] + f"我拿到了{m.group('co')}的offer，我新工作月薪{m.group('pay')}" + text[m.end():]


def _joined(text: str) -> str | None:
    m = _JOINED.search(text)
    if m is None:
        return None
    co = m.group("co")
    return text[:m.start()] + f"我{m.group('when')}入职{co}，我换工作了，现在在{co}上班" + text[m.end():]


def _rent(text: str) -> str | None:
    m = _RENT.search(text)
    if m is None or not _FLAT.search(text):
        return None
    rest = text[m.end():]  # (the terms after it, 押一付三, a clause of their own: 我押一付三)
    rest = "。" + rest[1:] if rest[:1] in ("，", ",") else rest
    return text[:m.start()] + f"我现在房租一个月{m.group('pay')}" + rest


def _called_off(text: str) -> str | None:
    if re.search(r"改(?:去|成|到|为)|换(?:去|成)", text):
        return None  # 不去X了，改去Y: a plan changed (memcli.write.rules.zh_plan)
    if m := _CALLED_OFF.match(text):
        return f"我{m.group('time')}去{m.group('place')}的计划取消了" + text[m.end():]
    if m := _STOPPED.match(text):
        return f"我不做{m.group('what')}了" + text[m.end():]
    return None


def news_told(text: str) -> str | None:
    """``text`` (a simplified Chinese user turn) with the news it tells in chat words read in the rules' shapes (the
    module doc), or None when it tells none of them."""
    out = text
    for f in (_together, _pet_seen, _offer, _joined, _rent, _called_off):
        out = f(out) or out
    return out if out != text else None
