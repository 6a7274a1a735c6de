"""Whom a Chinese clause is about (:mod:`memcli.write.rules.zh`'s step 2): the clauses of one utterance share a
context (:class:`_Ctx`: the last subject, person and thing named); :func:`_subject` reads a clause's subject as
written and its predicate; :func:`_continues` says whether a clause without one continues the previous subject.
Split out of ``zh.py`` (round 36: it sat at the 450-line cap); the same functions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from memcli import slots
from memcli.org_names import org_or_place_zh
from memcli.rx import rx
from memcli.write.rules import zh_patterns, zh_words
from memcli.write.rules.zh_facts import _noun_phrase, _pos
from memcli.write.rules.zh_words import (
    _ADVERB,
    _ATTR_NOUN,
    _ATTR_NOUNS,
    _BAD_THING,
    _IMPRESSION,
    _NOT_CONTINUATION,
    _OPINION_PRED,
    _PERSON_NOUN,
    _QUANT_SUBJECT,
    _REL,
)


@dataclass
class _Ctx:
    """What the clauses of one utterance share: the last subject, person and thing named."""

    subject: tuple[str, str] | None = None  # (key, phrase as written)
    person: tuple[str, str] | None = None
    thing: tuple[str, str] | None = None
    carried: bool = False  # the last clause had no subject of its own
    clause: str = ""
    now: bool = False  # the sentence is about today (今天我去了…): its events and weak facts are passing
    last: str = ""  # the previous clause as written
    like: str = ""  # the like verb of the previous clause (比较喜欢), which a list of clauses after it shares
    first: bool = True  # the first clause of the utterance


#: what opens a predicate right after a name (a time of now, a change of job): jieba may take its first characters
#: into the name (小明现 / 在…, 小军改行 / 做…)
_AFTER_NAME = rx(r"现在|目前|如今|已经|改行|转行|跳槽|辞职|离职|不当|不做|不干")


def _subject(c: str, ctx: _Ctx) -> tuple[str, str, str] | None:
    """``(key, phrase, rest)``: whom the clause is about, as written, and the predicate."""
    m = zh_patterns.RX_SUBJECT_1.match(c)
    if m:  # 我现在的老板 / 我的新老板: a change told in new words is the same relation
        rels = rx(_REL).findall(m.group(2))
        key = ".".join(slots.ZH_RELATIONS[r] for r in rels)
        if m.group("best") and key in ("friend", "classmate"):
            key = "best_friend"  # 我最好的朋友 = 我闺蜜 / 死党: one person
        rest = c[m.end():]
        name = rx(r"^([\u4e00-\u9fff]{2,3}?)(?=的|是|在|叫|住|家住|家在|今年|也|很|特别|喜欢|对|有|每|经常|最|"
                  r"现在|目前|如今|养|做|干|开|当|教|搞|把|被|去年|刚|又|还|从|"  # (r. 46: 张伟养狗, 做装修, 去世了)
                  r"去世|过世|结婚|离婚|退休|毕业|搬|生了|"
                  r"已经|改行|转行|跳槽|辞职|离职|$)"
                  ).match(rest)  # (我邻居王阿姨，…: the name alone, whom the next clause is about — round 41)
        alone = name is not None and name.end() == len(rest)  # (我邻居王阿姨: a name alone, tagged whole — not 戴眼镜)
        named = name is not None and (
            _pos(name.group(1))[0][1] == "nr" and (not alone or _pos(rest) == [(rest, "nr")] and
                                                   _pos(rest[:1])[0][1][:1] not in "vdp") or
            rx(r"^[老小阿][\u4e00-\u9fff]$").match(name.group(1)) is not None or
            rx(r"^([\u4e00-\u9fff])\1$").match(name.group(1)) is not None and  # 我女儿朵朵: a doubled pet name (r. 43;
            _pos(name.group(1))[0][1] not in ("d", "t", "z", "m") or  # not 天天, 常常, 慢慢: an adverb or a time)
            alone and rx(r"^[\u4e00-\u9fff](?:阿姨|大爷|大妈|叔|姨)$").match(name.group(1)) is not None or
            place_named(name.group(1), rest[name.end():]))  # 我老公建国在邮局上班: 建国 ``ns`` (r. 44)
        if name and named and not rest.startswith(("的", "是")) and name.group(1) not in _ATTR_NOUNS:  # 我同事老王家住
            # 通州: the colleague is named (老王, 小陈 too) — not 我儿子小名叫豆豆: 小名 is the attribute
            if key.rsplit(".", 1)[-1] not in slots.PLURAL_RELATIONS:  # 我老公小明在医院当医生: the husband's job, his
                return key, c[:m.end() + name.end()], rest[name.end():]  # name in its words ("My husband Leo…", r. 43)
            return f"person:{name.group(1)}", c[:m.end() + name.end()], rest[name.end():]
        return key, c[:m.end()], rest
    m = zh_patterns.RX_SUBJECT_2.match(c)
    if m:
        key = slots.ZH_RELATIONS[m.group(2)]
        return key, "我" + m.group(1) + m.group(2), c[m.end():]
    m = zh_patterns.RX_SUBJECT_3.match(c)
    if m:
        return slots.ZH_RELATIONS[rx(_REL).search(m.group(0)).group(0)], m.group(0), c[m.end():]  # type: ignore[union-attr]
    m = rx(r"^我(?:们)?的?家(?=在)").match(c)  # 我家在上海 = 我住在上海: a place name or unit after 在 is the residence
    if m and (_pos(c[m.end() + 1:] or "的")[0][1] == "ns" or rx(r"[省市区县镇村路街]$").search(c[m.end() + 1:])):
        return slots.ME, m.group(0), "住" + c[m.end():]
    m = rx(r"^我(?:们)?家(?:的|里的|养的)?((?:小)?(?:狗狗|狗|猫咪|猫|兔子|仓鼠|鹦鹉|金鱼|乌龟|宝宝|柯基|泰迪|金毛|哈士奇|布偶|橘猫|车|房子))"  # noqa: E501
                 r"(?=名字|的名字|叫|今年|已经|是|很|特别)").match(c)
    if m:  # 我(们)家狗狗名字叫豆豆: the pet (or the household's thing) is the subject, and the one
        # the next subjectless clause carries (…，是一只柯基，三岁了), not the household
        return f"thing:{m.group(1)}", m.group(0), rx(r"^的?名字(?=叫|是)").sub("", c[m.end():])
    m = rx(r"^我们(?:的)?家(?:里)?").match(c)
    if m:
        return slots.ME, m.group(0), c[m.end():]  # the household is the user's
    m = rx(r"^我们(?:的)?(公司|部门|团队|小区|学校|单位|班|组|楼|医院|店)").match(c)
    if m:
        return f"thing:{m.group(1)}", m.group(0), c[m.end():]
    m = rx(r"^我们(?:家)?(?=(?:也|还|又)?(?:养|有|住|租|买了|领养))").match(c)
    if m:
        return slots.ME, "我们", c[m.end():]  # 我们养了一只兔子: the household is the user's
    m = rx(r"^(?:我家|家里)(?:里)?(?=(?:也|还|又)?(?:养|有|住|在))").match(c)
    if m:  # 我家还有一只猫: the household's, so the user's
        return slots.ME, "我家", c[m.end():]
    if pair := pair_subject(c):  # 我和我老婆住在杭州: the user is one of the pair, the home is the user's (round 41)
        return slots.ME, pair.group(0), c[pair.end():]
    m = rx(r"^我(?!们)").match(c)
    if m:
        rest = c[1:]
        # 我住的那个小区叫世纪花园: a demonstrative (那个/这家…) before the noun still names the user's thing
        th = rx(r"^(?:的|[^，的]{0,5}[^，的真好是目确别]的)(?:[那这][个家只条所座栋间辆位]?)?"
                      r"([\u4e00-\u9fffA-Za-z]{1,8}?)"
                      r"(?=是|很|真|太|挺|特别|非常|超|叫|有点|不|穿|用|坏|买|已经|在|今年|"
                      r"[\d一二两三四五六七八九十]{1,3}周?岁)").match(rest)  # 我的猫六岁了: the pet's age
        if th and th.group(1) not in _ATTR_NOUNS and not rx(_ATTR_NOUN).match(th.group(1)) \
                and _pos(rest[:4])[0][1] not in ("d", "c") \
                and all(f[:1] == "n" or f in ("eng", "j", "vn") for _, f in _pos(th.group(1))) \
                and not rx(r"(?:喜欢|爱|讨厌|最)的?$").search(rest[:th.start(1)]):
            return f"thing:{th.group(1)}", c[:th.end() + 1], rest[th.end():]
        return slots.ME, "我", zh_words.NOW_BEFORE.sub("", rest)
    m = zh_patterns.RX_SUBJECT_4.match(c)
    if m and not rx(r"^(?:朋友圈|老师说|医生说)").match(c):  # 新领导, 楼下的邻居刘叔: a relation with its modifier
        name = rx(r"^([\u4e00-\u9fff]{2,3}?)(?=人|是|在|叫|住|今年|也|很|特别|喜欢|对|有|每|经常)").match(c[m.end():])
        if name and (_pos(name.group(1))[0][1] == "nr" or rx(r"^[老小阿].|.[叔姨哥姐]$").match(name.group(1))):
            return f"person:{name.group(1)}", c[:m.end() + name.end()], c[m.end() + name.end():]
        return slots.ZH_RELATIONS[m.group(1)], c[:m.end()], c[m.end():]
    if (nick := zh_words.NICKNAME.match(c)) and nick.group(1) not in zh_words.NOT_NICKNAME:  # 豆豆今年六岁
        return f"person:{nick.group(1)}", nick.group(1), c[nick.end():]
    if c[:1] in "她他" and not c.startswith(("他们", "她们")):
        if not ctx.person or not slots.gender_fits(ctx.person[0], c[0] == "她"):
            return None
        if ctx.person[1].startswith("我") and (again := _subject(ctx.person[1] + c[1:], _Ctx())):
            return again  # 她老公是四川人 → 我妹妹老公…: a relation of the person
        return ctx.person[0], ctx.person[1], c[1:]
    if c[:1] == "它" and not c.startswith("它们"):
        return (ctx.thing[0], ctx.thing[1], c[1:]) if ctx.thing else None
    m = zh_patterns.RX_SUBJECT_5.match(c)
    if m and m.end() > 1:
        toks = _pos(c[m.end():m.end() + 12])
        head, n = "", 0
        for w, f in toks:
            if f.startswith(("n", "eng", "j")) or (w == "的" and head):
                head += w
                n += len(w)
                continue
            break
        noun = head.rsplit("的", 1)[-1]
        if noun and not _BAD_THING.match(noun):
            return f"thing:{noun}", c[:m.end() + n], c[m.end() + n:]
        return None
    m = rx(r"^((?:[老小阿][\u4e00-\u9fffA-Za-z]{1,3}?|[\u4e00-\u9fff]{1,2}(?:老师|阿姨|叔叔|师傅|医生|经理|总|姐|哥|大爷|奶奶)))"  # noqa: E501
                 r"(?=是|在|叫|住|今年|也|很|特别|人|做|教|每|经常|跟|和|从|已经|刚|的|"
                 + _AFTER_NAME.pattern + ")").match(c)
    not_name = rx(r"^(?:老是|老家|小时|小区|老实|小心|阿姨)").match(m.group(1)) if m else None
    if m and m.group(1) not in slots.ZH_RELATIONS and m.group(1) not in _ATTR_NOUNS and not not_name and \
            m.group(1)[0] not in "但就也还都总又才却而并可每各我你":  # (小名叫… names the attribute, not a 小X)
        return f"person:{m.group(1)}", m.group(1), c[m.end():]
    m = zh_patterns.RX_SUBJECT_6.match(c)
    if m and _pos(m.group(1)) == [(m.group(1), "nr")] and m.group(1) not in slots.ZH_RELATIONS:
        return f"person:{m.group(1)}", m.group(1), c[m.end() - 1:]  # 李建华的老家在…: a named person's attribute
    if ctx.person and ctx.subject == ctx.person and zh_words.PERSON_TRAIT.match(c):  # 我儿子…，成绩还不错: his
        return ctx.person[0], ctx.person[1], c
    toks = _pos(c[:8])
    if place := bool(toks and place_named(toks[0][0], c[len(toks[0][0]):], changed=True)):
        toks[0] = (toks[0][0], "nr")  # 建国现在改行做厨师了, 子豪跳槽去了…: a name whose job changed (r. 44)
    if toks and toks[0][1] == "nr" and len(toks[0][0]) >= 3 and (cut := name_overrun(toks[0][0], c)):
        toks[0] = (toks[0][0][:cut], "nr")  # 小明现在…, 小军改行…: jieba took the next word's first characters
    np = _noun_phrase(c)
    if np and not place and not (toks and toks[0][1] == "nr" and len(toks[0][0]) >= 2 and np[0] == toks[0][0]):
        noun, n = np
        if not _IMPRESSION.match(c[n:]) and (_OPINION_PRED.match(c[n:]) or any(
                f.startswith("a") for _, f in _pos(c[n:n + 10])[:3])):
            return f"thing:{noun}", c[:n], c[n:]
        return None
    if toks and toks[0][1] == "nr" and len(toks[0][0]) >= 2 and org_or_place_zh(toks[0][0], c):
        return f"thing:{toks[0][0]}", toks[0][0], c[len(toks[0][0]):]  # 华为搬到了东莞: a brand, no one (round 46)
    if toks and toks[0][1] == "nr" and len(toks[0][0]) >= 2 and toks[0][0] not in slots.ZH_RELATIONS and \
            toks[0][0][0] not in "但就也还都总又才却而并可每各" and toks[0][0][-1] not in "里中上内外" and \
            not c[len(toks[0][0]):].startswith(("你", "您")):  # 但总是…, 小说里…; 谢谢你… addresses, names no one  # noqa: E501
        return f"person:{toks[0][0]}", toks[0][0], c[len(toks[0][0]):]
    return None


#: 我和/跟(我)(的) + a relation (+ 一起/俩/两口子) before what a household shares: a home, a pet, a thing had or bought
_PAIR = rx(rf"^我(?:和|跟|与|同)(?:我的?)?(?P<rel>{_REL})(?:一起|俩|两个人?|两口子)?"
           r"(?=(?:都|也|还|现在|目前|一直|已经|早就|刚)*(?:住|搬|定居|生活在|养|有|买了|租|在(?!一起)|是(?=[\u4e00-\u9fff]{2,6}人$)))")


def pair_subject(c: str) -> re.Match[str] | None:
    """The pair that opens ``c`` when it holds the user and a relative (我和我老婆, 我跟我女朋友) and the predicate
    is one a household shares (住在, 搬到, 养了, 有, 租了, 在…): its ``rel`` group is the relative's word. As
    "my wife and I live in …" is read (:mod:`memcli.write.rules.en_we`)."""
    return _PAIR.match(c)


def _continues(c: str, me: bool = False) -> bool:
    """A clause without a subject continues the previous subject only when it starts with a
    predicate (在一家咖啡店工作, 是建筑师, 特别能吃辣, 基本不碰米饭), not with a connective, a
    quantified subject or a noun (但还有很多工作要做, 以便…, 每个地方都有…, 夏天到了); a noun of a
    person's own (人还挺好的) continues a person, and never the user with another noun (画面非常震撼)."""
    if _NOT_CONTINUATION.match(c) or _QUANT_SUBJECT.match(c):
        return False
    toks = _pos(c[:8])
    if not toks or toks[0][0] in ("但", "而", "和") or toks[0][0][:1] in "它他她这那你":
        return False
    if toks[0][1][:1] in ("v", "d", "a", "p", "m", "c", "r", "t", "i", "l") or toks[0][0] in ("最近", "平时", "以前"):
        return True
    if _PERSON_NOUN.match(c) and len(toks) > 1 and toks[1][1][:1] == "p":
        return True  # 大学在武汉读的: the person's own attribute, then where
    if me and not _PERSON_NOUN.match(c):  # 基本不碰米饭 (基本 read as a noun) still continues
        bare = _pos(_ADVERB.sub("", c)[:8])
        return bool(bare) and bare[0][1][:1] in ("v", "d", "a", "p", "i", "l") and _ADVERB.match(c) is not None
    return toks[0][1][:1] == "n" and len(toks) > 1 and toks[1][1][:1] in ("d", "a", "v")


#: what a place never does and a person does right after their name: changes a job (建国改行 / 跳槽 / 辞职…)
_CHANGED_JOB = rx(r"^(?:现在|目前|如今|已经)?(?:改行|转行|跳槽|辞职|离职|不当|不干)")
#: …or, after a relation word naming one person, is, works or is called (我老公建国在… / 是… / 叫…)
_AFTER_ONE = rx(r"^(?:现在|目前|如今|已经)?(?:改行|转行|跳槽|辞职|离职|不当|不干|在|是|叫|今年)")


def place_named(word: str, after: str, changed: bool = False) -> bool:
    """Whether ``word``, two characters jieba reads as one name or place (建国 ``ns``, 志强 ``nrfg``, 子豪 ``nr``),
    is a person's name by what follows it (``after``): with ``changed``, a change of job (建国现在改行做厨师了,
    子豪跳槽去了…: a place never changes jobs, and 子豪跳槽 is no noun phrase); else, right after a relation word
    naming one person, 在 / 是 / 叫 / 今年
    (我老公建国在邮局上班; 我老公北京人 stays a place). Never a place's closing word (…州, …市)."""
    tags = _pos(word)
    if len(word) != 2 or len(tags) != 1 or tags[0][1] not in ("ns", "nr", "nrfg"):
        return False
    if tags[0][1] == "ns" and rx(r"[省市县区镇村乡州岛京海江河湖山]$").search(word):
        return False
    if changed:
        return bool(_CHANGED_JOB.match(after))
    return tags[0][1] != "nr" and bool(_AFTER_ONE.match(after))  # (nr: the rules' own test)


def name_overrun(name: str, c: str) -> int | None:
    """How many characters of ``name`` (a jieba ``nr`` token of three or more opening ``c``) are the name, when its
    tail is the start of the word after it (小明现 in 小明现在改行… → 2; 小军改行 in 小军改行做… → 2); None when the
    token ends where the name does (王建华在…)."""
    for k in range(2, len(name)):
        if (m := _AFTER_NAME.match(c, k)) and m.end() >= len(name):
            return k
    return None


def apposed_name(phrase: str) -> str | None:
    """The name a subject phrase gives beside a relation word that names one person (我老公小明 → 小明, 我妈王秀英 →
    王秀英: :func:`_subject` keeps the relation's key and the name in the phrase, round 43), or None (我老公, 我同事
    老李: a colleague named is ``person:老李``)."""
    m = zh_patterns.RX_SUBJECT_1.match(phrase)
    rest = phrase[m.end():] if m else ""
    return rest if 2 <= len(rest) <= 3 and rx(r"[\u4e00-\u9fff]+").fullmatch(rest) else None


#: a recurring time said before the subject (每周三我…, 周末我儿子…, 每天早上我妈…): when a habit is done
_RECURRING_LEAD = rx(r"^(?:每个?(?:周|星期|礼拜)[一二三四五六日天末]|每个?周末|周末|双休日?|每天|每晚|每早)"
                     r"(?:的)?(?:早上|上午|中午|下午|晚上)?[，,]?(?=我)")


def recurring_first(c: str) -> str:
    """``c`` with a recurring time said before its subject put after it (每周三我儿子去上钢琴课 →
    我儿子每周三去上钢琴课, 每周三我去练瑜伽 → 我每周三去练瑜伽: round 43), so the subject is read as whose habit it
    is; else ``c`` as given."""
    lead = _RECURRING_LEAD.match(c)
    if lead is None:
        return c
    sub = _subject(c[lead.end():], _Ctx())
    if sub is None or sub[0].startswith("thing:") or not sub[2] or not c[lead.end():].endswith(sub[2]) or \
            rx(r"^(?:[都也还就]|一直|特别|很|最|比较)*(?:喜欢|爱|讨厌|不喜欢)").match(sub[2]):
        return c  # (周末我喜欢在阳台上种花: a liking, its time read as the topic it is)
    return sub[1] + lead.group(0).rstrip("，,") + sub[2]
