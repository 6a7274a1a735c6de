"""Chinese clause rules: an utterance → clauses → (subject, attribute, value) facts.

1. **Clauses.** Sentences split at 。！？；, clauses at ，, and at conjunctions (而且, 但是,
   不过, 然后…). Questions (？, 吗/呢, 什么/怎么/哪/谁…), hypotheticals and wishes (如果,
   要是, 希望, 想要, 打算…), plans (明天, 下周, 以后…: memory is not a calendar) and clauses
   addressed to the assistant (你…) give nothing.
2. **Subject** (the vocabulary is :mod:`memcli.slots`): 我 → the user; 我(的)+relation
   (我小姨, 我老婆的哥哥) → a relation key; a person's name (jieba.posseg ``nr``: 赵敏) →
   ``person:赵敏``; 我的X / 我平时穿的X / 这双X → a thing ``thing:X``; 她/他/它 → the last
   person or thing named in the utterance; no subject → the previous clause's. Topic-first
   clauses (川菜我一点都不喜欢) are read with the topic as the object.
3. **Attribute** from the predicate: an attribute noun (生日, 身高, 老家, 电话…) or a
   predicate (叫, 住在, 在…上班, 是+occupation, 喜欢/讨厌, 过敏, 养/有…), else a habit marker
   (每天, 经常…), an opinion of a named thing (很舒服, 不太透气 → a preference about it), or a
   past event (昨天领养了…, 上个月去了日本). Anything else is not a memory.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from memcli import slots
from memcli.write.rules.match import Match, cn_to_int

__all__ = ["extract_matches", "is_question", "match_clause", "prepare", "subject_of"]

_REL = "|".join(sorted(map(re.escape, slots.ZH_RELATIONS), key=len, reverse=True))
_ATTR_NOUNS = {w: a.name for a in slots.ATTRIBUTES.values() for w in a.zh_nouns}
_ATTR_NOUN = "|".join(sorted(_ATTR_NOUNS, key=len, reverse=True))

_SENTENCE = re.compile(r"[^。！!？?；;\n…]+[。！!？?；;…]*")
_CONJ = re.compile(r"(?<=.)(?:而且|并且|但是|可是|不过|然后|所以|因为|同时|另外|以及)")
_FILLER = re.compile(r"^(?:嗯+|啊+|哦+|噢+|哈+|呵+|对了|其实|话说|说真的|老实说|说实话|顺便说一下|顺便说|顺便提一下|告诉你|跟你说|"  # noqa: E501
                     r"我跟你说|你知道吗|你知道|另外|还有|而且|但是|可是|不过|然后|所以|因为|同时|就是|只是|并且|以及|就|也就是说|"
                     r"和|跟|说起来|对|是的|没错|好吧|好的|嗯嗯)[，,、\s]*")
_TAIL = re.compile(r"[啊呀呢哦哈嘛吧啦～~\s。！!？?；;，,…]+$")
_QUESTION = re.compile(r"[?？]\s*$|[吗呢么]\s*[。.!！~～]*$|什么|怎么|为什么|为啥|哪|谁|几点|几个|多少|是不是|有没有|能不能|可不可以|"  # noqa: E501
                       r"要不要|会不会|好不好|对不对|行不行|如何|咋")
_IRREALIS = re.compile(r"如果|要是|假如|假设|万一|希望|但愿|想要|打算|准备|计划|梦想|愿望|想去|想买|想学|想吃|想喝|想做|想当|想找|"  # noqa: E501
                       r"将要|将来|以后|未来|可能会|也许|或许|应该|得去|要去|会去|考虑|说不定|明天|后天|下周|下星期|下礼拜|下个?月|"
                       r"明年|过几天|待会|一会儿|等会|马上要|即将")
_ADDRESSEE = re.compile(r"^(?:你|您|咱们|大家|他们|她们)")
_EMOTION = re.compile(r"^(?:很|好|太|真|挺|特别|非常|有点|有些|超|超级|蛮|比较|还|也|都|就|又|更|最|是|不|没|真的)*(?:开心|高兴|快乐|"  # noqa: E501
                      r"难过|伤心|累|困|饿|渴|烦|无聊|紧张|兴奋|激动|郁闷|生气|担心|感动|失望|满意|好|不错|还行|一般|忙|闲|舒服|"
                      r"难受|期待|抱歉|幸福|放松|纠结|焦虑|崩溃|懵|晕|冷|热|明白|清楚|同意|赞同|理解|放心|知道|确定|想|愿意|"
                      r"可以|行|对|是的|没事|没问题|在|来了|回来了|到了|走了|欣慰|温暖|受启发|有收获|感激|感恩|惊喜|开心极了|"
                      r"好看|好玩|有趣|不容易|难|辛苦|幸运|骄傲|自豪|充实|满足|感动|失落|沮丧|烦躁|疲惫|压力大|心累)(?:了|啊|呀|的|死了|极了|一点|呢|吧)*$")
_NOT_FACT = re.compile(r"^(?:感到|感觉到|感受到|推荐|帮我|帮忙|给我|请|麻烦|告诉我|觉得|感觉|认为|想|知道|不知道|记得|忘了|明白|懂|以为|猜|相信|同意|谢谢|感谢|说|问|听说|看到|发现|担心|"  # noqa: E501
                       r"害怕自己|怕自己|希望|正在|在想|需要|可以|能|要|会|得|该|刚|好|挺|很|太|有点|真|超级?累|好累)")
_TRANSIENT = re.compile(r"吃完|刚吃|吃过饭|到家了|下班了|起床了|洗完澡|今天|今晚|今早|刚才|刚刚|此刻|这会儿|这几天|昨晚|现在有点|好累|太累|累了|饿了|困了|烦死")  # noqa: E501
_AGO = re.compile(r"(大前天|上上周|上周[一二三四五六日天末]|上个?星期[一二三四五六日天]|这周[一二三四五六日]|本周[一二三四五六日]|"  # noqa: E501
                  r"今年(?:[一二三四五六七八九十]{1,2}月|\d{1,2}月|年初|年底|上半年|下半年)?|前天|昨天|昨晚|上周|上星期|上个星期|上礼拜|上个礼拜|上个月|上月|去年|前年|"
                  r"(?:(\d+|[一二两三四五六七八九十]+)(?:个)?(天|周|星期|月|年)(?:前|以前)))")
_AGO_FIXED = {"大前天": ("day", 3), "上上周": ("week", 2), "前天": ("day", 2), "昨天": ("day", 1), "昨晚": ("day", 1), "上周": ("week", 1), "上星期": ("week", 1),  # noqa: E501
              "上个星期": ("week", 1), "上礼拜": ("week", 1), "上个礼拜": ("week", 1), "上个月": ("month", 1),
              "上月": ("month", 1), "去年": ("year", 1), "前年": ("year", 2)}
_UNITS = {"天": "day", "周": "week", "星期": "week", "月": "month", "年": "year"}
_HABIT = re.compile(r"每天|每周|每晚|每早|每个?周末|每年|每个?月|每次|经常|常常|总是|通常|一般都?|习惯|平时|天天|偶尔|一直都|老是|隔三差五")  # noqa: E501
_ADVERB = re.compile(r"^(?:现在|目前|一直|已经|其实|真的|确实|本来|平时|也|还|都|才|就|只|大概|差不多|好像|可|又|从小|从小就|从来都?|"  # noqa: E501
                     r"一点都|一点也|根本|特别|非常|很|超|最|挺|比较|更|真|好|蛮|相当|有点|比较|原来|终于|刚)+")
_NUM = r"(?:\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百几]+)"
_CLF = r"(?:只|条|个|辆|台|套|位|匹|头|部|栋|间|本|架|把|双|件|家|款|张|盆|缸|条)"
_OCCUPATION = re.compile(r"^[^的\d月号日年，]{0,8}(?:医生|护士|老师|教师|律师|程序员|会计|司机|厨师|老板|经理|记者|作家|演员|歌手|警察|军人|公务员|主播|设计师|"  # noqa: E501
                         r"工程师|销售|快递员|外卖员|保安|农民|学生|研究生|博士生|大学生|中学生|小学生|博士后|教授|讲师|画家|翻译|"
                         r"模特|导游|店长|店员|服务员|建筑师|科学家|研究员|编辑|编剧|导演|摄影师|产品经理|运营|客服|HR|全职妈妈|"
                         r"家庭主妇|自由职业者?|公司职员|白领|创业者|个体户|退休教师|师|员|工|匠|官|长|手|家|生|警|医)$")
_NOT_OCCUPATION = re.compile(r"(?:出生|素食者|爱好者|粉丝|迷|独生子|独生女|左撇子|夜猫子|吃货|路痴|好人|坏人|人|者们|新手|小白|老手|一家|"  # noqa: E501
                             r"东家|专家|赢家|大家|人家|玩家|行家|买家|卖家|回家|在家|管家|我家|娘家|老家|亲家|冤家|生生|先生|学长|兄长|家长)$")
_EDUCATION = re.compile(r"^(?:是|读到了?|只读到了?|读完了?|念到了?|只有|拿到了?|有)?(博士|硕士|研究生|本科|大专|专科|高中|初中|小学|中专|"  # noqa: E501
                        r"职高|技校|MBA|博士后)(?:学历|毕业|生|文凭|学位)?(?:毕业)?(?:的|了)?$")
_PLACE_SUFFIX = re.compile(r"(?:省|市|县|区|镇|村|乡|州|岛|国|城)$")
_NOT_PLACE = re.compile(r"(?:好|坏|年轻|成年|中年|老年|男|女|一个|个|病|客|外地|本地|穷|有钱|普通|大|小|新|老|家里|农村|城里|"  # noqa: E501
                        r"这样的|那样的|内向的|外向的|的)$")
_OPINION = re.compile(r"(?:好吃|难吃|好看|难看|好用|难用|好听|难听|好喝|难喝|舒服|不舒服|方便|便宜|贵|透气|耐穿|耐用|结实|推荐|不错|"  # noqa: E501
                      r"一般|失望|满意|喜欢|好玩|无聊|有意思|精彩|感人|划算|值|实惠|干净|脏|吵|安静|热情|专业|新鲜|地道|正宗|"
                      r"清淡|咸|辣|甜|油腻|合身|好穿|轻|重|快|慢|卡|流畅|清晰|漂亮|可爱|丑|大|小|硬|软|暖和|凉快|好)")
_BAD_THING = re.compile(r"^(?:味道|工作|天气|时候|事|事情|样|问题|时间|建议|主意|想法|回答|话|个|么|样子|点|些|种|次|会|边|里|儿|感觉|心情|"  # noqa: E501
                        r"日子|生活|世界|社会|工作|今天|明天|昨天|周末|东西)$")
_SPLIT_OBJ = re.compile(r"、|，|和|跟|与|以及|还有")


@dataclass
class _Ctx:
    """What the clauses of one utterance share: the last subject, person and thing named."""

    subject: tuple[str, str] | None = None  # (key, phrase as written)
    person: tuple[str, str] | None = None
    thing: tuple[str, str] | None = None
    carried: bool = False  # the last clause had no subject of its own
    clause: str = ""


def _pos(text: str) -> list[tuple[str, str]]:
    from memcli.text import _jieba

    _jieba()
    import jieba.posseg

    return [(w.word, w.flag) for w in jieba.posseg.cut(text)]


def prepare(text: str) -> str:
    """One clause ready to match: fillers and trailing particles/punctuation removed."""
    t = text.strip()
    while True:
        u = _FILLER.sub("", t, count=1)
        if u == t:
            break
        t = u
    return _TAIL.sub("", t).strip()


def is_question(clause: str) -> bool:
    """A question, not a statement (？, …吗/呢, 什么/怎么/哪/谁…)."""
    return bool(_QUESTION.search(clause))


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


def _ago_of(clause: str) -> tuple[tuple[str, int] | None, str]:
    m = _AGO.search(clause)
    if not m:
        return None, clause
    word = m.group(1)
    if word in _AGO_FIXED:
        ago = _AGO_FIXED[word]
    elif word.startswith(("上周", "上星期", "上个星期")):
        ago = ("week", 1)
    elif word.startswith(("这周", "本周", "今年")):
        return None, clause
    else:
        n = int(m.group(2)) if m.group(2).isdigit() else (cn_to_int(m.group(2)) or 1)
        ago = (_UNITS[m.group(3)], n)
    rest = (clause[:m.start()] + clause[m.end():]).strip("，, ")
    return ago, re.sub(r"^(?:的时候|时)", "", rest)


def _subject(c: str, ctx: _Ctx) -> tuple[str, str, str] | None:
    """``(key, phrase, rest)``: whom the clause is about, as written, and the predicate."""
    m = re.match(rf"^我(?!们)的?((?:{_REL})(?:的?(?:{_REL}))?)", c)
    if m:
        rels = re.findall(_REL, m.group(1))
        key = ".".join(slots.ZH_RELATIONS[r] for r in rels)
        rest = c[m.end():]
        name = re.match(r"^([\u4e00-\u9fff]{2,3}?)(?=的|是|在|叫|住|今年|也|很|特别|喜欢|对|有|每|经常|最)", rest)
        if name and _pos(name.group(1))[0][1] == "nr" and not rest.startswith(("的", "是")):
            return f"person:{name.group(1)}", c[:m.end() + name.end()], rest[name.end():]
        return key, c[:m.end()], rest
    m = re.match(rf"^我(?:有|认识)(?:一)?个([\u4e00-\u9fff]{{0,4}}?)({_REL})(?=在|叫|是|住|已经|刚|今年|从|特别|很|非常|也|还|嫁|娶|开|做|当)", c)  # noqa: E501
    if m:
        key = slots.ZH_RELATIONS[m.group(2)]
        return key, "我" + m.group(1) + m.group(2), c[m.end():]
    m = re.match(rf"^我们(?:的)?(?:{_REL})", c)
    if m:
        return slots.ZH_RELATIONS[re.search(_REL, m.group(0)).group(0)], m.group(0), c[m.end():]  # type: ignore[union-attr]
    m = re.match(r"^我们(?:的)?家(?:里)?", c)
    if m:
        return slots.ME, m.group(0), c[m.end():]  # the household is the user's
    m = re.match(r"^我们(?:的)?(公司|部门|团队|小区|学校|单位|班|组|楼|医院|店)", c)
    if m:
        return f"thing:{m.group(1)}", m.group(0), c[m.end():]
    m = re.match(r"^我家(?:里)?(?=养|有|住|在)", c)
    if m:
        return slots.ME, "我家", c[m.end():]
    m = re.match(r"^我(?!们)", c)
    if m:
        rest = c[1:]
        th = re.match(r"^(?:的|[^，的]{0,5}[^，的真好是目确别]的)([\u4e00-\u9fffA-Za-z]{1,8}?)"
                      r"(?=是|很|真|太|挺|特别|非常|超|叫|有点|不|穿|用|坏|买|已经|在)", rest)
        if th and th.group(1) not in _ATTR_NOUNS and not re.match(_ATTR_NOUN, th.group(1)) \
                and not re.search(r"(?:喜欢|爱|讨厌|最)的?$", rest[:th.start(1)]):
            return f"thing:{th.group(1)}", c[:th.end() + 1], rest[th.end():]
        return slots.ME, "我", rest
    m = re.match(rf"^({_REL})(?!们)", c)
    if m and not re.match(r"^(?:朋友圈|老师说|医生说)", c):
        return slots.ZH_RELATIONS[m.group(1)], m.group(1), c[m.end():]
    if c[:1] in "她他" and not c.startswith(("他们", "她们")):
        return (ctx.person[0], ctx.person[1], c[1:]) if ctx.person else None
    if c[:1] == "它" and not c.startswith("它们"):
        return (ctx.thing[0], ctx.thing[1], c[1:]) if ctx.thing else None
    m = re.match(rf"^(?:这|那)(?:一)?(?:{_CLF}|部|首|种|杯|碗|顿|支|所|座|份|款)?", c)
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
    m = re.match(r"^((?:[老小阿][\u4e00-\u9fffA-Za-z]{1,3}?|[\u4e00-\u9fff]{1,2}(?:老师|阿姨|叔叔|师傅|医生|经理|总|姐|哥|大爷|奶奶)))"  # noqa: E501
                 r"(?=是|在|叫|住|今年|也|很|特别|人|做|教|每|经常|跟|和|从|已经|刚|的)", c)
    if m and m.group(1) not in slots.ZH_RELATIONS and not re.match(r"^(?:老是|老家|小时|小区|老实|小心|阿姨)", m.group(1)):  # noqa: E501
        return f"person:{m.group(1)}", m.group(1), c[m.end():]
    toks = _pos(c[:8])
    np = _noun_phrase(c)
    if np and not (toks and toks[0][1] == "nr" and len(toks[0][0]) >= 2 and np[0] == toks[0][0]):
        noun, n = np
        if _OPINION.search(c[n:]) or any(f.startswith("a") for _, f in _pos(c[n:n + 10])):
            return f"thing:{noun}", c[:n], c[n:]
        return None
    if toks and toks[0][1] == "nr" and len(toks[0][0]) >= 2 and toks[0][0] not in slots.ZH_RELATIONS:
        return f"person:{toks[0][0]}", toks[0][0], c[len(toks[0][0]):]
    return None


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


def _topic_any(c: str) -> str | None:
    """周末我基本都宅在家里 / 咖啡我一天要喝三杯 → the clause read from 我 on (the topic stays in
    the statement), or None."""
    m = re.match(r"^([\u4e00-\u9fffA-Za-z0-9《》]{1,10}?)(?:的话)?[，, ]?我(?!们)(.+)$", c)
    if not m or re.match(r"^(?:这|那|你|他|她|它|什么|如果|要是|因为|所以|但是|可是|而且)", m.group(1)):
        return None
    if not all(f.startswith(("n", "t", "eng", "j", "nz", "f", "m", "q")) or w in ("的话", "的") for w, f in _pos(m.group(1))):  # noqa: E501
        return None
    return "我" + m.group(2)


def _generic(key: str, rest: str) -> list[tuple[str, str, str]]:
    """Any other declarative predicate about a person of the user's life (我外婆今年都九十二了,
    我上班通勤单程要一个小时): a fact with a generic slot keyed by its head word."""
    q = _TAIL.sub("", _ADVERB.sub("", rest)).strip()
    if not q or len(q) > 40 or _EMOTION.match(q) or _NOT_FACT.match(q) or re.search(r"(?:吗|呢|吧)$", rest):
        return []
    toks = _pos(q)
    head = next((w for w, f in toks if f.startswith("v") and w not in ("是", "有", "在", "要", "会", "能")), None) or \
        next((w for w, f in toks if f.startswith(("n", "m", "a", "eng", "nz", "t"))), None)
    return [_fact(key, "fact", head, "other")] if head else []


_NOT_CONTINUATION = re.compile(r"^(?:但|以便|如|比如|例如|尤其|因为|所以|而|并且?|只是|可能|毕竟|或者|还是|然后|于是|否则|不然|甚至|"  # noqa: E501
                               r"包括|除了|关于|对于|为了|让|使|被|和|跟|与|夏天|冬天|春天|秋天)")


def _continues(c: str) -> bool:
    """A clause without a subject continues the previous subject only when it starts with a
    predicate (在一家咖啡店工作, 是建筑师, 特别能吃辣), not with a connective or a noun
    (但还有很多工作要做, 以便…, AI伴侣, 夏天到了)."""
    if _NOT_CONTINUATION.match(c):
        return False
    toks = _pos(c[:8])
    if not toks or toks[0][0] in ("但", "而", "和") or toks[0][0][:1] in "它他她这那你":
        return False
    if toks[0][1][:1] in ("v", "d", "a", "p", "m", "c", "r", "t"):
        return True
    return toks[0][1][:1] == "n" and len(toks) > 1 and toks[1][1][:1] in ("d", "a", "v")  # 人还挺好的


def _topic_first(c: str) -> str | None:
    """川菜我一点都不喜欢 → 我一点都不喜欢川菜 (the topic read as the object), else None."""
    m = re.match(r"^([\u4e00-\u9fffA-Za-z]{1,8}?)(?:啊|呀|嘛|呢|，|,)?我(?!们)(.*?(?:喜欢|爱|讨厌|受不了|吃|喝|过敏|碰))$", c)  # noqa: E501
    if not m or _BAD_THING.match(m.group(1)) or re.match(r"^(?:这|那|你|他|她|它|什么)", m.group(1)):
        return None
    toks = _pos(m.group(1))
    if not all(f.startswith(("n", "v", "eng", "j")) for _, f in toks):
        return None
    return "我" + m.group(2) + m.group(1)


def _fact(key: str, attr: str, value: str | None, kind: str | None = None, sal: float = 0.7) -> tuple[str, str, str]:
    """``(slot, kind, value)``; keyed attributes carry the value in the slot."""
    a = slots.ATTRIBUTES[attr]
    slot = attr if a.functional else f"{attr}.{value}"
    if key != slots.ME:
        slot = f"{key}.{slot}"
    k = kind or a.kind
    if key != slots.ME and not key.startswith("thing:") and k not in ("health", "habit"):
        k = "relationship"
    return slot, k, value or ""


def _objects(v: str) -> list[str]:
    parts = [p for p in _SPLIT_OBJ.split(v) if p]
    if len(parts) > 1 and ("、" in v or all(len(p) <= 4 for p in parts)) and "一起" not in v:
        return parts
    return [v]


def _predicate(key: str, p: str, raw: str) -> list[tuple[str, str, str]]:  # noqa: C901 - one table of rules
    """The facts a predicate states about subject ``key``: [(slot, kind, value)]."""
    q = _ADVERB.sub("", p)
    thing = key.startswith("thing:")
    m = re.match(rf"^的?({_ATTR_NOUN})(?:是|在|叫|有|为|[:：])?(.+)$", q)
    if m and _pos(q[q.index(m.group(1)):])[0][0] != m.group(1):  # 工作日 is not 工作
        m = None
    if m and not thing:
        attr = _ATTR_NOUNS[m.group(1)]
        v = _clean_value(_ADVERB.sub("", m.group(2)))
        if v and not re.match(r"^(?:很|太|挺|特别|非常|比较|不|好|忙|累|顺利|怎么样|还行|一般)", v):
            if attr in ("like",):
                return [_fact(key, "like", o) for o in _objects(v)]
            return [_fact(key, attr, v)]
        return []
    if key == slots.ME and re.match(r"^(?:吃素|是素食(?:者|主义者)|只吃素|不吃肉|是(?:一个|个)?素食)", q):
        return [_fact(key, "diet", "素食")]
    m = re.match(r"^(?:改名(?:字)?(?:叫|为)?|名叫|叫做|叫|姓)(.+)$", q)
    if m and not re.match(r"^(?:我|你|他|她|了|不|着|起来|醒|人|车|外卖)", m.group(1)):
        v = _clean_value(m.group(1))
        return [_fact(key, "name", v)] if v else []
    m = re.match(r"^(?:从.{1,10}?)?(?:住在|住|家在|生活在|定居在?|搬到了?|搬去了?|搬家到了?|搬回了?|搬回到了?)(.+?)(?:住|生活|去了|来了)?$", q)  # noqa: E501
    if m and not thing:
        v = _clean_value(m.group(1))
        if v and not re.match(r"^(?:院|校|不|得|的|一起|着|过|了|宿舍$)", v):
            return [_fact(key, "residence", v)]
    m = re.match(r"^在(.+?)(?:住|生活|定居)$", q)
    if m:
        v = _clean_value(m.group(1))
        return [_fact(key, "residence", v)] if v else []
    m = re.match(r"^在(.+?)(上学|读书|念书|读大学|上大学|读研|读博|上高中|上初中|上小学|读高中|读初中|上幼儿园)$", q)
    if m:
        v = _clean_value(m.group(1))
        return [_fact(key, "school", v)] if v else []
    m = re.match(r"^在(.+?)(?:工作|上班|任职|就职|供职|实习|打工)(?:了)?$", q) or \
        re.match(r"^在(.+?)(?:当|做|担任)(.+)$", q)
    if m and not thing:
        v = _clean_value(m.group(1))
        if m.lastindex == 2 and (j := _clean_value(m.group(2))) and _OCCUPATION.search(j):
            return [_fact(key, "job", j)]  # 在医院当护士: the job is the attribute, the place its detail
        return [_fact(key, "workplace", v)] if v and not re.match(r"^(?:家|线上|网上)$", v) else []
    m = _EDUCATION.match(q)
    if m and not thing:
        return [_fact(key, "education", m.group(1))]
    m = re.match(r"^(?:毕业于|是)(.+?)毕业的?$", q) or re.match(r"^毕业于(.+)$", q) or \
        re.match(r"^(?:学的是|读的是|学的|读的|念的是)(.+?)(?:专业)?$", q)
    if m:
        v = _clean_value(m.group(1))
        return [_fact(key, "education", v)] if v else []
    m = re.match(r"^(?:来自|老家在|出生在|出生于|生在|祖籍)(.+)$", q) or re.match(r"^在(.+?)(?:长大|出生)的?$", q) or \
        re.match(r"^是(.{1,8}?)人$", q)
    if m and not thing:
        v = _clean_value(m.group(1))
        if v and not _NOT_PLACE.search(v) and not re.match(r"^(?:一|个|那种|这种|很|特别|挺)", v):
            return [_fact(key, "hometown", v)]
        if q.startswith("是"):
            return []
    m = re.match(r"^是?(.{2,12}?(?:月|号|日|年))(?:出生|生)的?$", q)
    if m and not thing:
        return [_fact(key, "birthday", m.group(1))]
    m = re.match(rf"^(?:今年|已经)?({_NUM})(?:周)?岁(?:了|半)?$", q)
    if m and not thing:
        return [_fact(key, "age", f"{m.group(1)}岁")]
    m = re.match(rf"^(?:身高)?((?:[一1]米{_NUM}?|\d\.\d+米|\d{{3}}(?:厘米|cm|公分)))$", q)
    if m and not thing:
        return [_fact(key, "height", m.group(1))]
    m = re.match(rf"^(?:体重)?(?:有)?({_NUM}(?:斤|公斤|kg|千克))$", q)
    if m and not thing:
        return [_fact(key, "weight", m.group(1))]
    m = re.match(r"^(?:对)?(?:一(?:吃|碰|喝|闻到?|接触)|吃了?|碰了?)?(.+?)(?:就|会|都)?(?:有点|有些|特别|非常|严重|很)?过敏$", q)  # noqa: E501
    if m:
        v = _clean_value(re.sub(r"^对", "", m.group(1)))
        if v and not v.startswith(("不", "没")):
            return [_fact(key, "allergy", v, "health", 0.9)]
    m = re.search(r"(咖啡|奶茶|红茶|绿茶|茶).*?(?:加|放)了?.{0,3}?(糖|牛奶|奶|冰|盐|蜂蜜)", q)
    if m and key == slots.ME:
        terms = {"咖啡": "coffee", "茶": "tea", "奶茶": "milk_tea", "红茶": "tea", "绿茶": "tea", "糖": "sugar",
                 "奶": "milk", "牛奶": "milk", "冰": "ice", "盐": "salt", "蜂蜜": "honey"}
        return [(f"{terms[m.group(1)]}.{terms[m.group(2)]}", "preference", "")]
    m = re.match(r"^(?:的)?最(?:喜欢|爱)的(.{1,6}?)是(.+)$", p.strip()) or re.match(r"^(?:的)?最(?:喜欢|爱)的(.{1,6}?)是(.+)$", q)  # noqa: E501
    if m and (v := _clean_value(m.group(2))):
        slot, kind, _ = _fact(key, "favourite", v)
        return [(f"{slot}.{m.group(1)}" if not slot.endswith(m.group(1)) else slot, "preference", v)]
    m = re.match(r"^(?:不太|不怎么|不|从不|从来不|没那么|一点都不|一点也不|并不|也不)?(?:喜欢|爱上了|爱上|迷上了|迷上|爱|热爱|喜爱|偏爱|偏好|迷)"  # noqa: E501
                 r"(?:上了|上)?(?:吃|喝|看|听|玩|做|去|逛|打|弹|养|穿|用|读|画|唱|跳|踢|骑|拍)?(.+)$", q) or \
        re.match(r"^(?:不太|不)?(?:讨厌|厌恶|受不了|烦|害怕|怕|恨|反感)(?:吃|喝|看|听|玩|做|去)?(.+)$", q) or \
        re.match(r"^(?:从来不|从不|不再|不|没|戒了|戒掉了)(吃|喝|抽|碰)(.+)$", q)
    if m and not thing:
        v = _clean_value(m.group(m.lastindex or 1))
        if v and not re.match(r"^(?:自己|的|上|不|了|着|这样|那样|一个人|有人|别人|说|跟|和你)", v):
            return [_fact(key, "like", o, None, 0.6) for o in _objects(v) if o]
    m = re.match(rf"^(?:有|养了?|买了|领养了?|收养了?|捡了|添了)({_NUM})?{_CLF}?(.+)$", q)
    if m and not thing and not re.match(r"^有(?:点|些|时|空|事|意思|必要|道理|问题|办法|关系|可能|机会|人|一点|的|过|没有|所)", q):  # noqa: E501
        v = _clean_value(m.group(2))
        if v and v in slots.ZH_RELATIONS:
            return [(f"has.{slots.ZH_RELATIONS[v]}" if key == slots.ME else f"{key}.has.{slots.ZH_RELATIONS[v]}",
                     "relationship", v)]
        if v and len(v) <= 8:
            return [_fact(key, "owns", v, "other", 0.6)]
    m = re.match(r"^(?:是|当|做|担任|干|从事)(?:了)?(?:一名|一个|一位|个|名|位)?(.+?)(?:工作|行业)?(?:的)?$", q)
    if m and not thing:
        v = _clean_value(m.group(1))
        if v and _OCCUPATION.search(v) and not _NOT_OCCUPATION.search(v):
            return [_fact(key, "job", v)]
    m = re.match(r"^是(?:一名|一个|一位|个|名|位|一只|只|条)?(.+)$", q)
    if m:
        v = _clean_value(m.group(1))
        if v and not re.match(r"^(?:说|觉得|想|不是|因为|为了|要|在)", v):
            if thing:
                return [_fact(key, "brand", v, "preference")]
            return [_fact(key, "is", v, "identity", 0.6)]
    m = re.match(r"^([\u4e00-\u9fff]{0,4}?[\u4e00-\u9fff])的是(?:一[辆台部只个条款双件])?(.+)$", q)
    if m and (v := _clean_value(m.group(2))):  # 我开的是丰田 / 手机用的是华为 / 研究生读的是同济: one value at a time
        return [(("" if key == slots.ME else key + ".") + f"which.{m.group(1)}",
                 "other" if key in (slots.ME,) or thing else "relationship", v)]
    m = re.match(r"^叫(.{1,8})$", q)
    if m and thing and (v := _clean_value(m.group(1))):
        return [_fact(key, "name", v, "other")]
    if _HABIT.search(raw) and not thing:
        act = [w for w, f in _pos(_HABIT.sub("", q)) if f.startswith(("n", "v", "eng")) and len(w) > 1]
        if act:
            return [_fact(key, "habit", act[-1], "habit", 0.5)]
    if thing or key.startswith("person:") or key != slots.ME:
        op = _OPINION.search(q)
        if thing and op and not re.search(r"(?:吗|呢)$", q):
            return [_fact(key, "opinion", op.group(0), "preference", 0.5)]
    return []


_LIFE_EVENT = re.compile(r"结婚|离婚|毕业|入职|辞职|离职|退休|出生|怀孕|生了|搬家|买了房|买房|买了车|分手|订婚|升职|跳槽|考上|出国|留学|"  # noqa: E501
                         r"去世|住院|做了手术|开了一家|创业|换了工作|领证|学会了|开始学|报了|加入了|参加了|去了|回了|认识了|领养|获得了|"
                         r"拿到了|考了|得了|养了|学了|买了|开始")


def _event(key: str, q: str, ago: tuple[str, int] | None) -> list[tuple[str, str, str]]:
    """A past event of the user's life (昨天领养了一只狗, 去年我结婚了): kept when it is dated
    by a relative time word or is a life event, and is not a passing state."""
    if key.startswith("thing:") or not re.search(r"了|过", q):
        return []
    m = _LIFE_EVENT.search(q)
    if not m and not ago:
        return []
    toks = [w for w, f in _pos(q) if f.startswith(("v", "n", "eng", "j"))]
    if not toks:
        return []
    verb = (m.group(0) if m else toks[0]).rstrip("了")
    return [_fact(key, "event", verb + (toks[-1] if toks[-1] != verb else ""), "other", 0.5)]


def match_clause(clause: str, ctx: _Ctx | None = None) -> list[Match]:
    """The facts one Chinese clause states (empty: not a memory)."""
    ctx = ctx if ctx is not None else _Ctx()
    c = prepare(clause)
    if not c or re.match(r"^(?:谢谢|感谢|多谢|不好意思|对不起|抱歉|哈哈|好的|好吧|晚安|早安|再见|拜拜)", c) or \
            re.search(r"吧[。！!～~]*$", clause.strip()) or is_question(clause.strip()) or _IRREALIS.search(c) or _ADDRESSEE.match(c) and not re.match(r"^你(?:可以|就)?叫我", c):  # noqa: E501
        return []
    ago, c = _ago_of(c)
    if re.match(r"^(?:你|您)?(?:以后)?(?:可以|就|直接)?(?:叫|喊|称呼)我(?!们)", c):
        return []  # name phrasings are memcli.write.names's
    m = re.match(r"^我(?:觉得|感觉|认为|发现)(.+)$", c)
    if m:
        c = m.group(1)  # an opinion: about the thing it names, or nothing
        if c.startswith("我"):
            return []
    m = re.match(r"^(.{1,10}?)是我(?:最喜欢|最爱)的(.{1,6})$", c)
    if m and (v := _clean_value(m.group(1))):
        return [Match(statement=c, kind="preference", slot=f"favourite.{m.group(2)}", value=v, ago=ago)]
    topic = _topic_first(c) or _topic_any(c)
    sub = _subject(topic or c, ctx)
    if sub is None and c.startswith("我们"):
        return []
    if sub is None:
        if ctx.subject is None or re.match(r"^(?:这|那|它|他|她|[\u4e00-\u9fff]{1,4}(?:说|觉得))", c) or not _continues(c):  # noqa: E501
            return []
        if re.match(r"^(?:叫|今年|已经|是)", c) and ctx.thing and ctx.thing[1].startswith("我的"):
            sub = (ctx.thing[0], ctx.thing[1], c)  # 我养了一只柯基，叫豆豆 → 我的柯基叫豆豆
        else:
            sub = (ctx.subject[0], ctx.subject[1], c)
        stmt = sub[1] + c
        ctx.carried, ctx.clause = True, c
    else:
        ctx.carried = False
        stmt = c
        if c[:1] in "她他它":
            stmt = sub[1] + c[1:]
    key, phrase, rest = sub
    ctx.subject = (key, phrase)
    if key.startswith("thing:"):
        ctx.thing = (key, phrase)
    elif key != slots.ME:
        ctx.person = (key, phrase)
    rest = rest.strip("，, ")
    if not rest or _NOT_FACT.match(_ADVERB.sub("", rest) if not _HABIT.match(rest) else "x") and not \
            re.match(r"^(?:很|特别|非常|超|最|挺|比较|真|好)?(?:喜欢|爱|讨厌|怕)", rest):
        if not (key.startswith("thing:") and _OPINION.search(rest)):
            return []
    facts = _predicate(key, rest, stmt)
    if not facts and not (_TRANSIENT.search(clause) and not ago):
        facts = _event(key, rest, ago) or (_generic(key, rest) if not key.startswith("thing:") or phrase.startswith("我")  # noqa: E501
                                           else [])
    if not facts:
        return []
    sal = 0.8 if facts[0][1] in ("identity", "relationship", "health") else 0.6
    if len(facts) == 1:
        slot, kind, value = facts[0]
        a = slots.split_slot(slot)[1]
        if a == "name" and not key.startswith(("person:", "thing:")) and key != slots.ME:
            ctx.person = (f"person:{value}", value)  # 我有个同事叫何磊，他是湖北人 → 何磊是湖北人
        elif a == "owns":
            ctx.thing = (f"thing:{value}", f"我的{value}")
        return [Match(statement=stmt, kind=kind, slot=slot, value=value, salience=sal, ago=ago)]
    if facts[1][0].endswith("job"):  # 我在医院当护士: one clause, one candidate (its workplace slot)
        return [Match(statement=stmt, kind=facts[0][1], slot=facts[0][0], value=facts[0][2], salience=sal, ago=ago)]
    return [Match(statement=_one_object(stmt, value, [f[2] for f in facts]), kind=kind, slot=slot, value=value,
                  salience=sal, ago=ago) for slot, kind, value in facts]


def _one_object(stmt: str, value: str, values: list[str]) -> str:
    """我喜欢绘画、弹钢琴和品茶 → 我喜欢绘画 (one candidate per object of a list)."""
    joined = re.search("(?:" + "|".join(map(re.escape, values)) + r")(?:(?:、|，|和|跟|与|以及|还有)(?:"
                       + "|".join(map(re.escape, values)) + "))+", stmt)
    if not joined or value not in values:
        return stmt
    return stmt[:joined.start()] + value + stmt[joined.end():]


def _elaborates(clause: str) -> bool:
    """A subject-less clause that only qualifies the fact before it (哈尔滨的, 一儿一女,
    吃一点都不行, 干了五年了) rather than stating a new one (人还挺好的, 没有电梯)."""
    if re.search(r"就|一点|一滴|一口|年了|月了|同一天", clause):
        return True
    return not any(f.startswith(("v", "a")) for _, f in _pos(clause))


def subject_of(text: str) -> str:
    """Whom a statement is about: ``me``, a relation key, ``person:…`` or ``thing:…``."""
    c = prepare(text)
    sub = _subject(_topic_first(c) or c, _Ctx())
    return sub[0] if sub else slots.ME


def extract_matches(text: str) -> list[Match]:
    """Facts stated in a Chinese utterance: sentences → clauses → facts (see the module doc)."""
    out: list[Match] = []
    ctx = _Ctx()
    for sent in _SENTENCE.findall(text):
        sent = sent.strip()
        if not sent or re.match(r"^(?:如果|要是|假如|假设|万一)", prepare(sent)):
            continue
        first = len(out)
        for part in re.split(r"[，,]", sent):
            for clause in _CONJ.split(part):
                got = match_clause(clause, ctx)
                if got and ctx.carried and len(out) > first and _elaborates(ctx.clause) and all(
                        ".fact." in (m.slot or "") or (m.slot or "").startswith("fact.") for m in got):
                    # an elaboration without its own subject (我老婆是东北人，哈尔滨的): part of the fact before it
                    out[-1] = replace(out[-1], statement=f"{out[-1].statement}，{ctx.clause}")
                    continue
                out += got
    return out
