"""Chinese predicate rules: a clause's predicate → (slot, kind, value) facts about its subject.

Used by :mod:`memcli.write.rules.zh`; the vocabulary is :mod:`memcli.write.rules.zh_words`.
"""

from __future__ import annotations

import re

from memcli import slots
from memcli.rx import rx
from memcli.write.rules.job_left import employer_alone, employer_named
from memcli.write.rules.job_moved import zh_moved_to, zh_occupation
from memcli.write.rules.job_verbs import zh_detailed_job, zh_field_job, zh_job_verb
from memcli.write.rules.match import counts_spelled
from memcli.write.rules.match import slot_fact as _fact
from memcli.write.rules.rented import zh_rented_place
from memcli.write.rules.spots import is_department, is_spot
from memcli.write.rules.zh_lists import counted_head, counted_item, named_members, owned_list
from memcli.write.rules.zh_words import (
    _ADVERB,
    _ATTR_NOUN,
    _ATTR_NOUNS,
    _BAD_THING,
    _CLF,
    _EDUCATION,
    _EMOTION,
    _HABIT,
    _IMPRESSION,
    _JOB_WHEN,
    _LIFE_EVENT,
    _MENTAL,
    _NOT_FACT,
    _NOT_OCCUPATION,
    _NOT_PLACE,
    _NUM,
    _OCCUPATION,
    _OPINION,
    _OPINION_PRED,
    _SPLIT_OBJ,
    _TAIL,
    _VAGUE,
    HABIT_PRONOUN_OBJECT,
)


def _role_at(w: str) -> re.Match[str] | None:
    """``在<place>当/做/担任<role>``, cut at the role verb whose role is an occupation (在一家做游戏的公司当产品经理:
    the 做 inside the place's own words is not the job's verb); the first cut when none is."""
    first = re.match(r"^在(.+?)(?:当|做|担任)(.+)$", w)
    if first is not None and re.fullmatch(r"[学练试忙]", first.group(1)):
        return None  # 在学做面包 / 在学做菜: 在 + learning, trying, busy is doing it now, no place (jieba's tags
        # will not do: 学 is a noun before 做菜, 超市 a verb in 在超市当收银员)
    if first is None or _OCCUPATION.search(first.group(2)):
        return first
    for k in (m.start() for m in re.finditer(r"当|做|担任", w) if m.start() > first.start(2)):
        if (m := re.match(rf"^在(.{{{k - 1}}})(?:当|做|担任)(.+)$", w)) and _OCCUPATION.search(m.group(2)):
            return m
    return first

def _pos_cached(text: str) -> tuple[tuple[str, str], ...]:
    from memcli.text import pos_tags

    return pos_tags(text)  # one cache for the rules and the pair features (jieba cuts a text once)


def _pos(text: str) -> list[tuple[str, str]]:
    """jieba.posseg (word, flag) pairs of ``text``, cached: the rules ask for the same short spans often."""
    return list(_pos_cached(text))


def _clean_value(v: str) -> str | None:
    """A value phrase cleaned (leading 是/在/才…, trailing 的/了/左右); None when empty or a pronoun."""
    v = re.sub(r"(?<=[\u4e00-\u9fff])的(?=[一二两三四五六七八九十几]?[家个所间座])", "", v)  # 杭州的一家银行 → 杭州一家银行  # noqa: E501
    return _clean_value_(v)


def _clean_value_(v: str) -> str | None:
    v = re.sub(r"^(?:是|在|叫|为|有|才|只有|大概|差不多|大约|将近|快|already|了)+", "", v.strip(" ：:，,"))
    v = _TAIL.sub("", re.sub(r"(?:的|了|左右|而已|吧|呢)+$", "", v)).strip()
    if not v or len(v) > 24 or re.match(r"^(?:你|您|他|她|它|这|那|什么|谁|哪)", v):
        return None
    return v


def _generic(key: str, rest: str, ago: tuple[str, int] | None = None) -> list[tuple[str, str, str]]:
    """Any other declarative predicate about a person of the user's life (我外婆今年都九十二了,
    我上班通勤单程要一个小时): a fact with a generic slot keyed by its head word."""
    q = _TAIL.sub("", _ADVERB.sub("", rest)).strip()
    if ago and not _LIFE_EVENT.search(q) and not _HABIT.search(q):
        return []  # 昨天我又跑步了: a dated ordinary action is a day's event
    if not q or len(q) > 40 or _EMOTION.match(q) or _NOT_FACT.match(q) or re.search(r"(?:吗|呢|吧)$", rest) or \
            _MENTAL.match(q) or _one_off(q) or _VAGUE.search(q) or re.search(r"[你您]", q) or \
            (key == slots.ME and rest.startswith("的")) or re.match(r"^在.{1,12}(?:中|里|上|方面|期间|之中)$", q) or \
            re.search(r"(?:(?<!小)时|时候|之后|之前|以后|的话)$", q) or re.match(r"^有(?:些|一些|点)?.{0,2}(?:时间|空)|^是?有(?:一些|一点|些|点)", q):  # noqa: E501
        return []  # a thought, a one-off, nothing named, the conversation itself, 我的X not understood, a bare 在…中
    toks = _pos(q)
    head = next((w for w, f in toks if f.startswith("v") and w not in ("是", "有", "在", "要", "会", "能")), None) or \
        next((w for w, f in toks if f.startswith(("n", "m", "a", "eng", "nz", "t"))), None)
    return [_fact(key, "fact", head, "other")] if head else []


#: a thing that is a number (车牌号, 工号, 会员号, 学号, 身份证号码, 订单编号): what it "is" is its value, no brand
_NUMBERED = re.compile(r"(?:号|号码|编号|代码|账号)$")
_DURATION = re.compile(r"^(?:快|将近|差不多|大概|都|已经|整整|足足|近)?(?:\d+|[一二两三四五六七八九十几半]+)多?个?(?:年|月|天|周|星期|小时|岁|次)")  # noqa: E501


def _one_off(q: str) -> bool:
    """An ordinary action done once (看了一部电影, 处理了一些工作上的事情, 出去散步后写了一段文字):
    a verb with the perfective 了 and an object, no life change (生了个女儿, 开了一家店), no habit
    marker and no duration (在成都待了快十年了, 学了三年钢琴). Such a clause is a day's event, not a memory."""
    if _LIFE_EVENT.search(q) or _HABIT.search(q):
        return False
    toks = _pos(q)
    for i, (_, f) in enumerate(toks[:-2]):
        if f.startswith("v") and toks[i + 1][0] == "了":
            return not _DURATION.match("".join(x for x, _ in toks[i + 2:]))
    return False


def _objects(v: str) -> list[str]:
    v = re.sub(r"(?<=.)等等?[\u4e00-\u9fff]{0,4}$", "", v)  # AC/DC、枪与玫瑰等摇滚乐队 → the named ones
    if re.match(r"^(?:在|去|到|跟|和|与|对|给)", v):
        return [v]  # 喜欢在海滩、山脉和湖泊附近拍摄: one activity, its places are not objects
    parts = [p for p in _SPLIT_OBJ.split(v) if p]
    if len(parts) > 1 and "的" in parts[-1] and all(_pos(p) == [(p, "a")] or _pos(p)[0][1] == "a" and len(p) <= 3 for p in parts[:-1]):  # noqa: E501
        return [v]  # 晴朗、温暖的天气: modifiers of one thing
    if len(parts) > 1 and ("、" in v or all(len(p) <= 4 for p in parts)) and "一起" not in v:
        return parts
    return [v]


#: a degree complement said alone after a liking verb (烦死了, 爱死了, 讨厌极了): how strongly, of nothing named
_DEGREE_ONLY = re.compile(r"(?:死|坏|透|疯|极)(?:了|啦|掉了)?[啊呀啦哦～~！!。]*")


def _predicate(key: str, p: str, raw: str) -> list[tuple[str, str, str]]:  # noqa: C901 - one table of rules
    """The facts a predicate states about subject ``key``: [(slot, kind, value)]."""
    q = _ADVERB.sub("", p)
    thing = key.startswith("thing:")
    m = _RX_PREDICATE_1.match(q)
    after = _pos(q[q.index(m.group(1)):]) if m else []
    named = m is not None and _ATTR_NOUNS[m.group(1)] in ("name", "nickname") and q[m.end(1):m.end(1) + 1] in "叫是"
    if m and not named and (after[0][0] != m.group(1) or len(after) > 1 and after[1][1] == "n"):  # 工作日, 工作内容
        m = None  # (not 工作; 小名叫豆豆, which jieba cuts 小 / 名叫, names the nickname: round 47)
    if m and rx(r"^(?:上|方面)(?:出|遇|有|碰)").match(m.group(2)):  # 工作上出了问题: a topic, not a value
        m = None
    if m and not thing:
        attr = _ATTR_NOUNS[m.group(1)]
        v = _clean_value(_ADVERB.sub("", m.group(2)))
        if v and not rx(r"^(?:很|太|挺|特别|非常|比较|不|好|忙|累|顺利|怎么样|还行|一般)").match(v):
            if attr in ("like",):
                return [_fact(key, "like", o) for o in _objects(v)]
            return [_fact(key, attr, v)]
        return []
    if key == slots.ME and rx(r"^(?:吃素|是素食(?:者|主义者)|只吃素|不吃肉|是(?:一个|个)?素食)").match(q):
        return [_fact(key, "diet", "素食")]
    m = rx(r"^(?:改名(?:字)?(?:叫|为)?|名叫|叫做|叫|姓)(.+)$").match(q)
    if m and not rx(r"^(?:我|你|他|她|了|不|着|起来|醒|人|车|外卖)").match(m.group(1)):
        v = _clean_value(m.group(1))
        return [_fact(key, "name", v)] if v else []
    if not thing and (v := zh_rented_place(q)) and (v := _clean_value(v)):  # 在杭州租了个房子: lives there (r. 40)
        return [_fact(key, "residence", v)]
    m = rx(r"^(?:从.{1,10}?)?(?:住在|住|家在|生活在|定居在?|搬到了?|搬去了?|搬家到了?|搬回了?|搬回到了?)(.+?)(?:住|生活|去了|来了)?$").match(q)  # noqa: E501
    if m and not thing:
        v = _clean_value(m.group(1))
        if v and not rx(r"^(?:院|校|不|得|的|一起|着|过|了|宿舍$)").match(v):  # (搬到了三楼 / 市场部: a spot, a team
            return [] if "搬" in q[:m.start(1)] and is_spot(v) else [_fact(key, "residence", v)]  # no home: r. 41)
    m = rx(r"^在(.+?)(?:住|生活|定居)$").match(q)
    if m:
        v = _clean_value(m.group(1))
        return [_fact(key, "residence", v)] if v else []
    m = rx(r"^在(.+?)(上学|读书|念书|读大学|上大学|读研|读博|上高中|上初中|上小学|读高中|读初中|上幼儿园)$").match(q)
    if m:
        v = _clean_value(m.group(1))
        return [_fact(key, "school", v)] if v else []
    m = rx(r"^(?:现在|目前)?在(.+?(?:幼儿园|小学|中学|初中|高中|学校))(?:上学|读书|念书)?了?$").match(q)
    if m and key != slots.ME and not thing:  # 我儿子在阳光幼儿园: a child's school, with or without 上学
        v = _clean_value(m.group(1))
        return [_fact(key, "school", v)] if v else []
    if not thing and (m := rx(r"^(?:已经|早就)?不(?:当|做|干)(.{1,8}?)了$").match(q)) and zh_occupation(m.group(1)):
        return [_fact(key, "event", f"不当{m.group(1)}", "other")]  # 不当医生了: the job left (r. 44), no 医生 fact
    if not thing and (job := zh_job_verb(q)):  # 在高中教数学, 开出租车: the job its verb tells
        return [_fact(key, "job", job)]
    if not thing and (org := employer_alone(q)) and (v := _clean_value(org)):
        return [_fact(key, "workplace", v)]  # 我在一家咨询公司: an employer's kind after 一家 is a workplace (r. 43)
    go = _RX_GO_WORK.match(q)  # 下个月开始去一家公司做顾问, 到律所上班: the job taken up, from a date or now
    w = ("在" if go and go.group(1) else "") + q[go.end():] if go else q
    m = rx(r"^在(.+?)(?:工作|上班|任职|就职|供职|实习|打工|入职)(?:了)?$").match(w) or \
        _role_at(w)
    job_told = m is not None and m.lastindex == 2 and bool(_OCCUPATION.search(m.group(2)))
    if m and go and go.group(1) and not job_told and (
            m.lastindex == 2 or rx(r"(?:公司|单位|学校|医院|店里|厂里|办公室)").fullmatch(m.group(1))):
        m = None  # 去公园做运动, 去公司上班: going somewhere to do a thing is no job; 去学校当老师 is one
    tags = [f for _, f in _pos(m.group(1))] if m else []  # 在热衷于做… is no place; 字节/跳动 (n + vn) is a name
    if m and not thing and (tags[-1][:1] in ("n", "s", "f", "j", "e", "x") or tags[-1] == "vn" and tags[0][:1] == "n" or
                            rx(r"^(?:一|这)(?:家|所)").match(m.group(1)) or  # (去)一家律所(当律师): a place of work
                            not (go and go.group(1)) and employer_named(m.group(1)) or  # 在律所 / 拼多多上班 (r. 44)
                            len(m.group(1)) <= 6 and (job_told or go and rx(  # 在超市当收银员, 去超市上班 (超市 a verb)
                                r"(?:超市|商场|药店|公司|工厂|银行|餐厅|酒店|饭店)$").search(m.group(1)))):
        v = _clean_value(m.group(1))
        if m.lastindex == 2 and (j := _clean_value(m.group(2))) and _OCCUPATION.search(j):
            return [_fact(key, "job", j)]  # 在医院当护士: the job is the attribute, the place its detail
        attr = "department" if is_department(m.group(1)) else "workplace"  # 在市场部上班: inside the employer (r. 42)
        return [_fact(key, attr, v)] if v and not rx(r"^(?:家|线上|网上)$").match(v) else []
    m = _EDUCATION.match(rx(r"^(?:正在|在)?读(?=博士|硕士|研究生|本科)").sub("", q))  # 在读博士 = 博士
    if m and not thing:
        return [_fact(key, "education", m.group(1))]
    m = rx(r"^(?:本科|硕士|研究生|博士)(?:是在|在)(.+?)(?:读|念|上)的?$").match(q) or \
        rx(r"^(?:本科|硕士|研究生|博士)毕业于(.+)$").match(q) or rx(r"^是学(.{1,8}?)的$").match(q) or \
        rx(r"^在(.+?(?:读|念|攻读).*?(?:博士|硕士|研究生|本科))$").match(q)  # 在北大读物理硕士
    if m and not thing and (v := _clean_value(m.group(1))):
        return [_fact(key, "education", v)]
    m = rx(r"^是?(A|B|AB|O|a|b|ab|o)型血?$").match(q)
    if m:  # 我是O型血 = 我的血型是O型
        return [_fact(key, "blood_type", m.group(1).upper() + "型")]
    m = rx(r"^(?:毕业于|是)(.+?)毕业的?$").match(q) or rx(r"^毕业于(.+)$").match(q) or \
        rx(r"^(?:学的是|读的是|学的|读的|念的是)(.+?)(?:专业)?$").match(q)
    if m:
        v = _clean_value(m.group(1))
        return [_fact(key, "education", v)] if v else []
    m = rx(r"^(?:来自|老家在|出生在|出生于|生在|祖籍)(.+)$").match(q) or rx(r"^在(.+?)(?:长大|出生)的?$").match(q) or \
        rx(r"^是(.{1,8}?)人$").match(q)
    if m and not thing:
        v = _clean_value(m.group(1))
        if v and not _NOT_PLACE.search(v) and not rx(
                r"^(?:一|个|那种|这种|很|特别|挺|有些|有点|太|真|比较|非常|累|烦|吓|气|急)").match(m.group(1)):
            return [_fact(key, "hometown", v)]
        if q.startswith("是"):
            return []
    m = rx(r"^是?(.{2,12}?(?:月|号|日|年))(?:出生|生)的?$").match(q)
    if m and not thing:
        return [_fact(key, "birthday", m.group(1))]
    m = _RX_PREDICATE_2.match(q)
    if m:  # a pet's age too (我的猫六岁了 = thing:猫.age, as "My cat is six years old" = thing:cat.age)
        return [_fact(key, "age", f"{m.group(1)}岁")]
    m = _RX_PREDICATE_3.match(q)
    if m and not thing:
        return [_fact(key, "height", m.group(1))]
    m = _RX_PREDICATE_4.match(q)
    if m and not thing:
        return [_fact(key, "weight", m.group(1))]
    m = rx(r"^(?:对)?(?:一(?:吃|碰|喝|闻到?|接触)|吃了?|碰了?)?(.+?)(?:就|会|都|也|并)?(?:不|没有?|从不|从来不|从来没有?)?(?:有点|有些|特别|非常|严重|很)?过敏$").match(q)  # noqa: E501
    # a "no" (对花生不过敏) stays in the statement, not in the value: the same slot as 对花生过敏
    if m:
        v = _clean_value(rx(r"^对").sub("", m.group(1)))
        if v and not v.startswith(("不", "没")):  # 对花生和芒果过敏: each its own allergy (round 41)
            return [_fact(key, "allergy", o, "health") for o in (_objects(v) if len(v) <= 12 else [v])]
    m = rx(r"(咖啡|奶茶|红茶|绿茶|茶).*?(?:加|放)了?.{0,3}?(糖|牛奶|奶|冰|盐|蜂蜜)").search(q)
    if m and key == slots.ME:
        terms = {"咖啡": "coffee", "茶": "tea", "奶茶": "milk_tea", "红茶": "tea", "绿茶": "tea", "糖": "sugar",
                 "奶": "milk", "牛奶": "milk", "冰": "ice", "盐": "salt", "蜂蜜": "honey"}
        return [(f"{terms[m.group(1)]}.{terms[m.group(2)]}", "preference", "")]
    m = rx(r"^(?:的)?最(?:喜欢|爱)的(.{1,6}?)是(.+)$").match(p.strip()) or rx(r"^(?:的)?最(?:喜欢|爱)的(.{1,6}?)是(.+)$").match(q)  # noqa: E501
    if m and (v := _clean_value(m.group(2))):
        slot, kind, _ = _fact(key, "favourite", v)
        return [(f"{slot}.{m.group(1)}" if not slot.endswith(m.group(1)) else slot, "preference", v)]
    q = _reversed_like(q)  # 不再喜欢 / 不想再吃…了 / 吃腻了…: the liking ends, as 不喜欢…了 says
    if (m := rx(r"^(?:很少|极少|少)(?:再)?(吃|喝|抽|碰)(.+?)了$").match(q)) and not thing and (v := _clean_value(m[2])):
        return [_fact(key, "like", v)]  # 我很少喝咖啡了: less than before, a liking in decline (its "no": match, r. 41)
    m = rx(r"^(?:不太|不怎么|不|从不|从来不|没那么|一点都不|一点也不|并不|也不)?(?:喜欢|爱上了|爱上|迷上了|迷上|爱|热爱|喜爱|偏爱|偏好|迷)"  # noqa: E501
                 r"(?:上了|上)?(?:吃|喝|看|听|玩|做|去|逛|打|弹|养|穿|用|读|画|唱|跳|踢|骑|拍)?(.+)$").match(q) or \
        rx(r"^(?:不太|不)?(?:讨厌|厌恶|受不了|烦|害怕|怕|恨|反感)(?:吃|喝|看|听|玩|做|去)?(.+)$").match(q) or \
        rx(r"^(?:从来不|从不|不再|不太能|不怎么能|不太|不怎么|不大|不|没|戒了|戒掉了)(吃|喝|抽|碰)(.+)$").match(q)
    if m and not thing and not _DEGREE_ONLY.fullmatch(m.group(m.lastindex or 1)):  # 烦死了: a reaction, no object
        raw_v = m.group(m.lastindex or 1)
        head = q[:m.start(m.lastindex or 1)]
        if head[-1:] in "吃喝看听玩做去逛打弹养穿用读画唱跳踢骑拍" and _pos(head[-1] + raw_v)[0][0] != head[-1]:
            raw_v = head[-1] + raw_v  # 喜欢拍摄风景: 拍摄 is one word, not 拍 + 摄风景
        v = _clean_value(raw_v)
        if v and not rx(r"^(?:自己|的|上|不|了|着|这样|那样|一个人|有人|别人|说|跟|和你|让|使|被|里面的|其中的|它的|他的|她的|这里的|那里的)").match(v):  # noqa: E501
            return [_fact(key, "like", o, None) for o in (_objects(raw_v) if rx(r"^(?:在|去|到|跟|和|与|给)").match(raw_v)  # noqa: E501
                                                           else _objects(v)) if o]
    m = rx(r"^对(.{1,12}?)(?:也|都|很|特别|非常|比较|挺|超|一直|越来越|更)*(?:感兴趣|有兴趣|着迷|上瘾)了?$").match(q)
    if m and not thing and (v := _clean_value(m.group(1))):
        return [_fact(key, "like", o) for o in _objects(v) if o]
    m = _RX_PREDICATE_5.match(counts_spelled(q, True))  # 养了一对猫 is 养了2只猫: the thing owned is the 猫
    if m and not thing and not rx(r"^有(?:点|些|时|空|事|意思|必要|道理|问题|办法|关系|可能|机会|人|一点|的|过|没有|所|趣|用|效|"  # noqa: E501
                                        r"帮助|启发|收获|意义|兴趣|名|钱|精神|信心|压力|经验)").match(q):  # 有趣 is no 趣 owned  # noqa: E501
        v = _clean_value(m.group(2))
        if v and len(items := [p for p in _SPLIT_OBJ.split(v) if p]) > 1 and (listed := owned_list(key, q, items)):
            return listed  # 我养了一只猫和两只狗: each pet its own fact (round 41)
        if v and v in slots.ZH_RELATIONS:
            return [(slots.join_slot(key, f"has.{slots.ZH_RELATIONS[v]}"),
                     "relationship", v)]
        if v and len(v) <= 8:
            return [_fact(key, "owns", v, "other")]
    if not thing and (field := zh_field_job(q, _pos)):  # 是搞财务的: the job told by its field
        return [_fact(key, "job", field)]
    m = rx(r"^(?:是|当|做|担任|干|从事)(?:了)?(?:一名|一个|一位|个|名|位)?(.+?)(?:工作|行业)?(?:的)?$").match(q)
    if m and not thing:
        v = _clean_value(m.group(1))
        if v and (_OCCUPATION.search(v) and not _NOT_OCCUPATION.search(v) or
                  zh_detailed_job(v, _OCCUPATION, _NOT_OCCUPATION)):  # 是做前端开发的工程师: the job, its work told
            return [_fact(key, "job", v)]
    if thing and (op := _OPINION_PRED.match(rx(r"^是(?=真|很|挺|特别|非常|太|超|蛮|相当|比较)").sub("", q))) and \
            not _IMPRESSION.match(q):  # 京东的物流是真的快: an opinion, not what it is
        return [_fact(key, "opinion", _OPINION.search(op.group(0)).group(0), "preference")]  # type: ignore[union-attr]
    m = rx(r"^是(?:一名|一个|一位|个|名|位|一只|只|条)?(.+)$").match(q)
    if m:
        v = _clean_value(m.group(1))
        if v and not rx(r"^(?:说|觉得|想|不是|因为|为了|要|在|有|没|会|能|对|关于|由于)").match(m.group(1)):
            if not key.startswith(("thing:", "person:")) and 2 <= len(v) <= 3 and _pos(v) == [(v, "nr")]:
                return [_fact(key, "name", v)]  # 我是陆琳, 我弟弟是小明: a person's name is the user's, the relative's
            if thing and (_NUMBERED.search(key) or rx(r"\d").search(v)):
                return [_fact(key, "which", v, "other")]  # 我的车牌号是沪A12345 / 工号是A1023: a number, no brand
            if thing:
                return [_fact(key, "brand", v, "preference")]
            return [_fact(key, "is", v, "identity")]
    m = rx(r"^([\u4e00-\u9fff]{0,4}?[\u4e00-\u9fff])的是(?:一[辆台部只个条款双件])?(.+)$").match(q)
    if m and (v := _clean_value(m.group(2))):  # 我开的是丰田 / 手机用的是华为 / 研究生读的是同济: one value at a time
        return [(("" if key == slots.ME else key + ".") + f"which.{m.group(1)}",
                 "other" if key in (slots.ME,) or thing else "relationship", v)]
    m = rx(r"^叫(.{1,8})$").match(q)
    if m and thing and (v := _clean_value(m.group(1))):
        return [_fact(key, "name", v, "other")]
    if _HABIT.search(raw) and not thing and not _MENTAL.match(q) and not rx(r"[你您]").search(q) \
            and not HABIT_PRONOUN_OBJECT.search(q):  # 我老是忘记它: no activity stated
        act = [w for w, f in _pos(_HABIT.sub("", q)) if f.startswith(("n", "v", "eng")) and len(w) > 1]
        if act:
            return [_fact(key, "habit", act[-1], "habit")]
    if thing or key.startswith("person:") or key != slots.ME:
        op = _OPINION_PRED.match(q)
        if thing and op and not _IMPRESSION.match(q) and not rx(r"(?:吗|呢)$").search(q):
            word = _OPINION.search(op.group(0))
            return [_fact(key, "opinion", word.group(0) if word else op.group(0), "preference")]
    return []


def _event(key: str, q: str, ago: tuple[str, int] | None) -> list[tuple[str, str, str]]:
    """A past event of the user's life (昨天领养了一只狗, 去年我结婚了): dated, or a life event; no passing state."""
    if key.startswith("thing:") or not re.search(r"了|过", q) or _MENTAL.match(q):
        return []
    m = _LIFE_EVENT.search(q)
    if not m:
        return []
    if (place := zh_moved_to(q)) is not None:  # 去年跳槽到了美团: the workplace since then, dated (round 42)
        return [_fact(key, "workplace", place)]
    if not (toks := [w for w, f in _pos(q) if f.startswith(("v", "n", "eng", "j"))]):
        return []
    verb = (m.group(0) if m else toks[0]).rstrip("了")
    return [_fact(key, "event", verb + (toks[-1] if toks[-1] != verb else ""), "other")]


def _elaborates(clause: str) -> bool:
    """A subject-less clause that only qualifies the fact before it (哈尔滨的, 一儿一女,
    吃一点都不行, 干了五年了) rather than stating a new one (人还挺好的, 没有电梯)."""
    if re.search(r"就|一点|一滴|一口|年了|月了|同一天", clause):
        return True
    return not any(f.startswith(("v", "a")) for _, f in _pos(clause))


#: a part ending on a verb of liking or keeping and its object (我爱吃饺子, 我养了一只猫): short noun parts after it
#: list more
_LIST_HEAD = re.compile(r"(?:喜欢|爱|讨厌|养了?)(?:吃|喝|看|听|玩)?[^，,、的]{1,6}$")


def _parts(sent: str) -> list[str]:
    """The comma parts of a sentence, a list that commas cut joined again (我还会瑜伽，写作，旅游和摄影等等
    → 我还会瑜伽、写作、旅游和摄影等等): a run of parts of only nouns (or one verbal noun) that ends
    in a list's end (和, 以及, 等) continues the list before it; 哈尔滨的 or 建筑学专业 alone does not."""
    parts = re.split(r"[，,]", sent)

    def item(p: str) -> bool:
        if not 0 < len(p.strip()) <= 8:
            return False
        toks = _pos(p.strip())
        return (all(f[:1] in ("n", "c", "u") or f == "vn" for _, f in toks) or (
            len(toks) == 1 and toks[0][1] == "v" and len(p.strip()) == 2))

    out: list[str] = []
    i = 0
    while i < len(parts):
        if out and (people := named_members(out[-1], parts[i])):  # 我有两个同事，小李和小王: people (round 45)
            out += people
            i += 1
            continue
        j = i
        while out and j < len(parts) and (item(parts[j]) or counted_head(out[-1]) and counted_item(parts[j])):
            j += 1  # (我养了一只猫，两只乌龟: a counted list, round 42)
        if j > i and (re.search(r"和|以及|还有|等|或者?", parts[j - 1]) or (_LIST_HEAD.search(out[-1]) or counted_head(
                out[-1])) and not any("的" in p for p in parts[i:j])):  # 我爱吃饺子，馄饨: a list (round 41)
            out[-1] = "、".join([out[-1], *(p.strip() for p in parts[i:j])])
            i = j
            continue
        out.append(parts[i])
        i += 1
    return out


def _noun_phrase(c: str) -> tuple[str, int] | None:
    """A leading noun phrase that names a thing (楼下那家兰州拉面, 海底捞的服务, 《三体》电视剧):
    (head noun, length), or None."""
    m = re.match(r"^《[^》]{1,20}》", c)
    n, head = (m.end(), m.group(0)) if m else (0, "")
    for w, f in _pos(c[n:n + 20]):
        if f.startswith(("n", "eng", "j", "nz")) or w in ("的", "那家", "这家", "那个", "这个", "这款", "那款") \
                or (f == "f" and not head):
            if w == "的" and not head:
                break
            head = w if f.startswith(("n", "eng", "j", "nz")) else head
            n += len(w)
            continue
        break
    c2 = c[:n].rstrip("的")
    if not head or head in slots.ZH_RELATIONS or _BAD_THING.match(head) or len(c2) < 2:
        return None
    return head, len(c2)


# the f-string patterns above compiled once (built per call, each cost ~5 µs in re's cache lookup)
_RX_PREDICATE_1 = re.compile(rf"^的?({_ATTR_NOUN})(?:是|在|叫|有|为|[:：])?(.+)$")
_RX_PREDICATE_2 = re.compile(rf"^(?:今年|已经)?({_NUM})(?:周)?岁(?:了|半)?$")
_RX_PREDICATE_3 = re.compile(rf"^(?:身高)?((?:[一1]米{_NUM}?|\d\.\d+米|\d{{3}}(?:厘米|cm|公分)))$")
_RX_PREDICATE_4 = re.compile(rf"^(?:体重)?(?:有)?({_NUM}(?:斤|公斤|kg|千克))$")
#: a job taken up: (下个月/下周/明年)(开始/起)(就/要)去/到/进/在 + the place and the work, read as 在 + the rest
_RX_GO_WORK = re.compile(rf"^(?:(?:从)?{_JOB_WHEN})?(?:开始|起)?(?:就|要|会|将)?"
                         r"((?:去|到|进)了?)?(?=.{2,}(?:工作|上班|任职|就职|入职|当|做|担任))")
_RX_PREDICATE_5 = re.compile(rf"^(?:有|养了?|买了|领养了?|收养了?|捡了|添了)({_NUM})?{_CLF}?(.+)$")


#: a liking said to be over: 不再喜欢…, 不想(再)吃…了 (with 了: 今天不想吃辣的 is one day's), 吃腻了…
_REVERSED = re.compile(r"^(?:再也|已经|真的|早就|都|也|就)*(?:(?:不再|再也不)(?:喜欢|爱)|(?:不想再?|再也不想|不再想)"
                       r"(?=[吃喝看听玩碰用穿].+了$)|(?=[吃喝看听玩用穿]腻了))([吃喝看听玩碰用穿]?)(?:腻了)?(.+?)了?$")


def _reversed_like(q: str) -> str:
    """``q`` said as 不喜欢… when it says a liking is over (:data:`_REVERSED`), else as given."""
    m = _REVERSED.match(q)
    return f"不喜欢{m.group(1)}{m.group(2)}" if m else q
