"""The foods and drinks a statement names: a short gazetteer written for memcli (咖啡, 茶, coffee, tea …), read by
:mod:`memcli.write.value_types` (coffee and tea are two habits unless a change is told) and by
:mod:`.switch_to` (a switch to tea names a drink). A leaf of the rules: it imports only :mod:`.match`."""

from __future__ import annotations

import re
from functools import lru_cache

from memcli.text import lang_of, to_simplified
from memcli.write.rules.match import value_key

__all__ = ["EN_FOOD", "EN_FOOD_KEYS", "ZH_FOOD", "food_drink_items"]

EN_FOOD = frozenset(
    "coffee tea latte lattes espresso cappuccino americano mocha milk juice beer wine water soda coke cola "
    "smoothie kombucha whisky whiskey vodka gin rum cocoa chocolate matcha lemonade cider sake soju "
    "bread rice noodles pasta pizza sushi salad steak chicken pork beef fish eggs egg cheese yogurt yoghurt "
    "oatmeal cereal fruit apples bananas soup burger burgers tacos dumplings tofu".split())
ZH_FOOD = ("咖啡", "拿铁", "美式", "奶茶", "绿茶", "红茶", "乌龙", "普洱", "茶", "牛奶", "酸奶", "豆浆", "果汁",
           "啤酒", "红酒", "白酒", "黄酒", "可乐", "雪碧", "矿泉水", "白开水", "热水", "苏打水", "椰汁", "咖啡因",
           "米饭", "面条", "馒头", "包子", "饺子", "粥", "面包", "鸡蛋", "水果", "蔬菜", "沙拉", "火锅", "烧烤",
           "牛肉", "猪肉", "鸡肉", "鱼", "豆腐", "燕麦", "麦片", "巧克力", "蛋糕")
#: the English foods and drinks as written and as slot values are stemmed (coffe)
EN_FOOD_KEYS = frozenset(value_key(w) for w in EN_FOOD) | EN_FOOD


@lru_cache(maxsize=8192)
def food_drink_items(text: str) -> frozenset[str]:
    """The foods and drinks a statement names (咖啡, 茶; coffee, tea), simplified and case-folded.
    A longer Chinese item hides the shorter one it contains (奶茶 is not 茶)."""
    t = to_simplified(text)
    if lang_of(t) == "zh":
        found: list[str] = []
        for w in sorted(ZH_FOOD, key=len, reverse=True):
            if w in t and not any(w in f for f in found):
                found.append(w)
        return frozenset(found)
    return frozenset(w for w in re.findall(r"[a-z][a-z']*", t.casefold()) if w in EN_FOOD_KEYS)
