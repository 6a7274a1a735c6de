"""A Chinese short reply read with the assistant's question it answers (:mod:`memcli.write.reply_to`).

The question — 你 (after lead words and time adverbs: 那, 平时, 现在 …) + a predicate, asked with 吗/呢, an A-not-A
verb (喝不喝, 有没有, 喜不喜欢) or a question word (哪儿/哪里/哪个/什么/谁/几+量词/多少/多大/多久/什么时候) — is
turned to the user's side (你 → 我) and the reply's first phrase read into it:

- **吗 / A-not-A**: a yes (是, 对, 嗯, 当然, or the question's verb said again: 喝, 会, 有) gives the clause; a no
  (不/没/从不 + the verb: 不喝, 没有, 没去过) puts the negation before that verb in the clause
  (你平时喝咖啡吗 + 不喝 → 我平时不喝咖啡); A-not-A takes the side said (有没有 + 没有 → 没有). A no is read only when
  the question asks about the user (你 + a verb; not 你妈/你家/你的…); a number (两个, 三只) is a yes with its count.
- **question word**: the phrase takes its place (你在哪儿上班 + 在一家银行 → 我在一家银行上班; 你养了几只猫 + 两只 →
  我养了两只猫), the words it repeats of the question said once.

The rest of the reply follows after a comma, as said (…，做柜员). Nothing for a question holding 我 (the assistant
itself, an offer: 要我帮你…吗), a suggestion or request (要不要/能不能/可不可以…), a question about the talk (你觉得,
你知道, 你记得 …), a dodge (不好说, 不知道, 看情况 …), a reply of the wrong kind, a question back, or a reply that is a
clause of its own (我每天都喝: read as said). Text is read in simplified characters. Pure functions over text.
"""

from __future__ import annotations

import re

__all__ = ["zh_reply"]

_LEAD = re.compile(r"^(?:那么?|对了|顺便问一下|顺便问下|请问|另外|还有|所以|好的|好)[，,、\s]*")
_TIME = r"(?:平时|平常|现在|最近|目前|一般|通常|周末|今年|去年|小时候|以前|之前|每天|晚上|早上)?"
_Q = re.compile(r"^(?P<pre>" + _TIME + r")你(?!们)(?P<body>.+)$")
_END = re.compile(r"(?:[吗嘛呢呀啊吧]|(?<![什怎那这])么)?[？?。!！~～\s]*$")
#: the assistant itself, a third person (他/她: someone's data in the predicate), an offer or request, or the talk
#: itself: never the user's fact
_NOT_ABOUT_USER = re.compile(r"[我咱他她它]|要不要|想不想|需不需要|能不能|可不可以|愿不愿意|用不用|帮|提醒|设置|记住|"
                             r"^(?:觉得|认为|是说|知道|记得|确定|同意|明白|看|说)")
_AB = re.compile(r"(.)(不|没)\1")  # 喝不喝, 有没有, 喜不喜(欢)
_WH = re.compile(r"哪儿|哪里|哪个|哪家|哪一?年|哪座|什么时候|什么|几[个只岁年月号点口次位套辆条本]?|"
                 r"多少[个只钱岁年次]?|多大|多久|多长时间|谁")
_FILL = re.compile(r"^(?:哈+|呵+|嘿+|嗯+|呃+|啊+|哦+|额+|这个)[，,。!！~～\s]*")
_DODGE = re.compile(r"你猜|^(?:不好说|不知道|不一定|说不准|说不好|不清楚|难说|看情况|再说|还没想好|没想好|保密|"
                    r"秘密|随便|不记得|忘了|差不多吧|也许|可能吧|还行吧|(?:哈|呵|嘿)+$)")
#: how often, said for a yes: put before the predicate (你跑步吗 + 偶尔 → 我偶尔跑步)
_OFTEN = re.compile(r"^(?:偶尔|经常|常常|每天|天天|有时候?|很少|一直|基本上?|几乎每天)")
_YES = re.compile(r"^(?:是的?|对的?|对啊|嗯+|没错|当然了?|是啊|有的?|会的?|要的?|可以|好的?|行)$")
_NEG = re.compile(r"^(?:还没有?|从来不|从来没有?|从没有?|从不|根本不|一点也不|不太|很少|不|没有|没)")
_NUM = re.compile(r"^[一二两三四五六七八九十百千几半\d]")
#: what follows 你 when the question is about someone or something of the user's (a relation, the home, 你的…)
_OF_USER = re.compile(r"^(?:的|家|爸|妈|老|哥|姐|弟|妹|儿|女|孩|朋友|同事|室友|爷|奶|外公|外婆|先生|太太|丈夫|妻子|"
                      r"男朋友|女朋友|对象|公司|领导)")
_CUT = re.compile(r"[，,。.！!；;、~～\s]+")


def _first(reply: str) -> tuple[str, str]:
    m = _CUT.search(reply)
    return (reply[:m.start()], reply[m.end():].strip()) if m else (reply, "")


def _with_rest(clause: str, rest: str) -> str:
    rest = rest.rstrip("。.！!~～")
    return f"{clause}，{rest}" if rest else clause


def _negated(decl: str, said: str, about_user: bool) -> str | None:
    """``decl`` with the negation of ``said`` (不喝, 没有, 没去过, 不是) before the verb it names."""
    if not about_user:
        return None
    m = _NEG.match(said)
    neg, verb = m.group(0), said[m.end():].rstrip("了过的啊呀")
    if neg in ("没有", "从来没有", "从没有") and not verb:
        neg, verb = neg[:-1], "有"
    body = decl[1:]
    if verb:
        for k in (2, 1):
            if len(verb) >= k and (i := body.find(verb[:k])) >= 0:
                return "我" + body[:i] + neg + body[i:]
    if "没" in neg and (i := body.find("过")) >= 1:  # 你去过日本吗 + 没有 → 我没去过日本
        return "我" + body[:i - 1] + "没" + body[i - 1:]
    if "没" in neg and body.endswith("了") and 1 < len(body) <= 5:  # 你结婚了吗 + 还没 → 我还没结婚
        return "我" + neg + body[:-1]
    return None


def zh_reply(reply: str, question: str) -> str | None:
    """``reply`` read as a statement with ``question``'s clause (both simplified Chinese; ``question``: one
    sentence), or None when the pair is not a question about the user and its short answer."""
    q = _LEAD.sub("", question.strip())
    ended = bool(re.search(r"[吗嘛呢][？?。!！\s]*$", q)) or bool(re.search(r"[？?]\s*$", q))
    q = _END.sub("", q)
    r = _FILL.sub("", reply.strip())
    if not ended or not (m := _Q.match(q)) or _NOT_ABOUT_USER.search(m.group("body")):
        return None
    body = m.group("body").replace("你", "我")
    decl = "我" + m.group("pre") + body if not m.group("pre") else m.group("pre") + "我" + body
    decl = "我" + decl[1:] if decl.startswith("我") else decl
    about_user = not _OF_USER.match(m.group("body"))
    first, rest = _first(r)
    first = first.strip()
    if not first or _DODGE.match(first) or re.search(r"[吗嘛呢？?]$", first) or r.rstrip().endswith(("？", "?")):
        return None
    if first.startswith("我") and len(first) > 4:  # 我每天都喝: a clause of its own
        return None
    said = first[1:] if first.startswith("我") else first
    if (i := decl.find("还是")) > 0:  # 你房子是买的还是租的 + 租的: the option the reply names, the other dropped
        left, right = decl[:i], decl[i + 2:]
        if said and right.startswith(said):  # the left option: as long as the right when they end alike (买的/租的),
            head = len(m.group("pre")) + 1  # else the whole predicate (自己做饭 / 点外卖)
            cut = len(left) - len(right) if left[-1] == right[-1] and len(left) - len(right) >= head else head
            return _with_rest(left[:cut] + right, rest)
        if said and left.endswith(said):
            return _with_rest(left, rest)
        return None
    if (w := _WH.search(decl)) is not None:
        if _YES.match(said) or _NEG.match(said) and not _NUM.match(said):
            return None
        wh = w.group(0)
        if wh[0] in "几多" and wh not in ("多大", "多久", "多长时间") and not _NUM.match(said):
            return None
        value = said
        if wh[0] == "几" and len(wh) == 2 and not re.search(r"[^一二两三四五六七八九十百千半\d]", value):
            value += wh[1]  # 几只 + 两 → 两只
        if wh == "多大" and re.fullmatch(r"[一二两三四五六七八九十百\d]+", value):
            value += "岁"
        start, end = w.start(), w.end()
        for k in (2, 1):  # 在哪儿 + 在一家银行: 在 said once
            if start >= k and value.startswith(decl[start - k:start]):
                start -= k
                break
        after = decl[end:]
        if wh in ("哪个", "哪家", "哪座") and len(after) <= 3:  # 住在哪个城市 + 杭州: the answer names the place
            end, after = len(decl), ""
        for k in (2, 1):  # 是哪里的 + 成都的
            if len(after) >= k and value.endswith(after[:k]) and len(value) > k:
                value = value[:-k]
                break
        if re.search(r"[做干]$", decl[:start]) and wh == "什么" and re.match(r"^(?:工作|的)?$", after):
            # 你做什么工作 / 你是做什么的 + 护士 → 我是护士; 你老公做什么的 + 厨师 → 我老公是厨师 (his, not the user's)
            subj = re.sub(r"是?[做干]$", "", decl[:start])
            return _with_rest(subj + "是" + value, rest)
        if after and value.endswith("的") and len(value) > 1:  # 你是哪里人 + 湖南的 → 我是湖南人
            value = value[:-1]
        return _with_rest(decl[:start] + value + decl[end:], rest)
    if (ab := _AB.search(decl)) is not None:  # 你喝不喝咖啡 / 你有没有孩子
        if _NEG.match(said):
            if not about_user:
                return None
            return _with_rest(decl[:ab.start()] + ab.group(2) + ab.group(1) + decl[ab.end():], rest)
        if _YES.match(said) or said.startswith(ab.group(1)) or _NUM.match(said):
            c = decl[:ab.start()] + ab.group(1) + decl[ab.end():]
            return _with_rest(c, r if _NUM.match(said) else rest)
        return None
    if _NEG.match(said):
        c = _negated(decl, said, about_user)
        return _with_rest(c, rest) if c else None
    if _YES.match(said):
        return _with_rest(decl, rest)
    if said[:1] and said[:1] in decl[1:] and "你" not in said:  # the question's verb said again (会, 去过两次)
        if len(said) > 4:  # a predicate of its own (喜欢看别人运动): the user's clause, with its subject
            return _with_rest("我" + said, rest)
        return _with_rest(decl, r if len(said) > 2 else rest)
    if (o := _OFTEN.match(said)) is not None:
        head = len(m.group("pre")) + 1
        return _with_rest(decl[:head] + o.group(0) + decl[head:], r if len(said) > len(o.group(0)) else rest)
    if _NUM.match(said):  # 你有孩子吗 + 两个，一儿一女
        return _with_rest(decl, r)
    return None
