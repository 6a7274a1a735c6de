# ruff: noqa: E501  (data lists: one case per line reads best)
"""Build ``goldset/retrieval.jsonl``: memories and queries with their relevant memories,
written by hand for memcli (Chinese and English).

Run from the repo root:  python goldset/src/build_retrieval.py

One case per line, the format ``memcli eval retrieval --cases FILE`` reads:
``{"user", "memories": [{"ref", "text", "at"}], "queries": [{"query", "relevant": [ref...],
"tags": [...]}]}``. Tags say what a query tests: ``zh2`` a 2-character Chinese query,
``no_overlap`` a query sharing no word with its relevant memories (only the dense leg can
find it), ``keyword`` a word taken from the memory, ``mixed`` mixed scripts or digits.
"""

from __future__ import annotations

import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

ZH1 = [
    "我咖啡不加糖", "我妈妈的生日是3月5号", "我对花生过敏", "我住在上海浦东新区", "我在腾讯做产品经理",
    "我养了两只猫，一只叫咪咪", "我每天早上跑步5公里", "我不吃辣，也不吃香菜", "我姐姐住在成都，是建筑师",
    "我老公是医生，在瑞金医院上班", "我儿子今年8岁，在上小学二年级", "我喜欢看科幻小说，最喜欢《三体》",
    "我每周五在家办公", "我坐飞机喜欢靠窗的座位", "我周末经常去爬山", "我有轻度近视，戴眼镜",
    "我2015年从浙江大学毕业", "我女儿在学钢琴",
]
ZH1_Q = [
    ("咖啡", [1], ["zh2", "keyword"]), ("生日", [2], ["zh2", "keyword"]), ("过敏", [3], ["zh2", "keyword"]),
    ("喝咖啡", [1], ["keyword"]), ("糖", [1], ["keyword"]), ("妈妈什么时候过生日", [2], ["keyword"]),
    ("他在哪家公司上班", [5], ["no_overlap"]), ("宠物", [6], ["zh2", "no_overlap"]),
    ("运动", [7, 15], ["zh2", "no_overlap"]), ("饮食禁忌", [3, 8], ["no_overlap"]), ("姐姐", [9], ["zh2", "keyword"]),
    ("丈夫的职业", [10], ["no_overlap"]), ("孩子多大了", [11], ["no_overlap"]), ("看书", [12], ["zh2", "no_overlap"]),
    ("三体", [12], ["zh2", "keyword"]), ("远程办公", [13], ["keyword"]), ("航班选座", [14], ["no_overlap"]),
    ("爬山", [15], ["zh2", "keyword"]), ("眼镜", [16], ["zh2", "keyword"]), ("毕业", [17], ["zh2", "keyword"]),
    ("钢琴", [18], ["zh2", "keyword"]), ("女儿学什么乐器", [18], ["keyword"]), ("早上跑多少公里", [7], ["keyword"]),
    ("猫叫什么名字", [6], ["keyword"]),
]

EN1 = [
    "I take my coffee without sugar", "My mother's birthday is March 5", "I'm allergic to peanuts",
    "I live in Berlin, in Kreuzberg", "I work at Google as a data scientist", "I have two cats, Luna and Milo",
    "I run 5 km every morning before work", "I hate spicy food and cilantro",
    "My sister lives in Lyon and works as an architect", "My husband is a doctor at the Charité",
    "My son is 8 and in second grade", "I love science fiction novels, my favourite is Dune",
    "I work from home on Fridays", "I prefer window seats on planes", "I often go hiking on weekends",
    "I'm short-sighted and wear glasses", "I graduated from the University of Edinburgh in 2015",
    "My daughter is learning the piano", "I'm vegetarian", "My phone is an old iPhone 11",
]
EN1_Q = [
    ("coffee", [1], ["keyword"]), ("sugar", [1], ["keyword"]), ("How does the user like coffee?", [1], ["keyword"]),
    ("birthday", [2], ["keyword"]), ("When should I send flowers to mom?", [2], ["no_overlap"]),
    ("food allergies", [3], ["no_overlap"]), ("Which city is home?", [4], ["no_overlap"]),
    ("employer", [5], ["no_overlap"]), ("pets", [6], ["no_overlap"]), ("What are the names of the cats?", [6], ["keyword"]),
    ("exercise routine", [7, 15], ["no_overlap"]), ("What should I avoid cooking for dinner?", [3, 8, 19], ["no_overlap"]),
    ("sister", [9], ["keyword"]), ("What does her husband do for a living?", [10], ["keyword"]),
    ("How old is the kid?", [11], ["no_overlap"]), ("books", [12], ["no_overlap"]), ("Dune", [12], ["keyword"]),
    ("remote work", [13], ["keyword"]), ("flight seat preference", [14], ["no_overlap"]),
    ("hiking", [15], ["keyword"]), ("eyesight", [16], ["no_overlap"]), ("university", [17], ["keyword"]),
    ("When did the user finish their studies?", [17], ["no_overlap"]),
    ("music lessons for children", [18], ["no_overlap"]), ("Does the user eat meat?", [19], ["no_overlap"]),
    ("smartphone", [20], ["no_overlap"]),
]

ZH2 = [
    "我用Python开发后端服务", "我的车牌号是沪A12345", "我老婆喜欢吃火锅，尤其是重庆火锅", "我每个月房租4500元",
    "我爷爷去年住院做了心脏手术", "我一直想去日本北海道看雪", "我女儿对猫毛过敏", "我最喜欢的歌手是周杰伦",
    "我每天通勤坐地铁2号线", "我不喝酒",
]
ZH2_Q = [
    ("Python", [1], ["mixed", "keyword"]), ("Python开发", [1], ["mixed", "keyword"]), ("车牌", [2], ["zh2", "keyword"]),
    ("火锅", [3], ["zh2", "keyword"]), ("房租多少", [4], ["keyword"]), ("爷爷", [5], ["zh2", "keyword"]),
    ("家人的健康问题", [5, 7], ["no_overlap"]), ("日本", [6], ["zh2", "keyword"]), ("想去哪里旅行", [6], ["no_overlap"]),
    ("过敏", [7], ["zh2", "keyword"]), ("音乐", [8], ["zh2", "no_overlap"]), ("周杰伦", [8], ["keyword"]),
    ("上班怎么去", [9], ["no_overlap"]), ("喝酒", [10], ["zh2", "keyword"]), ("4500", [4], ["mixed", "keyword"]),
]


def case(user: str, texts: list[str], queries: list, start: str) -> dict:
    from datetime import date, timedelta

    d0 = date.fromisoformat(start)
    mems = [{"ref": f"m{i}", "text": t, "at": (d0 + timedelta(days=17 * i)).isoformat()}
            for i, t in enumerate(texts, start=1)]
    qs = [{"query": q, "relevant": [f"m{r}" for r in rel], "tags": tags} for q, rel, tags in queries]
    return {"user": user, "memories": mems, "queries": qs}


def main() -> None:
    out = ROOT / "goldset" / "retrieval.jsonl"
    cases = [case("zh-1", ZH1, ZH1_Q, "2024-06-01"), case("en-1", EN1, EN1_Q, "2024-05-01"),
             case("zh-2", ZH2, ZH2_Q, "2025-01-10")]
    with out.open("w", encoding="utf-8") as fh:
        for cs in cases:
            fh.write(json.dumps(cs, ensure_ascii=False) + "\n")
    print(f"{len(cases)} cases, {sum(len(c['queries']) for c in cases)} queries -> {out}")


if __name__ == "__main__":
    main()
