# ruff: noqa: E501, RUF001  (data lists: one entry per line reads best; full-width punctuation is Chinese)
"""Build ``goldset/retrieval.jsonl``: per-user stores of 50–300 memories and the queries whose
relevant memories are known, Chinese and English, written for memcli (no line comes from a
public data set, the eval sets or any other goldset file).

Run from the repo root:  python goldset/src/build_retrieval.py   (deterministic: fixed seeds)

Why generated from hand-written parts: a store that separates retrieval methods needs many
memories that share words but not meaning — the birthday of four relatives, the city one
person lives in and another grew up in, a brand that is one person's employer and another's
phone — and queries whose single right answer is clear. Each user is a household: people
(the user, relatives, colleagues, friends; ``*_PEOPLE``) with attributes (``*_ATTRS``: how a
memory states it, how a question asks for it with the attribute's word, and how it asks with
other words), values drawn per user from pools, and everyday memories about nobody
(``*_OTHER``) as filler. Every query's relevant memories are exactly those that state the asked
person's asked attribute (or, for ``by_value`` queries, every memory holding the value).

One case per line, the format ``memcli eval retrieval --cases FILE`` reads:
``{"user", "memories": [{"ref", "text", "at"}], "queries": [{"query", "relevant": [ref...],
"tags": [...]}]}``. Tags: ``keyword`` (the query names the attribute with the memory's word),
``no_overlap`` (other words: only meaning connects them), ``self`` (the user's own fact, with the
same attribute of other people in the store), ``by_value`` (who/what holds a value), ``same_attr``
(other people's memories in the store state the same attribute: the distractors), ``zh``/``en``.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Person:
    key: str
    says: str  # how a memory names them (the user: "我" / "I")
    asks: tuple[str, ...]  # how a question names them (other words welcome)
    kind: str  # self | adult | child | elder — which attributes apply


@dataclass(frozen=True)
class Attr:
    key: str
    memory: str  # template with {p} (person) and {v} (value); self: memory_self
    memory_self: str
    keyword_q: tuple[str, ...]  # questions that use the memory's word for the attribute
    other_q: tuple[str, ...]  # questions in other words
    values: tuple[str, ...]
    kinds: tuple[str, ...] = ("self", "adult", "elder")
    by_value_q: str | None = None  # a who-holds-this-value question ({v})


# -- Chinese -------------------------------------------------------------------------------------

ZH_PEOPLE = [
    Person("self", "我", ("我",), "self"),
    Person("mother", "我妈妈", ("我妈", "我母亲", "老妈"), "elder"),
    Person("father", "我爸爸", ("我爸", "我父亲", "老爸"), "elder"),
    Person("wife", "我老婆", ("我爱人", "我妻子", "我媳妇"), "adult"),
    Person("sister", "我姐姐", ("我姐", "我家姐姐"), "adult"),
    Person("brother", "我弟弟", ("我弟", "我家老弟"), "adult"),
    Person("son", "我儿子", ("我家儿子", "儿子"), "child"),
    Person("daughter", "我女儿", ("我家闺女", "女儿"), "child"),
    Person("boss", "我领导", ("我上司", "我们老板"), "adult"),
    Person("chen", "我同事小陈", ("小陈", "同事小陈"), "adult"),
    Person("friend", "我发小阿杰", ("阿杰", "我发小"), "adult"),
    Person("grandma", "我外婆", ("我姥姥", "外婆"), "elder"),
    Person("uncle", "我舅舅", ("舅舅", "我妈的弟弟"), "elder"),
    Person("roommate", "我室友小林", ("小林", "我室友"), "adult"),
]

ZH_ATTRS = [
    Attr("birthday", "{p}的生日是{v}", "我的生日是{v}", ("{p}的生日是哪天", "{p}生日几号"), ("{p}是几月几号出生的", "哪天该给{p}送礼物庆祝"),
         ("1月9号", "2月14号", "3月5号", "4月22号", "5月1号", "6月18号", "7月30号", "8月8号", "9月12号", "10月3号", "11月27号", "12月24号"),
         ("self", "adult", "elder", "child")),
    Attr("job", "{p}是{v}", "我是{v}", ("{p}的职业是什么",), ("{p}是做什么工作的", "{p}靠什么谋生"),
         ("护士", "律师", "程序员", "中学老师", "会计", "厨师", "牙医", "建筑师", "公务员", "外卖骑手", "记者", "药剂师"),
         ("self", "adult"), "谁是{v}"),
    Attr("employer", "{p}在{v}上班", "我在{v}上班", ("{p}在哪里上班",), ("{p}的单位是哪家", "{p}给哪家公司打工"),
         ("华为", "招商银行", "人民医院", "字节跳动", "一家外贸公司", "中国移动", "小米", "一所大学", "京东", "顺丰"),
         ("self", "adult")),
    Attr("residence", "{p}住在{v}", "我住在{v}", ("{p}住在哪个城市", "{p}住哪儿"), ("{p}家在什么地方", "要去看{p}得去哪座城市"),
         ("成都", "杭州", "南京", "青岛", "苏州", "武汉", "西安", "厦门", "长沙", "大连", "昆明", "天津"),
         ("self", "adult", "elder"), "谁住在{v}"),
    Attr("hometown", "{p}老家是{v}的", "我老家是{v}的", ("{p}老家是哪里",), ("{p}是哪里人", "{p}的籍贯"),
         ("湖南", "山东", "四川", "河南", "东北", "广西", "江西", "安徽", "浙江", "山西"),
         ("self", "adult", "elder")),
    Attr("allergy", "{p}对{v}过敏", "我对{v}过敏", ("{p}对什么过敏",), ("{p}碰了什么会起疹子", "{p}有什么要忌口的"),
         ("花生", "海鲜", "芒果", "青霉素", "猫毛", "花粉", "牛奶", "鸡蛋", "尘螨", "虾"),
         ("self", "adult", "elder", "child"), "谁对{v}过敏"),
    Attr("food", "{p}最喜欢吃{v}", "我最喜欢吃{v}", ("{p}最喜欢吃什么",), ("给{p}做顿饭，做什么好", "{p}的心头好是哪道菜"),
         ("火锅", "饺子", "红烧肉", "寿司", "螺蛳粉", "烤鸭", "麻辣烫", "小龙虾", "酸菜鱼", "煎饼果子"),
         ("self", "adult", "elder", "child")),
    Attr("hobby", "{p}平时喜欢{v}", "我平时喜欢{v}", ("{p}平时喜欢干什么",), ("{p}有什么爱好", "{p}闲下来一般怎么消遣"),
         ("打羽毛球", "钓鱼", "跳广场舞", "下象棋", "养花", "摄影", "弹吉他", "爬山", "打游戏", "看话剧"),
         ("self", "adult", "elder", "child")),
    Attr("car", "{p}开的是{v}", "我开的是{v}", ("{p}开什么车",), ("{p}的座驾是什么", "{p}代步用的是哪款"),
         ("一辆白色的比亚迪", "特斯拉Model 3", "大众帕萨特", "丰田凯美瑞", "一辆二手的本田飞度", "理想L7", "五菱宏光"),
         ("self", "adult")),
    Attr("phone", "{p}用的是{v}手机", "我用的是{v}手机", ("{p}用什么手机",), ("{p}拿的是哪个牌子的机子",),
         ("华为", "小米", "苹果", "OPPO", "vivo", "荣耀"),
         ("self", "adult", "elder")),
    Attr("age", "{p}今年{v}岁", "我今年{v}岁", ("{p}今年多少岁",), ("{p}多大了", "{p}是哪年生的"),
         tuple(str(n) for n in range(6, 90, 3)), ("adult", "elder", "child")),
    Attr("school", "{p}在{v}上学", "我在{v}上学", ("{p}在哪个学校上学",), ("{p}念的是哪所", "每天送{p}去哪里读书"),
         ("实验小学", "第二中学", "外国语学校", "育才小学", "附属中学", "阳光幼儿园"), ("child",)),
    Attr("pet", "{p}养了{v}", "我养了{v}", ("{p}养了什么宠物",), ("{p}家里有什么小动物",),
         ("一只橘猫", "一条柯基", "两只仓鼠", "一缸金鱼", "一只鹦鹉", "一只布偶猫", "一条金毛"),
         ("self", "adult", "elder")),
]

ZH_OTHER = [
    "我每天早上喝一杯美式", "我周末常去爬山", "我最近在学做面包", "我不太喜欢下雨天", "我去年去成都旅游了",
    "我家楼下新开了一家火锅店", "我每晚睡前看半小时书", "我打算明年换工作", "我在健身房办了年卡", "我上周末去看了话剧",
    "我喜欢听周杰伦的歌", "我坐地铁上班要四十分钟", "我每个月给家里打一次钱", "我小时候学过钢琴", "我家阳台种了几盆多肉",
    "我的电脑是一台旧笔记本", "我一般晚上十一点睡觉", "我不喝酒", "我戴隐形眼镜", "我最近在追一部悬疑剧",
    "我在网上买了一台咖啡机", "我每周三晚上去游泳", "我对咖啡因有点敏感，下午不喝茶", "我去过三次日本", "我喜欢靠窗的座位",
    "我小区门口有个菜市场", "我手机里存了很多猫的照片", "我在学开车，还没拿到驾照", "我每年春节都回老家", "我家的冰箱是海尔的",
    "我上班的地方离家挺近", "我最怕打针", "我早饭一般吃包子", "我喜欢收集邮票", "我一直想去西藏",
    "我的微信头像是一只狗", "我最近老是失眠", "我平时很少看电视", "我喜欢吃辣但吃不了太辣", "我觉得南京的夏天太热了",
]

# -- English -------------------------------------------------------------------------------------

EN_PEOPLE = [
    Person("self", "I", ("I",), "self"),
    Person("mother", "My mom", ("my mother", "mum", "my mom"), "elder"),
    Person("father", "My dad", ("my father", "dad", "my old man"), "elder"),
    Person("husband", "My husband", ("my spouse", "my hubby", "my partner"), "adult"),
    Person("sister", "My sister", ("my sis", "my sister"), "adult"),
    Person("brother", "My brother", ("my bro", "my brother"), "adult"),
    Person("son", "My son", ("my boy", "the boy"), "child"),
    Person("daughter", "My daughter", ("my girl", "my little girl"), "child"),
    Person("boss", "My manager", ("my boss", "the person I report to"), "adult"),
    Person("priya", "My coworker Priya", ("Priya", "my colleague Priya"), "adult"),
    Person("sam", "My best friend Sam", ("Sam", "my closest friend"), "adult"),
    Person("grandma", "My grandma", ("my grandmother", "nana"), "elder"),
    Person("uncle", "My uncle Ray", ("Uncle Ray", "Ray"), "elder"),
    Person("neighbor", "My neighbor Tom", ("Tom next door", "my neighbour"), "adult"),
]


@dataclass(frozen=True)
class EnAttr:
    key: str
    memory: str  # third person, {p} {v}
    memory_self: str
    keyword_q: tuple[str, ...]  # {p} possessive-free name ("my mother"), {pp} possessive ("my mother's")
    other_q: tuple[str, ...]
    values: tuple[str, ...]
    kinds: tuple[str, ...] = ("self", "adult", "elder")
    by_value_q: str | None = None


EN_ATTRS = [
    EnAttr("birthday", "{p}'s birthday is {v}", "My birthday is {v}", ("When is {pp} birthday?", "{pp} birthday date"),
           ("What day was {p} born?", "When should I plan a party for {p}?"),
           ("January 9", "February 2", "March 17", "April 22", "May 30", "June 11", "July 4", "August 19", "September 6", "October 28", "November 13", "December 2"),
           ("self", "adult", "elder", "child")),
    EnAttr("job", "{p} is a {v}", "I'm a {v}", ("What is {pp} job?",), ("What does {p} do for a living?", "How does {p} earn money?"),
           ("nurse", "lawyer", "software engineer", "high school teacher", "accountant", "chef", "dentist", "architect", "paramedic", "electrician", "journalist", "pharmacist"),
           ("self", "adult"), "Who is a {v}?"),
    EnAttr("employer", "{p} works at {v}", "I work at {v}", ("Where does {p} work?",), ("Which company employs {p}?", "Who pays {pp} salary?"),
           ("Amazon", "a bank downtown", "the city hospital", "Google", "a small design studio", "Target", "Apple", "the public library", "Boeing", "a law firm"),
           ("self", "adult")),
    EnAttr("residence", "{p} lives in {v}", "I live in {v}", ("Where does {p} live?", "{pp} city of residence"), ("What city is {p} based in?", "Where would I fly to visit {p}?"),
           ("Denver", "Austin", "Seattle", "Boston", "Chicago", "Portland", "Atlanta", "Phoenix", "Miami", "San Diego", "Toronto", "Dublin"),
           ("self", "adult", "elder"), "Who lives in {v}?"),
    EnAttr("hometown", "{p} grew up in {v}", "I grew up in {v}", ("Where did {p} grow up?",), ("What is {pp} hometown?", "Where is {p} originally from?"),
           ("Ohio", "Texas", "a small town in Maine", "rural Georgia", "Manchester", "Kerala", "New Jersey", "Vermont", "Minnesota", "Wales"),
           ("self", "adult", "elder")),
    EnAttr("allergy", "{p} is allergic to {v}", "I'm allergic to {v}", ("What is {p} allergic to?",), ("What gives {p} hives?", "Anything {p} must avoid eating?"),
           ("peanuts", "shellfish", "penicillin", "cats", "pollen", "eggs", "latex", "bee stings", "dairy", "sesame"),
           ("self", "adult", "elder", "child"), "Who is allergic to {v}?"),
    EnAttr("food", "{p}'s favorite food is {v}", "My favorite food is {v}", ("What is {pp} favorite food?",), ("What should I cook for {p}?", "Which dish does {p} love most?"),
           ("lasagna", "sushi", "tacos", "pad thai", "fried chicken", "ramen", "pancakes", "mac and cheese", "pho", "barbecue ribs"),
           ("self", "adult", "elder", "child")),
    EnAttr("hobby", "{p}'s favorite pastime is {v}", "My favorite pastime is {v}", ("What is {pp} favorite pastime?",), ("What are {pp} hobbies?", "How does {p} unwind on weekends?"),
           ("rock climbing", "knitting", "fishing", "playing chess", "gardening", "photography", "playing the drums", "baking", "birdwatching", "video games"),
           ("self", "adult", "elder", "child")),
    EnAttr("car", "{p} drives a {v}", "I drive a {v}", ("What car does {p} drive?",), ("What does {p} get around in?", "Which vehicle is {pp}?"),
           ("Honda Civic", "Tesla Model Y", "Ford F-150", "Subaru Outback", "beat-up Corolla", "Mini Cooper", "Jeep Wrangler"),
           ("self", "adult")),
    EnAttr("phone", "{p} uses a {v}", "I use a {v}", ("What phone does {p} use?",), ("Which handset does {p} carry?",),
           ("iPhone 15", "Pixel 8", "Samsung Galaxy", "flip phone", "OnePlus", "iPhone SE"),
           ("self", "adult", "elder")),
    EnAttr("age", "{p} is {v} years old", "I'm {v} years old", ("How many years old is {p}?",), ("How old is {p}?", "What year was {p} born?"),
           tuple(str(n) for n in range(6, 90, 3)), ("adult", "elder", "child")),
    EnAttr("school", "{p} goes to {v}", "I go to {v}", ("Which school does {p} go to?",), ("Where does {p} study?", "Where do I drop {p} off in the morning?"),
           ("Lincoln Elementary", "Oak Ridge Middle School", "the Montessori school", "Westview High", "St. Mary's", "a charter school"), ("child",)),
    EnAttr("pet", "{p} has {v}", "I have {v}", ("What pet does {p} have?",), ("Any animals at {pp} place?",),
           ("a golden retriever", "two cats", "a parrot", "a bearded dragon", "a corgi", "a rescue greyhound", "a fish tank"),
           ("self", "adult", "elder")),
]

EN_OTHER = [
    "I drink a flat white every morning", "I go hiking most weekends", "I'm learning to bake sourdough", "I hate rainy days",
    "I went to Denver for a conference last year", "A new taco place opened near my apartment", "I read for half an hour before bed",
    "I'm thinking about changing jobs next year", "I got a yearly gym membership", "I saw a play downtown last weekend",
    "I listen to a lot of jazz", "My commute by train is forty minutes", "I send money home every month", "I took piano lessons as a kid",
    "I grow succulents on my balcony", "My laptop is an old ThinkPad", "I usually go to bed around eleven", "I don't drink alcohol",
    "I wear contact lenses", "I'm binge-watching a detective series", "I bought an espresso machine online", "I swim on Wednesday nights",
    "Caffeine keeps me up, so no coffee after 3pm", "I've been to Japan three times", "I always pick the aisle seat",
    "There's a farmers market by my building", "My phone is full of photos of dogs", "I'm learning to drive and don't have a license yet",
    "I go home for Thanksgiving every year", "My fridge is a Samsung", "My office is a short walk from home", "I'm scared of needles",
    "I usually have oatmeal for breakfast", "I collect vinyl records", "I've always wanted to see the northern lights",
    "My profile picture is a cartoon fox", "I've had trouble sleeping lately", "I barely watch TV", "I like spicy food, within reason",
    "Summers in Austin are too hot for me",
]


def _self_ok(template: str, lang: str) -> bool:
    """A question template that reads well with the user as the person asked about."""
    if lang == "zh":
        return not re.search(r"[给看送]\{p\}", template)
    return not re.search(r"\bI\b|\{p\} must|is \{pp\}", template)


def _zh_q(template: str, ask: str) -> str:
    return template.format(p=ask)


def _en_q(template: str, ask: str) -> str:
    if ask == "I":
        for a, b in (("does {p}", "do I"), ("did {p}", "did I"), ("is {p}", "am I"), ("was {p}", "was I")):
            template = template.replace(a, b)
        q = template.format(p="me", pp="my")
    else:
        q = template.format(p=ask, pp=ask + "'s")
    return q[0].upper() + q[1:]


AGES = {"child": range(4, 18), "adult": range(24, 60), "elder": range(60, 92)}


def build_user(user: str, lang: str, seed: int, n_people: int, n_other: int, n_queries: int) -> dict:
    rng = random.Random(seed)
    people_all = ZH_PEOPLE if lang == "zh" else EN_PEOPLE
    attrs = ZH_ATTRS if lang == "zh" else EN_ATTRS
    others = ZH_OTHER if lang == "zh" else EN_OTHER
    people = [people_all[0], *rng.sample(people_all[1:], n_people - 1)]
    facts: list[tuple[Person, object, str]] = []  # (person, attr, value)
    for p in people:
        for a in attrs:
            if p.kind in a.kinds and rng.random() < 0.8:
                v = str(rng.choice(AGES[p.kind])) if a.key == "age" else rng.choice(a.values)
                facts.append((p, a, v))
    memories = []
    for p, a, v in facts:
        text = a.memory_self.format(v=v) if p.kind == "self" else a.memory.format(p=p.says, v=v)
        if lang == "en":  # "a accountant" → "an accountant"
            text = re.sub(r"\ba (?=[aeiouAEIOU])", "an ", text)
        memories.append({"text": text, "fact": (p.key, a.key, v)})
    for t in rng.sample(others, n_other):
        memories.append({"text": t, "fact": None})
    rng.shuffle(memories)
    d0 = date(2024, 1, 1) + timedelta(days=rng.randint(0, 200))
    seen: set[str] = set()
    mems = []
    for i, m in enumerate(memories, start=1):
        if m["text"] in seen:  # two people with the same wording cannot happen (names differ); filler may
            continue
        seen.add(m["text"])
        m["ref"] = f"m{i}"
        mems.append(m)
    for m in mems:
        m["at"] = (d0 + timedelta(days=rng.randint(0, 700))).isoformat()
    by_fact = {m["fact"]: m["ref"] for m in mems if m["fact"]}
    queries = []
    asked: set[str] = set()

    def add(q: str, rel: list[str], tags: list[str]) -> None:
        if q not in asked and rel:
            asked.add(q)
            queries.append({"query": q, "relevant": sorted(rel, key=lambda r: int(r[1:])), "tags": [*tags, lang]})

    order = list(facts)
    rng.shuffle(order)
    for p, a, v in order:
        if len(queries) >= n_queries:
            break
        same_attr = sum(1 for q, b, _ in facts if b.key == a.key and q.key != p.key)
        base = ["self"] if p.kind == "self" else []
        if same_attr:
            base.append("same_attr")
        ask = rng.choice(p.asks)
        kw = rng.choice([t for t in a.keyword_q if p.kind != "self" or _self_ok(t, lang)] or a.keyword_q)
        fits = [t for t in a.other_q if p.kind != "self" or _self_ok(t, lang)]
        other = rng.choice(fits) if fits else None
        fmt = _zh_q if lang == "zh" else _en_q
        rel = [by_fact[(p.key, a.key, v)]]
        add(fmt(kw, ask), rel, [*base, "keyword"])
        if other:
            add(fmt(other, rng.choice(p.asks)), rel, [*base, "no_overlap"])
        if a.by_value_q and rng.random() < 0.35:
            holders = [by_fact[(q.key, b.key, w)] for q, b, w in facts if b.key == a.key and w == v]
            add(a.by_value_q.format(v=v), holders, ["by_value"])
    return {"user": user, "memories": [{"ref": m["ref"], "text": m["text"], "at": m["at"]} for m in mems],
            "queries": queries}


#: (user, lang, seed, people, filler memories, queries): stores from ~55 to ~140 memories
USERS = [
    ("zh-a", "zh", 11, 6, 10, 60), ("zh-b", "zh", 12, 8, 16, 70), ("zh-c", "zh", 13, 10, 24, 70),
    ("zh-d", "zh", 14, 12, 30, 80), ("zh-e", "zh", 15, 14, 40, 80),
    ("en-a", "en", 21, 6, 10, 60), ("en-b", "en", 22, 8, 16, 70), ("en-c", "en", 23, 10, 24, 70),
    ("en-d", "en", 24, 12, 30, 80), ("en-e", "en", 25, 14, 40, 80),
]


def build() -> list[dict]:
    return [build_user(*u) for u in USERS]


def main() -> None:
    out = ROOT / "goldset" / "retrieval.jsonl"
    cases = build()
    tmp = out.with_suffix(".tmp")
    tmp.write_text("".join(json.dumps(c, ensure_ascii=False) + "\n" for c in cases), encoding="utf-8")
    tmp.replace(out)
    by_lang = {lg: sum(len(c["queries"]) for c in cases if c["user"].startswith(lg)) for lg in ("zh", "en")}
    sizes = [len(c["memories"]) for c in cases]
    print(f"{len(cases)} users, memories {min(sizes)}–{max(sizes)}, queries {by_lang} -> {out}")


if __name__ == "__main__":
    main()
