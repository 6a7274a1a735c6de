"""Round 47's trial B: a Chinese-speaking user caring for family over three months (own sentences, no data set;
written by a new user from the README only; 70 messages, 60 questions with an answer and 12 without).

    python bench/trials/round47_zh_carer.py [OUTDIR]      # ~15 s; also run by bench/figures.sh

Questions are asked at the clock's now (recency weights move with the date): compare two trees in the same run.
Store A: capture each message with its date (--at), drain after each day, ask with context (library API).
Store B (raw baseline): every user message imported as-is (format-1 import: no extraction, no decision), same context.
"""
import json
import os
import subprocess
import sys
import tempfile

from memcli import Memory

OUT = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="trialB_")
os.makedirs(OUT, exist_ok=True)
DB, RAW = os.path.join(OUT, "a.db"), os.path.join(OUT, "raw.db")
for p in (DB, RAW):
    for suf in ("", "-wal", "-shm"):
        if os.path.exists(p + suf):
            os.remove(p + suf)

# (date, text) — one day's messages share a date; drained after each day
MSGS = [
    ("2026-09-01", "最近忙死了，我在一家物流公司做产品经理，天天加班"),
    ("2026-09-01", "每天坐地铁4号线上班，单程差不多一个小时，太折腾了"),
    ("2026-09-01", "要是能在家办公就好了"),
    ("2026-09-03", "今天带我妈去看心内科，医生说她血压控制得不好，把原来吃的氨氯地平换成缬沙坦了，一天一片"),
    ("2026-09-03", "她还老忘记吃药，愁人"),
    ("2026-09-05", "豆豆今年上三年级了，豆豆是我儿子的小名哈"),
    ("2026-09-05", "他们班主任姓周，周丽萍老师，教语文的，人挺好"),
    ("2026-09-05", "对了他对花生过敏，吃一点就起疹子，学校食堂我专门跟老师说了"),
    ("2026-09-07", "你说月亮为什么总是一面朝着地球啊"),
    ("2026-09-08", "豆豆每周二周四放学去学围棋"),
    ("2026-09-10", "我老婆在招商银行做柜员，做了八年了"),
    ("2026-09-10", "她说想换工作，银行太累了"),
    ("2026-09-12", "我自己不吃香菜，一点都不行，老婆倒是无所谓"),
    ("2026-09-14", "舅舅在绍兴开了个茶馆，开了快十年了，中秋打算去他那儿坐坐"),
    ("2026-09-16", "家长会定在下周三晚上七点"),
    ("2026-09-16", "不对，是周四，老师刚在群里改了"),
    ("2026-09-18", "我爸下个月要去做心脏支架手术，医生说问题不大"),
    ("2026-09-18", "心里还是慌，睡不着"),
    ("2026-09-20", "每个月房贷一万二，压力山大"),
    ("2026-09-20", "另外每个月给爸妈打两千生活费"),
    ("2026-09-22", "今天天气怎么这么闷"),
    ("2026-09-24", "我们看好房子了，打算下个月中旬从闵行搬到徐汇，离豆豆学校近点"),
    ("2026-09-25", "帮我想想中秋节给领导送什么好"),
    ("2026-09-27", "姑姑住院了，肺癌晚期，表姐一直在医院陪着"),
    ("2026-09-29", "中秋去绍兴舅舅那儿喝了茶，他的茶馆生意还不错"),
    ("2026-10-02", "豆豆芒果也过敏，昨天吃了芒果布丁嘴都肿了"),
    ("2026-10-05", "姑姑昨天走了，才六十二岁，唉"),
    ("2026-10-05", "小时候她最疼我了"),
    ("2026-10-08", "我爸今天住进瑞金医院了，后天做支架"),
    ("2026-10-10", "手术很顺利，放了两个支架"),
    ("2026-10-14", "老爸出院了，医生让他一个月以后复查，另外每天吃阿司匹林和氯吡格雷"),
    ("2026-10-16", "今天搬家，累瘫了，新家在徐汇天钥桥路那边"),
    ("2026-10-17", "搬完家我现在骑电动车上班了，二十分钟就到，比地铁强太多"),
    ("2026-10-19", "python里怎么把列表倒过来"),
    ("2026-10-20", "老婆跟我说她从招行辞职了，下个月去一家新能源公司做财务"),
    ("2026-10-22", "豆豆的围棋课不上了，改成每周六上午学编程"),
    ("2026-10-24", "我妈这周又去复查了，血压稳下来了，缬沙坦接着吃"),
    ("2026-10-26", "表姐说她十一月要结婚了，婚礼在长沙办"),
    ("2026-10-28", "给豆豆报了个英语外教，一节课三百，好贵"),
    ("2026-10-30", "我们今年春节打算回湖南常德老家过年"),
    ("2026-11-02", "老婆今天去新公司报到了，公司在张江"),
    ("2026-11-02", "她每天通勤要一个半小时，有点心疼"),
    ("2026-11-04", "买了五万块的银行理财，年化两个多点"),
    ("2026-11-06", "我爸复查的日子定在12月18号，在瑞金医院"),
    ("2026-11-08", "豆豆数学期中考了九十五分，语文差一点，八十八"),
    ("2026-11-10", "周老师说豆豆上课爱讲话"),
    ("2026-11-12", "下周五是我妈七十岁生日，打算在家里给她过"),
    ("2026-11-14", "最近睡眠不好，老是半夜醒"),
    ("2026-11-15", "表姐的婚礼我们去不了了，随了两千块红包"),
    ("2026-11-17", "今天公司开会，领导又画大饼"),
    ("2026-11-18", "我被调到供应链那个组了，还是做产品，汇报给新领导刘总"),
    ("2026-11-20", "给我妈过完生日了，她很开心，订了个蛋糕"),
    ("2026-11-21", "春节不回常德了，老婆说想带豆豆去三亚，机票都订好了"),
    ("2026-11-21", "我爸妈说他们自己在家过，也行"),
    ("2026-11-23", "二〇二三年我们家去过一次三亚，豆豆那时候才五岁"),
    ("2026-11-24", "去年冬天我妈摔了一跤，腰一直不太好"),
    ("2026-11-25", "豆豆的同桌叫王子轩，两个人天天一起玩"),
    ("2026-11-25", "我们家楼下新开了一家健身房"),
    ("2026-11-26", "大后天带豆豆去打流感疫苗"),
    ("2026-11-26", "我老婆不喝酒，过年聚会她都开车"),
    ("2026-11-27", "美国总统任期几年来着"),
    ("2026-11-27", "我妈的降压药医生又加了一种，氢氯噻嗪，早上一起吃"),
    ("2026-11-28", "三月中旬豆豆学校有春游，到时候再说吧"),
    ("2026-11-28", "以前在上一家公司做的是电商运营，那家叫优品汇"),
    ("2026-11-28", "我姐在深圳做律师，很少回来"),
    ("2026-11-28", "她女儿叫朵朵，今年上初一"),
    ("2026-11-29", "我们小区物业费一年六千多"),
    ("2026-11-29", "周末想出去走走，又怕冷"),
    ("2026-11-30", "豆豆的外教英语课改到周日下午了"),
    ("2026-11-30", "最近股市太差了，心情不好"),
]

# (question, any-of expected keywords or None = should get nothing, stale keywords that must not appear alone)
QS = [
    ("我妈现在吃什么降压药", ["缬沙坦", "氢氯噻嗪"], ["氨氯地平"]),
    ("孩子班主任是谁", ["周"], []),
    ("我们家谁对花生过敏", ["豆豆", "儿子", "花生过敏"], []),
    ("豆豆还对什么东西过敏", ["芒果"], []),
    ("我儿子小名叫什么", ["豆豆"], []),
    ("儿子读几年级", ["三年级"], []),
    ("豆豆课外班现在上什么", ["编程", "英语"], ["围棋"]),
    ("豆豆还学围棋吗", ["不上", "编程"], []),
    ("我老婆现在在哪上班", ["新能源", "张江"], ["招商银行做柜员"]),
    ("我爱人以前做什么工作", ["招商银行", "柜员", "招行"], []),
    ("老婆的新公司在哪", ["张江"], []),
    ("我们什么时候搬的家", ["10 月 16", "10月16", "搬家", "徐汇"], []),
    ("现在住哪个区", ["徐汇"], ["闵行"]),
    ("我现在怎么去上班", ["电动车"], ["地铁4号线"]),
    ("我上班通勤多久", ["二十分钟", "20"], []),
    ("我是做什么工作的", ["产品经理", "产品"], []),
    ("我以前在哪上班", ["优品汇", "电商运营"], []),
    ("我现在的领导是谁", ["刘总"], []),
    ("我爸做了什么手术", ["支架"], []),
    ("我爸在哪家医院住的院", ["瑞金"], []),
    ("我爸什么时候去复查", ["12月18", "12 月 18"], []),
    ("我爸现在每天吃什么药", ["阿司匹林", "氯吡格雷"], []),
    ("姑姑怎么了", ["去世", "走了", "肺癌"], []),
    ("舅舅是做什么的", ["茶馆"], []),
    ("舅舅住在哪", ["绍兴"], []),
    ("表姐的婚礼在哪办", ["长沙"], []),
    ("表姐结婚我们随了多少钱", ["两千", "2000"], []),
    ("我们春节去哪过", ["三亚"], ["常德老家过年"]),
    ("春节还回老家吗", ["三亚", "不回"], []),
    ("每个月房贷多少", ["一万二"], []),
    ("我每月给爸妈多少生活费", ["两千"], []),
    ("我买了多少理财", ["五万"], []),
    ("我有什么不吃的东西", ["香菜"], []),
    ("老婆喝酒吗", ["不喝酒"], []),
    ("家长会是哪天", ["周四"], []),
    ("我妈生日是哪天", ["生日", "11 月 20", "11月20"], []),
    ("我妈多大年纪了", ["七十"], []),
    ("我妈腰怎么了", ["摔"], []),
    ("豆豆的同桌是谁", ["王子轩"], []),
    ("豆豆期中数学考了多少", ["九十五"], []),
    ("我们家哪年去过三亚", ["2023", "二〇二三"], []),
    ("我姐做什么的", ["律师"], []),
    ("我外甥女叫什么", ["朵朵"], []),
    ("豆豆什么时候打疫苗", ["流感疫苗"], []),
    ("上个月我们家发生了什么大事", ["搬", "支架", "姑姑", "辞职"], []),
    # English about Chinese-told facts
    ("What blood pressure medicine does my mom take now?", ["缬沙坦", "氢氯噻嗪"], ["氨氯地平"]),
    ("Who is my son's homeroom teacher?", ["周"], []),
    ("Where does my wife work now?", ["新能源", "张江"], []),
    ("Is my son allergic to anything?", ["花生", "芒果"], []),
    ("Where are we going for Chinese New Year?", ["三亚"], []),
    # time, past values, yes/no
    ("我爸哪天做的支架手术", ["后天做支架", "10月10", "10 月 10"], []),
    ("我爸什么时候住的院", ["10 月 8", "10月8"], []),
    ("姑姑什么时候去世的", ["走了", "去世"], []),
    ("老婆什么时候换的工作", ["辞职", "报到"], []),
    ("我们以前住哪", ["闵行"], []),
    ("我妈以前吃什么降压药", ["氨氯地平"], []),
    ("Where did we live before we moved?", ["闵行"], []),
    ("豆豆是不是对芒果过敏", ["芒果"], []),
    ("我是不是不吃香菜", ["香菜"], []),
    ("我爸是不是在华山医院做的手术", ["瑞金"], []),
    # should get nothing
    ("月亮为什么总是一面朝着地球", None, []),
    ("美国总统任期几年", None, []),
    ("python怎么反转列表", None, []),
    ("帮我写一首关于秋天的诗", None, []),
    ("我女儿叫什么名字", None, []),
    ("我养的猫叫什么", None, []),
    ("我爷爷住哪", None, []),
    ("我老婆对什么过敏", None, []),
    ("我哥哥在哪工作", None, []),
    ("今天上海天气怎么样", None, []),
    ("What's the capital of Australia?", None, []),
    ("我的车是什么牌子", None, []),
]


def judge(block, exp, stale):
    if exp is None:
        return "silent_ok" if not block else "injected"
    if not block:
        return "silent_miss"
    if any(k in block for k in exp):
        if stale and any(k in block for k in stale) and not any(k in block for k in exp):
            return "stale"
        return "right"
    return "wrong"


def ask_all(mem, tag):
    res, counts = [], {}
    for q, exp, stale in QS:
        ctx = mem.context(q, budget_ms=5000)
        v = judge(ctx.text, exp, stale)
        stale_seen = bool(ctx.text and stale and any(k in ctx.text for k in stale))
        counts[v] = counts.get(v, 0) + 1
        res.append({"q": q, "exp": exp, "verdict": v, "stale_also_shown": stale_seen, "block": ctx.text})
    with open(os.path.join(OUT, f"{tag}_answers.json"), "w") as f:
        json.dump(res, f, ensure_ascii=False, indent=1)
    return counts, res


with Memory(db=DB, user="me") as mem:
    day = None
    for at, text in MSGS:
        if day and at != day:
            mem.drain()
        day = at
        mem.capture(text, at=at + "T20:00:00+08:00", session=at)
    mem.drain()
    a_counts, a_res = ask_all(mem, "memcli")

lines = [json.dumps({"text": t, "at": at + "T12:00:00Z"}, ensure_ascii=False) for at, t in MSGS]
with open(os.path.join(OUT, "raw.jsonl"), "w") as f:
    f.write("\n".join(lines) + "\n")
env = dict(os.environ, MEMCLI_CONFIG="/dev/null")
subprocess.run([sys.executable, "-m", "memcli", "--db", RAW, "--user", "me", "import", os.path.join(OUT, "raw.jsonl")],
               check=True, env=env, capture_output=True)
with Memory(db=RAW, user="me") as raw:
    b_counts, b_res = ask_all(raw, "raw")

print("memcli:", a_counts)
print("raw   :", b_counts)
for a, b in zip(a_res, b_res, strict=True):
    print(f"{a['verdict']:11s} {b['verdict']:11s} {'STALE' if a['stale_also_shown'] else '     '} {a['q']}")
print("OUT", OUT)
