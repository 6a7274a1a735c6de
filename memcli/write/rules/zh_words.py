"""Vocabulary and patterns of the Chinese clause rules (data only; the logic is :mod:`memcli.write.rules.zh`)."""

from __future__ import annotations

import os
import re

from memcli import slots
from memcli.reltime import ZH_DAYS
from memcli.write.rules.another_person import zh_another
from memcli.write.rules.match import ZH_BODY, cn_to_int
from memcli.write.rules.zh_dates import told_zh_date, without_date

_REL = "|".join(sorted(map(re.escape, slots.ZH_RELATIONS), key=len, reverse=True))

_ATTR_NOUNS = {w: a.name for a in slots.ATTRIBUTES.values() for w in a.zh_nouns}

_ATTR_NOUN = "|".join(sorted(_ATTR_NOUNS, key=len, reverse=True))

_SENTENCE = re.compile(r"(?:《[^》\n]{0,30}》|[^。！!？?；;\n…])+[。！!？?；;…]*")  # a title is one piece: 《摔跤吧！爸爸》  # noqa: E501

_FILLER = re.compile(r"^(?:后来|之后|嗯+|啊+|哦+|噢+|哈{2,}|呵{2,}|[哈呵](?=[，,、\s!！~～]|$)|对了|其实|话说|说真的|老实说|说实话|顺便说一下|顺便说|顺便提一下|告诉你|跟你说|"  # noqa: E501
                     r"我跟你说|你知道吗|你知道|还有|就是|只是|就|也就是说|"  # conjunctions: zh_conj.lead_conjunction
                     r"和(?=[，,、\s])|跟(?=[，,、\s])|说起来|对(?=[，,、\s!！])|是的|没错|好吧|好的|嗯嗯)[，,、\s]*")

_TAIL = re.compile(r"[啊呀呢哦哈嘛吧啦～~\s。！!？?；;，,…]+$")

_QUESTION = re.compile(r"[?？]\s*$|[吗么]\s*[。.!！~～]*$|^.{0,4}呢\s*[。.!！~～]*$|什么|(?<![不没])怎么|为什么|为啥|哪|谁|几点|几个|多少|是不是|有没有|能不能|可不可以|"  # noqa: E501
                       r"要不要|会不会|好不好|对不对|行不行|如何|咋")

#: (不想吃…了 is no wish: a liking over, zh_facts._reversed_like)
_IRREALIS = re.compile(r"如果|要是|假如|假设|万一|希望|但愿|想要|打算|准备|计划|梦想|愿望|想去|想买|想学|"
                       r"(?<!不)想[吃喝]|不想[吃喝](?!.*了[。！!～~]*$)|想做|想当|想找|"
                       r"将要|将来|以后|未来|可能会|也许|或许|应该|得去|要去|会去|考虑|说不定|明天|后天|下周|下星期|下礼拜|下个?月|"
                       r"明年|过几天|待会|一会儿|等会|马上要|即将|下次|下回|到时候")

_ADDRESSEE = re.compile(r"^(?:你|您|咱们|大家|他们|她们)")

_EMOTION = re.compile(r"^(?:很|好|太|真|挺|特别|非常|有点|有些|超|超级|蛮|比较|还|也|都|就|又|更|最|是|不|没|真的)*(?:开心|高兴|快乐|"  # noqa: E501
                      r"难过|伤心|累|困|饿|渴|烦|忙于.{0,4}|震撼|无聊|紧张|兴奋|激动|郁闷|生气|担心|感动|失望|满意|好|不错|还行|一般|忙|闲|舒服|"
                      r"难受|期待|抱歉|幸福|放松|纠结|焦虑|崩溃|懵|晕|冷|热|明白|清楚|同意|赞同|理解|放心|知道|确定|想|愿意|"
                      r"可以|行|对|是的|没事|没问题|同感|在|来了|回来了|到了|走了|欣慰|温暖|受启发|有收获|感激|感恩|惊喜|开心极了|"
                      r"好看|好玩|有趣|不容易|难|辛苦|幸运|骄傲|自豪|充实|满足|感动|失落|沮丧|烦躁|疲惫|压力大|心累)(?:了|啊|呀|的|死了|极了|一点|呢|吧)*$")

_NOT_FACT = re.compile(r"^(?:感到|感觉到|感受到|推荐|帮我|帮忙|给我|请|麻烦|告诉我|觉得|感觉|认为|想|知道|不知道|记得|忘了|明白|懂|以为|猜|相信|同意|谢谢|感谢|说|问|听说|看到|发现|担心|"  # noqa: E501
                       r"害怕自己|怕自己|希望|正在|在想|需要|可以|能|要|会|得(?!到|了)|该|刚|好|挺|很|太|有点|真|超级?累|好累)")

#: a job taken up from a near date (下个月开始去一家公司做顾问, 下周起到律所上班): settled, not a plan
#: (round 31: told before 我 too, and a day of a coming week or tomorrow: 下周一我去超市上班)
_JOB_WHEN = r"(?:下个?月|(?:下周|下星期|下礼拜)[一二三四五六日天]?|明年|明天|后天)(?:初|中|底)?"
FUTURE_JOB = re.compile(rf"^(?:{_JOB_WHEN})?我?(?:从)?(?:{_JOB_WHEN})?(?:开始|起)?(?:就|要|会|将)?"
                        r"(?:去|到|进|在)[^，,]{1,16}?(?:(?:当|做|担任)[^，,]{1,10}|工作|上班|任职|就职|入职)$")

#: a feeling said with 死了 (爱死了, 累死我了): how strongly a moment is felt, of nothing named
FEELING_SI = r"(?:爱|恨|讨厌|烦|气|笑|累|困|饿|热|冷|急|吓|馋|羡慕|高兴|开心)死(?:了|啦|我了)"
_TRANSIENT = re.compile(r"吃完|刚吃|吃过饭|到家了|下班了|起床了|洗完澡|今天|今晚|今早|刚才|刚刚|此刻|这会儿|这几天|昨晚|现在有点|好累|太累|累了|饿了|困了|烦死|"  # noqa: E501
                        rf"{FEELING_SI}")

_AGO = re.compile(r"(大前天|上上周|上周[一二三四五六日天末]|上个?星期[一二三四五六日天]|这周[一二三四五六日]|本周[一二三四五六日]|"  # noqa: E501
                  r"今年(?:[一二三四五六七八九十]{1,2}月|\d{1,2}月|年初|年底|上半年|下半年)?|前天|昨天|昨晚|上周|上星期|上个星期|上礼拜|上个礼拜|上个月|上月|去年|前年|"
                  r"(?:(\d+|[一二两三四五六七八九十]+)(?:个)?(天|周|星期|月|年)(?:前|以前)))")

#: a past time by its words, as (unit, n) back for memcli.reltime.moved_back (the day words are reltime's)
_AGO_FIXED = {**{w: ("day", -ZH_DAYS[w]) for w in ("大前天", "前天", "昨天", "昨晚")}, "上上周": ("week", 2),
              "上周": ("week", 1), "上星期": ("week", 1), "上周末": ("weekend", 1), "上个星期": ("week", 1),
              "上礼拜": ("week", 1), "上个礼拜": ("week", 1), "上个月": ("month", 1),
              "上月": ("month", 1), "去年": ("year", 1), "前年": ("year", 2)}

#: a weekday's character (周三, 星期天) → 0 Monday … 6 Sunday; a weekend (周末) is read as its Saturday
_WEEKDAY_ZH = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6, "末": 5}

_UNITS = {"天": "day", "周": "week", "星期": "week", "月": "month", "年": "year"}

#: (round 48: 每隔一周, 隔周, 每两周 — a schedule that recurs every other week is a habit, never one day)
_HABIT = re.compile(r"每隔[一两二三四五六\d]?个?(?:天|周|星期|礼拜|月)|隔周|每两周|单周|双周|每天|每周|每晚|每早|每个?周末|每个(?:周|星期|礼拜)[一二三四五六日天]|每年|每个?月|每次|经常|常常|总是|通常|一般都?|习惯|平时|天天|偶尔|一直都|老是|隔三差五")  # noqa: E501

_ADVERB = re.compile(r"^(?:基本上?|大多|多半|最近|近来|肯定|一定|现在|目前|一直|已经|其实|真的|确实|本来|平时|也|还|都|才|就|只|大概|差不多|好像|可|又|从小|从小就|从来都?|"  # noqa: E501
                     r"一点都|一点也|根本|特别|非常|很|超|最|挺|比较|更|真|好|蛮|相当|有点|比较|原来|终于|刚|"
                     r"太(?=喜欢|爱|热爱|迷))+")  # (太 before a liking: 我太喜欢火锅了, round 45)

_NUM = r"(?:\d+(?:\.\d+)?|[零〇一二两三四五六七八九十百几]+)"

_CLF = r"(?:只|条|个|辆|台|套|位|匹|头|部|栋|间|本|架|把|双|件|家|款|张|盆|缸|条)"

_OCCUPATION = re.compile(r"^[^的\d月号日年，]{0,8}(?:医生|护士|老师|教师|律师|程序员|会计|司机|厨师|老板|经理|记者|作家|演员|歌手|警察|军人|公务员|主播|设计师|"  # noqa: E501
                         r"工程师|总监|主管|专员|总裁|副总|主任|顾问|分析师|架构师|合伙人|销售|快递员|外卖员|保安|农民|学生|研究生|博士生|大学生|中学生|小学生|博士后|教授|讲师|画家|翻译|"
                         r"模特|导游|店长|店员|服务员|建筑师|科学家|研究员|编辑|编剧|导演|摄影师|产品经理|运营|客服|HR|全职妈妈|"
                         r"家庭主妇|自由职业者?|公司职员|白领|创业者|个体户|退休教师|师|员|工|匠|官|长|手|家|生|警|医)$")

_NOT_OCCUPATION = re.compile(r"(?:出生|素食者|爱好者|粉丝|迷|独生子|独生女|左撇子|夜猫子|吃货|路痴|好人|坏人|人|者们|新手|小白|老手|一家|"  # noqa: E501
                             r"东家|专家|赢家|大家|人家|玩家|行家|买家|卖家|回家|在家|管家|我家|娘家|老家|亲家|冤家|生生|先生|学长|兄长|家长)$")

_EDUCATION = re.compile(r"^(?:去.{1,6}?读了?个?|读了个?|念了个?|是|读到了?|只读到了?|读完了?|念到了?|只有|拿到了?|有)?(博士|硕士|研究生|本科|大专|专科|高中|初中|小学|中专|"  # noqa: E501
                        r"职高|技校|MBA|博士后)(?:学历|毕业|生|文凭|学位)?(?:毕业)?(?:的|了)?$")

_PLACE_SUFFIX = re.compile(r"(?:省|市|县|区|镇|村|乡|州|岛|国|城)$")

_NOT_PLACE = re.compile(r"(?:好|坏|年轻|成年|中年|老年|男|女|一个|个|病|客|外地|本地|穷|有钱|普通|大|小|新|老|家里|农村|城里|"  # noqa: E501
                        r"这样的|那样的|内向的|外向的|的)$")

_OPINION = re.compile(r"(?:好吃|难吃|好看|难看|好用|难用|好听|难听|好喝|难喝|舒服|不舒服|方便|便宜|贵|透气|耐穿|耐用|结实|推荐|不错|"  # noqa: E501
                      r"一般|失望|满意|喜欢|好玩|无聊|有意思|精彩|感人|划算|值|实惠|干净|脏|吵|安静|热情|专业|新鲜|地道|正宗|"
                      r"清淡|咸|辣|甜|油腻|合身|好穿|轻|重|快|慢|卡|流畅|清晰|漂亮|可爱|丑|大|小|硬|软|暖和|凉快|好)")

_BAD_THING = re.compile(r"^(?:味道|工作|天气|时候|事|事情|样|问题|时间|建议|主意|想法|回答|话|个|么|样子|点|些|种|次|会|边|里|儿|感觉|心情|"  # noqa: E501
                        r"日子|生活|世界|社会|工作|今天|明天|昨天|周末|东西)$")

_SPLIT_OBJ = re.compile(r"、|，|和|跟|以及|还有")  # not 与: it joins names (枪与玫瑰, 傲慢与偏见)

#: an opinion as the predicate itself (穿着很舒服, 性价比很高, 拍得比我想的好, 不太透气), not an
#: adjective inside an object (需要一定的安静和空间) and not an impression (看起来很好吃, 听起来不错)
_IMPRESSION = re.compile(r"^(?:[也还都就真]|真的)*(?:看起来|听起来|看上去|听上去|似乎|好像|貌似|感觉)")
_OPINION_PRED = re.compile(r"^(?:[\u4e00-\u9fff]{1,3}?(?:着|得)|[\u4e00-\u9fff]{1,3}?(?=很|特别|非常|挺|太|超|真|比较|蛮|不))?"  # noqa: E501
                           r"(?:比.{1,6}?)?(?:很|特别|非常|挺|太|超级?|真的?|比较|蛮|相当|有点|有些|不太|不怎么|不|没那么|也|还|都|最|更|"
                           r"一点都不|一点也不|就是)*(?:" + _OPINION.pattern + ")")

_NOT_CONTINUATION = re.compile(r"^(?:但|像(?!是)|看来|以(?![前后])|特别是|尤其是|即使|虽然|尽管|只要|一旦|既然|如|比如|例如|尤其|因为|所以|而|并且?|只是|可能|毕竟|或者|还是|然后|于是|否则|不然|甚至|"  # noqa: E501
                               r"包括|除了|关于|对于|为了|让|使|被|和|跟|与|夏天|冬天|春天|秋天|"
                               # a time word, then a subject of its own (现在我们领导换成了…): not the last one's
                               rf"(?:现在|如今|目前|后来|最近|今年|去年)[，,]?(?:我|咱|{_REL}))")

#: a change in someone's life (kept as an event, dated or not); an ordinary action (去了公园, 看了一部电影,
#: 做了一些菜) is a one-off, not a memory, even when dated (昨天我去了公园)
_LIFE_EVENT = re.compile(r"结婚|离婚|毕业|入职|辞职|离职|退休|出生|怀孕|怀上|(?<![医学先卫])生了|搬家|搬到|搬去|买了房|买房|买了车|买了(?=套)|分手|订婚|升职|跳槽|"  # noqa: E501
                         r"考上|考下|考到|考取|出国|留学|移民|嫁|娶|去世|住院|做了手术|查出|确诊|开了(?=一|个)|创业|换了工作|换成|"
                         r"领证|学会了|开始|报了|加入了|领养|收养|获得了|拿到了|养了|卖了|卖掉|戒了|戒掉|转行|改行|当上|当了|成为|"
                         r"成了|定居|落户|装修|退学|休学|骨折|摔断|扭伤|摔伤|受伤|申请了|注册了|报名了?|得到了(?=.{0,8}(?:机会|offer|工作|职位|录取))|满\d|满[一二两三四五六七八九十]")

#: verbs of thinking, feeling, saying, intending and trying: what follows is not a fact of the
#: subject's life (我很期待我的行程, 我决定先去爬山, 我知道他喜欢旅游, 我有听说过…)
_MENTAL = re.compile(r"^(?:[并也还都就又总才却在再将]|正在|自己|最近|近来|这么|这样|可以|能够?|要|得|的确|确实|总是|一直|经常|有时候?|常常|还是|其实|真的|实在|一定|已经|有|都会|也会|会|"  # noqa: E501
                     r"很|非常|特别|挺|有点|有些|太|真|超|好)*(?:不|没|并不)?"
                     r"(?:期待|担心|感到|感觉|觉得|认为|想象|想到|想|知道|听说|决定|相信|怀疑|理解|明白|同意|希望|考虑|计划|打算|"
                     r"尝试|试着|试试|看起来|听起来|看上去|好像|似乎|必须|(?:让|使|令)我(?:感到|觉得|感觉)|对.{1,20}?印象|乱猜|胡思乱想|被.{0,4}?(?:打动|感动|震撼|吸引|启发)|试一试|发现|意识到|注意到|体会到|感受到|庆幸|后悔|忘记|忘了|记得|准备|好奇|在意|介意|感谢|"
                     r"谢谢|以为|猜|琢磨|思考|纠结|犹豫|确定|期望|盼望|渴望|遇到|碰到|面临|听到|看到|问|告诉|分享|聊|讨论|"
                     r"请教|推荐|建议|难以|很难|不敢|不知道|不确定|怕自己|感慨|感叹|惊讶|怀念|回忆|想起)")

#: a clause that names its own subject with a quantifier (每个地方都有…, 很多人觉得…): not the previous subject's
_QUANT_SUBJECT = re.compile(r"^(?:每(?!天|周|晚|早|年|月|个月|个?周末|次|星期|礼拜|隔)个?|各个?|所有|很多|许多|好多|有些|一些|大部分|大多数|不少|其他|别的|任何|整个)")  # noqa: E501

#: a time anchor that makes a whole sentence about now (今天我去了赛车场, 虽然只是…): its events
#: and weak facts are passing, its specific facts (喜欢, 住在…) still count
_NOW = re.compile(r"今天|今晚|今早|今儿|刚才|此刻|这会儿|此时|眼下")

#: sequence words: two of them make a sentence a procedure (先…然后…最后…), whose steps are not facts
_STEPS = re.compile(r"先|然后|接着|之后|再|最后")

#: a part or measure of the body leading a clause with no possessor (最近胃不好, 腰不太好, 血压有点高): the
#: speaker's own, so the clause is the user's (我最近胃不好) and a subjectless clause after it is too
#: (…，不能吃辣了 → 我不能吃辣了); only before a predicate (手机, 头条 and 背包 are no body)
_BODY_TOPIC = re.compile(r"^(?:最近|近来|这几天|这段时间|这阵子|这两年|一直|平时|从小|以前|现在|今年|去年)?"
                         rf"(?:{ZH_BODY})"
                         r"(?=[不没有很太特别非常也还又一直老总经疼痛酸痒肿受做出好发近查一挺比动])")

#: nouns of a person's own attributes: a clause led by one continues the person before it (我领导人还挺好的)
_PERSON_NOUN = re.compile(r"^(?:大学|高中|初中|小学|研究生|本科|专业|老家|家乡|人|性格|脾气|身体|个子|工资|收入|成绩|长相|皮肤|视力|记性|胃口|酒量|厨艺|口才)")  # noqa: E501

#: a person's own trait opening a clause with no subject of its own (成绩还不错, 身体还挺好 after 我儿子… / 我爸…): the
#: person's, not a thing of the talk (not 人, 大学… of :data:`_PERSON_NOUN`: 人很多 is a crowd)
PERSON_TRAIT = re.compile(r"^(?:性格|脾气|身体|个子|工资|收入|成绩|长相|皮肤|视力|记性|胃口|酒量|厨艺|口才)(?![的了])")

#: an object that names nothing durable: 这个问题, 一些有趣的事情, 那些东西
_VAGUE = re.compile(r"(?:这|那)(?:个|些|件|种|样|次)|(?:一些|有些|很多|许多|什么)[\u4e00-\u9fff]{0,4}?(?:事情|东西|事儿|事)$")  # noqa: E501

#: a topic-first clause about consuming or quitting (烟还没戒掉, 海鲜从来不吃, 奶茶一口都不喝: the amount apart)
_TOPIC_VERB = re.compile(r"^([\u4e00-\u9fff]{1,6}?)(一(?:口|点儿?|滴|根|支|杯|次))?((?:也|还|都|就|已经|从来)*(?:没|不|很少|偶尔)?(?:戒掉|戒了|戒|吃|喝|抽|碰)(?:了|过)?)$")  # noqa: E501


def _ago_of(clause: str) -> tuple[tuple[str, int] | None, str]:
    if (begun := _START_TOLD.search(clause)) and not _AHEAD.search(clause):  # 从这周一开始 / 从三月起: it began then
        day, month = begun.group("day"), begun.group("month")
        ago = ("this_week_day", _WEEKDAY_ZH.get(day or "一", 0)) if month is None else ("month_of", cn_month(month))
        return ago, (clause[:begun.start()] + clause[begun.end():]).strip("，, ")
    if (told := told_zh_date(clause)) is not None:  # 2023年3月, 去年三月中旬, 前年冬天, 三月份…了 (round 47)
        (ago, start, end) = told
        if _LIMIT_AFTER.match(clause, end) or _LIMIT_BEFORE.search(clause, 0, start):
            return None, clause  # 2023年之前 / 直到去年年底: a limit, not when it began
        if since := _SINCE_BEFORE.search(clause, 0, start):  # 从2023年开始: from then
            start, end = since.start(), (upto.end() if (upto := _SINCE_AFTER.match(clause, end)) else end)
        return ago, without_date(clause, start, end)
    m = _AGO.search(clause)
    if not m:
        return None, clause
    word = m.group(1)
    if word in _AGO_FIXED:
        ago = _AGO_FIXED[word]
    elif word.startswith(("上周", "上星期", "上个星期")):  # 上周三: that day of the week before
        ago = ("prev_week_day", _WEEKDAY_ZH[word[-1]])
    elif word.startswith(("这周", "本周", "今年")):
        return None, clause
    else:
        n = int(m.group(2)) if m.group(2).isdigit() else (cn_to_int(m.group(2)) or 1)
        ago = (_UNITS[m.group(3)], n)
    start, end = m.start(), m.end()
    if (month := _THEN_MONTH.match(clause, end)) and word in ("去年", "前年"):  # 去年三月: that month's first day
        ago, end = ("month_in_year", _AGO_FIXED[word][1] * 100 + cn_month(month.group(1))), month.end()
    elif _THEN_FINER.match(clause, end) or _LIMIT_AFTER.match(clause, end) or _LIMIT_BEFORE.search(clause, 0, start):
        return None, clause  # 去年冬天 (which winter?), 去年之前 / 直到去年 (a limit, not when it began): kept whole
    if since := _SINCE_BEFORE.search(clause, 0, start):  # 从去年开始我就吃素: it holds from then, its valid time
        start, end = since.start(), (upto.end() if (upto := _SINCE_AFTER.match(clause, end)) else end)
    rest = (clause[:start] + clause[end:]).strip("，, ")
    return ago, re.sub(r"^(?:的时候|时)", "", rest)


#: after a relative time, a month of it (去年三月, 去年3月份)
_THEN_MONTH = re.compile(r"(\d{1,2}|十[一二]?|[一二三四五六七八九])月份?(?![底初中])")
#: after a relative time, a part of it no date says (去年冬天, 去年年底, 上个月底, 去年那会儿)
_THEN_FINER = re.compile(r"(?:[一二三四五六七八九十\d]{1,2}月|年?[初中底末]|[冬春夏秋][天季]|寒假|暑假|"
                         r"上半年|下半年|那会儿?|那时候?)")
#: a limit, not when the fact began: 去年之前 / 以前, 直到去年, 到去年为止
_LIMIT_AFTER = re.compile(r"(?:之前|以前|为止|之后|以后)")
_LIMIT_BEFORE = re.compile(r"(?:直到|一直到|截至|到)$")
#: a start told of this week (its day, else its Monday) or of a month, with 从 / 自从 / 自 … 开始 / 起 / 以来
#: (从这周一开始, 本周起, 从三月份开始): the day the fact began; a start ahead (要 / 打算 / 准备 / 将 / 会 / 计划) is a
#: plan, not read
_START_TOLD = re.compile(r"(?:自从|从|自)(?:(?:这|本)(?:个)?(?:周|星期|礼拜)(?P<day>[一二三四五六日天])?|"
                         r"(?P<month>\d{1,2}|十[一二]?|[一二三四五六七八九])月份?)(?:开始|起|以来)")
_AHEAD = re.compile(r"要|打算|准备|将|计划|会")
#: 从 / 自从 / 自 … 开始 / 起 / 以来 around a relative time: when the fact began
_SINCE_BEFORE = re.compile(r"(?:自从|从|自)$")
_SINCE_AFTER = re.compile(r"(?:开始|起|以来)")


def cn_month(word: str) -> int:
    """A month's number written in digits or Chinese (3, 十一 → 11)."""
    return int(word) if word.isdigit() else (cn_to_int(word) or 1)

#: 我们 (全家 / 一家) who move or live somewhere: the user among them (上周我们全家搬到杭州了)
_WE_MOVE = re.compile(r"^我们(?:全家|一家人?|家)?(?=(?:[也都就]|已经|刚刚?|终于|现在|目前|如今)*(?:搬到|搬去|搬回|搬家|搬了家|住在|定居在?))")  # noqa: E501

#: a correction's opener (更正一下, 我说错了) and its negated half (不是五岁): no fact of the user's
CORRECTION = re.compile(r"^(?:更正|纠正|订正)(?:一下)?$|^(?:是)?(?:我|刚才|刚刚|之前)?"
                        r"(?:一直|之前|以前|刚才|刚刚|原来|都|也|又|完全)*(?:说|写|打|记|搞|弄|看|听|想|理解)错了?(?:了|啦)?$")
#: 不好意思我说错了， / 抱歉，刚才打错了： / 更正一下： — an apology (optional) and the admission of a slip
ZH_CORRECTION_OPEN = re.compile(r"^(?:(?:不好意思|抱歉|对不起|sorry|哎呀|哎|哦|噢|呃|嗯|啊)[，,！!。.~～\s]*){0,2}"
                                r"(?:(?:更正|纠正|订正)(?:一下)?|(?:是)?(?:我|刚才|刚刚|之前)?"
                                r"(?:一直|之前|以前|刚才|刚刚|原来|都|也|又|完全)*(?:说|写|打|记|搞|弄)错了?(?:了|啦)?)"
                                r"[，,：:。！!\s]+", re.I)
CONTRAST = re.compile(r"^(?:而|并|倒|可)?(?:不是|并非)")
#: a correction told denial first (我儿子不是七岁，是八岁; 他不是住在北京，而是住在上海): the denied value, the fact
_DENIAL_FIRST = re.compile(r"^(.*?)(?:并|其实)?(?:不是|并非)(?![不没])([^，,。；;我你他她它]{1,12})(?:[，,]\s*"
                           r"(?:而|其实|实际上|应该)?|而)是([^，,。；;我你他她它]{1,16})([。！!]?)$")
#: the verbs (and a verb and its object's verb: 喜欢吃) a denied value and the fact may both open with (不是住在北京，
#: 而是住在上海): said once, with the fact; the value after them is not cut (叫小亮 / 叫小明 share 叫, not 叫小)
_DENIED_VERB = re.compile(r"(?:住在|叫做|名叫|住|在|叫|姓|做|当|喜欢|爱|养|有|学|去|开|用|喝|吃|属)+")
#: what a denied place and the fact may both end with (不是在腾讯工作 / 在阿里工作): said once, with the fact
_DENIED_TAIL = re.compile(r"(?:工作|上班|上学|读书|实习|任职|生活|学习)$")
#: the value said first and the denial after it with the same verb (叫小明，不叫小亮; 我姓王不姓黄;
#: 是属龙的，不是属蛇的): …叫小明，不是小亮, the shape whose denied half the rules drop
_SAME_VERB_DENIED = re.compile(r"^(?P<head>.*?(?:是)?(?P<v>叫做|名叫|叫|姓|住在|属|是))"
                               r"(?P<x>[^，,。；;我你他她它不]{1,12}?)[，,]?\s*(?:而|并|可)?不(?:是)?(?P=v)"
                               r"(?P<y>[^，,。；;我你他她它]{1,12})(?P<end>[。！!]?)$")


#: a short lead-in that announces what follows its colon (补充一下：, 说一下我自己的事：, 个人近况：) when the
#: speaker's own clause follows (我…): the clause is read as said alone; not a quotation (我老婆说：我…)
_ANNOUNCED = re.compile(r"^[^：:，,。！!？?；;\d]{2,14}(?<![说讲问道写喊答])[：:]\s*(?=我(?!们))")


def corrected(sentence: str) -> str:
    """:func:`denial_last` (with a short announcing lead-in before a colon left off: 补充一下：我…), and in a
    sentence that opens with a correction (不好意思我说错了，…) the denied half
    said without a comma (…三岁不是两岁) set off as its clause (…三岁，不是两岁), which the rules drop."""
    # 另外说一下我自己的事：我搬到成都了 → 我搬到成都了; round 46: 另一个同事张伟… → 我同事张伟…
    out = _ANNOUNCED.sub("", denial_last(zh_another(sentence)), count=1)
    if ZH_CORRECTION_OPEN.match(out):
        out = re.sub(r"(?<=[^，,])((?:而)?(?:不是|并非)[^，,。！!；;我你他她]{1,12}[。！!]?)$", r"，\1", out)
    return out


def denial_last(sentence: str) -> str:
    """``sentence`` with a denial-first correction turned round (…不是七岁，是八岁 → …是八岁，不是七岁; also
    不是小亮而是小明), or a denial said with the fact's own verb (叫小明，不叫小亮 → 叫小明，不是小亮): the shape
    whose negated half the rules drop; as given otherwise."""
    if (same := _SAME_VERB_DENIED.match(sentence)) is not None and same["x"] != same["y"]:
        return f"{same['head']}{same['x']}，不是{same['y']}{same['end']}"  # 叫小明，不叫小亮 → 叫小明，不是小亮
    m = _DENIAL_FIRST.match(sentence)
    if m is None:
        return sentence
    head, denied, fact, end = m.groups()
    verb = _DENIED_VERB.match(fact) is not None
    n = len(os.path.commonprefix([denied, fact])) if verb else 0
    while n > 0 and not _DENIED_VERB.fullmatch(fact[:n]):
        n -= 1  # (叫小亮 / 叫小明: the verb 叫 is shared, 小 is the value's)
    denied = denied[n:] if 0 < n < len(denied) else denied  # 不是住在北京 → 不是北京: the verb is the fact's
    k = len(t.group(0)) if verb and (t := _DENIED_TAIL.search(fact)) and denied.endswith(t.group(0)) else 0
    denied = denied[:-k] if 0 < k < len(denied) else denied  # 不是在腾讯工作 → 不是腾讯
    return f"{head}{'' if verb else '是'}{fact}，不是{denied}{end}"
#: a reduplicated pet name (豆豆, 朵朵) as the subject of a clause, and the reduplicated words that are no name
NICKNAME = re.compile(r"^(([\u4e00-\u9fff])\2)(?=今年|是|在|叫|也|很|特别|喜欢|对|有|每|经常|已经|上|读)")
NOT_NICKNAME = frozenset("天天 常常 刚刚 渐渐 偏偏 慢慢 好好 往往 明明 恰恰 仅仅 默默 轻轻 悄悄 稍稍 早早 "
                         "每每 人人 个个 处处 时时 年年 月月 日日 统统 白白 紧紧 久久 匆匆 静静 大大 哈哈 "
                         "呵呵 嘿嘿".split())
#: a habit, a study or a plan stopped (戒咖啡了, 放弃日语了): the user's own, said without 我 (as a life event is)
STOPPED = re.compile(r"^(?:已经|终于|早就|彻底)?(?:戒掉?|戒除|放弃|不再|停止|停掉|退出|退掉|取消)"
                     r"(?=[\u4e00-\u9fffA-Za-z])")

#: a time adverb after 我 that the predicate is read without (我现在住在…, 我目前最喜欢的水果是…, 我这阵子最爱…):
#: 现在/目前/如今 before any of the predicates below, the longer spans (最近, 这阵子…) only before a favourite
NOW_BEFORE = re.compile(r"^(?:(?:现在|目前|如今|当前|眼下)(?=在|是|住|做|当|叫|已经|搬|最|更|比较|喜欢|爱|养|有)|"
                         r"(?:最近|近来|近期|这阵子|这段时间|这些天|这几天|这两年|这几年)(?=最(?:喜欢|爱)))")
#: a leading span of time that is not a topic of its own (这阵子我最爱…): the clause is read from 我 on
TIME_SPAN = re.compile(r"^(?:这阵子|这段时间|这些天|这几天|这两天|这两年|这几年|这些年|近来|近期|眼下|当前|"
                       r"这个?月|这(?:个)?(?:星期|礼拜)|这周|这学期|这半年)$")
#: a person's advice or order to the user (医生让我少吃盐, 老板要我加班): what they said, not a fact of theirs
ADVICE = re.compile(r"^(?:总是|老是|一直|经常|又|也|还|都|就)?"
                    r"(?:让|叫|要|建议|劝|嘱咐|叮嘱|要求|提醒|不让|不许|命令|催)我")
#: a habit's object that is only a pronoun (我老是忘记它): no activity is stated
HABIT_PRONOUN_OBJECT = re.compile(r"(?:它|它们|这个|那个|这件事|那件事|这事|那事|这些|那些)[了啊呀呢吧。！!]*$")

#: a clause that is only a degree word and a short word of judgement (很严重, 挺贵的, 特别方便, 太难了), after
#: a verb of use at most (开着还行, 用起来挺顺手):
#: a comment on what the clause before says (对花生过敏，很严重; 楼下新开了一家火锅店，挺贵的), not a
#: predicate of a dropped subject — 我很严重, 我挺贵的 would be wrong memories. The rules join it to the
#: fact before it, and no subject is carried into it. A liking, an ability or a frequency after the
#: degree word (很爱吃辣, 挺能喝, 很少喝酒) is the subject's own and is carried.
BARE_JUDGEMENT = re.compile(r"(?:[\u4e00-\u9fff](?:着|起来))?(?:(?:很|挺|特别|非常|太|超级?|好|比较|有点|有些|相当|"
                            r"十分|蛮|真|巨|贼|还|还算|也|都|不太|不怎么|不是很|极其|格外)+(?!喜欢|爱|讨厌|怕|想|恨|会|能|要|"
                            r"少|多|常|久|不|没)[\u4e00-\u9fff]{1,2}|还行|还好|不错|一般|不行)[的了啊呀哦呢哈啦]*[。！!～~]*")
