# ruff: noqa: E501  (data: one list of clauses a line)
"""Labelled clause units about the user's own events, places and things said without 我/I
(``<活动>的<属性>是<值>``, "the workshop's venue is …"), and general-knowledge look-alikes that
are not about the user's world. Written for memcli, by kind; names are made up.
Built into ``goldset/clauses_things.jsonl`` by ``build_clauses_things.py``."""

from __future__ import annotations

import itertools

_ZH_EVENTS = ["青禾读书分享会", "城南摄影交流营", "西郊骑行体验日", "滨江亲子音乐节", "秋枫茶艺研习班", "星河编程训练营",
              "云岭徒步挑战赛", "海湾美食品鉴周", "松间书法雅集", "晨光健康跑", "墨池绘画工作坊", "北岸创业路演会",
              "湖畔瑜伽静修营", "银杏手工市集", "山野露营嘉年华", "新知财务管理论坛"]
_ZH_ATTRS = [("地点", ["江苏苏州", "四川成都", "湖北武汉", "福建厦门", "城东会展中心", "河南郑州"]),
             ("持续时间", ["三天", "两个周", "一天", "五个周", "半个月", "四天"]),
             ("规模", ["三百人", "一千两百人", "八十人", "五千人", "两百人", "六百人"]),
             ("主要内容", ["分享阅读心得，交换旧书", "学习构图和后期修图", "体验山地骑行，认识车友", "品尝各地小吃，学做甜点"]),
             ("时间", ["五月的第二个周末", "每周六上午", "下个季度"]),
             ("主办方", ["市图书馆", "一家本地摄影协会", "社区服务中心"])]
_ZH_PLACES = [("我住的那个小区", "叫", ["绿洲花园", "金桂苑", "溪岸新城"]),
              ("我常去的那个公园", "是", ["白鹭湖公园", "枫林湿地公园"]),
              ("我们公司楼下的那家咖啡馆", "叫", ["拾光咖啡", "半山咖啡"]),
              ("我女儿上的幼儿园", "是", ["阳光幼儿园", "小树苗幼儿园"]),
              ("我家附近的那个菜市场", "叫", ["东风农贸市场"])]
_ZH_OWN = ["那台扫地机器人是我特别喜欢的家电", "我家有个美的的电饭煲", "我的电动车是雅迪的", "那把吉他是我爸送我的生日礼物",
           "我用的笔记本电脑是联想的", "我家的冰箱是海尔的", "客厅那个沙发是我们去年买的", "我那双跑鞋是亚瑟士的"]
_ZH_WORLD = ["珠穆朗玛峰的高度是八千八百四十八米", "长江的长度是六千三百公里", "水的沸点是一百摄氏度", "光速是每秒三十万公里",
             "地球到月球的距离是三十八万公里", "北京是中国的首都", "一年有十二个月", "故宫的面积是七十二万平方米",
             "太阳系最大的行星是木星", "人体有两百零六块骨头", "奥运会每四年举办一次", "中国的国土面积是九百六十万平方公里",
             "熊猫的主要食物是竹子", "黄河的发源地是青海", "世界上最深的海沟是马里亚纳海沟", "这部电影的导演是谁",
             "今天的天气是多云", "股市今天的行情是大涨", "外面的温度是三十度", "这道题的答案是五"]
_EN_EVENTS = ["the Riverside Book Swap", "the Maple Street photo walk", "the Northgate coding bootcamp",
              "the Harbor food festival", "the Cedar Hill trail run", "the Willow pottery workshop",
              "the Lakeside yoga retreat", "the Summit startup pitch night"]
_EN_ATTRS = [("venue", ["the old library hall", "Pier 9", "the community center on Elm Street"]),
             ("duration", ["three days", "two weeks", "one afternoon"]),
             ("size", ["about 300 people", "40 people", "2,000 people"]),
             ("main activity", ["swapping used books and a reading circle", "portrait shooting in the park"])]
_EN_OWN = ["The robot vacuum is my favourite appliance", "Our rice cooker is a Zojirushi",
           "The car I drive is a 2019 Honda Civic", "My laptop is a ThinkPad", "The park I walk in is Greenlake Park",
           "The estate we live in is called Oak Meadows", "My daughter's kindergarten is Little Acorns",
           "The gym I go to is the one on Pine Street"]
_EN_WORLD = ["The height of Mount Everest is 8,849 meters", "The capital of France is Paris",
             "Water boils at 100 degrees Celsius", "The Pacific is the largest ocean", "A year has twelve months",
             "The speed of light is about 300,000 km per second", "The Nile is the longest river in Africa",
             "The weather today is cloudy", "The answer to this question is five", "The stock market went up today",
             "Jupiter is the biggest planet", "The Eiffel Tower is in Paris", "The population of Tokyo is huge",
             "The movie's director is Nolan, right", "The traffic is terrible this morning"]


def rows() -> list[dict]:
    out: list[dict] = []
    n = itertools.count(1)

    def add(text: str, lang: str, label: str, group: str) -> None:
        out.append({"id": f"ct-{lang}-{next(n):04d}", "text": text, "lang": lang, "label": label, "group": group})

    for i, ev in enumerate(_ZH_EVENTS):
        attr, vals = _ZH_ATTRS[i % len(_ZH_ATTRS)]
        attr2, vals2 = _ZH_ATTRS[(i + 2) % len(_ZH_ATTRS)]
        add(f"{ev}的{attr}是{vals[i % len(vals)]}", "zh", "fact", f"zh-ev-{i}")
        add(f"我将要参加的{ev}，它的{attr2}是{vals2[i % len(vals2)]}", "zh", "fact", f"zh-ev-{i}")
        if i % 2 == 0:
            add(f"我将要参加{ev}", "zh", "fact", f"zh-ev-{i}")
    for i, (sub, verb, vals) in enumerate(_ZH_PLACES):
        for v in vals:
            add(f"{sub}{verb}{v}", "zh", "fact", f"zh-pl-{i}")
    for i, t in enumerate(_ZH_OWN):
        add(t, "zh", "fact", f"zh-own-{i}")
    for i, t in enumerate(_ZH_WORLD):
        add(t, "zh", "not", f"zh-world-{i}")
    for i, ev in enumerate(_EN_EVENTS):
        attr, vals = _EN_ATTRS[i % len(_EN_ATTRS)]
        add(f"The {attr} of {ev} is {vals[i % len(vals)]}", "en", "fact", f"en-ev-{i}")
        add(f"{ev[0].upper()}{ev[1:]} I'm going to has a {attr} of {vals[(i + 1) % len(vals)]}", "en", "fact",
            f"en-ev-{i}")
    for i, t in enumerate(_EN_OWN):
        add(t, "en", "fact", f"en-own-{i}")
    for i, t in enumerate(_EN_WORLD):
        add(t, "en", "not", f"en-world-{i}")
    return out


_ZH_PRE = ["杭州", "社区", "青年", "智能制造", "会计实务", "烘焙", "机器人", "园艺", "夜跑", "电竞", "非遗手作", "基层医疗",
           "物流管理", "法律援助", "海钓", "亲子露营", "手账", "咖啡拉花", "城市骑行", "古琴", "民宿运营", "跨境电商"]
_ZH_SUF = ["交流会", "研讨会", "峰会", "论坛", "沙龙", "分享会", "挑战赛", "嘉年华", "探索之旅", "体验日", "训练营", "文化节",
           "盛典", "市集", "发布会", "招聘会", "启动会", "工作坊", "主题展", "音乐会"]
_ZH_ATTR2 = [("地点", ["浙江宁波", "广西南宁", "云南昆明", "新区体育馆", "江西南昌", "陕西西安", "湖南长沙"]),
             ("持续时间", ["两天", "一个周", "三个周", "六天", "一个月", "十天"]),
             ("规模", ["一百五十人", "九百人", "四千人", "两千五百人", "七十人"]),
             ("主要内容", ["交流行业经验，参观工厂", "现场比赛和作品展示", "专家讲座加小组讨论", "体验制作并带走成品"]),
             ("门票价格", ["一百二十元", "免费", "八十八元"]),
             ("主题", ["绿色生活", "数字化转型", "传统与创新"])]
_ZH_FAMOUS = ["长城", "西湖", "黄山", "泰山", "埃菲尔铁塔", "尼罗河", "喜马拉雅山脉", "撒哈拉沙漠", "亚马逊河", "月球"]
_ZH_FAMOUS_ATTR = [("长度", "很长"), ("面积", "很大"), ("海拔", "很高"), ("历史", "很悠久"), ("位置", "在地图上能找到")]
_EN_PRE = ["Downtown", "Community", "Youth", "Robotics", "Baking", "Gardening", "Night Run", "Esports", "Craft Beer",
           "Legal Aid", "Pottery", "Startup", "Jazz", "Quilting"]
_EN_SUF = ["Meetup", "Summit", "Workshop", "Fair", "Festival", "Bootcamp", "Retreat", "Expo", "Hackathon", "Tour"]


def rows_more() -> list[dict]:
    """Named events of the user's own life (combinations of made-up parts), and famous-place look-alikes."""
    out: list[dict] = []
    n = itertools.count(1)
    for i, (pre, suf) in enumerate(itertools.islice(((p, s) for p in _ZH_PRE for s in _ZH_SUF[_ZH_PRE.index(p) % 5::5]),
                                                    88)):
        ev = pre + suf
        a, vals = _ZH_ATTR2[i % len(_ZH_ATTR2)]
        v = vals[i % len(vals)]
        form = i % 4
        text = (f"{ev}的{a}是{v}" if form == 0 else f"我将要参加的{ev}，它的{a}是{v}" if form == 1 else
                f"我报名的那个{ev}，{a}是{v}" if form == 2 else f"我将要参加{ev}")
        out.append({"id": f"ct2-zh-{next(n):04d}", "text": text, "lang": "zh", "label": "fact", "group": f"zh-ev2-{i}"})
    for i, place in enumerate(_ZH_FAMOUS):
        a, v = _ZH_FAMOUS_ATTR[i % len(_ZH_FAMOUS_ATTR)]
        out.append({"id": f"ct2-zh-{next(n):04d}", "text": f"{place}的{a}{v}", "lang": "zh", "label": "not",
                    "group": f"zh-famous-{i}"})
    for i, (pre, suf) in enumerate(itertools.islice(((p, s) for p in _EN_PRE for s in _EN_SUF[_EN_PRE.index(p) % 3::3]),
                                                    42)):
        ev = f"the {pre} {suf}"
        form = i % 4
        text = (f"I'm going to {ev} next to the river" if form == 0 else f"{ev[0].upper()}{ev[1:]} I signed up for lasts "
                f"{['two days', 'a week', 'one evening'][i % 3]}" if form == 1 else
                f"The venue of {ev} I'm attending is {['Hall B', 'the Civic Center', 'Union Square'][i % 3]}" if form == 2
                else f"About {[200, 1500, 60][i % 3]} people will be at {ev} I registered for")
        out.append({"id": f"ct2-en-{next(n):04d}", "text": text, "lang": "en", "label": "fact", "group": f"en-ev2-{i}"})
    return out
