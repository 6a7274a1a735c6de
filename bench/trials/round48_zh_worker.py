"""Round 48's trial B: a young office worker in 深圳 over three months, told in spoken Chinese with English words
(own sentences, no data set; written by a new user from the README and docs only; ~74 messages, ~55 questions with
an answer and ~13 without).

    python bench/trials/round48_zh_worker.py [OUTDIR]      # ~20 s

Valid time is relative to the clock's now: the first message is 90 days ago, and the dates written inside messages
(入职 date, 复查 date, …) are computed from the same offsets, so the story reads the same whichever day it runs.
Store A: capture each message with its date (at=), drain after each day, ask with context (library API).
Store B (raw baseline): every user message imported as-is (format-1 import: no extraction, no decision), same context.
"""
import datetime as dt

from zh_harness import run, stores

OUT, DB, RAW = stores("trialB48_")

TODAY = dt.date.today()
START = TODAY - dt.timedelta(days=90)


def day(k: int) -> dt.date:
    return START + dt.timedelta(days=k)


def md(k: int) -> str:  # 11月9号
    d = day(k)
    return f"{d.month}月{d.day}号"


def slash(k: int) -> str:  # 12/17
    d = day(k)
    return f"{d.month}/{d.day}"


# the 18th of the month after day 33, as an offset (the friend's wedding, told as 下个月18号)
_d33 = day(33)
_wed = dt.date(_d33.year + (_d33.month == 12), _d33.month % 12 + 1, 18)
WED = (_wed - START).days
# mum's check-up: 下个月15号 told on day 20
_d20 = day(20)
CHK = (dt.date(_d20.year + (_d20.month == 12), _d20.month % 12 + 1, 15) - START).days
JOIN1, JOIN2, MOVE = 50, 57, 44

# (day offset, text, keyword naming the event for time-window questions or None)
MSGS = [
    (0, "我在南山一家做跨境电商的公司做运营，每天meeting开到怀疑人生", None),
    (0, "我组长叫陈静，我们都喊她陈姐，人还行就是KPI压得特别紧", None),
    (0, "唉好想躺平", None),
    (2, "跟室友阿琪在福田合租，她是护士，老上夜班", None),
    (2, "家里还有只橘猫叫年糕，胖得跟个球一样", None),
    (4, "每周二和周四晚上去健身房练腿，练完走路都打颤", None),
    (4, "地球离月球到底多远啊", None),
    (5, "国庆打算跟阿琪去成都吃火锅", None),
    (7, "最近在偷偷看机会，简历投了好几家", None),
    (7, "下周二有个面试，星河科技的数据分析岗", None),
    (8, "现在月薪一万五，到手也就一万二出头", None),
    (9, "面试改到周三下午了", None),
    (10, "HR刚说不是周三，是周四下午三点，搞得我好乱", None),
    (12, "我妈给我安排了个相亲，男生叫张浩，在华为做硬件工程师，在坂田上班", "相亲"),
    (12, "见了一面，感觉还行吧，至少不讨厌", None),
    (14, "老板今天又在meeting上点名说我，气死了", None),
    (15, "吉他我都弹了五年了，最近又捡起来练", None),
    (15, "要是明年能涨薪就好了", None),
    (17, "星河那边二面过了，等offer中", None),
    (18, "以前在广州干了两年电商客服，后来才来的深圳", None),
    (19, "我爸妈都在湖北宜昌老家，爸爸退休了，妈妈还在超市上班", None),
    (20, "我爸血糖有点高，医生让他少吃米饭多走路", None),
    (20, "我妈下个月15号去医院做体检", None),
    (22, "国庆不去成都了，机票太贵，就在家躺着陪年糕", None),
    (23, "python的list怎么去重", None),
    (24, "拿到offer了！星河科技，月薪两万二", "offer"),
    (24, "决定接了，明天就跟陈姐提离职", None),
    (25, "跟领导提了离职，她脸都黑了", "离职"),
    (27, f"入职时间定在{md(JOIN1)}", None),
    (28, "团建定在下周五，去大鹏爬山", None),
    (30, "又跟张浩出去吃了顿饭，他挺细心的", None),
    (31, "每个月定投基金一千块，买的沪深300", None),
    (33, "好朋友小雅下个月18号结婚，我当伴娘", None),
    (35, "今天last day，坐我旁边的同事王磊请我喝了奶茶，有点舍不得", "离职"),
    (37, "新公司在西丽，从福田过去太远了，得搬家", None),
    (38, "今天去看了房，留仙洞那边一房一厅，月租四千五，押一付三", None),
    (40, "房子定了，下周六搬", None),
    (40, "阿琪说她会想年糕的哈哈", None),
    (CHK - 1, "明天陪我妈体检，我请了假回宜昌", None),
    (43, "张浩也养猫，一只布偶叫可乐", None),
    (MOVE, "搬完了！新地址是南山区西丽留仙洞云栖花园3栋", "搬家"),
    (CHK + 3, "我妈体检结果出来了，都挺好的，就是有点骨质疏松", "体检"),
    (47, f"HR说入职推迟一周，改成{md(JOIN2)}了", None),
    (48, "张浩跟我表白了，我答应了，现在算正式在一起了", "在一起"),
    (52, "健身改成周末了，工作日实在没空，周六练腿周日练背", None),
    (JOIN2, "今天入职星河科技！新领导叫刘洋，是数据组的组长", "入职"),
    (JOIN2 + 1, "刘哥人挺nice的，不怎么push人", None),
    (JOIN2 + 3, "周末接了个副业，帮一家咖啡店运营小红书，一个月两千", "副业"),
    (WED, "小雅婚礼累瘫了，当伴娘站了一整天", "婚礼"),
    (WED + 1, f"我爸下个月要去复查血糖，约在{slash(100)}", None),
    (WED + 2, "跟张浩商量以后在惠州买房，首付先攒着，房贷打算贷三十年", None),
    (WED + 3, "今天有点emo，不想说话", None),
    (WED + 4, "年糕最近不怎么吃东西，带它去看了兽医，说是肠胃炎", "兽医"),
    (WED + 5, "新公司KPI是每个月出四份分析报告", None),
    (WED + 6, "张浩是湖南人，比我大两岁", None),
    (WED + 7, "我其实不能吃太辣，一吃就胃疼", None),
    (WED + 8, "要是张浩能调到南山来上班就好了", None),
    (WED + 9, "元旦打算回宜昌看爸妈", None),
    (WED + 10, "今年基金亏了百分之八，心累", None),
    (WED + 11, "今天世界杯决赛谁赢了", None),
    (WED + 12, "副业不做了，咖啡店那边没续约", "副业"),
    (WED + 13, "下周三部门团建，去吃潮汕牛肉火锅", None),
    (WED + 14, "刘洋说年底要给我定新的KPI", None),
    (WED + 15, "以前在广州那会儿住在天河", None),
    (WED + 16, "我妈最近在跳广场舞，精神头不错", None),
    (WED + 17, "阿琪下个月要去北京进修半年", None),
    (WED + 18, "周末练完腿去撸串，白练了哈哈", None),
    (WED + 18, "帮我写个请假条吧", None),
]
MSGS = [(k, t, kw) for k, t, kw in MSGS if k < 90]
MSGS.sort(key=lambda m: m[0])


def window_kws(first: dt.date, last: dt.date) -> list[str]:
    return sorted({kw for k, _, kw in MSGS if kw and first <= day(k) <= last})


_first_this = TODAY.replace(day=1)
_last_prev = _first_this - dt.timedelta(days=1)
LAST_MONTH = window_kws(_last_prev.replace(day=1), _last_prev)
_m40 = day(40)
M40_FIRST = _m40.replace(day=1)
M40_LAST = (M40_FIRST + dt.timedelta(days=32)).replace(day=1) - dt.timedelta(days=1)
MONTH40 = window_kws(M40_FIRST, M40_LAST)

# (question, any-of expected keywords or None = should get nothing, stale keywords that must not appear alone)
QS = [
    # by role / by name
    ("我现在的领导是谁", ["刘洋", "刘哥"], []),
    ("我之前那个组长叫啥", ["陈静", "陈姐"], []),
    ("陈姐全名叫什么", ["陈静"], []),
    ("刘哥是谁", ["刘洋", "领导", "组长"], []),
    ("王磊是谁", ["同事"], []),
    ("我室友叫什么", ["阿琪"], []),
    ("阿琪干什么的", ["护士"], []),
    ("阿琪要去哪进修", ["北京"], []),
    ("我对象叫啥", ["张浩"], []),
    ("张浩在哪上班", ["华为", "坂田"], []),
    ("我男朋友是哪里人", ["湖南"], []),
    ("张浩比我大几岁", ["两岁"], []),
    ("我跟张浩怎么认识的", ["相亲"], []),
    # job
    ("我现在几号入职", [md(JOIN2), "入职星河"], [md(JOIN1)]),
    ("我现在在哪家公司上班", ["星河"], ["跨境电商"]),
    ("我新工作是什么岗位", ["数据分析"], []),
    ("我现在工资多少", ["两万二"], ["一万五"]),
    ("面试最后定在哪天", ["周四"], ["改到周三"]),
    ("我offer接了吗", ["接了", "星河"], []),
    ("新公司KPI怎么算", ["四份"], []),
    ("我以前在哪工作过", ["广州"], []),
    ("在广州那会儿做什么", ["客服"], []),
    # home
    ("我现在住哪", ["西丽", "留仙洞", "云栖"], ["福田"]),
    ("搬家之前我住哪个区", ["福田"], []),
    ("房租一个月多少", ["四千五", "4500"], []),
    ("房子押几付几", ["押一付三"], []),
    ("我猫叫啥", ["年糕"], ["可乐"]),
    ("年糕什么颜色的", ["橘"], []),
    ("年糕生了什么病", ["肠胃炎"], []),
    ("张浩的猫叫什么", ["可乐"], []),
    # schedule, plans, events
    ("我现在哪天练腿", ["周六", "周末"], ["周二和周四"]),
    ("吉他学了多久", ["五年"], []),
    ("国庆最后去哪了", ["在家", "不去成都"], ["去成都吃火锅"]),
    ("团建去哪爬山", ["大鹏"], []),
    ("新公司团建吃什么", ["牛肉火锅"], []),
    ("小雅哪天结婚", ["18"], []),
    ("我在小雅婚礼上干嘛", ["伴娘"], []),
    ("元旦有什么安排", ["宜昌"], []),
    # family
    ("我爸妈住哪", ["宜昌"], []),
    ("我爸身体怎么样", ["血糖"], []),
    ("我爸什么时候复查", [slash(100), md(100)], []),
    ("我妈体检查出什么了", ["骨质疏松"], []),
    ("我妈还上班吗", ["超市"], []),
    # money, side job
    ("我还在做副业吗", ["不做了"], []),
    ("副业之前一个月挣多少", ["两千"], []),
    ("我每个月定投多少", ["一千"], []),
    ("我买的什么基金", ["沪深300"], []),
    ("今年投资收益怎样", ["亏"], []),
    ("买房有什么打算", ["惠州"], []),
    ("房贷打算贷多少年", ["三十年"], []),
    ("我能吃辣吗", ["胃疼", "不能吃太辣"], []),
    # windows
    ("上个月我干了啥", LAST_MONTH or None, []),
    (f"{_m40.month}月份发生了什么", MONTH40 or None, []),
    # English about Chinese-told facts
    ("What's my cat's name?", ["年糕"], ["可乐"]),
    ("Who is my boyfriend?", ["张浩"], []),
    ("Where do I live now?", ["西丽", "留仙洞", "云栖"], ["福田"]),
    ("Which days do I train legs now?", ["周六", "周末"], ["周二和周四"]),
    ("How long have I been playing guitar?", ["五年"], []),
    # yes/no
    ("我是不是还住福田", ["西丽", "留仙洞", "云栖", "搬"], []),
    ("张浩是不是在腾讯上班", ["华为"], []),
    # should get nothing
    ("我大学在哪读的", None, []),
    ("我弟弟叫什么", None, []),
    ("我女儿几岁了", None, []),
    ("我开的什么车", None, []),
    ("我什么血型", None, []),
    ("我爷爷身体怎么样", None, []),
    ("我最喜欢哪个歌手", None, []),
    ("地球离月球多远", None, []),
    ("python list怎么去重", None, []),
    ("世界杯决赛谁赢了", None, []),
    ("深圳今天天气怎么样", None, []),
    ("What's the capital of Canada?", None, []),
    ("帮我写个请假条", None, []),
]


def judge(block, exp, stale):
    if exp is None:
        return "silent_ok" if not block else "injected"
    if not block:
        return "silent_miss"
    if any(k in block for k in exp):
        return "right"
    if stale and any(k in block for k in stale):
        return "stale"
    return "wrong"


run([(day(k).isoformat(), t) for k, t, _ in MSGS], QS, judge, OUT, DB, RAW,
    head=f"messages {len(MSGS)}, questions {len(QS)} ({sum(e is None for _, e, _ in QS)} should get nothing)")
