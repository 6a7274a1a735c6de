"""Life news told in spoken Chinese, read in the shapes the rules read (round 48).

A young office worker tells the biggest news of her months in chat words the rules read nothing of, or read without
whom it is about: the new value was lost and the old one stayed current. :func:`news_told` rewrites such a turn
(simplified Chinese, before the extractor reads it; called by :func:`memcli.write.zh_change_told.told_change`):

- **Together with someone** — ``X向我表白了…，终于在一起了``: the bare ``在一起了`` names no one; read as
  ``我跟X在一起了`` (the partner, X the last person the turn names).
- **A diagnosis after a visit** — ``<pet>最近不吃东西，带它去看了兽医，说是<illness>``: ``它`` read as the pet the turn
  opens with, and the diagnosis as the pet's (``兽医说<pet>得了<illness>``), never a fragment of no one; so for a
  relative the turn opens with (我妈…，带她去医院看了，说是X: ``医生说我妈得了X``) and for the speaker's body (腰疼了
  好几天，去医院拍了片，说是X: ``医生说我得了X``).
- **An offer with its employer and pay** — ``拿到offer了！<employer>，月薪<pay>``:
  ``我拿到了<employer>的offer，我新月薪<pay>`` (the new job's pay, in the pay's slot: it ends the old pay).
- **The first day at a new employer** — ``今天入职<employer>``: ``我今天入职<employer>`` and (a
  workplace told as a change of job: ``我换工作了，现在在<employer>上班``, which ends the old job).
- **A new rent with its terms** — ``…看了房…，月租<amount>，押一付二``: ``我现在房租一个月<amount>``.
- **Someone moving to a city for a while** — ``<name>下个月要去<city>进修半年``: no rewrite; :func:`person_moving` tells
  the fitted extractor to keep the clause by its shape (:func:`memcli.write.told_shapes.told_by_shape`), a bare name
  being no subject the clause model knows.
- **Which one of a kind just named** — ``每个月定投基金五百块，买的中证500``: the bare ``买的X`` names no kind; read as
  ``我买的基金是X`` (the kind the clause before names: 基金, 股票, 保险, 理财).
- **A plan or an activity called off with no other** — ``(time)不去X了，<reason>`` → ``我(time)去X的计划取消了``;
  ``<activity>不做了`` → ``我不做<activity>了`` (read as an activity given up).

Pure functions of text; no model, no store.
"""

from __future__ import annotations

import re

from memcli.write.rules.coref_mentions import ZH_REL

__all__ = ["news_told", "person_moving"]

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
    return text[:m.start()] + f"我跟{who}在一起了" + text[m.end():]


#: the pet the turn opens with, before how it is (团团最近不爱吃饭, 我家豆豆这两天老吐)
_PET_HEAD = re.compile(r"^(?:我家的?|我的)?(?P<pet>[\u4e00-\u9fff]{2,3}?)(?=最近|这两天|这几天|前两天|今天|昨天|老是?|"
                       r"一直|总是?|突然|又|有点|不(?:太|怎么|爱|肯)?(?:吃|喝|动))")
#: a relative the turn opens with (我妈最近咳嗽, 我爸这两天腰疼)
_KIN_HEAD = re.compile(rf"^我的?(?P<kin>{ZH_REL})")
#: a part of the body the turn opens with (腰疼了好几天, 胃不舒服): the speaker's
_BODY_HEAD = re.compile(r"^(?:最近|这两天|这几天|前两天)?(?:腰|胃|头|肚子|嗓子|喉咙|膝盖|肩膀|脖子|"
                        r"颈椎|腿|脚|手|牙|眼睛|皮肤)")
#: taken to or seen by a doctor (带它去看了兽医, 去医院看了, 拍了片)
_SEEN = re.compile(r"(?:看了?|去了?|到|找了?)(?:兽医|宠物医院|医院|医生|大夫|门诊|急诊)|医院看了|拍了?片|做了?检查")
#: the diagnosis clause after it, whose subject chat drops (说是胃炎, 医生说是皮肤病)
_DIAGNOSED = re.compile(r"(?:^|(?<=[，,]))(?:(?:兽医|医生|大夫)(?:说|讲))?说?是(?:得了)?(?P<ill>[\u4e00-\u9fff]{1,6}"
                        r"(?:炎|病|症|感冒|发烧|结石|过敏|骨折|癣|瘤|劳损|增生|突出|紊乱|失调))" + _END)


def _seen_by_doctor(text: str) -> str | None:
    """The diagnosis after a visit said as whose it is: the pet the turn opens with (它 read as it), a relative it
    opens with, or the speaker when it opens with a part of the body."""
    if not _SEEN.search(text) or not _DIAGNOSED.search(text):
        return None
    if (kin := _KIN_HEAD.match(text)) is not None:
        who, doctor, out = kin.group(0), "医生", text  # (带她去…: the clause's pronoun is read by zh_parts)
    elif (head := _PET_HEAD.match(text)) is not None and re.search(r"它(?!们)", text) and \
            not re.match(ZH_REL, head.group("pet")):
        who, doctor = head.group("pet"), "兽医"
        out = re.sub(r"它(?!们)", who, text)
    elif _BODY_HEAD.match(text) and not re.search(r"[他她它你]", text):
        who, doctor, out = "我", "医生", text
    else:
        return None
    return _DIAGNOSED.sub(lambda m: f"{doctor}说{who}得了{m.group('ill')}", out, count=1)


_ORG = r"[\u4e00-\u9fffA-Za-z0-9]{2,12}?"
_PAY = r"(?P<pay>[0-9一二两三四五六七八九十百千万点.]+(?:[wWkK]|块钱?|元)?)"
#: an offer with whose it is and its pay, the employer told after it (拿到offer了！远航物流，月薪一万八)
_OFFER = re.compile(rf"(?:我)?(?:拿到|收到)了?(?:offer|录用通知|录取通知)了?[！!，,。～~]*(?P<co>{_ORG})[，,](?:的)?"
                    rf"(?:月薪|薪资|工资|薪水)(?:是|给)?{_PAY}" + _END, re.I)
#: the first day at an employer (今天入职远航物流, 正式入职了XX)
_JOINED = re.compile(r"(?:^|(?<=[，,。！!]))我?(?P<when>今天|昨天|前天|刚|刚刚|正式|终于)(?:正式)?入职了?"
                     rf"(?P<co>{_ORG})(?:了|啦)?" + _END)
#: a rent told with its amount, in a turn about a flat (看了房, 租了, 一房一厅, 房子)
_RENT = re.compile(rf"(?:^|(?<=[，,]))(?:每个?月)?(?:月租|房租|租金)(?:是|要|才)?(?:每个?月|一个月)?{_PAY}" + _END)
_FLAT = re.compile(r"看了?房|看房|租了|新房子|房子|[一两二三]房一厅|[一两二三]室一?厅|单间|公寓")
#: a plan called off with no other told (中秋不去杭州了，人太多): the time, then the place
_CALLED_OFF = re.compile(r"^(?P<time>[^，,。！!？?我]{1,6}?)(?:就|也|都)?不去"
                         r"(?!看|吃|玩|买|做|打|逛|爬|跑|学|上|找|见|接|送|参加|旅|游|滑|钓)"  # (a doing: 不去爬山了)
                         r"(?P<place>[\u4e00-\u9fff]{2,6}?)了" + _END)
#: an activity called off, told first (代购不做了, 兼职不干了)
_STOPPED = re.compile(r"^(?P<what>代购|直播|家教|网店|外卖|跑腿|[\u4e00-\u9fff]{0,4}(?:副业|兼职|生意|工作室))"
                      r"(?:就|也)?不(?:做|干|搞|弄)了" + _END)


def _offer(text: str) -> str | None:
    m = _OFFER.search(text)
    if m is None:
        return None
    return text[:m.start()] + f"我拿到了{m.group('co')}的offer，我新月薪{m.group('pay')}" + text[m.end():]


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
    rest = text[m.end():]  # (the terms after it, 押一付二, a clause of their own: 我押一付二)
    rest = "。" + rest[1:] if rest[:1] in ("，", ",") else rest
    return text[:m.start()] + f"我现在房租一个月{m.group('pay')}" + rest


def _called_off(text: str) -> str | None:
    if re.search(r"改(?:去|成|到|为)|换(?:去|成)", text):
        return None  # 不去X了，改去Y: a plan changed (memcli.write.rules.zh_plan)
    if (m := _CALLED_OFF.match(text)) and "去" not in text[m.end():]:  # (…，我老婆想去Y: another plan told)
        return f"我{m.group('time')}去{m.group('place')}的计划取消了" + text[m.end():]
    if m := _STOPPED.match(text):
        return f"我不做{m.group('what')}了" + text[m.end():]
    return None


#: a kind of product a clause names (定投基金, 买了份保险), then a piece that only says which one was bought
_KIND_NAMED = re.compile(r"(?P<kind>基金|股票|保险|理财|债券|黄金)")
_WHICH_ONE = re.compile(r"(?:^|(?<=[，,]))(?:我)?(?:买|投|选|定投|挑)的(?:是)?(?P<v>[\u4e00-\u9fffA-Za-z0-9]{2,12})"
                        + _END)


def _which_one(text: str) -> str | None:
    m = _WHICH_ONE.search(text)
    kind = _KIND_NAMED.findall(text[:m.start()]) if m else []
    if m is None or not kind or _KIND_NAMED.search(m.group("v")):
        return None
    return text[:m.start()] + f"我买的{kind[-1]}是{m.group('v')}" + text[m.end():]


def news_told(text: str) -> str | None:
    """``text`` (a simplified Chinese user turn) with the news it tells in chat words read in the rules' shapes (the
    module doc), or None when it tells none of them."""
    out = text
    for f in (_together, _seen_by_doctor, _offer, _joined, _rent, _called_off, _which_one):
        out = f(out) or out
    return out if out != text else None


#: a person called by a bare name going to live or work in a place for a while (阿敏下个月要去上海进修半年, 小周明年调到
#: 武汉工作): the name, a time to come, then the move and what for
_MOVING = re.compile(r"^(?P<name>[\u4e00-\u9fff]{2,3}?)(?:下个?月|明年|年底|月底|年后|过完年|下半年|今年)?(?:底|初)?"
                     r"(?:就|也)?(?:要|会|准备|打算)?(?:去|到|调到|调去|搬到|搬去|派到|外派到?)"
                     r"(?P<place>[\u4e00-\u9fff]{2,4}?)(?:工作|进修|读书|读研|上学|定居|发展|生活|培训|学习|常驻)")


def person_moving(text: str) -> bool:
    """``text`` (a Chinese clause) tells that someone called by a bare name (阿敏, 小周, 李静: a doubled, 小/阿/老 or
    tagged name; not a relation word, not 我) goes to live, study or work in a place (the module doc)."""
    from memcli import slots
    from memcli.text import pos_tags

    m = _MOVING.match(text.strip())
    if m is None or (name := m.group("name")) in slots.ZH_RELATIONS or name[:1] in "我你他她它这那咱":
        return False
    if name[0] in "小阿老" or name[0] == name[1]:
        return True
    tags = pos_tags(name)
    return len(tags) == 1 and tags[0][1] in ("nr", "nrfg", "nrt")
